"""Which of a model's rule effects act now (docs/rules/special-rules.md §5): its own shapes whose
conditions (`When`) hold, and the effects friends' auras (`Grants`) give it.

A condition reads the battle (a friend in range, the General, the turn's charge), the Combat the
model fights in (its opponents) and the model it acts against; a rule asks `active(...)` with what
it knows, and a condition it was not told about does not hold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from ..state import BattleState, Model, Part, Profile
from ..tiers import tier_rank
from .registry import RuleUse, shaped, uses
from .shapes import ALWAYS, Grants, Near, Shape, When

S = TypeVar("S", bound=Shape)


@dataclass(frozen=True)
class Against:
    """What a condition may read of the moment: the model's opponents in its Combat (None: it is
    not fighting), the model it acts against and the part struck, whether that model stands in
    difficult ground."""

    opponents: tuple[Model, ...] | None = None
    target: Model | None = None
    part: Part = "rider"
    target_in_difficult: bool = False


NOTHING = Against()


def named(model: Model, name: str) -> bool:
    """A short name names a model whose name is it or starts with it and a space (`Thorin`:
    "Thorin Oakenshield, King under the Mountain")."""
    given = model.profile.name.casefold()
    return bool(name) and (given == name.casefold() or given.startswith(name.casefold() + " "))


def keywords_of(profile: Profile) -> set[str]:
    """A profile's keywords, "Hero" included for any Hero."""
    found = set(profile.keywords)
    if profile.is_hero:
        found.add("Hero")
    return found


def _fits(friend: Model, near: Near, state: BattleState) -> bool:
    if near.names and not any(named(friend, n) for n in near.names):
        return False
    if near.keywords and not set(near.keywords) <= keywords_of(friend.profile):
        return False
    if near.general and state.armies[friend.side].general != friend.id:
        return False
    return not near.will or friend.will > 0


def near_friend(state: BattleState, model: Model, near: Near) -> Model | None:
    """A friend on the battlefield (never the model itself) the `Near` condition names, in range."""
    for friend in state.army_models(model.side):
        if (
            friend.id != model.id
            and _fits(friend, near, state)
            and friend.distance_to(model) <= near.inches + 1e-9
        ):
            return friend
    return None


def _part(target: Model, part: Part) -> Profile:
    return target.mount.profile if part == "mount" and target.mount is not None else target.profile


def holds(state: BattleState | None, model: Model, when: When, now: Against = NOTHING) -> bool:
    """Whether every condition of `when` holds for `model` now (none can without the battle)."""
    if when == ALWAYS:
        return True
    if state is None:
        return False
    if when.cavalry is not None and (model.mount is not None) != when.cavalry:
        return False
    if when.charged and not model.charged:
        return False
    if when.general and state.armies[model.side].general != model.id:
        return False
    if when.wounds_at_most and model.wounds > when.wounds_at_most:
        return False
    if when.fights and not any(set(when.fights) & keywords_of(o.profile) for o in (now.opponents or ())):
        return False
    if when.outnumbered or when.alone:
        fought = len(now.opponents or ())
        if when.outnumbered and fought < 2:
            return False
        if when.alone and fought != 1:
            return False
    if when.vs or when.vs_charger or when.vs_in_difficult:
        target = now.target
        if target is None:
            return False
        if when.vs and not set(when.vs) & keywords_of(_part(target, now.part)):
            return False
        if when.vs_charger and target.charged != model.id:
            return False
        if when.vs_in_difficult and not now.target_in_difficult:
            return False
    return when.near is None or near_friend(state, model, when.near) is not None


def _grants(model: Model) -> list[tuple[RuleUse, Grants]]:
    return shaped(model, Grants)


def _granted(state: BattleState, model: Model) -> list[tuple[RuleUse, Grants]]:
    """The auras of friends (and the model's own, when they cover it) that reach the model now."""
    found: list[tuple[RuleUse, Grants]] = []
    mine = keywords_of(model.profile)
    for friend in state.army_models(model.side):
        for use, aura in _grants(friend):
            if friend.id == model.id and not aura.itself:
                continue
            if aura.keywords and not set(aura.keywords) <= mine:
                continue
            if aura.names and not any(named(model, n) for n in aura.names):
                continue
            if aura.will and friend.will <= 0:
                continue
            if friend.id != model.id and friend.distance_to(model) > aura.reach + 1e-9:
                continue
            found.append((use, aura))
    return found


def active(
    state: BattleState | None, model: Model, kind: type[S], now: Against = NOTHING
) -> list[tuple[RuleUse, S]]:
    """Every effect of this shape acting on the model now: its own rules' whose conditions hold,
    and those friends' auras give it (only with the battle)."""
    found = [
        (use, shape)
        for use, shape in shaped(model, kind)
        if holds(state, model, getattr(shape, "when", ALWAYS), now)
    ]
    if state is not None and model.on_board:
        for use, aura in _granted(state, model):
            effect = aura.effect
            if isinstance(effect, kind) and holds(state, model, getattr(effect, "when", ALWAYS), now):
                found.append((use, effect))
    return found


def conditional(model: Model) -> bool:
    """Whether any of the model's rules acts only under conditions or reaches other models (what
    the odds of a pairing must read of the battle beyond the two models)."""
    return any(
        use.spec is not None and any(_conditional(shape) for shape in use.spec.shapes)
        for profile in ([model.profile] + ([model.mount.profile] if model.mount is not None else []))
        for use in uses(profile)
    )


def _conditional(shape: Shape) -> bool:
    return isinstance(shape, Grants) or getattr(shape, "when", ALWAYS) != ALWAYS


def context_key(state: BattleState, model: Model) -> tuple[object, ...]:
    """What the battle around the model gives it now that the odds read: the auras that reach it
    and, for rules with a friend in range, who stands in range."""
    granted = tuple(sorted((use.text, repr(aura.effect)) for use, aura in _granted(state, model)))
    nearby: tuple[object, ...] = ()
    if conditional(model):
        nearby = tuple(
            sorted(
                (m.id, round(m.distance_to(model), 2), m.will > 0)
                for m in state.army_models(model.side)
                if m.id != model.id and m.distance_to(model) <= 12.0
            )
        )
    return (granted, nearby, state.armies[model.side].general == model.id)


UNIT_TYPES_AND_RACES = frozenset(
    {
        "Hero", "Warrior", "Infantry", "Cavalry", "Monster", "Mount", "Beast", "War Beast", "Siege Engine",
        "Swarm", "Elite", "Chariot", "Unique", "Man", "Dwarf", "Orc", "Elf", "Spirit", "Hobbit",
        "Ringwraith", "Goblin", "Uruk-hai", "Troll", "Horse", "Warg", "Spider", "Wizard", "Ent", "Eagle",
        "Dog", "Bat", "Bear", "Drake", "Dragon", "Mûmak", "Pony", "Bird", "Fell Beast", "Great Beast",
        "Elk", "Ogre", "Rabbit", "Kraken", "Boar", "Camel", "Goat",
    }
)  # fmt: skip
"""The keywords of the 2024 profiles that are unit types and races; every other one is a faction."""


def factions(profile: Profile) -> set[str]:
    return set(profile.keywords) - UNIT_TYPES_AND_RACES


def guarded_hero(state: BattleState, model: Model) -> Model | None:
    """The Hero a Bodyguard model guards, fixed by the army as it was set up (§2.25): the General
    if he shares a faction with it, else the friendly Hero of the highest tier who does (of equals,
    the first of the army: house_rules.BODYGUARD_TIE); None when no Hero shares one."""
    mine = factions(model.profile)
    if not mine:
        return None
    army = [m for m in state.models.values() if m.side == model.side and m.is_hero and m.id != model.id]
    general = state.models.get(state.armies[model.side].general)
    if general is not None and factions(general.profile) & mine:
        return general
    candidates = [m for m in army if factions(m.profile) & mine]
    if not candidates:
        return None
    return max(candidates, key=lambda m: tier_rank(m.profile.tier))
