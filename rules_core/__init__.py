"""Beacon's referee: pure Python, no Django, no I/O.

state = new_battle(setup)
state.pending                         # the one decision the battle waits for
legal_actions(state, "good")          # what that side may do now
outcome = apply(state, "good", command, dice)   # new state + events, or RuleViolation
odds_between(state, "aragorn", "orc-1")           # exact odds of any two enemies fighting
find_ruleset("mass_battle")           # a ruleset: its state, lists, preview, tape ...

The public face of the referee, for the web app (an import-linter contract holds it): this
package, `rules_core.record` (battle records), `rules_core.takeback`, `rules_core.clock` (time
controls), `rules_core.scenarios` (matched play), and each ruleset's own module:
`rules_core.skirmish`, `rules_core.mass_battle`.
Every other module is the referee's inside (docs/rules-core.md).
"""

from .army_lists import Listed, is_bow, side_of, wrong_side
from .boards.library import DEFAULT as DEFAULT_BOARD
from .boards.library import LIBRARY as BOARD_LIBRARY
from .chance import percent
from .composition import Distribution, EntryRules, ListRules
from .dice import Dice, RecordedDice, Roll, ScriptedDice, SeededDice, SystemDice
from .engine import Outcome, apply, legal_actions
from .errors import RULE_CODES, RecordMismatch, Refused, RuleViolation
from .frame import Action, Pending
from .heroic import HEROIC_ACTION_NAMES, SPECIALISED_HEROIC_ACTIONS
from .legacy import EDITION
from .magic.registry import powers_note
from .matchup import odds_between
from .model_now import Characteristics, characteristics_now
from .ruleset import DEFAULT_RULESET, ruleset_choices
from .rulesets import (
    RULESETS,
    Ruleset,
    board_check,
    board_report,
    find_ruleset,
    load_state,
    new_battle,
    random_board,
    rules_to_apply_by_hand,
    ruleset_for,
    special_rule_notes,
    terrain_of,
)
from .shooting import missile_of as missile_weapon
from .special_rules import HandRule, RuleNote
from .state import MM_PER_INCH, SIDES, BattleState, Board, Model, Profile, Side, side_name
from .terrain import KINDS as TERRAIN_KINDS
from .terrain import describe as describe_terrain
from .tiers import TIERS, tier_name
from .wargear import read_piece

__all__ = [
    "BOARD_LIBRARY",
    "DEFAULT_BOARD",
    "DEFAULT_RULESET",
    "EDITION",
    "HEROIC_ACTION_NAMES",
    "MM_PER_INCH",
    "RULESETS",
    "RULE_CODES",
    "SIDES",
    "SPECIALISED_HEROIC_ACTIONS",
    "TERRAIN_KINDS",
    "TIERS",
    "Action",
    "BattleState",
    "Board",
    "Characteristics",
    "Dice",
    "Distribution",
    "EntryRules",
    "HandRule",
    "ListRules",
    "Listed",
    "Model",
    "Outcome",
    "Pending",
    "Profile",
    "RecordMismatch",
    "RecordedDice",
    "Refused",
    "Roll",
    "RuleNote",
    "RuleViolation",
    "Ruleset",
    "ScriptedDice",
    "SeededDice",
    "Side",
    "SystemDice",
    "apply",
    "board_check",
    "board_report",
    "characteristics_now",
    "describe_terrain",
    "find_ruleset",
    "is_bow",
    "legal_actions",
    "load_state",
    "missile_weapon",
    "new_battle",
    "odds_between",
    "percent",
    "powers_note",
    "random_board",
    "read_piece",
    "rules_to_apply_by_hand",
    "ruleset_choices",
    "ruleset_for",
    "side_name",
    "side_of",
    "special_rule_notes",
    "terrain_of",
    "tier_name",
    "wrong_side",
]
