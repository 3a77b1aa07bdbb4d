"""Moves checked against the state before anything happens (§6): a stand's move or charge, a loose
hero's move, charge or attaching; each refused with the spec's code and a message, or planned; and
carrying a planned stand move out (overrun heroes lost, friends put aside).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import RuleViolation
from ..frame import Ctx
from ..geometry import Point
from ..movement import check_path, full_path, snap_to_contact
from ..special_rules import FLY, model_has
from ..state import Model, side_name
from .cards import loose_move_bonus
from .charge import ChargePlan, plan_charge
from .constants import (
    CONTROL_ZONE,
    FURY_CHARGE_MOVE_BONUS,
    HEROIC_MARCH_BONUS,
    HEROIC_MARCH_FAST_BONUS,
    MAX_HEROES_PER_STAND,
    SHOUT_RANGE,
)
from .field import Obstruction, free_edges, wrong_side
from .geometry import EDGES, Rect, rect_distance
from .lasting import held
from .loose import loose_path_problem, spot_problem, touched_edges
from .losses import lose_hero, place_loose
from .moves import StandMove, move_poses, plan_stand_move
from .route import find_route
from .state import MassState, Stand, gap, hero_foes, mass_ctx, shape_of, stand_engaged
from .sweep import Pose

MARCHING = ("heroic_march", "at_the_double")


def _marching(state: MassState, ids: set[str]) -> list[tuple[str, float]]:
    return [(e.label, float(e.value)) for e in state.effects if e.kind in MARCHING and e.target in ids]


def stand_marching(state: MassState, stand: Stand) -> list[tuple[str, float]]:
    """Heroic March of a hero attached to it, or At the Double on it (§11): more Move, no charge."""
    return _marching(state, {stand.id, *(h.id for h in state.attached(stand.id))})


def march_bonus(state: MassState, piece: str) -> float:
    """§11 Heroic March, At the Double: +3" (+5" for a Cavalry stand, or a loose hero who is
    Cavalry or flies)."""
    stand = state.stands.get(piece)
    if stand is not None:
        fast = stand.stats.cavalry
    else:
        model = state.models[piece]
        fast = "Cavalry" in model.profile.keywords or model_has(model, FLY)
    return HEROIC_MARCH_FAST_BONUS if fast else HEROIC_MARCH_BONUS


def stand_allowance(state: MassState, stand: Stand) -> float:
    return stand.stats.move + max((v for _, v in stand_marching(state, stand)), default=0.0)


def hero_allowance(state: MassState, hero: Model) -> float:
    """A loose hero's Move (Swift and Heroic March add), less what he has moved this activation."""
    march = max((v for _, v in _marching(state, {hero.id})), default=0.0)
    return hero.profile.move + loose_move_bonus(state.heroes[hero.id].cards) + march - hero.moved


def why_stand_cannot_move(state: MassState, stand: Stand) -> Obstruction | None:
    if stand_engaged(state, stand):
        return Obstruction("stand_engaged", f"{stand.name} is in combat and cannot move.")
    holding = held(state, stand)
    if holding is not None:
        return Obstruction("stand_held", f"{stand.name} is under {holding.label} and cannot move this turn.")
    return None


def why_hero_cannot_move(state: MassState, hero: Model) -> Obstruction | None:
    foes = hero_foes(state, hero)
    if foes:
        return Obstruction(
            "hero_engaged",
            f"{hero.name} is in base contact with {foes[0].name}: he cannot move until they duel.",
        )
    return None


def near_problem(state: MassState, end: Rect | tuple[Point, float], near: str) -> Obstruction | None:
    """With Me, At the Double (§11): the piece must end within 6" of the hero who shouted."""
    if not near:
        return None
    hero = state.models[near]
    if gap(end, shape_of(state, near)) > SHOUT_RANGE + 1e-6:
        return Obstruction("too_far_from_hero", f'It must end within {SHOUT_RANGE:g}" of {hero.name}.')
    return None


def must_end_near(state: MassState, stand: Stand, near: str) -> str:
    """The hero a stand must end its activation near: With Me's, or At the Double's on it."""
    if near:
        return near
    return next((e.source for e in state.effects if e.kind == "at_the_double" and e.target == stand.id), "")


def plan_move(
    state: MassState, stand: Stand, via: Sequence[Sequence[float]], facing: float, near: str
) -> StandMove:
    """A `move_stand` checked (§6.2), or RuleViolation."""
    blocked = why_stand_cannot_move(state, stand)
    if blocked is not None:
        raise blocked.violation()
    points = [(float(x), float(y)) for x, y in via]
    planned = plan_stand_move(
        state.field(), stand.id, move_poses(stand.rect, points, float(facing)), stand_allowance(state, stand)
    )
    if isinstance(planned, Obstruction):
        raise planned.violation()
    _check_near(state, stand, planned.end, near)
    return planned


def _check_near(state: MassState, stand: Stand, end: Rect, near: str) -> None:
    anchor = must_end_near(state, stand, near)
    problem = near_problem(state, end, anchor)
    if problem is not None:
        raise RuleViolation(problem.code, f"{stand.name}: {problem.message}")


def move_instead(
    state: MassState, stand: Stand, via: Sequence[Sequence[float]], facing: float
) -> tuple[dict[str, Any], StandMove | ChargePlan] | None:
    """What a stand dragged along a refused path to its end pose does instead (§6.2, §6.5), as the
    command that does it and its plan: dropped within 1" of an enemy stand it may charge, the
    charge (or the charge's refusal, raised); else a way of up to four legs round what is in the
    way (`route.find_route`). None when neither helps, or the stand may not move at all."""
    if not via or why_stand_cannot_move(state, stand) is not None:
        return None
    x, y = via[-1]
    end = stand.rect.posed(float(x), float(y), float(facing))
    field = state.field()
    near = sorted((rect_distance(end, e.rect), e.id) for e in field.enemy_stands(stand.side))
    if near and near[0][0] < CONTROL_ZONE and charge_problem(state, stand, near[0][1]) is None:
        target = near[0][1]
        return {"type": "charge", "stand": stand.id, "target": target}, plan_stand_charge(
            state, stand, target, False
        )
    found = find_route(field, stand.id, Pose(end.x, end.y, end.facing), stand_allowance(state, stand))
    if found is None or near_problem(state, found.end, must_end_near(state, stand, "")) is not None:
        return None
    legs = [[round(p.x, 3), round(p.y, 3)] for p in found.poses]
    return {"type": "move_stand", "stand": stand.id, "via": legs, "facing": end.facing}, found


def charge_problem(state: MassState, stand: Stand, target_id: str) -> Obstruction | None:
    """Why a stand may not charge at all, or may not charge this target, before any geometry."""
    blocked = why_stand_cannot_move(state, stand)
    if blocked is not None:
        return blocked
    marching = stand_marching(state, stand)
    if marching:
        return Obstruction(
            "no_charge", f"{stand.name} is under {marching[0][0]} and cannot charge this turn."
        )
    target = state.stands.get(target_id)
    if target is not None and target.id == stand.id:
        return Obstruction(
            "wrong_side_target", f"{stand.name} cannot charge itself: a charge must target an enemy stand."
        )
    if target is not None and target.side == stand.side:
        return wrong_side(target.name, True, "a charge must target an enemy stand")
    lone = state.models.get(target_id) if target is None else None
    if lone is not None and lone.on_board and lone.side != stand.side and state.stand_of(lone) is None:
        return Obstruction(
            "bad_target",
            f"{lone.name} is a lone hero: a charge must target an enemy stand"
            " (a stand that moves across him overruns him).",
        )
    if target is None or not target.on_board:
        return Obstruction("bad_target", f"{stand.name} can only charge an enemy stand on the board.")
    return None


def plan_stand_charge(
    state: MassState, stand: Stand, target_id: str, fury: bool, near: str = ""
) -> ChargePlan:
    """A `charge` checked and conformed (§6.5), or RuleViolation."""
    problem = charge_problem(state, stand, target_id)
    if problem is not None:
        raise problem.violation()
    allowance = stand_allowance(state, stand) + (FURY_CHARGE_MOVE_BONUS if fury else 0.0)
    planned = plan_charge(state.field(), stand.id, target_id, allowance)
    if isinstance(planned, Obstruction):
        raise planned.violation()
    _check_near(state, stand, planned.move.end, near)
    return planned


def plan_hero_path(
    state: MassState, hero: Model, path: list[list[float]], target: Model | None = None, near: str = ""
) -> list[Point]:
    """A loose hero's `move_hero` or `charge_hero` (§6.4) checked, or RuleViolation: the skirmish
    path rules among heroes, and the stands' own (none crossed, none of the enemy's within 1")."""
    blocked = why_hero_cannot_move(state, hero)
    if blocked is not None:
        raise blocked.violation()
    points = full_path(hero, path)
    if target is not None:
        points = snap_to_contact(state, hero, target, points)
    check_path(state, hero, points, hero_allowance(state, hero), target)
    problem = loose_path_problem(state.field(), hero.id, points[1:])
    if problem is None:
        problem = near_problem(state, (points[-1], hero.radius), near)
    if problem is not None:
        raise RuleViolation(problem.code, problem.message)
    return points


@dataclass(frozen=True, slots=True)
class AttachPlan:
    stand: str
    path: tuple[Point, ...]
    """From where he stands to where he touches the stand (one point when he already does)."""
    cost: float


def attach_problem(state: MassState, hero: Model, stand: Stand) -> Obstruction | None:
    """§6.3, why a loose hero may not join a stand whatever the distance."""
    info = state.heroes[hero.id]
    if stand.side != hero.side and stand.on_board:
        return Obstruction(
            "not_your_stand", f"{stand.name} is an enemy stand: a hero joins only a friendly stand."
        )
    if stand.side != hero.side or not stand.on_board:
        return Obstruction("not_your_stand", f"{hero.name} can only join a friendly stand on the board.")
    if stand.monster is not None:
        return Obstruction("monster_hero", f"{stand.name} is a Monster hero's stand: no one may join it.")
    if info.left_stand == stand.id:
        return Obstruction(
            "rejoin_same_stand",
            f"{hero.name} left {stand.name} this turn and cannot rejoin it until the next.",
        )
    aboard = state.attached(stand.id)
    if len(aboard) >= MAX_HEROES_PER_STAND:
        names = " and ".join(h.name for h in aboard)
        return Obstruction(
            "stand_full",
            f"{stand.name} already carries {names}: at most {MAX_HEROES_PER_STAND} heroes per stand.",
        )
    engaged = why_hero_cannot_move(state, hero)
    if engaged is not None:
        return engaged
    if not free_edges(state.field(), stand.id):
        return Obstruction("no_free_edge", f"Every edge of {stand.name} is in contact with the enemy.")
    return None


def plan_attach(state: MassState, hero: Model, stand: Stand, near: str = "") -> AttachPlan | Obstruction:
    """The shortest way for a loose hero to end touching a free edge of a friendly stand (§6.3)."""
    problem = attach_problem(state, hero, stand)
    if problem is not None:
        return problem
    field = state.field()
    edges = free_edges(field, stand.id)
    if set(touched_edges(stand.rect, hero.pos, hero.radius)) & set(edges):
        return AttachPlan(stand.id, (hero.pos,), 0.0)
    first: Obstruction | None = None
    allowance = hero_allowance(state, hero)
    for spot in _touching_spots(stand.rect, edges, hero.pos, hero.radius):
        if math.dist(spot, hero.pos) > allowance + 1e-6:
            break
        problem = spot_problem(field, spot, hero.radius, hero.side, ignore=hero.id)
        if problem is None:
            try:
                plan_hero_path(state, hero, [list(spot)], near=near)
            except RuleViolation as refused:
                first = first or Obstruction(refused.code, refused.message)
                continue
            return AttachPlan(stand.id, (hero.pos, spot), math.dist(spot, hero.pos))
        first = first or problem
    if first is None:
        first = Obstruction(
            "out_of_reach",
            f'{hero.name} cannot reach {stand.name} with the {allowance:.1f}" of Move he has left.',
        )
    return Obstruction(first.code, f"{hero.name} cannot join {stand.name}: {first.message}")


def _touching_spots(rect: Rect, edges: Sequence[str], centre: Point, radius: float) -> list[Point]:
    """Places where a round base touches one of the given edges from outside, nearest first: the
    nearest point of each edge, then along each edge every quarter inch."""
    spots: list[Point] = []
    for name in EDGES:
        if name not in edges:
            continue
        (ax, ay), (bx, by) = rect.edge(name)
        nx, ny = rect.normal(name)
        length = math.dist((ax, ay), (bx, by))
        ux, uy = (bx - ax) / length, (by - ay) / length
        along = max(0.0, min(length, (centre[0] - ax) * ux + (centre[1] - ay) * uy))
        steps = [along] + [i * 0.25 for i in range(int(length / 0.25) + 1)]
        for t in steps:
            spots.append((ax + ux * t + nx * radius, ay + uy * t + ny * radius))
    spots.sort(key=lambda p: math.dist(p, centre))
    return spots


def carry_out(ctx: Ctx, stand: Stand, planned: StandMove | ChargePlan, why: str = "") -> None:
    """Move a stand as planned: it moves, then enemy loose heroes it ran over are lost (§6.6) and
    friends under its end footprint are put aside (§6.2). The event carries the plan's summary."""
    state = mass_ctx(ctx)
    move = planned.move if isinstance(planned, ChargePlan) else planned
    start = [stand.x, stand.y, stand.facing]
    stand.place(move.end)
    stand.moved = True
    where = {
        "from": start,
        "to": [stand.x, stand.y, stand.facing],
        "length": round(move.length, 3),
        "plan": planned.summary(),
    }
    if isinstance(planned, ChargePlan):
        target = state.stand(planned.target)
        stand.charged = True
        ctx.log(
            "stand_charged",
            f"{stand.name} charges {target.name}'s {planned.edge} ({move.length:.1f}\"){why}.",
            stand=stand.id,
            target=target.id,
            edge=planned.edge,
            **where,
        )
    else:
        verb = "turns on the spot" if start[:2] == [stand.x, stand.y] else "moves"
        ctx.log("stand_moved", f'{stand.name} {verb} {move.length:.1f}"{why}.', stand=stand.id, **where)
    for hero_id in move.overrun:
        hero = state.models[hero_id]
        lose_hero(ctx, hero, f"overrun by {stand.name}", event="hero_overrun")
    for hero_id, spot in move.displaced:
        hero = state.models[hero_id]
        place_loose(hero, spot)
        ctx.log(
            "hero_moved_aside",
            f"{hero.name} ({side_name(hero.side)}) steps aside for {stand.name}.",
            hero=hero.id,
            to=list(spot),
        )
