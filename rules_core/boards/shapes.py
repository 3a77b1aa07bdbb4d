"""Shapes for the boards' pieces, in inches: rounded blobs for woods and hills, rectangles for
buildings and ruins, thin strips for walls, hedges and rivers; and a piece turned half round the
board's centre, the other side's twin of it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..terrain import new_piece

Polygon = list[list[float]]
WOBBLE = (1.0, 0.86, 1.08, 0.93, 1.04, 0.9, 1.1, 0.95, 1.02, 0.88, 1.06, 0.97)
"""How far each corner of a blob stands out from its ellipse: the same wobble for every blob, turned
by its `turn`, so a board is the same every time it is drawn."""


def _round(polygon: Sequence[Sequence[float]]) -> Polygon:
    return [[round(x, 2), round(y, 2)] for x, y in polygon]


def blob(
    cx: float, cy: float, rx: float, ry: float, turn: int = 0, angle: float = 0.0, corners: int = 12
) -> Polygon:
    """An irregular ellipse (a wood, a hill, a rock): `turn` shifts its wobble, `angle` turns it."""
    a = math.radians(angle)
    points = []
    for k in range(corners):
        t = 2 * math.pi * k / corners
        wobble = WOBBLE[(k + turn) % len(WOBBLE)]
        x, y = rx * wobble * math.cos(t), ry * wobble * math.sin(t)
        points.append((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)))
    return _round(points)


def box(cx: float, cy: float, width: float, depth: float, angle: float = 0.0) -> Polygon:
    """A rectangle round its centre (a building, a ruin's floor)."""
    a = math.radians(angle)
    corners = [
        (-width / 2, -depth / 2),
        (width / 2, -depth / 2),
        (width / 2, depth / 2),
        (-width / 2, depth / 2),
    ]
    return _round(
        [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in corners]
    )


def strip(points: Sequence[tuple[float, float]], thick: float) -> Polygon:
    """A band `thick` across along a line of points (a wall, a hedge, a stream)."""
    half = thick / 2
    left, right = [], []
    for index, (x, y) in enumerate(points):
        before = points[max(0, index - 1)]
        after = points[min(len(points) - 1, index + 1)]
        dx, dy = after[0] - before[0], after[1] - before[1]
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * half, dx / length * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return _round(left + right[::-1])


def piece(kind: str, name: str, polygon: Polygon, **given: Any) -> dict[str, Any]:
    return new_piece(kind, name=name, polygon=polygon, **given)


def turned(data: dict[str, Any], width: float, height: float, name: str = "") -> dict[str, Any]:
    """The piece turned half round the board's centre (the other side's twin), renamed if `name`."""
    polygon = _round([(width - x, height - y) for x, y in data["polygon"]])
    return {**data, "polygon": polygon, **({"name": name} if name else {})}


def scaled(data: dict[str, Any], sx: float, sy: float) -> dict[str, Any]:
    """The piece stretched to another board (a library board made for 48" by 48" on 72" by 48")."""
    return {**data, "polygon": _round([(x * sx, y * sy) for x, y in data["polygon"]])}
