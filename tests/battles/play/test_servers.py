"""Real Daphne processes: a server killed mid-battle loses nothing, and two servers share a battle."""

from __future__ import annotations

import asyncio
import os

import pytest
from django.conf import settings

from battles.models import Battle
from battles.play.records import battle_record
from rules_core.record import replay
from tests.battles.play.conftest import new_battle
from tests.conftest import skip_or_fail
from tests.livestack import JsonSocket

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_kill_9_mid_battle_loses_nothing_and_clients_carry_on(start_server) -> None:
    server = start_server()
    battle, tokens = new_battle()

    async def play() -> None:
        good = JsonSocket(server.url, battle.public_id, tokens["good"])
        evil = JsonSocket(server.url, battle.public_id, tokens["evil"])
        await good.open()
        await evil.open()
        await good.command({"type": "ready"}, expected_version=0)
        assert (await evil.next())["seq"] == 1

        server.kill()
        assert await good.closed_by_server() and await evil.closed_by_server()
        server.start()

        for socket in (good, evil):
            view = await socket.open()
            assert view["seq"] == 1
            assert view["pending"]["side"] == "evil" and view["pending"]["kind"] == "deploy"
        await evil.command({"type": "ready"}, expected_version=1)
        step = await good.next()
        assert step["seq"] == 2 and step["pending"]["kind"] == "choose_priority"
        assert [r["purpose"] for r in step["rolls"]][:2] == ["priority", "priority"]
        await good.close()
        await evil.close()

    asyncio.run(play())
    saved = Battle.objects.get(pk=battle.pk)
    assert saved.version == 2 and saved.events.count() == 2
    assert replay(battle_record(saved)).to_dict() == saved.state


def test_two_servers_on_postgresql_and_redis_share_every_step(start_server) -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not settings.REDIS_URL:
        skip_or_fail("two servers need PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)")
    first, second = start_server(), start_server()
    battle, tokens = new_battle()

    async def play() -> None:
        good = JsonSocket(first.url, battle.public_id, tokens["good"])
        evil = JsonSocket(second.url, battle.public_id, tokens["evil"])
        watcher = JsonSocket(second.url, battle.public_id)
        for socket in (good, evil, watcher):
            await socket.open()
        here = await good.next("presence")
        while here["spectators"] < 1 or not here["seats"]["evil"]:
            here = await good.next("presence")  # counted on the other server, seen on this one

        await good.command({"type": "ready"}, expected_version=0)
        for socket in (good, evil, watcher):
            step = await socket.next()
            assert step["seq"] == 1 and step["events"][0]["text"] == "Good has deployed."
        await evil.command({"type": "ready"}, expected_version=1)
        steps = [await socket.next() for socket in (good, watcher)]
        assert steps[0]["seq"] == steps[1]["seq"] == 2
        assert steps[0]["rolls"] == steps[1]["rolls"]
        await evil.next()

        # Both players at the same instant, each through their own server: exactly one applies.
        await asyncio.gather(
            good.command({"type": "concede"}, expected_version=2),
            evil.command({"type": "concede"}, expected_version=2),
        )
        final = await watcher.next()
        assert final["seq"] == 3
        loser = evil if final["side"] == "good" else good
        assert (await loser.next("view"))["seq"] == 3  # refreshed first, then told why
        assert (await loser.next("error"))["code"] == "stale_version"
        for socket in (good, evil, watcher):
            await socket.close()

    asyncio.run(play())
    saved = Battle.objects.get(pk=battle.pk)
    assert saved.version == 3 and saved.status == "finished"


CROWD = 150
"""More sockets at once than redis-py 8's default pool of 100 connections holds."""


def test_a_crowd_joining_at_once_is_served_on_redis(start_server) -> None:
    """A club's screen full of spectators, or every browser reconnecting after a restart: each
    gets the battle, and the next step, none an error."""
    if not settings.REDIS_URL:
        skip_or_fail("the crowd test needs Redis (REDIS_URL)")
    server = start_server()
    battle, tokens = new_battle()

    async def play() -> None:
        good = JsonSocket(server.url, battle.public_id, tokens["good"])
        await good.open()
        crowd = [JsonSocket(server.url, battle.public_id) for _ in range(CROWD)]
        views = await asyncio.gather(*(watcher.open() for watcher in crowd))
        assert [view["seq"] for view in views] == [0] * CROWD
        await good.command({"type": "ready"}, expected_version=0)
        steps = await asyncio.gather(*(watcher.next() for watcher in crowd))
        assert {step["seq"] for step in steps} == {1}
        await asyncio.gather(*(watcher.close() for watcher in crowd), good.close())

    asyncio.run(play())
