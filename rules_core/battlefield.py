"""Questions about the board that several rules ask: who touches whom, who sees whom, how far."""

from __future__ import annotations

import math
from collections.abc import Iterable

from .effects import held_by
from .geometry import (
    Point,
    point_in_polygon,
    point_polygon_distance,
    segment_crosses_polygon,
    sight_lines,
)
from .state import BattleState, Model, Side, Terrain, other

BASE_CONTACT = 0.05
"""Bases closer than this (in inches) are touching; charges snap to exact contact."""

CONTROL_ZONE = 1.0


def in_contact(a: Model, b: Model) -> bool:
    return a.distance_to(b) <= BASE_CONTACT


def enemies(state: BattleState, side: Side) -> list[Model]:
    return state.army_models(other(side))


def engaged_with(state: BattleState, model: Model) -> list[Model]:
    """Enemy models in base contact with `model`."""
    return [e for e in enemies(state, model.side) if in_contact(model, e)]


def is_engaged(state: BattleState, model: Model) -> bool:
    return any(in_contact(model, e) for e in enemies(state, model.side))


def why_cannot_activate(state: BattleState, model: Model) -> str | None:
    """Why `model` cannot Activate now ("Eomer is Engaged", "Eomer is under Immobilise"), or None.

    An Engaged model, and one a power holds, cannot Activate: it does not move, takes no Broken
    army test, and loses a Heroic Move or Heroic March it declared and has not yet acted on."""
    if is_engaged(state, model):
        return f"{model.name} is Engaged"
    held = held_by(state, model)
    return None if held is None else f"{model.name} is under {held.label}"


def within(state: BattleState, model: Model, distance: float, models: Iterable[Model]) -> list[Model]:
    return [m for m in models if m.id != model.id and model.distance_to(m) <= distance + 1e-9]


def friends_within(state: BattleState, model: Model, distance: float) -> list[Model]:
    return within(state, model, distance, state.army_models(model.side))


def sight_blockers(state: BattleState, a: Point, b: Point) -> list[Terrain]:
    """The sight-blocking pieces a line crosses, leaving out any that either end stands in."""
    return [
        piece
        for piece in state.terrain
        if piece.blocks_sight
        and not point_in_polygon(a, piece.polygon)
        and not point_in_polygon(b, piece.polygon)
        and segment_crosses_polygon(a, b, piece.polygon)
    ]


def sight_blocked(state: BattleState, a: Point, b: Point) -> bool:
    return bool(sight_blockers(state, a, b))


def can_see(state: BattleState, viewer: Model, target: Model) -> bool:
    return any(
        not sight_blocked(state, start, end)
        for start, end in sight_lines(viewer.pos, target.pos, target.radius)
    )


def terrain_named(state: BattleState, model: Model, words: Iterable[str]) -> Terrain | None:
    """The terrain piece `model` stands in (its base over the piece) whose name has one of `words`.

    The referee knows terrain only by its flags and its name, so rules about a kind of terrain
    (rocks for Collapse Rocks, water for Wrath of Bruinen) go by the name."""
    for piece in state.terrain:
        name = piece.name.lower()
        if (
            any(word in name for word in words)
            and point_polygon_distance(model.pos, piece.polygon) < model.radius
        ):
            return piece
    return None


def engagement_graph(state: BattleState) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    good, evil = state.army_models("good"), state.army_models("evil")
    for g in good:
        for e in evil:
            if in_contact(g, e):
                graph.setdefault(g.id, set()).add(e.id)
                graph.setdefault(e.id, set()).add(g.id)
    return graph


def component_of(graph: dict[str, set[str]], start: str, free: frozenset[str]) -> frozenset[str]:
    seen, todo = {start}, [start]
    while todo:
        for n in graph[todo.pop()] & free:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def combat_of(state: BattleState, model: Model) -> list[Model]:
    """The models in a combat with `model` (linked by base contact with enemies), itself included;
    none when it is not Engaged."""
    graph = engagement_graph(state)
    if model.id not in graph:
        return []
    return [state.model(m) for m in sorted(component_of(graph, model.id, frozenset(graph)))]


BESIDE_ANGLES = range(0, 360, 30)


def spot_beside(state: BattleState, anchor: Model, radius: float, side: Side) -> Point | None:
    """A place in base contact with `anchor` for a base of `radius`: on the board, off impassable
    terrain, overlapping no model and touching no enemy of `side` (None when there is none)."""
    reach = anchor.radius + radius + BASE_CONTACT / 2
    width, height = state.board.width, state.board.height
    for angle in BESIDE_ANGLES:
        x = anchor.x + reach * math.cos(math.radians(angle))
        y = anchor.y + reach * math.sin(math.radians(angle))
        if not (radius <= x <= width - radius and radius <= y <= height - radius):
            continue
        if any(p.impassable and point_polygon_distance((x, y), p.polygon) < radius for p in state.terrain):
            continue
        clear = all(
            math.dist((x, y), o.pos) >= radius + o.radius + 1e-3
            and (o.side == side or math.dist((x, y), o.pos) - radius - o.radius > BASE_CONTACT)
            for o in state.models.values()
            if o.on_board and o.id != anchor.id
        )
        if clear:
            return (x, y)
    return None
