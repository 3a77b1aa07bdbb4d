"""The area a stand covers while it moves (§3), its move length, and overlap tests against it.

A move is a list of poses; each leg goes straight from one pose to the next, turning evenly on the
way when the facings differ. The swept area of a leg without a turn is the convex hull of the
footprints at its two ends (exact, as §3 says). The hull of only the two end footprints of a
turning leg would miss the corners' arcs (a stand pivoting 90° on the spot pokes 0.24" out of
it), so a turning leg is cut into slices of at most TURN_STEP degrees and each slice's hull is
grown by reach·step²/8: no point of the footprint strays further than that from the hull of a
slice's two ends (the gap from a chord is a function with second derivative at most reach·step²,
zero at both ends). The swept area is so never smaller than the true one and at most 0.01"
larger, well inside CONTACT_TOLERANCE.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from ..geometry import (
    Point,
    convex_hull,
    edges,
    point_in_polygon,
    point_polygon_distance,
    point_segment_distance,
    polygon_distance,
    polygons_intersect,
)
from .constants import CONTACT_TOLERANCE
from .geometry import Rect, turn_between

TURN_STEP = 10.0
"""Degrees of turn per slice of a turning leg's swept area."""

Polygon = list[Point]
Sweep = tuple[Polygon, ...]
"""Convex pieces, each counter-clockwise; the swept area is their union."""


@dataclass(frozen=True, slots=True)
class Pose:
    x: float
    y: float
    facing: float


def pose_of(rect: Rect) -> Pose:
    return Pose(rect.x, rect.y, rect.facing)


def at(rect: Rect, pose: Pose) -> Rect:
    return rect.posed(pose.x, pose.y, pose.facing)


def _between(start: Pose, end: Pose, t: float) -> Pose:
    turn = turn_between(start.facing, end.facing)
    return Pose(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t, start.facing + turn * t)


def leg_poses(start: Pose, end: Pose) -> list[Pose]:
    """The leg's ends and, for a turning leg, the poses between its slices."""
    slices = max(1, math.ceil(abs(turn_between(start.facing, end.facing)) / TURN_STEP))
    return [_between(start, end, i / slices) for i in range(slices)] + [end]


def sweep(stand: Rect, poses: Sequence[Pose]) -> Sweep:
    """The area `stand` covers moving through `poses` in turn (from where it stands now)."""
    route = [pose_of(stand), *poses]
    if len(route) == 1:
        return (stand.polygon,)
    pieces: list[Polygon] = []
    for start, end in pairwise(route):
        steps = leg_poses(start, end)
        turn = math.radians(abs(turn_between(start.facing, end.facing)) / (len(steps) - 1))
        grow = stand.reach * turn * turn / 8
        for a, b in pairwise(steps):
            hull = convex_hull([*at(stand, a).corners, *at(stand, b).corners])
            pieces.append(inset(hull, -grow) if grow else hull)
    return tuple(pieces)


def move_length(stand: Rect, poses: Sequence[Pose]) -> float:
    """§3: for each corner, its straight-line displacement over each leg, added up; the longest."""
    route = [stand, *(at(stand, p) for p in poses)]
    travelled = [0.0, 0.0, 0.0, 0.0]
    for a, b in pairwise(route):
        for i, (p, q) in enumerate(zip(a.corners, b.corners, strict=True)):
            travelled[i] += math.dist(p, q)
    return max(travelled)


def inset(piece: Polygon, by: float) -> Polygon:
    """A convex counter-clockwise polygon with every side moved in by `by` (out, when negative),
    its centroid when it would vanish. Tests against it ask whether something reaches more than
    `by` into the piece."""
    n = len(piece)
    if n < 3:
        return list(piece)
    lines: list[tuple[Point, Point]] = []
    for i in range(n):
        (ax, ay), (bx, by_) = piece[i], piece[(i + 1) % n]
        length = math.hypot(bx - ax, by_ - ay)
        nx, ny = -(by_ - ay) / length, (bx - ax) / length
        lines.append(((ax + nx * by, ay + ny * by), (bx - ax, by_ - ay)))
    shrunk: Polygon = []
    for i in range(n):
        corner = _meet(lines[i - 1], lines[i])
        if corner is None:
            continue
        shrunk.append(corner)
    if len(shrunk) < 3 or _area(shrunk) <= 0:
        cx = sum(p[0] for p in piece) / n
        cy = sum(p[1] for p in piece) / n
        return [(cx, cy)]
    return shrunk


def _meet(a: tuple[Point, Point], b: tuple[Point, Point]) -> Point | None:
    (px, py), (rx, ry) = a
    (qx, qy), (sx, sy) = b
    denom = rx * sy - ry * sx
    if abs(denom) < 1e-12:
        return None
    t = ((qx - px) * sy - (qy - py) * sx) / denom
    return (px + rx * t, py + ry * t)


def _area(polygon: Polygon) -> float:
    n = len(polygon)
    return (
        sum(
            polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1]
            for i in range(n)
        )
        / 2
    )


def bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def box_gap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """How far apart two boxes are along x or y, whichever is more: never more than the distance
    between anything inside them, so a quick way to rule a test out."""
    return max(0.0, b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


def _reaches_into(piece: Polygon, other: Sequence[Point]) -> bool:
    """Whether some point of `other` lies more than CONTACT_TOLERANCE inside the convex `piece`."""
    core = inset(piece, CONTACT_TOLERANCE)
    if len(core) == 1:
        return point_polygon_distance(core[0], other) == 0.0
    return polygons_intersect(core, other)


def _corner_reaches_into(piece: Polygon, other: Sequence[Point]) -> bool:
    """Whether a corner of `piece` lies more than CONTACT_TOLERANCE inside `other` (any polygon)."""
    return any(
        point_in_polygon(corner, other)
        and min(point_segment_distance(corner, a, b) for a, b in edges(other)) > CONTACT_TOLERANCE
        for corner in piece
    )


def overlaps(area: Sweep, polygon: Sequence[Point]) -> bool:
    """Whether the swept area and a polygon overlap by more than CONTACT_TOLERANCE (so edges that
    are only in contact do not overlap), whichever reaches into the other: the polygon into a piece
    of the area, or a corner of a piece into the polygon. Insetting the piece alone would miss a
    corner poking up to CONTACT_TOLERANCE·√2 into a polygon's edge (a square corner drawn in by
    the tolerance on both its sides retreats that far), and a stand could end its move overlapping
    another; a piece reaching into the polygon without a corner inside it crosses it and is caught
    by the first test."""
    box = bounds(polygon)
    return any(
        box_gap(bounds(piece), box) == 0
        and (_reaches_into(piece, polygon) or _corner_reaches_into(piece, polygon))
        for piece in area
    )


def overlaps_circle(area: Sweep, centre: Point, radius: float) -> bool:
    """Whether a round base overlaps the swept area by more than CONTACT_TOLERANCE (§6.6), whichever
    reaches into the other (as `overlaps`): a piece's corner into the base, or the base into a
    piece."""
    x, y = centre
    disc = (x - radius, y - radius, x + radius, y + radius)
    return any(
        box_gap(bounds(piece), disc) == 0
        and (
            point_polygon_distance(centre, piece) < radius - CONTACT_TOLERANCE
            or point_polygon_distance(centre, inset(piece, CONTACT_TOLERANCE)) < radius
        )
        for piece in area
    )


def distance_to(area: Sweep, polygon: Sequence[Point], beyond: float = math.inf) -> float:
    """The gap between the swept area and a polygon, 0 when they touch; any value of `beyond` or
    more when it is at least that (pieces further off are not measured)."""
    box = bounds(polygon)
    best = beyond
    for piece in area:
        if box_gap(bounds(piece), box) < best:
            best = min(best, polygon_distance(piece, polygon))
    return best


def within_bounds(area: Sweep, width: float, height: float) -> bool:
    """Whether every part of the swept area stays on a board of this size."""
    eps = 1e-9
    return all(-eps <= x <= width + eps and -eps <= y <= height + eps for piece in area for x, y in piece)
