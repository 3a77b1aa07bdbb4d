from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from battles.models import Battle
from battles.play import create, submit
from config.asgi import application
from rules_core import ScriptedDice
from tests.conftest import skip_or_fail

ORIGIN = (b"origin", b"http://127.0.0.1")


@pytest.fixture
def scripted_dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedDice]:
    """Every submit in the test rolls from this one script."""
    dice = ScriptedDice()
    monkeypatch.setattr(submit, "make_dice", lambda public_id: dice)
    yield dice


@pytest.fixture(autouse=True)
def _fresh_presence_and_layer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test counts only its own sockets, and gets its own channel layer: a Redis layer holds
    asyncio locks bound to the event loop of the test that first used it."""
    from channels.layers import channel_layers

    from battles.play import limits, presence

    monkeypatch.setattr(presence, "_store", None)
    monkeypatch.setattr(limits, "_store", None)
    monkeypatch.setattr(channel_layers, "backends", {})


@pytest.fixture(params=["memory", "redis"])
def limits_store(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, settings) -> None:
    """The limits counted in this process's memory, and in Redis (where every process counts)."""
    from battles.play import limits

    if request.param == "memory":
        monkeypatch.setattr(limits, "_store", limits.MemoryLimits())
    elif not settings.REDIS_URL:
        skip_or_fail("limits in Redis need Redis (REDIS_URL)")


async def connect(public_id: str, token: str = "", fmt: str = "json") -> WebsocketCommunicator:
    query = "&".join(p for p in (f"seat={token}" if token else "", f"format={fmt}" if fmt else "") if p)
    path = f"/ws/battles/{public_id}/" + (f"?{query}" if query else "")
    communicator = WebsocketCommunicator(application, path, headers=[ORIGIN])
    # Not the communicator's 1 s: on a loaded machine (the suite spread over every core) the
    # consumer's first database and Redis calls may take longer than that to accept.
    connected, _ = await communicator.connect(timeout=10)
    assert connected
    return communicator


async def receive(ws: WebsocketCommunicator, kind: str = "step", timeout: float = 5) -> dict[str, Any]:
    """The next message of `kind`; presence updates in between are skipped unless asked for."""
    while True:
        message = await ws.receive_json_from(timeout=timeout)
        if message["type"] == kind:
            return message
        skippable = ("presence", "view") if kind == "presence" else ("presence",)
        assert message["type"] in skippable, f"expected a {kind}, got {str(message)[:300]}"


async def receive_text(ws: WebsocketCommunicator, needle: str, timeout: float = 5) -> str:
    """The next HTML message containing `needle` (other messages in between are skipped)."""
    while True:
        text = await ws.receive_from(timeout=timeout)
        if needle in text:
            return text


async def nothing_but_presence(ws: WebsocketCommunicator, timeout: float = 0.2) -> bool:
    """True if nothing but presence updates arrives (a timed-out receive would stop the consumer)."""
    while not await ws.receive_nothing(timeout=timeout):
        text = await ws.receive_from()
        if not text.startswith("{") or json.loads(text)["type"] != "presence":
            return False
    return True


async def seats(battle: Battle) -> dict[str, str]:
    return await database_sync_to_async(lambda: {s.side: s.token for s in battle.seats.all()})()


async def command(
    ws: WebsocketCommunicator, cmd: dict, version: int | None = None, message_id: str | None = None
) -> str:
    message_id = message_id or str(uuid.uuid4())
    payload: dict[str, Any] = {"type": "command", "id": message_id, "command": cmd}
    if version is not None:
        payload["expected_version"] = version
    await ws.send_json_to(payload)
    return message_id


async def saved(battle: Battle) -> Battle:
    return await database_sync_to_async(Battle.objects.get)(pk=battle.pk)


create_battle = database_sync_to_async(create.create_battle)
