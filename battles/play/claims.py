"""Claiming the win on time: a step of the battle, taken under its lock like a command or an
accepted takeback (battles/play/offers.py), once the referee's clock says the other side's time ran
out (`rules_core.clock.claim`, on the clocks `battles/play/clocks.py` reads)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from rules_core import BattleState, Side
from rules_core.clock import CLAIM_TIME, claim

from .clocks import cache, seconds
from .models import Battle, BattleEvent
from .persistence import lock_battle, next_step, recent_states, record_locked_step
from .publish import publish_step
from .refusals import SubmitError

CLAIM_MESSAGE = "claim"
"""The websocket message of a seat claiming the win on time (docs/protocol.md)."""


def claim_win(battle_id: int, side: Side) -> BattleEvent:
    """`side` claims the win on time: the step that ends the battle, if the other side's time ran
    out (else the referee's RuleViolation, and nothing changes)."""
    with transaction.atomic():
        battle = lock_battle(battle_id)
        if battle is None:
            raise SubmitError("unknown_battle", "There is no such battle.")
        clocks = cache.clocks(battle)
        outcome = claim(recent_states.get(battle), side, clocks, seconds(timezone.now()))
        event = next_step(battle, side, {"type": CLAIM_TIME}, outcome)
        new_state = outcome.state
        record_locked_step(battle, event)
        transaction.on_commit(lambda: _claimed(battle, event, new_state))
    return event


def _claimed(battle: Battle, event: BattleEvent, state: BattleState) -> None:
    recent_states.put(battle, state)
    publish_step(battle, event, state)
