"""Victory Points: each kind of line a scenario's table uses, scored as the battle stands.

`score(state)` is the whole table, line by line, for both sides: live while the battle goes on
(what each side would have if it ended now) and final when it ends. A line kind is a function of
the state and the entry's values, and says the most a side can score from it (each scenario's
lines add up to 20: a test checks it).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..geometry import point_polygon_distance
from ..legacy import QUARTER_EDITION, models_standing
from ..special_rules import DOMINANT, on_model
from ..special_rules.active import active
from ..special_rules.shapes import Dominant
from ..state import SIDES, BattleState, Model, Side, Terrain, other, side_name
from ..tally import STRIKE
from ..wargear import carries
from .catalogue import spec_of
from .data import MARKER_RADIUS, Marker
from .spec import Level, Line, ScenarioSpec, ladder

EPSILON = 1e-9
QUARTER = 0.25
GENERAL_DOMINANT = 3
WAR_HORN_DOMINANT = 2
"""A war horn's bearer counts as Dominant (2) (`docs/rules/wargear.md`)."""


@dataclass
class Row:
    """One line of the table: each side's points and why; `secret` names the sides whose points
    here come from their own secret picks (hidden from the others until the picks are revealed)."""

    label: str
    points: dict[str, int]
    notes: dict[str, str]
    secret: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "points": self.points, "notes": self.notes, "secret": self.secret}


@dataclass
class Score:
    rows: list[Row]

    def total(self, side: str) -> int:
        return sum(row.points.get(side, 0) for row in self.rows)

    @property
    def totals(self) -> dict[str, int]:
        return {side: self.total(side) for side in SIDES}

    def to_dict(self) -> list[dict[str, Any]]:
        return [row.to_dict() for row in self.rows]


# -- what the lines ask ----------------------------------------------------------------------------


def general_of(state: BattleState, side: Side) -> Model | None:
    general = state.armies[side].general
    return state.models.get(general) if general else None


def weight(state: BattleState, model: Model) -> int:
    """How many models it counts as near an objective or in an area: the highest of its Dominant
    (X), a war horn's Dominant (2) and the General's Dominant (3); they never add up."""
    found = [use.param.count for use in on_model(model, DOMINANT) if use.param is not None]
    found += [shape.count for _, shape in active(state, model, Dominant)]
    if carries(model, "war horn"):
        found.append(WAR_HORN_DOMINANT)
    if state.armies[model.side].general == model.id:
        found.append(GENERAL_DOMINANT)
    return max(found, default=1)


def near(state: BattleState, marker: Marker, radius: float, side: Side) -> int:
    """The side's models (Dominant-weighted) within `radius` of the marker, edge to edge."""
    return sum(
        weight(state, m)
        for m in state.army_models(side)
        if math.hypot(m.x - marker.x, m.y - marker.y) - m.radius - MARKER_RADIUS <= radius + EPSILON
    )


def on_piece(state: BattleState, piece: Terrain, side: Side) -> int:
    """The side's models (Dominant-weighted) on or touching a terrain piece."""
    return sum(
        weight(state, m)
        for m in state.army_models(side)
        if point_polygon_distance(m.pos, piece.polygon) <= m.radius + EPSILON
    )


def carries_banner(model: Model) -> bool:
    return any("banner" in gear.lower() for gear in model.profile.wargear)


def banners(state: BattleState, side: Side) -> int:
    return sum(1 for m in state.army_models(side) if carries_banner(m))


def models_in_play(state: BattleState, side: Side) -> int:
    """The side's models left, as a scenario's quarter counts them (by the battle's edition)."""
    return state.models_left(side) if state.edition >= QUARTER_EDITION else models_standing(state, side)


def reduced_to_quarter(state: BattleState, side: Side) -> bool:
    return models_in_play(state, side) <= state.armies[side].starting_models * QUARTER


def is_broken(state: BattleState, side: Side) -> bool:
    """Broken at the end of the game: flagged at the start of a turn, or casualties over its Break
    Point since."""
    army = state.armies[side]
    return army.broken or state.casualties(side) > army.break_point


def gone(model: Model) -> bool:
    return not model.on_board


def pick(state: BattleState, side: Side, key: str) -> str:
    scenario = state.scenario
    return scenario.picks.get(side, {}).get(key, "") if scenario is not None else ""


def most_expensive(state: BattleState, side: Side) -> list[Model]:
    """The side's costliest models that are not its General (several when they tie)."""
    general = state.armies[side].general
    models = [m for m in state.models.values() if m.side == side and m.id != general]
    top = max((m.points for m in models), default=0)
    return [m for m in models if m.points == top] if top else []


# -- the kinds of line -------------------------------------------------------------------------------

Cell = tuple[int, str]
"""A side's points on a line and why."""


def _row(label: str, cell: Callable[[Side], Cell], secret: bool = False) -> Row:
    cells = {side: cell(side) for side in SIDES}
    return Row(
        label,
        {side: cells[side][0] for side in SIDES},
        {side: cells[side][1] for side in SIDES},
        list(SIDES) if secret else [],
    )


def _general(state: BattleState, line: Line) -> list[Row]:
    values = line.params

    def cell(side: Side) -> Cell:
        general = general_of(state, other(side))
        if general is None:
            return 0, "no General"
        if gone(general):
            return values["slain"], f"{general.name} slain"
        if not state.tally.was_wounded(general.id):
            return 0, f"{general.name} unwounded"
        if "one_wound" in values and general.wounds == 1:
            return values["one_wound"], f"{general.name} wounded, 1 Wound left"
        return values["wounded"], f"{general.name} wounded"

    return [_row(line.label, cell)]


def _broken(state: BattleState, line: Line) -> list[Row]:
    def cell(side: Side) -> Cell:
        enemy = other(side)
        if not is_broken(state, enemy):
            return 0, f"{side_name(enemy)} not Broken"
        if not is_broken(state, side):
            return line.params["enemy_not_you"], f"{side_name(enemy)} Broken, {side_name(side)} not"
        return line.params["enemy"], "both Broken"

    return [_row(line.label, cell)]


def _no_banner(state: BattleState, line: Line) -> list[Row]:
    def cell(side: Side) -> Cell:
        left = banners(state, other(side))
        return (line.params["points"], "no banner left") if not left else (0, f"{left} banner(s) left")

    return [_row(line.label, cell)]


def _keep_banner(state: BattleState, line: Line) -> list[Row]:
    def cell(side: Side) -> Cell:
        mine, theirs = banners(state, side), banners(state, other(side))
        note = f"{mine} v {theirs} banners"
        if mine > theirs:
            return line.params["more"], note
        return (line.params["any"], note) if mine else (0, note)

    return [_row(line.label, cell)]


def _quarter(state: BattleState, line: Line) -> list[Row]:
    def cell(side: Side) -> Cell:
        enemy = other(side)
        left, start = models_in_play(state, enemy), state.armies[enemy].starting_models
        return (line.params["points"] if reduced_to_quarter(state, enemy) else 0), f"{left} of {start} left"

    return [_row(line.label, cell)]


def _hero_kills(state: BattleState, line: Line) -> list[Row]:
    def cell(side: Side) -> Cell:
        slain = [m for m in state.models.values() if m.side == other(side) and m.is_hero and gone(m)]
        return min(len(slain) * line.params["each"], line.params["cap"]), f"{len(slain)} slain"

    return [_row(line.label, cell)]


def _most_expensive(state: BattleState, line: Line) -> list[Row]:
    def cell(side: Side) -> Cell:
        enemy = other(side)
        chosen = pick(state, enemy, "most_expensive")
        found = state.models.get(chosen) if chosen else None
        if found is None:
            tied = most_expensive(state, enemy)
            found = tied[0] if len(tied) == 1 else None
        if found is None:
            return 0, "none"
        if gone(found):
            return line.params["slain"], f"{found.name} slain"
        if state.tally.was_wounded(found.id):
            return line.params["wounded"], f"{found.name} wounded"
        return 0, f"{found.name} unwounded"

    return [_row(line.label, cell)]


def _markers_of(state: BattleState, line: Line) -> list[Marker]:
    assert state.scenario is not None
    only = line.params.get("only")
    return [m for m in state.scenario.live_markers() if m.kind == "objective" and (not only or m.id in only)]


def _counted(state: BattleState, marker: Marker, radius: float, levels: tuple[Level, ...]) -> Row:
    counts = {side: near(state, marker, radius, side) for side in SIDES}
    note = f'{counts["good"]} v {counts["evil"]} within {radius:g}"'
    points: dict[str, int] = {side: ladder(counts[side], counts[other(side)], levels) for side in SIDES}
    return Row(marker.label, points, {side: note for side in SIDES})


def _markers(state: BattleState, line: Line) -> list[Row]:
    return [
        _counted(state, m, line.params["radius"], line.params["levels"]) for m in _markers_of(state, line)
    ]


def _zone_markers(state: BattleState, line: Line) -> list[Row]:
    """Markers worth more the deeper they stand in the enemy's zone (Breakthrough)."""
    assert state.scenario is not None
    zones = state.scenario.zones
    rows = []
    for marker in _markers_of(state, line):
        counts = {side: near(state, marker, line.params["radius"], side) for side in SIDES}
        points: dict[str, int] = {}
        notes: dict[str, str] = {}
        for side in SIDES:
            inside = {s: any(z.contains(marker.x, marker.y) for z in zones.get(s, [])) for s in SIDES}
            where = "middle"
            if inside[side] and not inside[other(side)]:
                where = "own"
            elif inside[other(side)] and not inside[side]:
                where = "enemy"
            points[side] = ladder(counts[side], counts[other(side)], line.params[where])
            notes[side] = (
                f'{where} marker: {counts[side]} v {counts[other(side)]} within {line.params["radius"]:g}"'
            )
        rows.append(Row(marker.label, points, notes))
    return rows


def _controlled(state: BattleState, line: Line) -> list[Row]:
    """Markers a side controls (Capture & Control: its models alone touched them in an End phase)."""

    def cell(side: Side) -> Cell:
        held = [m.label for m in _markers_of(state, line) if m.controller == side]
        return len(held) * line.params["each"], ", ".join(held) or "none"

    return [_row(line.label, cell)]


def _control_most(state: BattleState, line: Line) -> list[Row]:
    """More markers controlled (more models within range) than the enemy."""
    held = {side: 0 for side in SIDES}
    for marker in _markers_of(state, line):
        counts = {side: near(state, marker, line.params["radius"], side) for side in SIDES}
        for side in SIDES:
            held[side] += counts[side] > counts[other(side)]

    def cell(side: Side) -> Cell:
        note = f"{held[side]} v {held[other(side)]} markers"
        return (line.params["points"] if held[side] > held[other(side)] else 0), note

    return [_row(line.label, cell)]


def _general_near(state: BattleState, line: Line) -> list[Row]:
    """Your own General within range of a marker."""
    marker = next(iter(_markers_of(state, line)), None)

    def cell(side: Side) -> Cell:
        general = general_of(state, side)
        if general is None or marker is None or gone(general):
            return 0, "no General there"
        gap = math.hypot(general.x - marker.x, general.y - marker.y) - general.radius - MARKER_RADIUS
        there = gap <= line.params["radius"] + EPSILON
        return (line.params["points"] if there else 0), f'{general.name} {max(0.0, gap):.1f}" away'

    return [_row(line.label, cell)]


def _supplies(state: BattleState, line: Line) -> list[Row]:
    assert state.scenario is not None
    scenario = state.scenario
    radius = line.params["radius"]
    destroyed = {side: scenario.count("supplies_destroyed", side) for side in SIDES}

    def razed(side: Side) -> Cell:
        return destroyed[side] * line.params["destroyed"], f"{destroyed[side]} destroyed"

    def held(side: Side) -> Cell:
        theirs = [m for m in scenario.live_markers() if m.kind == "supply" and m.owner == other(side)]
        more = [m for m in theirs if near(state, m, radius, side) > near(state, m, radius, other(side))]
        return len(more) * line.params["held"], f"{len(more)} of {len(theirs)}"

    def most(side: Side) -> Cell:
        ahead = destroyed[side] > destroyed[other(side)]
        return (line.params["most"] if ahead else 0), f"{destroyed[side]} v {destroyed[other(side)]}"

    return [
        _row("Enemy supplies destroyed", razed),
        _row(f'Surviving enemy supplies with more of your models within {radius:g}"', held),
        _row("Destroyed more supplies than the enemy", most),
    ]


def _sealed(state: BattleState, side: Side) -> bool:
    return state.scenario is not None and side in state.scenario.sealed


def _picked(state: BattleState, side: Side, line: Line) -> tuple[Model | None, str]:
    """The Hero a side picked for the line, or why there is none to score."""
    if _sealed(state, side):
        return None, "sealed"
    hero = state.models.get(pick(state, side, line.params["pick"]))
    return (hero, "") if hero is not None else (None, "no Hero picked")


def _pick_own_hero(state: BattleState, line: Line) -> list[Row]:
    def cell(side: Side) -> Cell:
        hero, why = _picked(state, side, line)
        if hero is None:
            return 0, why
        if gone(hero):
            return 0, f"{hero.name} slain"
        if state.tally.was_wounded(hero.id):
            return line.params["alive"], f"{hero.name} alive, wounded"
        if state.tally.fate.get(hero.id):
            return line.params["unwounded"], f"{hero.name} unwounded, spent Fate"
        return line.params["untouched"], f"{hero.name} unwounded, no Fate spent"

    return [_row(line.label, cell, secret=True)]


def _pick_enemy_hero(state: BattleState, line: Line) -> list[Row]:
    def cell(side: Side) -> Cell:
        hero, why = _picked(state, side, line)
        if hero is None:
            return 0, why
        if gone(hero):
            kill = state.tally.kills.get(hero.id)
            if kill is not None and kill.side == side and kill.how == STRIKE:
                return line.params["slain_in_combat"], f"{hero.name} slain by your Strike"
            return line.params["slain"], f"{hero.name} slain"
        if state.tally.was_wounded(hero.id):
            return line.params["wounded"], f"{hero.name} wounded"
        return 0, f"{hero.name} unwounded"

    return [_row(line.label, cell, secret=True)]


def _pick_terrain(state: BattleState, line: Line) -> list[Row]:
    def cell(side: Side) -> Cell:
        if _sealed(state, side):
            return 0, "sealed"
        piece = next((t for t in state.terrain if t.id == pick(state, side, line.params["pick"])), None)
        if piece is None:
            return 0, "no piece picked"
        mine, theirs = on_piece(state, piece, side), on_piece(state, piece, other(side))
        return ladder(mine, theirs, line.params["levels"]), f"{piece.name}: {mine} v {theirs}"

    return [_row(line.label, cell, secret=True)]


def _counter_ladder(state: BattleState, line: Line) -> list[Row]:
    """A tally kept through the game (Fortification Points), compared."""
    assert state.scenario is not None
    counts = {side: state.scenario.count(line.params["counter"], side) for side in SIDES}

    def cell(side: Side) -> Cell:
        note = f"{counts[side]} v {counts[other(side)]}"
        return ladder(counts[side], counts[other(side)], line.params["levels"]), note

    return [_row(line.label, cell)]


def _top(levels: tuple[Level, ...]) -> int:
    return max(level.points for level in levels)


def _marker_count(spec: ScenarioSpec, line: Line) -> int:
    only = line.params.get("only")
    if only:
        return len(only)
    return len(spec.markers) + (spec.placed.count if spec.placed else 0)


@dataclass(frozen=True)
class LineKind:
    score: Callable[[BattleState, Line], list[Row]]
    most: Callable[[ScenarioSpec, Line], int]


LINES: dict[str, LineKind] = {
    "general": LineKind(_general, lambda s, line: max(v for v in line.params.values())),
    "broken": LineKind(_broken, lambda s, line: line.params["enemy_not_you"]),
    "no_banner": LineKind(_no_banner, lambda s, line: line.params["points"]),
    "keep_banner": LineKind(_keep_banner, lambda s, line: line.params["more"]),
    "quarter": LineKind(_quarter, lambda s, line: line.params["points"]),
    "hero_kills": LineKind(_hero_kills, lambda s, line: line.params["cap"]),
    "most_expensive": LineKind(_most_expensive, lambda s, line: line.params["slain"]),
    "markers": LineKind(_markers, lambda s, line: _marker_count(s, line) * _top(line.params["levels"])),
    "zone_markers": LineKind(
        _zone_markers,
        # Each side's own-zone marker, the enemy's and the middle ones (the entry's markers).
        lambda s, line: (
            _top(line.params["own"])
            + _top(line.params["enemy"])
            + (_marker_count(s, line) - 2) * _top(line.params["middle"])
        ),
    ),
    "controlled": LineKind(_controlled, lambda s, line: _marker_count(s, line) * line.params["each"]),
    "control_most": LineKind(_control_most, lambda s, line: line.params["points"]),
    "general_near": LineKind(_general_near, lambda s, line: line.params["points"]),
    "supplies": LineKind(
        _supplies, lambda s, line: len(s.supplies) * line.params["destroyed"] + line.params["most"]
    ),
    "pick_own_hero": LineKind(_pick_own_hero, lambda s, line: line.params["untouched"]),
    "pick_enemy_hero": LineKind(_pick_enemy_hero, lambda s, line: line.params["slain_in_combat"]),
    "pick_terrain": LineKind(_pick_terrain, lambda s, line: _top(line.params["levels"])),
    "counter_ladder": LineKind(_counter_ladder, lambda s, line: _top(line.params["levels"])),
}


def most_points(spec: ScenarioSpec) -> int:
    """The most Victory Points a side can score in the scenario."""
    return sum(LINES[line.kind].most(spec, line) for line in spec.vp)


def score(state: BattleState) -> Score | None:
    """The scenario's Victory Points as the battle stands (None without a scenario)."""
    if state.scenario is None:
        return None
    spec = spec_of(state.scenario.key)
    return Score([row for line in spec.vp for row in LINES[line.kind].score(state, line)])
