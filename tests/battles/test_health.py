"""The health check a proxy asks: the database and the channel layer, each reached for real."""

from __future__ import annotations

import pytest
from django.test import Client

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
