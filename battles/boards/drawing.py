"""How a board's pieces are drawn, whatever the ruleset: each kind its own look (a wood's trees, a
hill's contours, a wall's stones), each piece named with its kind and height, and the legend of
the kinds on the table."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import rules_core
from rules_core import TERRAIN_KINDS


@dataclass(frozen=True)
class PieceView:
    id: str
    name: str
    """Its name, printed on it (sized on the screen by board.js)."""
    kind: str
    """Its kind, or "old" for a piece given by its flags alone (drawn by them)."""
    classes: str
    points: str
    title: str
    label: str
    """What is printed on it: its height, for a piece a model goes up or over."""
    label_at: tuple[float, float]


def _centre(polygon: list[tuple[float, float]]) -> tuple[float, float]:
    return (sum(x for x, _ in polygon) / len(polygon), sum(y for _, y in polygon) / len(polygon))


def piece_views(terrain: Iterable[Any]) -> list[PieceView]:
    """The pieces as the board's svg draws them (state pieces, `rules_core` Terrain)."""
    views = []
    for piece in terrain:
        kind = piece.kind or "old"
        flags = [f for f in ("blocks_sight", "impassable", "difficult") if getattr(piece, f)]
        classes = " ".join(["terrain", f"kind-{kind}", *(f.replace("_", "-") for f in flags)])
        high = piece.height and (piece.barrier or piece.raised)
        views.append(
            PieceView(
                id=piece.id,
                name=piece.name,
                kind=kind,
                classes=classes,
                points=" ".join(f"{x:g},{y:g}" for x, y in piece.polygon),
                title=rules_core.describe_terrain(piece),
                label=f'{piece.height:g}"' if high else "",
                label_at=_centre(piece.polygon),
            )
        )
    return views


def legend(views: Iterable[PieceView]) -> list[tuple[str, str]]:
    """(kind, what it is called) of each kind on the table, in the library's order."""
    present = {v.kind for v in views}
    found = [(key, kind.label) for key, kind in TERRAIN_KINDS.items() if key in present]
    return [*found, ("old", "Terrain")] if "old" in present else found
