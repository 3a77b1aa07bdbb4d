"""§3, line of sight: sight-blocking terrain and other stands block; loose heroes never do."""

from __future__ import annotations

from rules_core.mass_battle.sight import base_points, in_sight, sight_points, stands_see

from .fixtures import board, hero, square, stand


def test_stands_see_each_other_across_open_ground() -> None:
    assert stands_see(board(stand("a", "good", 30, 10, 0), stand("b", "evil", 30, 30, 180)), "a", "b")


def test_a_wood_wider_than_both_stands_blocks_sight() -> None:
    wood = square("Wood", 20, 18, 40, 22, blocks_sight=True)
    assert not stands_see(
        board(stand("a", "good", 30, 10, 0), stand("b", "evil", 30, 30, 180), wood), "a", "b"
    )
    narrow = square("Tree", 29, 18, 31, 22, blocks_sight=True)
    assert stands_see(board(stand("a", "good", 30, 10, 0), stand("b", "evil", 30, 30, 180), narrow), "a", "b")


def test_another_stand_blocks_sight_a_loose_hero_does_not() -> None:
    wall = stand("w", "good", 30, 20, 0, width=12, depth=2)
    assert not stands_see(
        board(stand("a", "good", 30, 10, 0), stand("b", "evil", 30, 30, 180), wall), "a", "b"
    )
    crowd = [hero(f"h{i}", "good", 26 + i, 20) for i in range(9)]
    assert stands_see(board(stand("a", "good", 30, 10, 0), stand("b", "evil", 30, 30, 180), *crowd), "a", "b")


def test_stand_fast_sight_reads_terrain_only() -> None:
    field = board(stand("a", "good", 30, 10, 0), stand("w", "good", 30, 14, 0, width=12, depth=2))
    assert in_sight(field, base_points((30, 18), 0.5), sight_points(field.stand("a").rect))
    assert not in_sight(field, base_points((30, 18), 0.5), sight_points(field.stand("a").rect), ["w"])


def test_a_stand_inside_a_wood_sees_out_of_it() -> None:
    wood = square("Wood", 25, 5, 35, 15, blocks_sight=True)
    assert stands_see(board(stand("a", "good", 30, 10, 0), stand("b", "evil", 30, 30, 180), wood), "a", "b")
