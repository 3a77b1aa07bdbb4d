"""Scenarios at the table: choosing one when a battle starts, and what each audience sees of it
(markers, zones, the Victory Points line by line, its own secret picks)."""

from __future__ import annotations

import secrets as random_source
from typing import Any

from rules_core import BattleState
from rules_core.matched_play import (
    CATALOGUE,
    MARKER_RADIUS,
    POOLS,
    Zone,
    describe_pick,
    hidden_from,
    pool_of,
    score,
    spec_of,
)

NONE = ""
MARKER_REACH = 3.0
"""The ring drawn around a marker: the 3" every scenario here counts models within."""
ANY = "any"
POOL = "pool:"


def scenario_choices() -> list[tuple[str, Any]]:
    """The scenario field's choices: none, at random (from every scenario or from one pool), or one."""
    at_random = [(ANY, "At random: any scenario")] + [
        (
            f"{POOL}{number}",
            f"At random from pool {number}, {name}: {', '.join(s.name for s in pool_of(number))}",
        )
        for number, (name, _) in POOLS.items()
        if pool_of(number)
    ]
    named = [(s.key, f"{s.name} (pool {s.pool})") for s in sorted(CATALOGUE.values(), key=lambda s: s.number)]
    return [
        (NONE, "No scenario"),
        ("At random", at_random),
        ("Scenarios", named),
    ]


def resolve(choice: str) -> str:
    """The scenario a choice names, drawing one when the choice is "at random"."""
    if choice in ("", NONE):
        return ""
    if choice == ANY:
        return random_source.choice(sorted(CATALOGUE))
    if choice.startswith(POOL):
        return random_source.choice([s.key for s in pool_of(int(choice.removeprefix(POOL)))])
    return choice if choice in CATALOGUE else ""


def marker_short(marker_id: str) -> str:
    """The one or two characters a marker shows on the board: "2" for marker 2, "C" for the centre
    marker, "1" for a side's Supplies 1."""
    tail = marker_id.rsplit("-", 1)[-1].removeprefix("m")
    return tail if tail.isdigit() else tail[:1].upper()


def zone_view(zone: Zone, side: str | None, current: bool) -> dict[str, Any]:
    """A zone as the board draws it: a rectangle, a disc (cut by the board's edges) or a polygon."""
    view: dict[str, Any] = {"shape": zone.shape, "label": zone.label, "side": side or "", "current": current}
    if zone.shape == "rect":
        (x0, y0), (x1, y1) = zone.points
        view.update(x=x0, y=y0, w=x1 - x0, h=y1 - y0)
    elif zone.shape == "disc":
        (cx, cy) = zone.points[0]
        view.update(cx=cx, cy=cy, r=zone.radius)
    else:
        view["points"] = " ".join(f"{x},{y}" for x, y in zone.points)
    return view


def board_zones(state: BattleState) -> list[dict[str, Any]]:
    """Zones to draw: the one being deployed into (from the decision), and during deployment each
    side's chosen zones."""
    pending = state.pending
    current = [Zone(**z) for z in pending.detail.get("zones", [])]
    views = [zone_view(z, pending.side, True) for z in current]
    if state.scenario is not None and state.phase == "deployment":
        shown = {(z.key, z.shape) for z in current}
        for side, zones in state.scenario.zones.items():
            views.extend(zone_view(z, side, False) for z in zones if (z.key, z.shape) not in shown)
    return views


def scenario_context(state: BattleState, audience: str) -> dict[str, Any] | None:
    """What an audience sees of the scenario: None for a battle without one."""
    scenario = state.scenario
    if scenario is None:
        return None
    spec = spec_of(scenario.key)
    hidden = hidden_from(state, audience)
    final = score(state)
    assert final is not None
    rows = []
    totals = {"good": 0, "evil": 0}
    secret_left = {"good": False, "evil": False}
    for row in final.rows:
        cells = {}
        for side in ("good", "evil"):
            secret = side in row.secret and side in hidden
            cells[side] = {
                "points": None if secret else row.points[side],
                "note": "" if secret else row.notes[side],
            }
            if secret:
                secret_left[side] = True
            else:
                totals[side] += row.points[side]
        same = cells["good"]["note"] == cells["evil"]["note"] and cells["good"]["points"] is not None
        shared_note = cells["good"]["note"] if same and cells["evil"]["points"] is not None else ""
        rows.append({"label": row.label, "note": shared_note, "cells": [cells["good"], cells["evil"]]})
    mine = scenario.picks.get(audience, {}) if audience in ("good", "evil") else {}
    return {
        "key": spec.key,
        "name": spec.name,
        "number": spec.number,
        "pool": spec.pool,
        "summary": spec.summary,
        "rules": spec.rules,
        "end_rule": "quarter" if spec.end == "quarter" else "broken_roll",
        "rows": rows,
        "totals": totals,
        "secret_left": secret_left,
        "final": state.result is not None,
        "my_picks": [describe_pick(state, key, value) for key, value in mine.items()],
        "picks_secret": any(p.secret for p in spec.picks),
        "revealed": scenario.revealed,
        "markers": [
            {
                "id": m.id,
                "label": m.label,
                "short": marker_short(m.id),
                "x": m.x,
                "y": m.y,
                "r": MARKER_RADIUS,
                "reach": MARKER_RADIUS + MARKER_REACH,
                "kind": m.kind,
                "owner": m.owner,
                "controller": m.controller,
            }
            for m in scenario.live_markers()
        ],
    }
