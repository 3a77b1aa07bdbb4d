"""Stands as oriented rectangles (§2.2) and how two of them touch (§3): edge contact, front / flank /
rear contact, overlap, rear support; distances; charge zones and the conformed pose of a charge.

A pose is a centre and a facing in degrees, 0 toward +y, clockwise: the front vector is
(sin θ, cos θ), the right vector (cos θ, -sin θ), the corners c ± r·w/2 ± f·d/2.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from ..geometry import Point, point_polygon_distance, polygon_distance, segment_polygon_distance
from .constants import CONTACT_TOLERANCE, PARALLEL_TOLERANCE_DEGREES, STAND_DEPTH, STAND_FRONTAGE

Edge = Literal["front", "right", "rear", "left"]
Flank = Literal["left", "right"]
Contact = Literal["front", "flank", "rear"]
Segment = tuple[Point, Point]
EDGES: tuple[Edge, ...] = ("front", "right", "rear", "left")
FLANKS: tuple[Flank, ...] = ("left", "right")
_PARALLEL = math.sin(math.radians(PARALLEL_TOLERANCE_DEGREES))
_TOLERANCE = CONTACT_TOLERANCE + 1e-9
"""The contact tolerance with room for rounding: a gap of exactly 0.05" is in contact."""


_SQUARE: dict[float, Point] = {0.0: (0.0, 1.0), 90.0: (1.0, 0.0), 180.0: (0.0, -1.0), 270.0: (-1.0, 0.0)}
"""Exact front vectors of the four square facings, so that stands set square stay on round numbers."""


def front_vector(facing: float) -> Point:
    square = _SQUARE.get(normal_facing(facing))
    if square is not None:
        return square
    r = math.radians(facing)
    return (math.sin(r), math.cos(r))


@lru_cache(maxsize=1 << 14)
def _corners(
    x: float, y: float, facing: float, width: float, depth: float
) -> tuple[Point, Point, Point, Point]:
    """A footprint's corners, written out and remembered: every measurement between stands asks
    for them, again and again for stands that have not moved."""
    (fx, fy), (rx, ry) = front_vector(facing), right_vector(facing)
    hw, hd = width / 2, depth / 2
    fore = (x + fx * hd, y + fy * hd)
    aft = (x + fx * -hd, y + fy * -hd)
    return (
        (fore[0] + rx * -hw, fore[1] + ry * -hw),
        (fore[0] + rx * hw, fore[1] + ry * hw),
        (aft[0] + rx * hw, aft[1] + ry * hw),
        (aft[0] + rx * -hw, aft[1] + ry * -hw),
    )


def right_vector(facing: float) -> Point:
    return front_vector(facing + 90.0)


def normal_facing(facing: float) -> float:
    """The same facing in [0, 360)."""
    turned = facing % 360.0
    return 0.0 if turned == 360.0 else turned + 0.0


def turn_between(start: float, end: float) -> float:
    """The shortest turn from one facing to another, in (-180, 180]; positive is clockwise."""
    turn = (end - start) % 360.0
    return turn - 360.0 if turn > 180.0 else turn


def _dot(a: Point, b: Point) -> float:
    return a[0] * b[0] + a[1] * b[1]


def _minus(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _plus(a: Point, *terms: tuple[Point, float]) -> Point:
    x, y = a
    for (vx, vy), k in terms:
        x, y = x + vx * k, y + vy * k
    return (x, y)


@dataclass(frozen=True, slots=True)
class Rect:
    """A stand's footprint: centre, facing, width (its frontage) and depth."""

    x: float
    y: float
    facing: float
    width: float = STAND_FRONTAGE
    depth: float = STAND_DEPTH

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    @property
    def front(self) -> Point:
        return front_vector(self.facing)

    @property
    def right(self) -> Point:
        return right_vector(self.facing)

    @property
    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Front-left, front-right, rear-right, rear-left: c ± f·d/2 ± r·w/2, added in that order
        (as _plus adds)."""
        return _corners(self.x, self.y, self.facing, self.width, self.depth)

    @property
    def polygon(self) -> list[Point]:
        """The corners counter-clockwise (front-left, rear-left, rear-right, front-right)."""
        fl, fr, rr, rl = self.corners
        return [fl, rl, rr, fr]

    @property
    def reach(self) -> float:
        """Centre to corner: no point of the footprint is further from the centre."""
        return math.hypot(self.width / 2, self.depth / 2)

    def edge(self, name: Edge) -> Segment:
        return self.edges[name]

    @property
    def edges(self) -> dict[Edge, Segment]:
        fl, fr, rr, rl = self.corners
        return {"front": (fl, fr), "right": (fr, rr), "rear": (rr, rl), "left": (rl, fl)}

    def normal(self, name: Edge) -> Point:
        """The outward unit vector of an edge."""
        f, r = self.front, self.right
        return {"front": f, "right": r, "rear": (-f[0], -f[1]), "left": (-r[0], -r[1])}[name]

    def local(self, point: Point) -> Point:
        """A point as (across, ahead): inches to the right of the centre and ahead of it."""
        d = _minus(point, self.centre)
        return (_dot(d, self.right), _dot(d, self.front))

    def posed(self, x: float, y: float, facing: float) -> Rect:
        return replace(self, x=x, y=y, facing=normal_facing(facing))

    def moved(self, dx: float, dy: float) -> Rect:
        return replace(self, x=self.x + dx, y=self.y + dy)


def _length(segment: Segment) -> float:
    (ax, ay), (bx, by) = segment
    return math.hypot(bx - ax, by - ay)


def _unit(segment: Segment) -> Point:
    length = _length(segment)
    (ax, ay), (bx, by) = segment
    return ((bx - ax) / length, (by - ay) / length)


def _along(segment: Segment, other: Segment) -> tuple[float, float, float]:
    """`other` measured along `segment`: where its ends fall (sorted) and how far off the line the
    further end is."""
    u = _unit(segment)
    n = (-u[1], u[0])
    ends = [_minus(p, segment[0]) for p in other]
    lo, hi = sorted(_dot(e, u) for e in ends)
    return lo, hi, max(abs(_dot(e, n)) for e in ends)


def parallel(p: Segment, q: Segment) -> bool:
    """Parallel (or opposite) within the spec's 1°."""
    u, v = _unit(p), _unit(q)
    return abs(u[0] * v[1] - u[1] * v[0]) <= _PARALLEL


def edges_in_contact(p: Segment, q: Segment) -> bool:
    """§3: parallel within 1°, no more than 0.05" apart, and overlapping along their length by at least
    the shorter edge's length less 0.05"."""
    if not parallel(p, q):
        return False
    longer, shorter = (p, q) if _length(p) >= _length(q) else (q, p)
    lo, hi, off = _along(longer, shorter)
    if off > _TOLERANCE:
        return False
    shared = min(hi, _length(longer)) - max(lo, 0.0)
    return shared >= _length(shorter) - _TOLERANCE


def _outside(rect: Rect, edge: Edge, other: Rect) -> bool:
    """Whether `other` lies beyond `rect`'s edge (so touching it there, not lying across it)."""
    mid = _midpoint(rect.edge(edge))
    return _dot(_minus(other.centre, mid), rect.normal(edge)) > 0


def _midpoint(segment: Segment) -> Point:
    (ax, ay), (bx, by) = segment
    return ((ax + bx) / 2, (ay + by) / 2)


def touching_edges(a: Rect, b: Rect) -> tuple[Edge, Edge] | None:
    """The edge of `a` and the edge of `b` in contact, each stand beyond the other's edge."""
    if math.dist(a.centre, b.centre) > a.reach + b.reach + _TOLERANCE:
        return None
    mine_all, theirs_all = a.edges, b.edges
    for mine, p in mine_all.items():
        for theirs, q in theirs_all.items():
            if edges_in_contact(p, q) and _outside(a, mine, b) and _outside(b, theirs, a):
                return mine, theirs
    return None


def contact_kind(edge: Edge) -> Contact:
    """Front, flank or rear, for the edge of a stand that an enemy's front edge touches."""
    return "front" if edge == "front" else "rear" if edge == "rear" else "flank"


def as_flank(edge: Edge) -> Flank | None:
    return "left" if edge == "left" else "right" if edge == "right" else None


def struck_edge(this: Rect, other: Rect) -> Edge | None:
    """The edge of `this` that `other`'s front edge is in contact with (§3: front contact when it
    is this stand's front edge, flank or rear contact otherwise)."""
    touch = touching_edges(this, other)
    if touch is None or touch[1] != "front":
        return None
    return touch[0]


def in_front_contact(a: Rect, b: Rect) -> bool:
    """§3: both front edges in contact, facings opposite (the note's "frontal close combat")."""
    return touching_edges(a, b) == ("front", "front")


def overlap_flank(this: Rect, enemy: Rect) -> Flank | None:
    """§3: on which flank `enemy` overlaps `this`, if it does.

    Either the enemy's front edge lies on the line of this stand's front edge and touches it only
    at a front corner (it stands beside this stand's opponent), or its flank edge touches this
    stand's flank edge. A stand in front, flank or rear contact (either way) does not overlap."""
    touch = touching_edges(this, enemy)
    if touch is not None:
        mine, theirs = touch
        return as_flank(mine) if as_flank(theirs) else None
    front, their_front = this.edge("front"), enemy.edge("front")
    if not parallel(front, their_front):
        return None
    lo, hi, off = _along(front, their_front)
    if off > _TOLERANCE:
        return None
    if abs(lo - this.width) <= _TOLERANCE:
        return "right"
    if abs(hi) <= _TOLERANCE:
        return "left"
    return None


def gives_rear_support(this: Rect, friend: Rect) -> bool:
    """§3, the geometric half of rear support: the friend faces the same way with its front edge on
    this stand's rear edge. (It must also be in contact with no enemy: the field checks that.)"""
    same_way = abs(turn_between(this.facing, friend.facing)) <= PARALLEL_TOLERANCE_DEGREES
    return same_way and touching_edges(this, friend) == ("rear", "front")


@lru_cache(maxsize=1 << 14)
def rect_distance(a: Rect, b: Rect) -> float:
    """Edge to edge, 0 when they touch or overlap. Remembered: a stand's options measure it to
    every other stand, step after step, and most of them have not moved."""
    return polygon_distance(a.polygon, b.polygon)


def circle_distance(rect: Rect, centre: Point, radius: float) -> float:
    """From the footprint's edge to a round base's edge, 0 when they touch or overlap."""
    return max(0.0, point_polygon_distance(centre, rect.polygon) - radius)


def charge_edge(target: Rect, start: Point) -> Edge:
    """§6.5: the edge a charge from `start` (the charger's centre) may contact. The target's
    diagonals, extended, split the table into front, rear and two flank zones; a centre exactly on a
    diagonal charges the front or rear."""
    across, ahead = target.local(start)
    if abs(ahead) * target.width >= abs(across) * target.depth:
        return "front" if ahead >= 0 else "rear"
    return "right" if across > 0 else "left"


def conformed_pose(charger: Rect, target: Rect, edge: Edge) -> Rect:
    """§6.5: where a charge against `edge` of `target` ends, the charger's front edge flush on it. On a
    front or rear edge the stands line up (centres on one line, so corner to corner at equal
    frontage); on a flank the charger's front corner lines up with the target's front corner."""
    f, r = target.front, target.right
    if edge == "front":
        centre = _plus(target.centre, (f, (target.depth + charger.depth) / 2))
        return charger.posed(*centre, target.facing + 180.0)
    if edge == "rear":
        centre = _plus(target.centre, (f, -(target.depth + charger.depth) / 2))
        return charger.posed(*centre, target.facing)
    side = 1.0 if edge == "right" else -1.0
    centre = _plus(
        target.centre,
        (r, side * (target.width + charger.depth) / 2),
        (f, (target.depth - charger.width) / 2),
    )
    return charger.posed(*centre, target.facing - side * 90.0)


def recoil_direction(winner: Rect, loser: Rect) -> Point:
    """§8.8: a beaten stand moves away from its winner: along the outward normal of the winner's edge
    it touches. That is the winner's facing whenever the winner's front is in the contact (as the
    spec words it); when the winner was struck on a flank or rear, the loser moves straight back."""
    touch = touching_edges(winner, loser)
    return winner.normal(touch[0]) if touch is not None else winner.front


def ahead_of_front(this: Rect, other: Rect) -> bool:
    """§7: at least part of `other` lies ahead of the line of this stand's front edge."""
    front_line = _midpoint(this.edge("front"))
    return any(_dot(_minus(c, front_line), this.front) > _TOLERANCE for c in other.corners)


def front_distance(this: Rect, other: Rect) -> float:
    """§7: from this stand's front edge to the nearest point of `other`."""
    a, b = this.edge("front")
    return segment_polygon_distance(a, b, other.polygon)
