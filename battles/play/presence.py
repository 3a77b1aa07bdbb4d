"""Who is on a battle now: each socket holds an entry that its heartbeat renews and that expires.

A socket whose server died (kill -9) never says goodbye; its entry simply expires. Entries live in
Redis when REDIS_URL is set, so every server process counts the same sockets; otherwise in this
process's memory. Nothing here touches the database.

Beside presence, the store keeps which variants of a step (audience and format, "spectator.html")
a battle's sockets need, so a step is rendered only in those. A socket is listed from its connect
to its disconnect, without expiry by heartbeat: a socket whose server died stays listed (for a day)
and costs only a render nobody reads, never a step somebody misses. The variants are read by a plain
call from the thread that publishes a step (battles/play/publish.py) while sockets join and leave on
the event loop, so what that call reads is replaced whole, never changed in place.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings

SEATS = ("good", "evil")


@dataclass(frozen=True)
class Summary:
    seats: dict[str, bool]
    spectators: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "presence", "seats": dict(self.seats), "spectators": self.spectators}


def summarize(members: Iterable[str]) -> Summary:
    audiences = [m.split(":", 1)[0] for m in members]
    return Summary({s: s in audiences for s in SEATS}, sum(1 for a in audiences if a == "spectator"))


def member(audience: str, channel_name: str) -> str:
    return f"{audience}:{channel_name}"


def variant(audience: str, fmt: str) -> str:
    """One rendering of a step: for an audience (good, evil, spectator) in a format (html, json)."""
    return f"{audience}.{fmt}"


LISTENER_TTL_SECONDS = 86400
"""How long a battle's list of listeners lives after its last arrival (as channel groups do)."""


VARIANTS_FRESH_SECONDS = 1.0
"""How long a process trusts what it last read of a battle's variants (it saves a Redis read a step)."""


def listener(audience: str, fmt: str, channel_name: str) -> str:
    return f"{variant(audience, fmt)}:{channel_name}"


def variants_of(listeners: Iterable[str]) -> frozenset[str]:
    return frozenset(who.split(":", 1)[0] for who in listeners)


class MemoryPresence:
    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.entries: dict[str, dict[str, float]] = {}
        self.listeners: dict[str, frozenset[str]] = {}
        self.claims: set[str] = set()

    async def claim_announcement(self, battle: str, hold: float) -> bool:
        """Take the right to announce this battle's presence next (announce.py); False if taken."""
        if battle in self.claims:
            return False
        self.claims.add(battle)
        return True

    async def release_announcement(self, battle: str) -> None:
        self.claims.discard(battle)

    async def touch(self, battle: str, who: str, ttl: float) -> tuple[Summary, int]:
        """Renew `who`; drop what has expired. Returns the summary and how many entries expired."""
        entries = self.entries.setdefault(battle, {})
        expired = self._expire(entries)
        entries[who] = self.clock() + ttl
        return summarize(entries), expired

    async def leave(self, battle: str, who: str) -> Summary:
        entries = self.entries.setdefault(battle, {})
        entries.pop(who, None)
        self._expire(entries)
        return summarize(entries)

    async def summaries(self, battles: list[str]) -> dict[str, Summary]:
        now = self.clock()
        return {b: summarize(m for m, exp in self.entries.get(b, {}).items() if exp > now) for b in battles}

    async def listen(self, battle: str, who: str) -> None:
        self.listeners[battle] = self.listeners.get(battle, frozenset()) | {who}

    async def unlisten(self, battle: str, who: str) -> None:
        self.listeners[battle] = self.listeners.get(battle, frozenset()) - {who}

    def variants(self, battle: str) -> frozenset[str]:
        """The variants of a step that someone on this battle needs now."""
        return variants_of(self.listeners.get(battle, ()))

    def _expire(self, entries: dict[str, float]) -> int:
        now = self.clock()
        stale = [m for m, expires in entries.items() if expires <= now]
        for m in stale:
            del entries[m]
        return len(stale)


class RedisPresence:
    """One sorted set per battle: member = audience:channel, score = when it expires."""

    def __init__(self, url: str, prefix: str, clock: Callable[[], float] = time.time) -> None:
        self.url = url
        self.prefix = prefix
        self.clock = clock
        # A client belongs to the event loop it was made on (tests run one loop per test).
        self.clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Any] = weakref.WeakKeyDictionary()
        self.recent_variants: dict[str, tuple[float, frozenset[str]]] = {}
        self._sync_client: Any = None

    def key(self, battle: str) -> str:
        return f"{self.prefix}:presence:{battle}"

    def listeners_key(self, battle: str) -> str:
        return f"{self.prefix}:listeners:{battle}"

    def claim_key(self, battle: str) -> str:
        return f"{self.prefix}:announcing:{battle}"

    async def claim_announcement(self, battle: str, hold: float) -> bool:
        """Take the right to announce this battle's presence next, for every process sharing this
        Redis; False if taken. The claim lapses after `hold` seconds should its holder die."""
        return bool(await self.client().set(self.claim_key(battle), 1, nx=True, px=int(hold * 1000)))

    async def release_announcement(self, battle: str) -> None:
        await self.client().delete(self.claim_key(battle))

    def client(self) -> Any:
        import redis.asyncio

        loop = asyncio.get_running_loop()
        if loop not in self.clients:
            # Sockets arriving or leaving all at once wait for a connection rather than fail.
            pool = redis.asyncio.BlockingConnectionPool.from_url(self.url, max_connections=100, timeout=20)
            self.clients[loop] = redis.asyncio.Redis(connection_pool=pool)
        return self.clients[loop]

    async def touch(self, battle: str, who: str, ttl: float) -> tuple[Summary, int]:
        now, key = self.clock(), self.key(battle)
        async with self.client().pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(key, "-inf", now)
            pipe.zadd(key, {who: now + ttl})
            pipe.expire(key, int(ttl * 2) + 1)
            pipe.zrange(key, 0, -1)
            expired, _, _, members = await pipe.execute()
        return summarize(m.decode() for m in members), int(expired)

    async def leave(self, battle: str, who: str) -> Summary:
        key = self.key(battle)
        async with self.client().pipeline(transaction=True) as pipe:
            pipe.zrem(key, who)
            pipe.zrangebyscore(key, self.clock(), "+inf")
            _, members = await pipe.execute()
        return summarize(m.decode() for m in members)

    def sync_client(self) -> Any:
        """A client for plain calls, from any thread (the one that publishes steps)."""
        import redis

        if self._sync_client is None:
            pool = redis.BlockingConnectionPool.from_url(self.url, max_connections=20, timeout=20)
            self._sync_client = redis.Redis(connection_pool=pool)
        return self._sync_client

    async def listen(self, battle: str, who: str) -> None:
        cached = self.recent_variants.get(battle)
        if cached is not None:
            self.recent_variants[battle] = (cached[0], cached[1] | variants_of([who]))
        key = self.listeners_key(battle)
        async with self.client().pipeline(transaction=True) as pipe:
            pipe.sadd(key, who)
            pipe.expire(key, LISTENER_TTL_SECONDS)
            await pipe.execute()

    async def unlisten(self, battle: str, who: str) -> None:
        self.recent_variants.pop(battle, None)
        await self.client().srem(self.listeners_key(battle), who)

    def variants(self, battle: str) -> frozenset[str]:
        """Read from Redis at most once a second per battle: a socket that joins with a variant
        nobody needed before gets the whole view for that second's steps (the consumer's fallback),
        and a socket joining through this process is added at once."""
        now = self.clock()
        cached = self.recent_variants.get(battle)
        if cached is not None and cached[0] > now:
            return cached[1]
        found = variants_of(m.decode() for m in self.sync_client().smembers(self.listeners_key(battle)))
        self.recent_variants[battle] = (now + VARIANTS_FRESH_SECONDS, found)
        return found

    async def summaries(self, battles: list[str]) -> dict[str, Summary]:
        if not battles:
            return {}
        now = self.clock()
        async with self.client().pipeline(transaction=False) as pipe:
            for battle in battles:
                pipe.zrangebyscore(self.key(battle), now, "+inf")
            results = await pipe.execute()
        pairs = zip(battles, results, strict=True)
        return {b: summarize(m.decode() for m in members) for b, members in pairs}


_store: MemoryPresence | RedisPresence | None = None


def store() -> MemoryPresence | RedisPresence:
    global _store
    if _store is None:
        redis = settings.REDIS_URL
        _store = RedisPresence(redis, settings.CHANNELS_PREFIX) if redis else MemoryPresence()
    return _store
