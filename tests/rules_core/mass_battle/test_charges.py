"""§6.5: charge zones, conformed end poses, a free contacted edge, reachability."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.mass_battle.charge import ChargePlan, before_contact, plan_charge
from rules_core.mass_battle.field import Obstruction, contacts_of
from rules_core.mass_battle.geometry import Rect, charge_edge, conformed_pose, struck_edge
from rules_core.mass_battle.sweep import Pose, distance_to, overlaps, sweep

from .fixtures import board, hero, square, stand

TARGET = Rect(30, 22, 180)  # T5's B: faces -y, its front edge on y = 21


@pytest.mark.parametrize(
    ("start", "edge"),
    [
        ((30, 10), "front"),
        ((24, 17), "front"),  # well off to one side but still inside the front zone
        ((30, 30), "rear"),
        ((20, 22), "right"),  # B faces -y, so its right is -x
        ((40, 23), "left"),
        ((26, 20), "front"),  # exactly on a diagonal: the front
    ],
)
def test_the_target_s_diagonals_split_the_table_into_charge_zones(start, edge) -> None:
    assert charge_edge(TARGET, start) == edge


def test_conformed_poses_put_the_charger_s_front_edge_flush_on_the_contacted_edge() -> None:
    charger = Rect(0, 0, 0)
    assert conformed_pose(charger, TARGET, "front") == Rect(30, 20, 0)
    assert conformed_pose(charger, TARGET, "rear") == Rect(30, 24, 180)
    # On a flank, the charger's front corner lines up with the target's front corner (T8's D).
    assert conformed_pose(charger, TARGET, "left") == Rect(33, 23, 270)
    assert conformed_pose(charger, TARGET, "right") == Rect(27, 23, 90)
    large = Rect(0, 0, 0, 4, 3)
    assert conformed_pose(large, TARGET, "front") == Rect(30, 19.5, 0, 4, 3)
    for edge in ("front", "rear", "left", "right"):
        assert struck_edge(TARGET, conformed_pose(charger, TARGET, edge)) == edge


def test_a_frontal_charge_ends_in_front_contact_and_ignores_the_target_s_zone() -> None:
    field = board(stand("a", "good", 30, 15, 0), stand("b", "evil", 30, 22, 180))
    plan = plan_charge(field, "a", "b", 6.0)
    assert isinstance(plan, ChargePlan) and plan.edge == "front"
    assert plan.move.end == Rect(30, 20, 0) and plan.move.length == pytest.approx(5.0)
    assert contacts_of(field.with_stands([("a", plan.move.end)]), "a").front == ("b",)


def test_a_charge_that_cannot_reach_says_why() -> None:
    field = board(stand("a", "good", 30, 10, 0, name="Riders"), stand("b", "evil", 30, 22, 180, name="Orcs"))
    problem = plan_charge(field, "a", "b", 6.0)
    assert isinstance(problem, Obstruction) and problem.code == "charge_unreachable"
    assert problem.message == (
        'Riders cannot reach Orcs\'s front: Riders can move 6" but that move needs 10.0".'
    )


def test_the_contacted_edge_must_be_free_of_other_stands() -> None:
    field = board(
        stand("a", "good", 30, 20, 0, name="Spears"),
        stand("b", "evil", 30, 22, 180, name="Orcs"),
        stand("c", "good", 30, 15, 0, name="Riders"),
    )
    problem = plan_charge(field, "c", "b", 6.0)
    assert problem == Obstruction(
        "charge_edge_not_free", "Riders cannot charge Orcs's front: Spears is there.", "a"
    )


def test_a_charge_may_end_beside_another_enemy_stand_but_not_pass_close_to_one_on_the_way() -> None:
    """T7a's layout: charging B's front ends touching C's front corner (an overlap), which a normal
    move could not do; but a third enemy stand 0.5" from the path (and more than 1" from where the
    charge ends) still stops it."""
    line = [stand("b", "evil", 30, 22, 180), stand("c", "evil", 34, 22, 180)]
    plan = plan_charge(board(stand("a", "good", 30, 13, 0), *line), "a", "b", 8.0)
    assert isinstance(plan, ChargePlan) and plan.move.end == Rect(30, 20, 0)
    blocked = board(stand("a", "good", 30, 13, 0), *line, stand("d", "evil", 25.5, 16.5, 0))
    problem = plan_charge(blocked, "a", "b", 8.0)
    assert isinstance(problem, Obstruction) and problem.code == "charge_unreachable"
    assert "within" in problem.message and problem.blocker == "d"


def test_a_charge_into_a_line_ends_beside_the_target_s_neighbour_but_never_slides_along_its_front() -> None:
    """§6.2 (clarified): charging B in a line of stands 0.5" apart, the charger's end pose lies within
    1" of its neighbour C, but what it sweeps before the conforming approach may not come within 1"
    of C: from in front of C the charge does not slant straight in across C's front, it lines up in
    front of B first."""
    line = [stand("b", "evil", 30, 22, 180), stand("c", "evil", 34.5, 22, 180)]
    field = board(stand("a", "good", 36, 17, 0), *line)
    plan = plan_charge(field, "a", "b", 10.0)
    assert isinstance(plan, ChargePlan), plan
    assert plan.move.end == Rect(30, 20, 0)
    assert len(plan.poses) == 2, "not straight across C's front"
    before = sweep(Rect(36, 17, 0), before_contact(Pose(36, 17, 0), list(plan.poses)))
    assert distance_to(before, line[1].rect.polygon, beyond=2) >= 1 - 1e-6
    # The old reading excused C's zone all the way: the slant straight in passes 0.5" from C.
    slant = sweep(Rect(36, 17, 0), before_contact(Pose(36, 17, 0), [Pose(30, 20, 0)]))
    assert distance_to(slant, line[1].rect.polygon, beyond=2) < 1
    # With no room to line up in front of B (a friend in the way), the charge is refused, and says why.
    blocked = board(stand("a", "good", 36, 17, 0), *line, stand("f", "good", 29, 16.4, 0))
    problem = plan_charge(blocked, "a", "b", 10.0)
    assert isinstance(problem, Obstruction) and problem.code == "charge_unreachable", problem


def test_a_flank_charge_from_a_slant_goes_round_the_target_s_corner() -> None:
    """Wheeling straight onto the flank pose from beside the target's front-left corner would swing
    through the target; the server lines up 2" out from the flank and goes straight in."""
    field = board(stand("a", "good", 34, 21, 0), stand("b", "evil", 30, 22, 180))
    assert charge_edge(TARGET, (34, 21)) == "left"
    plan = plan_charge(field, "a", "b", 8.0)
    assert isinstance(plan, ChargePlan), plan
    assert plan.poses == (Pose(35, 23, 270), Pose(33, 23, 270))
    assert plan.move.end == Rect(33, 23, 270) and plan.move.length == pytest.approx(7.0)
    assert not overlaps(plan.move.area, TARGET.polygon)


def test_a_charge_overruns_enemy_loose_heroes_on_its_way() -> None:
    field = board(
        stand("a", "good", 30, 15, 0), stand("b", "evil", 30, 22, 180), hero("grinnah", "evil", 30, 18)
    )
    plan = plan_charge(field, "a", "b", 6.0)
    assert isinstance(plan, ChargePlan) and plan.move.overrun == ("grinnah",)


def test_a_charge_through_impassable_terrain_is_unreachable() -> None:
    field = board(
        stand("a", "good", 30, 15, 0),
        stand("b", "evil", 30, 22, 180),
        square("Rock", 25, 17, 35, 18.5, impassable=True),
    )
    problem = plan_charge(field, "a", "b", 6.0)
    assert isinstance(problem, Obstruction) and problem.code == "charge_unreachable"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    target_facing=st.floats(0, 360, exclude_max=True),
    bearing=st.floats(0, 360, exclude_max=True),
    distance=st.floats(8.0, 16.0),
    charger_facing=st.floats(0, 360, exclude_max=True),
    large=st.booleans(),
)
def test_a_conformed_charge_ends_in_contact_on_its_zone_s_edge_without_overlapping(
    target_facing: float, bearing: float, distance: float, charger_facing: float, large: bool
) -> None:
    from rules_core.mass_battle.geometry import front_vector

    dx, dy = front_vector(bearing)
    target = stand("b", "evil", 36, 24, target_facing, depth=3.0 if large else 2.0)
    charger = stand("a", "good", 36 + dx * distance, 24 + dy * distance, charger_facing)
    field = board(charger, target)
    plan = plan_charge(field, "a", "b", 40.0)
    edge = charge_edge(target.rect, charger.rect.centre)
    assert isinstance(plan, ChargePlan), plan
    assert plan.edge == edge
    end = plan.move.end
    assert struck_edge(target.rect, end) == edge
    assert not overlaps((end.polygon,), target.rect.polygon)
    assert not overlaps(plan.move.area, target.rect.polygon)
