"""Plane geometry in inches: bases are circles, terrain pieces are polygons."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

Point = tuple[float, float]
EPSILON = 1e-6
BASE_CONTACT = 0.05
"""Bases (and a base and a piece) closer than this, in inches, are touching; charges snap to exact contact."""


def inches(value: float, limit: float) -> str:
    """A distance as a refusal states it: to a tenth of an inch, or to a hundredth where a tenth
    would read as the `limit` it is held to and hide which side of it it falls (6.04" against a
    Move of 6", not 6.0")."""
    tenth = f"{value:.1f}"
    return f'{value:.2f}"' if tenth == f"{limit:.1f}" else f'{tenth}"'


def dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def path_length(points: Sequence[Point]) -> float:
    return sum(dist(a, b) for a, b in pairwise(points))


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    return dist(p, closest_on_segment(p, a, b))


def closest_on_segment(p: Point, a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length_sq = dx * dx + dy * dy
    if length_sq == 0:
        return a
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length_sq))
    return (a[0] + t * dx, a[1] + t * dy)


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2 = _orient(c, d, a), _orient(c, d, b)
    d3, d4 = _orient(a, b, c), _orient(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (abs(d1) < EPSILON and _on_segment(c, d, a))
        or (abs(d2) < EPSILON and _on_segment(c, d, b))
        or (abs(d3) < EPSILON and _on_segment(a, b, c))
        or (abs(d4) < EPSILON and _on_segment(a, b, d))
    )


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return (
        min(a[0], b[0]) - EPSILON <= p[0] <= max(a[0], b[0]) + EPSILON
        and min(a[1], b[1]) - EPSILON <= p[1] <= max(a[1], b[1]) + EPSILON
    )


def segment_segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    if segments_intersect(a, b, c, d):
        return 0.0
    return min(
        point_segment_distance(a, c, d),
        point_segment_distance(b, c, d),
        point_segment_distance(c, a, b),
        point_segment_distance(d, a, b),
    )


def edges(polygon: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))]


def point_in_polygon(p: Point, polygon: Sequence[Point]) -> bool:
    inside = False
    for a, b in edges(polygon):
        if (a[1] > p[1]) != (b[1] > p[1]):
            x_cross = a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            if p[0] < x_cross:
                inside = not inside
    return inside


def point_polygon_distance(p: Point, polygon: Sequence[Point]) -> float:
    """0 inside the polygon, else the gap to its nearest edge."""
    if point_in_polygon(p, polygon):
        return 0.0
    return min(point_segment_distance(p, c, d) for c, d in edges(polygon))


def segment_polygon_distance(a: Point, b: Point, polygon: Sequence[Point]) -> float:
    """0 when the segment touches or enters the polygon, else the gap between them."""
    if point_in_polygon(a, polygon) or point_in_polygon(b, polygon):
        return 0.0
    return min(segment_segment_distance(a, b, c, d) for c, d in edges(polygon))


def segment_crosses_polygon(a: Point, b: Point, polygon: Sequence[Point]) -> bool:
    return segment_polygon_distance(a, b, polygon) == 0.0


def length_inside(a: Point, b: Point, polygon: Sequence[Point]) -> float:
    """How much of segment a-b lies inside the polygon."""
    total = dist(a, b)
    if total == 0:
        return 0.0
    cuts = [0.0, 1.0]
    for c, d in edges(polygon):
        t = crossing_parameter(a, b, c, d)
        if t is not None:
            cuts.append(t)
    cuts.sort()
    inside = 0.0
    for t0, t1 in pairwise(cuts):
        if t1 - t0 <= 0:
            continue
        mid = (t0 + t1) / 2
        probe = (a[0] + (b[0] - a[0]) * mid, a[1] + (b[1] - a[1]) * mid)
        if point_in_polygon(probe, polygon):
            inside += (t1 - t0) * total
    return inside


def crossing_parameter(a: Point, b: Point, c: Point, d: Point) -> float | None:
    """Where along a-b (0..1) it crosses c-d, if it does at one point."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    denom = rx * sy - ry * sx
    if abs(denom) < 1e-12:
        return None
    t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / denom
    u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / denom
    if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0:
        return t
    return None


def boundary_distance(p: Point, polygon: Sequence[Point]) -> float:
    """The gap from the point to the polygon's nearest edge, inside or out."""
    return min(point_segment_distance(p, c, d) for c, d in edges(polygon))


def circle_parameters(a: Point, b: Point, centre: Point, radius: float) -> list[float]:
    """Where along a-b (0..1) it crosses the circle."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    qa = dx * dx + dy * dy
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - radius * radius
    disc = qb * qb - 4 * qa * qc
    if qa == 0 or disc < 0:
        return []
    root = math.sqrt(disc)
    return [t for t in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa)) if 0.0 <= t <= 1.0]


def base_cuts(a: Point, b: Point, polygon: Sequence[Point], radius: float) -> list[float]:
    """Where along a-b (0..1) a base of `radius` centred on the segment may start or stop touching
    the polygon, lying wholly inside it, or having its centre inside it: the segment's crossings of
    the polygon's edges, of those edges moved out and in by the radius, and of circles of the radius
    round its corners. Between two neighbouring cuts nothing of that changes."""
    cuts = [0.0, 1.0]
    for c, d in edges(polygon):
        length = dist(c, d)
        if length == 0:
            continue
        nx, ny = -(d[1] - c[1]) / length * radius, (d[0] - c[0]) / length * radius
        for sx, sy in ((0.0, 0.0), (nx, ny), (-nx, -ny)):
            t = crossing_parameter(a, b, (c[0] + sx, c[1] + sy), (d[0] + sx, d[1] + sy))
            if t is not None:
                cuts.append(t)
    for corner in polygon:
        cuts.extend(circle_parameters(a, b, corner, radius))
    return sorted(cuts)


def bounding_box(polygon: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    return (min(xs), min(ys), max(xs), max(ys))


def polygon_area(polygon: Sequence[Point]) -> float:
    """The area inside a simple polygon (the shoelace formula)."""
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in edges(polygon))) / 2


def along(a: Point, b: Point, distance: float) -> Point:
    """The point `distance` inches from a towards b."""
    length = dist(a, b)
    if length == 0:
        return a
    f = distance / length
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


def rotate(vector: Point, degrees: float) -> Point:
    r = math.radians(degrees)
    c, s = math.cos(r), math.sin(r)
    return (vector[0] * c - vector[1] * s, vector[0] * s + vector[1] * c)


def sight_lines(a: Point, b: Point, target_radius: float) -> list[tuple[Point, Point]]:
    """Lines from a's centre to b's centre and to both sides of b's base."""
    length = dist(a, b)
    if length == 0:
        return [(a, b)]
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    edge = target_radius * 0.9
    return [
        (a, b),
        (a, (b[0] + nx * edge, b[1] + ny * edge)),
        (a, (b[0] - nx * edge, b[1] - ny * edge)),
    ]


def convex_hull(points: Sequence[Point]) -> list[Point]:
    """The smallest convex polygon holding every point, counter-clockwise (Andrew's monotone chain)."""
    unique = sorted(set(points))
    if len(unique) <= 2:
        return unique

    def half(ordered: list[Point]) -> list[Point]:
        chain: list[Point] = []
        for p in ordered:
            while len(chain) >= 2 and _orient(chain[-2], chain[-1], p) <= 0:
                chain.pop()
            chain.append(p)
        return chain

    lower, upper = half(unique), half(unique[::-1])
    return lower[:-1] + upper[:-1]


def polygons_intersect(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Whether two polygons share any point: crossing or touching edges, or one inside the other."""
    return _edges_meet(a, b) or point_in_polygon(a[0], b) or point_in_polygon(b[0], a)


def _edges_meet(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Whether segments_intersect finds an edge of `a` meeting an edge of `b`, the same arithmetic
    written out: the mass battle's charges test every pair of stands with it."""
    edges_b = [(c, d, d[0] - c[0], d[1] - c[1]) for c, d in edges(b)]
    for p, q in edges(a):
        (px, py), (qx, qy) = p, q
        ux, uy = qx - px, qy - py
        for c, d, vx, vy in edges_b:
            (cx, cy), (dx, dy) = c, d
            d1 = vx * (py - cy) - vy * (px - cx)
            d2 = vx * (qy - cy) - vy * (qx - cx)
            d3 = ux * (cy - py) - uy * (cx - px)
            d4 = ux * (dy - py) - uy * (dx - px)
            if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
                return True
            if (
                (abs(d1) < EPSILON and _on_segment(c, d, p))
                or (abs(d2) < EPSILON and _on_segment(c, d, q))
                or (abs(d3) < EPSILON and _on_segment(p, q, c))
                or (abs(d4) < EPSILON and _on_segment(p, q, d))
            ):
                return True
    return False


def polygon_distance(a: Sequence[Point], b: Sequence[Point]) -> float:
    """The gap between two polygons, edge to edge: 0 when they touch or overlap."""
    if polygons_intersect(a, b):
        return 0.0
    # No two edges meet, so the gap is from a corner of one to an edge of the other (what
    # segment_segment_distance would find for each pair of edges, each corner-edge pair taken once).
    return min(corners_to_edges(a, b), corners_to_edges(b, a))


def corners_to_edges(corners: Sequence[Point], polygon: Sequence[Point]) -> float:
    """The least point_segment_distance from a corner to an edge of `polygon`, the same arithmetic
    written out: the mass battle's charges measure every pair of stands with it, and a random
    board every place it tries against every piece."""
    nearest = math.inf
    count = len(polygon)
    for i in range(count):
        ax, ay = polygon[i]
        bx, by = polygon[(i + 1) % count]
        dx, dy = bx - ax, by - ay
        length_sq = dx * dx + dy * dy
        for px, py in corners:
            if length_sq == 0:
                cx, cy = ax, ay
            else:
                t = ((px - ax) * dx + (py - ay) * dy) / length_sq
                t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
                cx, cy = ax + t * dx, ay + t * dy
            gap = math.hypot(px - cx, py - cy)
            if gap < nearest:
                nearest = gap
    return nearest
