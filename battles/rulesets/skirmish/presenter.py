"""What each audience sees of a skirmish battle: its models on the board, its heroes' cards, the armies
against their Break Points, every figure as the referee counts it now."""

from __future__ import annotations

from typing import Any

import rules_core
from battles.play.models import as_side
from battles.play.unit_card import carried, effects_on
from rules_core import BattleState, skirmish


def page_context(state: BattleState, actions: list[rules_core.Action]) -> dict[str, Any]:
    """The skirmish's part of a page's context."""
    models = models_view(state, {a.group for a in actions if a.group})
    return {
        "models": [m for m in models if m["on_board"]],
        "heroes": [m for m in models if m["hero"]],
        "armies": armies_view(state),
        "charge_snap": skirmish.SNAP_TO_CONTACT,
        # On a phone: the decision panel a sheet over the board; each new decision framed (beacon.js).
        "phone_sheet": True,
        "frame_decisions": True,
    }


def armies_view(state: BattleState) -> list[dict[str, Any]]:
    return [
        {
            "side": side,
            "name": army.name,
            "casualties": state.casualties(as_side(side)),
            "break_point": f"{army.break_point:g}",
            "starting": army.starting_models,
            "broken": army.broken,
        }
        for side, army in state.armies.items()
    ]


def token_label(name: str, hero: bool) -> str:
    """The few characters a token shows, matching the name the panel and log use: a numbered
    model's number ("Warrior of Minas Tirith 3" -> "3"), else initials ("Cave Troll" -> "CT")."""
    words = name.replace("(", " ").replace(")", " ").replace(",", " ").split()
    number = words[-1] if words and words[-1].isdigit() else ""
    if number and not hero:
        return number
    initials = [w[0] for w in words if w[0].isupper() and not w.isdigit()][: 1 if hero else 2]
    return "".join(initials) + number


def models_view(state: BattleState, active: set[str]) -> list[dict[str, Any]]:
    in_play = effects_on(state)
    warband_of = {
        model: f"{side}-{number}"
        for side, army in state.armies.items()
        for number, warband in enumerate(army.warbands)
        for model in warband.models
    }
    views = []
    for m in state.models.values():
        on_board = m.on_board and m.x >= 0
        views.append(
            {
                "id": m.id,
                "name": m.name,
                "label": token_label(m.name, m.is_hero),
                "missile": getattr(rules_core.missile_weapon(m), "name", ""),
                "side": m.side,
                "warband": warband_of.get(m.id, ""),
                "hero": m.is_hero,
                "x": m.x,
                "y": m.y,
                "r": m.radius,
                "move": m.profile.move,
                "wounds": m.wounds,
                "max_wounds": m.profile.wounds,
                "might": m.might,
                "will": m.will,
                "fate": m.fate,
                "start_might": m.profile.might,
                "start_will": m.profile.will,
                "start_fate": m.profile.fate,
                "on_board": on_board,
                "status": m.status,
                "engaged": on_board and skirmish.is_engaged(state, m),
                "activated": m.activated,
                "can_act": m.id in active,
                "effects": in_play.get(m.id, []),
                "prone": m.prone,
                "mount": m.mount.name if m.mount else "",
                "wargear": ", ".join(carried(m.profile)),
            }
        )
    return views
