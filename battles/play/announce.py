"""Presence announcements, coalesced: at most one per battle in each short window.

A socket that joins, leaves, or finds someone's entry expired changes who is on the battle, and
everyone on it should see the change. Sent at once, 150 spectators joining together would make
about 150 x 150 / 2 = 11,000 deliveries (22,000 counting the leaving). Instead the change claims
the battle's next announcement, unless one is claimed already; the claim lives in the presence store,
so every process sharing a Redis agrees on one holder. The holder waits PRESENCE_ANNOUNCE_SECONDS,
gives the claim back, then reads who is here and sends that to the battle's group.

Nothing is lost: a change is written to the store before its claim is tried, and the holder gives the
claim back before it reads, so a change whose claim failed is in what the holder reads and sends.
The count everyone sees is never more than one window (and a read) behind.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from django.conf import settings

from . import presence
from .publish import publish_presence

log = logging.getLogger(__name__)

wait: Callable[[float], Awaitable[Any]] = asyncio.sleep
"""How the holder waits out the window (tests replace it to end a window when they choose)."""

CLAIM_LAPSES_AFTER = 10.0
"""Seconds after which a claim whose holder never gave it back (its process died) lapses."""

_waiting: set[asyncio.Task[None]] = set()


async def presence_changed(layer: Any, battle_id: int, public_id: str) -> None:
    """Tell the battle's sockets who is here, within a window, together with any other change in it."""
    window = settings.PRESENCE_ANNOUNCE_SECONDS
    if not await presence.store().claim_announcement(public_id, max(CLAIM_LAPSES_AFTER, window * 10)):
        return
    task = asyncio.get_running_loop().create_task(_announce_after(layer, battle_id, public_id, window))
    _waiting.add(task)  # the loop keeps only a weak reference to a task
    task.add_done_callback(_waiting.discard)


async def _announce_after(layer: Any, battle_id: int, public_id: str, window: float) -> None:
    store = presence.store()
    try:
        try:
            await wait(window)
        finally:
            await store.release_announcement(public_id)
        summary = (await store.summaries([public_id]))[public_id]
        await publish_presence(layer, battle_id, summary)
    except Exception:
        log.exception("battle %s: presence announcement failed", public_id)
