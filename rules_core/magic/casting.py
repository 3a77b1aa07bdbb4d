"""Casting and resisting Magical Powers in the Move phase.

A caster picks a power from its profile and a legal target, spends Will (a D6 each, never its
mount's Will) and succeeds when any die reaches the casting value; Might may raise a die at once,
which also raises the score a resister must beat. The target's player then chooses how much Will
to spend on a Resist test (before rolling); free dice come from Fortify Spirit, Heroic Resolve and
Resistant to Magic. A natural 6 on a die paid with Will gives that point back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, Protocol

from ..battlefield import STALKING, can_see, is_engaged, stalks_unseen
from ..cavalry import ThrownRiders, part_param
from ..chance import dice_count
from ..effects import resist_help, shielded_by, why_held
from ..errors import RuleCode, RuleViolation
from ..frame import Action, Ctx, Frame, Option, Pending, Refusal
from ..might import (
    available,
    might_choice,
    might_pending,
    might_to_reach,
    odds,
    pay_might,
    payer_param,
    raisable,
    regain,
    spend,
)
from ..special_rules.active import active
from ..special_rules.shapes import RollBonus
from ..state import BattleState, Model, Part, Power, Side, other, side_name
from .registry import NOT_REFEREED_2024, Cast, PowerSpec, bracket, powers_2024, spec_for


def why_cannot_cast(state: BattleState, caster: Model) -> str | None:
    if not caster.profile.powers:
        return f"{caster.name} has no Magical Powers."
    if caster.cast:
        return f"{caster.name} has already tried to cast a Magical Power this Move phase."
    if caster.will < 1:
        return f"{caster.name} has no Will left to cast with."
    if is_engaged(state, caster):
        return f"{caster.name} is Engaged and cannot cast."
    return why_held(state, caster, "cast")


def channelling(state: BattleState, caster: Model) -> bool:
    """The caster declared Heroic Channelling: its next Casting test counts as a 6."""
    return any(e.kind == "heroic_channelling" and e.target == caster.id for e in state.effects)


def channelled_form(state: BattleState, caster: Model) -> bool:
    """Its next power takes its channelled form: never with the 2024 powers, which have none."""
    return channelling(state, caster) and not powers_2024(state)


def power_range(power: Power, spec: PowerSpec, channelled: bool) -> float:
    return power.range + (spec.channelled_range_bonus if channelled else 0.0)


def shielded(state: BattleState, caster: Model, target: Model) -> str | None:
    if target.side == caster.side:
        return None
    shield = shielded_by(state, target)
    if shield is None:
        return None
    return f"{target.name} is under {shield.label} and cannot be targeted by enemy Magical Powers."


def why_not_target(
    state: BattleState, caster: Model, power: Power, spec: PowerSpec, target: Model
) -> str | None:
    reach = power_range(power, spec, channelled_form(state, caster))
    wants_enemy = spec.targets == "enemy"
    if wants_enemy and target.side == caster.side:
        return f"{power.name} targets an enemy model."
    if not wants_enemy and target.side != caster.side:
        return f"{power.name} targets a friendly model."
    if spec.targets == "friend" and target.id == caster.id:
        return f"{power.name} targets another friendly model, not the caster."
    if target.id != caster.id:
        if caster.distance_to(target) > reach + 1e-6:
            return f'{target.name} is out of range of {power.name} ({reach:g}").'
        if not can_see(state, caster, target):
            return f"{caster.name} cannot see {target.name}."
        if target.side != caster.side and stalks_unseen(state, caster, target):
            return STALKING.format(target=target.name)
    reason = shielded(state, caster, target)
    if reason:
        return reason
    if spec.can_target is not None:
        return spec.can_target(state, caster, target)
    return None


def targets_in_range(state: BattleState, caster: Model, power: Power, spec: PowerSpec) -> list[Model]:
    """The models an area power affects: enemies (or friends of the bracket's kind) within reach."""
    reach = spec.area or power_range(power, spec, channelled_form(state, caster))
    if spec.targets == "enemies_in_range":
        pool = state.army_models(other(caster.side))
        return [
            m for m in pool if caster.distance_to(m) <= reach + 1e-6 and shielded(state, caster, m) is None
        ]
    kind = bracket(power.name)
    pool = state.army_models(caster.side)
    return [
        m for m in pool if caster.distance_to(m) <= reach + 1e-6 and (not kind or kind in m.profile.keywords)
    ]


def cast_chance(need: int, dice: int) -> Fraction:
    miss = Fraction(max(0, need - 1), 6)
    return 1 - miss**dice


@dataclass(frozen=True, slots=True)
class CastTarget:
    """A piece a power may be aimed at (its `label` offered), or one refused (`code`, `message`)."""

    target: str
    label: str = ""
    code: RuleCode | None = None
    message: str = ""


class CastRules(Protocol):
    """What one ruleset's casting differs in; `cast_options` is the rest, for every ruleset."""

    def why_cannot_cast(self, state: BattleState, caster: Model) -> str | None:
        """Why the caster cannot cast at all now (None: he may)."""

    def no_version(self, power: Power, spec: PowerSpec | None) -> tuple[RuleCode, str] | None:
        """Why a power the caster's profile names cannot be cast in this ruleset, if a player is told."""

    def targets(
        self, state: BattleState, caster: Model, power: Power, spec: PowerSpec
    ) -> list[CastTarget] | None:
        """The targets a player may pick and those refused with the reason; None: no target."""

    def aim_params(
        self, state: BattleState, spec: PowerSpec, targets: list[str]
    ) -> dict[str, dict[str, Any]]:
        """What else a cast at these targets asks (a Cavalry target's rider or mount)."""

    def summary(self, spec: PowerSpec) -> str:
        """What the power does in this ruleset, after the action's label ("" for nothing)."""

    def odds(self, by_will: list[Fraction]) -> dict[str, Any]:
        """The action's odds from the chance to cast with 1, 2 ... Will."""


class SkirmishCasting:
    """The skirmish game's casting: models aimed at, a Cavalry target's rider or mount."""

    def why_cannot_cast(self, state: BattleState, caster: Model) -> str | None:
        return why_cannot_cast(state, caster)

    def no_version(self, power: Power, spec: PowerSpec | None) -> tuple[RuleCode, str] | None:
        return None  # a name the registry does not know is not offered

    def targets(
        self, state: BattleState, caster: Model, power: Power, spec: PowerSpec
    ) -> list[CastTarget] | None:
        """Every model on the board: refused only on the side the power aims at (a friend is not
        told that an enemy power cannot target him)."""
        if spec.targets not in ("enemy", "friend", "self_or_friend"):
            return None
        targets = []
        for model in state.models.values():
            if not model.on_board or model.x < 0:
                continue
            reason = why_not_target(state, caster, power, spec, model)
            if reason is None:
                targets.append(CastTarget(model.id, model.name))
            elif (model.side != caster.side) == (spec.targets == "enemy"):
                targets.append(CastTarget(model.id, code="bad_target", message=reason))
        return targets

    def aim_params(
        self, state: BattleState, spec: PowerSpec, targets: list[str]
    ) -> dict[str, dict[str, Any]]:
        if spec.mount_choice and any(state.model(t).mount is not None for t in targets):
            return part_param("The rider", "The mount")
        return {}

    def summary(self, spec: PowerSpec) -> str:
        return ""

    def odds(self, by_will: list[Fraction]) -> dict[str, Any]:
        return odds(*((f"{will} Will", chance) for will, chance in enumerate(by_will, start=1)))


SKIRMISH_CASTING = SkirmishCasting()


def cast_options(
    state: BattleState, casters: list[Model], rules: CastRules = SKIRMISH_CASTING
) -> list[Option]:
    """Every cast the casters could make now, by a ruleset's rules: allowed, or refused with the reason."""
    choices: list[Option] = []
    for caster in casters:
        choices += _caster_options(state, caster, rules)
    return choices


def _caster_options(state: BattleState, caster: Model, rules: CastRules) -> list[Option]:
    reason = rules.why_cannot_cast(state, caster)
    if reason is None:
        return [
            option
            for power in caster.profile.powers
            for option in _power_options(state, caster, power, rules)
        ]
    if not caster.profile.powers:
        return []
    return [Refusal({"type": "cast", "model": caster.id}, "cannot_cast", reason)]


def _power_options(state: BattleState, caster: Model, power: Power, rules: CastRules) -> list[Option]:
    """The power's cast (with each target and Will it may take), after the refused targets."""
    command = {"type": "cast", "model": caster.id, "power": power.name}
    spec = spec_for(power.name, state)
    missing = rules.no_version(power, spec)
    if missing is not None:
        return [Refusal(command, *missing)]
    if spec is None:
        return []
    channelled = channelling(state, caster)
    most = 1 if channelled else caster.will
    params: dict[str, dict[str, Any]] = {"will": {"type": "int", "min": 1, "max": most}}
    targets = rules.targets(state, caster, power, spec)
    choices: list[Option] = [
        Refusal({**command, "target": aim.target}, aim.code, aim.message)
        for aim in targets or []
        if aim.code is not None
    ]
    if targets is not None:
        allowed = [aim for aim in targets if aim.code is None]
        if not allowed:
            return choices
        params["target"] = {
            "type": "choice",
            "options": [{"value": a.target, "label": a.label} for a in allowed],
        }
        params.update(rules.aim_params(state, spec, [a.target for a in allowed]))
    need = 6 if channelled else power.casting
    form = f" ({power.casting}+)"
    if channelled:
        form = (
            " (Heroic Channelling: counts as a 6)" if powers_2024(state) else " (channelled: counts as a 6)"
        )
    by_will = [cast_chance(need, will) for will in range(1, most + 1)]
    label = f"{caster.name}: cast {power.name}{form}{rules.summary(spec)}"
    if powers_2024(state) and spec.key in NOT_REFEREED_2024:
        label += " (its 2024 change is not refereed: played as magical-powers.md)"
    choices.append(Action("cast", label, command, params, odds=rules.odds(by_will), group=caster.id))
    return choices


def begin_cast(ctx: Ctx, command: dict[str, Any]) -> CastFrame:
    """Check a cast fully before anything happens; return the frame that resolves it."""
    state = ctx.state
    caster = state.model(command["model"])
    reason = why_cannot_cast(state, caster)
    if reason:
        raise RuleViolation("cannot_cast", reason)
    power = next(p for p in caster.profile.powers if p.name == command["power"])
    spec = spec_for(power.name, state)
    assert spec is not None
    target = command.get("target", "")
    if target:
        problem = why_not_target(state, caster, power, spec, state.model(target))
        if problem:
            raise RuleViolation("bad_target", problem)
    part = command.get("part", "rider")
    if part == "mount" and (not target or state.model(target).mount is None):
        raise RuleViolation("bad_target", "Only a Cavalry model has a mount to target.")
    return CastFrame(caster.id, power.name, target, part, int(command["will"]))


def free_resist_dice(state: BattleState, model: Model) -> tuple[int, int]:
    """Free Resist dice (paid with no Will: Fortify Spirit, Heroic Resolve, Resistant to Magic) and
    a bonus to the highest die (channelled Fortify Spirit)."""
    dice, bonus = resist_help(state, model)
    dice += sum(shape.delta for _, shape in active(state, model, RollBonus) if shape.roll == "resist_dice")
    return dice, bonus


def resist_chance(score: int, dice: int, bonus: int) -> Fraction:
    if dice == 0:
        return Fraction(0)
    best_needed = score - bonus
    miss = Fraction(max(0, min(6, best_needed - 1)), 6)
    # The bonus adds only to the highest die; any die at or above the score resists.
    return 1 - miss**dice


@dataclass(slots=True)
class CastFrame(Frame):
    """One casting attempt, from the Casting test to its effect (or its failure, or its resisting)."""

    kind = "cast"
    caster: str
    power: str
    target: str = ""
    part: Part = "rider"
    will: int = 1
    stage: Literal["roll", "might", "resist", "resist_might", "failed", "resisted", "resolve"] = "roll"
    faces: list[int] = field(default_factory=list)
    boost: int = 0
    score: int = 0
    channelled: bool = False
    resister: str = ""
    resist_faces: list[int] = field(default_factory=list)
    resist_boost: int = 0
    resist_bonus: int = 0

    def _power(self, state: BattleState) -> tuple[Model, Power, PowerSpec]:
        caster = state.model(self.caster)
        power = next(p for p in caster.profile.powers if p.name == self.power)
        spec = spec_for(power.name, state)
        assert spec is not None
        return caster, power, spec

    def affected(self, state: BattleState) -> list[Model]:
        caster, power, spec = self._power(state)
        if spec.targets in ("enemies_in_range", "friends_in_range"):
            return targets_in_range(state, caster, power, spec)
        if spec.targets == "self":
            return [caster]
        if not self.target:
            return []
        target = state.model(self.target)
        if not (self.channelled and spec.channelled_also_targets):
            return [target]
        others = spec.channelled_also_targets(state, caster, target)
        return [target, *(m for m in others if m.id != target.id and shielded(state, caster, m) is None)]

    def resisters(self, state: BattleState) -> list[Model]:
        """Who may try to Resist: the enemy targeted (or, for several, any one of them)."""
        _, _, spec = self._power(state)
        if not spec.resistible:
            return []
        return [
            m
            for m in self.affected(state)
            if m.on_board and available(m, "will") + free_resist_dice(state, m)[0] > 0
        ]

    def step(self, ctx: Ctx) -> bool:
        if self.stage == "roll":
            caster, power, spec = self._power(ctx.state)
            self._roll(ctx, caster, power, spec)
        if self.stage in ("might", "resist_might"):
            return True
        return self._resolve_or_wait(ctx)

    def _roll(self, ctx: Ctx, caster: Model, power: Power, spec: PowerSpec) -> None:
        state = ctx.state
        caster.cast = True
        spend(ctx, caster, "will", self.will, f"to cast {power.name}", casting=True)
        if channelling(state, caster):
            state.effects = [
                e for e in state.effects if not (e.kind == "heroic_channelling" and e.target == caster.id)
            ]
            self.channelled, self.faces, self.score = not powers_2024(state), [6], 6
            form = "has no channelled form in the 2024 powers" if powers_2024(state) else "is channelled"
            ctx.log(
                "casting",
                f"Heroic Channelling: {caster.name}'s Casting test counts as a 6; {power.name} {form}.",
            )
            self.stage = "resist"
            return
        self.faces = ctx.dice.roll(self.will, "casting", caster.id)
        self.score = max(self.faces)
        target = state.models.get(self.target)
        at = f" at {target.name}" if target is not None and target.id != caster.id else ""
        result = "cast" if self.score >= power.casting else "not cast"
        ctx.log(
            "casting",
            f"{caster.name} casts {power.name}{at}: needs {power.casting}+, rolls "
            f"{', '.join(map(str, self.faces))}: {result}.",
            caster=caster.id,
            power=spec.key,
            faces=list(self.faces),
            need=power.casting,
            success=self.score >= power.casting,
        )
        self.stage = "might" if self._might_matters(state) else "resist"
        if self.stage == "resist" and self.score < power.casting:
            self.stage = "failed"

    def _might_matters(self, state: BattleState) -> bool:
        """Might can make a failed cast succeed, or raise the score a resister must beat."""
        caster, power, _ = self._power(state)
        if not caster.is_hero or not raisable(caster, [self.score]):
            return False
        if self.score < power.casting:
            return might_to_reach(caster, self.score, self.score, power.casting) is not None
        return bool(self.resisters(state))

    def _resolve_or_wait(self, ctx: Ctx) -> bool:
        state = ctx.state
        caster, _, spec = self._power(state)
        if self.stage == "failed":
            ctx.log("cast_failed", f"{self.power} fails and has no effect.", power=spec.key)
            ctx.pop(self)
            return False
        if self.stage == "resist":
            if self.resisters(state):
                return True
            self.stage = "resolve"
        if self.stage == "resisted":
            ctx.pop(self)
            return False
        ctx.pop(self)
        self.take_effect(ctx, caster, spec)
        return False

    def take_effect(self, ctx: Ctx, caster: Model, spec: PowerSpec) -> None:
        """The power got through: it does what its entry says (a second ruleset, its own version)."""
        state = ctx.state
        targets = [m for m in self.affected(state) if m.on_board]
        for model in targets:
            model.thwarted = model.thwarted or model.side != caster.side
        target = state.models.get(self.target)
        ctx.push(ThrownRiders())  # after all the power does: riders whose mounts it felled or threw
        spec.resolve(ctx, Cast(caster, target, targets, self.channelled, self.part, self.score, self.power))

    def pending(self, state: BattleState) -> Pending:
        caster, power, spec = self._power(state)
        if self.stage == "might":
            verb = "fails" if self.score < power.casting else "succeeds"
            return might_pending(
                caster,
                f"Casting test for {self.power} {verb} with {self.score}",
                {"model": caster.id, "roll": "casting", "score": self.score},
            )
        if self.stage == "resist_might":
            resister = state.model(self.resister)
            return might_pending(resister, "Resist test fails", {"model": resister.id, "roll": "resist"})
        defender = self.resisters(state)[0].side
        return Pending(
            defender,
            "resist",
            f"{side_name(defender)} may resist {self.power} (cast with {self.score})",
            {"power": spec.key, "score": self.score, "models": [m.id for m in self.resisters(state)]},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        caster, power, _spec = self._power(state)
        if self.stage == "might":
            if self.score < power.casting:
                amount = might_to_reach(caster, self.score, self.score, power.casting)
                assert amount is not None
                return might_choice(
                    caster, amount, f"{self.power} is cast", keep="Keep the roll: the power fails"
                )
            choices: list[Option] = []
            for amount in range(1, raisable(caster, [self.score]) + 1):
                choices.append(
                    Action(
                        "spend_might",
                        f"Spend {amount} Might: the casting score becomes {self.score + amount}",
                        {"type": "might", "model": caster.id, "amount": amount},
                        payer_param(caster, "might", amount),
                    )
                )
            choices.append(Action("keep", f"Keep the casting score of {self.score}", {"type": "keep"}))
            return choices
        if self.stage == "resist_might":
            resister = state.model(self.resister)
            best = max(self.resist_faces) + self.resist_bonus + self.resist_boost
            amount = might_to_reach(resister, max(self.resist_faces), best, self.score)
            assert amount is not None
            return might_choice(
                resister, amount, f"{self.power} is resisted", keep="Keep the roll: the power takes effect"
            )
        choices = []
        for model in self.resisters(state):
            free, bonus = free_resist_dice(state, model)
            least = 0 if free else 1
            for will in range(least, available(model, "will") + 1):
                dice = will + free
                chance = resist_chance(self.score, dice, bonus)
                paid = f"{will} Will" if will else "no Will"
                extra = f" + {free} free" if free else ""
                choices.append(
                    Action(
                        "resist",
                        f"{model.name}: resist with {paid} ({dice_count(dice)}{extra})",
                        {"type": "resist", "model": model.id, "will": will},
                        payer_param(model, "will", will) if will else {},
                        odds=odds(("the power is resisted", chance)),
                        group=model.id,
                    )
                )
        choices.append(Action("no_resist", "Do not resist", {"type": "no_resist"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        caster, power, _spec = self._power(state)
        kind = command["type"]
        if self.stage == "might":
            if kind == "might":
                self.score += pay_might(ctx, caster, command, "on the Casting test", self.score)
            self.stage = "resist" if self.score >= power.casting else "failed"
            return
        if self.stage == "resist_might":
            resister = state.model(self.resister)
            if kind == "might":
                self.resist_boost += pay_might(ctx, resister, command, "on the Resist test")
                ctx.log("resisted", f"{resister.name} resists {self.power}.", model=resister.id)
                self.stage = "resisted"
            else:
                self.stage = "resolve"
            return
        if kind == "no_resist":
            ctx.log("no_resist", f"{side_name(other(caster.side))} does not resist {self.power}.")
            self.stage = "resolve"
            return
        self._resist(
            ctx,
            state.model(command["model"]),
            int(command["will"]),
            command.get("payer", "rider"),
            self.power,
        )

    def _resist(self, ctx: Ctx, model: Model, will: int, payer: str, name: str) -> None:
        free, bonus = free_resist_dice(ctx.state, model)
        if will:
            spend(ctx, model, "will", will, f"to resist {name}", payer)  # type: ignore[arg-type]
        faces = ctx.dice.roll(will + free, "resist", model.id)
        self.resister, self.resist_faces, self.resist_bonus = model.id, faces, bonus
        best = max(faces) + bonus
        resisted = any(f >= self.score for f in faces) or best >= self.score
        free_note = f" ({free} of them free)" if free else ""
        ctx.log(
            "resist",
            f"{model.name} resists with {dice_count(len(faces))}{free_note}: rolls {', '.join(map(str, faces))}"
            f"{f' (+{bonus} to the highest)' if bonus else ''}, needing {self.score}: "
            f"{'resisted' if resisted else 'not enough'}.",
            model=model.id,
            faces=faces,
            need=self.score,
            success=resisted,
        )
        sixes = sum(1 for f in faces[:will] if f == 6)
        if sixes:
            regain(ctx, model, "will", sixes, "from a natural 6 on its Resist test")
        if resisted:
            ctx.log("resisted", f"{model.name} resists {name}: it has no effect.", model=model.id)
            self.stage = "resisted"
        elif model.is_hero and might_to_reach(model, max(faces), best, self.score) is not None:
            self.stage = "resist_might"
        else:
            self.stage = "resolve"
