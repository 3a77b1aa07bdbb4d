"""A battle's setup from two army lists: every model gets an id and a starting place in its zone.

Players may keep those places (press "Deployment done") or move models within their zone. With a
scenario, the setup names it and carries the armies' Warbands, General and points instead, and
the players deploy Warband by Warband (the referee lays each out first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battles.lists.options import rules_model, unit_points
from battles.lists.profiles import BadData
from battles.play.create import piece_id
from rules_core import EDITION, MM_PER_INCH, SIDES, Board, Side
from rules_core.skirmish import default_zones

from .lists import warbands_of

BOARD = {"width": 48.0, "height": 48.0}
GAP = 0.25  # inches between neighbouring bases, so no two models touch

# The one board every battle is fought on for now.
TERRAIN: list[dict[str, Any]] = [
    {
        "name": "Rocky outcrop",
        "polygon": [[20, 20], [28, 20], [28, 26], [20, 26]],
        "blocks_sight": True,
        "impassable": True,
    },
    {"name": "Ruined wall", "polygon": [[6, 23], [14, 23], [14, 24], [6, 24]]},
    {"name": "Wood", "polygon": [[34, 18], [42, 18], [44, 26], [36, 28]], "difficult": True},
]


# A scenario's board has more terrain: Fog of War asks for a piece wholly in each half.
SCENARIO_TERRAIN: list[dict[str, Any]] = [
    *TERRAIN,
    {"name": "Ruined farmstead", "polygon": [[8, 7], [14, 7], [14, 12], [8, 12]]},
    {"name": "Stone circle", "polygon": [[34, 36], [40, 36], [40, 41], [34, 41]]},
]


def battle_setup(armies: Mapping[Side, Any], scenario: str = "") -> dict[str, Any]:
    """`armies` maps "good" and "evil" to a list (saved or a draft); `scenario` names one of
    rules_core's scenarios, or "" for none. Raises BadData if an army cannot stand in its
    deployment zone (without a scenario)."""
    board = Board(BOARD["width"], BOARD["height"])
    zones = default_zones(board)
    taken: set[str] = set()
    setup: dict[str, Any] = {
        "edition": EDITION,
        "board": dict(BOARD),
        "terrain": [dict(t) for t in (SCENARIO_TERRAIN if scenario else TERRAIN)],
        "armies": {side: _muster(armies[side], side, zones[side], taken, bool(scenario)) for side in SIDES},
    }
    if scenario:
        setup["scenario"] = scenario
    return setup


def _muster(army: Any, side: str, zone: list[float], taken: set[str], by_warband: bool) -> dict[str, Any]:
    """The army's models, each with an id; placed in rows in its zone, or (`by_warband`, for a
    scenario) with its Warbands, General and points, for the players to deploy."""
    models: list[dict[str, Any]] = []
    warbands: list[dict[str, Any]] = []
    general = ""
    for warband in warbands_of(army):
        units = [(warband.hero, list(warband.hero_options))]
        for follower in warband.followers_in_order():
            units.extend((follower.profile, list(follower.options)) for _ in range(follower.count))
        ids = [piece_id(profile, taken) for profile, _ in units]
        models.extend(
            {"id": model_id, **rules_model(profile, options), "points": unit_points(profile, options)}
            for model_id, (profile, options) in zip(ids, units, strict=True)
        )
        warbands.append({"captain": ids[0], "followers": ids[1:]})
        if warband.is_general:
            general = ids[0]
    if not by_warband:
        for model in models:
            del model["points"]
        _place(models, side, zone)
        return {"name": army.name, "models": models}
    return {
        "name": army.name,
        "models": models,
        "warbands": warbands,
        **({"general": general} if general else {}),
    }


def _base(model: dict[str, Any]) -> float:
    """A model's base across in mm: a mounted model stands on its mount's base when that is larger."""
    return max(float(model["profile"]["base_mm"]), float(model.get("mount", {}).get("base_mm", 0)))


def _place(models: list[dict[str, Any]], side: str, zone: list[float]) -> None:
    """Rows across the zone, front row nearest the middle of the board, each row centred."""
    x0, y0, x1, y1 = zone
    rows: list[list[dict[str, Any]]] = [[]]
    width = 0.0
    for model in models:
        size = _base(model) / MM_PER_INCH + GAP
        if rows[-1] and width + size > x1 - x0:
            rows.append([])
            width = 0.0
        rows[-1].append(model)
        width += size
    depth = 0.0
    for row in rows:
        sizes = [_base(m) / MM_PER_INCH + GAP for m in row]
        row_depth = max(sizes)
        x = (x0 + x1 - sum(sizes)) / 2
        centre = depth + row_depth / 2
        y = y0 + centre if side == "good" else y1 - centre
        for model, size in zip(row, sizes, strict=True):
            model["x"], model["y"] = round(x + size / 2, 3), round(y, 3)
            x += size
        depth += row_depth
    if depth > y1 - y0:
        raise BadData(f"The {side} army ({len(models)} models) does not fit in its deployment zone.")
