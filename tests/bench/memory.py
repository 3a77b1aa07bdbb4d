"""Memory per idle connected socket: a fresh server's resident memory before and after N more sockets."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.bench.stack import rss_kib
from tests.livestack import DaphneServer

WARM_UP_SOCKETS = 20
SETTLE_SECONDS = 2.0


async def open_socket(server: DaphneServer, path: str, first_message: bool) -> Any:
    from websockets.asyncio.client import connect

    url = server.url.replace("http://", "ws://") + path
    socket = await connect(url, origin=server.url, proxy=None, compression=None, max_size=None)  # type: ignore[arg-type]
    if first_message:
        await socket.recv()  # the view: the socket is fully set up once it has come
    return socket


async def idle_socket_kib(server: DaphneServer, paths: list[str], count: int, first_message: bool) -> float:
    """KiB of the server's resident memory per socket, over `count` sockets spread across `paths`."""
    sockets = []
    gate = asyncio.Semaphore(20)

    async def one(i: int) -> None:
        async with gate:
            sockets.append(await open_socket(server, paths[i % len(paths)], first_message))

    try:
        await asyncio.gather(*(one(i) for i in range(WARM_UP_SOCKETS)))
        await asyncio.sleep(SETTLE_SECONDS)
        before = rss_kib(server.pid)
        await asyncio.gather(*(one(i) for i in range(count)))
        await asyncio.sleep(SETTLE_SECONDS)
        after = rss_kib(server.pid)
    finally:
        await asyncio.gather(*(s.close() for s in sockets), return_exceptions=True)
    return (after - before) / count
