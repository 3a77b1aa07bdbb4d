"""§3 and §6.2, §6.6: swept areas, move length, what a stand move may not cross, the control zone,
overrun of enemy loose heroes and friendly ones put aside (T9)."""

from __future__ import annotations

import math

import pytest

from rules_core.geometry import convex_hull, point_polygon_distance
from rules_core.mass_battle.field import Obstruction
from rules_core.mass_battle.geometry import Rect
from rules_core.mass_battle.loose import loose_path_problem
from rules_core.mass_battle.moves import StandMove, displace_friends, move_poses, plan_stand_move
from rules_core.mass_battle.sweep import Pose, move_length, overlaps_circle, sweep

from .fixtures import BASE_25, board, hero, square, stand

S = Rect(30, 10, 0)  # T9's stand: x 28-32, y 9-11


def planned(field, stand_id, via, facing, allowance=6.0, **extra) -> StandMove:
    result = plan_stand_move(
        field, stand_id, move_poses(field.stand(stand_id).rect, via, facing), allowance, **extra
    )
    assert isinstance(result, StandMove), result
    return result


def refused(field, stand_id, via, facing, allowance=6.0, **extra):
    result = plan_stand_move(
        field, stand_id, move_poses(field.stand(stand_id).rect, via, facing), allowance, **extra
    )
    assert not isinstance(result, StandMove), result
    return result


def test_a_straight_move_sweeps_the_hull_of_its_two_footprints() -> None:
    (area,) = sweep(S, [Pose(30, 16, 0)])
    assert sorted(area) == sorted([(28, 9), (32, 9), (32, 17), (28, 17)])
    assert move_length(S, [Pose(30, 16, 0)]) == pytest.approx(6.0)


def test_move_length_adds_up_each_corner_s_legs_and_takes_the_longest() -> None:
    dog_leg = [Pose(30, 13, 0), Pose(34, 13, 0)]
    assert move_length(S, dog_leg) == pytest.approx(7.0)
    # Pivoting a quarter turn on the spot moves each corner along a chord of its circle.
    assert move_length(S, [Pose(30, 10, 90)]) == pytest.approx(math.sqrt(10))


def test_a_turning_move_sweeps_the_arcs_of_its_corners() -> None:
    """A quarter turn on the spot: the hull of the start and end footprints reaches 2" to the right
    of the centre, but the front-right corner swings out to 2.236" on its way round."""
    probe = (30 + S.reach - 0.1, 10.0)
    area = sweep(S, [Pose(30, 10, 90)])
    assert overlaps_circle(area, probe, 0.12)
    start_and_end_only = convex_hull([*S.corners, *S.posed(30, 10, 90).corners])
    assert not overlaps_circle((start_and_end_only,), probe, 0.12)
    assert all(math.dist((30, 10), p) <= S.reach + 0.02 for piece in area for p in piece)


@pytest.mark.parametrize("turn", [30.0, 90.0, 180.0, -135.0])
def test_a_turning_move_s_swept_area_holds_every_pose_on_the_way(turn: float) -> None:
    """Never smaller than the true area: every corner of every pose between the two ends lies in it,
    here for a stand that moves 3" while it turns."""
    area = sweep(S, [Pose(32, 12, turn)])
    for i in range(201):
        t = i / 200
        pose = S.posed(30 + 2 * t, 10 + 2 * t, turn * t)
        for corner in pose.corners:
            assert any(point_polygon_distance(corner, piece) <= 1e-9 for piece in area), (t, corner)


def test_move_poses_keep_the_facing_until_the_last_leg() -> None:
    assert move_poses(S, [(30, 12), (34, 12)], 90) == [Pose(30, 12, 0), Pose(34, 12, 90)]
    assert move_poses(S, [], 180) == [Pose(30, 10, 180)]


def test_t9_the_move_overruns_the_enemy_hero_it_crosses_and_puts_the_friend_aside() -> None:
    field = board(
        stand("s", "good", 30, 10, 0),
        hero("goblin_captain", "evil", 30, 14),
        hero("grinnah", "evil", 33.6, 14),
        hero("hama", "good", 30, 16.2),
    )
    move = planned(field, "s", [(30, 16)], 0)
    assert move.end == Rect(30, 16, 0)
    assert move.area == ([(28, 9), (32, 9), (32, 17), (28, 17)],)
    assert move.overrun == ("goblin_captain",)  # Grinnah is 1.108" clear; Hama is a friend
    ((moved, (x, y)),) = move.displaced
    assert moved == "hama" and x == pytest.approx(30) and y == pytest.approx(17 + BASE_25)
    after = field.with_stands([("s", move.end)]).with_heroes(move.displaced)
    problem = loose_path_problem(after, "grinnah", [(32.6, 14)])
    assert problem is not None and problem.code == "too_close_to_enemy_stand"
    assert (
        problem.message == 'Grinnah would come within 0.674" of S: a loose hero keeps 1" from enemy stands.'
    )


def test_passing_close_by_overruns_nobody() -> None:
    field = board(stand("s", "good", 30, 10, 0), hero("grinnah", "evil", 32 + BASE_25 - 0.04, 14))
    assert planned(field, "s", [(30, 16)], 0).overrun == ()
    field = board(stand("s", "good", 30, 10, 0), hero("grinnah", "evil", 32 + BASE_25 - 0.06, 14))
    assert planned(field, "s", [(30, 16)], 0).overrun == ("grinnah",)


def test_a_corner_running_into_a_hero_s_base_overruns_him() -> None:
    """A stand turned 45° moves straight ahead: its front corner leads. Its corner reaching 0.04"
    into Grinnah's base passes him by; 0.06", beyond the tolerance, overruns him (§6.6)."""
    turned = stand("s", "good", 30.7071, 7, 45)
    ahead = max(y for _, y in turned.rect.corners) - 7  # the front corner, 2.121" ahead of the centre
    for depth, overrun in ((0.04, ()), (0.06, ("grinnah",))):
        field = board(turned, hero("grinnah", "evil", 30, 11 + ahead + BASE_25 - depth))
        assert planned(field, "s", [(30.7071, 11)], 45).overrun == overrun


def test_a_move_longer_than_the_move_is_refused() -> None:
    problem = refused(board(stand("s", "good", 30, 10, 0, name="Riders")), "s", [(30, 17)], 0)
    assert (problem.code, problem.message) == (
        "move_too_long",
        'Riders can move 6" but that move needs 7.0".',
    )


def test_crossing_difficult_terrain_halves_the_move() -> None:
    field = board(stand("s", "good", 30, 10, 0, name="Riders"), square("Bog", 20, 14, 40, 20, difficult=True))
    problem = refused(field, "s", [(30, 14)], 0)
    assert problem.message == 'Riders can move 3" (half its Move: it crosses Bog) but that move needs 4.0".'
    assert planned(field, "s", [(30, 12)], 0).allowance == 6.0  # stops 1" short of the bog


def test_stands_read_the_skirmish_pieces_a_wall_slows_them_and_a_rock_face_stops_them() -> None:
    """§2.1: a stand takes no Jump or Climb test; a wall is difficult to it, a rock climbed onto is not
    for it, and a hill is open ground it walks up."""
    wall = square("Wall", 20, 14, 40, 14.25, barrier=True, blocks_sight=True)
    wall.height = 1.0
    problem = refused(board(stand("s", "good", 30, 10, 0, name="Riders"), wall), "s", [(30, 14.5)], 0)
    assert problem.message == 'Riders can move 3" (half its Move: it crosses Wall) but that move needs 4.5".'
    rocks = square("Rocks", 20, 14, 40, 20, raised=True, climbable=True, blocks_sight=True)
    problem = refused(board(stand("s", "good", 30, 10, 0, name="Riders"), rocks), "s", [(30, 14)], 0)
    assert (problem.code, problem.message) == ("impassable", "Riders cannot move through Rocks.")
    hill = square("Hill", 20, 14, 40, 20, raised=True, blocks_sight=True)
    assert (
        planned(board(stand("s", "good", 30, 10, 0, name="Riders"), hill), "s", [(30, 16)], 0).allowance
        == 6.0
    )


def test_a_move_through_another_stand_impassable_terrain_or_off_the_board_is_refused() -> None:
    friend = stand("f", "good", 30, 14, 0, name="Spears")
    problem = refused(board(stand("s", "good", 30, 10, 0, name="Riders"), friend), "s", [(30, 16)], 0)
    assert (problem.code, problem.message) == ("path_blocked", "Riders cannot move through Spears.")
    rock = square("Rock", 29, 13, 31, 14, impassable=True)
    problem = refused(board(stand("s", "good", 30, 10, 0, name="Riders"), rock), "s", [(30, 16)], 0)
    assert (problem.code, problem.message) == ("impassable", "Riders cannot move through Rock.")
    problem = refused(board(stand("s", "good", 30, 2, 0, name="Riders")), "s", [(30, 0.5)], 0)
    assert problem.code == "off_board"


def test_at_most_four_legs() -> None:
    field = board(stand("s", "good", 30, 10, 0))
    legs = [(30, 11), (31, 11), (31, 12), (30, 12), (30, 13)]
    assert refused(field, "s", legs, 0).code == "too_many_legs"


def test_the_control_zone_keeps_a_move_1_inch_from_enemy_stands_unless_it_charges_them() -> None:
    field = board(stand("s", "good", 30, 10, 0, name="Riders"), stand("o", "evil", 34.5, 16, 0, name="Orcs"))
    problem = refused(field, "s", [(30, 16)], 0)  # passes 0.5" from the Orcs
    assert problem.code == "too_close_to_enemy_stand"
    assert problem.message.startswith('Riders would come within 0.5" of Orcs')
    planned(field, "s", [(30, 16)], 0, target="o")
    planned(field, "s", [(30, 16)], 0, zones_ignored=["o"])


def test_a_stand_already_inside_a_control_zone_may_move_but_not_closer() -> None:
    field = board(stand("s", "good", 30, 10, 0), stand("o", "evil", 34.5, 10, 0))  # 0.5" apart
    planned(field, "s", [(30, 14)], 0)  # straight ahead, keeping 0.5"
    planned(field, "s", [(29, 10)], 0)  # away
    assert refused(field, "s", [(30.3, 14)], 0).code == "too_close_to_enemy_stand"


def test_friendly_stands_have_no_control_zone_and_loose_heroes_none_against_stands() -> None:
    field = board(
        stand("s", "good", 30, 10, 0), stand("f", "good", 34.5, 14, 0), hero("grinnah", "evil", 33, 13)
    )
    assert planned(field, "s", [(30, 16)], 0).overrun == ()


def test_a_friend_is_put_aside_by_the_shortest_way_that_is_free() -> None:
    """Straight up is nearest for Hama under the end footprint, but a friend stands there."""
    field = board(
        stand("s", "good", 30, 10, 0), stand("f", "good", 30, 18, 0), hero("hama", "good", 30, 16.2)
    )
    ((_, (x, y)),) = planned(field, "s", [(30, 16)], 0).displaced
    assert (x, y) == pytest.approx((30, 15 - BASE_25))  # out of the rear edge instead


def test_no_room_to_put_a_friendly_hero_aside() -> None:
    """Two stands fill a 4" x 4" board: the hero under one of them has nowhere to go."""
    field = board(
        stand("s", "good", 2, 1, 0),
        stand("f", "good", 2, 3, 0),
        hero("hama", "good", 2, 1),
        width=4,
        height=4,
    )
    problem = displace_friends(field, [("s", Rect(2, 1, 0))], "good")
    assert problem == Obstruction(
        "no_room_for_hero", "There is no room to put Hama aside: the stand cannot end there.", "hama"
    )
