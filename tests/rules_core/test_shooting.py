"""Shoot phase: To Hit and the half-move penalty, In The Way, shooting into combat, To Wound."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, legal_actions

from .builders import BASE_25MM, GOOD_PRIORITY, deployed, model, play, profile, setup, skip_to, texts

NEXT_TURN = [6, 1]  # once both sides have shot, the turn ends and turn 2 rolls for Priority
BOW = {"name": "Bow", "range": 24.0, "strength": 2}
ORC_BOW = {"name": "Orc bow", "range": 18.0, "strength": 2}
WALL = {"name": "Wall", "polygon": [[5, 19], [15, 19], [15, 20], [5, 20]]}
ROCK = {
    "name": "Rock",
    "polygon": [[5, 18], [15, 18], [15, 21], [5, 21]],
    "blocks_sight": True,
    "impassable": True,
}


def archer(name="Archer", **stats):
    return profile(name, missile=BOW, **stats)


def to_shooting(good, evil, dice, terrain=(), moves=()):
    """Good (with Priority) makes `moves`, then both finish moving: Good is to shoot."""
    state = deployed(setup(good, evil, terrain=list(terrain)), dice, priority="good")
    state, _ = play(state, [("good", m) for m in moves], dice)
    state, _ = skip_to(state, dice, stop="shoot")
    assert state.pending.kind == "shoot" and state.pending.side == "good"
    return state


def shoot(shooter, target):
    return {"type": "shoot", "model": shooter, "target": target}


def test_a_stationary_archer_hits_on_its_shoot_value_then_rolls_to_wound() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 4, 5])
    state = to_shooting(
        [model("archer", archer(), 10, 30)], [model("orc", profile("Orc", defence=4), 10, 10)], dice
    )
    state, events = play(state, [("good", shoot("archer", "orc"))], dice)
    assert texts(events)[:3] == [
        "Archer shoots at Orc: To Hit 4+, rolls 4: hit.",
        "Archer's shot on Orc: To Wound 5+ (S2 against D4), rolls 5: wounds.",
        "Orc suffers 1 Wound from Archer (0 left).",
    ]
    assert state.model("orc").status == "casualty"


def test_moving_up_to_half_makes_the_shoot_value_one_worse() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 4, *NEXT_TURN])
    move = {"type": "move", "model": "archer", "path": [[10, 27]]}
    state = to_shooting(
        [model("archer", archer(), 10, 30)],
        [model("orc", profile("Orc"), 10, 10), model("orc2", profile("Orc two"), 40, 2)],
        dice,
        moves=[move],
    )
    state, events = play(state, [("good", shoot("archer", "orc"))], dice)
    assert texts(events)[0] == "Archer shoots at Orc: To Hit 5+ (moved: 1 worse), rolls 4: miss."


def test_a_natural_six_always_hits() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1, *NEXT_TURN])
    state = to_shooting(
        [model("archer", archer(shoot=6), 10, 30)],
        [model("orc", profile("Orc"), 10, 10), model("orc2", profile("Orc two"), 40, 2)],
        dice,
        moves=[{"type": "move", "model": "archer", "path": [[10, 28]]}],
    )
    state, events = play(state, [("good", shoot("archer", "orc"))], dice)
    assert texts(events)[0] == "Archer shoots at Orc: To Hit 7+ (moved: 1 worse), rolls 6: hit."


def test_a_model_that_moved_more_than_half_cannot_shoot() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("archer", archer(), 10, 30), model("other", archer("Other archer"), 20, 30)],
            [model("orc", profile("Orc"), 10, 10)],
        ),
        dice,
        priority="good",
    )
    state, _ = play(state, [("good", {"type": "move", "model": "archer", "path": [[10, 26]]})], dice)
    state, _ = skip_to(state, dice, stop="shoot")
    assert {a.group for a in legal_actions(state, "good") if a.kind == "shoot"} == {"other"}
    with pytest.raises(RuleViolation):
        apply(state, "good", shoot("archer", "orc"), dice)


def test_a_wall_in_the_way_can_stop_the_shot() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 5, 3, *NEXT_TURN])
    state = to_shooting(
        [model("archer", archer(), 10, 30)],
        [model("orc", profile("Orc"), 10, 10), model("orc2", profile("Orc two"), 40, 2)],
        dice,
        terrain=[WALL],
    )
    state, events = play(state, [("good", shoot("archer", "orc"))], dice)
    assert texts(events)[:3] == [
        "Archer shoots at Orc: To Hit 4+, rolls 5: hit.",
        "Wall is In The Way: rolls 3.",
        "The shot hits Wall.",
    ]
    assert state.model("orc").wounds == 1


def test_a_model_in_the_way_is_hit_instead_on_1_to_3() -> None:
    dice = ScriptedDice(
        [*GOOD_PRIORITY, 5, 4, 2, 6, *NEXT_TURN]
    )  # hit; first obstruction passes; second is hit; wounds
    state = to_shooting(
        [model("archer", archer(), 10, 30)],
        [
            model("orc", profile("Orc"), 10, 10),
            model("near", profile("Near orc"), 10, 25),
            model("mid", profile("Middle orc"), 10, 18),
        ],
        dice,
    )
    state, events = play(state, [("good", shoot("archer", "orc"))], dice)
    assert texts(events)[1:5] == [
        "Near orc is In The Way: rolls 4: the shot goes on.",
        "Middle orc is In The Way: rolls 2.",
        "The shot hits Middle orc.",
        "Archer's shot on Middle orc: To Wound 5+ (S2 against D4), rolls 6: wounds.",
    ]
    assert state.model("mid").status == "casualty" and state.model("orc").on_board


def test_targets_out_of_range_or_out_of_sight_are_refused_with_the_reason() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = to_shooting(
        [model("archer", archer(), 10, 30)],
        [
            model("hidden", profile("Hidden orc"), 10, 10),
            model("far", profile("Far orc"), 40, 2),
            model("seen", profile("Seen orc"), 30, 20),
        ],
        dice,
        terrain=[ROCK],
    )
    assert [o["value"] for o in legal_actions(state, "good")[0].params["target"]["options"]] == ["seen"]
    for target, message in [
        ("hidden", "Archer cannot see Hidden orc."),
        ("far", "Far orc is out of range of Archer's Bow (24\")."),
    ]:
        with pytest.raises(RuleViolation) as refused:
            apply(state, "good", shoot("archer", target), dice)
        assert refused.value.message == message


def test_good_may_not_shoot_into_a_combat() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = to_shooting(
        [model("archer", archer(), 10, 30), model("fighter", profile("Fighter"), 20, 10 + BASE_25MM)],
        [model("orc", profile("Orc"), 20, 10), model("orc2", profile("Orc two"), 5, 10)],
        dice,
    )
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", shoot("archer", "orc"), dice)
    assert refused.value.message == "Good models may not shoot into a combat: Orc is Engaged."


def test_evil_shooting_into_a_combat_hits_the_friend_closest_to_the_shooter_on_1_to_3() -> None:
    """T-ter-25: not a random friend of the combat, the one nearest the shooter that it sees."""
    dice = ScriptedDice([*GOOD_PRIORITY])
    s = BASE_25MM
    state = deployed(
        setup(
            [model("man", profile("Man"), 20, 20), model("far", profile("Far man"), 45, 45)],
            [
                model("archer", profile("Orc archer", missile=ORC_BOW), 17, 5),
                model("orc1", profile("Orc one"), 20 - s, 20),
                model("orc2", profile("Orc two"), 20 + s, 20),
            ],
        ),
        dice,
        priority="good",
    )
    state, _ = skip_to(state, dice, stop="shoot")
    assert state.pending.side == "evil"
    # hit; into combat 2: a friend, the nearer Orc one; wounds. Then the fight: Man 1, Orc two 6,
    # Orc two's Strike fails on 1, and turn 2 begins.
    dice.script.extend([6, 2, 6, 1, 6, 1, *NEXT_TURN])
    state, events = play(state, [("evil", shoot("archer", "man"))], dice)
    assert texts(events)[1:3] == [
        "Shooting into a combat: rolls 2: the shot hits Orc one instead (the friend closest to Orc archer "
        "it can see).",
        "Orc archer's shot on Orc one: To Wound 5+ (S2 against D4), rolls 6: wounds.",
    ]
    assert state.model("orc1").status == "casualty"
