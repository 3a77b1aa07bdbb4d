"""A model's characteristics as they stand now: its profile, lasting changes and effects in play.

Every rule that changes a characteristic is applied here, so each has one place.
"""

from __future__ import annotations

from .effects import fights_two_handed, foes_fight_halved, halved, raised_by, strikes_at
from .geometry import BASE_CONTACT
from .special_rules import FLY, model_has, uses
from .special_rules.active import Against, active
from .special_rules.shapes import StatBonus
from .state import BattleState, Model
from .wargear import defence_bonus

MAX_CHARACTERISTIC = 10
MARCH_BONUS_INFANTRY = 3.0
MARCH_BONUS_FAST = 5.0


def _has(state: BattleState, model: Model, kind: str) -> bool:
    return any(e.kind == kind and e.target == model.id for e in state.effects)


def _effect_value(state: BattleState, model: Model, kind: str) -> int | None:
    for effect in state.effects:
        if effect.kind == kind and effect.target == model.id:
            return effect.value
    return None


def _fighting(model: Model, stat: str) -> int:
    """A characteristic a Cavalry model fights with: the higher of its rider's and its mount's."""
    value = int(getattr(model.profile, stat)) + model.stat_mods.get(stat, 0)
    mount = model.mount
    if mount is not None:
        value = max(value, int(getattr(mount.profile, stat)) + mount.stat_mods.get(stat, 0))
    return value


def rule_bonus(
    state: BattleState, model: Model, stat: str, value: int, opponents: list[Model] | None = None
) -> int:
    """A characteristic as the model's special rules (and friends' auras) leave it now: each
    bonus added, then raised to any value a rule sets it to (docs/rules/special-rules.md §5)."""
    now = Against(tuple(opponents) if opponents is not None else None)
    raised = value
    for use, shape in active(state, model, StatBonus, now):
        if shape.stat != stat:
            continue
        if shape.per_touching_kin:
            value += shape.delta * sum(
                1
                for m in state.army_models(model.side)
                if m.id != model.id
                and m.distance_to(model) <= BASE_CONTACT
                and any(u.spec is use.spec for u in uses(m.profile))
            )
        elif shape.per_extra_enemy:
            value += min(shape.delta, max(0, len(opponents or ()) - 1))
        else:
            value += shape.delta
        if shape.to:
            raised = max(raised, shape.to)
        if shape.cap:
            value, raised = min(value, shape.cap), min(raised, shape.cap)
    return max(value, raised)


def fight_value(state: BattleState, model: Model, opponents: list[Model] | None = None) -> int:
    value = rule_bonus(state, model, "fight", _fighting(model, "fight"), opponents) + raised_by(state, model)
    if halved(state, model):
        value = (value + 1) // 2
    if opponents and foes_fight_halved(state, opponents):
        value = (value + 1) // 2
    strike = _effect_value(state, model, "heroic_strike")
    if strike:
        value += strike  # Heroic Strike always comes after every other change
    return max(1, min(MAX_CHARACTERISTIC, value))


HEROIC_STRIKE_DIE = (1, 2, 3)
"""Heroic Strike's D3, rolled at the start of the Hero's first Combat of the phase."""


def heroic_strike_to_roll(state: BattleState, model: Model) -> bool:
    """The model declared a Heroic Strike whose D3 is not rolled yet (odds count each face)."""
    return any(e.kind == "heroic_strike" and e.target == model.id and e.value == 0 for e in state.effects)


def attacks(state: BattleState, model: Model, opponents: list[Model]) -> int:
    value = rule_bonus(state, model, "attacks", _fighting(model, "attacks"), opponents) + raised_by(
        state, model
    )
    if halved(state, model):
        value = (value + 1) // 2
    if any(in_challenge_with(state, model, o) for o in opponents):
        value += 1
    return max(1, value)


def strength(state: BattleState, model: Model) -> int:
    value = _fighting(model, "strength") + raised_by(state, model)
    return max(1, min(MAX_CHARACTERISTIC, value))


def strike_strength(state: BattleState, model: Model) -> int:
    """Strength for Strikes: an effect such as Bladewrath overrides everything; Heroic Strength doubles."""
    override = strikes_at(state, model)
    if override is not None:
        return override
    value = strength(state, model)
    if _has(state, model, "heroic_strength"):
        value *= 2
    return min(MAX_CHARACTERISTIC, value)


def defence(state: BattleState, model: Model, two_handed: bool | None = None) -> int:
    """The rider's (or model's) Defence: its printed Defence, what bought armour and shields add, less
    a shield's Defence lost while it fights two-handed (as in play, or as `two_handed` supposes)."""
    gripping = fights_two_handed(state, model) if two_handed is None else two_handed
    bonus = defence_bonus(model.profile, model.mount is not None, gripping)
    printed = rule_bonus(state, model, "defence", model.profile.defence)
    return max(1, printed + model.stat_mods.get("defence", 0) + bonus)


def courage(state: BattleState, model: Model) -> int:
    """The score a Courage test needs on 2D6 (lower is braver)."""
    value = model.profile.courage + model.stat_mods.get("courage", 0) - raised_by(state, model)
    return max(2, value)


def intelligence(state: BattleState, model: Model) -> int:
    return max(2, model.profile.intelligence + model.stat_mods.get("intelligence", 0))


def move_value(model: Model) -> float:
    """The Move characteristic: a Cavalry model moves at its mount's."""
    return model.mount.profile.move if model.mount is not None else model.profile.move


def move_allowance(state: BattleState, model: Model) -> float:
    """The model's Move (a Cavalry model's is its mount's), with a Heroic March's (or At the
    Double's) inches as the model is now: a Hero who declared it mounted and was thrown before
    moving adds an Infantry's 3"."""
    marching = any(e.target == model.id and e.kind in MARCHING for e in state.effects)
    return move_value(model) + (march_bonus(model) if marching else 0)


MARCHING = ("heroic_march", "at_the_double")


def march_bonus(model: Model) -> int:
    keywords = set(model.profile.keywords)
    fast = "Cavalry" in keywords or model_has(model, FLY) or model.mount is not None
    return int(MARCH_BONUS_FAST if fast else MARCH_BONUS_INFANTRY)


def in_challenge_with(state: BattleState, model: Model, opponent: Model) -> bool:
    """Whether `model` gains the Heroic Challenge bonuses against `opponent`."""
    for c in state.challenges:
        if c.challenger == model.id and c.target == opponent.id:
            return True
        if c.accepted and c.target == model.id and c.challenger == opponent.id:
            return True
    return False
