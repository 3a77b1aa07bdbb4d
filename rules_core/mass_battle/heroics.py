"""Heroic Actions in the mass battle (§11): the skirmish's actions, declared by the skirmish's
Declare Heroic Actions loop, with the mass effects. "His stand" is the stand he is attached to; a
loose hero may declare only what makes sense for a lone model (Move, March, Resolve, Channelling).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..frame import Ctx
from ..heroic import HEROIC_ACTIONS, SHOUTS, HeroicAction
from ..state import BattleState, Effect, Model
from .challenge import challenge_problem
from .constants import SHOUT_RANGE
from .plans import march_bonus
from .shooting import why_cannot_shoot
from .state import friends_within, hero_foes, mass, stand_engaged


def _free_to_move(state: BattleState, hero: Model) -> str | None:
    """Heroic Move and Heroic March need his stand (or him) free to move and not yet activated."""
    game = mass(state)
    stand = game.stand_of(hero)
    if stand is not None:
        if stand_engaged(game, stand):
            return f"{hero.name}'s stand, {stand.name}, is in combat."
        if stand.activated:
            return f"{stand.name} has already activated this turn."
    elif hero_foes(game, hero):
        return f"{hero.name} is in base contact with an enemy hero."
    elif hero.activated:
        return f"{hero.name} has already activated this turn."
    return None


def _stand_fights(state: BattleState, hero: Model) -> str | None:
    """The Fight phase's actions act on his stand's combat: he must be attached to a stand in one."""
    game = mass(state)
    stand = game.stand_of(hero)
    if stand is None:
        return f"{hero.name} is loose: that Heroic Action needs his stand in a combat."
    if not stand_engaged(game, stand):
        return f"{hero.name}'s stand, {stand.name}, is not in a combat."
    return None


def _stand_shoots(state: BattleState, hero: Model) -> str | None:
    game = mass(state)
    stand = game.stand_of(hero)
    if stand is None:
        return f"{hero.name} is loose: only a stand with missile weapons shoots."
    return why_cannot_shoot(game, stand)


def _may_challenge(state: BattleState, hero: Model) -> str | None:
    game = mass(state)
    stand = game.stand_of(hero)
    if stand is None:
        return f"{hero.name} is loose: challenges are issued from a stand in front contact."
    if game.heroes[hero.id].dueled:
        return f"{hero.name} has fought a duel this turn."
    problem = challenge_problem(game, stand, [])
    return None if problem is None else problem.message


def _declare_march(ctx: Ctx, hero: Model, command: dict[str, Any]) -> None:
    game = mass(ctx.state)
    stand = game.stand_of(hero)
    bonus = march_bonus(game, stand.id if stand is not None else hero.id)
    label = f'Heroic March (+{bonus:g}")'
    ctx.state.effects.append(Effect("heroic_march", hero.id, label, hero.id, "move", int(bonus)))


def _declare_resolve(ctx: Ctx, hero: Model, command: dict[str, Any]) -> None:
    """§11: he and the heroes on his stand and on friendly stands within 6" of it gain a free Resist
    die, settled as he declares (as the skirmish's Heroic Resolve), until the End phase."""
    game = mass(ctx.state)
    near = friends_within(game, hero.id, hero.side, SHOUT_RANGE)
    carrier = game.stand_of(hero)
    stands = [s for s in near if s in game.stands] + ([carrier.id] if carrier is not None else [])
    covered = [hero, *(h for s in stands for h in game.attached(s) if h.id != hero.id)]
    gaining = [m for m in covered if "heroic_resolve" not in m.benefited]
    for model in gaining:
        model.benefited.append("heroic_resolve")
        label = "Heroic Resolve" if model.id == hero.id else f"Heroic Resolve ({hero.name})"
        ctx.state.effects.append(Effect("heroic_resolve", hero.id, label, model.id, "end"))
    names = " and ".join(m.name for m in gaining) or "no one new"
    ctx.log(
        "heroic_resolve",
        f"Heroic Resolve: {names} gain{'s' if len(gaining) == 1 else ''} a free Resist die until the End phase.",
        hero=hero.id,
        models=[m.id for m in gaining],
    )


def _take_aim_params(state: BattleState, hero: Model) -> dict[str, dict[str, Any]]:
    if not _aim_friends(state, hero):
        return {}
    return {
        "shout": {
            "type": "choice",
            "options": [
                {"value": True, "label": f"Shout {SHOUTS['heroic_accuracy']}"},
                {"value": False, "label": "No shout"},
            ],
            "default": False,
        }
    }


def _aim_friends(state: BattleState, hero: Model) -> list[str]:
    """Friendly shooting stands within 6" of him that Take Aim would help."""
    game = mass(state)
    return [
        f
        for f in friends_within(game, hero.id, hero.side, SHOUT_RANGE)
        if f in game.stands and why_cannot_shoot(game, game.stand(f)) is None
    ]


def _declare_accuracy(ctx: Ctx, hero: Model, command: dict[str, Any]) -> None:
    state = ctx.state
    state.effects.append(Effect("heroic_accuracy", hero.id, "Heroic Accuracy", hero.id, "end"))
    if command.get("shout"):
        game = mass(state)
        friends = _aim_friends(state, hero)
        for stand in friends:
            state.effects.append(Effect("take_aim", hero.id, f"Take Aim ({hero.name})", stand, "end"))
        names = ", ".join(game.stand(f).name for f in friends)
        ctx.log(
            "shout",
            f'{hero.name} shouts "Take Aim": {names} may re-roll their shooting die once.',
            hero=hero.id,
        )


def _mass(key: str, **changes: Any) -> HeroicAction:
    return replace(HEROIC_ACTIONS[key], **changes)


MASS_HEROIC_ACTIONS: dict[str, HeroicAction] = {
    "heroic_move": _mass("heroic_move", blocked=_free_to_move),
    "heroic_channelling": _mass("heroic_channelling"),
    "heroic_march": _mass("heroic_march", blocked=_free_to_move, declared=_declare_march),
    "heroic_resolve": _mass("heroic_resolve", declared=_declare_resolve),
    "heroic_shoot": _mass("heroic_shoot", blocked=_stand_shoots),
    "heroic_accuracy": _mass(
        "heroic_accuracy", blocked=_stand_shoots, params=_take_aim_params, declared=_declare_accuracy
    ),
    "heroic_combat": _mass("heroic_combat", blocked=_stand_fights),
    "heroic_challenge": _mass(
        "heroic_challenge",
        blocked=_may_challenge,
        params=lambda state, hero: {},
        declared=lambda ctx, hero, c: None,
    ),
    "heroic_defence": _mass("heroic_defence", blocked=_stand_fights),
    "heroic_strength": _mass("heroic_strength", blocked=_stand_fights),
    "heroic_strike": _mass("heroic_strike", blocked=_stand_fights),
}
