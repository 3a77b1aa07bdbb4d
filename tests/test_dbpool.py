"""The PostgreSQL pool lends a connection that came back a moment ago without a round trip to check
it, and checks any other (config/postgresql/base.py)."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from django.db import connection
from psycopg_pool import ConnectionPool

from config.postgresql import base
from tests.conftest import skip_or_fail


class Connection:
    """Stands for a psycopg connection: the pool's check runs a query on it."""

    def __init__(self) -> None:
        self.queries = 0
        self.autocommit = True

    def execute(self, query: str) -> None:
        self.queries += 1


def test_a_connection_back_a_moment_ago_is_lent_unchecked_and_any_other_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [100.0]
    monkeypatch.setattr(base, "monotonic", lambda: clock[0])
    conn = Connection()
    base.check(conn)  # new: never given back
    assert conn.queries == 1
    base.returned(conn)
    clock[0] += base.FRESH_SECONDS / 2
    base.check(conn)
    assert conn.queries == 1
    clock[0] += base.FRESH_SECONDS
    base.check(conn)  # sat in the pool long enough to have died there (PostgreSQL restarted)
    assert conn.queries == 2


@pytest.mark.django_db(transaction=True)
def test_the_pool_asks_that_check_and_seldom_goes_to_the_database(monkeypatch: pytest.MonkeyPatch) -> None:
    if connection.vendor != "postgresql":
        skip_or_fail("the pool is PostgreSQL's (DATABASE_URL)")
    asked: list[psycopg.Connection[Any]] = []
    checked: list[psycopg.Connection[Any]] = []
    ours, stock = base.check, ConnectionPool.check_connection

    def asking(conn: psycopg.Connection[Any]) -> None:
        asked.append(conn)
        ours(conn)

    def checking(conn: psycopg.Connection[Any]) -> None:
        checked.append(conn)
        stock(conn)

    monkeypatch.setattr(base, "check", asking)
    monkeypatch.setattr(ConnectionPool, "check_connection", checking)
    connection.close()
    for _ in range(3):  # as three submits in a row: borrowed, used, given back
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        connection.close()
    assert len(asked) == 3 and len(checked) < 3
