"""Which rules a battle is played by: the setup's `"ruleset"` ("skirmish", the default, or
"mass_battle"). This module sits above both rulesets, so neither imports the other."""

from __future__ import annotations

from typing import Any

from .errors import RuleViolation
from .mass_battle.battle import new_mass_battle
from .setup import new_battle as new_skirmish
from .state import BattleState

RULESETS = ("skirmish", "mass_battle")


def ruleset_of(setup: Any) -> str:
    ruleset = setup.get("ruleset", "skirmish") if isinstance(setup, dict) else "skirmish"
    if ruleset not in RULESETS:
        raise RuleViolation(
            "bad_setup", f"There is no ruleset called {ruleset!r} (rulesets: {', '.join(RULESETS)})."
        )
    return str(ruleset)


def new_battle(setup: dict[str, Any]) -> BattleState:
    """A battle waiting for its first decision, played by the ruleset its setup names."""
    if ruleset_of(setup) == "mass_battle":
        return new_mass_battle(setup)
    return new_skirmish(setup)
