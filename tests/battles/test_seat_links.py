"""A seat link's token is exchanged for the session on first use: the browser is sent on to the
battle's address without it, and the page, its socket and its record link find the seat in the
session, so the token is in no later request line (Daphne's access log), history or referrer."""

from __future__ import annotations

import asyncio
import http.client
import json

import pytest
from django.test import Client

from battles.play.create import create_battle
from tests.battles.demos import demo_setup
from tests.livestack import DaphneServer

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_a_seat_link_is_exchanged_for_the_session_and_its_address_loses_the_token() -> None:
    battle = create_battle("Secret", demo_setup())
    good = battle.seats.get(side="good").token
    client = Client()
    opened = client.get(f"/battles/{battle.public_id}/?seat={good}")
    assert opened.status_code == 302 and opened["Location"] == f"/battles/{battle.public_id}/"
    page = client.get(opened["Location"]).content.decode()
    assert "You play <strong>Good</strong>" in page
    assert page.count(good) == 1 and f'?seat={good}" data-seat-link' in page  # only the link to copy
    assert f'ws-connect="/ws/battles/{battle.public_id}/"' in page
    assert client.get(f"/battles/{battle.public_id}/record.json").status_code == 200
    assert "You play" not in Client().get(f"/battles/{battle.public_id}/").content.decode()


def test_through_a_real_server_the_token_reaches_the_access_log_only_on_first_use() -> None:
    from websockets.asyncio.client import connect

    battle = create_battle("Logged", demo_setup())
    token = battle.seats.get(side="good").token
    server = DaphneServer().start()
    try:
        first = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        first.request("GET", f"/battles/{battle.public_id}/?seat={token}")
        answer = first.getresponse()
        cookie = answer.headers["Set-Cookie"].split(";", 1)[0]
        assert answer.status == 302
        first.close()
        again = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        again.request("GET", f"/battles/{battle.public_id}/", headers={"Cookie": cookie})
        page = again.getresponse().read().decode()
        again.close()
        assert "You play <strong>Good</strong>" in page

        async def as_good() -> str:
            url = server.url.replace("http://", "ws://") + f"/ws/battles/{battle.public_id}/?format=json"
            async with connect(
                url, origin=server.url, proxy=None, additional_headers={"Cookie": cookie}
            ) as ws:  # type: ignore[arg-type]
                return str(json.loads(await ws.recv())["your_side"])

        assert asyncio.run(as_good()) == "good"
    finally:
        server.stop()
    log = server.log_path.read_text(errors="replace")
    assert log.count(token) == 1  # the first request's line, documented in docs/deploy.md
