"""A way for a stand round what is in its way (§6.2): up to MAX_MOVE_LEGS straight legs from where it
stands to a chosen end pose, round friends, enemies' control zones, impassable terrain and the
board's edges, within its Move (half of it when the way crosses difficult ground).

A player drags a stand to where it should end; when the path they drew is refused, the referee
looks for one it would accept (`find_route`), and the page shows and sends that one. The stand
keeps its facing along every leg but the last, over which it turns to the end facing (as
`move_poses`). The way is a shortest path through the corners of the obstacles as the stand's
centre sees them: each obstacle grown by the stand's footprint at its facing (their Minkowski sum,
a little wider), so a leg between two such corners just clears the obstacle. Every leg is checked
with the same tests a move is (`moves.blocked`, `moves.control_zone_problem`), and the whole way
by `plan_stand_move` at the end: the route is only a suggestion the rules then judge.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Sequence
from itertools import count

from ..geometry import Point, convex_hull
from ..terrain import slows_stands, stops_stands
from .constants import CONTROL_ZONE, DIFFICULT_MOVE_FACTOR, MAX_MOVE_LEGS
from .field import EPS, Field, StandShape
from .geometry import Rect, rect_distance
from .moves import StandMove, blocked, control_zone_problem, plan_stand_move
from .sweep import Pose, at, inset, overlaps, sweep

CLEARANCE = 0.1
"""How far outside an obstacle (or an enemy's control zone) the corners of a way pass, in inches."""


def find_route(
    field: Field, stand_id: str, end: Pose, allowance: float, ignored: Iterable[str] = ()
) -> StandMove | None:
    """The shortest way of up to MAX_MOVE_LEGS legs for `stand_id` to `end` that §6.2 allows within
    `allowance`, or None. `ignored`: enemies whose control zone it may enter (none for a move)."""
    mover = field.stand(stand_id)
    start = Pose(mover.rect.x, mover.rect.y, mover.rect.facing)
    skip = set(ignored)
    if _leg_problem(field, mover, mover.rect.posed(end.x, end.y, end.facing), None, skip):
        return None  # the end itself is taken: no way leads there
    corners = [
        p
        for p in _corners(field, mover, skip)
        if math.dist((start.x, start.y), p) + math.dist(p, (end.x, end.y)) <= allowance + EPS
    ]
    nodes: list[Pose] = [start, *(Pose(x, y, start.facing) for x, y in corners)]
    if abs(end.facing - start.facing) > EPS:
        nodes.append(Pose(end.x, end.y, start.facing))  # there, then turn on the spot
    nodes.append(end)
    goal = len(nodes) - 1
    legal: dict[tuple[int, int], tuple[bool, bool] | None] = {}

    def leg(i: int, j: int) -> tuple[bool, bool] | None:
        """None if the leg from node i to node j is refused, else (ok, crosses difficult ground)."""
        if (i, j) not in legal:
            rect = at(mover.rect, nodes[i])
            area = sweep(rect, [nodes[j]])
            slow = any(slows_stands(t) and overlaps(area, t.polygon) for t in field.terrain)
            legal[i, j] = None if _leg_problem(field, mover, rect, nodes[j], skip) else (True, slow)
        return legal[i, j]

    def length(i: int, j: int) -> float:
        if j == goal:  # the last leg turns: its length is its corners' (§3)
            return _turning_length(mover, nodes[i], nodes[j])
        return math.dist((nodes[i].x, nodes[i].y), (nodes[j].x, nodes[j].y))

    tie = count()
    queue: list[tuple[float, float, int, int, int, bool, tuple[int, ...]]] = [
        (_estimate(nodes, 0, goal), 0.0, next(tie), 0, 0, False, (0,))
    ]
    settled: set[tuple[int, int, bool]] = set()
    while queue:
        _, done, _, here, legs, slow, way = heapq.heappop(queue)
        if here == goal:
            planned = plan_stand_move(
                field, stand_id, [nodes[k] for k in way[1:]], allowance, zones_ignored=skip
            )
            if isinstance(planned, StandMove):
                return planned
            continue
        if (here, legs, slow) in settled or legs >= MAX_MOVE_LEGS:
            continue
        settled.add((here, legs, slow))
        for there in range(1, len(nodes)):
            if there in way or (there != goal and legs + 1 >= MAX_MOVE_LEGS):
                continue
            checked = leg(here, there)
            if checked is None:
                continue
            now_slow = slow or checked[1]
            budget = allowance * (DIFFICULT_MOVE_FACTOR if now_slow else 1.0)
            so_far = done + length(here, there)
            guess = so_far + (0.0 if there == goal else _estimate(nodes, there, goal))
            if guess > budget + EPS:
                continue
            heapq.heappush(queue, (guess, so_far, next(tie), there, legs + 1, now_slow, (*way, there)))
    return None


def _estimate(nodes: Sequence[Pose], i: int, goal: int) -> float:
    return math.dist((nodes[i].x, nodes[i].y), (nodes[goal].x, nodes[goal].y))


def _turning_length(mover: StandShape, a: Pose, b: Pose) -> float:
    """§3: the longest way any corner goes over a leg from pose a to pose b."""
    return max(
        math.dist(p, q) for p, q in zip(at(mover.rect, a).corners, at(mover.rect, b).corners, strict=True)
    )


def _leg_problem(field: Field, mover: StandShape, rect: Rect, to: Pose | None, skip: set[str]) -> bool:
    """Whether a leg (from `rect` to the pose `to`; only the footprint when None) is refused."""
    area = sweep(rect, [to]) if to is not None else (rect.polygon,)
    if blocked(field, mover, area, None) is not None:
        return True
    return control_zone_problem(field, mover, area, skip) is not None


def _corners(field: Field, mover: StandShape, skip: set[str]) -> list[Point]:
    """Where the stand's centre may turn a corner round each obstacle: the corners of the obstacle
    grown by the stand's footprint (at its facing) and a little more; for an enemy stand, by its
    control zone too (or as near as the stand already is)."""
    rect = mover.rect
    footprint = [(x - rect.x, y - rect.y) for x, y in rect.polygon]
    grown: list[tuple[list[Point], float]] = []
    for other in field.stands:
        if other.id == mover.id:
            continue
        zone = 0.0
        if other.side != mover.side and other.id not in skip:
            zone = min(CONTROL_ZONE, rect_distance(rect, other.rect))
        grown.append((other.rect.polygon, zone))
    for piece in field.terrain:
        if stops_stands(piece):
            grown.append((convex_hull(piece.polygon), 0.0))
    spots: list[Point] = []
    for polygon, zone in grown:
        hull = convex_hull([(px - fx, py - fy) for px, py in polygon for fx, fy in footprint])
        for x, y in inset(hull, -(zone + CLEARANCE)):
            if 0 <= x <= field.width and 0 <= y <= field.height:
                spots.append((x, y))
    return spots
