"""What the bot reads of a battle: how much a piece is worth, and what an action's odds promise.

Odds come as the referee offers them to any player (`Action.odds`, a charge target's odds): each
outcome a label and a chance. An outcome names the piece it happens to ("Orc Warrior is slain",
"Rider of Rohan recoils"), so its worth is read from the names of the pieces on the table: good
for the bot when it happens to an enemy, bad when to a friend.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..mass_battle.state import MassState
from ..state import BattleState, Model, Side, side_name

WIN_WORTH = 2.0
"""Winning a Duel, in points: little in itself (a side that wins and wounds nobody gains only the
ground), so that what the Duel's winner may do to the loser counts for most."""
HERO_WORTH = 3.0
"""A hero counts as this many of its points' worth in warriors: he leads, and his army breaks
sooner without him."""


def model_worth(model: Model) -> float:
    points = float(model.points or 5 + 10 * model.profile.wounds)
    return points * (HERO_WORTH if model.is_hero else 1.0)


@dataclass(frozen=True)
class Piece:
    ident: str
    name: str
    side: Side
    worth: float


def pieces(state: BattleState) -> list[Piece]:
    """Every piece still in play with its worth: models, and a mass battle's stands."""
    found = [Piece(m.id, m.name, m.side, model_worth(m)) for m in state.models.values() if m.on_board]
    if isinstance(state, MassState):
        found += [
            Piece(s.id, s.name, s.side, float(s.points or 20)) for s in state.stands.values() if s.on_board
        ]
    return found


class Reader:
    """Reads outcomes' labels for one side: which piece each names, and what it is worth to it.
    Read from a state whose armies share no name (`seen.told_apart`)."""

    def __init__(self, state: BattleState, side: Side) -> None:
        self.side = side
        known: dict[str, Piece] = {}
        for piece in pieces(state):
            if piece.name not in known or piece.worth > known[piece.name].worth:
                known[piece.name] = piece
        self.names = sorted(known.items(), key=lambda item: -len(item[0]))
        self.sides = {s: side_name(s) for s in ("good", "evil")}

    def named(self, label: str) -> tuple[float, str]:
        """The signed worth of the piece `label` begins with (positive: an enemy), and the rest."""
        for name, piece in self.names:
            if label.startswith(name):
                rest = label[len(name) :].lstrip(" )").strip()
                return (piece.worth if piece.side != self.side else -piece.worth), rest
        return 0.0, label

    def outcome_value(self, label: str, p: float) -> float:
        """What an outcome with chance `p` is worth to the bot's side."""
        for side, name in self.sides.items():
            if label.startswith(f"{name} wins"):
                return p * (WIN_WORTH if side == self.side else -WIN_WORTH)
        worth, rest = self.named(label)
        return p * (worth * fate_share(rest) if worth else (10.0 if passed(label) else 0.0))

    def odds_value(self, odds: dict[str, Any] | None) -> float:
        """What an action's odds are worth to the bot's side: the sum over its outcomes, and the
        expected Wounds at a third of a slaying each."""
        if not odds:
            return 0.0
        total = sum(self.outcome_value(o["label"], float(o["p"])) for o in outcomes(odds))
        for expected in odds.get("expected", []):
            worth, _ = self.named(expected["label"].removeprefix("Wounds on "))
            total += float(expected["value"]) * worth / 3
        return total


def fate_share(rest: str) -> float:
    """How much of a piece's worth an outcome takes from its side: all of it when the piece is
    slain or destroyed, some when it recoils or is wounded."""
    if any(word in rest for word in ("slain", "destroyed", "dies")):
        return 1.0
    if "recoils" in rest or "wounded" in rest:
        return 0.3
    return 0.0


def passed(label: str) -> bool:
    return any(word in label for word in ("passed", "prevents", "cast", "escape"))


def fight_value(odds: dict[str, Any], friend: Model, enemy: Model) -> float:
    """A fight's odds as a charge target carries them (`matchup.charge_odds`, from the charger's
    side: its side wins the Duel; the target, then the charger, is slain; the Wounds on each)."""
    found = list(outcomes(odds))
    expected = odds.get("expected", [])
    if len(found) < 3 or len(expected) < 2:
        return 0.0
    mine, theirs = model_worth(friend), model_worth(enemy)
    value = float(found[0]["p"]) * WIN_WORTH + float(found[1]["p"]) * theirs - float(found[2]["p"]) * mine
    return value + (float(expected[0]["value"]) * theirs - float(expected[1]["value"]) * mine) / 3


def outcomes(odds: dict[str, Any]) -> Iterable[dict[str, Any]]:
    found = odds.get("outcomes", [])
    assert isinstance(found, list)
    return found


def best_chance(odds: dict[str, Any] | None) -> float:
    """The highest chance among an action's outcomes (a test passed, a power cast ...)."""
    return max((float(o["p"]) for o in outcomes(odds or {})), default=0.0)
