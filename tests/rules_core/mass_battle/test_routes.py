"""§6.2 at the referee: a way of up to four legs round what stands between a stand and where it is
dragged: friends, an enemy's control zone, impassable terrain; within its Move, half of it through
difficult ground; none when the end is taken or too far."""

from __future__ import annotations

import math

import pytest

from rules_core.mass_battle.moves import StandMove, plan_stand_move
from rules_core.mass_battle.preview import preview
from rules_core.mass_battle.route import find_route
from rules_core.mass_battle.sweep import Pose

from .battles import Game, setup
from .battles import stand as battle_stand
from .fixtures import board, square, stand


def route(field, end: tuple[float, float, float], allowance: float = 6.0) -> StandMove:
    found = find_route(field, "a", Pose(*end), allowance)
    assert isinstance(found, StandMove), "no way found"
    again = plan_stand_move(field, "a", list(found.poses), allowance)
    assert isinstance(again, StandMove), again  # the way found is one the referee accepts
    return found


def test_a_straight_way_when_nothing_is_in_it() -> None:
    found = route(board(stand("a", "good", 30, 20, 0)), (30, 25, 0))
    assert [(p.x, p.y) for p in found.poses] == [(30, 25)]
    assert found.length == pytest.approx(5)


def test_round_a_friend_straight_ahead_in_two_or_more_legs() -> None:
    """B stands across A's way, 1" in front of it: A goes round B's end and on to the far side."""
    field = board(stand("a", "good", 30, 20, 0), stand("b", "good", 31, 23, 0))
    assert not isinstance(plan_stand_move(field, "a", [Pose(30, 26, 0)], 12.0), StandMove)
    found = route(field, (30, 26, 0), allowance=12.0)
    assert 2 <= len(found.poses) <= 4
    assert found.poses[-1] == Pose(30, 26, 0)
    # Round B's left end: every corner of the way is left of x 27 (B spans x 29-33, A is 4" wide).
    assert min(p.x for p in found.poses[:-1]) <= 27.0 + 1e-6
    assert found.length <= 12.0


def test_four_legs_round_a_line_of_friends_and_back_behind_it() -> None:
    """A line of three friends 1" ahead (x 22-38); behind them a wall. A reaches the spot right
        behind the middle friend round the line's end, turning to face back: four legs (the last a turn on
    the spot, as the cliff leaves no room to turn on the way)."""
    field = board(
        stand("a", "good", 30, 20, 0),
        stand("b", "good", 26, 23, 0),
        stand("c", "good", 30, 23, 0),
        stand("d", "good", 34, 23, 0),
        square("Cliff", 20, 29.5, 40, 32, impassable=True),
    )
    found = route(field, (30, 26.5, 180), allowance=26.0)
    assert len(found.poses) == 4
    assert (found.poses[-1].x, found.poses[-1].y) == (found.poses[-2].x, found.poses[-2].y)
    assert found.end.facing == pytest.approx(180)


def test_round_an_enemy_control_zone() -> None:
    """An enemy 0.8" to the side of the straight way: its control zone is in the way, the route
    keeps 1" off it."""
    field = board(stand("a", "good", 30, 20, 0), stand("e", "evil", 33.8, 24, 270))
    assert not isinstance(plan_stand_move(field, "a", [Pose(30, 28, 0)], 10.0), StandMove)
    found = route(field, (30, 28, 0), allowance=10.0)
    assert len(found.poses) >= 2


def test_round_impassable_terrain() -> None:
    field = board(stand("a", "good", 30, 20, 0), square("Rock", 29, 22, 31, 24, impassable=True))
    found = route(field, (30, 27, 0), allowance=12.0)
    assert len(found.poses) >= 2
    assert found.length <= 12.0


def test_no_way_when_the_end_is_taken_or_the_way_round_is_longer_than_the_move() -> None:
    field = board(stand("a", "good", 30, 20, 0), stand("b", "good", 30, 26, 0))
    assert find_route(field, "a", Pose(30, 25.5, 0), 12.0) is None  # overlaps B
    wall = board(stand("a", "good", 30, 20, 0), stand("b", "good", 30, 23, 0))
    # Round B's end to 6" straight ahead is about 12.6", and straight through is refused.
    assert find_route(wall, "a", Pose(30, 26, 0), 12.0) is None
    assert find_route(wall, "a", Pose(30, 26, 0), 13.0) is not None


def test_a_way_through_difficult_ground_counts_half_the_move() -> None:
    """B stands across A's way and a wood on its left: round B's left end A would cross the wood
    and have half of its 14" (7"), too little; round the right end it needs about 12.6"."""
    field = board(
        stand("a", "good", 30, 20, 0),
        stand("b", "good", 30, 23, 0),
        square("Wood", 20, 22, 27.5, 30, difficult=True),
    )
    found = route(field, (30, 26, 0), allowance=14.0)
    assert all(p.x > 30 for p in found.poses[:-1])  # round B's right end, clear of the wood
    assert found.length <= 14.0
    assert math.isclose(found.allowance, 14.0)


def test_a_drag_through_a_friend_is_previewed_round_it_and_the_way_shown_is_the_one_played() -> None:
    game = Game(
        setup(
            battle_stand("a", "good", "WR", 30, 20, 0),
            battle_stand("b", "good", "WR", 27, 23, 0),
            battle_stand("e", "evil", "MO", 60, 40, 180),
        )
    )
    # Straight to 1.5" right and 5" ahead, A's left edge would cross B's right end.
    dragged = {"type": "move_stand", "stand": "a", "via": [[31.5, 25]], "facing": 0}
    shown = preview(game.state, dragged)
    assert shown["ok"], shown
    sent = shown["command"]
    assert sent["type"] == "move_stand" and sent["via"][-1] == [31.5, 25] and len(sent["via"]) >= 2
    assert [leg[:2] for leg in shown["legs"]] == sent["via"]
    game.play("good", sent)
    (moved,) = game.of("stand_moved")
    assert moved["plan"]["legs"] == shown["legs"] and game.at("a") == (31.5, 25)


def test_a_stand_dropped_in_front_of_an_enemy_charges_it_with_the_combat_s_odds() -> None:
    game = Game(
        setup(battle_stand("a", "good", "WR", 30, 20, 0), battle_stand("e", "evil", "MO", 30, 27, 180))
    )
    # Let go 0.5" short of E's front: a plain move would enter its control zone.
    shown = preview(game.state, {"type": "move_stand", "stand": "a", "via": [[30, 24.5]], "facing": 0})
    assert shown["ok"] and shown["command"] == {"type": "charge", "stand": "a", "target": "e"}
    assert shown["edge"] == "front" and shown["end"][:2] == [30, 25]  # front to front
    assert {o["label"] for o in shown["odds"]} >= {"A is destroyed", "E recoils", "a tie"}
    game.play("good", shown["command"])
    assert game.of("stand_charged")[0]["target"] == "e"


def test_a_refused_drag_names_and_points_at_what_blocks_it() -> None:
    game = Game(
        setup(
            battle_stand("a", "good", "WR", 30, 20, 0),
            battle_stand("b", "good", "WR", 30, 26, 0),
            battle_stand("e", "evil", "MO", 60, 40, 180),
        )
    )
    onto = preview(game.state, {"type": "move_stand", "stand": "a", "via": [[30, 25.5]], "facing": 0})
    assert (
        not onto["ok"]
        and onto["message"] == "A cannot move through B."
        and onto["blocking"] == {"model": "b"}
    )
    beside = preview(
        game.state, {"type": "move_stand", "stand": "a", "via": [[33, 20], [33, 23]], "facing": 0}
    )
    assert beside["ok"], "a legal drag is kept as drawn"
    assert beside["command"]["via"] == [[33, 20], [33, 23]]
