"""The floor: a bare Channels consumer that relays every message it gets to its group, and nothing else.

Served by Daphne as `tests.bench.floor:application` on the same channel layer (Redis) as Beacon,
so the bench can tell what the stack itself costs: a websocket in, a group_send, a websocket out to
every member. No database, no authentication, no rendering.

`/ws/floor/` is a stock Channels consumer: before every message it hops to a thread to close stale
database connections, as every Channels consumer does. `/ws/lean/` relays the same way without that
hop, as Beacon's BattleConsumer does (DirectDispatch): the least this stack can do.
"""

from __future__ import annotations

import os
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from battles.play.consumers import DirectDispatch  # noqa: E402


class RelayConsumer(AsyncWebsocketConsumer):
    """Relay every message to the room's group."""

    async def connect(self) -> None:
        self.group = "floor-" + self.scope["url_route"]["kwargs"]["room"]
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.channel_layer.group_send(self.group, {"type": "relay", "text": text_data})

    async def relay(self, message: dict[str, Any]) -> None:
        await self.send(text_data=message["text"])


class LeanRelayConsumer(DirectDispatch, RelayConsumer):
    """The same relay without Channels' per-message hop to the database thread."""


application = ProtocolTypeRouter(
    {
        "websocket": URLRouter(
            [
                path("ws/floor/<slug:room>/", RelayConsumer.as_asgi()),
                path("ws/lean/<slug:room>/", LeanRelayConsumer.as_asgi()),
            ]
        )
    }
)
