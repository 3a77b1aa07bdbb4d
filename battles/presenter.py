"""What each audience sees of a battle: the same partials serve the page, htmx and websocket pushes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string

import rules_core
from rules_core import BattleState

from .models import Battle, BattleEvent

AUDIENCES = ("good", "evil", "spectator")
LOG_LIMIT = 200


def dom_id(kind: str, key: str | int | None = None) -> str:
    """The one place element ids are made, so pushes and pages agree on them."""
    return f"{kind}-{key}" if key is not None else kind


def audience_of(side: str | None) -> str:
    return side if side in ("good", "evil") else "spectator"


@dataclass
class ActionView:
    label: str
    kind: str
    command_json: str
    params: dict[str, Any]
    group: str


def actions_for(state: BattleState, audience: str) -> list[ActionView]:
    if audience not in ("good", "evil"):
        return []
    return [
        ActionView(a.label, a.kind, json.dumps(a.command), a.params, a.group)
        for a in rules_core.legal_actions(state, audience)  # type: ignore[arg-type]
    ]


def models_view(state: BattleState) -> list[dict[str, Any]]:
    from rules_core.battlefield import is_engaged

    views = []
    for m in state.models.values():
        views.append(
            {
                "id": m.id,
                "name": m.name,
                "side": m.side,
                "hero": m.is_hero,
                "x": m.x,
                "y": m.y,
                "r": m.radius,
                "wounds": m.wounds,
                "max_wounds": m.profile.wounds,
                "might": m.might,
                "will": m.will,
                "fate": m.fate,
                "start_might": m.profile.might,
                "start_will": m.profile.will,
                "start_fate": m.profile.fate,
                "on_board": m.on_board and m.x >= 0,
                "status": m.status,
                "engaged": m.on_board and is_engaged(state, m),
                "activated": m.activated,
            }
        )
    return views


def context(battle: Battle, state: BattleState, audience: str, seq: int) -> dict[str, Any]:
    pending = state.pending
    models = models_view(state)
    return {
        "battle": battle,
        "state": state,
        "seq": seq,
        "audience": audience,
        "my_side": audience if audience in ("good", "evil") else None,
        "pending": pending,
        "my_decision": pending.side == audience,
        "actions": actions_for(state, audience),
        "models": [m for m in models if m["on_board"]],
        "heroes": [m for m in models if m["hero"]],
        "board": state.board,
        "terrain": state.terrain,
        "armies": state.armies,
        "result": state.result,
    }


def log_entries(events: list[BattleEvent]) -> list[dict[str, Any]]:
    entries = []
    for event in events:
        for index, item in enumerate(event.events):
            entries.append(
                {"seq": event.seq, "index": index, "type": item.get("type", ""), "text": item.get("text", "")}
            )
    return entries


def render_page_parts(battle: Battle, state: BattleState, audience: str, seq: int) -> dict[str, Any]:
    ctx = context(battle, state, audience, seq)
    events = list(battle.events.order_by("-seq")[:LOG_LIMIT])[::-1]
    ctx["log"] = log_entries(events)
    return ctx


def render_step(battle: Battle, state: BattleState, event: BattleEvent, audience: str) -> str:
    ctx = context(battle, state, audience, event.seq)
    ctx["log"] = log_entries([event])
    ctx["append_log"] = True
    return render_to_string("battles/_push.html", ctx)


def render_view(battle: Battle, state: BattleState, audience: str, seq: int) -> str:
    ctx = render_page_parts(battle, state, audience, seq)
    ctx["append_log"] = False
    return render_to_string("battles/_push.html", ctx)


def step_json(state: BattleState, event: BattleEvent, audience: str) -> dict[str, Any]:
    """A step as JSON. `state` is the battle now; choices are given only on the latest step."""
    data = {
        "type": "step",
        "seq": event.seq,
        "side": event.side,
        "command": event.command,
        "events": event.events,
        "rolls": event.rolls,
        "pending": event.pending,
    }
    if event.seq == state.step:
        data["actions"] = [a.to_dict() for a in _legal(state, audience)]
    return data


def view_json(battle: Battle, state: BattleState, audience: str, seq: int) -> dict[str, Any]:
    return {
        "type": "view",
        "seq": seq,
        "battle": battle.public_id,
        "your_side": audience if audience in ("good", "evil") else None,
        "state": state.to_dict(),
        "pending": state.pending.to_dict(),
        "actions": [a.to_dict() for a in _legal(state, audience)],
    }


def _legal(state: BattleState, audience: str) -> list[rules_core.Action]:
    if audience not in ("good", "evil"):
        return []
    return rules_core.legal_actions(state, audience)  # type: ignore[arg-type]
