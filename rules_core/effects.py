"""Lasting effects: what each kind of effect does while in play, and the one place that answers
questions about the effects in play ("is this model held, by what?", "does this aura reach it?").

An effect in play (`state.Effect`) names its kind; what that kind does is a `Lasting`, registered by
the power or Heroic Action that makes it (a power's entry in `magic.registry` carries it). A rule
that cares asks a question here, never for a kind by name, so a new power whose effect is like an
existing one is added by its registry entry alone. Effects end here too: with their phase, when
their caster's Will runs out, or (in `casualties`) when their source leaves the battle, unless their
kind outlives it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .frame import Ctx
from .state import BattleState, Effect, Model

Pair = tuple[int, int]
"""A number in a power's normal and channelled forms."""


@dataclass(frozen=True)
class Lasting:
    """What an effect of one kind does while it is in play, as far as rules elsewhere ask.

    An effect covers the model it targets; one with no target is an aura and covers its source;
    either covers the source's friends within its `reach` too."""

    name: str = ""
    """What a player reads for it (set when it is registered)."""
    reach: tuple[float, float] = (0.0, 0.0)
    """How far from its source it covers friends, normal and channelled (0: nobody else)."""
    holds: bool = False
    """The model may not move, shoot, cast, declare Heroic Actions, call Stand Fast or Strike, and
    does not stand up."""
    halves_when_channelled: bool = False
    """Channelled, the model's Fight and Attacks are halved (rounding up)."""
    halves_foes_fight_when_channelled: bool = False
    """Channelled, enemies fighting the model halve their Fight Value."""
    rolls_no_duel_dice: bool = False
    passes_courage: bool = False
    """The model passes every Courage test."""
    causes_terror: bool = False
    terror_on_three_dice_when_channelled: bool = False
    """Channelled, a model wishing to charge the model tests its Courage on 3D6, dropping the highest."""
    strikes_at: Pair | None = None
    """The model's Strikes are resolved at this Strength, whatever else changes it."""
    raises_by_value: bool = False
    """The effect's value is added to Fight, Attacks and Strength and taken off the Courage score."""
    shields_from_magic: bool = False
    """Enemy Magical Powers cannot target the model."""
    hidden_from_shots: bool = False
    no_shooting: bool = False
    """The model may make no Shooting Attack while it lasts."""
    shots_hit_on_six: bool = False
    """Shots at the model hit only on a 6."""
    shots_harder: int = 0
    """Enemy shots at the model need this much more To Hit (2024 Protection of the Valar)."""
    free_resist_dice: int = 0
    resist_bonus: Pair = (0, 0)
    """Added to the highest Resist die."""
    rerolls_to_wound: bool = False
    to_wound_bonus: Pair = (0, 0)
    ward: Pair = (0, 0)
    """The D6 score that ignores a Wound on the model before any Fate, while a friend who made the
    effect is within `ward_reach` (0: no ward)."""
    ward_reach: float = 0.0
    fights_two_handed: bool = False
    """The model fights two-handed this Combat: a hand-and-a-half weapon's shield gives no Defence."""
    foes_intelligence_penalty: int = 0
    """Taken off the Intelligence tests of the source's enemies within `foes_reach` (Fog of Disarray);
    such penalties never add up."""
    foes_courage_penalty: int = 0
    """Taken off the Courage tests of the source's enemies within `foes_reach` (2024 Aura of Dismay)."""
    foes_fearful: bool = False
    """The source's enemies within `foes_reach` are Fearful (2024 Instil Fear)."""
    foes_reach: float = 0.0
    quiet: bool = False
    """It ends with its phase without a log line of its own (its phase ending says it)."""
    outlives_source: bool = False
    """It stays when its source leaves the battle: a Heroic Action's benefit settled on friends as
    it was declared or shouted (a Magical Power's effects, With Me and At the Double end)."""


NOTHING = Lasting()
LASTING: dict[str, Lasting] = {}


def register_lasting(kind: str, name: str, lasting: Lasting = NOTHING) -> Lasting:
    if kind in LASTING:
        raise ValueError(f"two lasting effects share the kind {kind!r}")
    LASTING[kind] = replace(lasting, name=name)
    return LASTING[kind]


def lasting_of(effect: Effect) -> Lasting:
    return LASTING.get(effect.kind, NOTHING)


def reach_of(effect: Effect) -> float:
    """How far from its source an effect in play covers friends."""
    return lasting_of(effect).reach[effect.channelled]


def covers(state: BattleState, effect: Effect, model: Model) -> bool:
    """Whether an effect in play reaches `model`: the model it targets, an aura's source, and the
    source's friends within its reach."""
    if effect.target == model.id:
        return True
    source = state.models.get(effect.source)
    if source is None or source.side != model.side:
        return False
    if not effect.target and source.id == model.id:
        return True
    reach = reach_of(effect)
    return reach > 0 and source.distance_to(model) <= reach + 1e-6


def covering(state: BattleState, model: Model) -> list[tuple[Effect, Lasting]]:
    """Every effect in play that reaches `model`, with what its kind does."""
    return [(e, lasting_of(e)) for e in state.effects if covers(state, e, model)]


# -- what holds a model ------------------------------------------------------------------------


def shots_harder(state: BattleState, model: Model) -> tuple[int, str]:
    """How much more enemy shots at the model need To Hit for an effect on it (the most only), and
    the effect's name."""
    return max(
        ((lasting_of(e).shots_harder, lasting_of(e).name) for e in state.effects if e.target == model.id),
        default=(0, ""),
    )


def held_by(state: BattleState, model: Model) -> Effect | None:
    """The effect in play that holds `model` in place (Immobilise, Command/Compel, Paralyse), if any."""
    return next((e for e in state.effects if e.target == model.id and lasting_of(e).holds), None)


def shooting_barred(state: BattleState, model: Model) -> str | None:
    """The effect on the model that bars it from shooting, by its label, if one does."""
    for effect in state.effects:
        if effect.target == model.id and lasting_of(effect).no_shooting:
            return effect.label
    return None


def why_held(state: BattleState, model: Model, doing: str) -> str | None:
    """What a player reads when a held model may not do something: "... and cannot shoot."."""
    held = held_by(state, model)
    return None if held is None else f"{model.name} is under {held.label} and cannot {doing}."


# -- questions other rules ask -----------------------------------------------------------------


def halved(state: BattleState, model: Model) -> bool:
    """Whether the model's Fight and Attacks are halved (channelled Immobilise, Command/Compel)."""
    return any(
        e.target == model.id and e.channelled and lasting_of(e).halves_when_channelled for e in state.effects
    )


def foes_fight_halved(state: BattleState, opponents: list[Model]) -> bool:
    """Whether a model fighting `opponents` halves its Fight Value (channelled Shroud of Shadows)."""
    ids = {o.id for o in opponents}
    return any(
        e.target in ids and e.channelled and lasting_of(e).halves_foes_fight_when_channelled
        for e in state.effects
    )


def raised_by(state: BattleState, model: Model) -> int:
    """What effects add to the model's Fight, Attacks and Strength and take off its Courage score."""
    for effect in state.effects:
        if effect.target == model.id and lasting_of(effect).raises_by_value:
            return effect.value
    return 0


def strikes_at(state: BattleState, model: Model) -> int | None:
    """The Strength an effect makes the model's Strikes (Bladewrath), or None."""
    for effect in state.effects:
        strength = lasting_of(effect).strikes_at
        if strength is not None and effect.target == model.id:
            return strength[effect.channelled]
    return None


def fights_two_handed(state: BattleState, model: Model) -> bool:
    return any(e.target == model.id and lasting_of(e).fights_two_handed for e in state.effects)


def rolls_no_duel_dice(state: BattleState, model: Model) -> bool:
    return any(e.target == model.id and lasting_of(e).rolls_no_duel_dice for e in state.effects)


def courage_passed_by(state: BattleState, model: Model) -> str | None:
    """Whose effect makes `model` pass every Courage test ("Gandalf's Aura of Command"), if any."""
    for effect, lasting in covering(state, model):
        if lasting.passes_courage:
            return f"{state.model(effect.source).name}'s {lasting.name}"
    return None


def terrifying(state: BattleState, model: Model) -> bool:
    """Whether an effect makes `model` cause Terror."""
    return any(lasting.causes_terror for _, lasting in covering(state, model))


def terror_on_three_dice(state: BattleState, target: Model) -> bool:
    """Whether a model wishing to charge `target` tests its Courage on 3D6, dropping the highest."""
    return any(
        lasting.terror_on_three_dice_when_channelled and effect.channelled
        for effect, lasting in covering(state, target)
    )


def shielded_by(state: BattleState, model: Model) -> Effect | None:
    """The effect that keeps enemy Magical Powers off `model`, if any."""
    return next((e for e, lasting in covering(state, model) if lasting.shields_from_magic), None)


def hidden_by(state: BattleState, model: Model) -> Lasting | None:
    """What stops shots targeting `model`, if anything."""
    return next(
        (lasting_of(e) for e in state.effects if e.target == model.id and lasting_of(e).hidden_from_shots),
        None,
    )


def shots_hit_on_six(state: BattleState, target: Model) -> bool:
    return any(lasting.shots_hit_on_six for _, lasting in covering(state, target))


def resist_help(state: BattleState, model: Model) -> tuple[int, int]:
    """Free Resist dice from effects on `model`, and what they add to its highest Resist die."""
    dice, bonus = 0, 0
    for effect in state.effects:
        lasting = lasting_of(effect)
        if effect.target == model.id and lasting.free_resist_dice:
            dice += lasting.free_resist_dice
            bonus = max(bonus, lasting.resist_bonus[effect.channelled])
    return dice, bonus


def foes_covering(state: BattleState, model: Model) -> list[Lasting]:
    """What enemies' effects in play do to the models within their `foes_reach` of the source,
    for each that reaches `model`."""
    found = []
    for effect in state.effects:
        lasting = lasting_of(effect)
        source = state.models.get(effect.source)
        if (
            lasting.foes_reach
            and source is not None
            and source.side != model.side
            and source.on_board
            and source.distance_to(model) <= lasting.foes_reach + 1e-6
        ):
            found.append(lasting)
    return found


def intelligence_penalty(state: BattleState, model: Model) -> tuple[int, str]:
    """What an enemy's effect in play takes off the model's Intelligence tests, and its name (the
    largest one only: they do not add up)."""
    found = (0, "")
    for lasting in foes_covering(state, model):
        if lasting.foes_intelligence_penalty > found[0]:
            found = (lasting.foes_intelligence_penalty, lasting.name)
    return found


def courage_penalty(state: BattleState, model: Model) -> tuple[int, str] | None:
    """The modifier an enemy's effect in play gives the model's Courage tests (-1), and its name
    (the worst only)."""
    worst = max(
        ((lasting.foes_courage_penalty, lasting.name) for lasting in foes_covering(state, model)),
        default=(0, ""),
    )
    return (-worst[0], worst[1]) if worst[0] > 0 else None


def made_fearful(state: BattleState, model: Model) -> str | None:
    """The enemy effect in play that makes the model Fearful (2024 Instil Fear), by name, if one does."""
    return next((lasting.name for lasting in foes_covering(state, model) if lasting.foes_fearful), None)


def to_wound_help(state: BattleState, model: Model) -> tuple[bool, int, str]:
    """Whether the model's Strikes re-roll failed To Wound rolls, what effects add to each, and the
    effect's name."""
    for effect in state.effects:
        lasting = lasting_of(effect)
        if effect.target == model.id and lasting.rerolls_to_wound:
            return True, lasting.to_wound_bonus[effect.channelled], lasting.name
    return False, 0, ""


def wound_ward(state: BattleState, model: Model) -> int:
    """The D6 score that ignores a Wound on `model` before any Fate (channelled Fury), or 0."""
    for effect in state.effects:
        lasting = lasting_of(effect)
        score = lasting.ward[effect.channelled]
        if not score or effect.target != model.id:
            continue
        makers = {e.source for e in state.effects if e.kind == effect.kind}
        if any(
            maker.side == model.side
            and (maker.id == model.id or maker.distance_to(model) <= lasting.ward_reach + 1e-6)
            for maker in (state.model(source) for source in makers)
        ):
            return score
    return 0


# -- when effects end --------------------------------------------------------------------------


def ends_with(effect: Effect, piece: str) -> bool:
    """Whether `effect` ends as the piece with this id leaves the battle: its target, or its source
    (unless it outlives its source)."""
    return effect.target == piece or (effect.source == piece and not lasting_of(effect).outlives_source)


def describe(ctx: Ctx, effect: Effect) -> str:
    target = ctx.state.models.get(effect.target)
    return f"{effect.label} on {target.name}" if target and effect.target != effect.source else effect.label


def end_effects(ctx: Ctx, until: str) -> None:
    """End every effect that lasts until the end of phase `until` ("move", "shoot", "fight", "end")."""
    ending = [e for e in ctx.state.effects if e.until == until]
    for effect in ending:
        if not lasting_of(effect).quiet:
            ctx.log("effect_end", f"{describe(ctx, effect)} ends.", effect=effect.kind, model=effect.target)
    ctx.state.effects = [e for e in ctx.state.effects if e.until != until]


def end_exhausted(ctx: Ctx) -> None:
    """Exhaustion effects end when their caster has no Will left."""
    state = ctx.state
    spent = [e for e in state.effects if e.until == "exhaustion" and state.model(e.source).will <= 0]
    for effect in spent:
        ctx.log(
            "effect_end", f"{describe(ctx, effect)} ends: its caster has no Will left.", effect=effect.kind
        )
    state.effects = [e for e in state.effects if e not in spent]
