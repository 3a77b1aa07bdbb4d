"""How a battle ends, as data: each ending code comes from a battle that ends that way, with the
figures that decided it and the sentence players read; the codes are declared and documented; a
result stored before the codes still loads, and an old record still replays.

The scenario endings are checked where those battles are played (test_scenarios.py,
test_scenario_battles.py), the mass battle's in mass_battle/test_endings.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, get_args

import pytest

from rules_core import BattleState, ScriptedDice, apply, new_battle
from rules_core.endings import END_CODES, EndCode, sentence
from rules_core.record import Entry, RecordError, build, replay

from .builders import NEXT_TURN, deployed, model, play, profile, setup, skip_to, texts

RECORD_DOC = Path(__file__).resolve().parents[2] / "docs" / "battle-record.md"


def test_every_ending_code_is_declared_once_with_a_one_line_meaning() -> None:
    assert list(END_CODES) == list(get_args(EndCode))
    for code, ending in END_CODES.items():
        assert re.fullmatch(r"[a-z_]+", code)
        assert ending.meaning.strip() and "\n" not in ending.meaning


def test_every_ending_code_is_documented_in_the_battle_record() -> None:
    text = RECORD_DOC.read_text()
    section = text[text.index("### result\n") : text.index("### scenario\n")]
    documented = dict(re.findall(r"^\| `([a-z_]+)` \| ([^|]+) \|", section, re.M))
    assert documented == {code: ending.meaning for code, ending in END_CODES.items()}


def test_a_scenario_names_both_armies_when_both_end_it_and_adds_the_victory_points() -> None:
    names = {"sides": ["Good", "Evil"], "armies": ["Gondor", "Mordor"], "turn": 4, "limit": 6}
    vp = {"good": 7, "evil": 9}
    assert sentence("wiped_out", "scenario", **names, vp=vp) == (
        "Gondor and Mordor are wiped out (turn 4); Good 7 VP, Evil 9 VP"
    )
    assert sentence("routed", "scenario", **names, vp=vp) == (
        "Gondor and Mordor are down to 25% or fewer of its models at the end of turn 4; Good 7 VP, Evil 9 VP"
    )


def armies(max_turns: int = 0) -> dict[str, Any]:
    """Four men against four orcs, far apart: nothing happens unless a test says so."""
    good = [model(f"g{i}", profile(f"Man {i}"), 4 + 4 * i, 40) for i in range(4)]
    evil = [model(f"e{i}", profile(f"Orc {i}"), 4 + 4 * i, 6) for i in range(4)]
    return setup(good, evil, max_turns=max_turns)


def after_turn_one(lost: list[str], max_turns: int = 0) -> tuple[BattleState, list[dict[str, Any]]]:
    """Turn 1 played with the models in `lost` gone from the start of it; the battle is judged at
    the start of turn 2 (the skirmish game ends at the start of a turn)."""
    dice = ScriptedDice([6, 1])
    state = deployed(armies(max_turns), dice)
    for model_id in lost:
        state.models[model_id].status = "casualty"
    dice.script.extend(NEXT_TURN)
    return skip_to(state, dice)


def ended(state: BattleState, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The result as the record states it, the same as the battle_end event's figures."""
    assert state.result is not None and state.pending.kind == "battle_over"
    record = build({"armies": {}}, [], state)["result"]
    end = next(e for e in events if e["type"] == "battle_end")
    assert {k: v for k, v in end.items() if k not in ("type", "text")} == record
    return record


GOOD = ["g0", "g1", "g2", "g3"]
EVIL = ["e0", "e1", "e2", "e3"]


@pytest.mark.parametrize(
    ("lost", "winner", "code", "sides", "reason"),
    [
        (GOOD, "evil", "wiped_out", ["good"], "Good army is wiped out"),
        (GOOD + EVIL, None, "wiped_out", ["good", "evil"], "both armies are wiped out"),
        (GOOD[1:], "evil", "routed", ["good"], "Good army is reduced to 25% or fewer of its models"),
        (
            GOOD[1:] + EVIL[1:],
            None,
            "routed",
            ["good", "evil"],
            "both armies are reduced to 25% or fewer of their models",
        ),
    ],
)
def test_an_army_gone_or_down_to_a_quarter_at_the_start_of_a_turn_loses(
    lost: list[str], winner: str | None, code: str, sides: list[str], reason: str
) -> None:
    state, events = after_turn_one(lost)
    losses = {"good": sum(m in lost for m in GOOD), "evil": sum(m in lost for m in EVIL)}
    assert ended(state, events) == {
        "winner": winner,
        "reason": reason,
        "code": code,
        "decided_by": "ending",
        "sides": sides,
        "turn": 1,
        "losses": losses,
    }
    outcome = f"{winner.capitalize()} wins" if winner else "The battle is a draw"
    assert texts(events)[-1] == f"{outcome}: {reason}."


@pytest.mark.parametrize(("lost", "winner"), [(["g0"], "evil"), (["g0", "e0"], None)])
def test_at_the_turn_limit_the_side_that_lost_fewer_wins(lost: list[str], winner: str | None) -> None:
    state, events = after_turn_one(lost, max_turns=1)
    assert ended(state, events) == {
        "winner": winner,
        "reason": "the 1-turn limit is reached",
        "code": "turn_limit",
        "decided_by": "casualties",
        "sides": [],
        "turn": 1,
        "losses": {"good": 1, "evil": int("e0" in lost)},
    }


def test_a_side_that_concedes_loses_whatever_it_had_lost() -> None:
    dice = ScriptedDice([6, 1])
    state = deployed(armies(), dice)
    state.models["e0"].status = "casualty"
    state, events = play(state, [("good", {"type": "concede"})], dice)
    assert ended(state, events) == {
        "winner": "evil",
        "reason": "Good conceded",
        "code": "conceded",
        "decided_by": "ending",
        "sides": ["good"],
        "turn": 1,
        "losses": {"good": 0, "evil": 1},
    }
    assert texts(events) == ["Evil wins: Good conceded."]


def test_a_result_stored_before_the_codes_loads_with_its_sentence_and_stays_as_it_was() -> None:
    dice = ScriptedDice([6, 1])
    state = apply(deployed(armies(), dice), "evil", {"type": "concede"}, dice).state
    stored = json.loads(json.dumps(state.to_dict()))
    stored["result"] = {"winner": "good", "reason": "Evil conceded", "vp": None, "score": None}
    old = BattleState.from_dict(stored)
    assert old.result is not None
    assert (old.result.code, old.result.winner, old.result.reason) == ("legacy", "good", "Evil conceded")
    assert old.result.to_record() == {"winner": "good", "reason": "Evil conceded"}
    assert BattleState.from_dict(json.loads(json.dumps(old.to_dict()))) == old


def test_a_record_states_its_result_in_full_or_as_one_written_before_the_codes() -> None:
    dice = ScriptedDice([6, 1])
    state = new_battle(armies())
    entries = []
    for side, command in [
        ("good", {"type": "ready"}),
        ("evil", {"type": "ready"}),
        ("good", {"type": "priority", "side": "good"}),
        ("evil", {"type": "concede"}),
    ]:
        outcome = apply(state, side, command, dice)  # type: ignore[arg-type]
        entries.append(Entry(side, command, outcome.rolls))
        state = outcome.state
    record = json.loads(json.dumps(build(armies(), entries, state)))
    assert record["result"]["code"] == "conceded"
    assert replay(record).result == state.result
    before_codes = {"winner": "good", "reason": "Evil conceded"}
    assert replay({**record, "result": before_codes}).result == state.result
    for wrong in (
        {**record["result"], "code": "wiped_out"},
        {**record["result"], "losses": {"good": 1, "evil": 0}},
        {**before_codes, "reason": "Evil army is wiped out"},
    ):
        with pytest.raises(RecordError, match="the record says the result is"):
            replay({**record, "result": wrong})
