"""§8.8: recoils and pushes, and what blocks them: an enemy stand, a watching stand, impassable
terrain, the board edge, a friend that cannot be pushed. Loose heroes never block."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.mass_battle.field import Obstruction
from rules_core.mass_battle.geometry import Rect, recoil_direction
from rules_core.mass_battle.recoil import Recoil, recoil
from rules_core.mass_battle.sweep import overlaps

from .fixtures import BASE_25, board, hero, square, stand

A = stand("a", "good", 30, 20, 0, name="Spears")  # T5's A, beaten by B
B = stand("b", "evil", 30, 22, 180, name="Orcs")
BACK = recoil_direction(B.rect, A.rect)  # along B's facing: -y


def moved(result: Recoil | Obstruction) -> dict[str, Rect]:
    assert isinstance(result, Recoil), result
    return dict(result.moved)


def test_t5_the_loser_moves_2_inches_along_the_winner_s_facing_without_turning() -> None:
    assert BACK == (0.0, -1.0)
    assert moved(recoil(board(A, B), "a", BACK)) == {"a": Rect(30, 18, 0)}
    # 5b: A wins; B recoils along A's facing to (30, 24).
    assert moved(recoil(board(A, B), "b", recoil_direction(A.rect, B.rect))) == {"b": Rect(30, 24, 180)}


def test_a_flank_attacker_beaten_by_the_stand_it_struck_falls_straight_back() -> None:
    """Moving along the winner's facing would slide the attacker along the flank it touches and
    leave it in contact; it moves away from the edge it struck instead."""
    flanker = stand("c", "evil", 33, 20, 270)
    assert recoil_direction(A.rect, flanker.rect) == A.rect.normal("right") == (1.0, 0.0)
    assert moved(recoil(board(A, flanker), "c", recoil_direction(A.rect, flanker.rect))) == {
        "c": Rect(35, 20, 270)
    }
    # When the flank attacker wins, the loser moves along the winner's facing (away from it).
    assert recoil_direction(flanker.rect, A.rect) == (-1.0, 0.0)


def test_a_friend_in_the_way_is_pushed_the_same_distance_and_chains_go_on() -> None:
    support = stand("s", "good", 30, 18, 0)
    third = stand("t", "good", 30, 16, 0)
    result = recoil(board(A, B, support, third), "a", BACK)
    assert moved(result) == {"a": Rect(30, 18, 0), "s": Rect(30, 16, 0), "t": Rect(30, 14, 0)}
    assert isinstance(result, Recoil) and result.pushed == ("s", "t")


def test_a_friend_only_sliding_past_along_an_edge_is_not_pushed() -> None:
    beside = stand("n", "good", 34, 19, 0)  # flank to flank with A, a little behind
    assert moved(recoil(board(A, B, beside), "a", BACK)) == {"a": Rect(30, 18, 0)}


def test_blocked_by_an_enemy_stand() -> None:
    behind = stand("e", "evil", 30, 17.5, 0, name="Wolves")
    assert recoil(board(A, B, behind), "a", BACK) == Obstruction(
        "blocked_by_enemy", "Spears cannot recoil: Wolves is in the way.", "e"
    )


def test_blocked_by_a_watching_stand() -> None:
    watching = stand("w", "good", 30, 17, 0, name="Guards", watching=True)
    result = recoil(board(A, B, watching), "a", BACK)
    assert result == Obstruction(
        "blocked_by_watching",
        "Spears cannot recoil: Guards is watching a challenge and cannot be pushed.",
        "w",
    )


def test_blocked_by_impassable_terrain_but_not_by_difficult_or_sight_blocking() -> None:
    wall = square("Wall", 20, 17, 40, 17.8, impassable=True)
    result = recoil(board(A, B, wall), "a", BACK)
    assert result == Obstruction("blocked_by_terrain", "Spears cannot recoil: Wall is in the way.", "wall")
    wood = square("Wood", 20, 17, 40, 17.8, difficult=True, blocks_sight=True)
    assert moved(recoil(board(A, B, wood), "a", BACK)) == {"a": Rect(30, 18, 0)}


def test_blocked_by_the_board_edge() -> None:
    near_edge = stand("a", "good", 30, 2, 0, name="Spears")
    result = recoil(board(near_edge, stand("b", "evil", 30, 4, 180)), "a", BACK)
    assert result == Obstruction("blocked_by_board_edge", "Spears cannot recoil: it would leave the board.")
    assert isinstance(
        recoil(board(stand("a", "good", 30, 3, 0), stand("b", "evil", 30, 5, 180)), "a", BACK), Recoil
    )


def test_blocked_by_a_friend_that_cannot_be_pushed() -> None:
    support = stand("s", "good", 30, 18, 0, name="Archers")
    enemy_behind = stand("e", "evil", 30, 15.5, 0, name="Wolves")
    assert recoil(board(A, B, support, enemy_behind), "a", BACK) == Obstruction(
        "blocked_by_enemy", "Spears cannot recoil: pushing Archers, Wolves is in the way.", "e"
    )
    against_edge = board(
        stand("a", "good", 30, 4, 0, name="Spears"),
        stand("b", "evil", 30, 6, 180),
        stand("s", "good", 30, 2, 0, name="Archers"),
    )
    assert recoil(against_edge, "a", BACK) == Obstruction(
        "blocked_by_board_edge", "Spears cannot recoil: pushing Archers, it would leave the board."
    )


def test_a_supporter_falling_back_pushes_nobody() -> None:
    support = stand("s", "good", 30, 18, 0, name="Archers")
    assert recoil(board(A, B, support), "a", BACK, push=False) == Obstruction(
        "blocked_by_friend", "Spears cannot fall back: Archers is in the way.", "s"
    )


def test_loose_heroes_never_block_enemies_are_overrun_friends_put_aside() -> None:
    field = board(A, B, hero("grinnah", "evil", 30, 17.5), hero("hama", "good", 31, 17.8))
    result = recoil(field, "a", BACK)
    assert isinstance(result, Recoil)
    assert result.moved == (("a", Rect(30, 18, 0)),)
    assert result.overrun == ("grinnah",)
    ((who, (x, y)),) = result.displaced
    assert who == "hama" and (x, y) == pytest.approx((31, 17 - BASE_25))


def test_pushed_stands_overrun_enemy_heroes_too() -> None:
    support = stand("s", "good", 30, 18, 0)
    result = recoil(board(A, B, support, hero("grinnah", "evil", 29, 16)), "a", BACK)
    assert isinstance(result, Recoil) and result.overrun == ("grinnah",)


@settings(max_examples=60, deadline=None)
@given(
    heading=st.floats(0, 360, exclude_max=True),
    offsets=st.lists(st.tuples(st.floats(-6, 6), st.floats(-6, 6), st.sampled_from([0.0, 90.0])), max_size=4),
)
def test_a_recoil_that_is_not_blocked_leaves_no_stands_overlapping(heading, offsets) -> None:
    from rules_core.mass_battle.geometry import front_vector

    others = [stand(f"f{i}", "good", 30 + dx, 24 + dy, f) for i, (dx, dy, f) in enumerate(offsets)]
    loser = stand("l", "good", 30, 24, 0)
    placed = [loser]
    for other in others:  # keep only a legal starting position: nothing overlapping
        if not any(overlaps((o.rect.polygon,), other.rect.polygon) for o in placed):
            placed.append(other)
    field = board(*placed)
    result = recoil(field, "l", front_vector(heading))
    if isinstance(result, Obstruction):
        return
    after = field.with_stands(result.moved)
    for i, a in enumerate(after.stands):
        for b in after.stands[i + 1 :]:
            assert not overlaps((a.rect.polygon,), b.rect.polygon)
