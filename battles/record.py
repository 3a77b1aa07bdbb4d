"""The battle record (setup + every command with the dice it rolled) and replaying it step by step.

This is the one place that builds a record from the database, so it can switch to the referee's
own `rules_core.record` module when that lands.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import rules_core
from rules_core import BattleState, RecordedDice, Roll

from .models import Battle, BattleEvent

FORMAT = "beacon-battle-record"
VERSION = 1


def battle_record(battle: Battle, events: Iterable[BattleEvent] | None = None) -> dict[str, Any]:
    rows = events if events is not None else battle.events.order_by("seq")
    state_result = battle.state.get("result")
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": battle.ruleset,
        "name": battle.name,
        "setup": battle.setup,
        "entries": [{"side": e.side, "command": e.command, "rolls": e.rolls} for e in rows],
        "result": state_result,
    }


def replay(record: dict[str, Any]) -> Iterator[tuple[BattleState, list[dict[str, Any]]]]:
    """The state before any entry, then after each entry, with the events that entry made.

    Raises RecordMismatch or RuleViolation if the record does not replay under today's rules.
    """
    state = rules_core.new_battle(record["setup"])
    yield state, []
    for entry in record["entries"]:
        dice = RecordedDice(Roll.from_dict(r) for r in entry["rolls"])
        outcome = rules_core.apply(state, entry["side"], entry["command"], dice)
        if dice.unused:
            raise rules_core.RecordMismatch(f"step {state.step + 1} left recorded dice unused")
        state = outcome.state
        yield state, outcome.events


def state_at(record: dict[str, Any], step: int) -> BattleState:
    """The battle as it stood after `step` entries (0: before the first)."""
    for index, (state, _) in enumerate(replay(record)):
        if index == step:
            return state
    raise IndexError(step)
