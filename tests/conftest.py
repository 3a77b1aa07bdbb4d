"""Shared test switches.

With REQUIRE_SERVICES=1 (CI), a test that would skip for a missing service fails instead, so CI
cannot go green on a machine without PostgreSQL, Redis or Chromium.

Hypothesis runs a profile chosen by HYPOTHESIS_PROFILE: "ci" (the default when CI is set) or
"dev" (the default otherwise). A test that names its own number of examples keeps it.

- "ci" plays property tests thoroughly (200 battles of each kind) and derandomized: the same examples on every
  run of the same code, so CI goes red only for a change someone made, never for a fresh random
  seed finding a bug nobody introduced. No example database (nothing to keep between CI runs); a
  failure prints its @reproduce_failure blob and its seed.
- "dev" plays briefly (24) so a local run of the whole suite stays short, and randomly, so
  developers keep finding new cases; a failure is saved in .hypothesis/ and replayed first next
  time until it passes, and prints its blob.

Property tests therefore do not set `derandomize` themselves: the profile decides. Those that play
whole battles run in shards (BATTLE_SHARDS) that share the profile's examples out.

`make test` runs the suite spread over the cores (pytest-xdist): each worker has its own test
database (pytest-django's, named after the worker), its own Redis keys and channel-layer groups
(tests/settings.py), its own servers on ports of their own (tests/livestack.py) and its own
temporary directories; no test may depend on another having run before it in the same process.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator

import pytest
from django.test import override_settings
from hypothesis import settings

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"

settings.register_profile(
    "ci", settings.get_profile("default"), max_examples=200, derandomize=True, database=None, print_blob=True
)
settings.register_profile("dev", settings.get_profile("default"), max_examples=24, print_blob=True)
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
settings.load_profile(HYPOTHESIS_PROFILE)


BATTLE_SHARDS = 4
"""Each property test that plays whole battles is split into this many tests (its `shard` parameter),
so that pytest-xdist spreads one property's battles over the cores instead of one worker playing
them all. Together the shards play the profile's examples: 4 x 50 = 200 in "ci", 4 x 6 in "dev"."""


def shard_examples(examples: int) -> int:
    """One shard's share of `examples`, rounded up."""
    return -(-examples // BATTLE_SHARDS)


def battle_seed(shard: int, seed: int) -> int:
    """The seed of a shard's battle. Hypothesis draws each shard's seeds from 0 to 2**32 - 1 (in its
    own order: a parametrized test's examples depend on its id), and simple ones first in every
    shard: the shard's number above them keeps the shards' battles apart."""
    return shard << 32 | seed


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The order pytest-xdist hands tests out in (`make test` gives each worker one at a time, and
    each worker holds the next test while it runs one):

    1. the long tests (`@pytest.mark.long`), longest first, each followed by a short one, so that
       no worker holds a long test back while another is free, and the last long test starts early;
    2. the other tests, as collected;
    3. the browser tests, longest first: a worker's Chromium is started once, for the first of
       them, and kept to the end (tests/browser/conftest.py), since its event loop would be in the
       way of the tests that run asyncio."""
    browser = sorted((i for i in items if is_browser_test(i)), key=cost, reverse=True)
    long = sorted((i for i in items if not is_browser_test(i) and cost(i)), key=cost, reverse=True)
    short = [i for i in items if not is_browser_test(i) and not cost(i)]
    first = [test for pair in zip(long, short, strict=False) for test in pair]
    items[:] = first + long[len(first) // 2 :] + short[len(first) // 2 :] + browser


def pytest_collection_finish(session: pytest.Session) -> None:
    """What is loaded by now (Django, the code, the tests) lives to the end of the run: the garbage
    collector no longer walks it (gc.freeze), and runs less often. The random battles keep every
    state they played, and the collector walking them all, again and again, cost a tenth of their time."""
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def cost(item: pytest.Item) -> float:
    """The seconds its `long` mark says; 0 for a short test."""
    mark = item.get_closest_marker("long")
    return float(mark.args[0]) if mark else 0.0


def is_browser_test(item: pytest.Item) -> bool:
    return "tests/browser/" in item.nodeid


def pytest_report_header() -> str:
    order = "derandomized" if settings().derandomize else "random"
    return (
        f"hypothesis profile: {HYPOTHESIS_PROFILE} ({settings().max_examples} examples a property, {order})"
    )


def skip_or_fail(reason: str) -> None:
    if REQUIRE_SERVICES:
        pytest.fail(f"REQUIRE_SERVICES=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing() -> Iterator[None]:
    """Tests make and sign in many users; the real hasher takes a good part of a second a password,
    by design. Servers the tests start (Daphne) keep the real one."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _own_throttle_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test counts its own sign-in, sign-up and import attempts (the cache may be Redis, which
    outlives a test run)."""
    import uuid

    from battles import throttle

    monkeypatch.setattr(throttle, "namespace", f"throttle-test-{uuid.uuid4().hex}")
