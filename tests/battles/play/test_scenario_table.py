"""Scenarios at the table: choosing one for a new battle, what the page shows of it, secret picks
kept from every socket but their own seat's, and the exported record."""

from __future__ import annotations

import json
import re

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client

from battles.lists.demo import demo_army
from battles.play.create import create_battle as create_battle_now
from battles.play.create import start_battle
from battles.play.models import Battle
from battles.play.scenarios import resolve
from battles.play.submit import submit
from rules_core.scenarios.catalogue import pool_of
from tests.battles.conftest import command, connect, create_battle, seats
from tests.rules_core.test_scenario_battles import FOG_PICKS, fog_of_war

GOOD_SECRETS = [
    r'own_hero"\s*:\s*"g-keeper',
    r'enemy_hero"\s*:\s*"e-prey',
    r'terrain"\s*:\s*"t1"',
    r"own hero: Gamling",
    r"enemy hero: Ugluk",
    r"terrain: North ruin",
    r"Gamling unwounded",
    r"Ugluk unwounded",
    r"North ruin: \d",
]
EVIL_SECRETS = [
    r'own_hero"\s*:\s*"e-keeper',
    r'enemy_hero"\s*:\s*"g-hunter',
    r'terrain"\s*:\s*"t3"',
    r"own hero: Lurtz",
    r"enemy hero: Eomer",
    r"terrain: South ruin",
    r"Lurtz unwounded",
    r"Eomer unwounded",
    r"South ruin: \d",
]


def leaks(messages: list[str], patterns: list[str]) -> list[str]:
    return [p for p in patterns if any(re.search(p, m) for m in messages)]


async def drain(ws: WebsocketCommunicator, into: list[str]) -> None:
    """Every message the socket has been sent so far."""
    while not await ws.receive_nothing(timeout=0.3):
        into.append(await ws.receive_from())


@pytest.mark.django_db(transaction=True)
async def test_secret_picks_reach_no_socket_but_their_own_seats_until_the_battle_reveals_them(
    scripted_dice,
) -> None:
    battle = await create_battle("Fog", fog_of_war().setup)
    tokens = await seats(battle)
    sockets = {
        (audience, fmt): await connect(battle.public_id, tokens.get(audience, ""), fmt)
        for audience in ("good", "evil", "spectator")
        for fmt in ("json", "html")
    }
    heard: dict[tuple[str, str], list[str]] = {key: [] for key in sockets}

    async def everyone_listens() -> None:
        """Each command is a step every socket is sent: wait for it (a loaded machine may take a
        while), then for anything after it."""
        for key, ws in sockets.items():
            heard[key].append(await ws.receive_from(timeout=10))
            await drain(ws, heard[key])

    good, evil = sockets[("good", "json")], sockets[("evil", "json")]
    scripted_dice.script.extend([6, 1])
    for ws, cmd in (
        (good, {"type": "roll_off"}),
        (good, {"type": "choose_zone", "zone": "south"}),
        (good, {"type": "pick", **FOG_PICKS["good"]}),
        (evil, {"type": "pick", **FOG_PICKS["evil"]}),
        (good, {"type": "ready"}),
    ):
        await command(ws, cmd)
        await everyone_listens()
    # Each seat sees its own picks (on its screen and in its data), and nobody else's.
    for fmt in ("json", "html"):
        assert leaks(heard[("good", fmt)], GOOD_SECRETS) and not leaks(heard[("good", fmt)], EVIL_SECRETS)
        assert leaks(heard[("evil", fmt)], EVIL_SECRETS) and not leaks(heard[("evil", fmt)], GOOD_SECRETS)
        assert not leaks(heard[("spectator", fmt)], GOOD_SECRETS + EVIL_SECRETS)
    assert "Your secret picks (only you see them):</strong> own hero: Gamling" in "".join(
        heard[("good", "html")]
    )
    # A socket that joins later, or asks again, gets a whole view: still nothing of the other side's.
    late = await connect(battle.public_id, "", "json")
    view: list[str] = []
    await drain(late, view)
    assert not leaks(view, GOOD_SECRETS + EVIL_SECRETS)
    # The end reveals them to everyone.
    await command(evil, {"type": "concede"})
    await everyone_listens()
    for key, messages in heard.items():
        assert any(
            "Good&#x27;s picks: own hero: Gamling" in m or "Good's picks: own hero: Gamling" in m
            for m in messages
        ), key
    for ws in [*sockets.values(), late]:
        await ws.disconnect()


def test_a_battle_is_started_on_a_chosen_scenario_or_one_drawn_from_a_pool(db, client: Client) -> None:
    response = client.post(
        "/battles/new/",
        {"name": "Hold the hill", "good": "demo:good", "evil": "demo:evil", "scenario": "domination"},
    )
    assert response.status_code == 302
    battle = Battle.objects.get(name="Hold the hill")
    assert battle.setup["scenario"] == "domination"
    good = battle.setup["armies"]["good"]
    assert good["general"] == "aragorn" and [w["captain"] for w in good["warbands"]] == [
        "aragorn",
        "boromir-of-gondor",
    ]
    assert all("x" not in m and m["points"] > 0 for m in good["models"])
    page = client.get(f"/battles/{battle.public_id}/").content.decode()
    assert 'data-testid="scenario"' in page and "Domination" in page
    assert battle.setup["board"]["name"] == "Farmstead" and "board_choice" not in battle.setup
    assert "Good starts the roll-off to place objective markers" in page
    assert 'data-testid="marker"' in page  # the centre marker
    assert {resolve("pool:1") for _ in range(40)} <= {s.key for s in pool_of(1)}
    assert resolve("") == "" and resolve("any") in {s.key for p in range(1, 7) for s in pool_of(p)}


def test_without_a_scenario_a_new_battle_is_set_up_as_before(db) -> None:
    battle = start_battle("Old ways", {"good": demo_army("good"), "evil": demo_army("evil")})
    assert "scenario" not in battle.setup and "warbands" not in battle.setup["armies"]["good"]
    assert all(set(m) == {"id", "profile", "x", "y"} for m in battle.setup["armies"]["good"]["models"])


def test_an_exported_record_shows_a_seat_its_own_picks_only(db, client: Client) -> None:
    table = fog_of_war()
    battle = create_battle_now("Fog", table.setup)
    dice_script = [6, 1]

    from rules_core import ScriptedDice

    dice = ScriptedDice(dice_script)
    for side, cmd in (
        ("good", {"type": "roll_off"}),
        ("good", {"type": "choose_zone", "zone": "south"}),
        ("good", {"type": "pick", **FOG_PICKS["good"]}),
        ("evil", {"type": "pick", **FOG_PICKS["evil"]}),
    ):
        submit(battle.id, side, cmd, dice=dice)
    tokens = {s.side: s.token for s in battle.seats.all()}
    for viewer, query in (("good", f"?seat={tokens['good']}"), ("spectator", "")):
        record = json.loads(client.get(f"/battles/{battle.public_id}/record.json{query}").content)
        picks = record["scenario"]["picks"]
        assert picks["evil"] == {"sealed": True}
        assert picks["good"] == (FOG_PICKS["good"] if viewer == "good" else {"sealed": True})
        assert "e-keeper" not in json.dumps(record["entries"])
