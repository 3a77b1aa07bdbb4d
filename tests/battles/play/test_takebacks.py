"""Takebacks over the websocket: asked by a seat, answered by the other, shown to everyone; one at a
time, never after dice, never twice after a decline; racing a command, exactly one of them happens;
and the battle record with a takeback replays to the battle as it stands."""

from __future__ import annotations

import asyncio
import json
from io import StringIO
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from django.core.management import call_command

from battles.models import Battle
from battles.play.records import battle_record
from rules_core.record import replay
from tests.battles.conftest import command, create_battle, receive, saved
from tests.battles.demos import demo_setup
from tests.battles.play.test_consumer import step_everywhere, three_sockets

pytestmark = [pytest.mark.django_db(transaction=True)]

WARRIOR = "warrior-of-minas-tirith-1"


async def place_warrior(battle: Battle, good, everyone, dy: float = 1.0, version: int | None = None) -> None:
    at = (await saved(battle)).state["models"][WARRIOR]
    await command(good, {"type": "place", "model": WARRIOR, "at": [at["x"], at["y"] + dy]}, version)
    await step_everywhere(everyone)


async def offer(ws, steps: int = 1, version: int | None = None) -> None:
    message = {"type": "offer", "id": "o1", "offer": "takeback", "steps": steps}
    if version is not None:
        message["expected_version"] = version
    await ws.send_json_to(message)


async def answer(ws, accept: bool, version: int | None = None) -> None:
    message = {"type": "answer", "id": "a1", "accept": accept}
    if version is not None:
        message["expected_version"] = version
    await ws.send_json_to(message)


async def refusal(ws) -> dict:
    """The error the socket is sent, past the steps and views that may come first."""
    while True:
        message = await ws.receive_json_from(timeout=5)
        if message["type"] == "error":
            return message
        assert message["type"] in ("step", "view", "presence", "offers"), message


async def replays_to_saved(battle: Battle) -> dict:
    stored = await saved(battle)
    record = await database_sync_to_async(battle_record)(stored)
    assert replay(json.loads(json.dumps(record))).to_dict() == stored.state
    return record


async def test_a_takeback_asked_shown_to_everyone_accepted_and_replayed(
    scripted_dice, tmp_path: Path
) -> None:
    battle = await create_battle("Takeback", demo_setup())
    good, evil, _ = everyone = await three_sockets(battle)
    before = (await saved(battle)).state["models"][WARRIOR]
    await place_warrior(battle, good, everyone)

    await offer(good, version=1)
    offers = [await receive(ws, "offers") for ws in everyone]
    assert {o["pending"]["text"] for o in offers} == {
        "Good asks to take back their placing of Warrior of Minas Tirith 1."
    }
    assert offers[0]["takeback"] == [] and offers[1]["takeback"] == []  # one offer at a time

    await answer(evil, True, version=1)
    steps = await step_everywhere(everyone)
    assert [s["seq"] for s in steps] == [2, 2, 2]  # a step of its own: no seq reused
    assert steps[2]["command"] == {"type": "takeback", "steps": 1}
    assert steps[2]["events"][0]["undone"] == [1]
    assert steps[2]["events"][0]["text"] == "Good took back their placing of Warrior of Minas Tirith 1 (#1)."
    assert steps[0]["state"]["models"][WARRIOR]["y"] == before["y"]
    after = await saved(battle)
    assert after.version == 2 and after.state["models"][WARRIOR]["y"] == before["y"]

    record = await replays_to_saved(battle)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    out = StringIO()
    await database_sync_to_async(call_command)("replay", str(path), stdout=out)
    assert out.getvalue().startswith("2 entries replayed. Turn 0, deployment phase")
    for ws in everyone:
        await ws.disconnect()


async def test_a_declined_takeback_is_not_asked_again_for_the_same_step(scripted_dice) -> None:
    battle = await create_battle("Declined", demo_setup())
    good, evil, spectator = everyone = await three_sockets(battle)
    await place_warrior(battle, good, everyone)
    await offer(good)
    await asyncio.gather(*(receive(ws, "offers") for ws in everyone))

    await offer(spectator)
    assert (await receive(spectator, "error"))["code"] == "spectator"
    await offer(good)
    assert (await receive(good, "error"))["code"] == "offer_pending"
    await answer(good, True)
    assert (await receive(good, "error"))["message"] == "Your own offer is for your opponent to answer."

    await answer(evil, False)
    offers = [await receive(ws, "offers") for ws in everyone]
    assert offers[2]["declined"] == "Evil declined Good's takeback." and offers[2]["pending"] is None
    await offer(good)
    error = await receive(good, "error")
    assert error["code"] == "offer_declined"
    assert error["message"] == "Evil declined Good's takeback. It cannot be asked again for the same step."
    assert (await saved(battle)).version == 1

    await place_warrior(battle, good, everyone, dy=2.0)  # a new step may be taken back again
    await offer(good, steps=2)
    assert (await receive(spectator, "offers"))["pending"]["text"] == (
        "Good asks to take back their last 2 steps, back to their placing of Warrior of Minas Tirith 1."
    )
    for ws in everyone:
        await ws.disconnect()


async def test_a_step_that_rolled_dice_cannot_be_taken_back(scripted_dice) -> None:
    battle = await create_battle("Dice", demo_setup())
    good, evil, _ = everyone = await three_sockets(battle)
    await command(good, {"type": "ready"})
    await step_everywhere(everyone)
    scripted_dice.script.extend([6, 2])
    await command(evil, {"type": "ready"})  # rolls for Priority
    await step_everywhere(everyone)
    await offer(evil)
    error = await receive(evil, "error")
    assert error["code"] == "cannot_take_back"
    assert error["message"] == (
        "Your last step rolled dice, and dice are dice: it cannot be taken back, nor anything before it."
    )
    for ws in everyone:
        await ws.disconnect()


@pytest.mark.parametrize("round_", range(4))
async def test_a_takeback_racing_a_command_resolves_to_exactly_one(scripted_dice, round_: int) -> None:
    battle = await create_battle("Race", demo_setup())
    good, evil, spectator = everyone = await three_sockets(battle)
    await place_warrior(battle, good, everyone)
    await offer(good)
    await asyncio.gather(*(receive(ws, "offers") for ws in everyone))
    at = (await saved(battle)).state["models"]["aragorn"]
    move = {"type": "place", "model": "aragorn", "at": [at["x"], at["y"] + 1.0]}

    sends = [answer(evil, True), command(good, move, version=1)]
    await asyncio.gather(*(sends if round_ % 2 else sends[::-1]))

    step = await receive(spectator)
    assert step["seq"] == 2
    if step["command"]["type"] == "takeback":
        assert (await refusal(good))["code"] == "stale_version"
    else:
        assert step["command"] == move
        assert (await refusal(evil))["code"] == "no_offer"
    after = await saved(battle)
    assert after.version == 2
    await replays_to_saved(battle)
    for ws in everyone:
        await ws.disconnect()


async def test_a_step_lapses_the_offer_and_an_accepted_takeback_makes_a_step_chosen_before_it_stale(
    scripted_dice,
) -> None:
    battle = await create_battle("Lapse", demo_setup())
    good, evil, spectator = everyone = await three_sockets(battle)
    await place_warrior(battle, good, everyone)
    await offer(good)
    await asyncio.gather(*(receive(ws, "offers") for ws in everyone))
    await place_warrior(battle, good, everyone, dy=2.0)  # Good plays on: the offer lapses
    await answer(evil, True)
    error = await refusal(evil)
    assert error["code"] == "no_offer"
    assert error["message"] == "There is no offer waiting for an answer: the battle has moved on since."

    await offer(good, version=2)
    await asyncio.gather(*(receive(ws, "offers") for ws in everyone))
    await answer(evil, True, version=2)
    assert (await receive(spectator))["command"]["type"] == "takeback"
    at = (await saved(battle)).state["models"]["aragorn"]
    await command(good, {"type": "place", "model": "aragorn", "at": [at["x"], at["y"] + 1.0]}, 2)
    assert (await refusal(good))["code"] == "stale_version"
    assert (await saved(battle)).version == 3
    await replays_to_saved(battle)
    for ws in everyone:
        await ws.disconnect()
