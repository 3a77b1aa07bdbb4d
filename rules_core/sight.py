"""Line of sight over heights (`docs/rules/terrain.md` §13.5): lines from a model's eye to five
points of the target's body (head, chest and feet; both sides at mid height), each blocked where it
passes below the top of a sight-blocking piece. The target is seen if one line is clear; a piece is
In The Way of a shot when it hides part of the target (it blocks some lines but not all) or the
clear lines cross it below its top.

A piece either end stands in (its centre inside) neither blocks nor is In The Way, unless it is
raised ground: there the heights decide."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from .geometry import Point, crossing_parameter, dist, edges, point_in_polygon
from .state import BattleState, Model, Terrain
from .terrain import level, level_at, sight_height, top, touches

Point3 = tuple[float, float, float]

EYE = 0.9
"""A model sees from this share of its height up (its head)."""
BODY = ((0.0, 0.9), (0.0, 0.6), (0.0, 0.1), (0.9, 0.5), (-0.9, 0.5))
"""The points of a target's body that may be seen: (across, as a share of its base's radius; up, as a
share of its height): head, chest and feet on its centre, and both sides at mid height."""


def eye(state: BattleState, model: Model, at: Point | None = None) -> Point3:
    x, y = at if at is not None else model.pos
    ground = level(state, model) if at is None else level_at(state, at)
    return (x, y, ground + EYE * sight_height(model))


def body(state: BattleState, target: Model, seen_from: Point) -> list[Point3]:
    ground = level(state, target)
    height = sight_height(target)
    gap = dist(seen_from, target.pos)
    nx, ny = ((target.y - seen_from[1]) / -gap, (target.x - seen_from[0]) / gap) if gap else (0.0, 0.0)
    r = target.radius
    return [(target.x + nx * r * a, target.y + ny * r * a, ground + height * up) for a, up in BODY]


def under_top(piece: Terrain, a: Point3, b: Point3) -> float | None:
    """Where along the line a-b (0..1) it first passes over the piece lower than its top, or None."""
    flat_a, flat_b = (a[0], a[1]), (b[0], b[1])
    cuts = [0.0, 1.0]
    for c, d in edges(piece.polygon):
        t = crossing_parameter(flat_a, flat_b, c, d)
        if t is not None:
            cuts.append(t)
    height = top(piece)
    for t0, t1 in pairwise(sorted(cuts)):
        if t1 - t0 <= 1e-12:
            continue
        mid = ((t0 + t1) / 2, 0.0)
        probe = (flat_a[0] + (flat_b[0] - flat_a[0]) * mid[0], flat_a[1] + (flat_b[1] - flat_a[1]) * mid[0])
        if not point_in_polygon(probe, piece.polygon):
            continue
        z0, z1 = a[2] + (b[2] - a[2]) * t0, a[2] + (b[2] - a[2]) * t1
        if z0 < height - 1e-9:
            return t0
        if z1 < height - 1e-9:
            return t0 + (t1 - t0) * (z0 - height) / (z0 - z1)
    return None


@dataclass(frozen=True)
class Sight:
    """What a model sees of another: `visible` if any line is clear; `blocked_by`: the pieces that
    hide some of it; `in_the_way`: the pieces a shot must pass, nearest the viewer first."""

    visible: bool
    blocked_by: tuple[Terrain, ...]
    in_the_way: tuple[Terrain, ...]


def _box(points: Sequence[Point3]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _may_cross(piece: Terrain, box: tuple[float, float, float, float]) -> bool:
    xs, ys = [p[0] for p in piece.polygon], [p[1] for p in piece.polygon]
    return not (max(xs) < box[0] or min(xs) > box[2] or max(ys) < box[1] or min(ys) > box[3])


def _lines(
    state: BattleState, viewer: Model, target: Model, at: Point | None, blocking_only: bool
) -> tuple[Point3, list[Point3], list[Terrain]]:
    """The eye, the target's points, and the pieces that may stand between them."""
    start = eye(state, viewer, at)
    from_point = (start[0], start[1])
    points = body(state, target, from_point)
    box = _box([start, *points])
    pieces = [
        p
        for p in state.terrain
        if (p.blocks_sight or (p.obscures and not blocking_only))
        and top(p) > 0
        and _may_cross(p, box)
        and (
            p.raised
            or not (point_in_polygon(from_point, p.polygon) or point_in_polygon(target.pos, p.polygon))
        )
    ]
    return start, points, pieces


def sees(state: BattleState, viewer: Model, target: Model, at: Point | None = None) -> bool:
    """Whether `viewer` (standing at `at`, if given) sees `target`: the first clear line will do."""
    start, points, pieces = _lines(state, viewer, target, at, blocking_only=True)
    return not pieces or any(all(under_top(p, start, end) is None for p in pieces) for end in points)


def sight(state: BattleState, viewer: Model, target: Model, at: Point | None = None) -> Sight:
    """What `viewer` (standing at `at`, if given) sees of `target`, and what hides or obscures it."""
    start, points, pieces = _lines(state, viewer, target, at, blocking_only=False)
    crossed = [{p.id: t for p in pieces if (t := under_top(p, start, end)) is not None} for end in points]
    blocked = [any(next(p for p in pieces if p.id == i).blocks_sight for i in line) for line in crossed]
    visible = not all(blocked)
    nearest: dict[str, float] = {}
    hiding: list[Terrain] = []
    for piece in pieces:
        hits = [line.get(piece.id) for line in crossed]
        if piece.blocks_sight:
            hid = [t for t in hits if t is not None]
            if hid:
                hiding.append(piece)
            if visible and hid and len(hid) < len(hits):
                nearest[piece.id] = min(hid)
        else:
            seen = [t for t, dark in zip(hits, blocked, strict=True) if t is not None and not dark]
            if seen:
                nearest[piece.id] = min(seen)
    order = sorted(nearest, key=lambda i: nearest[i])
    by_id = {p.id: p for p in pieces}
    return Sight(visible, tuple(hiding), tuple(by_id[i] for i in order))


def own_cover(state: BattleState, shooter: Model, piece: Terrain) -> bool:
    """A barrier the shooter touches and sees over is its cover, and never In The Way of its shots
    (terrain.md §13.4): not a wood or a building, which it cannot shoot through by touching it."""
    return piece.barrier and touches(shooter, piece) and eye(state, shooter)[2] > top(piece)
