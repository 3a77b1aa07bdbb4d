"""Guessing and flooding are throttled: signing in (here and in the admin), signing up, importing."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from battles import throttle
from battles.lists.demo import demo_army
from battles.lists.listfile import export_list
from battles.models import ArmyList, Battle
from battles.play.submit import submit

pytestmark = [pytest.mark.django_db]


def at(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


@pytest.mark.parametrize("login_url", ["/accounts/login/", "/admin/login/"])
def test_guessing_a_password_is_stopped_and_even_the_right_one_waits(login_url: str) -> None:
    User.objects.create_user("ann", password="correct-horse-9", is_staff=True)
    guesser = at("10.0.0.1")
    for _ in range(throttle.SIGN_IN.most):
        assert guesser.post(login_url, {"username": "ann", "password": "wrong"}).status_code == 200
    refused = guesser.post(login_url, {"username": "ann", "password": "correct-horse-9"})
    assert refused.status_code == 429
    assert "Too many attempts at signing in" in refused.content.decode()
    assert not signed_in(guesser)

    # Ann herself, from her own address, signs in as ever: the guesses counted against whoever
    # guessed, and a lockout cannot be aimed at her by her name.
    ann = at("10.0.0.2")
    assert ann.post(login_url, {"username": "ann", "password": "correct-horse-9"}).status_code == 302
    assert signed_in(ann)


def test_a_stranger_guessing_at_a_name_in_any_case_does_not_lock_its_player_out() -> None:
    User.objects.create_user("Ann", password="correct-horse-9")
    stranger = at("10.0.0.7")
    for i in range(throttle.SIGN_IN_ADDRESS.most):
        name = "ann" if i % 3 == 0 else "ANN" if i % 3 == 1 else " Ann "
        stranger.post("/accounts/login/", {"username": name, "password": "wrong"})
    assert (
        stranger.post("/accounts/login/", {"username": "Ann", "password": "correct-horse-9"}).status_code
        == 429
    )
    ann = at("10.0.0.8")
    assert ann.post("/accounts/login/", {"username": "Ann", "password": "correct-horse-9"}).status_code == 302


def test_signing_in_gives_its_place_back(settings) -> None:
    settings.THROTTLE_SIGN_IN_FAILURES = 2
    User.objects.create_user("ann", password="correct-horse-9")
    ann = at("10.0.0.9")
    for _ in range(5):  # each a success: none counted
        assert (
            ann.post("/accounts/login/", {"username": "ann", "password": "correct-horse-9"}).status_code
            == 302
        )
        ann.logout()
    ann.post("/accounts/login/", {"username": "ann", "password": "wrong"})
    assert ann.post("/accounts/login/", {"username": "ann", "password": "correct-horse-9"}).status_code == 302


def test_one_address_guessing_many_players_is_stopped() -> None:
    User.objects.create_user("zed", password="correct-horse-9")
    guesser = at("10.0.0.4")
    for i in range(throttle.SIGN_IN_ADDRESS.most):
        guesser.post("/accounts/login/", {"username": f"player{i}", "password": "wrong"})
    assert (
        guesser.post("/accounts/login/", {"username": "zed", "password": "correct-horse-9"}).status_code
        == 429
    )


def test_signing_up_is_throttled_per_address() -> None:
    client = at("10.0.0.5")
    for i in range(throttle.SIGN_UP.most):
        client.post("/accounts/signup/", {"username": f"new{i}", "password1": "x", "password2": "y"})
    made = User.objects.count()
    response = client.post(
        "/accounts/signup/",
        {"username": "late", "password1": "correct-horse-9", "password2": "correct-horse-9"},
    )
    assert response.status_code == 429 and User.objects.count() == made


def test_importing_is_throttled(settings) -> None:
    settings.THROTTLE_IMPORTS = 3
    ann = User.objects.create_user("ann", password="correct-horse-9")
    client = at("10.0.0.6")
    client.force_login(ann)
    raw = json.dumps(export_list(demo_army("good"))).encode()
    for _ in range(3):
        assert (
            client.post("/armies/import/", {"file": SimpleUploadedFile("list.json", raw)}).status_code == 302
        )
    response = client.post("/armies/import/", {"file": SimpleUploadedFile("list.json", raw)})
    assert response.status_code == 429
    assert ArmyList.objects.filter(owner=ann).count() == 3


def new_battle(client: Client, name: str) -> int:
    return client.post("/battles/new/", {"name": name, "good": "demo:good", "evil": "demo:evil"}).status_code


def test_creating_battles_is_throttled_per_address_and_per_account(settings) -> None:
    settings.THROTTLE_BATTLES = 3
    flooder = at("10.0.1.1")
    assert [new_battle(flooder, f"Spam {i}") for i in range(4)] == [302, 302, 302, 429]
    assert "Too many attempts at creating battles" in flooder.post("/battles/new/", {}).content.decode()
    assert Battle.objects.count() == 3

    ann = User.objects.create_user("ann", password="correct-horse-9")
    codes = []
    for i in range(4):  # one account, a new address each time: counted as one
        client = at(f"10.0.2.{i}")
        client.force_login(ann)
        codes.append(new_battle(client, f"Ann's {i}"))
    assert codes == [302, 302, 302, 429]


def test_an_anonymous_battle_is_listed_only_once_a_step_is_played_in_it(client: Client) -> None:
    assert new_battle(at("10.0.1.2"), "VISIT my-spam.example") == 302
    battle = Battle.objects.get()
    assert "my-spam.example" not in client.get("/").content.decode()
    assert "my-spam.example" not in client.get("/battles/live/").content.decode()

    submit(battle.id, "good", {"type": "ready"})
    assert "my-spam.example" in client.get("/").content.decode()
    assert "my-spam.example" in client.get("/battles/live/").content.decode()


def test_a_signed_in_players_battle_is_listed_at_once(client: Client) -> None:
    ann = User.objects.create_user("ann", password="correct-horse-9")
    client.force_login(ann)
    assert new_battle(client, "Ann's open game") == 302
    assert "Ann&#x27;s open game" in Client().get("/").content.decode()
