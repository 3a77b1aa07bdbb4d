"""Beacon, the opponent the server can play: it chooses among the referee's legal actions.

suggest(state, "evil", "captain")   # the command Beacon would send for that side now, and why

It reads only what the side it plays sees (`seen.what_side_sees`: never the other side's secret
picks) and never the dice, which are rolled only once a command is applied. It weighs the same
legal actions and odds any player is offered, and tries a command on a copy (the referee's
`dry_run`, as a move's preview does) before it suggests it, so what it suggests is never refused.
The same state, side, strength and seed always give the same suggestion: the coach's "What would
Beacon do?" is what Beacon plays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..engine import dry_run, legal_actions
from ..errors import RuleViolation
from ..frame import Action
from ..rulesets import load_state
from ..state import BattleState, Side
from .mass_moves import MassMind
from .seen import told_apart, what_side_sees
from .skirmish_moves import SkirmishMind
from .thinking import Idea, Mind, Strength

STRENGTHS: dict[Strength, str] = {
    "recruit": "Recruit: greedy on the odds of the next roll",
    "captain": "Captain: weighs what each piece is worth and looks a step further",
}
DEFAULT_STRENGTH: Strength = "captain"


@dataclass(frozen=True)
class Suggestion:
    """A command for the side to send, with the legal action it answers and why Beacon picks it."""

    command: dict[str, Any]
    label: str
    odds: dict[str, Any] | None
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {"command": self.command, "label": self.label, "odds": self.odds, "why": self.why}


def suggest(
    state: BattleState, side: Side, strength: Strength = DEFAULT_STRENGTH, seed: int = 0
) -> Suggestion:
    """What Beacon would do for `side` now. Raises ValueError when it is not that side's decision."""
    plain = what_side_sees(state, side)
    seen = told_apart(plain)
    actions = legal_actions(seen, side)
    if not actions:
        raise ValueError(f"It is not {side}'s decision now.")
    as_shown = legal_actions(plain, side) if seen is not plain else actions
    rng = random.Random(f"{seed}:{seen.step}:{side}")
    kind = MassMind if seen.RULESET == "mass_battle" else SkirmishMind
    mind: Mind = kind(seen, side, strength, rng)
    fallbacks = [Idea(0.0, mind.filled(a, {}), a, "the only choice left") for a in actions]
    for idea in [*mind.ideas(actions), *fallbacks]:
        try:
            dry_run(seen, side, idea.command)
        except RuleViolation:
            continue
        shown = as_shown[actions.index(idea.action)]
        return described(shown, idea.command, idea.why)
    raise RuntimeError(f"every legal action for {seen.pending.kind} was refused")


def described(action: Action, command: dict[str, Any], why: str) -> Suggestion:
    """The suggestion as a player reads it: the action's label with the options chosen ("Charge
    with Aragorn: Orc Warrior 2"), and the odds the action or its chosen option carries."""
    label, odds = action.label, action.odds
    for name, spec in action.params.items():
        if spec["type"] != "choice" or name not in command:
            continue
        chosen = next((o for o in spec["options"] if o["value"] == command[name]), None)
        if chosen is None or spec.get("default") == command[name]:
            continue
        label += f": {chosen['label']}"
        odds = chosen.get("odds") or odds
    return Suggestion(command, label, odds, why)


def suggest_from_data(data: dict[str, Any], side: Side, strength: Strength, seed: int = 0) -> dict[str, Any]:
    """`suggest` for a state given as its plain data, the suggestion as plain data: for a process
    that thinks apart from the one that serves the battle (nothing but plain data crosses)."""
    return suggest(load_state(data), side, strength, seed).to_dict()


__all__ = [
    "DEFAULT_STRENGTH",
    "STRENGTHS",
    "Strength",
    "Suggestion",
    "suggest",
    "suggest_from_data",
]
