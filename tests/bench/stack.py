"""The bench's own stack: a dedicated PostgreSQL database and Redis DB, and Daphne servers on them.

Nothing here touches what the tests use: the database `beacon_bench` is dropped and made anew,
Redis DB 13 is flushed, and channel names carry their own prefix. Each can be moved by setting
BENCH_DATABASE_URL or BENCH_REDIS_URL.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from tests.livestack import DaphneServer

ROOT = Path(__file__).resolve().parents[2]
LOG_DIR = ROOT / "tests" / "bench" / "logs"
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/beacon_bench")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")
CHANNELS_PREFIX = "beacon-bench"

SERVER_ENV = {
    "DATABASE_URL": DATABASE_URL,
    "REDIS_URL": REDIS_URL,
    "CHANNELS_PREFIX": CHANNELS_PREFIX,
    # Bots decide as fast as the server answers, hundreds of them from this one address: lift the
    # per-seat message limit (10/s for people) and the cap on one address's sockets.
    "WS_RATE_PER_SECOND": "100000",
    "WS_MAX_SOCKETS_PER_ADDRESS": "100000",
    "LOG_LEVEL": "WARNING",
}


def configure_environment() -> None:
    """Point this process's Django settings at the bench stack (call before django.setup())."""
    os.environ.update(SERVER_ENV)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def recreate_database() -> None:
    import psycopg

    parts = urlsplit(DATABASE_URL)
    name = parts.path.lstrip("/")
    admin_url = urlunsplit(parts._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def reset_redis() -> None:
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    client.flushdb()
    client.close()


def prepare() -> None:
    """A fresh, migrated database and an empty Redis DB (Django must be set up already)."""
    from django.core.management import call_command
    from django.db import connections

    connections.close_all()
    recreate_database()
    reset_redis()
    call_command("migrate", verbosity=0, interactive=False)


def server(app: str = "config.asgi:application") -> DaphneServer:
    return DaphneServer(app=app, database_url=DATABASE_URL, extra_env=SERVER_ENV, log_dir=LOG_DIR)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")
