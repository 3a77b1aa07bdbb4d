"""Shared test switches: with REQUIRE_SERVICES=1 (CI), a test that would skip for a missing
service fails instead, so CI cannot go green on a machine without PostgreSQL, Redis or Chromium."""

from __future__ import annotations

import os

import pytest

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"


def skip_or_fail(reason: str) -> None:
    if REQUIRE_SERVICES:
        pytest.fail(f"REQUIRE_SERVICES=1 but {reason}")
    pytest.skip(reason)
