"""Loose heroes among stands (§6.3, §6.4, §8.8): paths, places, attaching edges, detaching."""

from __future__ import annotations

import pytest

from rules_core.mass_battle.field import Obstruction
from rules_core.mass_battle.geometry import Rect
from rules_core.mass_battle.loose import (
    REAR_FIRST,
    detach_spot,
    escape_spot_problem,
    escape_stands,
    loose_path_problem,
    spot_problem,
    touched_edges,
)

from .fixtures import BASE_25, board, hero, square, stand


def test_a_loose_hero_may_not_cross_a_stand_nor_come_within_1_inch_of_an_enemy_stand() -> None:
    field = board(
        stand("s", "good", 30, 10, 0, name="Riders"),
        stand("o", "evil", 40, 10, 0, name="Orcs"),
        hero("hama", "good", 30, 5),
    )
    problem = loose_path_problem(field, "hama", [(30, 15)])
    assert problem == Obstruction("path_blocked", "Hama cannot move through Riders.", "s")
    assert loose_path_problem(field, "hama", [(33, 7), (33, 13)]) is None  # round a friend, touching it
    problem = loose_path_problem(field, "hama", [(37.5, 5), (37.5, 12)])
    assert problem is not None and problem.code == "too_close_to_enemy_stand" and problem.blocker == "o"


def test_a_hero_caught_inside_a_control_zone_may_step_away_but_not_closer() -> None:
    field = board(stand("o", "evil", 30, 10, 0), hero("hama", "good", 30, 11.5))  # 0.008" from the Orcs
    assert loose_path_problem(field, "hama", [(30, 15)]) is None
    assert loose_path_problem(field, "hama", [(31, 11.49)]) is not None


def test_impassable_ground_and_the_board_edge_stop_a_loose_hero() -> None:
    field = board(hero("hama", "good", 10, 10), square("Cliff", 12, 0, 13, 48, impassable=True))
    assert loose_path_problem(field, "hama", [(14, 10)]).code == "impassable"
    assert loose_path_problem(field, "hama", [(0.2, 10)]).code == "off_board"


def test_where_a_round_base_may_stand() -> None:
    field = board(stand("o", "evil", 30, 10, 0, name="Orcs"), hero("grinnah", "evil", 40, 40))
    assert spot_problem(field, (30, 11.2), BASE_25, "good") == Obstruction(
        "overlap", "That place is on Orcs.", "o"
    )
    assert spot_problem(field, (30, 11 + BASE_25 + 0.5), BASE_25, "good").code == "too_close_to_enemy_stand"
    assert spot_problem(field, (30, 11 + BASE_25 + 0.5), BASE_25, "good", zone=False) is None
    assert spot_problem(field, (40.5, 40), BASE_25, "good").code == "overlap"
    assert spot_problem(field, (71.8, 20), BASE_25, "good").code == "off_board"


def test_a_hero_attaches_at_the_edges_his_base_touches() -> None:
    rect = Rect(30, 20, 0)
    assert touched_edges(rect, (30, 19 - BASE_25), BASE_25) == ["rear"]
    assert touched_edges(rect, (32 + BASE_25, 21 + 0.02), BASE_25) == ["front", "right"]  # at a corner
    assert touched_edges(rect, (30, 19 - BASE_25 - 0.1), BASE_25) == []
    assert touched_edges(rect, (30, 19), BASE_25) == []  # on the stand, not touching it


def test_a_detaching_hero_is_placed_in_front_of_his_stand_unless_told_otherwise() -> None:
    field = board(stand("s", "good", 30, 20, 0))
    assert detach_spot(field, "s", hero("hama", "good", 0, 0)) == pytest.approx((30, 21 + BASE_25))
    # Battles set up before edition 4 put him behind it.
    assert detach_spot(field, "s", hero("hama", "good", 0, 0), order=REAR_FIRST) == pytest.approx(
        (30, 19 - BASE_25)
    )


def test_with_a_stand_in_the_way_he_is_placed_along_a_flank() -> None:
    ahead = board(stand("s", "good", 30, 20, 0), stand("f", "good", 30, 22, 0))
    assert detach_spot(ahead, "s", hero("hama", "good", 0, 0)) == pytest.approx((28 - BASE_25, 20))
    behind = board(stand("s", "good", 30, 20, 0), stand("r", "good", 30, 18, 0))
    x, y = detach_spot(behind, "s", hero("hama", "good", 0, 0), order=REAR_FIRST)
    assert (x, y) == pytest.approx((32 + BASE_25, 20))


def test_a_detaching_hero_steps_out_at_the_edge_his_player_chooses_any_edge_no_stand_touches() -> None:
    """§6.3 (changed): any free edge, front included, so a hero can lead from in front of his line."""
    field = board(stand("s", "good", 30, 20, 0), stand("e", "good", 34, 20, 0))
    hama = hero("hama", "good", 0, 0)
    assert detach_spot(field, "s", hama, "front") == pytest.approx((30, 21 + BASE_25))
    assert detach_spot(field, "s", hama, "left") == pytest.approx((28 - BASE_25, 20))
    assert detach_spot(field, "s", hama, "right") is None, "a friend touches that flank"


def test_boxed_in_he_cannot_detach() -> None:
    field = board(
        stand("s", "good", 30, 20, 0),
        stand("r", "good", 30, 18, 0),
        stand("e", "good", 34, 20, 0),
        stand("w", "good", 26, 20, 0),
        stand("f", "good", 30, 22, 0),
    )
    assert detach_spot(field, "s", hero("hama", "good", 0, 0)) is None
    assert detach_spot(field, "s", hero("hama", "good", 0, 0), "front") is None


def test_t8b_gothmog_escapes_loose_within_6_inches_of_his_fallen_stand() -> None:
    fallen = Rect(30, 22, 180)  # B, removed from the field
    field = board(
        stand("a", "good", 30, 20, 0), stand("d", "good", 33, 23, 270), hero("gothmog", "evil", 0, 0)
    )
    assert escape_stands(field, fallen, "evil") == []  # no friendly stand in reach
    assert escape_spot_problem(field, fallen, (30, 27), BASE_25, "evil") is None
    assert escape_spot_problem(field, fallen, (30, 29.6), BASE_25, "evil").code == "too_far_to_escape"
    assert escape_spot_problem(field, fallen, (34.8, 22), BASE_25, "evil").code == "too_close_to_enemy_stand"
    assert escape_spot_problem(field, fallen, (30, 20), BASE_25, "evil").code == "overlap"


def test_t10a_a_friendly_stand_2_83_inches_away_can_take_the_escaped_hero() -> None:
    fallen = Rect(30, 20, 0)  # A
    field = board(
        stand("b", "evil", 30, 22, 180), stand("e", "good", 36, 16, 0), stand("far", "good", 50, 16, 0)
    )
    assert escape_stands(field, fallen, "good") == ["e"]
