"""A real deployment's failures, through real Daphne processes on PostgreSQL and Redis: sockets held
open past the channel layer's blocking read, retries racing across processes, kill -9 mid-command."""

from __future__ import annotations

import asyncio
import os

import pytest
from django.conf import settings

from tests.battles.play.conftest import new_battle
from tests.conftest import skip_or_fail
from tests.livestack import JsonSocket

pytestmark = [pytest.mark.django_db(transaction=True)]


def need_postgresql_and_redis() -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not settings.REDIS_URL:
        skip_or_fail("this test needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)")


async def settled_presence(socket: JsonSocket, spectators: int) -> dict:
    """Presence updates until one counts `spectators` (fails after the socket's timeout if none does)."""
    here = await socket.next("presence")
    while here["spectators"] != spectators:
        here = await socket.next("presence")
    return here


HOLD_SECONDS = 30
"""Six times the channel layer's 5 s blocking read from Redis (channels-redis' brpop_timeout)."""


def test_idle_sockets_stay_open_on_redis_and_presence_stays_exact(start_server) -> None:
    """redis-py 8 gives up reading after 5 s by default, as long as channels-redis blocks waiting for
    a message: every idle socket was closed (1011) about every 5 s, without its goodbye."""
    need_postgresql_and_redis()
    server = start_server()
    battle, tokens = new_battle()

    async def play() -> None:
        good = JsonSocket(server.url, battle.public_id, tokens["good"])
        await good.open()
        watchers = [JsonSocket(server.url, battle.public_id) for _ in range(10)]
        for watcher in watchers:
            await watcher.open()
        await settled_presence(good, spectators=10)

        await asyncio.sleep(HOLD_SECONDS)

        assert [w.socket.close_code for w in [good, *watchers]] == [None] * 11
        await good.command({"type": "ready"}, expected_version=0)
        steps = await asyncio.gather(*(w.next() for w in [good, *watchers]))
        assert {step["seq"] for step in steps} == {1}

        latecomer = JsonSocket(server.url, battle.public_id)
        await latecomer.open()
        here = await settled_presence(good, spectators=11)
        assert here["seats"] == {"good": True, "evil": False}
        for watcher in watchers:
            await watcher.close()
        assert (await settled_presence(latecomer, spectators=1))["seats"] == {"good": True, "evil": False}
        await latecomer.close()
        await good.close()

    asyncio.run(play())
    log = server.log_path.read_text(errors="replace")
    assert "TimeoutError" not in log
