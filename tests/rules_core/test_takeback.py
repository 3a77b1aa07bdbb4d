"""Takebacks: a side's own latest steps undone, never a die rolled, and a record that replays them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_core import BattleState, RuleViolation, ScriptedDice, apply, new_battle
from rules_core.record import Entry, RecordError, build, replay, steps
from rules_core.takeback import check, undoable, undone

from .builders import hero, model, profile, setup

SETUP = setup(
    [model("aragorn", hero("Aragorn"), 10, 30), model("man", profile("Man"), 14, 30)],
    [model("orc", profile("Orc"), 10, 20), model("orc2", profile("Orc two"), 14, 20)],
)
TAKE_ONE = {"type": "takeback", "steps": 1}


def place(model_id: str, x: float, y: float) -> dict[str, Any]:
    return {"type": "place", "model": model_id, "at": [x, y]}


class Table:
    """A battle played entry by entry, its record kept as the server keeps it."""

    def __init__(self, dice: list[int] | None = None, battle_setup: dict[str, Any] = SETUP) -> None:
        self.setup = battle_setup
        self.state: BattleState = new_battle(battle_setup)
        self.entries: list[Entry] = []
        self.dice = ScriptedDice(dice or [])

    def play(self, side: str, command: dict[str, Any]) -> BattleState:
        if command["type"] == "takeback":
            self.entries.append(Entry(side, command, []))
            self.state = replay(self.record())
        else:
            outcome = apply(self.state, side, command, self.dice)  # type: ignore[arg-type]
            self.entries.append(Entry(side, command, outcome.rolls))
            self.state = outcome.state
        return self.state

    def record(self) -> dict[str, Any]:
        return json.loads(json.dumps(build(self.setup, self.entries)))


def test_a_side_takes_back_its_last_step_and_the_battle_is_as_before_it() -> None:
    table = Table()
    first = table.play("good", place("aragorn", 10, 32))
    table.play("good", place("man", 16, 32))
    assert [table.entries[p].command["model"] for p in undoable(table.entries, "good")] == ["man", "aragorn"]

    after = table.play("good", TAKE_ONE)

    assert after.models["man"].y == 30  # back where it stood
    assert after.models["aragorn"].y == 32  # the earlier step stands
    assert after.to_dict() == {**first.to_dict(), "step": 3}  # numbered on: no step number reused
    *_, (_, outcome) = steps(table.record())
    assert outcome.events[0]["text"] == "Good took back their placing of Man (#2)."
    assert outcome.events[0]["undone"] == [2]


def test_two_steps_at_once_and_then_further_back_in_a_second_takeback() -> None:
    table = Table()
    table.play("good", place("aragorn", 10, 32))
    table.play("good", place("man", 16, 32))
    table.play("good", place("aragorn", 10, 34))
    table.play("good", {"type": "takeback", "steps": 2})
    assert table.state.models["aragorn"].y == 32 and table.state.models["man"].y == 30
    assert undone(table.entries) == {1, 2}
    table.play("good", TAKE_ONE)
    assert table.state.models["aragorn"].y == 30
    assert undone(table.entries) == {0, 1, 2}
    assert undoable(table.entries, "good") == []
    with pytest.raises(RuleViolation, match="nothing to take back"):
        check(table.entries, "good", 1)


def test_a_step_that_rolled_dice_cannot_be_taken_back_nor_anything_before_it() -> None:
    table = Table(dice=[6, 1])
    table.play("good", place("aragorn", 10, 32))
    table.play("good", {"type": "ready"})
    table.play("evil", place("orc", 10, 18))
    assert undoable(table.entries, "evil") == [2]
    assert undoable(table.entries, "good") == []
    table.play("evil", {"type": "ready"})  # the Priority roll
    assert table.entries[-1].rolls
    with pytest.raises(RuleViolation, match="dice are dice") as refused:
        check(table.entries, "evil", 1)
    assert refused.value.code == "cannot_take_back"
    with pytest.raises(RuleViolation, match="opponent has played"):
        check(table.entries, "good", 1)


def test_only_as_far_back_as_the_side_s_own_steps_go() -> None:
    table = Table()
    table.play("good", place("aragorn", 10, 32))
    table.play("good", {"type": "ready"})
    table.play("evil", place("orc", 10, 18))
    with pytest.raises(
        RuleViolation, match="Only your last step can be taken back: before them, your opponent played"
    ):
        check(table.entries, "evil", 2)


def test_a_record_whose_takeback_undoes_dice_does_not_replay() -> None:
    table = Table(dice=[6, 1])
    table.play("good", {"type": "ready"})
    table.play("evil", {"type": "ready"})
    record = table.record()
    record["entries"].append({"side": "evil", "command": TAKE_ONE, "rolls": []})
    with pytest.raises(RecordError) as error:
        replay(record)
    assert error.value.entry == 3
    assert "evil's takeback is illegal" in str(error.value)


def test_a_mass_battle_takes_back_a_stand_s_activation_and_move_alike() -> None:
    from tests.rules_core.mass_battle.battles import setup as mass_setup
    from tests.rules_core.mass_battle.battles import stand

    table = Table(
        [6, 1], mass_setup(stand("a", "good", "WR", 30, 10, 0), stand("b", "evil", "MO", 30, 40, 180))
    )
    table.play("good", {"type": "ready"})
    table.play("evil", {"type": "ready"})
    table.play("good", {"type": "priority", "side": "good"})
    while table.state.pending.kind != "activate":
        table.play(str(table.state.pending.side), {"type": "pass"})
    before = table.state
    table.play("good", {"type": "activate", "stand": "a"})
    table.play("good", {"type": "move_stand", "stand": "a", "via": [[30, 14]], "facing": 0})
    assert table.state.stands["a"].y == 14  # type: ignore[attr-defined]
    assert [table.entries[p].command["type"] for p in undoable(table.entries, "good")][:2] == [
        "move_stand",
        "activate",
    ]

    after = table.play("good", {"type": "takeback", "steps": 2})

    assert after.to_dict() == {**before.to_dict(), "step": before.step + 3}
    *_, (_, outcome) = steps(table.record())
    assert (
        outcome.events[0]["text"]
        == "Good took back their last 2 steps, back to their activation of A (#4, #5)."
    )
