"""Plane geometry helpers shared by both rulesets: hulls, polygon contact and gaps."""

from __future__ import annotations

import pytest

from rules_core.geometry import convex_hull, polygon_distance, polygons_intersect

SQUARE = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]


def test_the_hull_drops_inner_and_repeated_points_and_runs_counter_clockwise() -> None:
    points = [(4.0, 4.0), (0.0, 0.0), (2.0, 2.0), (4.0, 0.0), (0.0, 4.0), (4.0, 0.0), (2.0, 0.0)]
    assert convex_hull(points) == [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]


def test_polygons_touching_at_an_edge_or_nested_intersect() -> None:
    assert polygons_intersect(SQUARE, [(4.0, 1.0), (6.0, 1.0), (6.0, 3.0), (4.0, 3.0)])
    assert polygons_intersect(SQUARE, [(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)])
    assert polygons_intersect([(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)], SQUARE)
    assert not polygons_intersect(SQUARE, [(5.0, 0.0), (6.0, 0.0), (6.0, 1.0)])


def test_polygon_distance_is_edge_to_edge_and_zero_when_they_meet() -> None:
    assert polygon_distance(SQUARE, [(7.0, 8.0), (9.0, 8.0), (9.0, 9.0)]) == pytest.approx(5.0)
    assert polygon_distance(SQUARE, [(4.0, 1.0), (6.0, 1.0), (6.0, 3.0)]) == 0.0
