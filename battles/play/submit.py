"""Submit one command to a battle in play: the only code that changes one.

Each submit takes the design's steps in order, in one transaction: lock the battle, check the
client's expected version and the command's id (an id applied before is answered with the event it
made, not applied again), let the referee apply the command, append the event, save the snapshot;
and once the transaction has committed, publish the step to the battle's sockets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

import rules_core
from rules_core import BattleState, Dice, RuleViolation, Side

from .dice import make_dice
from .models import Battle, BattleEvent
from .persistence import Locked, applied_event, lock_battle, next_step, recent_states, record_step
from .publish import publish_step
from .refusals import SubmitError


@dataclass(frozen=True)
class Submitted:
    event: BattleEvent
    duplicate: bool
    """True when the command id had been applied before: `event` is the one it made then."""


def submit(
    battle_id: int,
    side: Side,
    command: dict[str, Any],
    command_id: str = "",
    expected_version: int | None = None,
    dice: Dice | None = None,
) -> Submitted:
    """Apply one command as `side`. Raises SubmitError, or the referee's RuleViolation, and then
    changes nothing."""
    try:
        with transaction.atomic():
            locked = lock_battle(battle_id, command_id)
            if locked is None:
                raise SubmitError("unknown_battle", "There is no such battle.")
            battle = locked.battle
            earlier = _check_version_and_id(locked, command_id, expected_version)
            if earlier is not None:
                return Submitted(earlier, duplicate=True)
            try:
                state, event = _apply(battle, side, command, command_id, dice or make_dice(battle.public_id))
            except RuleViolation:
                # The lock's query looked for the id before it waited for the lock: a first try
                # committed meanwhile (through another process) is seen only now, by a new query.
                earlier = applied_event(battle_id, command_id) if command_id else None
                if earlier is not None:
                    return Submitted(earlier, duplicate=True)
                raise
            record_step(battle, event)
            transaction.on_commit(lambda: _committed(battle, event, state))
        return Submitted(event, duplicate=False)
    except IntegrityError:
        # Another submit with the same command id won the race: report what it made.
        existing = applied_event(battle_id, command_id) if command_id else None
        if existing is None:
            raise
        return Submitted(existing, duplicate=True)


def _check_version_and_id(
    locked: Locked, command_id: str, expected_version: int | None
) -> BattleEvent | None:
    """The event an earlier try of this command made, if any; raises SubmitError if the client
    chose on a screen the battle has moved on from.

    The lock's query said whether the id was seen; a stale version may hide a retry whose first try
    committed while this one waited for the lock, so look again before refusing it."""
    battle = locked.battle
    stale = expected_version is not None and expected_version != battle.version
    if command_id and (locked.seen_command or stale):
        existing = applied_event(battle.id, command_id)
        if existing is not None:
            return existing
    if stale:
        raise SubmitError(
            "stale_version",
            "The battle has moved on since your screen last updated; it has been refreshed, "
            "please choose again.",
        )
    return None


def _apply(
    battle: Battle, side: Side, command: dict[str, Any], command_id: str, dice: Dice
) -> tuple[BattleState, BattleEvent]:
    """The referee's answer to the command, as the battle's next state and the event to append;
    the battle (not yet saved) now holds its new snapshot and version."""
    outcome = rules_core.apply(recent_states.get(battle), side, command, dice)
    return outcome.state, next_step(battle, side, command, outcome, command_id)


def _committed(battle: Battle, event: BattleEvent, state: BattleState) -> None:
    recent_states.put(battle, state)
    publish_step(battle, event, state)
