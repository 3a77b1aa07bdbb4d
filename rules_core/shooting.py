"""The Shoot phase: who may shoot, To Hit, In The Way, shooting into combat, To Wound."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .battlefield import can_see, engaged_with, in_contact, is_engaged
from .frame import Action, Frame, Option, Pending, Refusal
from .geometry import dist, point_in_polygon, point_segment_distance, segment_crosses_polygon
from .state import BattleState, Model, Side, side_name
from .wounds import ToWound

if TYPE_CHECKING:
    from .engine import Ctx

IN_THE_WAY_PASS = 4
INTO_COMBAT_PASS = 4


def shoot_value(model: Model) -> int | None:
    """The score needed To Hit, or None if the model moved too far to shoot."""
    half = model.profile.move / 2
    if model.moved > half + 1e-6:
        return None
    return model.profile.shoot + (1 if model.moved > 1e-6 else 0)


def why_cannot_shoot(state: BattleState, model: Model) -> str | None:
    if model.profile.missile is None:
        return f"{model.name} has no missile weapon."
    if model.has_shot:
        return f"{model.name} has already shot this turn."
    if is_engaged(state, model):
        return f"{model.name} is Engaged and cannot shoot."
    if shoot_value(model) is None:
        return f"{model.name} moved more than half its Move and cannot shoot."
    return None


def why_not_target(state: BattleState, shooter: Model, target: Model) -> str | None:
    missile = shooter.profile.missile
    assert missile is not None
    if shooter.distance_to(target) > missile.range + 1e-6:
        return f"{target.name} is out of range of {shooter.name}'s {missile.name} ({missile.range:g}\")."
    if not can_see(state, shooter, target):
        return f"{shooter.name} cannot see {target.name}."
    if shooter.side == "good" and is_engaged(state, target):
        return f"Good models may not shoot into a combat: {target.name} is Engaged."
    return None


def shooting_options(state: BattleState, models: list[Model]) -> list[Option]:
    choices: list[Option] = []
    for shooter in models:
        if why_cannot_shoot(state, shooter) is not None:
            continue
        command = {"type": "shoot", "model": shooter.id}
        allowed, refused = [], []
        for target in state.army_models("evil" if shooter.side == "good" else "good"):
            reason = why_not_target(state, shooter, target)
            if reason is None:
                allowed.append({"value": target.id, "label": target.name})
            else:
                refused.append(Refusal({**command, "target": target.id}, "bad_target", reason))
        if allowed:
            choices.append(
                Action(
                    "shoot",
                    f"Shoot with {shooter.name}",
                    command,
                    {"target": {"type": "choice", "options": allowed}},
                    group=shooter.id,
                )
            )
        choices.extend(refused)
    return choices


def obstructions(state: BattleState, shooter: Model, target: Model) -> list[tuple[float, str, str]]:
    """What stands In The Way, nearest first: (distance, "terrain"|"model", id)."""
    start, end = shooter.pos, target.pos
    found: list[tuple[float, str, str]] = []
    for piece in state.terrain:
        if (
            piece.blocks_sight
            or point_in_polygon(start, piece.polygon)
            or point_in_polygon(end, piece.polygon)
        ):
            continue
        if segment_crosses_polygon(start, end, piece.polygon):
            nearest = min(dist(start, corner) for corner in piece.polygon)
            found.append((nearest, "terrain", piece.id))
    for model in state.models.values():
        if not model.on_board or model.id in (shooter.id, target.id):
            continue
        if in_contact(model, shooter) or in_contact(model, target):
            continue
        if point_segment_distance(model.pos, start, end) < model.radius:
            found.append((dist(start, model.pos), "model", model.id))
    found.sort()
    return found


@dataclass(slots=True)
class Shot(Frame):
    """One shot, resolved from To Hit to the Wounds it causes."""

    kind = "shot"
    shooter: str
    target: str

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        shooter, target = state.model(self.shooter), state.model(self.target)
        missile = shooter.profile.missile
        assert missile is not None
        ctx.pop(self)
        need = shoot_value(shooter)
        assert need is not None
        face = ctx.dice.d6("to_hit", shooter.id)
        hit = face == 6 or face >= need
        ctx.log(
            "to_hit",
            f"{shooter.name} shoots at {target.name}: To Hit {need}+, rolls {face}: {'hit' if hit else 'miss'}.",
            shooter=shooter.id,
            target=target.id,
            faces=[face],
            need=need,
            success=hit,
        )
        if not hit:
            return False
        for _, what, ident in obstructions(state, shooter, target):
            name = (
                next(t.name for t in state.terrain if t.id == ident)
                if what == "terrain"
                else state.model(ident).name
            )
            face = ctx.dice.d6("in_the_way", shooter.id)
            passed = face >= IN_THE_WAY_PASS
            ctx.log(
                "in_the_way",
                f"{name} is In The Way: rolls {face}: {'the shot goes on' if passed else 'it hits ' + name}.",
                shooter=shooter.id,
                obstruction=ident,
                faces=[face],
                success=passed,
            )
            if not passed:
                if what == "model":
                    ctx.push(ToWound(shooter.id, ident, missile.strength, why="shot"))
                return False
        victim = target
        if is_engaged(state, target):
            victim = self._into_combat(ctx, shooter, target)
        ctx.push(ToWound(shooter.id, victim.id, missile.strength, why="shot"))
        return False

    def _into_combat(self, ctx: Ctx, shooter: Model, target: Model) -> Model:
        face = ctx.dice.d6("into_combat", shooter.id)
        if face >= INTO_COMBAT_PASS:
            ctx.log(
                "into_combat", f"Shooting into a combat: rolls {face}: {target.name} is hit.", faces=[face]
            )
            return target
        friends = [m for m in engaged_with(ctx.state, target) if m.side == shooter.side]
        victim = friends[pick_random(ctx, len(friends), shooter.id)]
        ctx.log(
            "into_combat",
            f"Shooting into a combat: rolls {face}: the shot hits {victim.name} instead.",
            faces=[face],
            victim=victim.id,
        )
        return victim


def pick_random(ctx: Ctx, count: int, roller: str) -> int:
    """A fair random index below `count` from D6 rolls (re-rolling faces that would bias it)."""
    if count <= 1:
        return 0
    if count > 6:
        raise ValueError("pick_random handles at most six choices")
    usable = 6 - 6 % count
    while True:
        face = ctx.dice.d6("random_model", roller)
        if face <= usable:
            return (face - 1) % count


@dataclass(slots=True)
class SideShooting(Frame):
    """A side shoots with its models one at a time until it says it is done."""

    kind = "side_shooting"
    side: Side
    finished: bool = False
    only: list[str] = field(default_factory=list)

    def shooters(self, state: BattleState) -> list[Model]:
        models = state.army_models(self.side)
        if self.only:
            models = [m for m in models if m.id in self.only]
        return [m for m in models if why_cannot_shoot(state, m) is None]

    def step(self, ctx: Ctx) -> bool:
        able = shooting_options(ctx.state, self.shooters(ctx.state))
        if self.finished or not any(isinstance(o, Action) for o in able):
            ctx.pop(self)
            return False
        return True

    def pending(self, state: BattleState) -> Pending:
        return Pending(
            self.side,
            "shoot",
            f"{side_name(self.side)} shoots",
            {"phase": "shoot", "models": [m.id for m in self.shooters(state)]},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        choices = shooting_options(state, self.shooters(state))
        choices.append(Action("end_shooting", "Finish shooting", {"type": "end_shooting"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "end_shooting":
            ctx.log("end_shooting", f"{side_name(self.side)} finishes shooting.", side=self.side)
            self.finished = True
            return
        shooter = ctx.state.model(command["model"])
        shooter.has_shot = True
        ctx.push(Shot(shooter.id, command["target"]))
