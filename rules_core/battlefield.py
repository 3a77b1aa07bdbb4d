"""Questions about the board that several rules ask: who touches whom, who sees whom, how far."""

from __future__ import annotations

import math
from collections.abc import Iterable

from .effects import held_by
from .geometry import BASE_CONTACT, Point, point_polygon_distance
from .sight import sees, sight
from .special_rules import shaped
from .special_rules.shapes import CountsAs, StalksUnseen
from .state import BattleState, Model, Side, Terrain, other
from .terrain import defended_between, over, tags_of, top
from .wargear import carries

CONTROL_ZONE = 1.0


def in_contact(a: Model, b: Model) -> bool:
    """Bases touching, or a charger and the defender of a Barrier across it (`docs/rules/terrain.md`
    terrain.md §12.1), while both stand where the charge left them."""
    return a.distance_to(b) <= BASE_CONTACT or _across(a, b) or _across(b, a)


def _across(charger: Model, defender: Model) -> bool:
    return charger.across == defender.id and charger.across_at == [
        charger.x,
        charger.y,
        defender.x,
        defender.y,
    ]


def defended_pairs(state: BattleState, models: list[Model]) -> dict[str, tuple[str, Terrain]]:
    """Among `models`, each attacker fighting across a barrier its enemy still defends, with that
    defender and the barrier (terrain.md §12.1): not while either of them is also fought from its own side."""
    ids = {m.id for m in models}
    pairs: dict[str, tuple[str, Terrain]] = {}
    for attacker in models:
        defender = state.models.get(attacker.across)
        if defender is None or defender.id not in ids or not _across(attacker, defender):
            continue
        if any(e.distance_to(defender) <= BASE_CONTACT for e in enemies(state, defender.side)):
            continue
        if any(e.distance_to(attacker) <= BASE_CONTACT for e in enemies(state, attacker.side)):
            continue
        barrier = defended_between(state, defender, attacker, attacker.pos)
        if barrier is not None:
            pairs[attacker.id] = (defender.id, barrier)
    return pairs


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


def can_see(state: BattleState, viewer: Model, target: Model) -> bool:
    return sees(state, viewer, target)


STALK_RANGE = 6.0
STALKING = (
    '{target} stalks unseen: more than 6" away and partly hidden by terrain, it cannot be targeted '
    "(Stalk Unseen)."
)
KEEN_SIGHT_RANGE = 12.0


def stalks_unseen(state: BattleState, viewer: Model, target: Model) -> bool:
    """Whether `target` cannot be targeted by `viewer` for its Stalk Unseen (docs/rules/special-rules.md
    §2.22): an Infantry model with the rule (or an Elven cloak) more than 6" away that terrain partly
    conceals (it stands in a wood or behind a piece that hides or obscures part of it), unless the
    viewer sees it clear or has Fell Sight, or an enemy of it with Keen Sight stands within 12";
    Silent Hunters likewise, but only woods conceal it."""
    if viewer.distance_to(target) <= STALK_RANGE + 1e-9:
        return False
    kinds = [shape for _, shape in shaped(target, StalksUnseen)]
    if carries(target, "elven cloak"):
        kinds.append(StalksUnseen())
    kinds = [k for k in kinds if k.woodland or target.mount is None]
    if not kinds:
        return False
    if any(shape.what == "sees_stalkers" for _, shape in shaped(viewer, CountsAs)):
        return False
    if any(
        shape.what == "unmasks_stalkers" and m.distance_to(target) <= KEEN_SIGHT_RANGE + 1e-9
        for m in state.army_models(viewer.side)
        for _, shape in shaped(m, CountsAs)
    ):
        return False
    woods_only = all(k.woodland for k in kinds)

    def conceals(piece: Terrain) -> bool:
        return not woods_only or "woodland" in tags_of(piece)

    if any(
        (p.blocks_sight or p.obscures) and top(p) > 0 and over(target, p) and conceals(p)
        for p in state.terrain
    ):
        return True
    seen = sight(state, viewer, target)
    return any(conceals(p) for p in (*seen.blocked_by, *seen.in_the_way))


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
