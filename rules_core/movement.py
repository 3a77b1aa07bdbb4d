"""The Move phase: paths, the control zone, charges, and each side's activations."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from .battlefield import BASE_CONTACT, CONTROL_ZONE, enemies, is_engaged
from .errors import RuleViolation
from .frame import Action, Frame, Option, Pending, Refusal
from .geometry import (
    Point,
    dist,
    length_inside,
    path_length,
    point_segment_distance,
    segment_polygon_distance,
)
from .state import BattleState, Model, Side, side_name

if TYPE_CHECKING:
    from .engine import Ctx

SNAP_TO_CONTACT = 1.0
"""A charge path that ends this close to its target is taken as ending in base contact."""


def move_allowance(state: BattleState, model: Model) -> float:
    return model.profile.move


def path_cost(state: BattleState, points: list[Point]) -> float:
    """Inches of Move used: difficult terrain costs double."""
    cost = path_length(points)
    for piece in state.terrain:
        if piece.difficult:
            cost += sum(length_inside(a, b, piece.polygon) for a, b in pairwise(points))
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
            "charge_short", f"{mover.name}'s charge must end in base contact with {target.name}."
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
    cost = path_cost(state, points)
    if cost > allowance + 1e-6:
        raise RuleViolation("too_far", f'{name} can move {allowance:g}" but that path needs {cost:.1f}".')
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
            hint = "" if charge_target else " unless charging it"
            raise RuleViolation(
                "control_zone",
                f'{name} cannot move within 1" of {enemy.name}{hint}.',
            )
    if charge_target is not None:
        end_gap = dist(points[-1], charge_target.pos) - radius - charge_target.radius
        if end_gap > BASE_CONTACT:
            raise RuleViolation(
                "charge_short",
                f"{name}'s charge must end in base contact with {charge_target.name}.",
            )
    return cost


def can_move(state: BattleState, model: Model) -> str | None:
    """Why `model` may not move now, or None."""
    if is_engaged(state, model):
        return f"{model.name} is Engaged and cannot move."
    return None


def activation_options(state: BattleState, models: list[Model]) -> list[Option]:
    options: list[Option] = []
    for model in models:
        allowance = move_allowance(state, model)
        path = {"type": "path", "max_length": allowance}
        group = model.id
        blocked = can_move(state, model)
        if blocked is None:
            options.append(
                Action(
                    "move",
                    f"Move {model.name}",
                    {"type": "move", "model": model.id},
                    {"path": path},
                    group=group,
                )
            )
            reachable = []
            for enemy in enemies(state, model.side):
                gap = model.distance_to(enemy)
                if gap <= allowance + 1e-6:
                    reachable.append(enemy)
                else:
                    options.append(
                        Refusal(
                            {"type": "charge", "model": model.id, "target": enemy.id},
                            "out_of_reach",
                            f'{enemy.name} is {gap:.1f}" away, beyond {model.name}\'s {allowance:g}" move.',
                        )
                    )
            if reachable:
                targets = {"type": "choice", "options": [{"value": e.id, "label": e.name} for e in reachable]}
                options.append(
                    Action(
                        "charge",
                        f"Charge with {model.name}",
                        {"type": "charge", "model": model.id},
                        {"target": targets, "path": path},
                        group=group,
                    )
                )
        options.append(
            Action("stand", f"{model.name} stays put", {"type": "stand", "model": model.id}, group=group)
        )
    return options


def start_activation(ctx: Ctx, command: dict[str, Any]) -> Activation:
    """Check an activation command fully before anything happens; return the frame to run it."""
    state = ctx.state
    model = state.model(command["model"])
    kind = command["type"]
    if kind == "stand":
        return Activation(model.id, "stand", [])
    points = full_path(model, command["path"])
    target = state.model(command["target"]) if kind == "charge" else None
    if target is not None:
        points = snap_to_contact(model, target, points)
    if len(points) < 2:
        return Activation(model.id, "stand", [])
    check_path(state, model, points, move_allowance(state, model), target)
    return Activation(model.id, kind, [list(p) for p in points], target.id if target else None)


def move_model(ctx: Ctx, model: Model, points: list[Point], charge_target: Model | None) -> None:
    cost = path_cost(ctx.state, points)
    model.x, model.y = points[-1]
    model.moved += cost
    if charge_target is not None:
        ctx.log(
            "charge",
            f'{model.name} charges {charge_target.name} ({cost:.1f}").',
            model=model.id,
            target=charge_target.id,
            path=[list(p) for p in points],
        )
    else:
        ctx.log("move", f'{model.name} moves {cost:.1f}".', model=model.id, path=[list(p) for p in points])


@dataclass(slots=True)
class Activation(Frame):
    """One model's activation: it stands, moves or charges."""

    kind = "activation"
    model: str
    intent: str
    path: list[list[float]] = field(default_factory=list)
    target: str | None = None

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        model = state.model(self.model)
        model.activated = True
        if model.on_board:
            if self.intent == "stand":
                ctx.log("stand", f"{model.name} stays where it is.", model=model.id)
            else:
                target = state.model(self.target) if self.target else None
                points = [(p[0], p[1]) for p in self.path]
                move_model(ctx, model, points, target)
        ctx.pop(self)
        return False


@dataclass(slots=True)
class SideActivations(Frame):
    """A side activates its models one at a time until it says it is done."""

    kind = "side_activations"
    side: Side
    finished: bool = False

    def waiting_models(self, state: BattleState) -> list[Model]:
        return [m for m in state.army_models(self.side) if not m.activated]

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        waiting = self.waiting_models(state)
        if not self.finished and all(can_move(state, m) is not None for m in waiting):
            # Nothing left that could do more than stand still: no need to ask.
            for model in waiting:
                model.activated = True
            self.finished = True
        if self.finished:
            ctx.pop(self)
            return False
        return True

    def pending(self, state: BattleState) -> Pending:
        return Pending(
            self.side,
            "activate",
            f"{side_name(self.side)} moves their models",
            {"phase": "move", "models": [m.id for m in self.waiting_models(state)]},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        choices = activation_options(state, self.waiting_models(state))
        choices.append(Action("end_moves", "Finish moving", {"type": "end_moves"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "end_moves":
            for model in self.waiting_models(ctx.state):
                model.activated = True
            ctx.log("end_moves", f"{side_name(self.side)} finishes moving.", side=self.side)
            self.finished = True
            return
        ctx.push(start_activation(ctx, command))
