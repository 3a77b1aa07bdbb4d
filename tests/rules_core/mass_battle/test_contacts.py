"""§3: edge contacts (front, flank, rear), overlaps against flank support, rear support, engaged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.mass_battle.field import Contacts, contacts_of, engaged, free_edges
from rules_core.mass_battle.geometry import (
    Rect,
    edges_in_contact,
    front_vector,
    gives_rear_support,
    in_front_contact,
    overlap_flank,
    rect_distance,
    struck_edge,
)

from .fixtures import board, stand

# T5: A faces +y, B faces it; front edges meet on y = 21.
A = Rect(30, 20, 0)
B = Rect(30, 22, 180)


def test_corners_follow_the_spec_s_pose_formula() -> None:
    assert A.corners == ((28, 21), (32, 21), (32, 19), (28, 19))
    turned = Rect(33, 20, 270)  # T7b's C: facing -x, its front edge on x = 32
    assert turned.edge("front") == ((32, 18), (32, 22))
    assert turned.front == (-1.0, 0.0) and turned.right == (0.0, 1.0)


def test_t5_front_edges_touching_with_opposite_facings_are_in_front_contact() -> None:
    assert in_front_contact(A, B) and in_front_contact(B, A)
    assert struck_edge(A, B) == "front" and struck_edge(B, A) == "front"
    field = board(stand("a", "good", 30, 20, 0), stand("b", "evil", 30, 22, 180))
    assert contacts_of(field, "a").front == ("b",) and engaged(field, "a") and engaged(field, "b")


@pytest.mark.parametrize(
    ("gap", "shift", "turn", "touching"),
    [
        (0.05, 0.0, 0.0, True),  # 0.05" apart is still contact
        (0.06, 0.0, 0.0, False),
        (0.0, 0.05, 0.0, True),  # sliding 0.05" along the edge keeps 3.95" of overlap
        (0.0, 0.06, 0.0, False),
        (0.0, 0.0, 0.9, True),  # parallel within 1 degree
        (0.0, 0.0, 1.2, False),
    ],
)
def test_edge_contact_tolerances(gap: float, shift: float, turn: float, touching: bool) -> None:
    other = Rect(30 + shift, 22 + gap, 180 + turn)
    assert edges_in_contact(A.edge("front"), other.edge("front")) is touching
    assert in_front_contact(A, other) is touching


def test_overlapping_stands_are_not_in_contact() -> None:
    """Edges may coincide when one stand lies across the other: that is an overlap, not a contact."""
    assert struck_edge(A, Rect(30, 20, 180)) is None
    assert rect_distance(A, Rect(31, 20.5, 0)) == 0.0


def test_t7b_a_front_edge_on_the_flank_is_flank_contact_and_one_on_the_rear_is_rear_contact() -> None:
    flanker = Rect(33, 20, 270)
    assert struck_edge(A, flanker) == "right"
    assert struck_edge(flanker, A) is None  # A's flank edge is not on the flanker's front
    assert struck_edge(A, Rect(30, 18, 0)) == "rear"
    field = board(
        stand("a", "good", 30, 20, 0), stand("b", "evil", 30, 22, 180), stand("c", "evil", 33, 20, 270)
    )
    contacts = contacts_of(field, "a")
    assert contacts.flank == (("c", "right"),) and contacts.overlaps == ()
    assert contacts_of(field, "c").striking == (("a", "right"),)
    assert engaged(field, "c")  # the flank attacker is in the fight too


def test_t7a_a_front_edge_touching_only_the_front_corner_overlaps() -> None:
    beside = Rect(34, 22, 180)
    assert overlap_flank(A, beside) == "right"
    assert struck_edge(A, beside) is None and struck_edge(beside, A) is None
    field = board(
        stand("a", "good", 30, 20, 0), stand("b", "evil", 30, 22, 180), stand("c", "evil", 34, 22, 180)
    )
    contacts = contacts_of(field, "a")
    assert contacts.front == ("b",) and contacts.overlaps == (("c", "right"),) and contacts.flank == ()
    assert overlap_flank(A, Rect(26, 22, 180)) == "left"


def test_a_flank_edge_beside_a_flank_edge_overlaps() -> None:
    side_by_side = Rect(34, 20, 180)  # beside A, facing the other way: flank against flank
    assert overlap_flank(A, side_by_side) == "right"
    assert overlap_flank(A, Rect(26, 20, 0)) == "left"


def test_at_most_one_overlap_counts_on_each_flank() -> None:
    field = board(
        stand("a", "good", 30, 20, 0),
        stand("b", "evil", 30, 22, 180),
        stand("c", "evil", 34, 22, 180),  # front corner overlap on the right
        stand("d", "evil", 34, 20, 180),  # and flank-to-flank on the right too
        stand("e", "evil", 26, 22, 180),  # front corner overlap on the left
    )
    assert contacts_of(field, "a").overlaps == (("e", "left"), ("c", "right"))


def test_a_stand_that_only_touches_a_corner_or_is_offset_is_neither_contact_nor_overlap() -> None:
    assert overlap_flank(A, Rect(34, 23, 180)) is None  # corner to corner, not on the front line
    half_on = Rect(32, 22, 180)  # front edges share only 2"
    assert struck_edge(A, half_on) is None and overlap_flank(A, half_on) is None


def test_rear_support_needs_the_same_facing_and_the_front_edge_on_the_rear_edge() -> None:
    assert gives_rear_support(A, Rect(30, 18, 0))
    assert not gives_rear_support(A, Rect(30, 18, 180))  # back to back
    assert not gives_rear_support(A, Rect(31, 18, 0))  # 1" off to the side
    field = board(
        stand("a", "good", 30, 20, 0), stand("b", "evil", 30, 22, 180), stand("s", "good", 30, 18, 0)
    )
    assert contacts_of(field, "a").rear_support == "s"


def test_a_friend_in_contact_with_an_enemy_gives_no_rear_support() -> None:
    field = board(
        stand("a", "good", 30, 20, 0),
        stand("b", "evil", 30, 22, 180),
        stand("s", "good", 30, 18, 0),
        stand("f", "evil", 27, 18, 90),  # on the supporter's left flank
    )
    assert engaged(field, "s")
    assert contacts_of(field, "a").rear_support is None


def test_t8_a_stand_on_the_enemy_s_flank_is_not_a_frontal_pair_and_its_friend_s_corner_is_nothing() -> None:
    field = board(
        stand("a", "good", 30, 20, 0), stand("b", "evil", 30, 22, 180), stand("d", "good", 33, 23, 270)
    )
    b = contacts_of(field, "b")
    assert b.front == ("a",) and b.flank == (("d", "left"),)
    assert not in_front_contact(Rect(33, 23, 270), Rect(30, 22, 180))


def test_free_edges_are_the_ones_no_enemy_touches() -> None:
    field = board(
        stand("a", "good", 30, 20, 0), stand("b", "evil", 30, 22, 180), stand("c", "evil", 33, 20, 270)
    )
    assert free_edges(field, "a") == ["rear", "left"]


LAYOUT = {  # T7's and T8's stands, with one rear supporter
    "a": ("good", 30, 20, 0),
    "b": ("evil", 30, 22, 180),
    "c": ("evil", 34, 22, 180),  # overlaps A on the right
    "d": ("good", 33, 23, 270),  # on B's left flank
    "s": ("good", 30, 18, 0),  # behind A
    "f": ("evil", 27, 21, 90),  # front edge x 28, y 19-23: on A's left flank
}


@settings(max_examples=80, deadline=None)
@given(turn=st.floats(0, 360), dx=st.floats(-20, 20), dy=st.floats(-10, 10))
def test_contacts_do_not_depend_on_where_the_fight_is_or_which_way_the_table_turns(turn, dx, dy) -> None:
    """Moving and turning the whole scene together changes no contact, overlap or support."""

    def place(x: float, y: float) -> tuple[float, float]:
        rx, ry = front_vector(turn + 90), front_vector(turn)  # the turned x and y axes
        ox, oy = x - 30, y - 20
        return (36 + dx + ox * rx[0] + oy * ry[0], 24 + dy + ox * rx[1] + oy * ry[1])

    def scene(moved: bool):
        shapes = []
        for ident, (side, x, y, facing) in LAYOUT.items():
            px, py = place(x, y) if moved else (x, y)
            shapes.append(stand(ident, side, px, py, facing + (turn if moved else 0)))
        return board(*shapes, width=200, height=200)

    assert contacts_of(scene(False), "a") == Contacts(
        front=("b",), flank=(("f", "left"),), overlaps=(("c", "right"),), rear_support="s"
    )
    for ident in LAYOUT:
        assert contacts_of(scene(True), ident) == contacts_of(scene(False), ident)
