"""Django's PostgreSQL backend, its pool checking only a connection that may have died in it.

Channels gives a connection back to the pool after every `database_sync_to_async` call, so a
submit borrows one each time, and the pool's stock check (`ConnectionPool.check_connection`) made
that a round trip to PostgreSQL before the submit's own one statement. A connection that came back
in good order (the pool resets it to idle, or closes it) less than `FRESH_SECONDS` ago is lent
unchecked: it cannot have sat dead since. One that waited longer, or is new, is checked as before,
so after PostgreSQL restarts no request is answered 500 for a connection that died in the pool.
"""

from __future__ import annotations

from time import monotonic
from typing import Any

from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool

FRESH_SECONDS = 1.0
"""How lately a connection must have come back to be lent without a check."""

_BACK = "_beacon_back_at"


def returned(conn: Any) -> None:
    """The pool's `reset`, run on every connection given back in good order: note when."""
    setattr(conn, _BACK, monotonic())


def check(conn: Any) -> None:
    """The pool's check: raises if the connection is dead (and the pool opens another)."""
    back = getattr(conn, _BACK, None)
    if back is not None and monotonic() - back < FRESH_SECONDS:
        return
    ConnectionPool.check_connection(conn)


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self) -> ConnectionPool | None:
        pool: ConnectionPool | None = super().pool  # type: ignore[misc]  # django-stubs lack it
        if pool is not None and (pool._check, pool._reset) != (check, returned):
            # Django makes the pool with CONN_HEALTH_CHECKS' check (or none): ours in its place.
            pool._check, pool._reset = check, returned
        return pool
