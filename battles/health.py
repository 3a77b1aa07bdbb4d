"""`/health/`: whether this server process can reach what it needs, for a proxy or a monitor."""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import HttpRequest, JsonResponse

CHECK_SECONDS = 5.0

log = logging.getLogger(__name__)


def _database() -> None:
    """One query, on a connection of this thread's own (not the thread every view shares, where a
    request stuck on the database would hold the check back), given back at once."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connection.close()


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
    """200 with each check "ok", or 503 with the one that failed "failed" (why is logged, never told:
    an exception's text names addresses and hosts); each check gets CHECK_SECONDS, at the same time."""
    checks = {
        "database": sync_to_async(_database, thread_sensitive=False)(),
        "channel_layer": _channel_layer(),
    }
    answers = await asyncio.gather(
        *(asyncio.wait_for(check, CHECK_SECONDS) for check in checks.values()), return_exceptions=True
    )
    results: dict[str, str] = {}
    for name, answer in zip(checks, answers, strict=True):
        if isinstance(answer, BaseException):
            log.warning("health: the %s check failed: %s: %s", name, type(answer).__name__, answer)
            results[name] = "failed"
        else:
            results[name] = "ok"
    healthy = all(result == "ok" for result in results.values())
    return JsonResponse(results, status=200 if healthy else 503)


def seen_address(request: HttpRequest) -> JsonResponse:
    """`/health/address/`: the client's address as this process sees it, the one every limit counts
    by. Asked through the proxy with a made-up X-Forwarded-For, it shows whether the set-up is right
    (`manage.py check_proxy`, docs/deploy.md)."""
    return JsonResponse({"address": str(request.META.get("REMOTE_ADDR") or "")})
