"""A crowd joining a battle: who is here is told in a few messages, not one per arrival per socket."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings

from battles.play import announce, presence
from tests.battles.conftest import connect, create_battle, receive, seats
from tests.battles.demos import demo_setup
from tests.conftest import skip_or_fail

pytestmark = pytest.mark.django_db(transaction=True)

CROWD = 150


@pytest.fixture
def window_over(monkeypatch: pytest.MonkeyPatch) -> asyncio.Event:
    """The window in which changes are gathered ends when the test sets this (no clock)."""
    over = asyncio.Event()

    async def wait_for_the_test(seconds: float) -> None:
        await over.wait()

    monkeypatch.setattr(announce, "wait", wait_for_the_test)
    return over


@pytest.fixture
def announcements(monkeypatch: pytest.MonkeyPatch) -> list[presence.Summary]:
    """Every presence update sent to a battle's group (each reaches every socket of the battle)."""
    sent: list[presence.Summary] = []
    publish = announce.publish_presence

    async def counted(layer: Any, battle_id: int, summary: presence.Summary) -> None:
        sent.append(summary)
        await publish(layer, battle_id, summary)

    monkeypatch.setattr(announce, "publish_presence", counted)
    return sent


async def all_counted(public_id: str, spectators: int) -> None:
    """Until the presence store counts them all (a socket is counted just after its view is sent)."""
    while (await presence.store().summaries([public_id]))[public_id].spectators != spectators:
        await asyncio.sleep(0.01)


async def presence_received(ws: WebsocketCommunicator) -> list[dict]:
    """The presence updates this socket has been sent so far (the view is passed over)."""
    found = []
    while not await ws.receive_nothing(timeout=0.001):
        message = await ws.receive_json_from()
        if message["type"] == "presence":
            found.append(message)
    return found


@pytest.fixture
def in_memory(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """One process's channel layer and presence: 151 sockets of one test share one event loop,
    which a Redis layer's blocking reads do not survive (a real server's crowd on Redis is
    test_servers.py's); the claim on Redis is tested below on its own."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    monkeypatch.setattr(presence, "_store", presence.MemoryPresence())


@pytest.mark.long(4)
async def test_150_spectators_joining_are_told_in_a_bounded_number_of_messages(
    scripted_dice, in_memory, window_over, announcements
):
    """Each arrival used to be announced to every socket: 150 spectators joining made over 11,000
    presence messages. Arriving within one window, the crowd is told who is here once, exactly."""
    battle = await create_battle("A crowd", demo_setup())
    good = await connect(battle.public_id, (await seats(battle))["good"])
    crowd = [await connect(battle.public_id) for _ in range(CROWD)]
    await all_counted(battle.public_id, CROWD)
    window_over.set()

    everyone = [good, *crowd]
    final = {"type": "presence", "seats": {"good": True, "evil": False}, "spectators": CROWD}
    for ws in everyone:
        assert await receive(ws, "presence") == final
    received = len(everyone) + sum([len(await presence_received(ws)) for ws in everyone])
    assert len(announcements) == 1
    assert received == len(everyone), f"{received} presence messages for {CROWD} arrivals"
    for ws in everyone:
        await ws.disconnect()


async def test_changes_while_an_announcement_waits_are_in_that_announcement(
    scripted_dice, window_over, announcements
):
    """Arrivals and departures in one window: the one update sent says how things stand at its end."""
    battle = await create_battle("Comings and goings", demo_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    evil = await connect(battle.public_id, tokens["evil"])
    watchers = [await connect(battle.public_id) for _ in range(3)]
    await evil.disconnect()
    await watchers[0].disconnect()
    await all_counted(battle.public_id, 2)
    window_over.set()
    assert await receive(good, "presence") == {
        "type": "presence",
        "seats": {"good": True, "evil": False},
        "spectators": 2,
    }
    assert announcements == [presence.Summary({"good": True, "evil": False}, 2)]
    for ws in (good, *watchers[1:]):
        await ws.disconnect()


async def test_one_announcement_is_claimed_at_a_time_for_every_process_on_redis() -> None:
    """Two processes sharing a Redis: while one holds a battle's next announcement, the other's
    change waits for it; once given back, the next change claims it again."""
    if not settings.REDIS_URL:
        skip_or_fail("the shared claim needs Redis (REDIS_URL)")
    one = presence.RedisPresence(settings.REDIS_URL, settings.CHANNELS_PREFIX)
    other = presence.RedisPresence(settings.REDIS_URL, settings.CHANNELS_PREFIX)
    battle = "claimed-battle"
    await one.release_announcement(battle)
    assert await one.claim_announcement(battle, 10)
    assert not await other.claim_announcement(battle, 10)
    await one.release_announcement(battle)
    assert await other.claim_announcement(battle, 10)
    await other.release_announcement(battle)
