"""An account its player manages: the password changed, the account deleted with what is only its
own, the battles it played kept without its name."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from battles.lists.demo import demo_army
from battles.lists.examples import examples
from battles.lists.listfile import export_list
from battles.models import ArmyList, Battle, ChatLine, Profile
from battles.play import chat
from battles.play.create import create_battle
from tests.battles.demos import demo_setup

pytestmark = [pytest.mark.django_db]


def signed_in_as(username: str, password: str = "correct-horse-9") -> tuple[User, Client]:
    user = User.objects.create_user(username, password=password)
    client = Client()
    assert client.post("/accounts/login/", {"username": username, "password": password}).status_code == 302
    return user, client


def test_a_player_changes_their_password_after_giving_the_old_one() -> None:
    _, client = signed_in_as("ann")
    change = {"change_password": "1", "new_password1": "battle-horn-77", "new_password2": "battle-horn-77"}
    wrong = client.post("/accounts/", {**change, "old_password": "not-it"})
    assert wrong.status_code == 422
    right = client.post("/accounts/", {**change, "old_password": "correct-horse-9"})
    assert right.status_code == 302 and right["Location"] == "/accounts/"
    assert "Your password is changed." in client.get("/accounts/").content.decode()  # still signed in
    assert (
        Client().post("/accounts/login/", {"username": "ann", "password": "battle-horn-77"}).status_code
        == 302
    )
    assert (
        Client().post("/accounts/login/", {"username": "ann", "password": "correct-horse-9"}).status_code
        == 200
    )


def test_deleting_an_account_takes_its_own_data_and_leaves_its_battles_without_its_name() -> None:
    ann, client = signed_in_as("ann")
    army = json.dumps(export_list(demo_army("good"))).encode()
    assert client.post("/armies/import/", {"file": SimpleUploadedFile("list.json", army)}).status_code == 302
    mine = json.dumps([{**examples()[0], "name": "Ann's captain"}]).encode()
    assert client.post("/profiles/import/", {"file": SimpleUploadedFile("p.json", mine)}).status_code == 302
    assert ArmyList.objects.filter(owner=ann).exists() and Profile.objects.filter(owner=ann).exists()
    battle = create_battle("Ann's game", demo_setup())
    Battle.objects.filter(pk=battle.pk).update(created_by=ann)
    battle.seats.filter(side="good").update(user=ann)
    chat.say(battle.id, "spectator", "spectators", "Go Good!", name="ann")

    refused = client.post("/accounts/delete/", {"password": "not-it"})
    assert refused.status_code == 422 and User.objects.filter(username="ann").exists()

    deleted = client.post("/accounts/delete/", {"password": "correct-horse-9"})
    assert deleted.status_code == 302 and deleted["Location"] == "/"
    assert not User.objects.filter(username="ann").exists()
    assert not ArmyList.objects.exists() and not Profile.objects.filter(name="Ann's captain").exists()
    kept = Battle.objects.get(pk=battle.pk)
    assert kept.created_by is None and not kept.seats.filter(user__isnull=False).exists()
    assert ChatLine.objects.get(text="Go Good!").name == ""
    assert client.get("/accounts/").status_code == 302  # signed out
