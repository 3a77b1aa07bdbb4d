"""Throwing weapons on the charge (`docs/rules/wargear.md` §7.3): once a turn, instead of in the
Shoot phase, a charging model stops 1" short of its target (or throws from where it stands inside
the target's control zone) and throws with no moving penalty; if the target survives it completes
the charge, if it falls the model may move on, even to charge another."""

from __future__ import annotations

import math
from typing import Any

from .battlefield import CONTROL_ZONE, is_engaged
from .effects import why_held
from .frame import choice
from .geometry import Point, dist
from .sight import sees
from .state import BattleState, Model
from .wargear import missile_gear

THROW_SHORT = CONTROL_ZONE
"""A charging thrower stops this far (edge to edge) from its target to throw."""


def why_cannot_throw(state: BattleState, model: Model) -> str | None:
    gear = missile_gear(model)
    if gear is None or not gear.throwing:
        return f"{model.name} has no throwing weapon."
    if model.has_shot:
        return f"{model.name} has already made a Shooting Attack this turn."
    return why_held(state, model, "throw")


def throw_param(state: BattleState, model: Model) -> dict[str, dict[str, Any]]:
    """The charge's choice to throw before contact, when the model may."""
    if why_cannot_throw(state, model) is not None:
        return {}
    weapon = model.profile.missile
    assert weapon is not None
    throw = f"Throw its {weapon.name} first (no moving penalty)"
    return {"throw": choice([(True, throw), (False, "Charge without throwing")], default=False)}


def stop_short(model: Model, target: Model, points: list[Point]) -> tuple[list[Point], list[Point]]:
    """A charge path split where the thrower stops, 1" short of its target: the path to there, and
    the rest (from there into contact). One already within 1" throws from where it stands."""
    reach = THROW_SHORT + model.radius + target.radius
    if dist(points[0], target.pos) <= reach + 1e-9:
        return [points[0]], list(points)
    for index in range(1, len(points)):
        a, b = points[index - 1], points[index]
        t = _first_within(a, b, target.pos, reach)
        if t is not None:
            stop = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            return [*points[:index], stop], [stop, *points[index:]]
    return list(points), [points[-1]]


def _first_within(a: Point, b: Point, centre: Point, reach: float) -> float | None:
    """The first fraction of segment a-b at which it comes within `reach` of `centre`."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    qa, qb, qc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - reach * reach
    disc = qb * qb - 4 * qa * qc
    if qa < 1e-12 or disc < 0:
        return None
    t = (-qb - math.sqrt(disc)) / (2 * qa)
    return t if 0 <= t <= 1 else None


def why_not_throw_at(state: BattleState, thrower: Model, target: Model, at: Point) -> str | None:
    """Why the charging thrower, standing at `at`, may not throw at `target`, or None."""
    weapon = thrower.profile.missile
    assert weapon is not None
    if thrower.side == "good" and is_engaged(state, target):
        return f"Good models may not shoot into a combat: {target.name} is Engaged."
    gap = dist(at, target.pos) - thrower.radius - target.radius
    if gap > weapon.range + 1e-6:
        return f"{target.name} is out of range of {thrower.name}'s {weapon.name} ({weapon.range:g}\")."
    seen = sees(state, thrower, target, at)
    return None if seen else f"{thrower.name} cannot see {target.name} from where it would throw."
