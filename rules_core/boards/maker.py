"""A random board, fair by construction (`docs/rules/terrain.md` §19.5): one half of the table is
laid out from a seed and turned half round the centre for the other (so both sides face the same
ground: SHOULD 1), its pieces kept off the places the battle puts markers and apart from each other
so that lanes stay open, until a third to a half of the table is covered; then every MUST is checked
(`fair.check`), and the next try laid out until one passes. The same seed always makes the same board."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..geometry import bounding_box, corners_to_edges, polygon_area, polygons_intersect
from ..state import Board
from ..terrain import KINDS, load_piece
from .fair import BoardNeeds, check
from .shapes import blob, box, piece, strip, turned

TRIES = 60
"""Layouts tried before giving up (none has needed more than a few)."""
EDGE = 1.0
"""Pieces stand this far in from the edges at least."""
MARKER_CLEAR = 3.0
"""No piece that blocks sight or a base comes nearer a marker's place than this (SHOULD 5) ..."""
WALKABLE_MARKER_CLEAR = 1.0
"""... and a wood, rough ground or a stream no nearer than this."""
APART = {"blocking": 2.5, "walkable": 0.2}
"""The gap a piece keeps to the others: 2.5" beside one that blocks a base (a cavalry lane: SHOULD 4);
woods, hills and rough ground, which every model may walk through, may almost touch."""
AIM = (0.02, 0.09)
"""A board aims this much above the least share of the table it must cover."""
RESERVED = 0.5
"""The gap a piece keeps to what the setup has placed (a mass battle's stands)."""
ACROSS = 3.0
"""A piece of the northern half may reach this far past the centre line, clear of its own twin."""
"""A board aims at a share of the table in this range, within the third to a half it must cover."""
AREAS = (("wood", 6), ("hill", 4), ("rocks", 2), ("rubble", 2), ("ruin", 2), ("building", 1))
"""The kinds that cover the table, and how often each is drawn."""
LINES = (2, 4)
"""How many walls, hedges and fences (each with its twin) a board has besides."""
PLACES = 30
"""Places tried for a piece, each a little smaller than the last, before another kind is drawn ..."""
FULL = 16
"""... and pieces that found no place before the half is taken as full."""
NAMES = {
    "wood": ("wood", "copse", "thicket", "grove", "spinney"),
    "hill": ("hill", "knoll", "rise", "brow"),
    "rocks": ("tor", "rocks", "boulders", "crag"),
    "rubble": ("scree", "rocky ground", "rubble"),
    "ruin": ("ruin", "old hall", "broken tower"),
    "building": ("cottage", "barn", "watchtower"),
    "wall": ("wall", "old wall", "field wall"),
    "hedge": ("hedge", "hedgerow"),
    "fence": ("fence", "paddock fence"),
}


@dataclass(frozen=True)
class Made:
    """A board the generator made: its name, its pieces (as a setup gives them) and how it was made."""

    name: str
    terrain: list[dict[str, Any]]
    seed: int
    tries: int
    coverage: float


def generate(seed: int, board: Board, needs: BoardNeeds) -> Made:
    """A fair board for `needs` on `board`, from `seed`."""
    rng = random.Random(seed)
    low, high = needs.cover
    for attempt in range(1, TRIES + 1):
        pieces = _lay_out(rng, board, needs)
        if not low <= sum(polygon_area(_points(p)) for p in pieces) / (board.width * board.height) <= high:
            continue  # the table is too full to take enough terrain: no need to check it
        terrain = [load_piece(i, p) for i, p in enumerate(pieces)]
        found = check(board, terrain, needs, generated=True)
        if found.fair:
            return Made(f"Random board {seed}", pieces, seed, attempt, found.coverage)
    raise RuntimeError(f"no fair board from seed {seed} in {TRIES} tries")


def _lay_out(rng: random.Random, board: Board, needs: BoardNeeds) -> list[dict[str, Any]]:
    w, h = board.width, board.height
    low = needs.cover[0]
    target = rng.uniform(low + AIM[0], low + AIM[1]) * w * h
    marks = [(m.x, m.y) for m in needs.markers]
    # What the setup has placed already (a mass battle's stands) is kept clear, as if a piece.
    placed: list[dict[str, Any]] = [
        {"kind": "building", "name": p.name, "polygon": [list(c) for c in p.polygon], "reserved": True}
        for p in needs.placed
    ]
    if rng.random() < 0.3 and not any(math.dist(m, (w / 2, h / 2)) < 8 for m in marks):
        placed.append(_centre_piece(rng, w, h))
    if rng.random() < 0.25:
        river = _river(rng, w, h)
        clear = all(_apart(_points(river), _points(p), APART["walkable"]) for p in placed)
        if clear and all(_apart(_points(river), _dot(m), MARKER_CLEAR) for m in marks):
            placed.append(river)
    covered = sum(polygon_area(_points(p)) for p in placed if not p.get("reserved"))
    counts: dict[str, int] = {}
    full = 0
    while covered < target and full < FULL:
        kind = rng.choices([k for k, _ in AREAS], [n for _, n in AREAS])[0]
        north = _place(rng, kind, placed, marks, w, h)
        if north is None:
            full += 1  # no room for that one: another kind (a smaller one) may fit
            continue
        covered += 2 * polygon_area(_points(north))
        _add(placed, north, counts, w, h)
    for _ in range(rng.randint(*LINES)):
        north = _place(rng, rng.choice(("wall", "hedge", "fence")), placed, marks, w, h)
        if north is not None:
            _add(placed, north, counts, w, h)
    return [p for p in placed if not p.get("reserved")]


def _place(
    rng: random.Random,
    kind: str,
    placed: list[dict[str, Any]],
    marks: list[tuple[float, float]],
    w: float,
    h: float,
) -> dict[str, Any] | None:
    """A piece of `kind` somewhere it fits, smaller the more places it misses; None if none."""
    for attempt in range(PLACES):
        shrink = 1.0 - 0.5 * attempt / PLACES
        north = _shape(rng, kind, w, h, shrink)
        if _fits(north, placed, marks, w, h):
            return north
    return None


def _add(
    placed: list[dict[str, Any]], north: dict[str, Any], counts: dict[str, int], w: float, h: float
) -> None:
    """The piece and its twin, named for their halves ("North copse", "South copse")."""
    kind = north["kind"]
    counts[kind] = counts.get(kind, 0) + 1
    words = NAMES[kind]
    word = words[(counts[kind] - 1) % len(words)]
    number = f" {(counts[kind] - 1) // len(words) + 1}" if counts[kind] > len(words) else ""
    north["name"] = f"North {word}{number}"
    placed += [north, turned(north, w, h, f"South {word}{number}")]


def _points(data: dict[str, Any]) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in data["polygon"]]


def _dot(point: tuple[float, float]) -> list[tuple[float, float]]:
    x, y = point
    return [(x - 0.01, y - 0.01), (x + 0.01, y - 0.01), (x, y + 0.01)]


def _blocks(data: dict[str, Any]) -> bool:
    kind = KINDS[data["kind"]].properties
    return bool(
        kind.get("impassable") or kind.get("barrier") or kind.get("climbable") or data.get("impassable")
    )


def _fits(
    data: dict[str, Any], placed: list[dict[str, Any]], marks: list[tuple[float, float]], w: float, h: float
) -> bool:
    """On the table, in the northern half (or a little past the centre line, clear of its own twin),
    clear of the markers' places and of the others (their twins among them)."""
    points = _points(data)
    if any(not (EDGE <= x <= w - EDGE and EDGE <= y <= h / 2 + ACROSS) for x, y in points):
        return False
    blocks = _blocks(data)
    clear = MARKER_CLEAR if blocks or data.get("blocks_sight") else WALKABLE_MARKER_CLEAR
    if any(_apart(points, _dot(m), clear) is False for m in marks):
        return False
    if not _apart(points, _points(turned(data, w, h)), APART["walkable"]):
        return False  # it reaches past the centre line into its own twin
    twin = _points(turned(data, w, h))
    for other in placed:
        if other.get("reserved"):  # a stand placed: neither the piece nor its twin under it
            if not (_apart(points, _points(other), RESERVED) and _apart(twin, _points(other), RESERVED)):
                return False
            continue
        gap = APART["blocking" if blocks or _blocks(other) else "walkable"]
        if not _apart(points, _points(other), gap):
            return False
    return True


def _apart(a: list[tuple[float, float]], b: list[tuple[float, float]], gap: float) -> bool:
    """Whether two shapes are at least `gap` apart: their boxes first (the cheap test), then no
    corner of either within `gap` of the other's edges, and no edges crossing."""
    ax0, ay0, ax1, ay1 = bounding_box(a)
    bx0, by0, bx1, by1 = bounding_box(b)
    if ax0 - gap > bx1 or bx0 - gap > ax1 or ay0 - gap > by1 or by0 - gap > ay1:
        return True
    if corners_to_edges(a, b) < gap or corners_to_edges(b, a) < gap:
        return False
    return not polygons_intersect(a, b)


def _shape(rng: random.Random, kind: str, w: float, h: float, shrink: float = 1.0) -> dict[str, Any]:
    """A piece of `kind` at a random place in the northern half, sized for a 48" table (larger on a
    larger one), `shrink` times smaller."""
    x, y = rng.uniform(EDGE, w - EDGE), rng.uniform(EDGE, h / 2)
    turn, angle = rng.randrange(12), rng.uniform(0, 180)
    scale = math.sqrt(w * h / (48 * 48))

    def size(low: float, high: float) -> float:
        return rng.uniform(low, high) * shrink * scale

    if kind == "wood":
        return piece(kind, "", blob(x, y, size(3.5, 6.5), size(3, 5), turn, angle))
    if kind == "hill":
        height = rng.choice((1.5, 2.0, 2.5, 3.0))
        return piece(kind, "", blob(x, y, size(4, 7), size(3, 5.5), turn, angle), height=height)
    if kind == "rocks":
        height = rng.choice((1.0, 1.5, 2.0, 2.5, 3.0))
        return piece(kind, "", blob(x, y, size(1.5, 3), size(1.3, 2.5), turn, angle), height=height)
    if kind == "rubble":
        return piece(kind, "", blob(x, y, size(2.5, 4.5), size(1.8, 3.5), turn, angle))
    if kind in ("ruin", "building"):
        sides = (size(4, 7), size(3.5, 6)) if kind == "ruin" else (size(3.5, 6), size(3, 5))
        return piece(kind, "", box(x, y, *sides, rng.uniform(-15, 15)))
    length = size(4, 8)
    a = math.radians(angle)
    end = (x + length * math.cos(a), y + length * math.sin(a))
    line = [(x, y), end]
    if rng.random() < 0.35:  # a corner of a field
        b = a + math.pi / 2 * rng.choice((-1, 1))
        line.append((end[0] + length / 2 * math.cos(b), end[1] + length / 2 * math.sin(b)))
    thick = {"wall": 0.3, "hedge": 0.6, "fence": 0.2}[kind]
    given = {"height": rng.choice((0.7, 1.0, 1.2))} if kind == "wall" else {}
    return piece(kind, "", strip(line, thick), **given)


def _centre_piece(rng: random.Random, w: float, h: float) -> dict[str, Any]:
    """One piece on the centre, its own twin (an ellipse is the same turned half round)."""
    kind = rng.choice(("hill", "ruin", "wood"))
    rx, ry = rng.uniform(3, 5), rng.uniform(2.5, 4)
    shape = [[round(w / 2 + rx * math.cos(t), 2), round(h / 2 + ry * math.sin(t), 2)] for t in _angles(12)]
    given = {"height": 2.0} if kind == "hill" else {}
    return piece(kind, f"Central {KINDS[kind].label.lower()}", shape, **given)


def _river(rng: random.Random, w: float, h: float) -> dict[str, Any]:
    """A shallow river across the table through its centre, on a curve the same turned half round."""
    bend = rng.uniform(2, 6) * rng.choice((-1, 1))
    line = [(x, h / 2 + bend * math.sin(2 * math.pi * x / w)) for x in (w * k / 12 for k in range(13))]
    band = strip(line, rng.uniform(2.5, 4))
    return piece("river", "River", [[min(w, max(0.0, x)), y] for x, y in band])


def _angles(count: int) -> list[float]:
    return [2 * math.pi * k / count for k in range(count)]
