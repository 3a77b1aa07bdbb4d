"""Bad input changes nothing (issue 17): an unknown stand, a facing that is not a number, a path
through another stand, a hero attached twice, a loose hero shot at; each refusal has the spec's
code and a message a player understands."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import RuleViolation, new_battle
from rules_core.mass_battle.geometry import Rect

from .battles import Game, hero, setup, stand
from .test_further_scenarios import WIZARD


def refused(game: Game, side: str, command: dict[str, Any]) -> RuleViolation:
    before = game.state.to_dict()
    with pytest.raises(RuleViolation) as error:
        game.play(side, command)
    assert game.state.to_dict() == before, "a refused command changes nothing"
    return error.value


@pytest.fixture
def game() -> Game:
    return Game(
        setup(
            stand("a", "good", "WR", 30, 10, 0, "eomer"),
            stand("f", "good", "WR", 30, 14, 0),
            stand("e", "evil", "MO", 50, 20, 180),
            hero("eomer", "good"),
            hero("hama", "good", 40, 4),
            hero("grinnah", "evil", 60, 40),
        )
    )


def test_an_unknown_stand(game: Game) -> None:
    error = refused(game, "good", {"type": "move_stand", "stand": "nobody", "via": [[30, 12]], "facing": 0})
    assert error.code == "not_allowed"
    assert error.message == "There is no stand or hero called 'nobody' in this battle."


def test_an_enemy_stand(game: Game) -> None:
    error = refused(game, "good", {"type": "move_stand", "stand": "e", "via": [[50, 18]], "facing": 180})
    assert error.message == "E is not one of your stands and heroes."


@pytest.mark.parametrize("facing", ["north", None, [0], float("nan"), True])
def test_a_facing_that_is_not_a_number(game: Game, facing: Any) -> None:
    error = refused(game, "good", {"type": "move_stand", "stand": "f", "via": [[30, 16]], "facing": facing})
    assert error.code == "not_allowed" and "facing" in error.message


def test_a_path_through_another_stand(game: Game) -> None:
    error = refused(game, "good", {"type": "move_stand", "stand": "a", "via": [[30, 16]], "facing": 0})
    assert error.code == "path_blocked" and error.message == "A cannot move through F."


def corner_into_f(depth: float) -> tuple[Game, dict[str, Any]]:
    """A stand turned 45° and a move straight ahead that ends its front corner `depth` inches past
    F's rear edge (y = 13)."""
    ahead = max(y for _, y in Rect(0, 0, 45).corners)
    game = Game(setup(stand("a", "good", "WR", 30.7071, 7.0, 45), stand("f", "good", "WR", 30, 14, 0)))
    return game, {"type": "move_stand", "stand": "a", "via": [[30.7071, 13 + depth - ahead]], "facing": 45}


def test_a_move_ending_with_a_corner_in_another_stand() -> None:
    """Seed 288766033 of the random battles: a turned stand ended its move with its front corner
    0.065" into a friend's edge. Beyond the 0.05" tolerance that is an overlap (§3, §6.2)."""
    game, move = corner_into_f(0.06)
    error = refused(game, "good", move)
    assert error.code == "path_blocked" and error.message == "A cannot move through F."


def test_a_move_ending_with_a_corner_touching_another_stand() -> None:
    game, move = corner_into_f(0.04)
    game.play("good", move)
    assert game.state.stands["a"].rect.y == pytest.approx(move["via"][0][1])


def test_a_move_too_long_and_too_many_legs(game: Game) -> None:
    error = refused(game, "good", {"type": "move_stand", "stand": "f", "via": [[30, 25]], "facing": 0})
    assert error.code == "move_too_long" and '6"' in error.message
    legs = [[30, 15], [31, 15], [31, 16], [30, 16], [30, 17]]
    assert (
        refused(game, "good", {"type": "move_stand", "stand": "f", "via": legs, "facing": 0}).code
        == "not_allowed"
    )


def test_the_control_zone(game: Game) -> None:
    error = refused(game, "good", {"type": "move_stand", "stand": "f", "via": [[45, 18.5]], "facing": 0})
    assert error.code in ("too_close_to_enemy_stand", "move_too_long")
    error = refused(game, "good", {"type": "move_stand", "stand": "f", "via": [[33, 18]], "facing": 90})
    assert error.code == "move_too_long"


def test_a_hero_attached_twice(game: Game) -> None:
    error = refused(game, "good", {"type": "attach", "hero": "eomer", "stand": "f"})
    assert error.code == "hero_attached_twice" and error.message.startswith("Eomer is already with A")
    data = setup(
        stand("a", "good", "WR", 30, 10, 0, "eomer"),
        stand("f", "good", "WR", 40, 10, 0, "eomer"),
        hero("eomer", "good"),
    )
    with pytest.raises(RuleViolation) as setup_error:
        new_battle(data)
    assert setup_error.value.code == "hero_attached_twice"


def test_a_loose_hero_cannot_be_shot_at() -> None:
    data = setup(
        stand("s", "good", "BW", 30, 30, 0),
        stand("t", "evil", "MO", 20, 40, 180),
        hero("grinnah", "evil", 30, 36),
    )
    game = Game(data)
    game.pass_until("shoot")
    error = refused(game, "good", {"type": "shoot", "stand": "s", "target": "grinnah"})
    assert error.code == "loose_hero_untargetable"


def test_a_stand_out_of_reach_cannot_charge(game: Game) -> None:
    error = refused(game, "good", {"type": "charge", "stand": "f", "target": "e"})
    assert error.code == "charge_unreachable" and "away" in error.message


def test_nothing_refused_when_out_of_turn(game: Game) -> None:
    error = refused(game, "evil", {"type": "hold", "stand": "e"})
    assert error.code == "not_your_decision"


def test_a_path_that_is_not_points(game: Game) -> None:
    for path in ([[40, "x"]], "here", [[float("inf"), 1]], []):
        assert (
            refused(game, "good", {"type": "move_hero", "hero": "hama", "path": path}).code == "not_allowed"
        )


def test_an_unknown_ruleset() -> None:
    with pytest.raises(RuleViolation) as error:
        new_battle({**setup(), "ruleset": "chess"})
    assert error.value.code == "bad_setup" and "chess" in error.value.message


def test_a_preview_shows_a_move_without_making_it() -> None:
    """T9's move, previewed: its swept area, length, the hero it would overrun and the friend it
    would put aside; the state is unchanged."""
    from rules_core.mass_battle.preview import preview

    game = Game(
        setup(
            stand("s", "good", "WR", 30, 10, 0),
            hero("goblin_captain", "evil", 30, 14),
            hero("hama", "good", 30, 16.2),
        )
    )
    before = game.state.to_dict()
    shown = preview(game.state, {"type": "move_stand", "stand": "s", "via": [[30, 16]], "facing": 0})
    assert shown["ok"] and shown["length"] == 6 and shown["allowance"] == 6
    assert shown["overrun"] == ["goblin_captain"] and shown["displaced"][0]["hero"] == "hama"
    xs = [x for piece in shown["area"] for x, _ in piece]
    ys = [y for piece in shown["area"] for _, y in piece]
    assert (min(xs), max(xs), min(ys), max(ys)) == (28, 32, 9, 17)
    too_far = preview(game.state, {"type": "move_stand", "stand": "s", "via": [[30, 30]], "facing": 0})
    assert too_far == {"ok": False, "code": "move_too_long", "message": too_far["message"]}
    assert game.state.to_dict() == before


def test_a_stand_turns_on_the_spot_with_no_legs(game: Game) -> None:
    """§6.2: a move is up to 4 legs plus a final facing, so none is a turn in place; its length is
    the farthest a corner moves (§3)."""
    move = next(a for a in game.actions() if a["kind"] == "move_stand" and a["command"]["stand"] == "f")
    game.play("good", {"type": "move_stand", "stand": "f", "via": [], "facing": 90})
    assert move["params"]["via"]["min_points"] == 0, "the page is told a path may be empty"
    assert game.at("f") == (30, 14) and game.state.stands["f"].facing == 90
    moved = game.of("stand_moved")[0]
    assert moved["text"] == 'F turns on the spot 3.2".' and moved["length"] == pytest.approx(
        10**0.5, abs=1e-3
    )


def test_charging_a_friend_says_a_charge_must_target_an_enemy_stand(game: Game) -> None:
    """§6.5: a charge ends in contact with one target *enemy* stand; §6.4: a stand never charges a
    lone hero (it overruns him by moving across him, §6.6)."""
    error = refused(game, "good", {"type": "charge", "stand": "a", "target": "f"})
    assert error.code == "wrong_side_target"
    assert error.message == "F is on your side: a charge must target an enemy stand."
    error = refused(game, "good", {"type": "charge", "stand": "a", "target": "a"})
    assert error.message == "A cannot charge itself: a charge must target an enemy stand."
    error = refused(game, "good", {"type": "charge", "stand": "a", "target": "grinnah"})
    assert error.code == "bad_target" and error.message.startswith("Grinnah is a lone hero:")


def test_a_hero_joining_an_enemy_stand_or_charging_a_friend_is_told_why() -> None:
    """§6.3: a hero attaches to a friendly stand; §6.4: a loose hero charges an enemy loose hero."""
    game = Game(
        setup(
            stand("e", "evil", "MO", 40, 14, 180),
            hero("hama", "good", 40, 4),
            hero("eomer", "good", 44, 4),
        )
    )
    error = refused(game, "good", {"type": "attach", "hero": "hama", "stand": "e"})
    assert (
        error.code == "not_your_stand"
        and error.message == "E is an enemy stand: a hero joins only a friendly stand."
    )
    error = refused(
        game, "good", {"type": "charge_hero", "hero": "hama", "target": "eomer", "path": [[43, 4]]}
    )
    assert error.code == "wrong_side_target"
    assert error.message == "Eomer is on your side: a loose hero charges only an enemy loose hero."


def test_shooting_at_a_friend_says_stands_shoot_only_at_enemy_stands() -> None:
    game = Game(
        setup(
            stand("s", "good", "BW", 30, 30, 0),
            stand("f", "good", "WR", 30, 36, 0),
            stand("t", "evil", "MO", 20, 40, 180),
        )
    )
    game.pass_until("shoot")
    error = refused(game, "good", {"type": "shoot", "stand": "s", "target": "f"})
    assert error.code == "wrong_side_target"
    assert error.message == "F is on your side: a stand shoots only at enemy stands."


def test_a_harmful_power_at_a_friend_says_it_targets_an_enemy_stand() -> None:
    data = setup(stand("a", "good", "WR", 30, 20, 0), stand("m", "evil", "MO", 20, 36, 180))
    data["armies"]["evil"]["heroes"].append({"id": "sorcerer", "profile": "Dark Sorcerer", "x": 30, "y": 30})
    data["profiles"].append(WIZARD)
    game = Game(data)
    game.play("good", {"type": "end_moves"})
    command = {"type": "cast", "model": "sorcerer", "power": "Black Dart", "target": "m", "will": 1}
    error = refused(game, "evil", command)
    assert error.code == "wrong_side_target"
    assert error.message == "M is on your side: Black Dart targets an enemy stand."


def test_a_hero_with_a_stand_is_told_to_activate_it_first(game: Game) -> None:
    """§6.1, §6.3: a hero leaves his stand (then moves) only as it activates."""
    for command in (
        {"type": "detach", "hero": "eomer"},
        {"type": "move_hero", "hero": "eomer", "path": [[30, 6]]},
    ):
        error = refused(game, "good", command)
        assert error.code == "activate_first"
        assert error.message == "Activate A first: Eomer may leave it as it activates."


def test_a_missing_value_is_named(game: Game) -> None:
    error = refused(game, "good", {"type": "move_stand", "stand": "f", "via": [[30, 16]]})
    assert error.message.startswith("That 'move_stand' is missing a value for facing")
