"""A change committed but not pushed to the battle's sockets (the channel layer lost after the
commit, or the process killed before it pushed): the sender is told the truth, that it was
recorded, and every socket is sent what it missed."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from battles.models import BattleEvent, ChatLine
from battles.play import submit
from tests.battles.conftest import command, connect, create_battle, receive, saved, seats
from tests.battles.demos import demo_setup
from tests.battles.play.conftest import new_battle
from tests.battles.play.test_reliability import need_postgresql_and_redis
from tests.livestack import DaphneServer, JsonSocket

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture
def quick_sweep(settings) -> None:
    settings.CATCH_UP_SWEEP_SECONDS = 0.1
    settings.CATCH_UP_AFTER_SECONDS = 0.0


def redis_lost(*args: object) -> None:
    raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


async def test_a_step_recorded_but_not_pushed_is_told_as_recorded_and_reaches_everyone(
    monkeypatch, quick_sweep
) -> None:
    battle = await create_battle("Lost Redis", demo_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    spectator = await connect(battle.public_id)
    for ws in (good, spectator):
        await receive(ws, "view")
    monkeypatch.setattr(submit, "publish_step", redis_lost)

    sent = await command(good, {"type": "ready"}, version=0)
    view = await receive(good, "view")
    error = await receive(good, "error")
    assert view["seq"] == 1
    assert (error["code"], error["id"]) == ("not_delivered", sent)
    assert "recorded" in error["message"]
    assert (await saved(battle)).version == 1

    caught_up = await receive(spectator, "step")
    assert (caught_up["seq"], caught_up["command"]) == (1, {"type": "ready"})
    for ws in (good, spectator):
        await ws.disconnect()


async def test_a_step_whose_push_fails_on_the_loop_is_told_as_recorded(monkeypatch) -> None:
    """The thread that committed the step no longer waits for its push: the channel layer failing
    on the event loop afterwards still reaches the sender as the truth."""
    battle = await create_battle("Lost Redis later", demo_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    await receive(good, "view")
    layer = get_channel_layer()
    stock = layer.group_send

    async def steps_lost(group: str, message: dict) -> None:
        if message["type"] == "battle.step":
            redis_lost()
        await stock(group, message)

    monkeypatch.setattr(layer, "group_send", steps_lost)
    sent = await command(good, {"type": "ready"}, version=0)
    assert (await receive(good, "view"))["seq"] == 1
    error = await receive(good, "error")
    assert (error["code"], error["id"]) == ("not_delivered", sent)
    assert (await saved(battle)).version == 1
    await good.disconnect()


async def test_a_chat_line_said_but_not_pushed_is_told_as_said(monkeypatch) -> None:
    battle = await create_battle("Lost Redis", demo_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    await receive(good, "view")
    monkeypatch.setattr(get_channel_layer(), "group_send", redis_lost)

    await good.send_json_to({"type": "chat", "id": "c1", "channel": "players", "text": "Well met"})
    await receive(good, "view")
    error = await receive(good, "error")
    assert (error["code"], error["id"]) == ("not_delivered", "c1")
    assert await database_sync_to_async(ChatLine.objects.filter(text="Well met").count)() == 1
    await good.disconnect()


def test_a_step_whose_server_was_killed_before_pushing_it_reaches_the_other_servers_sockets() -> None:
    need_postgresql_and_redis()
    dying = DaphneServer(app="tests.battles.play.dying_asgi:application").start()
    other = DaphneServer(extra_env={"CATCH_UP_SWEEP_SECONDS": "0.5", "CATCH_UP_AFTER_SECONDS": "1"}).start()
    battle, tokens = new_battle()

    async def play() -> dict:
        watcher = JsonSocket(other.url, battle.public_id)
        await watcher.open()
        good = JsonSocket(dying.url, battle.public_id, tokens["good"])
        await good.open()
        await good.command({"type": "ready"}, expected_version=0)
        step = await watcher.next("step", timeout=20)
        await watcher.close()
        return step

    try:
        step = asyncio.run(play())
    finally:
        dying.stop()
        other.stop()
    assert dying.process is not None and dying.process.returncode == -9  # killed before it pushed
    assert (step["seq"], step["command"]) == (1, {"type": "ready"})
    assert BattleEvent.objects.filter(battle=battle).count() == 1
