"""Which rules a battle is played by: every ruleset's `Ruleset`, made by its own public module and
registered here in the order players are offered them (`ruleset.RULESETS`, the one registry), and
the contract's entry points that read a setup's or a stored state's `"ruleset"` (the default when it
names none, as setups written before there were two)."""

from __future__ import annotations

from typing import Any

from .mass_battle import MASS_BATTLE
from .ruleset import DEFAULT_RULESET, RULESETS, Ruleset, find_ruleset, register
from .skirmish import SKIRMISH
from .state import BattleState

__all__ = ["RULESETS", "Ruleset", "find_ruleset", "load_state", "new_battle", "ruleset_for"]

for _ruleset in (SKIRMISH, MASS_BATTLE):  # the default first
    register(_ruleset)


def ruleset_for(setup: Any) -> Ruleset:
    """The ruleset a setup (or a stored state) names; RuleViolation for one nobody knows."""
    key = setup.get("ruleset", DEFAULT_RULESET) if isinstance(setup, dict) else DEFAULT_RULESET
    return find_ruleset(key)


def new_battle(setup: dict[str, Any]) -> BattleState:
    """A battle waiting for its first decision, played by the ruleset its setup names."""
    return ruleset_for(setup).new_battle(setup)


def load_state(data: dict[str, Any]) -> BattleState:
    """A stored state (`BattleState.to_dict`), as its own ruleset's state class."""
    return ruleset_for(data).state_class.from_dict(data)
