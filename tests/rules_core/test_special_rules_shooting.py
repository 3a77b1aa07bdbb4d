"""Special rules and In The Way (docs/rules/special-rules.md §2.13, scenario S8), and the bar on a
Good model shooting with a friend In The Way (the core defect the reference found)."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, legal_actions

from .builders import GOOD_PRIORITY, model, play, profile, texts
from .test_shooting import NEXT_TURN, archer, shoot, to_shooting

TROLL = profile(
    "Cave Troll", defence=6, wounds=3, base_mm=40.0, keywords=["Monster"], special_rules=["Large Target"]
)


def shot_at_troll(in_line: dict, troll: dict = TROLL, faces: tuple[int, ...] = ()) -> list[str]:
    dice = ScriptedDice([*GOOD_PRIORITY, *faces, *NEXT_TURN])
    state = to_shooting(
        [model("archer", archer(shoot=3), 10, 30)], [model("troll", troll, 10, 15), in_line], dice
    )
    state, events = play(state, [("good", shoot("archer", "troll"))], dice)
    return texts(events)


def test_s8_a_shot_at_a_large_target_ignores_the_orc_in_the_line() -> None:
    said = shot_at_troll(model("orc", profile("Orc"), 10, 26), faces=(3, 6))
    assert said[:3] == [
        "Archer shoots at Cave Troll: To Hit 3+, rolls 3: hit.",
        "Archer's shot on Cave Troll: To Wound 6+ (S2 against D6), rolls 6: wounds.",
        "Cave Troll suffers 1 Wound from Archer (2 left).",
    ]


def test_s8a_without_large_target_the_orc_is_in_the_way() -> None:
    plain = {**TROLL, "special_rules": []}
    said = shot_at_troll(model("orc", profile("Orc"), 10, 26), plain, faces=(3, 2, 6))
    assert said[1:3] == ["Orc is In The Way: rolls 2.", "The shot hits Orc."]


def test_s8b_a_monster_in_the_line_is_still_in_the_way() -> None:
    second = model("troll2", profile("Second troll", keywords=["Monster"], base_mm=40.0), 10, 26)
    said = shot_at_troll(second, faces=(3, 4, 6))
    assert said[1] == "Second troll is In The Way: rolls 4: the shot goes on."


def good_shot_past(friend_at: tuple[float, float], target: dict) -> tuple:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = to_shooting(
        [model("archer", archer(), 10, 30), model("friend", profile("Friend"), *friend_at)],
        [model("orc", target, 10, 15), model("clear", profile("Clear orc"), 20, 15)],
        dice,
    )
    return state, dice


def test_a_good_model_may_not_shoot_with_a_friend_in_the_way() -> None:
    state, dice = good_shot_past((10, 23), profile("Orc"))
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", shoot("archer", "orc"), dice)
    assert (
        refused.value.message
        == "Good models may not shoot with a friend In The Way: Friend stands in the line."
    )


@pytest.mark.parametrize(("friend_at", "target"), [((14, 23), profile("Orc")), ((10, 23), TROLL)])
def test_a_good_model_shoots_past_a_friend_out_of_the_line_or_at_a_large_target(friend_at, target) -> None:
    state, _ = good_shot_past(friend_at, target)
    shot = next(a for a in legal_actions(state, "good") if a.kind == "shoot" and a.group == "archer")
    assert [o["value"] for o in shot.params["target"]["options"]] == ["orc", "clear"]


# -- Throw Stones (S3) ---------------------------------------------------------------------------

HOBBIT = profile("Hobbit", shoot=3, special_rules=['Throw Stones (range 8", Strength 1)'])
GAP = 25 / 25.4  # centre to centre of two 25mm bases in contact


def stones_at(orc_y: float, moves: tuple = (), faces: tuple[int, ...] = ()) -> tuple:
    dice = ScriptedDice([*GOOD_PRIORITY, *faces, *NEXT_TURN])
    state = to_shooting(
        [model("hobbit", HOBBIT, 10, 30), model("pal", archer("Pal"), 30, 25)],
        [model("orc", profile("Orc", defence=4), 10, orc_y), model("far", profile("Far orc"), 40, 2)],
        dice,
        moves=list(moves),
    )
    return state, dice


@pytest.mark.parametrize(("face", "result"), [(6, "wounds"), (5, "fails to wound")])
def test_s3_a_hobbit_that_did_not_move_throws_a_stone_at_strength_1(face: int, result: str) -> None:
    state, dice = stones_at(30 - 7.5 - GAP, faces=(3, face))
    state, events = play(state, [("good", shoot("hobbit", "orc"))], dice)
    assert texts(events)[:2] == [
        "Hobbit shoots at Orc: To Hit 3+, rolls 3: hit.",
        f"Hobbit's shot on Orc: To Wound 6+ (S1 against D4), rolls {face}: {result}.",
    ]


def test_s3a_a_stone_reaches_8_inches_and_no_further() -> None:
    state, dice = stones_at(30 - 8.5 - GAP)
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", shoot("hobbit", "orc"), dice)
    assert refused.value.message == "Orc is out of range of Hobbit's Thrown stones (8\")."


def test_s3b_a_hobbit_that_moved_half_an_inch_throws_nothing() -> None:
    state, dice = stones_at(20, moves=({"type": "move", "model": "hobbit", "path": [[10, 29.5]]},))
    assert [a.group for a in legal_actions(state, "good") if a.kind == "shoot"] == ["pal"]
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", shoot("hobbit", "orc"), dice)
    assert (
        refused.value.message
        == "Hobbit has moved this turn: Throw Stones is only for a model that has not moved."
    )


# -- Expert Shot (S26) -------------------------------------------------------------------------------

ELF_BOW = {"name": "Elf bow", "range": 24.0, "strength": 3}
HALDIR = profile("Haldir", shoot=3, move=6.0, missile=ELF_BOW, special_rules=["Expert Shot"])


def haldir_shoots(moves: tuple = (), faces: tuple[int, ...] = (), rules: tuple[str, ...] = ("Expert Shot",)):
    dice = ScriptedDice([*GOOD_PRIORITY, *faces, *NEXT_TURN])
    state = to_shooting(
        [model("h", {**HALDIR, "special_rules": list(rules)}, 10, 30), model("pal", archer("Pal"), 20, 30)],
        [
            model("o1", profile("O1", defence=4), 10, 30 - 10 - GAP),
            model("o2", profile("O2", defence=4), 14, 30 - 14),
        ],
        dice,
        moves=list(moves),
    )
    return state, dice


def test_s26_haldir_shoots_twice_at_two_orcs() -> None:
    state, dice = haldir_shoots(faces=(3, 5, 6, 4))
    state, events = play(state, [("good", shoot("h", "o1"))], dice)
    assert texts(events)[0] == "Haldir makes Shooting Attack 1 of 2 (Expert Shot)."
    assert not state.model("o1").on_board
    state, events = play(state, [("good", shoot("h", "o2"))], dice)
    assert texts(events)[:3] == [
        "Haldir makes Shooting Attack 2 of 2 (Expert Shot).",
        "Haldir shoots at O2: To Hit 3+, rolls 6: hit.",
        "Haldir's shot on O2: To Wound 5+ (S3 against D4), rolls 4: fails to wound.",
    ]
    assert state.model("h").has_shot
    assert [a.group for a in legal_actions(state, "good") if a.kind == "shoot"] == ["pal"]


def test_s26_without_expert_shot_one_shot_only() -> None:
    state, dice = haldir_shoots(faces=(3, 5), rules=())
    state, _ = play(state, [("good", shoot("h", "o1"))], dice)
    assert state.model("h").has_shot
    with pytest.raises(RuleViolation):
        apply(state, "good", shoot("h", "o2"), dice)


def test_s26_haldir_who_moved_more_than_half_shoots_neither() -> None:
    state, _ = haldir_shoots(moves=({"type": "move", "model": "h", "path": [[10, 26]]},))
    assert not [a for a in legal_actions(state, "good") if a.kind == "shoot" and a.group == "h"]
