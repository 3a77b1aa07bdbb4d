"""The only code that writes a battle: create it, and submit one command at a time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

import rules_core
from rules_core import Dice, RuleViolation, SystemDice

from .models import Battle, BattleEvent, Seat


def make_dice() -> Dice:
    """Live dice. Tests replace this to script the rolls."""
    return SystemDice()


class SubmitError(Exception):
    """A submit refused before the rules were asked (stale version, unknown battle ...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Submitted:
    event: BattleEvent
    duplicate: bool


def create_battle(name: str, setup: dict[str, Any]) -> Battle:
    """Make a battle and its two seats. Raises RuleViolation if the setup is unusable."""
    state = rules_core.new_battle(setup)
    with transaction.atomic():
        battle = Battle.objects.create(name=name, setup=setup, state=state.to_dict(), ruleset=state.ruleset)
        for side in rules_core.SIDES:
            Seat.objects.create(battle=battle, side=side)
    return battle


def submit(
    battle_id: int,
    side: str,
    command: dict[str, Any],
    command_id: str = "",
    expected_version: int | None = None,
    dice: Dice | None = None,
) -> Submitted:
    """Apply one command in one transaction, then broadcast the step once it is committed.

    A command id already applied returns the event it made, without applying it again.
    """
    try:
        return _submit(battle_id, side, command, command_id, expected_version, dice)
    except IntegrityError:
        # Another submit with the same command id won the race: report what it made.
        existing = BattleEvent.objects.filter(battle_id=battle_id, command_id=command_id).first()
        if command_id and existing is not None:
            return Submitted(existing, duplicate=True)
        raise


def _submit(
    battle_id: int,
    side: str,
    command: dict[str, Any],
    command_id: str,
    expected_version: int | None,
    dice: Dice | None,
) -> Submitted:
    with transaction.atomic():
        battle = Battle.objects.select_for_update().filter(pk=battle_id).first()
        if battle is None:
            raise SubmitError("unknown_battle", "There is no such battle.")
        if command_id:
            existing = BattleEvent.objects.filter(battle=battle, command_id=command_id).first()
            if existing is not None:
                return Submitted(existing, duplicate=True)
        if expected_version is not None and expected_version != battle.version:
            raise SubmitError(
                "stale_version",
                "The battle has moved on since your screen last updated; it has been refreshed, "
                "please choose again.",
            )
        outcome = rules_core.apply(battle.load_state(), side, command, dice or make_dice())  # type: ignore[arg-type]
        battle.version += 1
        state = outcome.state
        event = BattleEvent.objects.create(
            battle=battle,
            seq=battle.version,
            side=side,
            command_id=command_id,
            command=command,
            rolls=[r.to_dict() for r in outcome.rolls],
            events=outcome.events,
            pending=state.pending.to_dict(),
        )
        battle.state = state.to_dict()
        if state.result is not None:
            battle.status = Battle.Status.FINISHED
        battle.save(update_fields=["state", "version", "status", "updated_at"])
        transaction.on_commit(lambda: broadcast_step(battle, event))
    return Submitted(event, duplicate=False)


def broadcast_step(battle: Battle, event: BattleEvent) -> None:
    from .realtime import publish_step

    publish_step(battle, event)


__all__ = ["RuleViolation", "SubmitError", "Submitted", "create_battle", "submit"]
