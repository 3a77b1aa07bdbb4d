"""The clock through real Daphne processes: it is the server's, read from the battle's timestamps, so
a server killed with kill -9 comes back with the same clocks, two servers agree on them, and time
running out ends a battle on a claim (or only flags it) exactly as the record replays it."""

from __future__ import annotations

import asyncio
import json
import os
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from battles.models import Battle
from battles.play.create import create_battle
from battles.play.records import battle_record
from rules_core.record import replay
from tests.battles.demos import demo_setup
from tests.conftest import skip_or_fail
from tests.livestack import JsonSocket

pytestmark = [pytest.mark.django_db(transaction=True)]

HOUR = 3600


def timed_battle(
    ago: float, out_of_time: str = "claim", kind: str = "chess"
) -> tuple[Battle, dict[str, str]]:
    """A battle with a clock, made `ago` seconds ago (before any server read its clock)."""
    setup = demo_setup()
    setup["clock"] = (
        {"kind": "chess", "total": HOUR, "increment": 60, "out_of_time": out_of_time}
        if kind == "chess"
        else {"kind": "correspondence", "days": 1, "out_of_time": out_of_time}
    )
    battle = create_battle("Timed", setup)
    Battle.objects.filter(pk=battle.pk).update(created_at=timezone.now() - timedelta(seconds=ago))
    return battle, {s.side: s.token for s in battle.seats.all()}


def test_the_clock_survives_kill_9_and_only_the_deciding_side_spends_time(start_server) -> None:
    server = start_server()
    battle, tokens = timed_battle(ago=600)

    async def play() -> None:
        good = JsonSocket(server.url, battle.public_id, tokens["good"])
        evil = JsonSocket(server.url, battle.public_id, tokens["evil"])
        first = await good.open()
        await evil.open()
        assert first["clock"]["running"] == "good" and first["clock"]["left"]["evil"] == HOUR
        await good.command({"type": "ready"}, expected_version=0)
        step = await evil.next()
        stopped = step["clock"]["left"]["good"]
        assert step["clock"]["running"] == "evil" and HOUR - 700 < stopped <= HOUR - 600

        server.kill()
        assert await good.closed_by_server() and await evil.closed_by_server()
        server.start()

        views = [await socket.open() for socket in (good, evil)]
        for view in views:
            assert view["clock"]["running"] == "evil"
            assert view["clock"]["left"]["good"] == stopped  # Good's clock stood still meanwhile
            assert view["clock"]["left"]["evil"] < HOUR  # Evil's ran, through the restart too
        await good.close()
        await evil.close()

    asyncio.run(play())


def test_two_servers_agree_on_the_clock_of_a_move_made_on_the_other(start_server) -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not settings.REDIS_URL:
        skip_or_fail("two servers need PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)")
    first, second = start_server(), start_server()
    battle, tokens = timed_battle(ago=300)

    async def play() -> None:
        good = JsonSocket(first.url, battle.public_id, tokens["good"])
        evil = JsonSocket(second.url, battle.public_id, tokens["evil"])
        await good.open()
        await evil.open()
        await good.command({"type": "ready"}, expected_version=0)
        on_first = await good.next()
        on_second = await evil.next()
        assert on_first["clock"]["left"]["good"] == on_second["clock"]["left"]["good"]
        await evil.command({"type": "ready"}, expected_version=1)
        on_second = await evil.next()
        on_first = await good.next()
        assert on_first["clock"]["left"] == on_second["clock"]["left"]
        assert on_first["clock"]["left"]["evil"] < HOUR  # Evil's deployment took its time
        # The side that won Priority decides now; the other's clock stands, read alike from the
        # database by a fresh view on either server.
        running = on_second["clock"]["running"]
        stopped = "evil" if running == "good" else "good"
        fresh = JsonSocket(first.url, battle.public_id)
        view = await fresh.open()
        assert view["clock"]["running"] == running
        assert view["clock"]["left"][stopped] == on_second["clock"]["left"][stopped]
        for socket in (good, evil, fresh):
            await socket.close()

    asyncio.run(play())


def test_out_of_time_through_daphne_the_opponent_claims_the_win(start_server) -> None:
    server = start_server()
    battle, tokens = timed_battle(ago=HOUR + 60)

    async def play() -> None:
        good = JsonSocket(server.url, battle.public_id, tokens["good"])
        evil = JsonSocket(server.url, battle.public_id, tokens["evil"])
        assert (await good.open())["clock"]["flagged"]["good"] is not None
        view = await evil.open()
        assert view["clock"]["may_claim"] is True
        await evil.send({"type": "claim", "id": "c1"})
        step = await good.next()
        assert step["command"] == {"type": "claim_time"} and step["pending"]["side"] is None
        assert step["events"][-1]["code"] == "out_of_time" and step["events"][-1]["winner"] == "evil"
        await good.close()
        await evil.close()

    asyncio.run(play())
    saved = Battle.objects.get(pk=battle.pk)
    assert saved.status == "finished" and saved.state["result"]["reason"] == "Good ran out of time"
    assert replay(json.loads(json.dumps(battle_record(saved)))).to_dict() == saved.state


def test_out_of_time_through_daphne_a_friendly_battle_goes_on_flagged(start_server) -> None:
    server = start_server()
    battle, tokens = timed_battle(ago=2 * 86_400, out_of_time="flag", kind="correspondence")

    async def play() -> None:
        good = JsonSocket(server.url, battle.public_id, tokens["good"])
        evil = JsonSocket(server.url, battle.public_id, tokens["evil"])
        await good.open()
        view = await evil.open()
        assert view["clock"]["flagged"]["good"] is not None and view["clock"]["may_claim"] is False
        await evil.send({"type": "claim", "id": "c1"})
        error = await evil.next("error")
        assert error["code"] == "not_allowed" and "only flagged" in error["message"]
        await good.command({"type": "ready"}, expected_version=0)
        step = await evil.next()
        assert step["seq"] == 1 and step["clock"]["flagged"]["good"] == view["clock"]["flagged"]["good"]
        await good.close()
        await evil.close()

    asyncio.run(play())
    saved = Battle.objects.get(pk=battle.pk)
    record = battle_record(saved)
    assert saved.status == "active" and record["clock"]["flagged"]["good"] is not None
