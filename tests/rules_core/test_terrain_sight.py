"""Line of sight over heights, In The Way from terrain and models, and shooting from and at height:
the terrain reference's scenarios T-ter-15 to T-ter-17, T-ter-19 (sight) and T-ter-25 is in
`test_shooting.py`; with a shot from a hill over a wall, which the issue asked for by name."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import RuleViolation, ScriptedDice, apply
from rules_core.battlefield import can_see
from rules_core.shooting import obstructions, shot_range, why_not_target
from rules_core.terrain import new_piece

from .builders import BASE_25MM, GOOD_PRIORITY, deployed, hero, model, play, profile, setup, skip_to, texts

R = BASE_25MM / 2
NEXT_TURN = [6, 1]
BOW = {"name": "Orc bow", "range": 18.0, "strength": 2}


def band(kind: str, y0: float, y1: float, **given: Any) -> dict[str, Any]:
    """A piece across the board from x 0 to 20, between y0 and y1."""
    return new_piece(kind, polygon=[[0, y0], [20, y0], [20, y1], [0, y1]], **given)


def shooting(
    good: list[dict[str, Any]], evil: list[dict[str, Any]], terrain: list[dict[str, Any]], dice: ScriptedDice
):
    state = deployed(setup(good, evil, terrain=terrain), dice, priority="good")
    state, _ = skip_to(state, dice, stop="shoot")
    return state


def shoot(shooter: str, target: str) -> dict[str, Any]:
    return {"type": "shoot", "model": shooter, "target": target}


ARCHER = profile("Archer", shoot=5, missile=BOW)
TARGET = model("w", profile("Warrior", defence=4), 10, 5 + 12 + BASE_25MM)
HEDGE = band("hedge", 9, 9.3)
WOOD = band("wood", 13, 15)
FAR_ORC = model("far", profile("Far orc"), 44, 44)


def test_t_ter_15_in_the_way_from_terrain_nearest_first_and_the_shot_is_lost_in_the_wood() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 5, 4, 2, *NEXT_TURN])
    state = shooting([model("a", ARCHER, 10, 5)], [TARGET, FAR_ORC], [HEDGE, WOOD], dice)
    assert [ident for _, _, ident in obstructions(state, state.model("a"), state.model("w"))] == ["t1", "t2"]
    state, events = play(state, [("good", shoot("a", "w"))], dice)
    assert texts(events)[:4] == [
        "Archer shoots at Warrior: To Hit 5+, rolls 5: hit.",
        "Hedge is In The Way: rolls 4: the shot goes on.",
        "Wood is In The Way: rolls 2.",
        "The shot hits Wood.",
    ]
    assert state.model("w").on_board


def test_t_ter_15a_past_the_wood_the_shot_wounds() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 5, 4, 4, 5, *NEXT_TURN])
    state = shooting([model("a", ARCHER, 10, 5)], [TARGET, FAR_ORC], [HEDGE, WOOD], dice)
    state, _ = play(state, [("good", shoot("a", "w"))], dice)
    assert state.model("w").status == "casualty"


def test_t_ter_15b_an_archer_touching_a_hedge_it_sees_over_shoots_past_it() -> None:
    state = shooting(
        [model("a", ARCHER, 10, 9 - R)], [TARGET, FAR_ORC], [HEDGE, WOOD], ScriptedDice(GOOD_PRIORITY)
    )
    assert [ident for _, _, ident in obstructions(state, state.model("a"), state.model("w"))] == ["t2"]


def test_t_ter_15c_a_hero_spends_might_on_the_wood_s_in_the_way_test() -> None:
    captain = {**hero("Captain", might=1, shoot=5), "missile": BOW}
    dice = ScriptedDice([*GOOD_PRIORITY, 5, 4, 3])
    state = shooting([model("a", captain, 10, 5)], [TARGET, FAR_ORC], [HEDGE, WOOD], dice)
    state, _ = play(state, [("good", shoot("a", "w"))], dice)
    assert state.pending.kind == "spend_might"
    state, events = play(
        state, [("good", {"type": "might", "model": "a", "amount": 1})], ScriptedDice([6, *NEXT_TURN])
    )
    assert "Wood is In The Way: rolls 4: the shot goes on." in texts(events)


def test_t_ter_16_a_house_that_partly_hides_the_target_is_in_the_way() -> None:
    house = new_piece("building", polygon=[[10.2, 12], [20, 12], [20, 15], [10.2, 15]])
    archer = profile("Archer", shoot=4, missile=BOW)
    dice = ScriptedDice([*GOOD_PRIORITY, 4, 3, *NEXT_TURN])
    state = shooting(
        [model("a", archer, 10, 5)], [model("w", profile("Warrior"), 10, 20), FAR_ORC], [house], dice
    )
    assert can_see(state, state.model("a"), state.model("w"))
    state, events = play(state, [("good", shoot("a", "w"))], dice)
    assert texts(events)[1:3] == ["Building is In The Way: rolls 3.", "The shot hits Building."]


def test_t_ter_16a_a_house_that_hides_all_of_the_target_leaves_no_shot() -> None:
    house = new_piece("building", polygon=[[8, 12], [20, 12], [20, 15], [8, 15]])
    archer = profile("Archer", shoot=4, missile=BOW)
    state = shooting(
        [model("a", archer, 10, 5)],
        [model("w", profile("Warrior"), 10, 20), FAR_ORC],
        [house],
        ScriptedDice([*GOOD_PRIORITY, *NEXT_TURN]),
    )
    assert not can_see(state, state.model("a"), state.model("w"))
    assert why_not_target(state, state.model("a"), state.model("w")) == "Archer cannot see Warrior."


def test_shooting_from_a_hill_over_a_wall_the_wall_is_not_in_the_way() -> None:
    hill = new_piece("hill", polygon=[[0, 0], [20, 0], [20, 8], [0, 8]], height=3.0)
    wall = band("wall", 14, 14.25, height=1.0)
    target = model("w", profile("Warrior"), 10, 18)
    dice = ScriptedDice(GOOD_PRIORITY)
    on_hill = shooting([model("a", ARCHER, 10, 5)], [target, FAR_ORC], [hill, wall], dice)
    assert obstructions(on_hill, on_hill.model("a"), on_hill.model("w")) == []
    # From the ground the wall hides the Warrior's legs: it is In The Way.
    on_ground = shooting([model("a", ARCHER, 10, 9)], [target, FAR_ORC], [wall], ScriptedDice(GOOD_PRIORITY))
    assert [kind for _, kind, _ in obstructions(on_ground, on_ground.model("a"), on_ground.model("w"))] == [
        "terrain"
    ]


def test_a_hill_hides_what_stands_behind_it_from_the_ground() -> None:
    hill = new_piece("hill", polygon=[[0, 10], [20, 10], [20, 14], [0, 14]], height=2.0)
    state = shooting(
        [model("a", ARCHER, 10, 5)],
        [model("w", profile("Warrior"), 10, 16), FAR_ORC],
        [hill],
        ScriptedDice([*GOOD_PRIORITY, *NEXT_TURN]),
    )
    assert not can_see(state, state.model("a"), state.model("w"))


def test_t_ter_17_range_from_and_to_an_elevated_position() -> None:
    tower = new_piece("rocks", polygon=[[0, 0], [20, 0], [20, 6], [0, 6]], height=6.0)
    up_high = model("a", ARCHER, 10, 3)
    below = model("w", profile("Warrior", missile=BOW), 10, 3 + 3 + 17 + 2 * R - 3)  # bases 17" apart
    state = shooting([up_high], [below, FAR_ORC], [tower], ScriptedDice(GOOD_PRIORITY))
    a, w = state.model("a"), state.model("w")
    assert a.distance_to(w) == pytest.approx(17.0)
    assert shot_range(state, a, w) == pytest.approx((17**2 + 4.8**2) ** 0.5)  # 17.67": in range
    assert why_not_target(state, a, w) is None
    assert shot_range(state, w, a) == pytest.approx((17**2 + 6**2) ** 0.5)  # 18.03": out of range
    assert why_not_target(state, w, a) == "Archer is out of range of Warrior's Orc bow (18\")."


def test_t_ter_19_a_prone_man_behind_a_wall_it_touches_cannot_be_seen_from_the_ground() -> None:
    wall = band("wall", 15, 15.25, height=0.7)
    state = shooting(
        [model("a", ARCHER, 10, 5)],
        [model("w", profile("Warrior"), 10, 15.25 + R), FAR_ORC],
        [wall],
        ScriptedDice(GOOD_PRIORITY),
    )
    a, w = state.model("a"), state.model("w")
    assert can_see(state, a, w)  # standing, its head shows over the wall (and the wall is In The Way)
    w.prone = True
    assert not can_see(state, a, w)


def test_a_model_beside_the_target_is_in_the_way_but_a_friend_touching_the_shooter_is_not() -> None:
    archer = profile("Archer", shoot=4, missile=BOW)
    state = shooting(
        [model("a", archer, 10, 5), model("friend", profile("Friend"), 10, 5 + BASE_25MM)],
        [
            model("w", profile("Warrior"), 10, 20),
            model("guard", profile("Guard"), 10, 20 - BASE_25MM),
            FAR_ORC,
        ],
        [],
        ScriptedDice(GOOD_PRIORITY),
    )
    assert [ident for _, _, ident in obstructions(state, state.model("a"), state.model("w"))] == ["guard"]


def test_a_shot_from_high_ground_passes_over_the_heads_of_models_in_between() -> None:
    hill = new_piece("hill", polygon=[[0, 0], [20, 0], [20, 7], [0, 7]], height=3.0)
    archer = profile("Archer", shoot=4, missile=BOW)
    state = shooting(
        [model("a", archer, 10, 4), model("friend", profile("Friend"), 10, 12)],
        [model("w", profile("Warrior"), 10, 20), FAR_ORC],
        [hill],
        ScriptedDice(GOOD_PRIORITY),
    )
    assert obstructions(state, state.model("a"), state.model("w")) == []


def test_a_model_that_jumped_may_not_shoot() -> None:
    with pytest.raises(RuleViolation):
        state = shooting([model("a", ARCHER, 10, 5)], [TARGET, FAR_ORC], [], ScriptedDice(GOOD_PRIORITY))
        state.model("a").terrain_test = True
        apply(state, "good", shoot("a", "w"), ScriptedDice([4]))
