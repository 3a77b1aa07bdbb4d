"""Two seats and spectators on one battle's websocket: steps, errors, duplicates, resync, presence."""

from __future__ import annotations

import asyncio
import json
import uuid

import pytest
from channels.testing import WebsocketCommunicator

from battles.models import Battle
from battles.play import consumers, limits, presence
from config.asgi import application
from tests.battles.conftest import (
    command,
    connect,
    create_battle,
    nothing_but_presence,
    receive,
    receive_text,
    saved,
    seats,
)
from tests.battles.demos import demo_setup
from tests.conftest import skip_or_fail

pytestmark = [pytest.mark.django_db(transaction=True)]


async def three_sockets(
    battle: Battle, fmt: str = "json"
) -> tuple[WebsocketCommunicator, WebsocketCommunicator, WebsocketCommunicator]:
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"], fmt)
    evil = await connect(battle.public_id, tokens["evil"], fmt)
    spectator = await connect(battle.public_id, "", fmt)
    if fmt == "json":
        for ws in (good, evil, spectator):
            assert (await receive(ws, "view"))["seq"] == 0
    return good, evil, spectator


async def step_everywhere(sockets: tuple[WebsocketCommunicator, ...]) -> list[dict]:
    return [await receive(ws) for ws in sockets]


async def deployed(scripted_dice, good, evil, everyone) -> None:
    """Both sides confirm deployment; Good wins the Priority roll."""
    await command(good, {"type": "ready"})
    await step_everywhere(everyone)
    scripted_dice.script.extend([6, 2])
    await command(evil, {"type": "ready"})
    await step_everywhere(everyone)


async def test_a_declaration_loop_reaches_both_seats_and_the_spectator(scripted_dice) -> None:
    battle = await create_battle("Consumer test", demo_setup())
    good, evil, spectator = await three_sockets(battle)
    everyone = (good, evil, spectator)

    await command(good, {"type": "ready"})
    steps = await step_everywhere(everyone)
    assert {s["seq"] for s in steps} == {1}
    assert all(s["pending"]["side"] == "evil" and s["pending"]["kind"] == "deploy" for s in steps)
    assert steps[1]["actions"][-1]["command"] == {"type": "ready"}
    assert steps[0]["actions"] == [] and steps[2]["actions"] == []

    scripted_dice.script.extend([6, 2])  # Good wins the Priority roll
    await command(evil, {"type": "ready"})
    steps = await step_everywhere(everyone)
    assert [(r["roller"], r["faces"]) for r in steps[2]["rolls"]] == [("good", [6]), ("evil", [2])]
    assert all(s["pending"]["kind"] == "choose_priority" and s["pending"]["side"] == "good" for s in steps)

    await command(good, {"type": "priority", "side": "good"})
    steps = await step_everywhere(everyone)
    assert all(s["pending"] == steps[0]["pending"] for s in steps)
    assert steps[0]["pending"]["side"] == "evil"
    assert steps[0]["pending"]["kind"] == "declare_heroic_action"
    assert [a["command"] for a in steps[1]["actions"]] == [
        {"type": "declare", "hero": "gothmog", "action": "heroic_move"},
        {"type": "pass"},
        {"type": "take_test"},
    ]

    await command(evil, {"type": "declare", "hero": "gothmog", "action": "heroic_move"})
    steps = await step_everywhere(everyone)
    texts = [e["text"] for e in steps[2]["events"]]
    assert texts == [
        "Gothmog spends 1 Might to declare a Heroic Move (2 left).",
        "Gothmog declares a Heroic Move.",
    ]
    assert steps[0]["pending"]["side"] == "good"

    await command(good, {"type": "pass"})
    steps = await step_everywhere(everyone)
    texts = [e["text"] for e in steps[0]["events"]]
    assert texts[0] == "Good passes."
    assert "Both players have passed: the Declare Heroic Actions step ends." in texts
    assert steps[1]["pending"]["kind"] == "heroic_action"

    for ws in everyone:
        assert await nothing_but_presence(ws)
        await ws.disconnect()
    after = await saved(battle)
    assert after.version == 5
    assert after.state["models"]["gothmog"]["might"] == 2


async def test_a_move_with_a_path_moves_the_model_for_everyone(scripted_dice) -> None:
    battle = await create_battle("Move", demo_setup())
    good, evil, spectator = await three_sockets(battle)
    everyone = (good, evil, spectator)
    await deployed(scripted_dice, good, evil, everyone)
    await command(good, {"type": "priority", "side": "good"})
    await step_everywhere(everyone)
    await command(evil, {"type": "pass"})
    await step_everywhere(everyone)
    await command(good, {"type": "pass"})
    steps = await step_everywhere(everyone)
    assert steps[0]["pending"]["kind"] == "activate"

    first = "warrior-of-minas-tirith-1"
    start = (await saved(battle)).state["models"][first]
    end = [start["x"], start["y"] - 5.0]
    await command(good, {"type": "move", "model": first, "path": [[start["x"], start["y"] - 2.0], end]})
    steps = await step_everywhere(everyone)
    assert steps[2]["events"][0]["text"] == 'Warrior of Minas Tirith 1 moves 5.0".'
    after = await saved(battle)
    assert [after.state["models"][first]["x"], after.state["models"][first]["y"]] == end

    second = after.state["models"]["warrior-of-minas-tirith-2"]
    far = [[second["x"], second["y"] - 12.0]]
    await command(good, {"type": "move", "model": "warrior-of-minas-tirith-2", "path": far})
    error = await receive(good, "error")
    assert error["code"] == "too_far"
    assert (
        error["message"]
        == 'Warrior of Minas Tirith 2 can move 6" but that path needs 12.00" (at most 0.05" over is allowed).'
    )
    for ws in (evil, spectator):
        assert await nothing_but_presence(ws)
    assert (await saved(battle)).version == after.version


async def test_a_command_out_of_turn_answers_only_the_sender(scripted_dice) -> None:
    battle = await create_battle("Out of turn", demo_setup())
    good, evil, spectator = await three_sockets(battle)
    message_id = await command(evil, {"type": "ready"})
    error = await receive(evil, "error")
    assert error == {
        "type": "error",
        "id": message_id,
        "code": "not_your_decision",
        "message": "It is Good's decision now: Good deploys their army.",
    }
    for ws in (good, spectator):
        assert await nothing_but_presence(ws)
    assert (await saved(battle)).version == 0


async def test_a_spectator_cannot_act(scripted_dice) -> None:
    battle = await create_battle("Spectator", demo_setup())
    good, _evil, spectator = await three_sockets(battle)
    await command(spectator, {"type": "ready"})
    error = await receive(spectator, "error")
    assert error["code"] == "spectator"
    assert error["message"] == "Spectators watch; only the two players can act."
    assert await nothing_but_presence(good)
    assert (await saved(battle)).version == 0


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        (json.dumps({"type": "command", "command": "{broken"}), "malformed"),
        (json.dumps({"type": "command", "command": 7}), "malformed"),
        (json.dumps({"type": "command", "command": {}}), "malformed_command"),
        (json.dumps({"type": "command", "command": {"type": "ready"}, "expected_version": "x"}), "malformed"),
        (json.dumps({"type": "dance"}), "unknown_type"),
        (json.dumps({"command": {"type": "ready"}}), "unknown_type"),
        (json.dumps({"type": "command", "command": {"type": "ready"}, "pad": "x" * 20000}), "too_large"),
        (json.dumps({"type": "command", "command": {"type": "declare", "hero": "nobody"}}), "not_allowed"),
        (
            json.dumps({"type": "command", "command": {"type": "place", "model": "orc1", "at": [1, 1]}}),
            "not_allowed",
        ),
        (
            json.dumps({"type": "command", "command": {"type": "place", "model": "aragorn", "at": "x"}}),
            "not_allowed",
        ),
        (json.dumps({"type": "command", "id": "a\x00b", "command": {"type": "ready"}}), "malformed"),
        (json.dumps({"type": "command", "command": {"type": "take_test", "reason": "x\x00"}}), "malformed"),
        (
            '{"type": "command", "command": {"type": "ready", "x": ' + "[" * 1000 + "]" * 1000 + "}}",
            "malformed",
        ),
        ('{"type": "command", "command": {"type": "ready", "x": ' + "[" * 20 + "]" * 20 + "}}", "malformed"),
        (json.dumps({"type": "chat", "channel": ["players"], "text": "hi"}), "malformed"),
        (json.dumps({"type": "chat", "channel": {"players": 1}, "text": "hi"}), "malformed"),
        (
            '{"type": "command", "command": {"type": "take_test", "model": "aragorn", "test": "courage",'
            ' "reason": "fear\\ud800"}}',
            "malformed",
        ),
        ('{"type": "command", "command": {"type": "ready", "\\udfff": 1}}', "malformed"),
        ('{"type": "dance", "id": "\\ud800"}', "malformed"),
        (json.dumps({"type": "dance", "id": ["a list"]}), "unknown_type"),
    ],
)
async def test_bad_input_gets_a_clear_error_and_changes_nothing(scripted_dice, raw: str, code: str) -> None:
    battle = await create_battle("Bad input", demo_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    await receive(good, "view")
    await good.send_to(text_data=raw)
    error = await receive(good, "error")
    assert error["code"] == code
    assert error["message"]
    after = await saved(battle)
    assert after.version == 0
    assert after.state == battle.state
    await good.disconnect()


async def test_a_message_refused_for_what_it_holds_is_answered_with_its_id(scripted_dice) -> None:
    battle = await create_battle("Named", demo_setup())
    good = await connect(battle.public_id, (await seats(battle))["good"])
    await receive(good, "view")
    for held in ("x\x00", "x\ud800"):
        message = {"type": "command", "id": "cmd-9", "command": {"type": "take_test", "reason": held}}
        await good.send_to(text_data=json.dumps(message))
        error = await receive(good, "error")
        assert (error["id"], error["code"]) == ("cmd-9", "malformed")
    await good.disconnect()


async def test_a_server_failure_is_answered_with_the_commands_id(scripted_dice, monkeypatch, caplog) -> None:
    """The client must know which of its commands failed: the error names it, as every error does."""

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(consumers, "submit", broken)
    battle = await create_battle("Broken", demo_setup())
    good = await connect(battle.public_id, (await seats(battle))["good"])
    await receive(good, "view")
    await command(good, {"type": "ready"}, version=0, message_id="cmd-7")
    error = await receive(good, "error")
    assert (error["id"], error["code"]) == ("cmd-7", "server_error")
    assert error["message"] == "Something went wrong on the server; nothing was changed."
    await good.disconnect()


async def test_the_same_command_id_is_applied_once(scripted_dice) -> None:
    battle = await create_battle("Twice", demo_setup())
    good, evil, spectator = await three_sockets(battle)
    await command(good, {"type": "ready"}, version=0, message_id="cmd-1")
    await step_everywhere((good, evil, spectator))
    await command(good, {"type": "ready"}, version=0, message_id="cmd-1")
    assert await receive(good, "duplicate") == {"type": "duplicate", "id": "cmd-1", "seq": 1}
    # The sender said it had seen version 0: it is sent the step it missed.
    assert (await receive(good))["seq"] == 1
    for ws in (evil, spectator):
        assert await nothing_but_presence(ws)
    assert (await saved(battle)).version == 1


async def test_a_stale_version_is_refused_and_the_sender_refreshed(scripted_dice) -> None:
    battle = await create_battle("Stale", demo_setup())
    good, evil, _spectator = await three_sockets(battle)
    await command(good, {"type": "ready"}, version=0)
    await receive(evil)
    await command(evil, {"type": "ready"}, version=0)
    view = await receive(evil, "view")
    assert view["seq"] == 1 and view["actions"][-1]["command"] == {"type": "ready"}
    error = await receive(evil, "error")
    assert error["code"] == "stale_version"
    assert (await saved(battle)).version == 1


async def test_both_players_at_the_same_instant_one_applies_the_other_is_told(scripted_dice) -> None:
    battle = await create_battle("Race", demo_setup())
    good, evil, spectator = await three_sockets(battle)
    await asyncio.gather(
        command(good, {"type": "concede"}, version=0), command(evil, {"type": "concede"}, version=0)
    )
    step = await receive(spectator)
    assert step["seq"] == 1
    loser_of_race = evil if step["side"] == "good" else good
    assert (await receive(loser_of_race, "view"))["seq"] == 1
    assert (await receive(loser_of_race, "error"))["code"] == "stale_version"
    after = await saved(battle)
    assert after.version == 1 and after.status == "finished"
    assert after.state["result"]["winner"] != step["side"]


async def test_a_json_client_reads_how_the_battle_ended_as_data_and_as_the_sentence_players_read(
    scripted_dice,
) -> None:
    battle = await create_battle("Conceded", demo_setup())
    good, evil, spectator = await three_sockets(battle)
    await command(evil, {"type": "concede"}, version=0)
    step = await receive(spectator)
    (end,) = [e for e in step["events"] if e["type"] == "battle_end"]
    assert (end["winner"], end["code"], end["decided_by"], end["sides"]) == (
        "good",
        "conceded",
        "ending",
        ["evil"],
    )
    assert (end["reason"], end["text"]) == ("Evil conceded", "Good wins: Evil conceded.")
    late = await connect(battle.public_id)
    result = (await receive(late, "view"))["state"]["result"]
    assert {key: result[key] for key in end if key not in ("type", "text")} == {
        key: value for key, value in end.items() if key not in ("type", "text")
    }
    for ws in (good, evil, spectator, late):
        await ws.disconnect()


async def test_a_client_that_missed_steps_gets_them_in_order(scripted_dice) -> None:
    battle = await create_battle("Resync", demo_setup())
    good, evil, spectator = await three_sockets(battle)
    await deployed(scripted_dice, good, evil, (good, evil, spectator))
    await command(good, {"type": "priority", "side": "good"})
    await step_everywhere((good, evil, spectator))

    await spectator.send_json_to({"type": "sync", "since": 1})
    missed = [await receive(spectator), await receive(spectator)]
    assert [s["seq"] for s in missed] == [2, 3]
    assert "actions" not in missed[0] and missed[1]["actions"] == []

    await good.send_json_to({"type": "sync", "since": 0})
    steps = [await receive(good) for _ in range(3)]
    assert [s["seq"] for s in steps] == [1, 2, 3]


async def test_a_client_far_behind_gets_the_whole_view(scripted_dice, monkeypatch) -> None:
    monkeypatch.setattr(consumers, "RESYNC_STEP_LIMIT", 1)
    battle = await create_battle("Far behind", demo_setup())
    good, evil, spectator = await three_sockets(battle)
    await deployed(scripted_dice, good, evil, (good, evil, spectator))
    await spectator.send_json_to({"type": "sync", "since": 0})
    view = await receive(spectator, "view")
    assert view["seq"] == 2
    assert view["pending"]["kind"] == "choose_priority"


async def test_browsers_get_html_for_their_own_seat(scripted_dice) -> None:
    battle = await create_battle("HTML", demo_setup())
    good, evil, spectator = await three_sockets(battle, fmt="html")
    for ws in (good, evil, spectator):
        view = await receive_text(ws, 'id="battle-seq"')
        assert 'data-seq="0" data-kind="view"' in view
    await command(good, {"type": "ready"})
    good_step = await receive_text(good, 'id="battle-seq"')
    evil_step = await receive_text(evil, 'id="battle-seq"')
    spectator_step = await receive_text(spectator, 'id="battle-seq"')
    for text in (good_step, evil_step, spectator_step):
        assert 'data-seq="1" data-kind="step"' in text
        assert "Good has deployed." in text
    assert "Waiting for <strong>Evil</strong>: Evil deploys their army." in good_step
    assert "Waiting for <strong>Evil</strong>" in spectator_step
    assert "Your decision" in evil_step and ">Deployment done</button>" in evil_step
    legal = evil_step.split('id="legal-actions" type="application/json">')[1].split("</script>")[0]
    assert {"kind": "ready", "label": "Deployment done", "command": {"type": "ready"}} in json.loads(legal)


async def test_presence_counts_seats_and_spectators(scripted_dice) -> None:
    battle = await create_battle("Presence", demo_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    assert await receive(good, "presence") == {
        "type": "presence",
        "seats": {"good": True, "evil": False},
        "spectators": 0,
    }
    watchers = [await connect(battle.public_id) for _ in range(2)]
    await presence_reaches(good, {"good": True, "evil": False}, 2)
    evil = await connect(battle.public_id, tokens["evil"])
    await presence_reaches(good, {"good": True, "evil": True}, 2)
    await evil.disconnect()
    await watchers[0].disconnect()
    await presence_reaches(good, {"good": True, "evil": False}, 1)


async def presence_reaches(ws: WebsocketCommunicator, seats: dict[str, bool], spectators: int) -> None:
    """Presence updates arrive until one says this (changes close together are told together)."""
    expected = {"type": "presence", "seats": seats, "spectators": spectators}
    while await receive(ws, "presence") != expected:
        continue  # an earlier state, told before the last changes


@pytest.mark.parametrize("store", ["memory", "redis"])
async def test_a_socket_that_stops_its_heartbeat_expires(scripted_dice, monkeypatch, settings, store) -> None:
    """A socket whose server was killed never disconnects; the next heartbeat finds it expired
    (in this process's memory, and in Redis, where several servers count their sockets)."""
    clock = [1000.0]
    if store == "memory":
        monkeypatch.setattr(presence, "_store", presence.MemoryPresence(clock=lambda: clock[0]))
    else:
        if not settings.REDIS_URL:
            skip_or_fail("presence in Redis needs Redis (REDIS_URL)")
        prefix = f"{settings.CHANNELS_PREFIX}-expiry-{uuid.uuid4().hex}"  # its own keys, on this clock
        monkeypatch.setattr(
            presence, "_store", presence.RedisPresence(settings.REDIS_URL, prefix, lambda: clock[0])
        )
    settings.PRESENCE_TTL_SECONDS = 60
    battle = await create_battle("Heartbeat", demo_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    await receive(good, "presence")
    await presence.store().touch(battle.public_id, presence.member("evil", "on-a-dead-server"), 60)

    clock[0] += 30
    answers = await ping(good)
    assert answers["pong"] == {"type": "pong"}
    assert answers["presence"]["seats"] == {"good": True, "evil": True}

    clock[0] += 45  # the dead server's socket missed its heartbeats; Good's last one was 45s ago
    assert (await ping(good))["presence"]["seats"] == {"good": True, "evil": False}


async def ping(ws: WebsocketCommunicator) -> dict[str, dict]:
    """Send a heartbeat; the pong, and the presence update it causes (within the announcement's
    window), may come in either order."""
    await ws.send_json_to({"type": "ping"})
    return {
        m["type"]: m for m in [await ws.receive_json_from(timeout=5), await ws.receive_json_from(timeout=5)]
    }


@pytest.mark.usefixtures("limits_store")
async def test_a_seat_gets_exactly_its_rate_over_all_its_sockets(
    scripted_dice, settings, monkeypatch
) -> None:
    """Ten sockets of one seat used to send ten times the limit: now the seat's messages are counted
    together, and each refusal names the command it refuses."""
    settings.WS_RATE_PER_SECOND = 4
    now = [1_000_000.0]
    monkeypatch.setattr(limits.store(), "clock", lambda: now[0])  # every message in one second
    battle = await create_battle("Burst", demo_setup())
    tokens = await seats(battle)
    sockets = [await connect(battle.public_id, tokens["good"]) for _ in range(2)]
    for ws in sockets:
        await receive(ws, "view")
    for i in range(6):
        await command(sockets[i % 2], {"type": "declare"}, message_id=f"c{i}")
    errors = [await receive(ws, "error") for ws in sockets for _ in range(3)]
    refused = sorted(e["id"] for e in errors if e["code"] == "rate_limited")
    assert len(refused) == 2 and len(errors) - len(refused) == settings.WS_RATE_PER_SECOND
    assert set(refused) <= {f"c{i}" for i in range(6)}
    assert {e["code"] for e in errors} == {"rate_limited", "not_allowed"}

    now[0] += 1  # the next second
    await command(sockets[0], {"type": "declare"}, message_id="later")
    assert (await receive(sockets[0], "error")) | {"message": ""} == {
        "type": "error",
        "id": "later",
        "code": "not_allowed",
        "message": "",
    }
    assert (await saved(battle)).version == 0
    for ws in sockets:
        await ws.disconnect()


@pytest.mark.usefixtures("limits_store")
async def test_a_seat_and_an_address_hold_only_so_many_sockets(scripted_dice, settings) -> None:
    settings.WS_MAX_SOCKETS_PER_SEAT = 2
    settings.WS_MAX_SOCKETS_PER_ADDRESS = 3
    battle = await create_battle("Crowded", demo_setup())
    tokens = await seats(battle)
    good = [await connect(battle.public_id, tokens["good"]) for _ in range(2)]
    assert await closed_with(socket_to(f"/ws/battles/{battle.public_id}/?seat={tokens['good']}")) == 4429
    evil = await connect(battle.public_id, tokens["evil"])  # another seat has places of its own
    await good[0].disconnect()
    good[0] = await connect(battle.public_id, tokens["good"])  # a place given back is free again

    home = [socket_to(f"/ws/battles/{battle.public_id}/", "10.0.0.7") for _ in range(4)]
    for ws in home[:3]:
        connected, _ = await ws.connect()
        assert connected
    assert await closed_with(home[3]) == 4429
    elsewhere = socket_to(f"/ws/battles/{battle.public_id}/", "10.0.0.8")
    assert (await elsewhere.connect())[0]
    for ws in [*good, evil, *home[:3], elsewhere]:
        await ws.disconnect()


def socket_to(path: str, address: str | None = None) -> WebsocketCommunicator:
    ws = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1")])
    if address:
        ws.scope["client"] = [address, 40000]
    return ws


async def test_seat_tokens_work_only_on_their_own_battle(scripted_dice) -> None:
    battle = await create_battle("Mine", demo_setup())
    other = await create_battle("Theirs", demo_setup())
    other_tokens = await seats(other)
    for token in ("forged", other_tokens["good"], "%00", "a%00b"):
        ws = WebsocketCommunicator(
            application,
            f"/ws/battles/{battle.public_id}/?seat={token}",
            headers=[(b"origin", b"http://127.0.0.1")],
        )
        assert await closed_with(ws) == 4403


async def test_an_unknown_battle_is_refused(scripted_dice) -> None:
    for path in ("/ws/battles/abcdef123456/", "/ws/battles/not-hex/", "/ws/battles/%00/", "/ws/elsewhere/"):
        ws = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1")])
        assert await closed_with(ws) == 4404


async def closed_with(ws: WebsocketCommunicator) -> int:
    """The close code of a socket the server refuses: accepted, then closed at once with a code a
    browser sees (a socket closed before it is accepted is an HTTP 403, whatever its code)."""
    connected, _ = await ws.connect()
    assert connected
    closing = await ws.receive_output()
    assert closing["type"] == "websocket.close"
    return int(closing["code"])


async def test_a_foreign_origin_is_refused(scripted_dice) -> None:
    battle = await create_battle("Origin", demo_setup())
    ws = WebsocketCommunicator(
        application, f"/ws/battles/{battle.public_id}/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await ws.connect()
    assert not connected
