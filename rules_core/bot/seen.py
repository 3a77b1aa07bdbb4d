"""What a side sees of a battle: the bot's only input.

The referee's state holds everything, the other side's secret picks too; the dice are not in it
(they are rolled when a command needs them). A side's view is the state with what the rules hide
from it taken out, as `scenarios.secrets` says, so nothing the bot reads can betray a secret.
"""

from __future__ import annotations

from dataclasses import replace

from ..mass_battle.state import MassState
from ..scenarios.secrets import hidden_from, secret_keys
from ..state import BattleState, Side, side_name


def what_side_sees(state: BattleState, side: Side) -> BattleState:
    """A copy of `state` without the secret picks `side` may not see now (the state itself when
    there are none)."""
    hidden = hidden_from(state, side)
    if not hidden:
        return state
    assert state.scenario is not None
    secret = secret_keys(state.scenario.key)
    seen = state.clone()
    assert seen.scenario is not None
    for other in hidden:
        picks = seen.scenario.picks.get(other)
        if picks is not None:
            seen.scenario.picks[other] = {k: v for k, v in picks.items() if k not in secret}
    return seen


def told_apart(state: BattleState) -> BattleState:
    """A copy of `state` in which no name is borne by pieces of both armies (a mirror match's
    "Warrior of Rohan" on each side becomes "Warrior of Rohan (Evil)" on Evil's), so that every
    label the referee writes from it says whose piece it names; the state itself when none is."""
    sides: dict[str, set[Side]] = {}
    for model in state.models.values():
        sides.setdefault(model.name, set()).add(model.side)
    stands = state.stands if isinstance(state, MassState) else {}
    for stand in stands.values():
        sides.setdefault(stand.name, set()).add(stand.side)
    shared = {name for name, owners in sides.items() if len(owners) > 1}
    if not shared:
        return state
    apart = state.clone()
    for model in apart.models.values():
        if model.name in shared:
            model.profile = replace(model.profile, name=f"{model.name} ({side_name(model.side)})")
    if isinstance(apart, MassState):
        for stand in apart.stands.values():
            if stand.name in shared:
                stand.name = f"{stand.name} ({side_name(stand.side)})"
    return apart
