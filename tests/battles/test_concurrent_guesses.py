"""Guesses sent all at once, to two server processes sharing the count: no more are tried than the
limit allows (each takes its place in the count before it is tried)."""

from __future__ import annotations

import re
import urllib.error
import urllib.parse
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth.models import User

from tests.battles.play.test_reliability import need_postgresql_and_redis
from tests.livestack import DaphneServer

pytestmark = [pytest.mark.django_db(transaction=True)]

GUESSES = 60
LIMIT = 10


def form_and_cookie(server: DaphneServer) -> tuple[str, str]:
    """A sign-in form's CSRF token and the cookie that goes with it."""
    with urllib.request.urlopen(f"{server.url}/accounts/login/") as response:
        page = response.read().decode()
        cookie = response.headers["Set-Cookie"].split(";", 1)[0]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    return token.group(1), cookie


def guess(server: DaphneServer, token: str, cookie: str, username: str, password: str) -> int:
    body = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token, "username": username, "password": password}
    ).encode()
    request = urllib.request.Request(f"{server.url}/accounts/login/", data=body, headers={"Cookie": cookie})
    try:
        with urllib.request.urlopen(request) as response:
            return int(response.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


@pytest.mark.long(8)
def test_guesses_at_once_through_two_servers_are_tried_no_more_than_the_limit() -> None:
    need_postgresql_and_redis()
    # A name of its own: the servers count in Redis, which outlives a run, and by address and name.
    username = f"ann-{uuid.uuid4().hex[:8]}"
    User.objects.create_user(username, password="correct-horse-9")
    limits = {"THROTTLE_SIGN_IN_FAILURES": str(LIMIT)}
    servers = [DaphneServer(extra_env=limits).start() for _ in range(2)]
    try:
        forms = [form_and_cookie(server) for server in servers]
        with ThreadPoolExecutor(GUESSES) as pool:
            answers = list(
                pool.map(
                    lambda i: guess(servers[i % 2], *forms[i % 2], username, f"wrong-{i}"),
                    range(GUESSES),
                )
            )
    finally:
        for server in servers:
            server.stop()
    assert sorted(set(answers)) == [200, 429]
    assert answers.count(200) == LIMIT  # tried and failed; every other guess refused untried
