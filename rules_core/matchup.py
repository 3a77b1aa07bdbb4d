"""The odds of two enemies fighting each other alone: shown with each target of a charge, and on
the unit card for any two models the player selects (`odds_between`).

A step of the battle changes one or two models, so most pairings are asked about again unchanged,
in this state or in the next one read back from its snapshot: their odds are kept, keyed by what
they read of the state (`_pairing_key`), profiles by their content."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .battlefield import engagement_graph
from .errors import RuleViolation
from .might import available
from .odds import FightOdds, default_plan, fight_odds, odds_data
from .serial import to_data
from .special_rules import shaped
from .special_rules.active import context_key
from .special_rules.shapes import BannerFor
from .state import BattleState, Model, Profile
from .terrain import slowing_piece
from .wargear import carries

PAIRINGS_KEPT = 4096
Key = tuple[Any, ...]
_pairings: dict[Key, dict[str, Any]] = {}
_profiles: dict[int, tuple[Profile, str]] = {}


def profile_key(profile: Profile | None) -> str:
    """A profile's content as a key (read once per profile object: profiles never change)."""
    if profile is None:
        return ""
    kept = _profiles.get(id(profile))
    if kept is not None and kept[0] is profile:
        return kept[1]
    if len(_profiles) >= PAIRINGS_KEPT:
        _profiles.clear()
    key = json.dumps(to_data(profile), sort_keys=True)
    _profiles[id(profile)] = (profile, key)  # held, so that its id is not reused while kept
    return key


@dataclass(frozen=True)
class Surroundings:
    """What the odds of a pairing read of the rest of the battle: who is Engaged (a pavise), where
    the banners stand (a re-roll in range), and the terrain (sight to a banner, difficult ground)."""

    engaged: frozenset[str]
    banners: tuple[tuple[str, float, float, bool], ...]
    terrain: str

    @classmethod
    def of(cls, state: BattleState) -> Surroundings:
        banners = tuple(
            (m.id, m.x, m.y, m.prone)
            for m in state.models.values()
            if m.on_board and (carries(m, "banner") or shaped(m, BannerFor))
        )
        terrain = json.dumps(to_data(state.terrain), sort_keys=True)
        return cls(frozenset(engagement_graph(state)), banners, terrain)


def pairing_odds(state: BattleState, attacker: Model, target: Model, charge: bool = False) -> FightOdds:
    """The odds of `attacker` fighting `target` alone, after a charge by `attacker` if `charge`."""
    opponents = {attacker.id: [target], target.id: [attacker]}
    charged = {attacker.id: target if charge else state.models.get(attacker.charged)}
    charged[target.id] = state.models.get(target.charged)
    return fight_odds(
        state,
        [attacker, target],
        opponents,
        default_plan(state, [attacker, target], opponents, charged, supports=()),
    )


def charge_odds(
    state: BattleState, attacker: Model, target: Model, around: Surroundings | None = None
) -> dict[str, Any]:
    """What a charge target option carries: the pairing's odds after the charge, from the charger's
    side (`around`: the battle's Surroundings, worked out once for all of a step's charges)."""
    return _kept_odds(state, attacker, target, True, around or Surroundings.of(state))


def _kept_odds(
    state: BattleState, attacker: Model, target: Model, charge: bool, around: Surroundings
) -> dict[str, Any]:
    key = _pairing_key(state, attacker, target, charge, around)
    kept = _pairings.get(key)
    if kept is not None:
        return kept
    data = odds_data(state, pairing_odds(state, attacker, target, charge), attacker.side, [target, attacker])
    if len(_pairings) >= PAIRINGS_KEPT:
        _pairings.clear()
    _pairings[key] = data
    return data


def _pairing_key(
    state: BattleState, attacker: Model, target: Model, charge: bool, around: Surroundings
) -> Key:
    """What a pairing's odds read of the state: each model's profiles, changes, stores, Wounds,
    posture and ground, the effects and challenges on it, the model it charged; the banners that
    might reach it; the phase and Priority."""

    def model_key(model: Model) -> Key:
        mount = model.mount
        charged = state.models.get(model.charged) if model.charged else None
        return (
            model.id,
            profile_key(model.profile),
            profile_key(mount.profile if mount else None),
            tuple(sorted(model.stat_mods.items())),
            tuple(sorted(mount.stat_mods.items())) if mount else (),
            model.wounds,
            available(model, "might"),
            available(model, "fate"),
            model.prone,
            model.id in around.engaged,
            getattr(slowing_piece(state, model), "id", ""),
            tuple(sorted((e.kind, e.value, e.channelled) for e in state.effects if e.target == model.id)),
            (model.charged, profile_key(charged.profile), charged.mount is not None) if charged else (),
            context_key(state, model),
        )

    challenges = tuple(
        (c.challenger, c.target, c.accepted)
        for c in state.challenges
        if {c.challenger, c.target} & {attacker.id, target.id}
    )
    places = (attacker.pos, target.pos) if around.banners else ()
    key = (
        model_key(attacker),
        model_key(target),
        charge,
        around.banners,
        around.terrain,
        places,
        challenges,
        state.phase,
        state.priority,
    )
    return key


def odds_between(
    state: BattleState, attacker_id: str, target_id: str, charge: bool = False
) -> dict[str, Any]:
    """The odds of any two enemy models fighting each other alone, from the first one's side, as a
    legal action carries them (for the unit card); `charge` counts a charge by the first (a
    cavalry model's bonuses, a lance). Raises RuleViolation for models that cannot fight."""
    found = [state.models.get(attacker_id), state.models.get(target_id)]
    attacker, target = found
    if attacker is None or target is None:
        missing = attacker_id if attacker is None else target_id
        raise RuleViolation("bad_target", f"There is no model called {missing!r} in this battle.")
    if attacker.side == target.side:
        raise RuleViolation("bad_target", f"{attacker.name} and {target.name} are on the same side.")
    if not attacker.on_board or not target.on_board:
        gone = attacker if not attacker.on_board else target
        raise RuleViolation("bad_target", f"{gone.name} is no longer on the board.")
    return _kept_odds(state, attacker, target, charge, Surroundings.of(state))
