"""A model as the referee sees it now, for its card: its characteristics with powers, Heroic Actions
and wargear counted, and whether it is Engaged. Every ruleset's models are read the same way."""

from __future__ import annotations

from dataclasses import dataclass

from . import characteristics as now
from .battlefield import is_engaged
from .state import BattleState, Model


@dataclass(frozen=True)
class Characteristics:
    """A model's characteristics as the referee uses them now: powers, Heroic Actions and wargear
    counted."""

    move: float
    fight: int
    shoot: int
    strength: int
    defence: int
    attacks: int
    wounds: int
    courage: int
    intelligence: int
    engaged: bool


def characteristics_now(state: BattleState, model: Model) -> Characteristics:
    return Characteristics(
        move=now.move_allowance(state, model),
        fight=now.fight_value(state, model),
        shoot=model.profile.shoot,
        strength=now.strength(state, model),
        defence=now.defence(state, model),
        attacks=now.attacks(state, model, []),
        wounds=model.profile.wounds,
        courage=now.courage(state, model),
        intelligence=now.intelligence(state, model),
        engaged=model.on_board and is_engaged(state, model),
    )
