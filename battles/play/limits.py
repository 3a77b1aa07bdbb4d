"""How much one seat, one socket or one address may ask of the server, counted where every server
process sees the same count: in Redis when REDIS_URL is set, otherwise in this process's memory.

Two kinds of limit:
- a rate: at most so many messages in one window of the clock (fixed windows of so many seconds:
  one second for every message, ten for chat lines), for a seat across all its sockets (a player
  cannot multiply the limit by opening more), or for one spectator socket;
- a cap: at most so many sockets held at once, for a seat or for a client address. A socket holds
  its place from its connect to its disconnect, renewed by its heartbeat like its presence, so the
  place of a socket whose server died (kill -9) frees itself.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings

from . import presence


class MemoryLimits:
    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.windows: dict[str, tuple[int, int]] = {}  # key: (when its window ends, messages in it)
        self.holds: dict[str, dict[str, float]] = {}

    async def within_rate(self, key: str, most: int, seconds: int = 1) -> bool:
        """Count one message for `key`; False if it is over `most` in this window of `seconds`."""
        now = self.clock()
        ends = (window_of(now, seconds) + 1) * seconds
        ended, count = self.windows.get(key, (ends, 0))
        count = count + 1 if ended == ends else 1
        self.windows[key] = (ends, count)
        if len(self.windows) > 10_000:  # forget the windows gone by
            self.windows = {k: w for k, w in self.windows.items() if w[0] > now}
        return count <= most

    async def hold(self, key: str, who: str, most: int, ttl: float) -> bool:
        """Take (or renew) `who`'s place under `key`; False, and nothing held, if `most` are taken."""
        now = self.clock()
        places = {w: until for w, until in self.holds.get(key, {}).items() if until > now}
        if who not in places and len(places) >= most:
            self.holds[key] = places
            return False
        places[who] = now + ttl
        self.holds[key] = places
        return True

    async def release(self, key: str, who: str) -> None:
        places = self.holds.get(key, {})
        places.pop(who, None)
        if not places:
            self.holds.pop(key, None)  # an address or a seat with no socket left is forgotten


COUNT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
"""
"""Count one message in a window's counter, which expires with the next window: one command, as
atomic as the MULTI/EXEC of an INCR and an EXPIRE, but one reply to read instead of four (every
message a socket sends pays for it, before anything else is done)."""


class RedisLimits:
    """A counter per key and window (it expires with the next), and a sorted set of places per key
    (member = socket, score = when its place expires), on the presence store's connections."""

    def __init__(
        self, client: Callable[[], Any], prefix: str, clock: Callable[[], float] = time.time
    ) -> None:
        self.client = client
        self.prefix = prefix
        self.clock = clock
        self.count: Any = None  # the COUNT script, registered with the first client used

    async def within_rate(self, key: str, most: int, seconds: int = 1) -> bool:
        counter = f"{self.prefix}:rate:{key}:{window_of(self.clock(), seconds)}"
        client = self.client()
        if self.count is None:
            self.count = client.register_script(COUNT)
        count = await self.count(keys=[counter], args=[2 * seconds], client=client)
        return int(count) <= most

    async def hold(self, key: str, who: str, most: int, ttl: float) -> bool:
        now, places = self.clock(), f"{self.prefix}:sockets:{key}"
        async with self.client().pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(places, "-inf", now)
            pipe.zscore(places, who)
            pipe.zadd(places, {who: now + ttl})
            pipe.expire(places, int(ttl * 2) + 1)
            pipe.zcard(places)
            _, held_before, _, _, taken = await pipe.execute()
        if held_before is not None or int(taken) <= most:
            return True  # a renewal never fails
        await self.client().zrem(places, who)  # over the cap: give the place back
        return False

    async def release(self, key: str, who: str) -> None:
        await self.client().zrem(f"{self.prefix}:sockets:{key}", who)


def window_of(now: float, seconds: int) -> int:
    """The number of the window of `seconds` that the time `now` falls in (windows start at whole
    multiples of `seconds`, so every process counts in the same ones)."""
    return int(now) // seconds


def seconds_left(seconds: int) -> int:
    """Whole seconds (at least 1) until the current window of `seconds` ends and its count starts
    again: how long a sender over its rate waits."""
    now = store().clock()
    return max(1, math.ceil((window_of(now, seconds) + 1) * seconds - now))


_store: MemoryLimits | RedisLimits | None = None


def store() -> MemoryLimits | RedisLimits:
    global _store
    if _store is None:
        sockets = presence.store()
        if isinstance(sockets, presence.RedisPresence):
            _store = RedisLimits(sockets.client, settings.CHANNELS_PREFIX)
        else:
            _store = MemoryLimits()
    return _store
