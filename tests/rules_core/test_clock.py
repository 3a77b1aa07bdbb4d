"""The clock read from a battle's timestamps: it runs only on the deciding side, gains its increment
at each new turn, flags a side for good, and judges a claim on time; a takeback gives time back
only when both agreed; a record replays its claim as the server judged it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from rules_core import RuleViolation, new_battle
from rules_core.clock import Tick, claim, read_control, run, start, tick_of
from rules_core.record import Entry, RecordError, build, replay

from .builders import model, profile, setup

CHESS = read_control({"kind": "chess", "total": 600, "increment": 30, "out_of_time": "claim"})
FLAG = read_control({"kind": "chess", "total": 600, "out_of_time": "flag"})
LETTERS = read_control({"kind": "correspondence", "days": 2})


def test_only_the_deciding_side_spends_time() -> None:
    clocks = run(CHESS, 0, "good", [Tick(100, "evil"), Tick(160, "good"), Tick(200, "good")])
    assert [dict(c.left) for c in clocks] == [
        {"good": 600, "evil": 600},
        {"good": 500, "evil": 600},
        {"good": 500, "evil": 540},
        {"good": 460, "evil": 540},
    ]
    now = clocks[-1].at(250)
    assert (now.left["good"], now.left["evil"], now.running) == (410, 540, "good")


def test_each_side_gains_the_increment_when_a_new_turn_begins() -> None:
    clocks = run(CHESS, 0, "good", [Tick(100, "evil", new_turn=True)])
    assert dict(clocks[-1].left) == {"good": 530, "evil": 630}


def test_a_side_whose_time_runs_out_is_flagged_for_good_and_may_be_claimed_against() -> None:
    clocks = start(CHESS, 0, "good")
    assert not clocks.may_claim("evil", 599)
    late = clocks.at(700)
    assert late.left["good"] == 0 and late.flagged == {"good": 600}
    assert clocks.may_claim("evil", 700) and not clocks.may_claim("good", 700)
    # Good plays on; the flag stays, and the increment does not lift it.
    on = clocks.after(Tick(700, "evil", new_turn=True))
    assert on.flagged == {"good": 600} and on.left["good"] == 30
    assert on.may_claim("evil", 701)


def test_a_flag_only_battle_offers_no_claim() -> None:
    clocks = start(FLAG, 0, "good")
    assert clocks.at(700).flagged == {"good": 600}
    assert not clocks.may_claim("evil", 700)
    state = new_battle(setup([model("a", profile("Man"), 10, 40)], [model("b", profile("Orc"), 10, 6)]))
    with pytest.raises(RuleViolation, match="only flagged"):
        claim(state, "evil", clocks, 700)


def test_correspondence_gives_each_decision_its_days() -> None:
    day = 86_400
    clocks = run(LETTERS, 0, "good", [Tick(1.5 * day, "evil"), Tick(1.6 * day, "evil")])
    assert clocks[-1].flagged == {}
    assert clocks[-1].at(3.5 * day).flagged == {}
    assert clocks[-1].at(3.7 * day).flagged == {"evil": 3.6 * day}
    assert clocks[-1].to_dict(2.6 * day)["left"] == {"good": 2 * day, "evil": 1 * day}


def test_a_takeback_gives_time_back_only_when_both_agreed() -> None:
    undo = [{"type": "takeback", "undone": [2]}]
    kept = tick_of(300, {"type": "takeback", "steps": 1}, undo, "evil")
    given = tick_of(300, {"type": "takeback", "steps": 1, "time_back": True}, undo, "evil")
    steps = [Tick(100, "evil"), Tick(200, "good")]
    assert dict(run(CHESS, 0, "good", [*steps, kept])[-1].left) == {"good": 400, "evil": 500}
    assert dict(run(CHESS, 0, "good", [*steps, given])[-1].left) == {"good": 500, "evil": 600}


def test_bad_time_controls_are_refused_in_words() -> None:
    with pytest.raises(RuleViolation, match="1 minute to 7 days"):
        read_control({"kind": "chess", "total": 5})
    with pytest.raises(RuleViolation, match="1 to 30 days"):
        read_control({"kind": "correspondence", "days": 0})
    with pytest.raises(RuleViolation, match="claim the win"):
        read_control({"kind": "chess", "total": 60, "out_of_time": "sulk"})
    assert not read_control(None).timed and not read_control({"kind": "none"}).timed


def iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat()


def timed_record(claim_at: float) -> dict[str, object]:
    """Good deploys at once; Evil takes its time, and Good claims at `claim_at`."""
    battle = setup([model("a", profile("Man"), 10, 40)], [model("b", profile("Orc"), 10, 6)])
    battle["clock"] = {"kind": "chess", "total": 600, "increment": 0, "out_of_time": "claim"}
    entries = [
        Entry("good", {"type": "ready"}, [], iso(1_000_010)),
        Entry("good", {"type": "claim_time"}, [], iso(claim_at)),
    ]
    return build(battle, entries, started=iso(1_000_000))


def test_a_record_replays_a_claim_on_time_as_it_was_judged() -> None:
    state = replay(timed_record(1_000_010 + 601))
    assert state.result is not None and state.result.winner == "good"
    assert (state.result.code, state.result.reason) == ("out_of_time", "Evil ran out of time")
    with pytest.raises(RecordError, match="Entry 2: good's claim on time is illegal: Evil still has time"):
        replay(timed_record(1_000_010 + 599))
