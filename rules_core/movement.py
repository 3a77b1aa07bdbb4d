"""How models move: paths and what they cost, the control zone, charges ending in contact, what
keeps a model from moving, and moves forced on a model (thrown, fleeing, knocked Prone).

The Move phase's activations that use these are in `activation`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

from .battlefield import BASE_CONTACT, CONTROL_ZONE, enemies, why_cannot_activate
from .characteristics import MARCHING
from .errors import RuleViolation
from .frame import Ctx
from .geometry import (
    Point,
    dist,
    length_inside,
    path_length,
    point_polygon_distance,
    point_segment_distance,
    rotate,
    segment_polygon_distance,
)
from .state import BattleState, Effect, Model

SNAP_TO_CONTACT = 0.5
"""A charge path that ends this close to its target (in inches, either side of touching) is taken
as ending in base contact: a dropped model lands a hair short or over, as a hand does on a table."""

MOVE_TOLERANCE = 0.05
"""A path may use this much more than the model's Move (inches, about a millimetre: the precision
of a hand with a tape); anything longer is refused with the figures."""


DIFFICULT_EXTRA = 1.0
"""Each inch inside difficult terrain costs this much more: double ..."""
DIFFICULT_EXTRA_MOUNTED = 3.0
"""... and four times for a mounted model (`docs/rules/wargear.md` §6.5)."""


def path_cost(state: BattleState, points: list[Point], mounted: bool = False) -> float:
    """Inches of Move used: difficult terrain costs double, four times for a mounted model."""
    cost = path_length(points)
    extra = DIFFICULT_EXTRA_MOUNTED if mounted else DIFFICULT_EXTRA
    for piece in state.terrain:
        if piece.difficult:
            cost += extra * sum(length_inside(a, b, piece.polygon) for a, b in pairwise(points))
    return cost


def full_path(model: Model, path: list[list[float]]) -> list[Point]:
    points: list[Point] = [model.pos]
    for x, y in path:
        point = (float(x), float(y))
        if dist(point, points[-1]) > 1e-9:
            points.append(point)
    return points


def snap_to_contact(mover: Model, target: Model, points: list[Point]) -> list[Point]:
    """End a charge exactly in base contact, on the line from the target to where it was aimed."""
    end = points[-1]
    reach = mover.radius + target.radius
    gap = dist(end, target.pos) - reach
    if abs(gap) > SNAP_TO_CONTACT:
        raise RuleViolation(
            "charge_short",
            f"{mover.name}'s charge must end in base contact with {target.name}: it ends {abs(gap):.1f}\" "
            f'{"short of" if gap > 0 else "inside"} it (a charge may end up to {SNAP_TO_CONTACT:g}" off).',
        )
    if dist(end, target.pos) < 1e-9:
        start = points[-2] if len(points) > 1 else mover.pos
        direction = (start[0] - target.x, start[1] - target.y)
    else:
        direction = (end[0] - target.x, end[1] - target.y)
    length = max(1e-9, (direction[0] ** 2 + direction[1] ** 2) ** 0.5)
    snapped = (target.x + direction[0] / length * reach, target.y + direction[1] / length * reach)
    return [*points[:-1], snapped] if len(points) > 1 else [points[0], snapped]


def check_path(
    state: BattleState,
    model: Model,
    points: list[Point],
    allowance: float,
    charge_target: Model | None = None,
) -> float:
    """Refuse a path the rules forbid; return its cost in inches of Move."""
    name = model.name
    radius = model.radius
    board = state.board
    for x, y in points:
        if (
            x - radius < -1e-9
            or y - radius < -1e-9
            or x + radius > board.width + 1e-9
            or y + radius > board.height + 1e-9
        ):
            raise RuleViolation("off_board", f"{name} cannot leave the board.")
    cost = path_cost(state, points, model.mount is not None)
    if cost > allowance + MOVE_TOLERANCE + 1e-9:
        raise RuleViolation(
            "too_far",
            f'{name} can move {allowance:g}" but that path needs {cost:.2f}" '
            f'(at most {MOVE_TOLERANCE:g}" over is allowed).',
        )
    segments = list(pairwise(points))
    for piece in state.terrain:
        if piece.impassable and any(
            segment_polygon_distance(a, b, piece.polygon) < radius - 1e-6 for a, b in segments
        ):
            raise RuleViolation("impassable", f"{name} cannot move through {piece.name}.")
    for other_model in state.models.values():
        if other_model.id == model.id or not other_model.on_board:
            continue
        reach = radius + other_model.radius
        if any(point_segment_distance(other_model.pos, a, b) < reach - 1e-3 for a, b in segments):
            raise RuleViolation("through_model", f"{name} cannot move through {other_model.name}.")
    for enemy in enemies(state, model.side):
        if charge_target is not None and enemy.id == charge_target.id:
            continue
        allowed = min(CONTROL_ZONE, model.distance_to(enemy))
        closest = min(
            (point_segment_distance(enemy.pos, a, b) - radius - enemy.radius for a, b in segments),
            default=allowed,
        )
        if closest < allowed - 1e-6:
            why = (
                f"only {charge_target.name}, the model charged, may be approached"
                if charge_target
                else "unless charging it"
            )
            raise RuleViolation(
                "control_zone",
                f'{name} cannot move within {CONTROL_ZONE:g}" of {enemy.name} ({why}): '
                f'this path comes {max(0.0, closest):.1f}" from it.',
            )
    if charge_target is not None:
        end_gap = dist(points[-1], charge_target.pos) - radius - charge_target.radius
        if end_gap > BASE_CONTACT:
            raise RuleViolation(
                "charge_short",
                f"{name}'s charge must end in base contact with {charge_target.name}.",
            )
    return cost


NEAR_RANGE = 6.0


def can_move(state: BattleState, model: Model) -> str | None:
    """Why `model` may not move now, or None."""
    why = why_cannot_activate(state, model)
    return None if why is None else f"{why} and cannot move."


@dataclass(frozen=True)
class Slide:
    """Where a model thrown or fleeing in a straight line ends, and what stopped it ("" if nothing)."""

    end: Point
    travelled: float
    stopped_by: str = ""
    blocker: Model | None = None


BOARD_EDGE = "the board edge"
SLIDE_STEP = 0.05
"""Inches between the probes that look for terrain in a model's straight path."""


def slide(
    state: BattleState, model: Model, away_from: Point, distance: float, keep_clear: float = 0.0
) -> Slide:
    """Move `model` up to `distance` in a straight line directly away from `away_from`.

    It stops at the board edge, and `keep_clear` inches short of the first model or impassable
    terrain piece in its way (0: in contact). What it starts next to stops it only if it moves
    towards it."""
    gap = dist(model.pos, away_from)
    if gap < 1e-9 or distance <= 0:
        return Slide(model.pos, 0.0)
    ux, uy = (model.x - away_from[0]) / gap, (model.y - away_from[1]) / gap
    r = model.radius
    best = Slide((model.x + ux * distance, model.y + uy * distance), distance)
    for u, p, size in ((ux, model.x, state.board.width), (uy, model.y, state.board.height)):
        room = (size - r - p) / u if u > 1e-12 else (p - r) / -u if u < -1e-12 else distance
        if room < best.travelled:
            best = _stop_at(model, ux, uy, max(0.0, room), BOARD_EDGE)
    for other_model in state.models.values():
        if other_model.id == model.id or not other_model.on_board:
            continue
        t = _first_touch_of_circle(model, ux, uy, other_model.pos, r + other_model.radius + keep_clear)
        if t is not None and t < best.travelled:
            best = _stop_at(model, ux, uy, t, other_model.name, other_model)
    for piece in state.terrain:
        if not piece.impassable:
            continue
        t = _first_touch_of_polygon(model, ux, uy, best.travelled, piece.polygon, r + keep_clear)
        if t is not None and t < best.travelled:
            best = _stop_at(model, ux, uy, t, piece.name)
    return best


def _stop_at(model: Model, ux: float, uy: float, t: float, by: str, blocker: Model | None = None) -> Slide:
    return Slide((model.x + ux * t, model.y + uy * t), t, by, blocker)


def _first_touch_of_circle(model: Model, ux: float, uy: float, centre: Point, reach: float) -> float | None:
    dx, dy = model.x - centre[0], model.y - centre[1]
    along = dx * ux + dy * uy
    start = dx * dx + dy * dy - reach * reach
    if start <= 1e-6:
        return 0.0 if along < -1e-9 else None
    disc = along * along - start
    if disc < 0 or along >= 0:
        return None
    return -along - math.sqrt(disc)


def _first_touch_of_polygon(
    model: Model, ux: float, uy: float, reach: float, polygon: list[tuple[float, float]], clear: float
) -> float | None:
    def gap(t: float) -> float:
        return point_polygon_distance((model.x + ux * t, model.y + uy * t), polygon) - clear

    if gap(0.0) <= 1e-6:
        return 0.0 if gap(min(reach, SLIDE_STEP)) < gap(0.0) else None
    low, t = 0.0, 0.0
    while t < reach:
        t = min(reach, t + SLIDE_STEP)
        if gap(t) <= 0:
            for _ in range(40):
                mid = (low + t) / 2
                low, t = (low, mid) if gap(mid) <= 0 else (mid, t)
            return low
        low = t
    return None


def push_away(
    ctx: Ctx, model: Model, source: Model, distance: float, verb: str, keep_clear: float = 0.0
) -> Slide:
    """Move `model` as `slide` does and say how far it went and what stopped it."""
    moved = slide(ctx.state, model, source.pos, distance, keep_clear)
    start = model.pos
    model.x, model.y = moved.end
    text = f'{model.name} {verb} {distance:g}" directly away from {source.name}'
    if moved.stopped_by:
        if moved.stopped_by == BOARD_EDGE:
            where = f"at {BOARD_EDGE}"
        elif keep_clear:
            where = f'{keep_clear:g}" short of {moved.stopped_by}'
        else:
            where = f"against {moved.stopped_by}"
        text += f' but stops after {moved.travelled:.1f}", {where}'
    ctx.log("forced_move", text + ".", model=model.id, path=[list(start), list(moved.end)])
    return moved


BACK_AWAY = 1.0
BACK_AWAY_ANGLES = (0, 30, -30, 60, -60, 90, -90)


def back_away(ctx: Ctx, loser: Model, winners: list[Model]) -> bool:
    """A beaten model backs away 1" from the winners (straight away, else turning up to 90 degrees
    either side); False when it cannot, and is Trapped."""
    cx = sum(m.x for m in winners) / len(winners)
    cy = sum(m.y for m in winners) / len(winners)
    away = (loser.x - cx, loser.y - cy)
    length = math.hypot(*away)
    unit = (away[0] / length, away[1] / length) if length else (0.0, 1.0)
    for angle in BACK_AWAY_ANGLES:
        dx, dy = rotate(unit, angle)
        dest = (loser.x + dx * BACK_AWAY, loser.y + dy * BACK_AWAY)
        if back_away_clear(ctx.state, loser, dest):
            loser.x, loser.y = dest
            ctx.log("back_away", f'{loser.name} backs away 1".', model=loser.id, to=list(dest))
            return True
    ctx.log("trapped", f"{loser.name} cannot back away and is Trapped.", model=loser.id)
    return False


def back_away_clear(state: BattleState, model: Model, dest: Point) -> bool:
    r = model.radius
    board = state.board
    if not (r <= dest[0] <= board.width - r and r <= dest[1] <= board.height - r):
        return False
    for piece in state.terrain:
        if piece.impassable and segment_polygon_distance(model.pos, dest, piece.polygon) < r - 1e-6:
            return False
    for other_model in state.models.values():
        if other_model.id == model.id or not other_model.on_board:
            continue
        reach = r + other_model.radius
        if point_segment_distance(other_model.pos, model.pos, dest) < reach - 1e-3:
            return False
        if other_model.side != model.side and math.dist(dest, other_model.pos) - reach <= BASE_CONTACT:
            return False
    return True


def knock_prone(ctx: Ctx, model: Model) -> None:
    """The model is knocked Prone; a rider knocked Prone on its mount is Knocked Flying (settled by
    `cavalry.ThrownRiders`)."""
    model.prone = True
    if model.mount is not None:
        model.thrown = "flying"
    ctx.log("prone", f"{model.name} is knocked Prone.", model=model.id)


def marching(state: BattleState, model: Model) -> Effect | None:
    return next((e for e in state.effects if e.target == model.id and e.kind in MARCHING), None)


def must_end_near(state: BattleState, model: Model, near: str = "") -> tuple[Model, str] | None:
    """The Hero a model must finish its activation within 6" of (With Me, At the Double)."""
    if near:
        return state.model(near), "With Me"
    effect = next((e for e in state.effects if e.target == model.id and e.kind == "at_the_double"), None)
    if effect is not None:
        return state.model(effect.source), "At the Double"
    return None


def move_model(ctx: Ctx, model: Model, points: list[Point], charge_target: Model | None) -> None:
    cost = path_cost(ctx.state, points, model.mount is not None)
    model.x, model.y = points[-1]
    model.moved += cost
    if charge_target is not None:
        model.charged = charge_target.id
        ctx.log(
            "charge",
            f'{model.name} charges {charge_target.name} ({cost:.1f}").',
            model=model.id,
            target=charge_target.id,
            path=[list(p) for p in points],
        )
    else:
        ctx.log("move", f'{model.name} moves {cost:.1f}".', model=model.id, path=[list(p) for p in points])
