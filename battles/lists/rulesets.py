"""Which rules check a list: its ruleset's (a list is for one ruleset, for good)."""

from __future__ import annotations

from typing import Any

from .mass_rules import MassSummary, summarise_mass
from .models import MASS_BATTLE
from .rules import Summary, summarise


def summary_of(army: Any) -> Summary | MassSummary:
    """What the pages show of a list, saved or a draft, by its ruleset's rules; its `problems` keep
    it from battle."""
    return summarise_mass(army) if army.ruleset == MASS_BATTLE else summarise(army)
