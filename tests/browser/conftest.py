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


@pytest.fixture(autouse=True)
def _orm_beside_playwright(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playwright's sync API keeps an event loop in this thread; the ORM calls these tests make
    around it are plain synchronous calls, so Django's guard against async code is lifted here."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        skip_or_fail(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def module_server(django_db_setup: None, django_db_blocker: Any) -> Iterator[DaphneServer]:
    """One Daphne for the whole module, on the test database (each test's data is its own:
    transactional tests empty the tables after themselves)."""
    with django_db_blocker.unblock():
        server = DaphneServer().start()
    # Playwright's sync API keeps an event loop in this thread, and the tests' own ORM calls (and
    # the tables emptied after each) are plain synchronous calls: lift Django's guard for the
    # module, after the server started (it must keep its own guard).
    before = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    try:
        yield server
    finally:
        server.stop()
        if before is None:
            os.environ.pop(ASYNC_UNSAFE, None)
        else:
            os.environ[ASYNC_UNSAFE] = before


@pytest.fixture
def live_server_url(transactional_db: None) -> Iterator[str]:
    server = DaphneServer().start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def daphne(transactional_db: None) -> Iterator[DaphneServer]:
    """A server the test may kill and restart itself."""
    server = DaphneServer()
    try:
        yield server
    finally:
        server.stop()


OpenTable = Callable[..., Table]


@pytest.fixture
def table(browser: Any, daphne: DaphneServer, tmp_path: Path) -> Iterator[OpenTable]:
    """For a test that needs a server of its own, its dice scripted or to kill and start again:
    table(name, setup, dice="6 1 ...", phone="evil") starts `daphne` (with those dice, when given)
    and opens the battle as Good, Evil and a spectator (tabletop.open_table). The browsers close
    after the test, then the server stops."""
    opened: list[Table] = []

    def open_on_its_own_server(name: str, setup: dict[str, Any], dice: str = "", phone: str = "") -> Table:
        if dice:
            script = tmp_path / "dice"
            script.write_text(dice)
            daphne.extra_env["BEACON_DICE_SCRIPT"] = str(script)
        daphne.start()
        opened.append(open_table(browser, daphne, name, setup, phone))
        return opened[-1]

    yield open_on_its_own_server
    for played in opened:
        played.close()
