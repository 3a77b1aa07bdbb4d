"""Stand moves (§3, §6.2, §6.6): length, what may not be crossed, the control zone, loose heroes
run over or put aside."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..geometry import Point
from ..state import Side
from ..terrain import slows_stands, stops_stands
from .constants import CONTROL_ZONE, DIFFICULT_MOVE_FACTOR, MAX_MOVE_LEGS
from .field import EPS, Field, HeroBase, Obstruction, StandShape
from .geometry import EDGES, Rect, rect_distance
from .loose import spot_problem
from .sweep import Pose, Sweep, distance_to, move_length, overlaps, overlaps_circle, sweep, within_bounds


@dataclass(frozen=True, slots=True)
class StandMove:
    """An allowed stand move and what it does on the way."""

    end: Rect
    area: Sweep
    length: float
    allowance: float
    overrun: tuple[str, ...]
    """Enemy loose heroes whose base the swept area overlaps: lost (§6.6)."""
    displaced: tuple[tuple[str, Point], ...]
    """Friendly loose heroes under the end footprint, and where the server puts them (§6.2)."""
    poses: tuple[Pose, ...] = ()
    """The path: the pose at the end of each leg, from where the stand stands (none: it stays)."""

    def summary(self) -> dict[str, Any]:
        """The plan as data a page draws without planning again (the move's event carries it):
        the legs' end poses, the end pose, the length against the Move, the heroes overrun and
        put aside. Not the swept area, which only a preview sends (`area_data`)."""
        return {
            "legs": [[p.x, p.y, p.facing] for p in self.poses],
            "end": [self.end.x, self.end.y, self.end.facing],
            "length": round(self.length, 3),
            "allowance": self.allowance,
            "overrun": list(self.overrun),
            "displaced": [{"hero": h, "to": list(p)} for h, p in self.displaced],
        }

    def area_data(self) -> list[list[list[float]]]:
        return [[list(p) for p in piece] for piece in self.area]


def move_poses(stand: Rect, via: Sequence[Point], facing: float) -> list[Pose]:
    """The poses of a `move_stand` command: the stand keeps its facing along every leg but the last,
    over which it turns to its final facing."""
    if not via:
        return [Pose(stand.x, stand.y, facing)]
    held = [Pose(x, y, stand.facing) for x, y in via[:-1]]
    x, y = via[-1]
    return [*held, Pose(x, y, facing)]


def plan_stand_move(
    field: Field,
    stand_id: str,
    poses: Sequence[Pose],
    allowance: float,
    target: str | None = None,
    zones_ignored: Iterable[str] = (),
) -> StandMove | Obstruction:
    """Check a stand move through `poses` against §3 and §6.2; `target` is the stand it charges
    (which it may touch) and `zones_ignored` the enemies whose control zone it may enter."""
    mover = field.stand(stand_id)
    if len(poses) > MAX_MOVE_LEGS:
        return Obstruction("too_many_legs", f"{mover.name} can make at most {MAX_MOVE_LEGS} straight legs.")
    area = sweep(mover.rect, poses)
    end = mover.rect.posed(poses[-1].x, poses[-1].y, poses[-1].facing) if poses else mover.rect
    slowed = [t for t in field.terrain if slows_stands(t) and overlaps(area, t.polygon)]
    if slowed:
        allowance *= DIFFICULT_MOVE_FACTOR
    length = move_length(mover.rect, poses)
    if length > allowance + EPS:
        why = f" (half its Move: it crosses {slowed[0].name})" if slowed else ""
        return Obstruction(
            "move_too_long", f'{mover.name} can move {allowance:g}"{why} but that move needs {length:.1f}".'
        )
    obstacle = blocked(field, mover, area, target)
    if obstacle is not None:
        return obstacle
    too_close = control_zone_problem(field, mover, area, {target or "", *zones_ignored})
    if too_close is not None:
        return too_close
    displaced = displace_friends(field, [(stand_id, end)], mover.side)
    if isinstance(displaced, Obstruction):
        return displaced
    return StandMove(
        end=end,
        area=area,
        length=length,
        allowance=allowance,
        overrun=overrun_by(field, area, mover.side),
        displaced=displaced,
        poses=tuple(poses),
    )


def blocked(field: Field, mover: StandShape, area: Sweep, target: str | None) -> Obstruction | None:
    if not within_bounds(area, field.width, field.height):
        return Obstruction("off_board", f"{mover.name} cannot leave the board.")
    for piece in field.terrain:
        if stops_stands(piece) and overlaps(area, piece.polygon):
            return Obstruction(
                "impassable", f"{mover.name} cannot move through {piece.name}.", piece.id, terrain=True
            )
    for other in field.stands:
        if other.id != mover.id and overlaps(area, other.rect.polygon):
            verb = "move onto" if other.id == target else "move through"
            return Obstruction("path_blocked", f"{mover.name} cannot {verb} {other.name}.", other.id)
    return None


def control_zone_problem(
    field: Field, mover: StandShape, area: Sweep, ignored: set[str]
) -> Obstruction | None:
    """§6.2: no part of the move within 1" of an enemy stand. A stand that starts closer than that
    may move, but never closer to it than it was."""
    for enemy in field.enemy_stands(mover.side):
        if enemy.id in ignored:
            continue
        gap = distance_to(area, enemy.rect.polygon, beyond=CONTROL_ZONE)
        if gap >= CONTROL_ZONE:
            continue
        allowed = min(CONTROL_ZONE, rect_distance(mover.rect, enemy.rect))
        if gap < allowed - EPS:
            return Obstruction(
                "too_close_to_enemy_stand",
                f'{mover.name} would come within {gap:.3g}" of {enemy.name}: only a charge may come within '
                f'{CONTROL_ZONE:g}" of an enemy stand.',
                enemy.id,
                zone=CONTROL_ZONE,
            )
    return None


def overrun_by(field: Field, area: Sweep, side: Side) -> tuple[str, ...]:
    """§6.6: the enemy loose heroes whose base a swept area of `side` overlaps."""
    return tuple(h.id for h in field.heroes if h.side != side and overlaps_circle(area, h.centre, h.radius))


def displace_friends(
    field: Field, ends: Sequence[tuple[str, Rect]], side: Side
) -> tuple[tuple[str, Point], ...] | Obstruction:
    """§6.2: friendly loose heroes under the end footprints are moved the shortest distance that
    clears them, onto a free spot (nearest first)."""
    after = field.with_stands(ends)
    moved: list[tuple[str, Point]] = []
    for hero in field.heroes:
        if hero.side != side:
            continue
        covering = [r for _, r in ends if overlaps_circle((r.polygon,), hero.centre, hero.radius)]
        if not covering:
            continue
        spot = nearest_free_spot(after.with_heroes(moved), hero, covering)
        if spot is None:
            return Obstruction(
                "no_room_for_hero",
                f"There is no room to put {hero.name} aside: the stand cannot end there.",
                hero.id,
            )
        moved.append((hero.id, spot))
    return tuple(moved)


def nearest_free_spot(field: Field, hero: HeroBase, covering: Sequence[Rect]) -> Point | None:
    """The nearest place off the `covering` footprints where `hero`'s base fits: first straight out
    of each edge, then around each footprint, nearest first."""
    candidates: list[Point] = []
    for rect in covering:
        candidates.extend(_exits(rect, hero.centre, hero.radius))
        candidates.extend(_around(rect, hero.radius))
    candidates.sort(key=lambda p: math.dist(p, hero.centre))
    for spot in candidates:
        if spot_problem(field, spot, hero.radius, hero.side, ignore=hero.id, zone=False) is None:
            return spot
    return None


def _exits(rect: Rect, centre: Point, radius: float) -> list[Point]:
    """Straight out of each edge, just touching it."""
    across, ahead = rect.local(centre)
    f, r = rect.front, rect.right
    out = radius
    places = [
        (across, rect.depth / 2 + out),
        (across, -rect.depth / 2 - out),
        (rect.width / 2 + out, ahead),
        (-rect.width / 2 - out, ahead),
    ]
    return [(rect.x + r[0] * a + f[0] * b, rect.y + r[1] * a + f[1] * b) for a, b in places]


def _around(rect: Rect, radius: float, step: float = 0.25) -> list[Point]:
    """Points every `step` inches around the footprint, a base's radius out."""
    out = radius
    spots: list[Point] = []
    for name in EDGES:
        (ax, ay), (bx, by) = rect.edge(name)
        n = rect.normal(name)
        count = max(1, math.ceil(math.dist((ax, ay), (bx, by)) / step))
        for i in range(count + 1):
            t = i / count
            spots.append((ax + (bx - ax) * t + n[0] * out, ay + (by - ay) * t + n[1] * out))
    return spots
