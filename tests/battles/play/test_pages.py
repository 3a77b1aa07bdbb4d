"""Pages around a battle: its seats, the live list, replays and the exported battle record."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from battles.models import Battle
from battles.play import presence
from battles.play.create import create_battle
from battles.play.records import battle_record
from battles.play.submit import submit
from rules_core import ScriptedDice
from rules_core.record import replay
from tests.battles.demos import demo_setup

pytestmark = [pytest.mark.django_db]


def play(battle: Battle, *steps: tuple[str, dict, list[int]]) -> Battle:
    for side, command, faces in steps:
        submit(battle.id, side, command, dice=ScriptedDice(faces))
    return Battle.objects.get(pk=battle.pk)


OPENING = (
    ("good", {"type": "ready"}, []),
    ("evil", {"type": "ready"}, [6, 2]),
    ("good", {"type": "priority", "side": "good"}, []),
)


def test_a_seat_link_plays_its_side_and_a_bad_one_is_refused(client: Client) -> None:
    battle = create_battle("Seats", demo_setup())
    good = battle.seats.get(side="good")
    page = client.get(f"/battles/{battle.public_id}/?seat={good.token}", follow=True).content.decode()
    assert "You play <strong>Good</strong>" in page
    assert ">Deployment done</button>" in page
    spectator = Client().get(f"/battles/{battle.public_id}/").content.decode()  # another browser
    assert "Spectating" in spectator and "Deployment done" not in spectator
    assert client.get(f"/battles/{battle.public_id}/?seat=forged").status_code == 404


def test_forms_need_the_csrf_token() -> None:
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/battles/new/", {"name": "No token"}).status_code == 403
    assert not Battle.objects.exists()


def test_live_battles_show_turn_phase_decision_and_spectators(client: Client) -> None:
    live = play(create_battle("At the Fords", demo_setup()), *OPENING)
    over = play(create_battle("Short one", demo_setup()), ("evil", {"type": "concede"}, []))
    touch = async_to_sync(presence.store().touch)
    for watcher in ("a", "b"):
        touch(live.public_id, presence.member("spectator", watcher), 60)
    touch(live.public_id, presence.member("good", "g"), 60)

    page = client.get("/battles/live/").content.decode()
    row = page.split(f'data-battle="{live.public_id}"')[1].split("</tr>")[0]
    assert "At the Fords" in row
    assert "<td>1</td>" in row and "Move" in row
    assert "<strong>Evil</strong>: Evil declares a Heroic Action or passes" in row
    assert '<td data-testid="spectators">2</td>' in row
    finished = page.split('data-testid="finished-battles"')[1]
    assert "Short one" in finished and "Good won: Evil conceded" in finished
    assert f"/battles/{over.public_id}/replay/?step=0" in finished


def test_a_battle_replays_step_by_step(client: Client) -> None:
    battle = play(create_battle("Replay", demo_setup()), *OPENING)
    start = client.get(f"/battles/{battle.public_id}/replay/?step=0").content.decode()
    assert "Step 0 of 3" in start
    assert "<strong>Good</strong>: Good deploys their army" in start
    assert "Priority roll" not in start

    second = client.get(f"/battles/{battle.public_id}/replay/?step=2").content.decode()
    assert "Step 2 of 3" in second
    assert "Priority roll: Good rolls 6, Evil rolls 2. Good chooses." in second
    assert "<strong>Good</strong>: Good chooses who has Priority" in second
    assert '<b class="die">6</b>' in second

    end = client.get(f"/battles/{battle.public_id}/replay/").content.decode()
    assert "Step 3 of 3" in end and "Good has Priority" in end


def test_the_exported_record_replays_to_the_saved_battle(client: Client) -> None:
    battle = play(
        create_battle("Record", demo_setup()),
        *OPENING,
        ("evil", {"type": "declare", "hero": "gothmog", "action": "heroic_move"}, []),
        ("good", {"type": "pass"}, []),
    )
    response = client.get(f"/battles/{battle.public_id}/record.json")
    assert response["Content-Disposition"] == f'attachment; filename="battle-{battle.public_id}.json"'
    record = json.loads(response.content)
    assert record == battle_record(battle)
    assert record["format"] == "beacon-battle-record" and record["version"] == 1
    taken = record["entries"][1].pop("at")  # when it was taken: the clock reads it
    assert taken == battle.events.get(seq=2).created_at.isoformat() and record["started"]
    assert record["entries"][1] == {
        "side": "evil",
        "command": {"type": "ready"},
        "rolls": [
            {"purpose": "priority", "roller": "good", "faces": [6], "at": 2},
            {"purpose": "priority", "roller": "evil", "faces": [2], "at": 2},
        ],
    }
    assert replay(record).to_dict() == battle.state
