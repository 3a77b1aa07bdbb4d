"""Loose heroes' bases among the stands (§6.3, §6.4, §8.8): where one may stand or be put, his path
past stands, the stand edges he touches, where a detaching or escaping hero is placed."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from ..geometry import Point, point_polygon_distance, point_segment_distance, segment_polygon_distance
from ..state import Side
from .constants import CONTACT_TOLERANCE, CONTROL_ZONE, ESCAPE_RANGE
from .field import EPS, Field, HeroBase, Obstruction, edge_taken
from .geometry import EDGES, Edge, Rect, circle_distance, rect_distance
from .sweep import overlaps_circle


def spot_problem(
    field: Field, centre: Point, radius: float, side: Side, ignore: str = "", zone: bool = True
) -> Obstruction | None:
    """Whether a round base of `side` may stand at `centre`: on the board, off impassable terrain,
    over no stand or other base, and (with `zone`) not within 1" of an enemy stand."""
    x, y = centre
    if not (
        radius - EPS <= x <= field.width - radius + EPS and radius - EPS <= y <= field.height - radius + EPS
    ):
        return Obstruction("off_board", "That place is off the board.")
    for piece in field.terrain:
        if piece.impassable and point_polygon_distance(centre, piece.polygon) < radius - CONTACT_TOLERANCE:
            return Obstruction("impassable", f"That place is on {piece.name}.", piece.id)
    for stand in field.stands:
        if overlaps_circle((stand.rect.polygon,), centre, radius):
            return Obstruction("overlap", f"That place is on {stand.name}.", stand.id)
        if zone and stand.side != side and circle_distance(stand.rect, centre, radius) < CONTROL_ZONE - EPS:
            return Obstruction(
                "too_close_to_enemy_stand",
                f'That place is within {CONTROL_ZONE:g}" of {stand.name}.',
                stand.id,
            )
    for hero in field.heroes:
        if hero.id != ignore and math.dist(hero.centre, centre) < hero.radius + radius - CONTACT_TOLERANCE:
            return Obstruction("overlap", f"That place is on {hero.name}.", hero.id)
    return None


def loose_path_problem(field: Field, hero_id: str, path: Sequence[Point]) -> Obstruction | None:
    """§6.4, what stands and the board ask of a loose hero's path: no stand crossed, no impassable
    terrain, on the board, and never within 1" of an enemy stand (one already closer may move, but
    not closer). Other heroes, difficult ground and the path's length are the skirmish rules'."""
    hero = field.hero(hero_id)
    points = [hero.centre, *path]
    r = hero.radius
    for x, y in points:
        if not (r - EPS <= x <= field.width - r + EPS and r - EPS <= y <= field.height - r + EPS):
            return Obstruction("off_board", f"{hero.name} cannot leave the board.")
    for a, b in pairwise(points):
        for piece in field.terrain:
            if piece.impassable and segment_polygon_distance(a, b, piece.polygon) < r - CONTACT_TOLERANCE:
                return Obstruction("impassable", f"{hero.name} cannot move through {piece.name}.", piece.id)
        for stand in field.stands:
            gap = segment_polygon_distance(a, b, stand.rect.polygon) - r
            if gap < -CONTACT_TOLERANCE:
                return Obstruction("path_blocked", f"{hero.name} cannot move through {stand.name}.", stand.id)
            if stand.side != hero.side:
                allowed = min(CONTROL_ZONE, circle_distance(stand.rect, hero.centre, r))
                if gap < allowed - EPS:
                    return Obstruction(
                        "too_close_to_enemy_stand",
                        f'{hero.name} would come within {max(gap, 0.0):.3g}" of {stand.name}: a loose hero '
                        f'keeps {CONTROL_ZONE:g}" from enemy stands.',
                        stand.id,
                    )
    return None


def touched_edges(rect: Rect, centre: Point, radius: float) -> list[Edge]:
    """The edges of a footprint that a round base touches without overlapping it (§6.3: a hero
    attaches by ending his move touching one)."""
    if overlaps_circle((rect.polygon,), centre, radius):
        return []
    return [e for e in EDGES if point_segment_distance(centre, *rect.edge(e)) - radius <= CONTACT_TOLERANCE]


DETACH_EDGES: tuple[Edge, ...] = ("front", "left", "right", "rear")
"""The edges a detaching hero is offered, the first free one his place when his player names none
(§6.3: he steps out where he may lead; battles set up before edition 4 tried the rear first,
`REAR_FIRST`)."""
REAR_FIRST: tuple[Edge, ...] = ("rear", "right", "left", "front")


def detach_spot(
    field: Field,
    stand_id: str,
    hero: HeroBase,
    edge: Edge | None = None,
    order: tuple[Edge, ...] = DETACH_EDGES,
) -> Point | None:
    """§6.3: where a detaching hero is placed: touching `edge` of his stand (by default the first
    of `order` that has room), at its middle if that is free, else the nearest free place along it;
    never on an edge another stand touches."""
    for name in (edge,) if edge is not None else order:
        spot = _edge_spot(field, stand_id, hero, name)
        if spot is not None:
            return spot
    return None


def _edge_spot(field: Field, stand_id: str, hero: HeroBase, edge: Edge) -> Point | None:
    rect = field.stand(stand_id).rect
    if any(edge_taken(rect, edge, other.rect) for other in field.stands if other.id != stand_id):
        return None
    (nx, ny), length = rect.normal(edge), rect.width if edge in ("front", "rear") else rect.depth
    (a, b) = rect.edge(edge)
    mid = ((a[0] + b[0]) / 2 + nx * hero.radius, (a[1] + b[1]) / 2 + ny * hero.radius)
    tx, ty = ny, -nx
    along = length / 2 - hero.radius if edge in ("front", "rear") else length / 2
    for offset in _spread(along):
        spot = (mid[0] + tx * offset, mid[1] + ty * offset)
        if spot_problem(field, spot, hero.radius, hero.side, ignore=hero.id, zone=False) is None:
            return spot
    return None


def _spread(half: float, step: float = 0.25) -> list[float]:
    """0, then ±step, ±2·step ... out to ±half."""
    offsets = [0.0]
    k = 1
    while k * step <= half + EPS:
        offsets += [k * step, -k * step]
        k += 1
    return offsets


def escape_stands(field: Field, footprint: Rect, side: Side) -> list[str]:
    """§8.8: the friendly stands whose nearest point is within 6" of a destroyed stand's footprint
    (which must no longer be in `field`); whether one has room is the attachments' business."""
    return [
        s.id
        for s in field.stands
        if s.side == side and rect_distance(s.rect, footprint) <= ESCAPE_RANGE + EPS
    ]


def escape_spot_problem(
    field: Field, footprint: Rect, centre: Point, radius: float, side: Side
) -> Obstruction | None:
    """§8.8: whether an escaping hero may be placed loose at `centre`: within 6" of the destroyed
    stand's footprint, not within 1" of an enemy stand and overlapping nothing."""
    if circle_distance(footprint, centre, radius) > ESCAPE_RANGE + EPS:
        return Obstruction(
            "too_far_to_escape", f'That place is more than {ESCAPE_RANGE:g}" from where the stand fell.'
        )
    return spot_problem(field, centre, radius, side)
