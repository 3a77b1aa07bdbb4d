"""A stored battle as a battle record (the export format), from its setup and events."""

from __future__ import annotations

from typing import Any

from rules_core import Roll
from rules_core.matched_play import REFEREE
from rules_core.record import Entry, build

from .clocks import record_clock
from .models import Battle, BattleEvent


def record_entries(battle: Battle) -> list[Entry]:
    """The battle's events as the record's entries, in order. (Not through `battle.events`: with
    only() the related manager reads each row's battle_id again, a query per event.)"""
    return [
        Entry(e.side, e.command, [Roll.from_dict(r) for r in e.rolls], e.created_at.isoformat())
        for e in BattleEvent.objects.filter(battle_id=battle.id)
        .order_by("seq")
        .only("side", "command", "rolls", "created_at")
    ]


def battle_record(battle: Battle, viewer: str = REFEREE) -> dict[str, Any]:
    """The battle as a record. The server replays the whole of it (`REFEREE`); one exported for a
    seat or a spectator (`viewer`) seals the other side's secret picks until they are revealed."""
    started = battle.created_at.isoformat()
    return build(
        battle.setup, record_entries(battle), battle.load_state(), viewer, started, record_clock(battle)
    )
