"""CI sets DATABASE_URL and REDIS_URL: prove the suite really ran on PostgreSQL and Redis."""

from __future__ import annotations

import os

import pytest
from channels.layers import get_channel_layer
from django.db import connection

from tests.conftest import skip_or_fail


def test_the_database_is_the_one_asked_for() -> None:
    wanted = os.environ.get("DATABASE_URL", "")
    if not wanted.startswith("postgres"):
        skip_or_fail("DATABASE_URL does not name PostgreSQL; running on SQLite")
    assert connection.vendor == "postgresql"


@pytest.mark.asyncio
async def test_the_channel_layer_is_redis_when_asked_for() -> None:
    if not os.environ.get("REDIS_URL"):
        skip_or_fail("REDIS_URL is not set; running on the in-memory channel layer")
    layer = get_channel_layer()
    assert type(layer).__module__.startswith("channels_redis")
    await layer.send("probe-channel", {"type": "probe"})
    assert (await layer.receive("probe-channel")) == {"type": "probe"}
