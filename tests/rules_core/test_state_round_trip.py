"""The state is plain data: JSON out and back in gives the same state, mid-battle included."""

from __future__ import annotations

import json

from rules_core import BattleState, ScriptedDice

from .builders import deployed, hero, model, play, profile, setup


def test_a_mid_battle_state_survives_json_exactly() -> None:
    dice = ScriptedDice([6, 1])
    state = deployed(
        setup(
            [model("eomer", hero("Eomer"), 10, 40), model("rider", profile("Rider"), 14, 40)],
            [model("gothmog", hero("Gothmog"), 10, 6)],
        ),
        dice,
        priority="good",
    )
    state, _ = play(state, [("evil", {"type": "declare", "hero": "gothmog", "action": "heroic_move"})], dice)
    data = json.loads(json.dumps(state.to_dict()))
    again = BattleState.from_dict(data)
    assert again == state
    assert again.to_dict() == data
    assert type(again.stack[-1]) is type(state.stack[-1])
    assert again.pending == state.pending
