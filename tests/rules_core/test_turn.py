"""The turn sequence: Priority rolls and ties, phases in order, and how a battle ends."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, new_battle

from .builders import model, play, profile, setup, skip_to, texts


def two_small_armies(**extra):
    return setup(
        [model("g1", profile("Man one"), 10, 40), model("g2", profile("Man two"), 14, 40)],
        [model("e1", profile("Orc one"), 10, 6), model("e2", profile("Orc two"), 14, 6)],
        **extra,
    )


def started(dice, **extra):
    state = new_battle(two_small_armies(**extra))
    return play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)


def test_the_higher_roll_chooses_who_has_priority() -> None:
    dice = ScriptedDice([2, 5])
    state, events = started(dice)
    assert "Priority roll: Good rolls 2, Evil rolls 5. Evil chooses." in texts(events)
    assert (state.pending.side, state.pending.kind) == ("evil", "choose_priority")
    state, events = play(state, [("evil", {"type": "priority", "side": "good"})], dice)
    assert state.priority == "good"
    assert (state.pending.side, state.pending.kind) == ("good", "activate")


def test_a_tie_on_turn_one_is_rolled_again() -> None:
    dice = ScriptedDice([3, 3, 1, 4])
    _state, events = started(dice)
    assert texts(events)[-2:] == [
        "Both roll 3 for Priority: roll again.",
        "Priority roll: Good rolls 1, Evil rolls 4. Evil chooses.",
    ]


def test_a_later_tie_gives_the_choice_to_the_player_who_did_not_choose_last_turn() -> None:
    dice = ScriptedDice([6, 1])
    state, _ = started(dice)
    state, _ = play(state, [("good", {"type": "priority", "side": "good"})], dice)
    dice.script.extend([4, 4])
    state, events = skip_to(state, dice)
    assert state.turn == 2
    assert (
        "Priority roll: both roll 4; the choice goes to the player who did not choose last turn. Evil chooses."
        in texts(events)
    )
    assert state.pending.side == "evil"


def test_each_turn_runs_move_shoot_fight_end() -> None:
    dice = ScriptedDice([6, 1])
    state, _ = started(dice)
    state, _ = play(state, [("good", {"type": "priority", "side": "good"})], dice)
    dice.script.extend([1, 6])
    state, events = skip_to(state, dice)
    lines = texts(events)
    assert lines.index("Good finishes moving.") < lines.index("Evil finishes moving.")
    assert lines.index("Evil finishes moving.") < lines.index("End phase of turn 1.")
    assert lines[-2:] == ["Turn 2 begins.", "Priority roll: Good rolls 1, Evil rolls 6. Evil chooses."]


def test_a_battle_ends_at_the_turn_limit_won_by_the_side_that_lost_fewer() -> None:
    dice = ScriptedDice([6, 1])
    state, _ = started(dice, max_turns=1)
    state, _ = play(state, [("good", {"type": "priority", "side": "good"})], dice)
    state, events = skip_to(state, dice)
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (None, "the 1-turn limit is reached")
    assert texts(events)[-1] == "The battle is a draw: the 1-turn limit is reached."


def test_an_army_down_to_a_quarter_loses_at_the_start_of_a_turn() -> None:
    good = [model(f"g{i}", profile(f"Man {i}"), 4 + 2 * i, 40) for i in range(4)]
    evil = [model("e1", profile("Orc"), 10, 6)]
    state = new_battle(setup(good, evil))
    state.models["g1"].status = "casualty"
    state.models["g2"].status = "casualty"
    state.models["g3"].status = "casualty"
    dice = ScriptedDice([6, 1])
    state, _events = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (
        "evil",
        "Good army is reduced to 25% or fewer of its models",
    )


def test_a_player_may_concede_at_any_time() -> None:
    dice = ScriptedDice([6, 1])
    state, _ = started(dice)
    state, events = play(state, [("evil", {"type": "concede"})], dice)
    assert state.result is not None and state.result.winner == "good"
    assert texts(events) == ["Good wins: Evil conceded."]
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", {"type": "priority", "side": "good"}, dice)
    assert refused.value.code == "battle_over"
