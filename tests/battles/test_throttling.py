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
from battles.models import ArmyList

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

    # From another address too: the guesses were at Ann's account ...
    assert (
        at("10.0.0.2").post(login_url, {"username": "ANN", "password": "correct-horse-9"}).status_code == 429
    )
    # ... while another player signs in as ever.
    User.objects.create_user("bob", password="correct-horse-9", is_staff=True)
    bob = at("10.0.0.3")
    assert bob.post(login_url, {"username": "bob", "password": "correct-horse-9"}).status_code == 302
    assert signed_in(bob)


def test_one_address_guessing_many_players_is_stopped() -> None:
    User.objects.create_user("zed", password="correct-horse-9")
    guesser = at("10.0.0.4")
    for i in range(throttle.SIGN_IN.most):
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
