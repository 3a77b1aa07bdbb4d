"""Recoils and pushes (§8.8): a beaten stand moves 2" straight, without turning, pushing friends in
its way the same distance (chains allowed). An enemy stand, a watching stand, impassable terrain or
the board edge blocks it, and so does a friend that cannot be pushed. Loose heroes never block:
enemies under the way are overrun (§6.6), friends under an end footprint are put aside (§6.2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..geometry import Point
from ..terrain import stops_stands
from .constants import RECOIL
from .field import Field, Obstruction, StandShape
from .geometry import Rect
from .moves import displace_friends, overrun_by
from .sweep import Pose, Sweep, overlaps, sweep, within_bounds


@dataclass(frozen=True, slots=True)
class Recoil:
    moved: tuple[tuple[str, Rect], ...]
    """The recoiling stand first, then every friend it pushed, each with its new footprint."""
    overrun: tuple[str, ...]
    displaced: tuple[tuple[str, Point], ...]

    @property
    def pushed(self) -> tuple[str, ...]:
        return tuple(stand for stand, _ in self.moved[1:])


def recoil(
    field: Field, stand_id: str, direction: Point, distance: float = RECOIL, push: bool = True
) -> Recoil | Obstruction:
    """Move a stand `distance` along `direction` (any length; only its heading counts), pushing the
    friends in the way when `push`, or what stops it. A supporter falling back (§8.8, 5) uses
    push=False: it stays where it is rather than push anyone."""
    mover = field.stand(stand_id)
    length = math.hypot(*direction)
    dx, dy = direction[0] / length * distance, direction[1] / length * distance
    moving = [mover]
    areas: list[Sweep] = []
    for shape in moving:  # grows while friends are pushed
        area = sweep(shape.rect, [Pose(shape.rect.x + dx, shape.rect.y + dy, shape.rect.facing)])
        areas.append(area)
        stop = _stopped(field, mover, shape, area)
        if stop is not None:
            return stop
        for other in field.stands:
            if any(other.id == m.id for m in moving) or not overlaps(area, other.rect.polygon):
                continue
            stop = _in_the_way(mover, shape, other, push)
            if stop is not None:
                return stop
            moving.append(other)
    moved = tuple((s.id, s.rect.moved(dx, dy)) for s in moving)
    displaced = displace_friends(field, moved, mover.side)
    if isinstance(displaced, Obstruction):
        return displaced
    overrun = {hero for area in areas for hero in overrun_by(field, area, mover.side)}
    return Recoil(moved=moved, overrun=tuple(sorted(overrun)), displaced=displaced)


def _stopped(field: Field, mover: StandShape, shape: StandShape, area: Sweep) -> Obstruction | None:
    pushing = "" if shape.id == mover.id else f"pushing {shape.name}, "
    if not within_bounds(area, field.width, field.height):
        return Obstruction(
            "blocked_by_board_edge", f"{mover.name} cannot recoil: {pushing}it would leave the board."
        )
    for piece in field.terrain:
        if stops_stands(piece) and overlaps(area, piece.polygon):
            return Obstruction(
                "blocked_by_terrain",
                f"{mover.name} cannot recoil: {pushing}{piece.name} is in the way.",
                piece.id,
            )
    return None


def _in_the_way(mover: StandShape, shape: StandShape, other: StandShape, push: bool) -> Obstruction | None:
    pushing = "" if shape.id == mover.id else f"pushing {shape.name}, "
    if other.side != mover.side:
        return Obstruction(
            "blocked_by_enemy", f"{mover.name} cannot recoil: {pushing}{other.name} is in the way.", other.id
        )
    if other.watching:
        return Obstruction(
            "blocked_by_watching",
            f"{mover.name} cannot recoil: {pushing}{other.name} is watching a challenge and cannot be pushed.",
            other.id,
        )
    if not push:
        return Obstruction(
            "blocked_by_friend", f"{mover.name} cannot fall back: {other.name} is in the way.", other.id
        )
    return None
