"""A real deployment's failures, through real Daphne processes on PostgreSQL and Redis: sockets held
open past the channel layer's blocking read, retries racing across processes, kill -9 mid-command."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import pytest
from django.conf import settings

from battles.models import Battle, BattleEvent
from tests.battles.play.conftest import new_battle
from tests.conftest import skip_or_fail
from tests.livestack import ROOT, DaphneServer, JsonSocket

pytestmark = [pytest.mark.django_db(transaction=True)]


def need_postgresql_and_redis() -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not settings.REDIS_URL:
        skip_or_fail("this test needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)")


async def settled_presence(socket: JsonSocket, spectators: int) -> dict:
    """Presence updates until one counts `spectators` (fails after the socket's timeout if none does)."""
    here = await socket.next("presence")
    while here["spectators"] != spectators:
        here = await socket.next("presence")
    return here


HOLD_SECONDS = 30
"""Six times the channel layer's 5 s blocking read from Redis (channels-redis' brpop_timeout)."""


@pytest.mark.long(35)
def test_idle_sockets_stay_open_on_redis_and_presence_stays_exact(start_server) -> None:
    """redis-py 8 gives up reading after 5 s by default, as long as channels-redis blocks waiting for
    a message: every idle socket was closed (1011) about every 5 s, without its goodbye."""
    need_postgresql_and_redis()
    server = start_server()
    battle, tokens = new_battle()

    async def play() -> None:
        good = JsonSocket(server.url, battle.public_id, tokens["good"])
        await good.open()
        watchers = [JsonSocket(server.url, battle.public_id) for _ in range(10)]
        for watcher in watchers:
            await watcher.open()
        await settled_presence(good, spectators=10)

        await asyncio.sleep(HOLD_SECONDS)

        assert [w.socket.close_code for w in [good, *watchers]] == [None] * 11
        await good.command({"type": "ready"}, expected_version=0)
        steps = await asyncio.gather(*(w.next() for w in [good, *watchers]))
        assert {step["seq"] for step in steps} == {1}

        latecomer = JsonSocket(server.url, battle.public_id)
        await latecomer.open()
        here = await settled_presence(good, spectators=11)
        assert here["seats"] == {"good": True, "evil": False}
        for watcher in watchers:
            await watcher.close()
        assert (await settled_presence(latecomer, spectators=1))["seats"] == {"good": True, "evil": False}
        await latecomer.close()
        await good.close()

    asyncio.run(play())
    log = server.log_path.read_text(errors="replace")
    assert "TimeoutError" not in log


RACES = 10


@pytest.mark.parametrize(
    "command",
    [
        {"type": "place", "model": "aragorn", "at": [24.0, 40.0]},  # the rules would take it twice
        {"type": "ready"},  # the rules would refuse it a second time
    ],
    ids=["place", "ready"],
)
def test_a_retry_racing_its_first_try_through_another_server_is_answered_duplicate(
    start_server, command
) -> None:
    """A client that lost its answer retries through another server while the first try is still
    being applied: one applies, the other is told `duplicate` with the step it made, never an error
    (the first try's commit is not yet visible when the second looks for its id)."""
    need_postgresql_and_redis()
    first, second = start_server(), start_server()
    battles = [new_battle() for _ in range(RACES)]

    async def race(public_id: str, token: str) -> list[list[dict]]:
        message = {"type": "command", "id": "once", "command": command}
        sockets = [JsonSocket(server.url, public_id, token) for server in (first, second)]
        for socket in sockets:
            await socket.open()
        await asyncio.gather(*(socket.send(message) for socket in sockets))
        answers = [await answers_until_pong(socket) for socket in sockets]
        for socket in sockets:
            await socket.close()
        return answers

    async def play() -> list[list[list[dict]]]:
        return [await race(battle.public_id, tokens["good"]) for battle, tokens in battles]

    for answers in asyncio.run(play()):
        kinds = [[a["type"] for a in socket_answers] for socket_answers in answers]
        assert not any("error" in k for k in kinds), answers
        duplicates = [a for socket_answers in answers for a in socket_answers if a["type"] == "duplicate"]
        assert [(d["id"], d["seq"]) for d in duplicates] == [("once", 1)]
    for battle, _ in battles:
        battle.refresh_from_db()
        assert battle.version == 1 and battle.events.count() == 1


async def answers_until_pong(socket: JsonSocket) -> list[dict]:
    """Every answer to what the socket sent before a ping (a socket answers its messages in order),
    and the step, which every socket of the battle gets."""
    await socket.send({"type": "ping"})
    answers: list[dict] = []
    while not answers or answers[-1]["type"] != "pong":
        answers.append(await socket.next_message())
    while not any(a["type"] == "step" for a in answers):
        answers.append(await socket.next())
    return [a for a in answers if a["type"] != "pong"]


def test_a_server_without_a_secret_key_refuses_to_start(tmp_path) -> None:
    """A cookie signed with a public default key would be accepted: outside local development the
    server does not start without a key of its own, and says why."""
    unset = {"SECRET_KEY": "", "BEACON_DEV": "", "DJANGO_SETTINGS_MODULE": "config.settings"}
    server = DaphneServer(extra_env=unset, log_dir=tmp_path)
    with pytest.raises(RuntimeError, match="exited early"):
        server.start()
    assert "SECRET_KEY is not set" in server.log_path.read_text()


def test_the_deploy_docs_example_key_is_refused() -> None:
    """A key copied from docs/deploy.md is no secret: the server does not start with it."""
    example = next(
        line.split("=", 1)[1]
        for line in (ROOT / "docs" / "deploy.md").read_text().splitlines()
        if line.startswith("SECRET_KEY=")
    )
    env = {**os.environ, "SECRET_KEY": example, "BEACON_DEV": "", "DJANGO_SETTINGS_MODULE": "config.settings"}
    started = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert started.returncode != 0 and "SECRET_KEY is the example in docs/deploy.md" in started.stderr


def test_local_development_makes_and_keeps_a_key_of_its_own() -> None:
    """`make run` without SECRET_KEY: a random key, the same in every process of this checkout,
    kept in a file git ignores."""
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env.update(BEACON_DEV="1", DJANGO_SETTINGS_MODULE="config.settings")
    show_key = [
        sys.executable,
        "-c",
        "import django; django.setup(); from django.conf import settings; print(settings.SECRET_KEY)",
    ]
    keys = {
        subprocess.run(show_key, env=env, cwd=ROOT, capture_output=True, text=True, check=True).stdout
        for _ in range(2)
    }
    assert len(keys) == 1 and len(keys.pop().strip()) >= 50
    assert subprocess.run(["git", "check-ignore", "-q", ".secret-key"], cwd=ROOT).returncode == 0


def test_the_protocols_refusals_reach_a_client_through_a_real_server(start_server) -> None:
    """docs/protocol.md's close codes and size limits, as a client of a real Daphne meets them (an
    in-process test skips Daphne's own handshake and frame limit)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    server = start_server()
    battle, tokens = new_battle()
    ws_url = server.url.replace("http://", "ws://")

    async def close_code(path: str) -> int:
        async with connect(ws_url + path, origin=server.url, proxy=None) as socket:  # type: ignore[arg-type]
            with pytest.raises(ConnectionClosed) as closed:
                await socket.recv()
            assert closed.value.rcvd is not None
            return closed.value.rcvd.code

    async def play() -> None:
        assert await close_code(f"/ws/battles/{battle.public_id}/?seat=forged") == 4403
        assert await close_code(f"/ws/battles/{battle.public_id}/?seat=%00") == 4403
        assert await close_code("/ws/battles/abcdef123456/") == 4404
        assert await close_code("/ws/battles/NOT-HEX/") == 4404

        good = JsonSocket(server.url, battle.public_id, tokens["good"])
        await good.open()
        await good.send({"type": "command", "id": "big", "command": {"type": "ready"}, "pad": "x" * 20_000})
        assert (await good.next("error"))["code"] == "too_large"
        await good.send({"type": "command", "id": "huge", "command": {"type": "ready"}, "pad": "x" * 2**21})
        with pytest.raises(ConnectionClosed) as closed:
            await good.next("error")
        assert closed.value.rcvd is None  # dropped unread, without a closing handshake (1006)
        assert (await good.open())["seq"] == 0  # and the client reconnects as after any drop
        hostile = [
            '{"type": "chat", "id": "c1", "channel": ["players"], "text": "hi"}',
            '{"type": "chat", "id": "c2", "channel": {"a": 1}, "text": "hi"}',
            '{"type": "command", "id": "c3", "command": {"type": "take_test", "reason": "\\ud800"}}',
            '{"type": "command", "id": "c4", "command": {"type": "take_test", "reason": "\\u0000"}}',
        ]
        for raw in hostile:
            await good.socket.send(raw)
            error = await good.next("error")
            assert (error["code"], error["id"]) == ("malformed", json.loads(raw)["id"])
        await good.close()

    asyncio.run(play())
    assert Battle.objects.get(pk=battle.pk).version == 0
    assert "Traceback" not in server.log_path.read_text(errors="replace")


def test_commands_in_flight_at_kill_9_are_answered_duplicate_when_retried(start_server) -> None:
    """A server killed outright with commands in flight: after the restart the client sends them all
    again with the same ids; those applied before the kill are answered `duplicate` with the step
    they made, the rest are applied now, and every command is applied exactly once."""
    server = start_server()
    battle, tokens = new_battle()
    places = [
        {
            "type": "command",
            "id": f"place-{i}",
            "command": {"type": "place", "model": "aragorn", "at": [10.0 + i, 40.0]},
        }
        for i in range(5)
    ]

    async def send_all(socket: JsonSocket) -> None:
        for message in places:
            await socket.send(message)

    async def before_the_kill() -> None:
        good = JsonSocket(server.url, battle.public_id, tokens["good"])
        await good.open()
        await send_all(good)  # no answer read
        while not BattleEvent.objects.filter(battle=battle).exists():
            await asyncio.sleep(0.01)  # until the first is committed, then kill mid-stream
        server.kill()

    asyncio.run(before_the_kill())
    applied_before = list(
        BattleEvent.objects.filter(battle=battle).order_by("seq").values_list("command_id", flat=True)
    )
    assert applied_before == [m["id"] for m in places[: len(applied_before)]]

    server.start()

    async def after_the_restart() -> tuple[list[dict], list[dict]]:
        good = JsonSocket(server.url, battle.public_id, tokens["good"])
        await good.open()
        await send_all(good)
        await good.send({"type": "ping"})
        answers: list[dict] = []
        while not answers or answers[-1]["type"] != "pong":
            answers.append(await good.next_message())
        applied_now = {m["id"] for m in places} - set(applied_before)
        steps = [a for a in answers if a["type"] == "step"]
        while {s["id"] for s in steps} < applied_now:
            steps.append(await good.next())
        await good.close()
        return [a for a in answers if a["type"] not in ("step", "pong")], steps

    others, steps = asyncio.run(after_the_restart())
    duplicates = [(a["id"], a["seq"]) for a in others if a["type"] == "duplicate"]
    assert duplicates == [(command_id, seq) for seq, command_id in enumerate(applied_before, start=1)]
    assert [a for a in others if a["type"] != "duplicate"] == []  # no error
    assert [s["id"] for s in steps] == [m["id"] for m in places[len(applied_before) :]]
    made = BattleEvent.objects.filter(battle=battle).order_by("seq").values_list("command_id", flat=True)
    assert list(made) == [m["id"] for m in places]
