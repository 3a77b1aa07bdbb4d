"""What the rules ask about the battle's past that the models as they stand cannot tell.

A scenario's Victory Points ask whether the enemy General was wounded during the game (he may have
been healed since), whether a Hero spent Fate, and who slew a Hero and how. The referee notes each
as it happens: the state keeps a `Tally`, never the history, so it is kept for every battle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

STRIKE = "Strike"
"""How a Wound dealt by a Strike in a Combat is noted (a shot is "shot", a power by its name)."""
FLED = "fled"


@dataclass(slots=True)
class Kill:
    """How a model left the battle: `by` the model whose Wound slew it ("" for none), of `side`,
    `how` ("Strike", "shot", a power's name, or "fled")."""

    by: str
    side: str
    how: str


@dataclass(slots=True)
class Tally:
    wounds: dict[str, list[str]] = field(default_factory=dict)
    """Per model, the source of each Wound it suffered (a Wound Fate or Fury prevented is none)."""
    fate: dict[str, int] = field(default_factory=dict)
    """Fate points each model has spent."""
    kills: dict[str, Kill] = field(default_factory=dict)
    """How each model that left the battle left it."""

    def clone(self) -> Tally:
        return Tally(
            {key: list(value) for key, value in self.wounds.items()}, dict(self.fate), dict(self.kills)
        )

    def wound(self, model: str, source: str, amount: int) -> None:
        self.wounds.setdefault(model, []).extend([source] * amount)

    def spent_fate(self, model: str, amount: int) -> None:
        self.fate[model] = self.fate.get(model, 0) + amount

    def removed(self, model: str, by: str, side: str, how: str) -> None:
        self.kills[model] = Kill(by, side, how)

    def was_wounded(self, model: str) -> bool:
        return bool(self.wounds.get(model))
