"""What a board must give the battle to be fair (`docs/rules/terrain.md` §19.5, the MUSTs): every
piece on the table; every objective marker where a model can touch it, and reachable from every
deployment zone by a Man on a 25 mm base without a Climb (a Jump is allowed); every zone with room to
deploy and joined to the others; Fog of War's piece in each half; and how much of the table the
terrain covers.

Reaching is found on a grid of places a base's centre may stand (`STEP` apart), flooded from each
zone: a gap a base cannot pass is closed."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..geometry import bounding_box, point_in_polygon, point_polygon_distance, polygons_intersect
from ..house_rules import ZONE_ROOM
from ..scenarios.catalogue import spec_of
from ..scenarios.data import MARKER_RADIUS, Zone
from ..scenarios.layout import zone_choices
from ..state import Board, Side, Terrain
from ..terrain import blocks_walkers, keeps_markers_off, stops_stands

STEP = 0.25
"""Inches between the places the reach grid tries."""
BASE = 25 / 25.4 / 2
"""The radius of the base the board is checked for."""
ZONE_FREE = 0.5
"""The share of each deployment zone that must be free to stand on (`house_rules.ZONE_ROOM`)."""
COVERAGE = (1 / 3, 1 / 2)
"""The share of the table a random board's terrain covers (`house_rules.BUILT_BOARD_COVERAGE`);
a mass battle's, whose stands stand where its setup put them, at least a fifth (`MASS_COVERAGE`)."""
MASS_COVERAGE = (1 / 5, 1 / 2)
TOUCH = 0.05


@dataclass(frozen=True, slots=True)
class MarkerPlace:
    """An objective marker a board must leave touchable: its name and place."""

    label: str
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Placed:
    """A footprint the setup fixes (a stand's rectangle): no piece that stops it may lie under it."""

    name: str
    polygon: list[tuple[float, float]]


@dataclass(frozen=True, slots=True)
class BoardNeeds:
    """What the battle needs of its board: the zones armies may deploy in (every choice a scenario
    offers), the markers it places, and whether it needs a piece in each half (Fog of War)."""

    zones: list[Zone]
    markers: list[MarkerPlace] = field(default_factory=list)
    halves: bool = False
    placed: list[Placed] = field(default_factory=list)
    """Pieces the setup has already placed (a mass battle's stands): none may stand where it cannot."""
    cover: list[float] = field(default_factory=lambda: list(COVERAGE))
    """The share of the table a random board covers, at least and at most."""


@dataclass
class BoardCheck:
    """What is wrong with a board: `refusals` keep it off the table; `warnings` a player should read."""

    refusals: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    coverage: float = 0.0

    @property
    def fair(self) -> bool:
        return not self.refusals


def rect_zones(zones: Mapping[Side, Sequence[float]]) -> list[Zone]:
    """Deployment zones given as [x0, y0, x1, y1] by side (a battle without a scenario, a mass battle)."""
    return [
        Zone(side, f"of {side.capitalize()}", "rect", [(x0, y0), (x1, y1)])
        for side, (x0, y0, x1, y1) in zones.items()
    ]


def scenario_needs(key: str, board: Board) -> BoardNeeds:
    """A scenario's zones (each its deployment may use), markers (its fixed ones, and each side's
    supplies wherever its zone may be) and its need of a piece in each half."""
    spec = spec_of(key)
    zones: dict[str, Zone] = {
        z.key: z for choice in zone_choices(spec.deploy, board).values() for z in choice
    }
    spots = [MarkerPlace(s.label, *s.at(board.width, board.height)) for s in spec.markers]
    for turned in (False, True):
        spots += [MarkerPlace(s.label, *s.at(board.width, board.height, turned)) for s in spec.supplies]
    halves = any(p.kind == "terrain_enemy_half" for p in spec.picks)
    return BoardNeeds(zones=list(zones.values()), markers=spots, halves=halves)


class Reach:
    """The places a base's centre may stand, and which of them join up."""

    def __init__(
        self, board: Board, terrain: Sequence[Terrain], radius: float = BASE, join: bool = True
    ) -> None:
        self.cols, self.rows = int(board.width / STEP), int(board.height / STEP)
        self.radius = radius
        free = bytearray(self.cols * self.rows)
        for j in range(self.rows):
            y = (j + 0.5) * STEP
            if radius <= y <= board.height - radius:
                for i in range(self.cols):
                    x = (i + 0.5) * STEP
                    free[j * self.cols + i] = radius <= x <= board.width - radius
        for piece in terrain:
            if blocks_walkers(piece):
                self._close(free, piece.polygon, radius)
        self.free = free
        self.part = self._parts() if join else list(free)

    def centre(self, cell: int) -> tuple[float, float]:
        return ((cell % self.cols + 0.5) * STEP, (cell // self.cols + 0.5) * STEP)

    def _close(self, free: bytearray, polygon: Sequence[tuple[float, float]], radius: float) -> None:
        x0, y0, x1, y1 = bounding_box(polygon)
        for j in range(max(0, int((y0 - radius) / STEP)), min(self.rows, int((y1 + radius) / STEP) + 1)):
            for i in range(max(0, int((x0 - radius) / STEP)), min(self.cols, int((x1 + radius) / STEP) + 1)):
                cell = j * self.cols + i
                if free[cell] and point_polygon_distance(self.centre(cell), polygon) < radius:
                    free[cell] = 0

    def _parts(self) -> list[int]:
        """Each free place's part of the board (the places it joins up with), 0 where none stands."""
        part = [0] * len(self.free)
        label = 0
        cols = self.cols
        for start, is_free in enumerate(self.free):
            if not is_free or part[start]:
                continue
            label += 1
            part[start] = label
            todo = deque([start])
            while todo:
                cell = todo.popleft()
                i = cell % cols
                for near in (
                    cell - cols,
                    cell + cols,
                    cell - 1 if i else -1,
                    cell + 1 if i < cols - 1 else -1,
                ):
                    if 0 <= near < len(part) and self.free[near] and not part[near]:
                        part[near] = label
                        todo.append(near)
        return part

    def cells_in(self, zone: Zone) -> list[int]:
        x0, y0, x1, y1 = zone.bounds(self.cols * STEP, self.rows * STEP)
        found = []
        for j in range(int(y0 / STEP), min(self.rows, int(y1 / STEP) + 1)):
            for i in range(int(x0 / STEP), min(self.cols, int(x1 / STEP) + 1)):
                cell = j * self.cols + i
                x, y = self.centre(cell)
                if self.free[cell] and zone.holds(x, y, self.radius):
                    found.append(cell)
        return found

    def touching(self, x: float, y: float, reach: float) -> set[int]:
        """The parts of the board from which a base can touch a circle of `reach` round (x, y)."""
        near = reach + self.radius + STEP
        found = set()
        for j in range(max(0, int((y - near) / STEP)), min(self.rows, int((y + near) / STEP) + 1)):
            for i in range(max(0, int((x - near) / STEP)), min(self.cols, int((x + near) / STEP) + 1)):
                cell = j * self.cols + i
                cx, cy = self.centre(cell)
                if self.part[cell] and (cx - x) ** 2 + (cy - y) ** 2 <= near**2:
                    found.add(self.part[cell])
        return found


COVER_STEP = 0.5
"""Inches between the places the table's cover is counted at (an estimate needs no finer grid)."""


def coverage(board: Board, terrain: Sequence[Terrain]) -> float:
    """The share of the table under terrain, counted on a grid."""
    cols, rows = int(board.width / COVER_STEP), int(board.height / COVER_STEP)
    boxes = [(bounding_box(p.polygon), p.polygon) for p in terrain]
    covered = 0
    for j in range(rows):
        y = (j + 0.5) * COVER_STEP
        row = [(box, polygon) for box, polygon in boxes if box[1] <= y <= box[3]]
        for i in range(cols if row else 0):
            x = (i + 0.5) * COVER_STEP
            covered += any(
                box[0] <= x <= box[2] and point_in_polygon((x, y), polygon) for box, polygon in row
            )
    return covered / (cols * rows)


def check(board: Board, terrain: Sequence[Terrain], needs: BoardNeeds, generated: bool = False) -> BoardCheck:
    """Everything a board must give `needs`; a `generated` board must also cover a third to a half
    of the table, where a built one is only warned (`house_rules.BUILT_BOARD_COVERAGE`)."""
    found = BoardCheck()
    for piece in terrain:
        if any(
            not (-1e-6 <= x <= board.width + 1e-6 and -1e-6 <= y <= board.height + 1e-6)
            for x, y in piece.polygon
        ):
            found.refusals.append(f"The {piece.name} lies partly off the board.")
    reach = Reach(board, terrain)
    zones = [(zone, reach.cells_in(zone)) for zone in needs.zones]
    for zone, cells in zones:
        room = _room(zone, board.width, board.height)
        if room and len(cells) < ZONE_FREE * room:
            share = round(100 * len(cells) / room)
            found.refusals.append(
                f"The deployment zone {zone.label} has room to stand on only {share}% of it "
                f"({ZONE_ROOM.says()})."
            )
    parts = [{reach.part[c] for c in cells} for _, cells in zones]
    joined = set.intersection(*parts) if parts else set()
    if len(zones) > 1 and not joined:
        found.refusals.append(
            "The deployment zones are walled off from each other: no model could cross the board."
        )
    for spot in needs.markers:
        found.refusals.extend(_marker_problems(spot, terrain, reach, zones))
    if needs.halves:
        found.refusals.extend(_halves_problems(board, terrain))
    for placed in needs.placed:
        under = next(
            (p for p in terrain if stops_stands(p) and polygons_intersect(placed.polygon, p.polygon)), None
        )
        if under is not None:
            found.refusals.append(f"{placed.name} would stand on the {under.name}, where it cannot.")
    found.coverage = coverage(board, terrain)
    low, high = needs.cover
    if generated and not low <= found.coverage <= high:
        found.refusals.append(
            f"The terrain covers {found.coverage:.0%} of the table, not {low:.0%} to {high:.0%} of it."
        )
    elif found.coverage < COVERAGE[0]:
        found.warnings.append(
            f"The terrain covers {found.coverage:.0%} of the table: a third is recommended."
        )
    return found


def _room(zone: Zone, width: float, height: float) -> int:
    """The places a base may stand in a zone of an empty board."""
    return _room_of(zone.key, zone.label, zone.shape, tuple(zone.points), zone.radius, width, height)


@cache
def _room_of(
    key: str,
    label: str,
    shape: Any,
    points: tuple[tuple[float, float], ...],
    radius: float,
    width: float,
    height: float,
) -> int:
    """(The same zones come back for every board checked: counted once.)"""
    zone = Zone(key, label, shape, list(points), radius)
    return len(Reach(Board(width, height), [], join=False).cells_in(zone))


def _marker_problems(
    spot: MarkerPlace,
    terrain: Sequence[Terrain],
    reach: Reach,
    zones: list[tuple[Zone, list[int]]],
) -> list[str]:
    name = f"{spot.label} (at {spot.x:g}, {spot.y:g})"  # as the board and the panel name it
    for piece in terrain:
        if (
            keeps_markers_off(piece)
            and point_polygon_distance((spot.x, spot.y), piece.polygon) < MARKER_RADIUS
        ):
            return [f"{name} would lie on the {piece.name}, where no model can touch it."]
    touching = reach.touching(spot.x, spot.y, MARKER_RADIUS + TOUCH)
    if not touching:
        return [f"{name} is walled in: no model could stand touching it."]
    return [
        f"{name} cannot be reached from the deployment zone {zone.label}."
        for zone, cells in zones
        if not touching & {reach.part[c] for c in cells}
    ]


def _halves_problems(board: Board, terrain: Sequence[Terrain]) -> list[str]:
    middle = board.height / 2
    north = any(all(y <= middle + 1e-9 for _, y in p.polygon) for p in terrain)
    south = any(all(y >= middle - 1e-9 for _, y in p.polygon) for p in terrain)
    return [
        f"Fog of War needs a terrain piece wholly in each half: the {half} half has none."
        for half, has in (("north", north), ("south", south))
        if not has
    ]
