"""Pushing to every socket of a battle: one render per variant its sockets need, sent once to its group.

A variant is an audience (good, evil, spectator) in a format (html for pages, json for bots). The
presence store lists the variants the battle's sockets need, so a step is rendered only in those:
a battle watched by bots alone is never rendered as HTML. All of them travel in one message to the
battle's group, as text ready to send; the channel layer carries it once to each server process,
and each socket takes its own variant from it. (A group per variant would not send fewer bytes to a
socket, and would cost a group_send, four Redis round trips, per variant.)

A step committed in a thread is handed to the event loop that serves this process's sockets, in
the order of the commits, and sent from there one after the other for each battle
(`_send_in_order`); the committing thread need not wait for it, and a websocket's command does not
(its consumer awaits the delivery on the loop instead: one trip between the thread and the loop
where there were two).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from functools import partial
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


_serving: asyncio.AbstractEventLoop | None = None
_latest: dict[int, asyncio.Task[None]] = {}
"""On the serving loop: each battle's latest send not yet done, which the next one waits for."""


def serving(loop: asyncio.AbstractEventLoop) -> None:
    """The event loop that serves this process's sockets, where committed steps are sent from."""
    global _serving
    _serving = loop


def publish_step(
    battle: Battle, event: BattleEvent, state: BattleState, wait: bool = True
) -> Future[None] | None:
    """Send a committed step to the battle's sockets, from the thread that committed it: ask which
    variants the sockets need, make them here (templates may read the database, which the event
    loop must not), and hand them to the serving loop in one group message, in the order of the
    commits. With `wait`, return once it is sent (raising what the channel layer raised); else
    return at once the delivery to await (None when there was nothing to send). Outside a server
    (no loop serving sockets) the group message is sent from here."""
    layer = get_channel_layer()
    if layer is None:
        return None
    wanted = presence.store().variants(battle.public_id)
    if not wanted:
        return None
    message = step_message(battle, event, state, wanted)
    loop = _serving
    if loop is None or loop.is_closed() or not loop.is_running() or _running_here(loop):
        async_to_sync(layer.group_send)(group_name(battle.id), message)
        return None
    delivery: Future[None] = Future()
    # A context of its own: not this thread's, whose asgiref markers would follow the send.
    loop.call_soon_threadsafe(
        _send_in_order, layer, battle.id, message, delivery, context=contextvars.Context()
    )
    if wait:
        delivery.result()
        return None
    return delivery


def _running_here(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _send_in_order(layer: Any, battle_id: int, message: dict[str, Any], delivery: Future[None]) -> None:
    """On the serving loop: send after the battle's previous step is sent (or has failed)."""
    loop = asyncio.get_running_loop()
    before = _latest.get(battle_id)
    if before is not None and before.get_loop() is not loop:
        before = None  # left on a loop that has stopped serving
    task = loop.create_task(_send_after(before, layer, battle_id, message, delivery))
    _latest[battle_id] = task
    task.add_done_callback(partial(_sent, battle_id))


def _sent(battle_id: int, task: asyncio.Task[None]) -> None:
    if _latest.get(battle_id) is task:
        del _latest[battle_id]


async def _send_after(
    before: asyncio.Task[None] | None,
    layer: Any,
    battle_id: int,
    message: dict[str, Any],
    delivery: Future[None],
) -> None:
    if before is not None:
        await asyncio.wait([before])
    try:
        await layer.group_send(group_name(battle_id), message)
    except Exception as exc:
        delivery.set_exception(exc)
    else:
        delivery.set_result(None)


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
