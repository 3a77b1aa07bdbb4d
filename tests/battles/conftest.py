from __future__ import annotations

from collections.abc import Iterator

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from battles import services
from config.asgi import application
from rules_core import ScriptedDice

ORIGIN = (b"origin", b"http://127.0.0.1")


@pytest.fixture
def scripted_dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedDice]:
    """Every submit in the test rolls from this one script."""
    dice = ScriptedDice()
    monkeypatch.setattr(services, "make_dice", lambda: dice)
    yield dice


async def connect(public_id: str, token: str = "", fmt: str = "json") -> WebsocketCommunicator:
    query = "&".join(p for p in (f"seat={token}" if token else "", f"format={fmt}" if fmt else "") if p)
    path = f"/ws/battles/{public_id}/" + (f"?{query}" if query else "")
    communicator = WebsocketCommunicator(application, path, headers=[ORIGIN])
    connected, _ = await communicator.connect()
    assert connected
    return communicator


create_battle = database_sync_to_async(services.create_battle)
