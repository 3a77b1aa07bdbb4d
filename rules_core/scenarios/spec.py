"""The shape of a scenario's entry: what the catalogue says of each scenario, as data.

Positions are given as `Coord`s, (fraction of the board, inches added), so an entry reads as the
rules say it ("12 inches in from the middle of the edge": x = (0.5, 0), y = (0, 12)) and fits any
board size.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Coord = tuple[float, float]
"""(fraction of the board's width or height, inches added to it)."""

EndRule = Literal["quarter", "broken_roll"]
"""How a scenario ends: at the end of a turn in which an army is at 25% or fewer of its starting
models ("quarter"); or, once an army is Broken, on a 1-2 on a D6 rolled at the end of each turn."""

PickKind = Literal["own_hero", "enemy_hero", "terrain_enemy_half", "own_most_expensive"]


@dataclass(frozen=True)
class Spot:
    """A marker (`key` names it in the entry's lines) and its place on the board. A side's own
    markers (supplies) are placed for a side whose zone is along the top edge, and turned half
    round for the side at the bottom."""

    key: str
    label: str
    x: Coord
    y: Coord

    def at(self, width: float, height: float, turned: bool = False) -> tuple[float, float]:
        x = self.x[0] * width + self.x[1]
        y = self.y[0] * height + self.y[1]
        return (width - x, height - y) if turned else (x, y)


@dataclass(frozen=True)
class WarbandRoll:
    """A D6 per Warband before it deploys: on `low` or less it must stand wholly within `band`
    inches of the centre line (on its own side), otherwise anywhere in its zone."""

    low: int
    band: float


@dataclass(frozen=True)
class Deploy:
    """How the armies deploy, after a roll-off whose winner chooses (and deploys first).

    "edges": each side's zone is the strip wholly within `depth` inches of its own edge (the
    top or the bottom). "corners": each side takes two opposite corners, its zones the areas
    within `depth` inches of them (labelled A and B); its Warbands go to A and B in turn."""

    kind: Literal["edges", "corners"]
    depth: float
    enemy_gap: float = 0.0
    """How near an enemy a model may be deployed (1" in some scenarios; 0: not checked)."""
    warband_roll: WarbandRoll | None = None


@dataclass(frozen=True)
class Placement:
    """Markers the players place before deployment: after a roll-off, the winner places one, the
    other player the next, and so on, each at least `gap` from every marker already placed and
    `edge_gap` from every edge of the board."""

    count: int
    gap: float
    edge_gap: float


@dataclass(frozen=True)
class Pick:
    """A choice each player makes before deployment; `secret` ones stay hidden until revealed."""

    key: str
    kind: PickKind
    label: str
    secret: bool = True


@dataclass(frozen=True)
class Level:
    """A rung of a "more than the enemy" ladder: `points` when your count is more than theirs, at
    least `factor` times theirs and at least `at_least`; with `sole`, only when they have none."""

    points: int
    factor: int = 1
    at_least: int = 1
    sole: bool = False


def ladder(mine: float, theirs: float, levels: tuple[Level, ...]) -> int:
    """The most points any rung gives for `mine` against `theirs` (0: none reached)."""
    return max(
        (
            level.points
            for level in levels
            if mine > theirs
            and mine >= level.at_least
            and mine >= level.factor * theirs
            and (theirs == 0 or not level.sole)
        ),
        default=0,
    )


@dataclass(frozen=True)
class Line:
    """One line of a scenario's Victory Points: a kind of line (`scoring.LINES`) and its values."""

    kind: str
    label: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScenarioSpec:
    key: str
    number: int
    name: str
    pool: int
    summary: str
    deploy: Deploy
    end: EndRule
    vp: tuple[Line, ...]
    markers: tuple[Spot, ...] = ()
    supplies: tuple[Spot, ...] = ()
    placed: Placement | None = None
    picks: tuple[Pick, ...] = ()
    end_phase: tuple[str, ...] = ()
    """Its own rules, run in every End phase (`ending.END_PHASE_RULES`)."""
    rules: tuple[str, ...] = ()
    """Its own rules in words, for the players."""
