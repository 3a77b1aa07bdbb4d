"""Browser tests: Debian's Chromium driven by Playwright against a live Daphne server.

The pages run under the app's Content Security Policy, which refuses eval: give Playwright's
wait_for_function a function ("() => ..."), which it runs itself, never a bare expression, which it
evals in the page (and fails with an EvalError)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.tabletop import Table, open_table
from tests.conftest import skip_or_fail
from tests.livestack import DaphneServer

CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One Chromium for every browser test of this process, started for the first. The browser
    tests run after every other test of the process (tests/conftest.py): from here on, Playwright's
    event loop is in this thread and Django's guard against async code is lifted."""
    if not CHROMIUM.exists():
        skip_or_fail(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread while the browser is open; the ORM
    # calls the tests make around it (and the tables emptied after each transactional test) are
    # plain synchronous calls, so Django's guard against async code is lifted meanwhile. The servers
    # keep theirs (tests/livestack.py).
    before = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
            yield chromium
            chromium.close()
    finally:
        if before is None:
            os.environ.pop(ASYNC_UNSAFE, None)
        else:
            os.environ[ASYNC_UNSAFE] = before


@pytest.fixture(scope="session")
def shared_server(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[DaphneServer]:
    """One Daphne for every browser test of this process (of each pytest-xdist worker), on its test
    database: each test's data is its own (transactional tests empty the tables after themselves),
    and a battle's dice are its own too (`open_table(..., dice=...)`, DaphneServer.script_dice)."""
    with django_db_blocker.unblock():
        server = DaphneServer(dice_dir=tmp_path_factory.mktemp("dice")).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def live_server_url(shared_server: DaphneServer, transactional_db: None) -> str:
    return shared_server.url


@pytest.fixture
def daphne(transactional_db: None) -> Iterator[DaphneServer]:
    """A server of the test's own, which it may kill and restart."""
    server = DaphneServer()
    try:
        yield server
    finally:
        server.stop()


OpenTable = Callable[..., Table]


@pytest.fixture
def table(browser: Any, shared_server: DaphneServer, transactional_db: None) -> Iterator[OpenTable]:
    """table(name, setup, dice="6 1 ...", phone="evil", server=None, ago=0) creates a battle (made
    `ago` seconds ago), scripts its dice when given, and opens it as Good, Evil and a spectator
    (tabletop.open_table), on the shared server unless given another (a started `daphne` the test
    kills). The browsers close after the test."""
    opened: list[Table] = []

    def open_on_a_server(
        name: str,
        setup: dict[str, Any],
        dice: str = "",
        phone: str = "",
        server: DaphneServer | None = None,
        ago: float = 0,
    ) -> Table:
        opened.append(open_table(browser, server or shared_server, name, setup, phone, dice, ago))
        return opened[-1]

    yield open_on_a_server
    for played in opened:
        played.close()
