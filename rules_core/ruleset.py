"""What a ruleset is to the referee, and the one registry that finds each by its key.

A ruleset (the skirmish game, the mass battle) is one `Ruleset` object: its state class, how a
battle starts from a setup, its Heroic Actions, its list rules, and what the table may ask of it
(a move's preview, the tape, the odds of two pieces fighting). Each ruleset's own public module
makes its object (`rules_core.skirmish`, `rules_core.mass_battle`) and `rules_core.rulesets`
registers them all. A third ruleset is a new module and one more entry there.

This module sits low, just above the state, so that shared rules (the Declare Heroic Actions step,
which both rulesets use) can ask the battle's own ruleset for what differs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import RuleViolation
from .state import BattleState

if TYPE_CHECKING:
    from .boards.fair import BoardNeeds


@dataclass(frozen=True)
class Ruleset:
    key: str
    """The id a setup, a state, a record and a list name it by ("skirmish", "mass_battle")."""
    name: str
    """What players call it."""
    state_class: type[BattleState]
    new_battle: Callable[[dict[str, Any]], BattleState]
    """A battle waiting for its first decision, from a setup; RuleViolation on a bad setup."""
    heroic_actions: Mapping[str, Any]
    """Its Heroic Actions by key (`heroic.HeroicAction`): the same actions, declared the same way,
    with the ruleset's own effects."""
    standard_points: int
    """A list's points limit when its maker names none."""
    summarise_list: Callable[[Any], Any]
    """A list of this ruleset, as plain data, checked against every list rule: its totals and its
    problems in plain words (a list with problems is a draft)."""
    preview: Callable[[BattleState, dict[str, Any]], dict[str, Any]]
    """What a move command would do, worked out by the rule that will judge it, changing nothing."""
    tape: Callable[[BattleState, str, str], dict[str, Any]]
    """The distance and line of sight between two ends, each a piece's id or "x,y" in inches."""
    odds_between: Callable[[BattleState, str, str], dict[str, Any]] | None = None
    """The exact odds of two enemy pieces fighting each other alone, where the ruleset has them."""
    scenarios: bool = False
    """Whether it plays the matched-play scenarios."""
    rule_notes: Callable[[list[str]], list[Any]] | None = None
    """What a card says beside each of a profile's special rules in it (`special_rules.RuleNote`;
    None: the skirmish's, `special_rules.notes`)."""
    powers_settings: Mapping[str, str] = field(default_factory=dict)
    """The Magical Powers a battle of it may be played with, by the setup's `powers` value, the
    default first (none: it has one way)."""
    board_size: tuple[float, float] = (48.0, 48.0)
    """Its table, width by height in inches (`house_rules.BOARD_SIZE`)."""
    board_needs: Callable[[dict[str, Any]], BoardNeeds] | None = None
    """What a setup of it needs of its board: zones, markers, pieces already placed (`boards.fair`)."""
    prepare_setup: Callable[[dict[str, Any]], dict[str, Any]] = dict
    """The setup as a battle keeps it, made ready before the battle starts (the skirmish numbers
    the models that share a name, so every line names one model); it may assume nothing of a
    malformed setup, which `new_battle` refuses."""


RULESETS: dict[str, Ruleset] = {}
"""Every ruleset by key, in the order registered (the first is the default)."""
DEFAULT_RULESET = "skirmish"


def ruleset_choices() -> list[tuple[str, str]]:
    """(key, the name players read) of every ruleset, the default first."""
    return [(key, ruleset.name) for key, ruleset in RULESETS.items()]


def register(ruleset: Ruleset) -> Ruleset:
    RULESETS[ruleset.key] = ruleset
    return ruleset


def find_ruleset(key: Any) -> Ruleset:
    """The ruleset called `key`; RuleViolation names the known ones if there is none."""
    ruleset = RULESETS.get(key) if isinstance(key, str) else None
    if ruleset is None:
        raise RuleViolation(
            "bad_setup", f"There is no ruleset called {key!r} (rulesets: {', '.join(RULESETS)})."
        )
    return ruleset


def ruleset_of(state: BattleState) -> Ruleset:
    return find_ruleset(state.ruleset)
