"""The Move phase: paths, the control zone, charges, and each side's activations."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from .battlefield import BASE_CONTACT, CONTROL_ZONE, enemies, is_engaged
from .characteristics import MARCHING, move_allowance
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
from .state import BattleState, Effect, Model, Side, side_name

if TYPE_CHECKING:
    from .engine import Ctx

SNAP_TO_CONTACT = 1.0
"""A charge path that ends this close to its target is taken as ending in base contact."""


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


NEAR_RANGE = 6.0
CANNOT_MOVE = ("immobilise", "compel", "paralyse")


def can_move(state: BattleState, model: Model) -> str | None:
    """Why `model` may not move now, or None."""
    if is_engaged(state, model):
        return f"{model.name} is Engaged and cannot move."
    for effect in state.effects:
        if effect.target == model.id and effect.kind in CANNOT_MOVE:
            return f"{model.name} is under {effect.label} and cannot move."
    return None


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


def activation_options(
    state: BattleState, models: list[Model], shout: str = "", near: str = ""
) -> list[Option]:
    from .heroic import _shout_params, challenge_partner

    options: list[Option] = []
    for model in models:
        allowance = move_allowance(state, model)
        path = {"type": "path", "max_length": allowance}
        group = model.id
        shouting = shout or ("heroic_march" if model.heroic.get("move") == "heroic_march" else "")
        extra = (
            _shout_params(state, model, shouting) if shouting and model.heroic.get("move") == shouting else {}
        )
        blocked = can_move(state, model)
        partner = challenge_partner(state, model) if blocked is None else None
        if partner is not None and model.distance_to(partner) > allowance + 1e-6:
            partner = None
        if blocked is None:
            if partner is None:
                options.append(
                    Action(
                        "move",
                        f"Move {model.name}",
                        {"type": "move", "model": model.id},
                        {"path": path, **extra},
                        group=group,
                    )
                )
            else:
                options.append(
                    Refusal(
                        {"type": "move", "model": model.id},
                        "must_charge",
                        f"{model.name} must charge {partner.name}: they are in a Heroic Challenge.",
                    )
                )
            options.extend(_charge_options(state, model, allowance, path, extra, partner))
        options.append(
            Action(
                "stand", f"{model.name} stays put", {"type": "stand", "model": model.id}, extra, group=group
            )
        )
    return options


def _charge_options(
    state: BattleState,
    model: Model,
    allowance: float,
    path: dict[str, Any],
    extra: dict[str, Any],
    partner: Model | None,
) -> list[Option]:
    options: list[Option] = []
    command = {"type": "charge", "model": model.id}
    march = marching(state, model)
    if march is not None:
        return [
            Refusal(
                command,
                "no_charge",
                f"{model.name} is under {march.label} and cannot charge this Move phase.",
            )
        ]
    reachable = []
    for enemy in enemies(state, model.side):
        gap = model.distance_to(enemy)
        if partner is not None and enemy.id != partner.id:
            options.append(
                Refusal(
                    {**command, "target": enemy.id},
                    "must_charge",
                    f"{model.name} must charge {partner.name}.",
                )
            )
        elif gap <= allowance + 1e-6:
            reachable.append(enemy)
        else:
            options.append(
                Refusal(
                    {**command, "target": enemy.id},
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
                command,
                {"target": targets, "path": path, **extra},
                group=model.id,
            )
        )
    return options


def start_activation(ctx: Ctx, command: dict[str, Any], near: str = "") -> Activation:
    """Check an activation command fully before anything happens; return the frame to run it."""
    state = ctx.state
    model = state.model(command["model"])
    kind = command["type"]
    anchor = must_end_near(state, model, near)
    if kind == "stand":
        if anchor and anchor[1] == "With Me":
            _check_near(model, model.pos, anchor)
        return Activation(model.id, "stand", [])
    points = full_path(model, command["path"])
    target = state.model(command["target"]) if kind == "charge" else None
    if target is not None:
        points = snap_to_contact(model, target, points)
    if len(points) < 2:
        return Activation(model.id, "stand", [])
    check_path(state, model, points, move_allowance(state, model), target)
    if anchor:
        _check_near(model, points[-1], anchor)
    return Activation(model.id, kind, [list(p) for p in points], target.id if target else None)


def _check_near(model: Model, end: Point, anchor: tuple[Model, str]) -> None:
    hero, why = anchor
    if dist(end, hero.pos) - model.radius - hero.radius > NEAR_RANGE + 1e-6:
        raise RuleViolation(
            "too_far_from_hero", f'{model.name} must finish within 6" of {hero.name} ({why}).'
        )


def begin_activation(ctx: Ctx, command: dict[str, Any], shout: str = "", near: str = "") -> list[Model]:
    """Start a model's activation, with its shout if it makes one; return the friends it affects."""
    from .heroic import SHOUTS, shout_hears

    state = ctx.state
    activation = start_activation(ctx, command, near)
    model = state.model(command["model"])
    shouting = shout or ("heroic_march" if model.heroic.get("move") == "heroic_march" else "")
    affected: list[Model] = []
    if shouting and command.get("shout"):
        affected = shout_hears(state, model, shouting)
        for friend in affected:
            friend.benefited.append(shouting)
        names = ", ".join(m.name for m in affected) or "no one"
        ctx.log(
            "shout",
            f'{model.name} shouts "{SHOUTS[shouting]}": {names}.',
            hero=model.id,
            affects=[m.id for m in affected],
        )
        if shouting == "heroic_march":
            from .characteristics import march_bonus

            for friend in affected:
                bonus = march_bonus(friend)
                label = f'At the Double (+{bonus}", {model.name})'
                state.effects.append(Effect("at_the_double", model.id, label, friend.id, "move", bonus))
        else:
            ctx.push(
                SideActivations(model.side, only=[m.id for m in affected], near=model.id, reason="with_me")
            )
    ctx.push(activation)
    return affected


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
        ctx.pop(self)
        model.activated = True
        if not model.on_board:
            return False
        if self.intent == "stand":
            ctx.log("stand", f"{model.name} stays where it is.", model=model.id)
        else:
            target = state.model(self.target) if self.target else None
            move_model(ctx, model, [(p[0], p[1]) for p in self.path], target)
        return False


@dataclass(slots=True)
class SideActivations(Frame):
    """A side activates its models one at a time until it says it is done.

    `only` limits it to some models: those answering a Hero's With Me (`near` is that Hero, and
    the rest may forgo their activation), or the winners of a Heroic Combat (who only move or charge).
    """

    kind = "side_activations"
    side: Side
    finished: bool = False
    only: list[str] = field(default_factory=list)
    near: str = ""
    reason: str = ""

    def waiting_models(self, state: BattleState) -> list[Model]:
        models = state.army_models(self.side)
        if self.reason:
            models = [m for m in models if m.id in self.only]
        return [m for m in models if not m.activated or self.reason == "heroic_combat"]

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        waiting = self.waiting_models(state)
        if not self.finished and all(can_move(state, m) is not None for m in waiting):
            if self.reason != "heroic_combat":
                for model in waiting:
                    model.activated = True  # nothing left that could do more than stand still
            self.finished = True
        if self.finished:
            ctx.pop(self)
            return False
        return True

    def pending(self, state: BattleState) -> Pending:
        labels = {
            "with_me": f"{side_name(self.side)} moves the models answering With Me",
            "heroic_combat": f"{side_name(self.side)} moves after a successful Heroic Combat",
        }
        return Pending(
            self.side,
            "activate",
            labels.get(self.reason, f"{side_name(self.side)} moves their models"),
            {"phase": "move", "models": [m.id for m in self.waiting_models(state)], "reason": self.reason},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        choices = activation_options(state, self.waiting_models(state), near=self.near)
        if self.reason == "heroic_combat":
            choices = [c for c in choices if not (isinstance(c, Action) and c.kind == "stand")]
            choices.append(Action("end_moves", "Stop moving", {"type": "end_moves"}))
        elif self.reason == "with_me":
            choices.append(Action("end_moves", "The rest forgo their activation", {"type": "end_moves"}))
        else:
            choices.append(Action("end_moves", "Finish moving", {"type": "end_moves"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "end_moves":
            if self.reason != "heroic_combat":
                for model in self.waiting_models(ctx.state):
                    model.activated = True
            done = {"with_me": "The rest forgo their activation.", "heroic_combat": "They stop moving."}
            ctx.log(
                "end_moves", done.get(self.reason, f"{side_name(self.side)} finishes moving."), side=self.side
            )
            self.finished = True
            return
        if self.reason == "heroic_combat":
            self.only.remove(command["model"])
        begin_activation(ctx, command, near=self.near)
