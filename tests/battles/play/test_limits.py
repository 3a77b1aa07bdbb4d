"""The per-message rate as counted in Redis, where every server process counts: each window's
counter is one key, which Redis forgets once the next window has passed."""

from __future__ import annotations

import uuid

import redis.asyncio

from battles.play import limits
from tests.conftest import skip_or_fail


async def test_a_window_counts_every_message_and_its_counter_expires(settings) -> None:
    if not settings.REDIS_URL:
        skip_or_fail("limits in Redis need Redis (REDIS_URL)")
    client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
    prefix = f"test-limits-{uuid.uuid4().hex}"
    store = limits.RedisLimits(lambda: client, prefix, clock=lambda: 1_000_005.0)
    try:
        counted = [await store.within_rate("seat:x:good", 2, seconds=10) for _ in range(3)]
        assert counted == [True, True, False]
        counter = f"{prefix}:rate:seat:x:good:100000"
        assert await client.get(counter) == b"3"
        assert 0 < await client.ttl(counter) <= 20  # gone once the next window is over
        await client.script_flush()  # Redis restarted, say: the script is loaded again
        assert not await store.within_rate("seat:x:good", 2, seconds=10)
    finally:
        await client.delete(f"{prefix}:rate:seat:x:good:100000")
        await client.aclose()
