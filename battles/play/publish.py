"""Pushing to every socket of a battle: one render per variant its sockets need, sent once to its group.

A variant is an audience (good, evil, spectator) in a format (html for pages, json for bots). The
presence store lists the variants the battle's sockets need, so a step is rendered only in those:
a battle watched by bots alone is never rendered as HTML. All of them travel in one message to the
battle's group, as text ready to send; the channel layer carries it once to each server process,
and each socket takes its own variant from it. (A group per variant would not send fewer bytes to a
socket, and would cost a group_send, four Redis round trips, per variant.)
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

from rules_core import BattleState
from rules_core.clock import CLAIM_TIME
from rules_core.takeback import is_takeback

from . import presence
from .jsontext import dumps
from .models import Battle, BattleEvent
from .presence import Summary
from .presenter import AUDIENCES, legal, render_step, step_json
from .refusals import Undelivered

log = logging.getLogger(__name__)


def group_name(battle_id: int) -> str:
    return f"battle-{battle_id}"


@contextmanager
def delivering() -> Iterator[None]:
    """Around the push of something already committed (sync or async code): its failure (the
    channel layer or the presence store out of reach) is logged and raised as `Undelivered`, so the
    sender is told the truth, never that nothing changed; the sockets it missed catch up
    (battles/play/catch_up.py)."""
    try:
        yield
    except Exception as exc:
        log.exception("a committed change could not be pushed to its battle's sockets")
        raise Undelivered() from exc


def publish_step(battle: Battle, event: BattleEvent, state: BattleState) -> None:
    """Send a committed step to the battle's sockets, in a straight line in the thread that
    committed it: ask which variants the sockets need, make them here (templates may read the
    database, which the event loop must not), and hand them to the channel layer in one group
    message, this thread's one trip to the event loop. The thread waits for that trip, so one
    process publishes a battle's steps in the order they were committed."""
    layer = get_channel_layer()
    if layer is None:
        return
    wanted = presence.store().variants(battle.public_id)
    if wanted:
        async_to_sync(layer.group_send)(group_name(battle.id), step_message(battle, event, state, wanted))


def step_message(
    battle: Battle, event: BattleEvent, state: BattleState, wanted: frozenset[str]
) -> dict[str, Any]:
    """The step in each wanted variant, as text ready to send, keyed by format and audience."""
    message: dict[str, Any] = {
        "type": "battle.step",
        "seq": event.seq,
        "step": replayable(event),
        "html": {},
        "json": {},
    }
    for audience in AUDIENCES:
        html, json = (
            presence.variant(audience, "html") in wanted,
            presence.variant(audience, "json") in wanted,
        )
        if not (html or json):
            continue
        actions = legal(state, audience)
        if html:
            message["html"][audience] = render_step(battle, state, event, audience, actions)
        if json:
            message["json"][audience] = dumps(step_json(state, event, audience, actions, battle))
    return message


def replayable(event: BattleEvent) -> dict[str, Any] | None:
    """What another server process needs to replay the step on the state it holds of the battle
    (persistence.RecentStates.follow); None for a step no command makes (a takeback, a claim on
    time). Never sent to a socket."""
    if is_takeback(event.command) or event.command.get("type") == CLAIM_TIME:
        return None
    return {"side": event.side, "command": event.command, "rolls": event.rolls}


async def publish_presence(layer: Any, battle_id: int, summary: Summary) -> None:
    html = render_to_string(
        "battles/_presence.html", {"seats": summary.seats, "spectators": summary.spectators}
    )
    message = {
        "type": "battle.presence",
        "seats": summary.seats,
        "spectators": summary.spectators,
        "html": html,
    }
    await layer.group_send(group_name(battle_id), message)
