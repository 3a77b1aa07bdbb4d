"""The end screen: how a battle ended, read from its final state and its event log. Who won and why
(the result's reason), the casualties of each side, each hero's fate and the Might, Will and Fate
he spent, the notable moments (duels won, powers cast) and the dice each side rolled against the
average a die is expected to roll. The same for every ruleset (heroes are models in each); what
differs (how losses are counted, which moments matter) is the ruleset's (`WebRuleset`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from battles.rulesets import web_ruleset
from rules_core import SIDES, BattleState
from rules_core.takeback import undone

from .models import Battle, BattleEvent

EXPECTED_FACE = 3.5
"""The average face of a D6 (a D3 is recorded as the D6 it was rolled with)."""
MOMENTS_SHOWN = 12


@dataclass(frozen=True)
class HeroFate:
    name: str
    side: str
    fate: str
    spent: list[tuple[str, int]]
    """("Might", 2), ("Will", 0), ("Fate", 1): what the hero spent of his stores."""
    notes: list[str]
    """What else his ruleset says of him (the Battle Cards he played)."""


@dataclass(frozen=True)
class DiceLine:
    side: str
    dice: int
    total: int

    @property
    def average(self) -> str:
        return f"{self.total / self.dice:.2f}" if self.dice else "none"

    @property
    def against_expected(self) -> str:
        """How far luck ran, in pips over the dice rolled: "+4.5 over the average"."""
        if not self.dice:
            return ""
        over = self.total - EXPECTED_FACE * self.dice
        if abs(over) < 0.05:
            return "exactly the average"
        return f"{over:+.1f} {'over' if over > 0 else 'under'} the average"


@dataclass(frozen=True)
class Moment:
    seq: int
    text: str


class EndView:
    """Read only when the battle is over and the end screen shows it."""

    def __init__(self, battle: Battle, state: BattleState) -> None:
        self.battle, self.state = battle, state
        self.ruleset = web_ruleset(state.ruleset)

    @cached_property
    def events(self) -> list[BattleEvent]:
        log = list(
            BattleEvent.objects.filter(battle_id=self.battle.id)
            .order_by("seq")
            .only("seq", "command", "rolls", "events")
        )
        gone = undone(log)
        return [event for position, event in enumerate(log) if position not in gone]

    @cached_property
    def casualties(self) -> list[dict[str, Any]]:
        state = self.state
        lines = []
        for side in SIDES:
            army = state.armies[side]
            lost = self.ruleset.losses_text(state, side)
            lines.append({"side": side, "name": army.name, "lost": lost, "broken": army.broken})
        return lines

    @cached_property
    def heroes(self) -> list[HeroFate]:
        fates = []
        for model in self.state.models.values():
            if not model.is_hero:
                continue
            profile = model.profile
            spent_fate = self.state.tally.fate.get(model.id, max(0, (profile.fate or 0) - model.fate))
            paid = self.spent.get(model.id, {})
            fates.append(
                HeroFate(
                    model.name,
                    model.side,
                    self._fate_of(model.id),
                    [
                        ("Might", max(paid.get("might", 0), (profile.might or 0) - model.might)),
                        ("Will", max(paid.get("will", 0), (profile.will or 0) - model.will)),
                        ("Fate", spent_fate),
                    ],
                    self.ruleset.hero_notes(self.state, model.id),
                )
            )
        return sorted(fates, key=lambda h: SIDES.index(h.side))

    @cached_property
    def spent(self) -> dict[str, dict[str, int]]:
        """Might and Will each hero paid, from the log (a store regained later was still spent:
        Might bid in a mass battle's combat, then regained by a Heroic Challenge)."""
        paid: dict[str, dict[str, int]] = {}
        for event in self.events:
            for item in event.events:
                if item.get("type") == "spend" and isinstance(item.get("amount"), int):
                    stores = paid.setdefault(str(item.get("model", "")), {})
                    stat = str(item.get("stat", ""))
                    stores[stat] = stores.get(stat, 0) + item["amount"]
        return paid

    def _fate_of(self, model_id: str) -> str:
        model = self.state.models[model_id]
        if model.on_board:
            return self.ruleset.hero_standing(self.state, model_id)
        told = self.ruleset.hero_fallen(self.state, model_id)
        if told is not None:
            return told
        kill = self.state.tally.kills.get(model_id)
        if model.status == "fled" or (kill is not None and kill.how == "fled"):
            return "Fled the battle"
        if kill is not None and kill.by:
            found = self.state.piece(kill.by)
            by = found[0] if found else kill.by
            return f"Slain by {by} ({kill.how})"
        return "Slain"

    @cached_property
    def moments(self) -> list[Moment]:
        """Duels won and powers cast, in the order they happened."""
        return [
            Moment(event.seq, str(item.get("text", "")))
            for event in self.events
            for item in event.events
            if self.ruleset.is_moment(item)
        ]

    @property
    def moments_shown(self) -> list[Moment]:
        return self.moments[-MOMENTS_SHOWN:]

    @cached_property
    def dice(self) -> list[DiceLine]:
        """Every die each side rolled (its own rolls and its pieces'), the referee's left out."""
        counts: dict[str, list[int]] = {side: [0, 0] for side in SIDES}
        for event in self.events:
            for roll in event.rolls:
                side = self._side_of(str(roll.get("roller", "")))
                if side is None:
                    continue
                faces = [int(f) for f in roll.get("faces", [])]
                counts[side][0] += len(faces)
                counts[side][1] += sum(faces)
        return [DiceLine(side, dice, total) for side, (dice, total) in counts.items()]

    def _side_of(self, roller: str) -> str | None:
        if roller in SIDES:
            return roller
        found = self.state.piece(roller)
        return found[1] if found else None
