"""The Declare Heroic Actions step: alternate declare-or-pass until both pass in succession."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, legal_actions

from .builders import PASS, choices, deployed, hero, model, play, profile, setup, texts

# Good rolls 6, Evil 1 for Priority: Good chooses.
GOOD_CHOOSES = [6, 1]


def rohan_against_mordor(haleth_might: int = 1) -> dict:
    return setup(
        good=[
            model("haleth", hero("Haleth", might=haleth_might, tier="minor"), 10, 40),
            model("eomer", hero("Eomer", might=3), 20, 40),
            model("rider", profile("Warrior of Rohan"), 14, 40),
        ],
        evil=[
            model("gothmog", hero("Gothmog", might=3), 10, 6),
            model("shagrat", hero("Shagrat", might=2), 30, 6),
            model("orc", profile("Orc"), 14, 6),
        ],
    )


def declare(hero_id: str, action: str = "heroic_move") -> dict:
    return {"type": "declare", "hero": hero_id, "action": action}


def test_example_61_both_declare_then_both_pass_in_succession() -> None:
    # Jay (Good) has Priority, so Rob (Evil) has the first opportunity.
    dice = ScriptedDice(GOOD_CHOOSES)
    state = deployed(rohan_against_mordor(), dice, priority="good")
    assert state.pending.side == "evil"
    assert state.pending.kind == "declare_heroic_action"

    state, events = play(
        state,
        [("evil", declare("gothmog")), ("good", declare("eomer")), ("evil", PASS)],
        dice,
    )
    assert state.pending.side == "good"
    assert state.pending.kind == "declare_heroic_action"

    dice.script.append(5)  # the clash roll by Good (Priority): 4+ Good resolves first
    state, events = play(state, [("good", PASS)], dice)
    assert "Both players have passed: the Declare Heroic Actions step ends." in texts(events)
    assert state.model("gothmog").might == 2
    assert state.model("eomer").might == 2
    assert state.pending.kind == "heroic_action"
    assert state.pending.side == "good"
    assert "Both sides declared a Heroic Move: Good rolls 5, Good goes first." in texts(events)


def test_the_player_without_priority_declares_first() -> None:
    dice = ScriptedDice(GOOD_CHOOSES)
    state = deployed(rohan_against_mordor(), dice, priority="evil")
    assert state.pending.side == "good"


def test_declaring_spends_one_might_and_passes_the_turn() -> None:
    dice = ScriptedDice(GOOD_CHOOSES)
    state = deployed(rohan_against_mordor(), dice, priority="good")
    state, events = play(state, [("evil", declare("gothmog"))], dice)
    assert state.model("gothmog").might == 2
    assert state.model("gothmog").heroic == {"move": "heroic_move"}
    assert state.pending.side == "good"
    assert texts(events) == [
        "Gothmog spends 1 Might to declare a Heroic Move (2 left).",
        "Gothmog declares a Heroic Move.",
    ]


def test_a_hero_declares_only_one_heroic_action_a_phase() -> None:
    dice = ScriptedDice(GOOD_CHOOSES)
    state = deployed(rohan_against_mordor(), dice, priority="evil")
    state, _ = play(state, [("good", declare("eomer")), ("evil", PASS)], dice)
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", declare("eomer"), dice)
    assert refused.value.code == "one_heroic_action_per_phase"
    assert refused.value.message == "Eomer has already declared a Heroic Move this phase."
    assert declare("eomer") not in [a.command for a in choices(state, "good")]


def test_a_hero_with_no_might_cannot_declare() -> None:
    dice = ScriptedDice(GOOD_CHOOSES)
    state = deployed(rohan_against_mordor(haleth_might=0), dice, priority="evil")
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", declare("haleth"), dice)
    assert refused.value.message == "Haleth has no Might left to declare a Heroic Move."
    assert state.to_dict() == before
    assert [a.command for a in choices(state, "good")] == [declare("eomer"), PASS]


def test_a_player_who_passed_may_declare_later() -> None:
    dice = ScriptedDice(GOOD_CHOOSES)
    state = deployed(rohan_against_mordor(), dice, priority="evil")
    state, _ = play(state, [("good", PASS), ("evil", declare("gothmog"))], dice)
    assert state.pending.side == "good"
    state, _events = play(state, [("good", declare("eomer"))], dice)
    assert state.model("eomer").might == 2
    assert state.pending.kind == "declare_heroic_action"


def test_a_side_with_no_hero_able_to_declare_passes_by_itself() -> None:
    dice = ScriptedDice(GOOD_CHOOSES)
    state = deployed(rohan_against_mordor(), dice, priority="good")
    # Both Evil heroes declare; afterwards Evil has nothing left to declare and passes on its own.
    state, events = play(
        state,
        [("evil", declare("gothmog")), ("good", PASS), ("evil", declare("shagrat")), ("good", PASS)],
        dice,
    )
    assert "Evil passes (no Hero can declare)." in texts(events)
    assert state.pending.kind != "declare_heroic_action"


def test_a_command_out_of_turn_is_refused_and_changes_nothing() -> None:
    dice = ScriptedDice(GOOD_CHOOSES)
    state = deployed(rohan_against_mordor(), dice, priority="good")
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", PASS, dice)
    assert refused.value.code == "not_your_decision"
    assert refused.value.message == "It is Evil's decision now: Evil declares a Heroic Action or passes."
    assert state.to_dict() == before
    assert legal_actions(state, "good") == []


@pytest.mark.parametrize(
    "command",
    [
        {"type": "declare", "hero": "nobody", "action": "heroic_move"},
        {"type": "declare", "hero": "orc", "action": "heroic_move"},
        {"type": "declare", "hero": "gothmog", "action": "heroic_nap"},
        {"type": "declare", "hero": "haleth", "action": "heroic_move"},
        {"type": "fly"},
        {"type": "pass", "extra": 1},
    ],
)
def test_unknown_heroes_actions_and_enemy_heroes_are_refused(command: dict) -> None:
    dice = ScriptedDice(GOOD_CHOOSES)
    state = deployed(rohan_against_mordor(), dice, priority="good")
    before = state.to_dict()
    with pytest.raises(RuleViolation):
        apply(state, "evil", command, dice)
    assert state.to_dict() == before


def test_heroic_movers_activate_before_the_side_with_priority() -> None:
    dice = ScriptedDice(GOOD_CHOOSES)
    state = deployed(rohan_against_mordor(), dice, priority="good")
    state, _ = play(state, [("evil", declare("gothmog")), ("good", PASS), ("evil", PASS)], dice)
    assert state.pending.kind == "heroic_action"
    assert state.pending.side == "evil"
    assert {a.command["model"] for a in choices(state, "evil")} == {"gothmog"}
    assert state.pending.detail["heroes"] == ["gothmog"]
    state, _events = play(state, [("evil", {"type": "move", "model": "gothmog", "path": [[10, 10]]})], dice)
    assert state.model("gothmog").pos == (10.0, 10.0)
    assert state.pending.kind == "activate"
    assert state.pending.side == "good"
