"""Names and free text others read: no account named as a side or the referee, no control or bidi
characters, no chat line of hundreds of empty lines."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from battles.models import Battle
from battles.play import chat

pytestmark = [pytest.mark.django_db]

BIDI = "\u202e\u2066"


@pytest.mark.parametrize("name", ["Good", "EVIL", "spectator", "Referee", "good."])
def test_an_account_may_not_take_a_name_the_site_speaks_with(name: str) -> None:
    response = Client().post(
        "/accounts/signup/",
        {"username": name, "password1": "correct-horse-9", "password2": "correct-horse-9"},
    )
    assert response.status_code == 422
    assert "a name the site itself uses" in response.content.decode()
    assert not User.objects.exists()


def test_a_name_like_a_side_but_not_one_is_taken() -> None:
    response = Client().post(
        "/accounts/signup/",
        {"username": "GoodKnight", "password1": "correct-horse-9", "password2": "correct-horse-9"},
    )
    assert response.status_code == 302 and User.objects.filter(username="GoodKnight").exists()


def test_a_chat_line_keeps_a_few_line_breaks_and_no_blank_lines() -> None:
    _, text = chat.checked_text("good", "players", "one" + "\n" * 498 + "two\nthree\nfour\nfive\nsix")
    assert text == "one\ntwo\nthree\nfour five six"
    _, text = chat.checked_text("good", "players", f"left{BIDI} right")
    assert text == "left right"


def test_a_battles_name_keeps_no_control_characters(client: Client) -> None:
    made = client.post(
        "/battles/new/", {"name": f"Mirror{BIDI}ed\u200f", "good": "demo:good", "evil": "demo:evil"}
    )
    assert made.status_code == 302
    assert Battle.objects.filter(name="Mirrored").exists()
