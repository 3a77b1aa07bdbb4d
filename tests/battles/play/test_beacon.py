"""Playing against Beacon: a battle started at New battle with the server in one seat, which it
plays through the websocket stack like any player (its steps reach the other seat and spectators),
whenever it is its decision; its own seat is nobody's to take."""

from __future__ import annotations

import html
import json
import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from battles.models import Battle
from battles.play import beacon
from rules_core.bot import suggest
from tests.battles.conftest import command, connect, receive, saved, seats

pytestmark = [pytest.mark.django_db(transaction=True)]


def started(client: Client, **fields: str) -> tuple[Battle, str]:
    """A battle against Beacon made at New battle, without an account: the battle and your seat."""
    answer = client.post("/battles/new/", {"name": "Practice", **fields})
    assert answer.status_code == 302, answer.content.decode()[:500]
    battle = Battle.objects.get(name="Practice")
    token = parse_qs(urlparse(answer["Location"]).query)["seat"][0]
    return battle, token


@pytest.mark.parametrize(
    "fields",
    [
        {"ruleset": "skirmish", "beacon": "evil", "beacon_strength": "captain"},
        {"ruleset": "skirmish", "beacon": "good", "beacon_strength": "recruit", "scenario": "domination"},
        {"ruleset": "mass_battle", "beacon": "good", "beacon_strength": "captain"},
    ],
)
def test_new_battle_against_beacon_needs_no_account_and_leads_to_your_seat(fields: dict[str, str]) -> None:
    client = Client()
    battle, token = started(client, **fields)
    assert (battle.ruleset, battle.beacon_side, battle.beacon_strength) == (
        fields["ruleset"], fields["beacon"], fields["beacon_strength"],
    )  # fmt: skip
    you = "good" if fields["beacon"] == "evil" else "evil"
    assert battle.seats.get(token=token).side == you
    page = client.get(f"/battles/{battle.public_id}/?seat={token}").content.decode()
    assert f"You play <strong>{you.capitalize()}</strong>" in page
    assert (
        f"Beacon ({fields['beacon_strength'].capitalize()}) plays <strong>{fields['beacon'].capitalize()}"
        in page
    )
    links = client.get(f"/battles/{battle.public_id}/links/").content.decode()
    assert f'data-testid="{you}-link"' in links
    assert f'data-testid="{fields["beacon"]}-link"' not in links, "Beacon's seat is the server's: no link"


async def test_beacon_plays_its_decisions_and_everyone_sees_its_steps() -> None:
    client = Client()
    battle, token = await database_sync_to_async(started)(
        client, ruleset="skirmish", beacon="evil", beacon_strength="captain"
    )
    player = await connect(battle.public_id, token)
    spectator = await connect(battle.public_id, "")
    view = await receive(player, "view")
    await receive(spectator, "view")
    assert view["pending"]["side"] == "good"
    await command(player, {"type": "ready"}, view["seq"])
    beacons: list[dict[str, Any]] = []
    seen: list[dict[str, Any]] = []
    while True:  # Beacon deploys, rolls for Priority ... until the battle waits for Good again
        step = await receive(player, timeout=30)
        seen.append(await receive(spectator, timeout=30))
        if step["side"] == "evil":
            beacons.append(step)
        if step["pending"]["side"] == "good" and beacons:
            break
    assert beacons and all(s["id"].startswith("beacon-") for s in beacons)
    assert [s["seq"] for s in seen][-len(beacons) :] == [s["seq"] for s in beacons]
    assert any(s["side"] == "evil" for s in seen), "spectators see Beacon's steps like any player's"
    for ws in (player, spectator):
        await ws.disconnect()


async def test_beacons_seat_cannot_be_taken() -> None:
    client = Client()
    battle, _ = await database_sync_to_async(started)(client, ruleset="skirmish", beacon="evil")
    tokens = await seats(battle)
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from tests.battles.conftest import ORIGIN

    ws = WebsocketCommunicator(application, f"/ws/battles/{battle.public_id}/?seat={tokens['evil']}",
                               headers=[ORIGIN])  # fmt: skip
    await ws.connect(timeout=10)
    closed = await ws.receive_output(timeout=10)
    while closed["type"] != "websocket.close":
        closed = await ws.receive_output(timeout=10)
    assert closed["code"] == 4403


def coach_answer(client: Client, battle: Battle, token: str) -> dict[str, Any]:
    answer = client.get(f"/battles/{battle.public_id}/coach/", {"seat": token})
    assert answer.status_code == 200, answer.content.decode()[:300]
    text = answer.content.decode()
    found = re.search(r'data-command="([^"]*)"', text)
    assert found, text
    return {"command": json.loads(html.unescape(found.group(1))), "text": text}


def test_the_coach_shows_beside_your_decision_what_beacon_would_do() -> None:
    client = Client()
    battle, token = started(client, ruleset="skirmish", beacon="evil", beacon_strength="recruit", coach="on")
    page = client.get(f"/battles/{battle.public_id}/?seat={token}").content.decode()
    assert "What would Beacon do?" in page
    state = battle.load_state()
    answer = coach_answer(client, battle, token)
    assert answer["command"] == suggest(state, "good", "recruit", beacon.seed_of(battle)).command
    assert "Beacon would:" in answer["text"]
    assert battle.load_state() == state, "the coach plays nothing"


def test_no_coach_unless_the_battle_has_one() -> None:
    client = Client()
    battle, token = started(client, ruleset="skirmish", beacon="evil")
    page = client.get(f"/battles/{battle.public_id}/?seat={token}").content.decode()
    assert "What would Beacon do?" not in page
    assert client.get(f"/battles/{battle.public_id}/coach/", {"seat": token}).status_code == 404
    assert client.get(f"/battles/{battle.public_id}/coach/").status_code == 404


async def test_the_coach_suggests_what_beacon_then_plays() -> None:
    """Asked for Beacon's own seat at each of its decisions, the coach says what Beacon then plays."""
    client = Client()
    battle, token = await database_sync_to_async(started)(
        client, ruleset="skirmish", beacon="evil", beacon_strength="captain", coach="on"
    )
    player = await connect(battle.public_id, token)
    view = await receive(player, "view")
    await command(player, {"type": "ready"}, view["seq"])
    while (step := await receive(player, timeout=30))["side"] != "evil":
        pass
    played, before = await database_sync_to_async(_beacon_step_and_state_before)(battle, step["seq"])
    turn = await database_sync_to_async(beacon.coached_turn)(before, "evil")
    assert turn is not None
    assert (await beacon.think(turn))["command"] == played
    await player.disconnect()


def _beacon_step_and_state_before(battle: Battle, seq: int) -> tuple[dict[str, Any], Battle]:
    """Beacon's command at step `seq`, and the battle as it stood before it (its record replayed)."""
    from battles.play.records import battle_record
    from battles.play.views import state_after

    battle = Battle.objects.get(pk=battle.pk)
    played = battle.events.get(seq=seq).command
    battle.state = state_after(battle_record(battle), seq - 1).to_dict()
    battle.version = seq - 1
    return played, battle


async def test_beacon_accepts_a_takeback_and_the_battle_goes_back() -> None:
    client = Client()
    battle, token = await database_sync_to_async(started)(client, ruleset="skirmish", beacon="evil")
    player = await connect(battle.public_id, token)
    view = await receive(player, "view")
    place = next(a for a in view["actions"] if a["kind"] == "place")
    x0, y0, x1, y1 = place["params"]["at"]["zone"]
    await command(player, {**place["command"], "at": [(x0 + x1) / 2, (y0 + y1) / 2]}, view["seq"])
    placed = await receive(player)
    assert placed["side"] == "good" and placed["pending"]["side"] == "good"
    await player.send_json_to({"type": "offer", "id": "t1", "offer": "takeback", "steps": 1})
    offers = await receive(player, "offers", timeout=10)
    assert offers["pending"]["offer"] == "takeback"
    back = await receive(player, timeout=10)
    assert back["command"] == {"type": "takeback", "steps": 1}
    assert (await saved(battle)).load_state().models == (await saved_state_at_start(battle)).models
    await player.disconnect()


async def saved_state_at_start(battle: Battle) -> Any:
    from rules_core import new_battle

    fresh = await saved(battle)
    return new_battle(fresh.setup)


def test_a_rematch_against_beacon_is_against_beacon_too() -> None:
    from battles.play.offers import make_offer

    battle, _ = started(Client(), ruleset="skirmish", beacon="evil", beacon_strength="recruit", coach="on")
    Battle.objects.filter(pk=battle.pk).update(
        state=_ended(battle.load_state()), status=Battle.Status.FINISHED
    )
    offer = make_offer(battle.id, "good", "rematch", swap=True)
    beacon.answer(battle.id, offer)
    offer.refresh_from_db()
    assert offer.rematch is not None
    assert (offer.rematch.beacon_side, offer.rematch.beacon_strength, offer.rematch.coach) == (
        "good",
        "recruit",
        True,
    )


def _ended(state: Any) -> dict[str, Any]:
    from rules_core import SeededDice, apply

    return apply(state, "good", {"type": "concede"}, SeededDice(1)).state.to_dict()
