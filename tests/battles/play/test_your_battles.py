"""Getting back to your seat: the lobby's Your battles, kept in the session, and the seat link on
the battle page for its holder."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

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
