"""Beacon's referee: pure Python, no Django, no I/O.

state = new_battle(setup)
state.pending                         # the one decision the battle waits for
legal_actions(state, "good")          # what that side may do now
outcome = apply(state, "good", command, dice)   # new state + events, or RuleViolation
odds_between(state, "aragorn", "orc-1")           # exact odds of any two enemies fighting
"""

from .dice import Dice, RecordedDice, Roll, ScriptedDice, SeededDice, SystemDice
from .engine import Outcome, apply, legal_actions
from .errors import RULE_CODES, RecordMismatch, Refused, RuleViolation
from .frame import Action, Pending
from .matchup import odds_between
from .rulesets import new_battle
from .state import SIDES, BattleState, Side

__all__ = [
    "RULE_CODES",
    "SIDES",
    "Action",
    "BattleState",
    "Dice",
    "Outcome",
    "Pending",
    "RecordMismatch",
    "RecordedDice",
    "Refused",
    "Roll",
    "RuleViolation",
    "ScriptedDice",
    "SeededDice",
    "Side",
    "SystemDice",
    "apply",
    "legal_actions",
    "new_battle",
    "odds_between",
]
