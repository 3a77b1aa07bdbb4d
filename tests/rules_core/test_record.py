"""The battle record replays to the same battle, and says exactly where a bad one goes wrong."""

from __future__ import annotations

import copy
import json

import pytest

from rules_core import ScriptedDice, SeededDice, new_battle
from rules_core.record import Entry, RecordError, build, replay, steps

from .bot import Bot
from .builders import hero, model, profile, setup


def played_record(seed: int = 7, moves: int = 40) -> tuple[dict, object]:
    battle_setup = setup(
        [model("hero", hero("Hero"), 10, 30), model("man", profile("Man"), 14, 30)],
        [model("orc", profile("Orc"), 10, 20), model("orc2", profile("Orc two"), 14, 20)],
        max_turns=4,
    )
    state, bot, dice = new_battle(battle_setup), Bot(seed), SeededDice(seed)
    entries = []
    for _ in range(moves):
        if state.result is not None:
            break
        side, command, outcome = bot.play(state, dice)
        entries.append(Entry(side, command, outcome.rolls))
        state = outcome.state
    return json.loads(json.dumps(build(battle_setup, entries, state))), state


def test_a_record_replays_to_the_same_state_and_events() -> None:
    record, final = played_record()
    assert replay(record) == final
    again = [outcome.events for _, outcome in steps(record)]
    assert again == [outcome.events for _, outcome in steps(copy.deepcopy(record))]


def test_an_illegal_entry_is_named_with_the_reason() -> None:
    record, _ = played_record()
    record["entries"][2]["side"] = "evil" if record["entries"][2]["side"] == "good" else "good"
    with pytest.raises(RecordError) as error:
        replay(record)
    assert error.value.entry == 3
    assert "is illegal: It is" in str(error.value)


def test_dice_recorded_for_another_purpose_are_caught() -> None:
    record, _ = played_record()
    entry = next(i for i, e in enumerate(record["entries"]) if e["rolls"])
    record["entries"][entry]["rolls"][0]["purpose"] = "something_else"
    with pytest.raises(RecordError) as error:
        replay(record)
    assert error.value.entry == entry + 1
    assert "the rules now ask" in error.value.message


def test_leftover_dice_are_caught() -> None:
    record, _ = played_record()
    record["entries"][0]["rolls"].append({"purpose": "priority", "roller": "good", "faces": [3]})
    with pytest.raises(RecordError) as error:
        replay(record)
    assert (error.value.entry, error.value.message) == (1, "it records 1 roll(s) the rules did not make")


def test_a_wrong_result_is_caught() -> None:
    record, _ = played_record(moves=500)
    assert record["result"] is not None
    record["result"]["reason"] = "the wind changed"
    with pytest.raises(RecordError, match="the record says the result is"):
        replay(record)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([], "The record: this is not a beacon-battle-record file"),
        (
            {"format": "beacon-battle-record", "version": 9},
            "The record: version 9 is not supported (this is version 1)",
        ),
        (
            {"format": "beacon-battle-record", "version": 1, "setup": {}, "entries": []},
            "The record: the setup is unusable",
        ),
    ],
)
def test_files_that_are_not_records_are_refused(record: object, message: str) -> None:
    with pytest.raises(RecordError) as error:
        replay(record)
    assert str(error.value).startswith(message)


def test_scripted_dice_refuse_impossible_faces() -> None:
    with pytest.raises(ValueError):
        ScriptedDice([7])
