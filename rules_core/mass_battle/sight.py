"""Line of sight for the mass battle (§3): from footprint to footprint, blocked by sight-blocking
terrain and, for stands, by other stands; loose heroes never block."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

from ..geometry import Point, point_in_polygon, segment_crosses_polygon, segment_polygon_distance
from ..terrain import hides_from_stands
from .constants import CONTACT_TOLERANCE
from .field import Field
from .geometry import Rect
from .sweep import inset


def sight_points(rect: Rect) -> list[Point]:
    """Where sight lines are tried from on a footprint: corners and edge middles (pulled in a hair,
    so a line does not graze the stand's own edge) and the centre."""
    c = rect.centre
    corners = list(rect.corners)
    middles = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in pairwise([*corners, corners[0]])]
    return [(p[0] + (c[0] - p[0]) * 0.01, p[1] + (c[1] - p[1]) * 0.01) for p in corners + middles] + [c]


def base_points(centre: Point, radius: float) -> list[Point]:
    """Where sight lines are tried from on a round base: its centre and four points near its rim."""
    x, y = centre
    near = radius * 0.9
    return [centre, (x + near, y), (x - near, y), (x, y + near), (x, y - near)]


def in_sight(field: Field, a: Sequence[Point], b: Sequence[Point], blocking: Iterable[str] = ()) -> bool:
    """§3: some straight line from a point of `a` to a point of `b` crosses no sight-blocking
    terrain (a piece that either end stands in does not block) and no stand named in `blocking`."""
    walls = [t.polygon for t in field.terrain if hides_from_stands(t)]
    names = set(blocking)
    bodies = [inset(s.rect.polygon, CONTACT_TOLERANCE) for s in field.stands if s.id in names]
    for p in a:
        for q in b:
            if any(
                segment_crosses_polygon(p, q, wall)
                and not point_in_polygon(p, wall)
                and not point_in_polygon(q, wall)
                for wall in walls
            ):
                continue
            if any(segment_polygon_distance(p, q, body) == 0.0 for body in bodies):
                continue
            return True
    return False


def stands_see(field: Field, a_id: str, b_id: str) -> bool:
    """§3, sight between two stands: terrain and every other stand block (loose heroes never do)."""
    others = [s.id for s in field.stands if s.id not in (a_id, b_id)]
    return in_sight(field, sight_points(field.stand(a_id).rect), sight_points(field.stand(b_id).rect), others)
