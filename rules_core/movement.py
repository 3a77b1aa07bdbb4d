"""How models move: paths and what they cost, the control zone, charges ending in contact, what
keeps a model from moving, and moves forced on a model (thrown, fleeing, knocked Prone).

The Move phase's activations that use these are in `activation`; the terrain they read (difficult
ground, walls and rock faces, zones cut by walls) is `terrain`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from .battlefield import CONTROL_ZONE, enemies, why_cannot_activate
from .characteristics import MARCHING
from .errors import RuleViolation
from .frame import Ctx
from .geometry import (
    BASE_CONTACT,
    Point,
    boundary_distance,
    dist,
    inches,
    path_length,
    point_in_polygon,
    point_polygon_distance,
    point_segment_distance,
    rotate,
    segment_polygon_distance,
)
from .special_rules import UNYIELDING_COMBAT_STANCE, has, shaped
from .special_rules.shapes import CountsAs
from .state import BattleState, Effect, Model, Terrain
from .terrain import (
    Crossing,
    climbing_cost,
    crossings,
    defended_between,
    difficult_extra,
    zone_reaches,
)

SNAP_TO_CONTACT = 0.5
"""A charge path that ends this close to its target (in inches, either side of touching) is taken
as ending in base contact: a dropped model lands a hair short or over, as a hand does on a table."""

MOVE_TOLERANCE = 0.05
"""A path may use this much more than the model's Move (inches, about a millimetre: the precision
of a hand with a tape); anything longer is refused with the figures."""


def path_cost(state: BattleState, model: Model, points: list[Point]) -> float:
    """Inches of Move used: the path's length, difficult ground while any part of the base is in it
    (double, four times mounted), and climbing at double its height (`terrain`)."""
    return (
        path_length(points)
        + difficult_extra(state, model, points)
        + climbing_cost(crossings(state, model, points))
    )


def point_along(points: list[Point], distance: float) -> Point:
    """The point `distance` inches along the path (its end, beyond it)."""
    walked = 0.0
    for a, b in pairwise(points):
        length = dist(a, b)
        if walked + length >= distance - 1e-12 and length > 0:
            t = max(0.0, (distance - walked) / length)
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        walked += length
    return points[-1]


def split_path(points: list[Point], distance: float) -> tuple[list[Point], list[Point]]:
    """The path up to `distance` inches along it, and the rest from there."""
    cut = point_along(points, distance)
    walked, before = 0.0, [points[0]]
    for index, (a, b) in enumerate(pairwise(points), start=1):
        walked += dist(a, b)
        if walked >= distance - 1e-12:
            return [*before, cut], [cut, *points[index:]] if dist(cut, b) > 1e-9 else [
                cut,
                *points[index + 1 :],
            ]
        before.append(b)
    return before, [cut]


def full_path(model: Model, path: list[list[float]]) -> list[Point]:
    points: list[Point] = [model.pos]
    for x, y in path:
        point = (float(x), float(y))
        if dist(point, points[-1]) > 1e-9:
            points.append(point)
    return points


def snap_to_contact(state: BattleState, mover: Model, target: Model, points: list[Point]) -> list[Point]:
    """End a charge exactly in base contact, on the line from the target to where it was aimed; at a
    target that defends a barrier against the charger, touching the barrier on the charger's side,
    as close to the target as it can be (terrain.md §12.1)."""
    end = points[-1]
    barrier = defended_between(state, target, mover, end) if dist(end, target.pos) > 1e-9 else None
    spot = _across_spot(mover, target, barrier, end) if barrier is not None else None
    reach = mover.radius + target.radius
    gap = dist(end, spot) if spot is not None else dist(end, target.pos) - reach
    if abs(gap) > SNAP_TO_CONTACT:
        where = f" touching the {barrier.name} opposite it" if barrier is not None else ""
        raise RuleViolation(
            "charge_short",
            f"{mover.name}'s charge must end in base contact with {target.name}{where}: it ends "
            f"{inches(abs(gap), SNAP_TO_CONTACT)} {'short of' if gap > 0 or spot is not None else 'inside'} it "
            f'(a charge may end up to {SNAP_TO_CONTACT:g}" off).',
        )
    if spot is not None:
        snapped = spot
    else:
        if dist(end, target.pos) < 1e-9:
            start = points[-2] if len(points) > 1 else mover.pos
            direction = (start[0] - target.x, start[1] - target.y)
        else:
            direction = (end[0] - target.x, end[1] - target.y)
        length = max(1e-9, (direction[0] ** 2 + direction[1] ** 2) ** 0.5)
        snapped = (target.x + direction[0] / length * reach, target.y + direction[1] / length * reach)
    return [*points[:-1], snapped] if len(points) > 1 else [points[0], snapped]


def _across_spot(mover: Model, target: Model, barrier: Terrain, toward: Point) -> Point:
    """The place on the line from the target towards `toward` where the mover's base touches the
    barrier from the far side."""
    polygon = barrier.polygon
    length = dist(target.pos, toward)
    ux, uy = (toward[0] - target.x) / length, (toward[1] - target.y) / length
    t, step = 0.0, 0.02
    while t < length + mover.radius * 4:  # out through the barrier
        t += step
        point = (target.x + ux * t, target.y + uy * t)
        if point_in_polygon(point, polygon):
            break
    low, high = t, t + mover.radius * 2 + 2
    while point_in_polygon((target.x + ux * low, target.y + uy * low), polygon):
        low += step
    for _ in range(50):  # the first place beyond it a base of the mover's radius clears it
        mid = (low + high) / 2
        point = (target.x + ux * mid, target.y + uy * mid)
        if point_in_polygon(point, polygon) or point_polygon_distance(point, polygon) < mover.radius:
            low = mid
        else:
            high = mid
    return (target.x + ux * high, target.y + uy * high)


def check_path(
    state: BattleState,
    model: Model,
    points: list[Point],
    allowance: float,
    charge_target: Model | None = None,
    tests: bool = False,
) -> float:
    """Refuse a path the rules forbid; return its cost in inches of Move. With `tests` (a model's
    own move in its activation) a path may cross walls and faces that need a Jump or Climb test,
    which it takes when it gets there; and one whose Move runs out during a climb is taken as far
    as it goes (the model hangs part way up)."""
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
    crossed = crossings(state, model, points)
    _check_crossings(model, crossed, tests)
    ground, slow, climb = path_length(points), difficult_extra(state, model, points), climbing_cost(crossed)
    cost = ground + slow + climb
    if cost > allowance + MOVE_TOLERANCE + 1e-9 and not _runs_out_climbing(
        state, model, points, crossed, allowance
    ):
        # Why a path costs more than its length, so a player who measured it sees the difference.
        extra = [
            f'{v:.2f}" more {what}'
            for v, what in ((slow, "in difficult ground"), (climb, "climbing"))
            if v > 1e-9
        ]
        why = f'{ground:.2f}" long, {", ".join(extra)}; ' if extra else ""
        raise RuleViolation(
            "too_far",
            f'{name} can move {allowance:g}" but that path needs {cost:.2f}" '
            f'({why}at most {MOVE_TOLERANCE:g}" over is allowed).',
        )
    segments = list(pairwise(points))
    for piece in state.terrain:
        if piece.impassable and any(
            segment_polygon_distance(a, b, piece.polygon) < radius - 1e-6 for a, b in segments
        ):
            raise RuleViolation(
                "impassable", f"{name} cannot move through {piece.name}.", blocking={"terrain": piece.id}
            )
    for other_model in state.models.values():
        if other_model.id == model.id or not other_model.on_board:
            continue
        reach = radius + other_model.radius
        if any(point_segment_distance(other_model.pos, a, b) < reach - 1e-3 for a, b in segments):
            raise RuleViolation(
                "through_model",
                f"{name} cannot move through {other_model.name}.",
                blocking={"model": other_model.id},
            )
    # Beyond a wall that needs a test the path is the model's plan: it is checked again if it goes on
    # (a Jump's 2-5 may land it in a control zone, and then it must charge).
    first_test = next((c for c in crossed if c.needs_test), None)
    zoned = list(pairwise(split_path(points, first_test.start)[0])) if first_test is not None else segments
    for enemy in enemies(state, model.side):
        if charge_target is not None and enemy.id == charge_target.id:
            continue
        allowed = min(CONTROL_ZONE, model.distance_to(enemy))
        closest = _closest_in_zone(state, model, enemy, zoned, allowed)
        if closest < allowed - 1e-6:
            why = (
                f"only {charge_target.name}, the model charged, may be approached"
                if charge_target
                else "unless charging it"
            )
            raise RuleViolation(
                "control_zone",
                f'{name} cannot move within {CONTROL_ZONE:g}" of {enemy.name} ({why}): '
                f"this path comes {inches(max(0.0, closest), allowed)} from it.",
                blocking={"model": enemy.id, "zone": CONTROL_ZONE},
            )
    if charge_target is not None and first_test is None:
        _check_charge_end(state, model, charge_target, points[-1])
    return cost


def _check_crossings(model: Model, crossed: list[Crossing], tests: bool) -> None:
    for crossing in crossed:
        if crossing.test == "refused":
            raise RuleViolation(
                "cannot_cross",
                f"{model.name} cannot cross the {crossing.piece.name}: {crossing.reason}.",
                blocking={"terrain": crossing.piece.id},
            )
        if crossing.needs_test and not tests:
            raise RuleViolation(
                "needs_test",
                f"{model.name} would need a {crossing.test.capitalize()} test to cross the "
                f"{crossing.piece.name}, and this move takes none: go round it.",
                blocking={"terrain": crossing.piece.id},
            )


def _runs_out_climbing(
    state: BattleState, model: Model, points: list[Point], crossed: list[Crossing], allowance: float
) -> bool:
    """A path whose Move runs out during its first climb, with Move enough to reach the climb: the
    model climbs as far as its Move takes it (terrain.md §7)."""
    climb = next((c for c in crossed if c.needs_test), None)
    if climb is None or climb.test != "climb" or climb.way == "down":
        return False
    before, _ = split_path(points, climb.start)
    return path_length(before) + difficult_extra(state, model, before) <= allowance + MOVE_TOLERANCE + 1e-9


ZONE_PROBE = 0.05
"""Inches between the points of a path checked against a control zone that a wall may cut."""


def _closest_in_zone(
    state: BattleState, model: Model, enemy: Model, segments: list[tuple[Point, Point]], allowed: float
) -> float:
    """How near the path comes to `enemy`, edge to edge, counting only the places its control zone
    reaches (a wall between them cuts it: `terrain.zone_reaches`)."""
    radius = model.radius
    gaps = [point_segment_distance(enemy.pos, a, b) - radius - enemy.radius for a, b in segments]
    closest = min(gaps, default=allowed)
    if closest >= allowed - 1e-6 or not any(p.barrier or p.impassable for p in state.terrain):
        return closest
    found = allowed
    for (a, b), gap in zip(segments, gaps, strict=True):
        if gap >= allowed - 1e-6:
            continue
        steps = max(1, math.ceil(dist(a, b) / ZONE_PROBE))
        for i in range(steps + 1):
            point = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
            here = dist(point, enemy.pos) - radius - enemy.radius
            if here < found and zone_reaches(state, enemy, point, model):
                found = here
    return found


def _check_charge_end(state: BattleState, model: Model, target: Model, end: Point) -> None:
    """A charge ends in base contact, or touching the barrier its target defends, opposite it; only
    one model may charge a defender across its barrier (terrain.md §12.1)."""
    end_gap = dist(end, target.pos) - model.radius - target.radius
    if end_gap <= BASE_CONTACT:
        return
    barrier = defended_between(state, target, model, end)
    if barrier is None or point_polygon_distance(end, barrier.polygon) > model.radius + BASE_CONTACT:
        raise RuleViolation(
            "charge_short", f"{model.name}'s charge must end in base contact with {target.name}."
        )
    rival = next((m for m in enemies(state, target.side) if m.across == target.id and m.id != model.id), None)
    if rival is not None and rival.on_board and rival.across_at == [rival.x, rival.y, target.x, target.y]:
        raise RuleViolation(
            "charge_short",
            f"Only one model may charge {target.name} across the {barrier.name} it defends: "
            f"{rival.name} already has.",
        )


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
        if not stops_forced_moves(piece):
            continue
        t = _first_touch_of_polygon(model, ux, uy, best.travelled, piece.polygon, r + keep_clear)
        if t is not None and t < best.travelled:
            best = _stop_at(model, ux, uy, t, piece.name)
    return best


def stops_forced_moves(piece: Terrain) -> bool:
    """A model pushed, thrown or fleeing stops at impassable terrain, at a wall (it never crosses an
    obstacle) and at the edge of a rock it would climb (`house_rules.PUSH_STOPS_AT_EDGE`)."""
    return piece.impassable or piece.barrier or (piece.raised and piece.climbable)


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
    measure = boundary_distance if point_in_polygon(model.pos, polygon) else point_polygon_distance

    def gap(t: float) -> float:
        return measure((model.x + ux * t, model.y + uy * t), polygon) - clear

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


def never_trapped(model: Model) -> str:
    """The rule by which a standing model is never Trapped (Prenatural Agility), or ""."""
    if model.prone:
        return ""
    return next((use.name for use, shape in shaped(model, CountsAs) if shape.what == "never_trapped"), "")


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
    rule = never_trapped(loser)
    if rule:
        ctx.log(
            "trapped",
            f"{loser.name} cannot back away, but stands where it is: never Trapped while standing ({rule}).",
            model=loser.id,
        )
        return False
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
    if crossings(state, model, [model.pos, dest]):
        return False  # backing away never crosses an obstacle, nor goes up or down a face
    for other_model in state.models.values():
        if other_model.id == model.id or not other_model.on_board:
            continue
        reach = r + other_model.radius
        if point_segment_distance(other_model.pos, model.pos, dest) < reach - 1e-3:
            return False
        if other_model.side != model.side and math.dist(dest, other_model.pos) - reach <= BASE_CONTACT:
            return False
    return True


UNYIELDING_STAYS_UP = 4


def stays_up_chance(model: Model) -> Fraction:
    """The chance a model about to be knocked Prone stays on its feet (Unyielding Combat Stance)."""
    if model.mount is None and has(model.profile, UNYIELDING_COMBAT_STANCE):
        return Fraction(7 - UNYIELDING_STAYS_UP, 6)
    return Fraction(0)


def knock_prone(ctx: Ctx, model: Model) -> None:
    """The model is knocked Prone; a rider knocked Prone on its mount is Knocked Flying (settled by
    `cavalry.ThrownRiders`). Unyielding Combat Stance keeps a model on foot upright on a 4+."""
    if model.mount is None and has(model.profile, UNYIELDING_COMBAT_STANCE):
        face = ctx.dice.d6("unyielding", model.id)
        upright = face >= UNYIELDING_STAYS_UP
        result = "it stays on its feet" if upright else "it falls"
        ctx.log(
            "unyielding", f"{model.name} rolls {face} for Unyielding Combat Stance: {result}.", faces=[face]
        )
        if upright:
            return
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


def move_model(
    ctx: Ctx,
    model: Model,
    points: list[Point],
    charge_target: Model | None,
    cost: float | None = None,
    verb: str = "moves",
) -> None:
    """Move the model along the path (`cost`: its Move used, when the path alone does not say it;
    `verb`: how the log says it moves, "jumps over the Old wall")."""
    state = ctx.state
    used = path_cost(state, model, points) if cost is None else cost
    model.x, model.y = points[-1]
    model.moved += used
    model.climb, model.climb_on, model.climb_to = 0.0, "", []
    model.across, model.across_at = "", []
    if charge_target is not None:
        model.charged = charge_target.id
        barrier = None
        if model.distance_to(charge_target) > BASE_CONTACT:
            barrier = defended_between(state, charge_target, model, model.pos)
        if barrier is not None:
            model.across = charge_target.id
            model.across_at = [model.x, model.y, charge_target.x, charge_target.y]
        across = f" across the {barrier.name} it defends" if barrier is not None else ""
        ctx.log(
            "charge",
            f'{model.name} charges {charge_target.name}{across} ({used:.1f}").',
            model=model.id,
            target=charge_target.id,
            path=[list(p) for p in points],
        )
    else:
        text = (
            f'{model.name} moves {used:.1f}".' if verb == "moves" else f'{model.name} {verb} ({used:.1f}").'
        )
        ctx.log("move", text, model=model.id, path=[list(p) for p in points])
