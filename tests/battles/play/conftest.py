"""Live play reads army lists to start a battle: its tests build lists with the lists' fixtures.
Tests across processes start real Daphne servers with `start_server`."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from battles.models import Battle
from battles.play.create import create_battle
from tests.battles.demos import demo_setup
from tests.battles.lists.conftest import ann, bob, build, build_mass, profiles  # noqa: F401
from tests.livestack import DaphneServer


@pytest.fixture
def start_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., DaphneServer]]:
    """Start Daphne processes on the test database (with extra environment if given); every one is
    stopped at the end."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # the ORM is used beside asyncio.run
    started: list[DaphneServer] = []

    def start(extra_env: dict[str, str] | None = None) -> DaphneServer:
        server = DaphneServer(extra_env=extra_env).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def new_battle() -> tuple[Battle, dict[str, str]]:
    battle = create_battle("Live", demo_setup())
    return battle, {s.side: s.token for s in battle.seats.all()}
