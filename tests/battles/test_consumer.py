"""Two seats and a spectator on one battle's websocket: each step reaches all three."""

from __future__ import annotations

import json
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from battles.demo import demo_setup
from battles.models import Battle
from config.asgi import application

from .conftest import connect, create_battle

pytestmark = [pytest.mark.django_db(transaction=True)]


async def seats(battle: Battle) -> dict[str, str]:
    return await database_sync_to_async(lambda: {s.side: s.token for s in battle.seats.all()})()


async def command(ws: WebsocketCommunicator, cmd: dict, version: int | None = None) -> str:
    message_id = str(uuid.uuid4())
    payload = {"type": "command", "id": message_id, "command": cmd}
    if version is not None:
        payload["expected_version"] = version
    await ws.send_json_to(payload)
    return message_id


async def three_sockets(
    battle: Battle,
) -> tuple[WebsocketCommunicator, WebsocketCommunicator, WebsocketCommunicator]:
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    evil = await connect(battle.public_id, tokens["evil"])
    spectator = await connect(battle.public_id)
    for ws in (good, evil, spectator):
        view = await ws.receive_json_from()
        assert view["type"] == "view"
    return good, evil, spectator


async def step_everywhere(sockets: tuple[WebsocketCommunicator, ...]) -> list[dict]:
    return [await ws.receive_json_from(timeout=5) for ws in sockets]


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
    assert [r["faces"] for r in steps[2]["rolls"]] == [[6], [2]]
    assert all(s["pending"]["kind"] == "choose_priority" and s["pending"]["side"] == "good" for s in steps)

    await command(good, {"type": "priority", "side": "good"})
    steps = await step_everywhere(everyone)
    assert all(s["pending"] == steps[0]["pending"] for s in steps)
    assert steps[0]["pending"]["side"] == "evil"
    assert steps[0]["pending"]["kind"] == "declare_heroic_action"
    assert [a["command"] for a in steps[1]["actions"]] == [
        {"type": "declare", "hero": "gothmog", "action": "heroic_move"},
        {"type": "pass"},
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
        assert await ws.receive_nothing(timeout=0.2)
        await ws.disconnect()
    saved = await database_sync_to_async(Battle.objects.get)(pk=battle.pk)
    assert saved.version == 5
    assert saved.state["models"]["gothmog"]["might"] == 2


async def test_a_command_out_of_turn_answers_only_the_sender(scripted_dice) -> None:
    battle = await create_battle("Out of turn", demo_setup())
    good, evil, spectator = await three_sockets(battle)
    message_id = await command(evil, {"type": "ready"})
    error = await evil.receive_json_from()
    assert error == {
        "type": "error",
        "id": message_id,
        "code": "not_your_decision",
        "message": "It is Good's decision now: Good deploys their army.",
    }
    for ws in (good, spectator):
        assert await ws.receive_nothing(timeout=0.2)
    saved = await database_sync_to_async(Battle.objects.get)(pk=battle.pk)
    assert saved.version == 0


async def test_a_spectator_cannot_act(scripted_dice) -> None:
    battle = await create_battle("Spectator", demo_setup())
    good, _evil, spectator = await three_sockets(battle)
    await command(spectator, {"type": "ready"})
    error = await spectator.receive_json_from()
    assert error["code"] == "spectator"
    assert error["message"] == "Spectators watch; only the two players can act."
    assert await good.receive_nothing(timeout=0.2)
    saved = await database_sync_to_async(Battle.objects.get)(pk=battle.pk)
    assert saved.version == 0


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        (json.dumps({"type": "command", "command": "{broken"}), "malformed"),
        (json.dumps({"type": "command", "command": 7}), "malformed"),
        (json.dumps({"type": "dance"}), "unknown_type"),
        (json.dumps({"type": "command", "command": {"type": "ready"}, "pad": "x" * 20000}), "too_large"),
        (json.dumps({"type": "command", "command": {"type": "declare", "hero": "nobody"}}), "not_allowed"),
    ],
)
async def test_bad_input_gets_a_clear_error_and_changes_nothing(scripted_dice, raw: str, code: str) -> None:
    battle = await create_battle("Bad input", demo_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    await good.receive_json_from()
    await good.send_to(text_data=raw)
    error = await good.receive_json_from()
    assert error["type"] == "error"
    assert error["code"] == code
    assert error["message"]
    saved = await database_sync_to_async(Battle.objects.get)(pk=battle.pk)
    assert saved.version == 0
    await good.disconnect()


async def test_an_unknown_seat_token_is_refused(scripted_dice) -> None:
    battle = await create_battle("Bad token", demo_setup())
    ws = WebsocketCommunicator(
        application,
        f"/ws/battles/{battle.public_id}/?seat=forged",
        headers=[(b"origin", b"http://127.0.0.1")],
    )
    connected, code = await ws.connect()
    assert not connected
    assert code == 4403


async def test_a_foreign_origin_is_refused(scripted_dice) -> None:
    battle = await create_battle("Origin", demo_setup())
    ws = WebsocketCommunicator(
        application, f"/ws/battles/{battle.public_id}/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await ws.connect()
    assert not connected
