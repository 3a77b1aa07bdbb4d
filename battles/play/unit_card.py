"""A model's card, for anyone at the table: its profile and characteristics as the referee uses them
now, its wargear, special rules, Heroic Actions and powers, what is in play on it, and (where its
ruleset counts them) the odds of it fighting any enemy."""

from __future__ import annotations

from typing import Any

import rules_core
from rules_core import HEROIC_ACTION_NAMES, BattleState, Model, Profile, tier_name

from .presenter import humanize, odds_view


def effects_on(state: BattleState) -> dict[str, list[str]]:
    """What is in play on each model, as players read it: Heroic Actions, powers, Heroic Challenges."""
    found: dict[str, list[str]] = {}
    for effect in state.effects:
        holder = effect.target or effect.source
        found.setdefault(holder, []).append(effect.label)
    for challenge in state.challenges:
        challenger, target = state.models.get(challenge.challenger), state.models.get(challenge.target)
        if challenger is None or target is None:
            continue
        answer = {True: "accepted", False: "declined", None: "unanswered"}[challenge.accepted]
        found.setdefault(challenger.id, []).append(f"Heroic Challenge to {target.name} ({answer})")
        found.setdefault(target.id, []).append(f"Challenged by {challenger.name} ({answer})")
    return found


def card_odds(state: BattleState, model: Model, against: str) -> dict[str, Any]:
    """The enemies a card may weigh its model against, and the odds against the one chosen (as the
    referee counts any two models fighting alone: `rules_core.odds_between`)."""
    odds_between = rules_core.find_ruleset(state.ruleset).odds_between
    if odds_between is None or not model.on_board:
        return {"choices": []}
    enemies = [m for m in state.models.values() if m.side != model.side and m.on_board and m.x >= 0]
    found: dict[str, Any] = {"choices": [(m.id, m.name) for m in enemies]}
    enemy = state.models.get(against)
    if enemy is None or enemy not in enemies:
        return found
    try:
        odds = odds_between(state, model.id, enemy.id)
    except rules_core.RuleViolation as exc:
        return {**found, "against": enemy.id, "refused": exc.message}
    return {**found, "against": enemy.id, "against_name": enemy.name, "rows": odds_view(odds)}


def wargear_names(profile: Profile) -> list[str]:
    """What a model carries as players read it: its printed wargear, then what its list bought."""
    return [*profile.wargear, *(f"{name} (bought)" for name in profile.bought)]


def carried(profile: Profile) -> list[str]:
    """What a token's label says a model carries: its wargear, and its missile weapon if not named."""
    names = [*profile.wargear, *profile.bought]
    missile = profile.missile.name if profile.missile else ""
    known = {n.lower() for n in names}
    return [*names, missile] if missile and missile.lower() not in known else names


def unit_card(state: BattleState, model_id: str, against: str = "") -> dict[str, Any] | None:
    """Everything a player may want to know about one model, as it stands now; with `against`
    (another model's id), the odds of the two fighting each other."""
    model = state.models.get(model_id)
    if model is None:
        return None
    profile = model.profile
    now = rules_core.characteristics_now(state, model)
    stats = [
        ("Mv", f'{now.move:g}"'),
        ("F", f"{now.fight}/{now.shoot}+"),
        ("S", str(now.strength)),
        ("D", str(now.defence)),
        ("A", str(now.attacks)),
        ("W", str(now.wounds)),
        ("C", f"{now.courage}+"),
        ("I", f"{now.intelligence}+"),
    ]
    status = []
    if not model.on_board:
        status.append({"casualty": "Slain", "fled": "Fled the battle"}.get(model.status, model.status))
    elif now.engaged:
        status.append("Engaged")
    if model.prone:
        status.append("Prone")
    if model.activated:
        status.append("Has acted this turn")
    if model.moved:
        status.append(f'Moved {model.moved:.1f}" this turn')
    return {
        "id": model.id,
        "name": model.name,
        "side": model.side,
        "hero": model.is_hero,
        "tier": tier_name(profile.tier) if profile.tier else "",
        "keywords": profile.keywords,
        "base_mm": f"{profile.base_mm:g}",
        "stats": stats,
        "wounds": model.wounds,
        "max_wounds": profile.wounds,
        "stores": [
            ("Might", model.might, profile.might),
            ("Will", model.will, profile.will),
            ("Fate", model.fate, profile.fate),
        ]
        if model.is_hero
        else [],
        "missile": rules_core.missile_weapon(model),  # a stone-thrower's stones too
        "wargear": wargear_names(profile),
        "mount_wargear": wargear_names(model.mount.profile) if model.mount else [],
        "odds": card_odds(state, model, against),
        "special_rules": profile.special_rules,
        "heroic_actions": [HEROIC_ACTION_NAMES.get(k) or humanize(k) for k in profile.heroic_actions],
        "powers": profile.powers,
        "mount": model.mount,
        "effects": effects_on(state).get(model.id, []),
        "status": status,
        "position": f'{model.x:.1f}", {model.y:.1f}"' if model.on_board else "",
    }
