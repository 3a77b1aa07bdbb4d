"""Getting back to your seat: the lobby's Your battles, kept in the session, and the seat link on
the battle page for its holder."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from battles.models import Battle
from battles.play.create import create_battle
from battles.play.submit import submit
from tests.battles.demos import demo_setup

pytestmark = [pytest.mark.django_db]


def your_battles(client: Client) -> str:
    page = client.get("/").content.decode()
    return page.split('data-testid="my-battles"')[1].split("</table>")[0] if "my-battles" in page else ""


def test_a_guest_finds_the_seat_again_from_the_lobby_without_the_link(client: Client) -> None:
    battle = create_battle("Fords of Isen", demo_setup())
    evil = battle.seats.get(side="evil")
    assert your_battles(client) == ""
    client.get(f"/battles/{battle.public_id}/?seat={evil.token}")

    listed = your_battles(client)
    assert "Fords of Isen" in listed
    assert (
        f'href="/battles/{battle.public_id}/?seat={evil.token}" data-testid="resume">Resume as Evil</a>'
        in listed
    )
    assert "Waiting for Good" in listed and "Your decision" not in listed

    submit(battle.id, "good", {"type": "ready"})  # now it waits for Evil: marked for this guest
    listed = your_battles(client)
    assert 'class="waits-for-you"' in listed and "● Your decision" in listed

    stranger = Client()
    assert your_battles(stranger) == ""
    assert evil.token not in stranger.get("/").content.decode()


def test_waiting_battles_come_first(client: Client) -> None:
    first = create_battle("Waits for Good", demo_setup())
    second = create_battle("Waits for me", demo_setup())
    client.get(f"/battles/{second.public_id}/?seat={second.seats.get(side='good').token}")
    client.get(f"/battles/{first.public_id}/?seat={first.seats.get(side='evil').token}")
    listed = your_battles(client)
    assert listed.index("Waits for me") < listed.index("Waits for Good")


def timed(name: str, clock: dict, ago: float) -> Battle:
    setup = demo_setup()
    setup["clock"] = clock
    battle = create_battle(name, setup)
    Battle.objects.filter(pk=battle.pk).update(created_at=timezone.now() - timedelta(seconds=ago))
    return battle


def test_battles_waiting_for_you_are_sorted_by_time_left_and_show_their_clock(client: Client) -> None:
    chess = {"kind": "chess", "total": 3600, "increment": 0, "out_of_time": "claim"}
    letters = {"kind": "correspondence", "days": 2, "out_of_time": "flag"}
    battles = [
        create_battle("No clock", demo_setup()),
        timed("Letters", letters, ago=86_400 + 60),  # about a day left to decide
        timed("Blitz", chess, ago=3000),  # ten minutes left
        timed("Lost on time", chess, ago=4000),
        timed("Their move", chess, ago=600),
    ]
    for battle in battles:
        side = "evil" if battle.name == "Their move" else "good"
        client.get(f"/battles/{battle.public_id}/?seat={battle.seats.get(side=side).token}")
    listed = your_battles(client)
    order = [b.name for b in sorted(battles, key=lambda b: listed.index(b.name))]
    assert order == ["Lost on time", "Blitz", "Letters", "No clock", "Their move"]
    cells = re.findall(r'data-testid="time-left">([^<]*)<', listed)
    assert cells[0] == "Good: out of time"
    assert re.fullmatch(r"Good: (9|10):\d\d left", cells[1])
    assert re.fullmatch(r"23:5\d:\d\d left to decide", cells[2])
    assert cells[3] == "" and re.fullmatch(r"Good: 49:\d\d left", cells[4])


def test_a_signed_in_player_sees_their_battles_and_seats(client: Client) -> None:
    player = User.objects.create_user("eowyn", password="shieldmaiden")
    battle = create_battle("Pelennor", demo_setup())
    battle.created_by = player
    battle.save()
    battle.seats.filter(side="good").update(user=player)
    client.force_login(player)
    listed = your_battles(client)
    assert "Pelennor" in listed and "Resume as Good" in listed and "Links</a>" in listed
    assert "● Your decision" in listed


def test_the_seat_link_is_offered_to_its_holder_only(client: Client) -> None:
    battle = create_battle("Links", demo_setup())
    good = battle.seats.get(side="good")
    page = client.get(f"/battles/{battle.public_id}/?seat={good.token}", follow=True).content.decode()
    assert f'value="http://testserver/battles/{battle.public_id}/?seat={good.token}" data-seat-link' in page
    assert 'data-testid="decision-sound"' in page
    spectator = Client().get(f"/battles/{battle.public_id}/").content.decode()
    assert good.token not in spectator and "data-seat-link" not in spectator
    assert "data-decision-sound" not in spectator
