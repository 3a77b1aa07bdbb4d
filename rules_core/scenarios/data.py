"""A scenario in play, as plain data: its zones, its markers, the secret picks and its tallies."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from ..geometry import edges, point_in_polygon, point_segment_distance
from ..serial import Unchanging, shallow_copy

EPSILON = 1e-9
MARKER_RADIUS = 25 / 25.4 / 2
"""An objective marker is 25 mm across."""


@dataclass(slots=True)
class Zone(Unchanging):
    """An area of the board: a rectangle (two corners), a disc (its centre and `radius`, cut by
    the board's edges: a corner's quarter-disc) or a polygon (its corners)."""

    key: str
    label: str
    shape: Literal["rect", "disc", "polygon"]
    points: list[tuple[float, float]]
    radius: float = 0.0

    def contains(self, x: float, y: float) -> bool:
        """The point is inside the zone (or on its edge)."""
        return self.margin(x, y) >= -EPSILON

    def holds(self, x: float, y: float, r: float) -> bool:
        """A base of radius `r` centred here is wholly within the zone."""
        return self.margin(x, y) >= r - EPSILON

    def margin(self, x: float, y: float) -> float:
        """How far inside the zone the point is (negative: how far outside)."""
        if self.shape == "rect":
            (x0, y0), (x1, y1) = self.points
            return min(x - x0, x1 - x, y - y0, y1 - y)
        if self.shape == "disc":
            (cx, cy) = self.points[0]
            return self.radius - math.hypot(x - cx, y - cy)
        gap = min(point_segment_distance((x, y), a, b) for a, b in edges(self.points))
        return gap if point_in_polygon((x, y), self.points) else -gap

    def bounds(self, width: float, height: float) -> list[float]:
        """[x0, y0, x1, y1]: the rectangle around the zone, inside the board."""
        if self.shape == "disc":
            (cx, cy) = self.points[0]
            box = [cx - self.radius, cy - self.radius, cx + self.radius, cy + self.radius]
        else:
            xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
            box = [min(xs), min(ys), max(xs), max(ys)]
        return [max(0.0, box[0]), max(0.0, box[1]), min(width, box[2]), min(height, box[3])]


@dataclass(slots=True)
class Marker:
    """An objective marker (25 mm). A supply marker has an `owner`; a marker a scenario lets sides
    control has a `controller`; a destroyed one is `removed` (by the side named)."""

    id: str
    label: str
    x: float
    y: float
    kind: str = "objective"
    owner: str = ""
    controller: str = ""
    removed_by: str = ""

    @property
    def on_board(self) -> bool:
        return not self.removed_by

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)


@dataclass(slots=True)
class ScenarioState:
    """The scenario of a battle: which one (`key`, an entry of the catalogue) and what it has
    become so far. `picks` are each side's secret picks, hidden from the other side and from
    spectators until `revealed`; a side in `sealed` made picks a replayed export did not show."""

    key: str
    markers: list[Marker] = field(default_factory=list)
    zones: dict[str, list[Zone]] = field(default_factory=dict)
    first: str = ""
    """The side that won the roll-off for deployment and deploys first."""
    deployed: dict[str, list[int]] = field(default_factory=dict)
    """Each side's Warbands (indices into its army's list) that are deployed, in order."""
    picks: dict[str, dict[str, str]] = field(default_factory=dict)
    sealed: list[str] = field(default_factory=list)
    revealed: bool = False
    counters: dict[str, dict[str, int]] = field(default_factory=dict)
    """The scenario's own tallies, per side: supplies destroyed, Fortification Points ..."""

    def clone(self) -> ScenarioState:
        twin = shallow_copy(self)
        twin.markers = [shallow_copy(marker) for marker in self.markers]
        twin.zones = dict(self.zones)
        twin.deployed = {side: list(done) for side, done in self.deployed.items()}
        twin.picks = {side: dict(picks) for side, picks in self.picks.items()}
        twin.sealed = list(self.sealed)
        twin.counters = {name: dict(per_side) for name, per_side in self.counters.items()}
        return twin

    def count(self, name: str, side: str) -> int:
        return self.counters.get(name, {}).get(side, 0)

    def add(self, name: str, side: str, amount: int) -> None:
        per_side = self.counters.setdefault(name, {})
        per_side[side] = per_side.get(side, 0) + amount

    def live_markers(self) -> list[Marker]:
        return [m for m in self.markers if m.on_board]
