"""The health check a proxy asks: the database and the channel layer, each reached for real."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from contextlib import suppress

import pytest
from django.test import Client

from battles.health import CHECK_SECONDS
from tests.livestack import DaphneServer

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_a_healthy_server_says_so() -> None:
    response = Client().get("/health/")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "channel_layer": "ok"}


def test_a_server_that_cannot_reach_its_channel_layer_says_which(monkeypatch: pytest.MonkeyPatch) -> None:
    from channels.layers import channel_layers

    class Unreachable:
        async def new_channel(self) -> str:
            raise ConnectionError("Redis is not answering")

    monkeypatch.setattr(channel_layers, "backends", {"default": Unreachable()})
    response = Client().get("/health/")
    assert response.status_code == 503
    assert response.json() == {"database": "ok", "channel_layer": "failed"}  # why is logged, not told


def test_the_health_check_is_answered_over_plain_http_behind_tls(settings) -> None:
    """A proxy may ask over plain HTTP where every page is redirected to HTTPS."""
    settings.SECURE_SSL_REDIRECT = True
    assert Client().get("/health/").status_code == 200
    assert Client().get("/").status_code == 301


def test_the_live_page_is_served_while_the_presence_store_is_out_of_reach(monkeypatch) -> None:
    from battles.play import presence
    from battles.play.create import create_battle
    from battles.play.submit import submit
    from tests.battles.demos import demo_setup

    battle = create_battle("Still on", demo_setup())
    submit(battle.id, "good", {"type": "ready"})

    class Unreachable(presence.MemoryPresence):
        async def summaries(self, battles: list[str]) -> dict:
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(presence, "_store", Unreachable())
    response = Client().get("/battles/live/")
    assert response.status_code == 200
    assert (
        "Still on" in response.content.decode()
        and '<td data-testid="spectators">?</td>' in response.content.decode()
    )


class SilentServer:
    """A TCP listener on this machine that accepts every connection and never answers: PostgreSQL
    or Redis hung, or a firewall that swallows packets."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.accepted: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def url(self, scheme: str) -> str:
        return f"{scheme}://beacon@127.0.0.1:{self.listener.getsockname()[1]}/0"

    def _accept(self) -> None:
        with suppress(OSError):  # closed
            while True:
                self.accepted.append(self.listener.accept()[0])

    def close(self) -> None:
        self.listener.close()
        for held in self.accepted:
            held.close()


def test_the_health_check_answers_within_its_time_when_the_database_and_redis_never_answer() -> None:
    """Through a real server: each check gives up after CHECK_SECONDS and says only "failed";
    nothing of the addresses it tried reaches the answer."""
    database, redis = SilentServer(), SilentServer()
    quiet = {
        "NUDGE_EVERY_SECONDS": "0",
        "DATABASE_POOL_TIMEOUT": "30",  # psycopg's own default: the check's bound is its own
        "REDIS_URL": redis.url("redis"),
    }
    server = DaphneServer(database_url=database.url("postgres"), extra_env=quiet).start()
    try:
        asked = time.monotonic()
        client = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        client.request("GET", "/health/")
        answer = client.getresponse()
        took = time.monotonic() - asked
        body = json.loads(answer.read())
        client.close()
    finally:
        server.kill()  # its threads still wait on the silent servers
        database.close()
        redis.close()
    assert database.accepted and redis.accepted, "the server never tried them"
    assert (answer.status, body) == (503, {"database": "failed", "channel_layer": "failed"})
    # A timeout's own bound, not a speed: the check waits CHECK_SECONDS, the pool's 30 would be far past.
    assert CHECK_SECONDS <= took < CHECK_SECONDS + 3, took
