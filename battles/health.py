"""`/health/`: whether this server process can reach what it needs, for a proxy or a monitor."""

from __future__ import annotations

import asyncio

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import HttpRequest, JsonResponse

CHECK_SECONDS = 5.0


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


async def _channel_layer() -> None:
    """A message to a channel of its own, and back: the layer (Redis when set) carries messages."""
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer is configured")
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "health.check"})
    message = await layer.receive(channel)
    if message.get("type") != "health.check":
        raise RuntimeError("the channel layer gave back another message")


async def health(request: HttpRequest) -> JsonResponse:
    """200 with each check "ok", or 503 naming what failed; each check gets CHECK_SECONDS."""
    checks = {
        "database": sync_to_async(_database, thread_sensitive=True)(),
        "channel_layer": _channel_layer(),
    }
    results: dict[str, str] = {}
    for name, check in checks.items():
        try:
            await asyncio.wait_for(check, CHECK_SECONDS)
            results[name] = "ok"
        except Exception as exc:  # any failure is the answer, not an error page
            results[name] = f"failed: {type(exc).__name__}: {exc}"[:300]
    healthy = all(result == "ok" for result in results.values())
    return JsonResponse(results, status=200 if healthy else 503)
