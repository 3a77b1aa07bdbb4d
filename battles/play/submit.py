"""Submit one command to a battle in play: the only code that changes one.

Each submit takes the design's steps in order: take the battle as this process last committed it
(or read it), check the client's expected version, let the referee apply the command, and write the
event and the new snapshot in one statement that holds only if no one moved the battle on meanwhile
(optimistic concurrency: no lock is held, and on PostgreSQL the write is the submit's one round
trip). A command id applied before is answered with the event it made, not applied again (the
events' unique index says so). Once the write has committed, the step is published to the battle's
sockets.

What this process holds is a guess that may be behind another process's: a write that finds the
battle moved on, a stale version or a refusal made on a guess is checked against the database and,
if the battle had moved on, the command is tried again on the battle as it is.
"""

from __future__ import annotations

from concurrent.futures import Future
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from typing import Any

from django.db import IntegrityError, connection, transaction

import rules_core
from rules_core import BattleState, Dice, RuleViolation, Side

from . import beacon
from .dice import make_dice
from .models import Battle, BattleEvent
from .persistence import applied_event, next_step, read_battle, recent_states, record_step
from .publish import delivering, publish_step
from .refusals import SubmitError, stale_version

TRIES = 5
"""How many times a command is tried on a battle other submits keep moving on, before the sender is
asked to try again."""


@dataclass(frozen=True)
class Submitted:
    event: BattleEvent
    duplicate: bool
    """True when the command id had been applied before: `event` is the one it made then."""
    delivery: Future[None] | None = None
    """With `later`: the step's push to the battle's sockets, under way (publish.publish_step)."""


def submit(
    battle_id: int,
    side: Side,
    command: dict[str, Any],
    command_id: str = "",
    expected_version: int | None = None,
    dice: Dice | None = None,
    later: bool = False,
) -> Submitted:
    """Apply one command as `side`. Raises SubmitError, or the referee's RuleViolation, and then
    changes nothing; or Undelivered when the step is recorded but could not be pushed. With
    `later`, the push is not waited for: the caller awaits `Submitted.delivery` (a websocket's
    consumer, on the event loop that sends it)."""
    held = recent_states.latest(battle_id)
    battle, state = held or _read(battle_id)
    guessed = held is not None
    for _ in range(TRIES):
        read = None
        pushed: list[Future[None]] = []
        try:
            with _step_transaction():
                done = _try(battle, state, side, command, command_id, expected_version, dice, later, pushed)
            return replace(done, delivery=pushed[0]) if pushed else done
        except _MovedOn:
            pass
        except (SubmitError, RuleViolation):
            if not guessed:
                raise
            read = _read(battle_id)
            if read[0].version == battle.version:
                raise
            # Made on what this process held, which another process has moved on from: tried
            # again on the battle as just read.
        except IntegrityError:
            # The command id was applied before (by a first try, here or in another process).
            existing = applied_event(battle_id, command_id) if command_id else None
            if existing is None:
                raise
            return Submitted(existing, duplicate=True)
        recent_states.forget(battle_id)
        battle, state = read or _read(battle_id)
        guessed = False
    raise SubmitError("busy", "The battle is changing too fast to take your command; please try again.")


class _MovedOn(Exception):
    """Another submit moved the battle on between this one's read and its write."""


def _read(battle_id: int) -> tuple[Battle, BattleState]:
    found = read_battle(battle_id)
    if found is None:
        raise SubmitError("unknown_battle", "There is no such battle.")
    return found


def _step_transaction() -> AbstractContextManager[Any]:
    """On PostgreSQL outside a transaction, the write is one statement and so its own transaction;
    elsewhere the write's two statements need one (inside a caller's, a savepoint)."""
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        return nullcontext()
    return transaction.atomic()


def _try(
    battle: Battle,
    state: BattleState,
    side: Side,
    command: dict[str, Any],
    command_id: str,
    expected_version: int | None,
    dice: Dice | None,
    later: bool,
    pushed: list[Future[None]],
) -> Submitted:
    if expected_version is not None and expected_version != battle.version:
        earlier = applied_event(battle.id, command_id) if command_id else None
        if earlier is not None:
            return Submitted(earlier, duplicate=True)
        raise stale_version()
    try:
        state, event = _apply(battle, state, side, command, command_id, dice or make_dice(battle.public_id))
    except RuleViolation:
        earlier = applied_event(battle.id, command_id) if command_id else None
        if earlier is not None:
            return Submitted(earlier, duplicate=True)
        raise
    if not record_step(battle, event):
        raise _MovedOn
    transaction.on_commit(lambda: _committed(battle, event, state, later, pushed))
    return Submitted(event, duplicate=False)


def _apply(
    battle: Battle, state: BattleState, side: Side, command: dict[str, Any], command_id: str, dice: Dice
) -> tuple[BattleState, BattleEvent]:
    """The referee's answer to the command, as the battle's next state and the event to append;
    the battle (not yet saved) now holds its new snapshot and version."""
    outcome = rules_core.apply(state, side, command, dice)
    return outcome.state, next_step(battle, side, command, outcome, command_id)


def _committed(
    battle: Battle, event: BattleEvent, state: BattleState, later: bool, pushed: list[Future[None]]
) -> None:
    recent_states.put(battle, state)
    with delivering():
        delivery = publish_step(battle, event, state, not later)  # wait unless later
    if delivery is not None:
        pushed.append(delivery)
    beacon.after_step(battle, state)
