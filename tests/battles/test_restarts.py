"""A real server after PostgreSQL dropped every connection (as a restart does), and asked for a host
it does not serve: pages as ever, and the log a line, not a traceback."""

from __future__ import annotations

import http.client

import pytest
from django.db import connection

from tests.battles.play.test_reliability import need_postgresql_and_redis
from tests.livestack import DaphneServer

pytestmark = [pytest.mark.django_db(transaction=True)]


def get(server: DaphneServer, path: str, host: str = "127.0.0.1") -> int:
    client = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    client.request("GET", path, headers={"Host": host})
    status = client.getresponse().status
    client.close()
    return status


def drop_every_other_connection() -> int:
    """What a PostgreSQL restart does to the server's pooled connections: each is closed under it."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return int(cursor.fetchone()[0])


def test_pages_are_served_as_ever_after_the_database_dropped_its_connections() -> None:
    need_postgresql_and_redis()
    server = DaphneServer(extra_env={"DATABASE_POOL_SIZE": "4"}).start()
    try:
        assert [get(server, "/") for _ in range(6)] == [200] * 6
        assert drop_every_other_connection() >= 1
        after = [get(server, "/") for _ in range(6)]
    finally:
        server.stop()
    assert after == [200] * 6


def test_a_request_for_another_host_is_logged_in_one_line() -> None:
    server = DaphneServer().start()
    try:
        assert get(server, "/", host="evil.example") == 400
    finally:
        server.stop()
    log = server.log_path.read_text(errors="replace")
    assert "Invalid HTTP_HOST header: 'evil.example'" in log
    assert "Traceback" not in log
