"""Magical Powers in the mass battle (§12): the skirmish casting and resisting (`CastFrame`), aimed
at stands, each power with a mass effect of its own; the others cannot be cast here (§18 Q12).

Range runs from the caster (his stand's footprint when attached) to the nearest point of the
target, sight as §3. A power aimed at a stand may be resisted by one hero attached to it; loose
heroes cannot be targeted by harmful powers (§6.4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..effects import shielded_by
from ..errors import RuleCode, RuleViolation
from ..frame import Ctx, Option
from ..magic import CastFrame, PowerSpec, spec_for, why_cannot_cast
from ..magic.casting import CastTarget
from ..magic.casting import cast_options as shared_cast_options
from ..magic.registry import Cast
from ..state import BattleState, Effect, Model, Power, other
from .aftermath import Repulse, direction_from
from .field import Obstruction, wrong_side
from .lasting import COMMAND, DISMAY, TERRIFYING, TRANSFIXED
from .odds import exact_odds
from .shooting import Volley
from .sight import base_points, in_sight, sight_points
from .state import MassState, Shape, mass, mass_ctx, shape_of, stand_engaged, within

Aim = Literal["enemy_stand", "enemy_cavalry", "own", "friendly_hero"]


@dataclass(frozen=True)
class MassPower:
    """A power's mass-battle version: what it may target and what it does when it gets through."""

    aim: Aim
    text: str
    resolve: Callable[[Ctx, MassCast, Model], None]


def _points(shape: Shape) -> list[tuple[float, float]]:
    return base_points(*shape) if isinstance(shape, tuple) else sight_points(shape)


def _centre(shape: Shape) -> tuple[float, float]:
    return shape[0] if isinstance(shape, tuple) else shape.centre


def _blast(ctx: Ctx, cast: MassCast, caster: Model) -> None:
    ctx.push(Volley(attacker=caster.id, target=cast.target, channelled=cast.channelled))


def _transfix(ctx: Ctx, cast: MassCast, caster: Model) -> None:
    state = mass_ctx(ctx)
    stand = state.stand(cast.target)
    holds = not stand.activated
    note = "it may not move this turn and" if holds else "it has activated already;"
    state.effects.append(Effect(TRANSFIXED, caster.id, cast.power, stand.id, "end", int(holds)))
    ctx.log(
        "power",
        f"{stand.name} is transfixed: {note} -1 in combat this turn.",
        power=cast.power,
        stand=stand.id,
    )


def _aura(kind: str, what: str) -> Callable[[Ctx, MassCast, Model], None]:
    def resolve(ctx: Ctx, cast: MassCast, caster: Model) -> None:
        target = caster.id if kind == TERRIFYING else ""
        ctx.state.effects.append(Effect(kind, caster.id, cast.power, target, "end"))
        ctx.log("power", f"{cast.power}: {what} until the End phase.", power=cast.power, hero=caster.id)

    return resolve


def _panic(ctx: Ctx, cast: MassCast, caster: Model) -> None:
    state = mass_ctx(ctx)
    stand = state.stand(cast.target)
    away = direction_from(_centre(shape_of(state, caster.id)), (stand.x, stand.y))
    ctx.push(Repulse(stand.id, "recoil", away, "magic", f"its steeds panic ({cast.power})"))


def _aid(ctx: Ctx, cast: MassCast, caster: Model) -> None:
    """As the skirmish rules, on a friendly hero (Strengthen Will, Fortify Spirit)."""
    spec = spec_for(cast.power)
    assert spec is not None
    target = ctx.state.model(cast.target)
    spec.resolve(ctx, Cast(caster, target, [target], cast.channelled, "rider", cast.score, cast.power))


def _protection(ctx: Ctx, cast: MassCast, caster: Model) -> None:
    """Protection of the Valar: the hero (channelled: every friendly hero within 3" of the caster)
    cannot be targeted by enemy powers, nor can the stand he is attached to (he is part of it)."""
    state = mass_ctx(ctx)
    heroes = [state.model(cast.target)]
    if cast.channelled:
        heroes += [
            h
            for h in state.models.values()
            if h.on_board
            and h.side == caster.side
            and h.id != cast.target
            and within(state, caster.id, h.id, 3.0)
        ]
    for hero in heroes:
        state.effects.append(Effect("protection_of_the_valar", caster.id, cast.power, hero.id, "end"))
    names = ", ".join(h.name for h in heroes)
    ctx.log(
        "power",
        f"{names}: enemy Magical Powers cannot target them (or their stands) this turn.",
        power=cast.power,
    )


MASS_POWERS: dict[str, MassPower] = {
    "black_dart": MassPower(
        "enemy_stand", "caster's D6 + 4 against the stand's D6 + CF, like a shot", _blast
    ),
    "sorcerous_blast": MassPower(
        "enemy_stand", "caster's D6 + 4 against the stand's D6 + CF, like a shot", _blast
    ),
    "flameburst": MassPower(
        "enemy_stand", "caster's D6 + 4 against the stand's D6 + CF, like a shot", _blast
    ),
    "immobilise": MassPower("enemy_stand", "no move this turn if it has not moved; -1 in combat", _transfix),
    "paralyse": MassPower("enemy_stand", "no move this turn if it has not moved; -1 in combat", _transfix),
    "terrifying_aura": MassPower(
        "own", "his stand (or he) causes Terror", _aura(TERRIFYING, "the caster's stand causes Terror")
    ),
    "aura_of_dismay": MassPower(
        "own",
        'enemy stands within 6" -1 on Courage tests',
        _aura(DISMAY, 'enemy stands within 6" test at -1'),
    ),
    "aura_of_command": MassPower(
        "own",
        'friendly stands within 6" +1 on Courage tests',
        _aura(COMMAND, 'friendly stands within 6" test at +1'),
    ),
    "panic_steed": MassPower("enemy_cavalry", 'an enemy Cavalry stand not in combat recoils 2"', _panic),
    "strengthen_will": MassPower("friendly_hero", "as the skirmish rules", _aid),
    "fortify_spirit": MassPower("friendly_hero", "as the skirmish rules", _aid),
    "protection_of_the_valar": MassPower(
        "friendly_hero", "enemy powers cannot target him or his stand", _protection
    ),
}


def why_hero_cannot_cast(state: MassState, caster: Model) -> str | None:
    reason = why_cannot_cast(state, caster)
    if reason is not None:
        return reason
    stand = state.stand_of(caster)
    if stand is not None and stand_engaged(state, stand):
        return f"{caster.name}'s stand, {stand.name}, is in combat: he cannot cast."
    return None


def target_problem(
    state: MassState, caster: Model, power: Power, spec: PowerSpec, target: str
) -> Obstruction | None:
    """Whether a mass power may be aimed at `target` (a stand or hero id)."""
    entry = MASS_POWERS[spec.key]
    if entry.aim == "own":
        return (
            None
            if target in ("", caster.id)
            else Obstruction("bad_target", f"{power.name} works on the caster.")
        )
    if target in state.models:
        hero = state.models[target]
        if entry.aim != "friendly_hero":
            if hero.side != caster.side and state.stand_of(hero) is None:
                return Obstruction(
                    "loose_hero_untargetable",
                    f"{hero.name} is a lone hero: harmful powers cannot target him.",
                )
            return Obstruction("bad_target", f"{power.name} targets an enemy stand, not a hero.")
        if hero.side != caster.side or not hero.on_board:
            return Obstruction("bad_target", f"{power.name} targets a friendly hero.")
        if spec.targets == "friend" and hero.id == caster.id:
            return Obstruction("bad_target", f"{power.name} targets another friendly hero, not the caster.")
    else:
        stand = state.stands.get(target)
        if (
            stand is not None
            and stand.on_board
            and entry.aim != "friendly_hero"
            and stand.side == caster.side
        ):
            return wrong_side(stand.name, True, f"{power.name} targets an enemy stand")
        if stand is None or not stand.on_board or entry.aim == "friendly_hero" or stand.side == caster.side:
            return Obstruction("bad_target", f"{power.name} targets an enemy stand.")
        if entry.aim == "enemy_cavalry" and not stand.stats.cavalry:
            return Obstruction("bad_target", f"{power.name} targets a Cavalry stand.")
        if entry.aim == "enemy_cavalry" and stand_engaged(state, stand):
            return Obstruction("bad_target", f"{stand.name} is in combat: its steeds cannot bolt.")
        if entry.resolve is _blast and stand_engaged(state, stand):
            return Obstruction("target_engaged", f"{stand.name} is in combat: a blast is aimed like a shot.")
        shielding = next(
            (shielded_by(state, h) for h in state.attached(stand.id) if shielded_by(state, h)), None
        )
        if shielding is not None:
            return Obstruction(
                "bad_target", f"{stand.name} is under {shielding.label}: enemy powers cannot target it."
            )
    if target == caster.id:
        return None
    mine, theirs = shape_of(state, caster.id), shape_of(state, target)
    if not within(state, caster.id, target, power.range):
        return Obstruction(
            "not_in_range", f'{state.name_of(target)} is out of range of {power.name} ({power.range:g}").'
        )
    if not in_sight(state.field(), _points(mine), _points(theirs), _blockers(state, caster.id, target)):
        return Obstruction("no_line_of_sight", f"{caster.name} cannot see {state.name_of(target)}.")
    return None


def _blockers(state: MassState, caster: str, target: str) -> list[str]:
    """Stands that block a caster's sight (§3: stands block; the caster's and the target's own
    stands do not)."""
    own = {p for p in (caster, target)}
    for piece in (caster, target):
        if piece in state.models:
            carrier = state.stand_of(state.models[piece])
            if carrier is not None:
                own.add(carrier.id)
    return [s.id for s in state.stands.values() if s.on_board and s.id not in own]


class MassCasting:
    """The mass battle's casting (§12): stands or friendly heroes aimed at, each power's mass effect."""

    def why_cannot_cast(self, state: BattleState, caster: Model) -> str | None:
        return why_hero_cannot_cast(mass(state), caster)

    def no_version(self, power: Power, spec: PowerSpec | None) -> tuple[RuleCode, str] | None:
        if spec is not None and spec.key in MASS_POWERS:
            return None
        return (
            "no_mass_effect",
            f"{power.name} has no mass-battle version yet: it cannot be cast in a mass battle.",
        )

    def targets(
        self, state: BattleState, caster: Model, power: Power, spec: PowerSpec
    ) -> list[CastTarget] | None:
        """The pieces on the wrong side first, each refused (a player who tries is told why), then
        the enemy stands and loose heroes, or the friendly heroes, each allowed or refused."""
        game, entry = mass(state), MASS_POWERS[spec.key]
        if entry.aim == "own":
            return None
        targets = []
        for target in _wrong_sided(game, caster, entry):
            refused = target_problem(game, caster, power, spec, target)
            assert refused is not None
            targets.append(CastTarget(target, code=refused.code, message=refused.message))
        for target in _targets_of(game, caster, entry):
            problem = target_problem(game, caster, power, spec, target)
            if problem is None:
                targets.append(CastTarget(target, game.name_of(target)))
            else:
                targets.append(CastTarget(target, code=problem.code, message=problem.message))
        return targets

    def aim_params(
        self, state: BattleState, spec: PowerSpec, targets: list[str]
    ) -> dict[str, dict[str, Any]]:
        return {}  # a stand is aimed at whole, rider and mount alike

    def summary(self, spec: PowerSpec) -> str:
        return f": {MASS_POWERS[spec.key].text}"

    def odds(self, by_will: list[Fraction]) -> dict[str, Any]:
        return exact_odds(*((f"{will}", f"{will} Will: cast", p) for will, p in enumerate(by_will, start=1)))


MASS_CASTING = MassCasting()


def _wrong_sided(state: MassState, caster: Model, entry: MassPower) -> list[str]:
    """The pieces a power aimed at others may never target: enemy heroes for a power on a friendly
    hero, the caster's own stands for one on the enemy."""
    if entry.aim == "friendly_hero":
        return [m.id for m in state.models.values() if m.on_board and m.side != caster.side]
    return [s.id for s in state.army_stands(caster.side)]


def _targets_of(state: MassState, caster: Model, entry: MassPower) -> list[str]:
    if entry.aim == "friendly_hero":
        return [m.id for m in state.models.values() if m.on_board and m.side == caster.side]
    return [s.id for s in state.army_stands(other(caster.side))] + [
        h.id for h in state.loose(other(caster.side))
    ]


def cast_options(state: MassState, casters: list[Model]) -> list[Option]:
    """Every cast the heroes could make now, allowed or refused with the reason."""
    return shared_cast_options(state, casters, MASS_CASTING)


def begin_cast(ctx: Ctx, command: dict[str, Any]) -> MassCast:
    """Check a cast fully before anything happens; return the frame that casts it."""
    state = mass_ctx(ctx)
    caster = state.model(command["model"])
    reason = why_hero_cannot_cast(state, caster)
    if reason:
        raise RuleViolation("cannot_cast", reason)
    power = next(p for p in caster.profile.powers if p.name == command["power"])
    spec = spec_for(power.name)
    assert spec is not None and spec.key in MASS_POWERS
    target = str(command.get("target", ""))
    problem = target_problem(state, caster, power, spec, target)
    if problem is not None:
        raise problem.violation()
    return MassCast(caster.id, power.name, target or caster.id, "rider", int(command["will"]))


@dataclass(slots=True)
class MassCast(CastFrame):
    """The skirmish cast, aimed at a stand (or a friendly hero), with its mass effect."""

    kind = "mass_cast"

    def affected(self, state: BattleState) -> list[Model]:
        """Who may resist: the heroes attached to the stand aimed at (the owner picks one)."""
        game = mass(state)
        if self.target in game.stands:
            return game.attached(self.target)
        return [game.model(self.target)]

    def take_effect(self, ctx: Ctx, caster: Model, spec: PowerSpec) -> None:
        MASS_POWERS[spec.key].resolve(ctx, self, caster)
