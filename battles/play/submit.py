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
from django.utils import timezone

import rules_core
from rules_core import BattleState, Dice, RuleViolation, Side

from .dice import make_dice
from .models import Battle, BattleEvent
from .persistence import Locked, applied_event, lock_battle, recent_states, record_step
from .publish import delivering, publish_step
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
    changes nothing; or Undelivered when the step is recorded but could not be pushed."""
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
    state = outcome.state
    battle.version += 1
    event = BattleEvent(
        battle=battle,
        seq=battle.version,
        side=side,
        command_id=command_id,
        command=command,
        rolls=[r.to_dict() for r in outcome.rolls],
        events=outcome.events,
        pending=state.pending.to_dict(),
        created_at=timezone.now(),
    )
    battle.state = state.to_dict()
    battle.updated_at = event.created_at
    if state.result is not None:
        battle.status = Battle.Status.FINISHED
    return state, event


def _committed(battle: Battle, event: BattleEvent, state: BattleState) -> None:
    recent_states.put(battle, state)
    with delivering():
        publish_step(battle, event, state)
