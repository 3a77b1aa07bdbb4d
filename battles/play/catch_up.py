"""Steps committed but never pushed (the channel layer failed after the commit, or the process that
committed them was killed before it pushed them): every `CATCH_UP_SWEEP_SECONDS` each process asks
the database, in one query, where the battles its sockets watch stand, and brings up to date every
socket that has not seen a step committed more than `CATCH_UP_AFTER_SECONDS` ago (a step younger
than that may still be on its way). A socket that reconnects catches up anyway: its first message
is the whole view."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Protocol

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from .models import Battle

log = logging.getLogger(__name__)


class Watcher(Protocol):
    battle_id: int
    seen: int
    """The latest step this socket was sent."""

    async def catch_up(self) -> None: ...


_watchers: dict[int, set[Watcher]] = {}
_sweeps: dict[asyncio.AbstractEventLoop, asyncio.Task[None]] = {}


def watch(watcher: Watcher) -> None:
    """Sweep for this socket from now on (the sweep starts with the event loop's first socket)."""
    _watchers.setdefault(watcher.battle_id, set()).add(watcher)
    loop = asyncio.get_running_loop()
    for other in [other for other, task in _sweeps.items() if task.done()]:
        del _sweeps[other]
    if loop not in _sweeps:
        _sweeps[loop] = loop.create_task(_sweep_forever())


def unwatch(watcher: Watcher) -> None:
    watching = _watchers.get(watcher.battle_id)
    if watching is not None:
        watching.discard(watcher)
        if not watching:
            del _watchers[watcher.battle_id]


async def _sweep_forever() -> None:
    while True:
        await asyncio.sleep(settings.CATCH_UP_SWEEP_SECONDS)
        try:
            await sweep()
        except Exception as exc:  # the database out of reach: the next sweep tries again
            log.warning("the catch-up sweep failed (%s); trying again", type(exc).__name__)


async def sweep() -> None:
    """Bring every socket of this process up to date that missed a step committed a while ago."""
    if not _watchers:
        return
    since = timezone.now() - timedelta(seconds=settings.CATCH_UP_AFTER_SECONDS)
    standing = await database_sync_to_async(_versions)(list(_watchers), since)
    for battle_id, version in standing.items():
        for watcher in list(_watchers.get(battle_id, ())):
            if watcher.seen < version:
                await watcher.catch_up()


def _versions(battle_ids: list[int], since: object) -> dict[int, int]:
    """The version of each of these battles last changed before `since`."""
    rows = Battle.objects.filter(id__in=battle_ids, updated_at__lt=since).values_list("id", "version")
    return dict(rows)
