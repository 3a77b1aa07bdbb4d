"""The Shoot phase: who may shoot, To Hit, In The Way, shooting into combat, To Wound."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from . import legacy
from .battlefield import STALKING, combat_of, engaged_with, in_contact, is_engaged, stalks_unseen
from .cavalry import ThrownRiders, is_infantry, part_param
from .characteristics import move_value
from .effects import hidden_by, shooting_barred, shots_harder, shots_hit_on_six, why_held
from .frame import Action, Ctx, Frame, Option, Pending, Refusal
from .geometry import dist, point_segment_distance
from .heroic import shout_hears, shout_params
from .house_rules import DWARF_LONGBOW
from .legacy import TERRAIN_EDITION
from .might import might_choice, might_pending, might_to_reach, pay_might
from .sight import eye, own_cover, sees, sight
from .special_rules import LARGE_TARGET, SHARPSHOOTER, THROW_STONES, has, model_has, on_model, shaped
from .special_rules.rolls import to_wound as wound_rules
from .special_rules.shapes import CountsAs, Shots
from .state import BattleState, Missile, Model, Part, Side, side_name
from .terrain import level, sight_height
from .wargear import carries, missile_gear
from .wounds import ToWound

IN_THE_WAY_PASS = 4
INTO_COMBAT_PASS = 4
RIDER_HIT = 4
"""A shot at a Cavalry model hits the rider on this or more (the special In The Way test), else the mount."""


STONES = "Thrown stones"


def missile_of(model: Model) -> Missile | None:
    """The missile weapon a model shoots with: its own, else the stones of its Throw Stones."""
    if model.profile.missile is not None:
        return model.profile.missile
    stones = on_model(model, THROW_STONES)
    param = stones[0].param if stones else None
    return Missile(STONES, param.inches, param.strength) if param is not None else None


def throws_stones(model: Model) -> bool:
    return model.profile.missile is None and missile_of(model) is not None


def shoot_value(model: Model, charging: bool = False) -> int | None:
    """The score needed To Hit, or None if the model moved too far to shoot: a bow may move half its
    Move (1 worse after moving at all), a crossbow not at all, a throwing weapon any distance (1
    worse after moving, but not when thrown on the charge)."""
    if charging:
        return model.profile.shoot
    moved = model.moved > 1e-6
    gear = missile_gear(model)
    if moved and (throws_stones(model) or (gear is not None and gear.name == "Crossbow")):
        return None
    if model.moved > move_value(model) / 2 + 1e-6 and not (gear is not None and gear.throwing):
        return None
    steady = any(shape.what == "no_moving_penalty" for _, shape in shaped(model, CountsAs))
    return model.profile.shoot + (1 if moved and not steady else 0)


SHOT_TAKEN = "shot_taken"
"""Marks each Shooting Attack of the turn (in `Model.benefited`) of a model that makes several."""


def shots_allowed(model: Model) -> int:
    """Shooting Attacks the model may make in a Shoot phase: one, or what its rule says (Expert Shot)."""
    return max((shape.count for _, shape in shaped(model, Shots)), default=1)


def shot_taken(ctx: Ctx, model: Model) -> None:
    """Count a Shooting Attack: the model's last one of the turn leaves it `has_shot`."""
    allowed = shots_allowed(model)
    if allowed == 1:
        model.has_shot = True
        return
    model.benefited.append(SHOT_TAKEN)
    taken = model.benefited.count(SHOT_TAKEN)
    rule = next(use.name for use, _ in shaped(model, Shots))
    ctx.log(
        "shots_left", f"{model.name} makes Shooting Attack {taken} of {allowed} ({rule}).", model=model.id
    )
    if taken >= allowed:
        model.has_shot = True


def why_cannot_shoot(state: BattleState, model: Model) -> str | None:
    if missile_of(model) is None:
        return f"{model.name} has no missile weapon."
    if model.has_shot:
        return f"{model.name} has already made a Shooting Attack this turn."
    if is_engaged(state, model):
        return f"{model.name} is Engaged and cannot shoot."
    if model.terrain_test:
        return f"{model.name} took a Jump or Climb test this turn and cannot shoot."
    barred = shooting_barred(state, model)
    if barred:
        return f"{model.name} failed its Terror test before {barred} and cannot shoot this turn."
    held = why_held(state, model, "shoot")
    if held:
        return held
    if shoot_value(model) is None:
        gear = missile_gear(model)
        if gear is not None and gear.name == "Crossbow":
            return f"{model.name} has moved this turn: a crossbow shoots only if its bearer has not moved."
        if throws_stones(model):
            return f"{model.name} has moved this turn: Throw Stones is only for a model that has not moved."
        return f"{model.name} moved more than half its Move and cannot shoot."
    return None


def sharpshooter(state: BattleState, model: Model) -> bool:
    """Picks the rider or the mount of a Cavalry model it shoots at (Heroic Accuracy gives it too)."""
    return has(model.profile, SHARPSHOOTER) or any(
        e.target == model.id and e.kind == "heroic_accuracy" for e in state.effects
    )


def shot_range(state: BattleState, shooter: Model, target: Model) -> float:
    """How far a shot reaches (terrain.md §13.3, read in 3D): shooting down, from the shooter's base to the
    nearest point of the target's body; level or up, base to base."""
    gap = shooter.distance_to(target)
    mine, theirs = level(state, shooter), level(state, target)
    rise = theirs - mine if theirs > mine else max(0.0, mine - (theirs + sight_height(target)))
    return math.hypot(gap, rise) if rise else gap


def why_not_target(state: BattleState, shooter: Model, target: Model) -> str | None:
    missile = missile_of(shooter)
    assert missile is not None
    if shot_range(state, shooter, target) > missile.range + 1e-6:
        return f"{target.name} is out of range of {shooter.name}'s {missile.name} ({missile.range:g}\")."
    if not sees(state, shooter, target):
        return f"{shooter.name} cannot see {target.name}."
    hidden = hidden_by(state, target)
    if hidden is not None:
        return f"{target.name} is hidden by {hidden.name} and cannot be targeted."
    if stalks_unseen(state, shooter, target):
        return STALKING.format(target=target.name)
    if shooter.side == "good" and is_engaged(state, target):
        return f"Good models may not shoot into a combat: {target.name} is Engaged."
    if shooter.side == "good" and state.edition >= TERRAIN_EDITION:
        friend = next((m for _, m in _models_in_line(state, shooter, target) if m.side == shooter.side), None)
        if friend is not None:
            return f"Good models may not shoot with a friend In The Way: {friend.name} stands in the line."
    return None


def shooting_options(state: BattleState, models: list[Model]) -> list[Option]:
    choices: list[Option] = []
    for shooter in models:
        reason = why_cannot_shoot(state, shooter)
        if reason is not None:
            if missile_of(shooter) is not None:
                choices.append(Refusal({"type": "shoot", "model": shooter.id}, "cannot_shoot", reason))
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
            params: dict[str, dict[str, Any]] = {"target": {"type": "choice", "options": allowed}}
            if sharpshooter(state, shooter) and any(state.model(t["value"]).mount for t in allowed):
                params.update(part_param("Aim at the rider", "Aim at the mount (Sharpshooter)"))
            choices.append(Action("shoot", f"Shoot with {shooter.name}", command, params, group=shooter.id))
        choices.extend(refused)
    return choices


def obstructions(state: BattleState, shooter: Model, target: Model) -> list[tuple[float, str, str]]:
    """What stands In The Way, nearest first: (distance, "terrain"|"model", id) (terrain.md §13.4).

    Terrain that partly hides the target or that the shot passes through below its top, except the
    shooter's own cover; and models the line from its eye to the target passes through below their
    heads, except a friend of its size or smaller it touches (not Engaged) and the models of the
    target's own combat (the into-combat roll settles those)."""
    if state.edition < TERRAIN_EDITION:
        return legacy.obstructions(state, shooter, target)
    start = shooter.pos
    seen = sight(state, shooter, target)
    found: list[tuple[float, str, str]] = []
    for piece in seen.in_the_way:
        if not own_cover(state, shooter, piece):
            found.append((_distance_to(start, piece.polygon), "terrain", piece.id))
    found.extend((distance, "model", model.id) for distance, model in _models_in_line(state, shooter, target))
    found.sort()
    return found


LARGE_ENOUGH = frozenset({"Monster", "Siege Engine", "War Beast"})
"""Models that stay In The Way of a shot at a Large Target."""


def _models_in_line(state: BattleState, shooter: Model, target: Model) -> list[tuple[float, Model]]:
    """The models In The Way of a shot, with their distance from the shooter: those the line from
    its eye to the target passes through below their heads, except a friend it shoots past, the
    target's own combat and, at a Large Target, all but Monsters, Siege Engines and War Beasts."""
    start = shooter.pos
    combat = {m.id for m in combat_of(state, target)}
    large = model_has(target, LARGE_TARGET)
    high = eye(state, shooter)[2]
    aim = level(state, target) + 0.6 * sight_height(target)
    gap = dist(start, target.pos)
    found: list[tuple[float, Model]] = []
    for model in state.models.values():
        if not model.on_board or model.id in (shooter.id, target.id) or model.id in combat:
            continue
        if point_segment_distance(model.pos, start, target.pos) >= model.radius:
            continue
        if _shoots_past(state, shooter, model) or (large and not LARGE_ENOUGH & set(model.profile.keywords)):
            continue
        along = dist(start, model.pos) / gap if gap else 0.0
        if high + (aim - high) * along >= level(state, model) + sight_height(model):
            continue  # the shot passes over its head
        found.append((dist(start, model.pos), model))
    return found


def _shoots_past(state: BattleState, shooter: Model, friend: Model) -> bool:
    """A shooter ignores a friend it touches of its own base size or smaller, unless Engaged (terrain.md §13.4)."""
    return (
        friend.side == shooter.side
        and in_contact(friend, shooter)
        and friend.radius <= shooter.radius + 1e-9
        and not is_engaged(state, friend)
    )


def _distance_to(point: tuple[float, float], polygon: list[tuple[float, float]]) -> float:
    return min(dist(point, corner) for corner in polygon)


def to_hit_need(state: BattleState, shooter: Model, target: Model, charging: bool = False) -> int:
    """The To Hit score: the shooter's Shoot Value, 1 worse at Infantry in an Elven cloak or at a
    model under the 2024 Protection of the Valar; a 6 at a model in Blinding Light."""
    return to_hit(state, shooter, target, charging)[0]


def to_hit(
    state: BattleState, shooter: Model, target: Model, charging: bool = False
) -> tuple[int, list[str]]:
    """The To Hit score and what changed it from the Shoot Value, as the log names it
    ("moved: 1 worse", "Elven cloak: 1 worse", "Blinding Light: 6s only")."""
    need = shoot_value(shooter, charging)
    assert need is not None
    why = ["moved: 1 worse"] if need > shooter.profile.shoot else []
    if carries(target, "elven cloak") and is_infantry(target):
        need += 1
        why.append(f"{target.name}'s Elven cloak: 1 worse")
    harder, effect = shots_harder(state, target)
    if harder:
        need += harder
        why.append(f"{effect}: {harder} worse")
    if need < 6 and shots_hit_on_six(state, target):
        need = 6
        why.append("Blinding Light: only a 6 hits")
    rule = next((use.text for use, shape in shaped(target, CountsAs) if shape.what == "hit_only_on_six"), "")
    if need < 6 and rule:
        need = 6
        why.append(f"{target.name}'s {rule}: only a 6 hits")
    return need, why


def rerolls_in_the_way(state: BattleState, shooter: Model) -> bool:
    """Heroic Accuracy, and Take Aim for friends who heard it, re-roll failed In The Way tests."""
    return any(e.target == shooter.id and e.kind in ("heroic_accuracy", "take_aim") for e in state.effects)


@dataclass(slots=True)
class Shot(Frame):
    """One shot: To Hit, each obstruction In The Way nearest first, shooting into a combat; at a
    Cavalry model the special In The Way test (4+ the rider, else the mount) unless a Sharpshooter
    picked the part; then To Wound. A Hero shooter is offered Might when a To Hit or In The Way
    roll fails by little. `charging`: a throw on the charge, with no moving penalty."""

    kind = "shot"
    shooter: str
    target: str
    stage: Literal["to_hit", "in_the_way", "into_combat", "rider_or_mount"] = "to_hit"
    face: int = 0
    need: int = 0
    obstacles: list[list[str]] = field(default_factory=list)
    waiting: bool = False
    part: Literal["", "rider", "mount"] = ""
    charging: bool = False
    victim: str = ""

    def step(self, ctx: Ctx) -> bool:
        if self.waiting:
            return True
        state = ctx.state
        shooter, target = state.model(self.shooter), state.model(self.target)
        if self.stage == "to_hit":
            self.need, changed = to_hit(state, shooter, target, self.charging)
            self.face = ctx.dice.d6("to_hit", shooter.id)
            hit = self.face == 6 or self.face >= self.need
            weapon = missile_of(shooter)
            rule = f" ({DWARF_LONGBOW.says()})" if weapon and weapon.name.lower() == "dwarf longbow" else ""
            because = f" ({'; '.join(changed)})" if changed else ""
            ctx.log(
                "to_hit",
                f"{shooter.name} shoots at {target.name}: To Hit {self.need}+{because}, rolls {self.face}: "
                f"{'hit' if hit else 'miss'}.{rule}",
                shooter=shooter.id,
                target=target.id,
                faces=[self.face],
                need=self.need,
                success=hit,
            )
            if not hit:
                return self._offer_might_or(ctx, shooter, lambda: ctx.pop(self))
            self._start_in_the_way(state, shooter, target)
        if self.stage == "in_the_way":
            while self.obstacles:
                _, ident, name = self.obstacles[0]
                if self._in_the_way_roll(ctx, shooter):
                    self._obstacle_passed(ctx)
                    continue
                ctx.log(
                    "in_the_way",
                    f"{name} is In The Way: rolls {self.face}.",
                    obstruction=ident,
                    faces=[self.face],
                )
                return self._offer_might_or(ctx, shooter, lambda: self._obstacle_hit(ctx))
            self.stage = "into_combat"
        if self.stage == "into_combat":
            victim = self._into_combat(ctx, shooter, target) if is_engaged(state, target) else target
            self.victim = victim.id
            if victim.mount is None or (self.part and victim.id == target.id):
                self._wound(ctx, shooter, victim.id, self.part or "rider")
                return False
            self.stage = "rider_or_mount"
            if self._in_the_way_roll(ctx, shooter, "rider_or_mount"):
                ctx.log(
                    "rider_or_mount",
                    f"Rider or mount: rolls {self.face}: the rider is hit.",
                    faces=[self.face],
                )
                self._wound(ctx, shooter, victim.id, "rider")
                return False
            ctx.log("rider_or_mount", f"Rider or mount: rolls {self.face}.", faces=[self.face])
            return self._offer_might_or(ctx, shooter, lambda: self._wound(ctx, shooter, victim.id, "mount"))
        return False

    def _in_the_way_roll(self, ctx: Ctx, shooter: Model, purpose: str = "in_the_way") -> bool:
        """An In The Way test (4+ passes), re-rolled once on a fail under Heroic Accuracy or Take Aim."""
        self.face, self.need = ctx.dice.d6(purpose, shooter.id), IN_THE_WAY_PASS
        if self.face < IN_THE_WAY_PASS and rerolls_in_the_way(ctx.state, shooter):
            again = ctx.dice.d6(purpose + "_reroll", shooter.id)
            test = "In The Way test" if purpose == "in_the_way" else "rider-or-mount test"
            ctx.log("reroll", f"{shooter.name} re-rolls the failed {test} of {self.face}: {again}.")
            self.face = again
        return self.face >= IN_THE_WAY_PASS

    def _start_in_the_way(self, state: BattleState, shooter: Model, target: Model) -> None:
        self.stage = "in_the_way"
        self.obstacles = [
            [
                kind,
                ident,
                next(t.name for t in state.terrain if t.id == ident)
                if kind == "terrain"
                else state.model(ident).name,
            ]
            for _, kind, ident in obstructions(state, shooter, target)
        ]

    def _offer_might_or(self, ctx: Ctx, shooter: Model, otherwise: Callable[[], None]) -> bool:
        if shooter.is_hero and might_to_reach(shooter, self.face, self.face, self.need) is not None:
            self.waiting = True
            return True
        otherwise()
        return False

    def _obstacle_passed(self, ctx: Ctx) -> None:
        _, ident, name = self.obstacles.pop(0)
        ctx.log(
            "in_the_way",
            f"{name} is In The Way: rolls {self.face}: the shot goes on.",
            obstruction=ident,
            faces=[self.face],
            success=True,
        )

    def _obstacle_hit(self, ctx: Ctx) -> None:
        kind, ident, name = self.obstacles[0]
        shooter = ctx.state.model(self.shooter)
        ctx.log("in_the_way", f"The shot hits {name}.", obstruction=ident, success=False)
        if kind == "model":
            self._wound(ctx, shooter, ident, "rider")
        else:
            ctx.pop(self)

    def _wound(self, ctx: Ctx, shooter: Model, victim: str, part: Part) -> None:
        """The shot is over but for its To Wound roll (and a Thrown Rider test if it fells a mount)."""
        missile = missile_of(shooter)
        assert missile is not None
        ctx.pop(self)
        if ctx.state.model(victim).mount is not None:
            ctx.push(ThrownRiders())
        if part == "mount":
            ctx.log("rider_or_mount", f"The shot hits {ctx.state.model(victim).name}'s mount.", model=victim)
        rules = wound_rules(shooter, ctx.state.model(victim), part, shot=True, state=ctx.state)
        ctx.push(
            ToWound(
                shooter.id,
                victim,
                missile.strength,
                why="shot",
                part=part,
                shot=True,
                reroll=rules.reroll_failed,
                reroll_ones=rules.reroll_ones,
            )
        )

    def pending(self, state: BattleState) -> Pending:
        shooter = state.model(self.shooter)
        return might_pending(
            shooter,
            f"{self._roll_name()} roll of {self.face} fails",
            {"model": shooter.id, "roll": self.stage, "face": self.face, "need": self.need},
        )

    def _roll_name(self) -> str:
        return {"to_hit": "To Hit", "rider_or_mount": "Rider-or-mount"}.get(self.stage, "In The Way")

    def options(self, state: BattleState, side: Side) -> list[Option]:
        shooter, target = state.model(self.shooter), state.model(self.target)
        amount = might_to_reach(shooter, self.face, self.face, self.need)
        assert amount is not None
        if self.stage == "to_hit":
            return might_choice(shooter, amount, f"the shot hits {target.name}", keep="Keep the roll: a miss")
        if self.stage == "rider_or_mount":
            rider = state.model(self.victim).name
            return might_choice(
                shooter,
                amount,
                f"the shot hits {rider}",
                keep=f"Keep the roll: the shot hits {rider}'s mount",
            )
        return might_choice(
            shooter,
            amount,
            f"the shot passes {self.obstacles[0][2]}",
            keep=f"Keep the roll: the shot hits {self.obstacles[0][2]}",
        )

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        shooter = ctx.state.model(self.shooter)
        self.waiting = False
        paid = 0
        if command["type"] == "might":
            rolled = self.face
            paid = pay_might(ctx, shooter, command, f"on the {self._roll_name()} roll of {rolled}")
            self.face += paid
            if self.stage == "to_hit":  # (In The Way says its new score itself)
                ctx.log(
                    "might_result",
                    f"To Hit: rolls {rolled}, +{paid} Might = {self.face}: hit.",
                    model=shooter.id,
                )
        if self.stage == "to_hit":
            if paid:
                self._start_in_the_way(ctx.state, shooter, ctx.state.model(self.target))
            else:
                ctx.pop(self)
        elif self.stage == "rider_or_mount":
            self._wound(ctx, shooter, self.victim, "rider" if paid else "mount")
        elif paid:
            self._obstacle_passed(ctx)
        else:
            self._obstacle_hit(ctx)

    def _into_combat(self, ctx: Ctx, shooter: Model, target: Model) -> Model:
        face = ctx.dice.d6("into_combat", shooter.id)
        if face >= INTO_COMBAT_PASS:
            ctx.log(
                "into_combat", f"Shooting into a combat: rolls {face}: {target.name} is hit.", faces=[face]
            )
            return target
        if ctx.state.edition < TERRAIN_EDITION:
            victim = legacy.random_friend(
                ctx, [m for m in engaged_with(ctx.state, target) if m.side == shooter.side], shooter.id
            )
        else:
            victim = closest_friend(ctx.state, shooter, target)
        ctx.log(
            "into_combat",
            f"Shooting into a combat: rolls {face}: the shot hits {victim.name} instead (the friend "
            f"closest to {shooter.name} it can see).",
            faces=[face],
            victim=victim.id,
        )
        return victim


def closest_friend(state: BattleState, shooter: Model, target: Model) -> Model:
    """The shooter's friend in the target's combat that it sees closest to it (terrain.md §13.4); among friends
    as close, the one the army lists first."""
    friends = [m for m in engaged_with(state, target) if m.side == shooter.side]
    seen = [m for m in friends if sees(state, shooter, m)] or friends
    return min(seen, key=lambda m: round(shooter.distance_to(m), 6))


def heroic_shoot_options(state: BattleState, heroes: list[Model]) -> list[Option]:
    choices: list[Option] = []
    for hero in heroes:
        shout = shout_params(state, hero, "heroic_shoot")
        for option in shooting_options(state, [hero]):
            if isinstance(option, Action):
                option.params.update(shout)
            choices.append(option)
        choices.append(
            Action(
                "hold",
                f"{hero.name} does not shoot",
                {"type": "hold", "model": hero.id},
                shout,
                group=hero.id,
            )
        )
    return choices


def begin_heroic_shot(ctx: Ctx, command: dict[str, Any]) -> None:
    """A Heroic Shoot: the Hero shoots first (or not), and with Loose its friends shoot with it."""
    state = ctx.state
    hero = state.model(command["model"])
    hero.has_shot = True
    if command.get("shout"):
        heard = [m for m in shout_hears(state, hero, "heroic_shoot") if why_cannot_shoot(state, m) is None]
        for friend in heard:
            friend.benefited.append("heroic_shoot")
        names = ", ".join(m.name for m in heard) or "no one"
        ctx.log("shout", f'{hero.name} shouts "Loose": {names} may shoot now.', hero=hero.id)
        ctx.push(SideShooting(hero.side, only=[m.id for m in heard], reason="loose"))
    if command["type"] == "shoot":
        ctx.push(Shot(hero.id, command["target"], part=command.get("part", "")))
    else:
        ctx.log("hold", f"{hero.name} does not shoot.", model=hero.id)


@dataclass(slots=True)
class SideShooting(Frame):
    """A side shoots with its models one at a time until it says it is done.

    With `reason` "loose" only the models that heard a Loose shoot, and those that do not shoot
    now may not shoot later this phase."""

    kind = "side_shooting"
    side: Side
    finished: bool = False
    only: list[str] = field(default_factory=list)
    reason: Literal["", "loose"] = ""

    def shooters(self, state: BattleState) -> list[Model]:
        models = state.army_models(self.side)
        if self.reason:
            models = [m for m in models if m.id in self.only]
        return [m for m in models if why_cannot_shoot(state, m) is None]

    def step(self, ctx: Ctx) -> bool:
        able = shooting_options(ctx.state, self.shooters(ctx.state))
        if self.finished or not any(isinstance(o, Action) for o in able):
            if not self.finished:
                self._say_why_none_shoot(ctx, able)
            self._close(ctx.state)
            ctx.pop(self)
            return False
        return True

    def _say_why_none_shoot(self, ctx: Ctx, refusals: list[Option]) -> None:
        """Nobody left to shoot: say so, with each unshot archer's reason, so a skipped step is seen."""
        state = ctx.state
        models = state.army_models(self.side)
        if self.reason:
            models = [m for m in models if m.id in self.only]
        archers = [m for m in models if missile_of(m) is not None and not m.has_shot]
        if not archers:
            return
        reasons = []
        for model in archers:
            why = why_cannot_shoot(state, model)
            if why is None:
                targets = [
                    r for r in refusals if isinstance(r, Refusal) and r.command.get("model") == model.id
                ]
                why = f"{model.name} has no target it may shoot" + (
                    f" ({targets[0].message})" if targets else ""
                )
            reasons.append(why.rstrip("."))
        ctx.log(
            "no_shooting",
            f"{side_name(self.side)} cannot shoot: {'; '.join(reasons)}.",
            side=self.side,
        )

    def _close(self, state: BattleState) -> None:
        if self.reason == "loose":
            for model in self.shooters(state):
                model.has_shot = True

    def pending(self, state: BattleState) -> Pending:
        label = f"{side_name(self.side)} shoots" + (" (Loose)" if self.reason else "")
        return Pending(
            self.side, "shoot", label, {"phase": "shoot", "models": [m.id for m in self.shooters(state)]}
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        mine = [m for m in state.army_models(self.side) if not self.reason or m.id in self.only]
        choices = shooting_options(state, mine)
        label = "The rest do not shoot" if self.reason else "Finish shooting"
        choices.append(Action("end_shooting", label, {"type": "end_shooting"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "end_shooting":
            ctx.log("end_shooting", f"{side_name(self.side)} finishes shooting.", side=self.side)
            self.finished = True
            return
        shooter = ctx.state.model(command["model"])
        shot_taken(ctx, shooter)
        ctx.push(Shot(shooter.id, command["target"], part=command.get("part", "")))
