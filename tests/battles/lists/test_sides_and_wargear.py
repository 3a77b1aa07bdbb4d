"""Real armies on the table: a list fights for one side and plays it; wargear bought on a list is the
referee's `bought` (a shield's Defence counted once), printed wargear stays printed, a mount bought
or ridden makes a Cavalry model; the builder shows what the referee would refuse."""

from __future__ import annotations

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from battles.lists.demo import demo_army
from battles.lists.listfile import export_list
from battles.lists.profiles import BadData
from battles.models import ArmyList, Battle, Profile
from battles.play.create import start_battle
from battles.rulesets.skirmish.lists import summarise
from rules_core import characteristics

from .conftest import Build, make_profile
from .test_army_pages import HTMX, signed_in, texts

GANDALF, WITCH_KING, TROLL = "Gandalf the Grey", "Witch-king of Angmar", "Cave Troll"


def test_a_list_mixing_sides_is_a_draft_that_says_who_fights_for_whom(build: Build) -> None:
    army = build([(GANDALF, [(TROLL, 1, [])]), (WITCH_KING, [])])
    summary = summarise(army)
    assert summary.side is None
    assert (
        "A list fights for one side: Gandalf the Grey for Good; Cave Troll, Witch-king of Angmar for Evil."
        in summary.problems
    )
    assert summarise(build([(WITCH_KING, [(TROLL, 1, [])])])).side == "evil"


def test_the_builder_shows_the_side_offers_only_its_profiles_and_refuses_the_other_side(
    build: Build, ann, profiles
) -> None:
    client = signed_in(ann)
    army = build([(GANDALF, [])])
    page = client.get(f"/armies/{army.pk}/").content
    assert texts(page, "side") == ["Good"]
    heroes = page.decode().split('data-testid="hero-profile"')[1].split("</select>")[0]
    assert "Aragorn (Strider)" in heroes and WITCH_KING not in heroes
    response = client.post(f"/armies/{army.pk}/warbands/", {"profile": profiles[WITCH_KING].pk}, **HTMX)
    assert response.status_code == 422
    assert texts(response.content, "error") == [
        "Witch-king of Angmar fights for Evil; this list fights for Good."
    ]
    warband = army.warbands.all()[0]
    response = client.post(
        f"/armies/{army.pk}/warbands/{warband.pk}/followers/",
        {"profile": profiles["Mordor Orc Warrior"].pk, "count": 2},
        **HTMX,
    )
    assert texts(response.content, "error") == [
        "Mordor Orc Warrior fights for Evil; this list fights for Good."
    ]
    assert [w.hero.name for w in ArmyList.with_contents().get(pk=army.pk).warbands.all()] == [GANDALF]
    lists = client.get("/armies/").content
    assert texts(lists, "list-side") == ["Good"]


def test_an_evil_list_cannot_play_good(build: Build, ann) -> None:
    evil = build([(WITCH_KING, [(TROLL, 1, [])])])
    with pytest.raises(BadData, match=r"Test list is an Evil list: it cannot play the Good side\."):
        start_battle("Wrong side", {"good": evil, "evil": demo_army("evil")}, ann)
    response = signed_in(ann).post(
        "/battles/new/", {"name": "Wrong", "good": f"list:{evil.pk}", "evil": "demo:evil"}
    )
    assert response.status_code == 422
    assert "A list plays its own side: an Evil list cannot play Good." in response.content.decode()


def test_a_bought_shield_adds_its_defence_once_and_printed_wargear_stays_printed(build: Build, ann) -> None:
    good = build([("Boromir of Gondor", [("Warrior of Minas Tirith", 1, ["Shield"])])])
    evil = build([("Gothmog", [("Mordor Orc Warrior", 1, ["Shield"]), ("Mordor Orc Warrior", 1, [])])])
    state = start_battle("Shields", {"good": good, "evil": evil}, ann).load_state()
    by_name = {m.name: m for m in state.models.values()}
    shielded_orc, orc = by_name["Mordor Orc Warrior 1"], by_name["Mordor Orc Warrior 2"]
    assert (shielded_orc.profile.wargear, shielded_orc.profile.bought) == (
        ["Orc blade", "Armour"],
        ["Shield"],
    )
    # Printed Defence 4 (armour) and a bought shield: wounded as Defence 5; without it, 4.
    assert characteristics.defence(state, shielded_orc) == 5 and characteristics.defence(state, orc) == 4
    assert characteristics.defence(state, by_name["Warrior of Minas Tirith"]) == 6


def test_the_builder_shows_wargear_the_referee_would_refuse(build: Build, ann) -> None:
    shieldbearer = make_profile(
        ann, name="Shieldbearer", wargear=["Sword", "Shield"], options=[{"name": "Shield", "points": 1}]
    )
    army = build([("Boromir of Gondor", [(shieldbearer, 2, ["Shield"])])])
    assert (
        "Shieldbearer carries 'Shield' and 'Shield': the same piece twice. (with Shield)"
        in summarise(army).problems
    )
    page = signed_in(ann).get(f"/armies/{army.pk}/").content
    assert "Sword, Shield" in texts(page, "gear")


def test_a_mount_bought_on_the_list_makes_a_cavalry_model_on_its_mount_s_base(build: Build, ann) -> None:
    captain = make_profile(
        ann,
        name="Captain of the Riddermark",
        points=30,
        tier="minor",
        might=1,
        wargear=["Sword"],
        options=[{"name": "Horse", "points": 10}, {"name": "Lance", "points": 5}],
    )
    on_foot = build([(captain, [])], hero_options={0: ["Lance"]})
    assert summarise(on_foot).problems == [
        "Captain of the Riddermark carries a lance but has no mount (a lance is Cavalry wargear). (with Lance)"
    ]
    army = build([(captain, [("Warrior of Rohan", 2, [])])], hero_options={0: ["Horse", "Lance"]})
    summary = summarise(army)
    assert summary.problems == [] and summary.points == 30 + 10 + 5 + 2 * 6
    state = start_battle("Riders", {"good": army, "evil": demo_army("evil")}, ann).load_state()
    rider = state.model("captain-of-the-riddermark")
    assert rider.mount is not None and rider.mount.name == "Horse" and rider.mount.profile.defence == 4
    assert rider.profile.bought == ["Lance"] and rider.profile.base_mm == 25
    card = Client().get(f"/battles/{state_battle_id(ann)}/models/{rider.id}/").content.decode()
    assert "Horse (1 Wounds)" in card and "Lance (bought)" in card


def state_battle_id(ann) -> str:
    return Battle.objects.filter(created_by=ann).latest("pk").public_id


def test_a_list_file_carries_sides_and_an_older_file_takes_its_profiles_sides(build: Build, ann) -> None:
    exported = export_list(build([(WITCH_KING, [(TROLL, 1, [])])]))
    assert {p["name"]: p["side"] for p in exported["profiles"]} == {WITCH_KING: "evil", TROLL: "evil"}
    older = json.loads(json.dumps(exported))
    custom = {**older["profiles"][1], "name": "Hill troll"}
    older["profiles"] = [{k: v for k, v in p.items() if k != "side"} for p in [*older["profiles"], custom]]
    older["warbands"][0]["followers"].append({"profile": "Hill troll", "count": 1, "options": []})
    response = signed_in(ann).post(
        "/armies/import/", {"file": SimpleUploadedFile("older.json", json.dumps(older).encode())}
    )
    assert response.status_code == 302
    imported = ArmyList.with_contents().get(name="Test list (2)")
    assert {p.name: p.side for p in summarise_profiles(imported)} == {
        WITCH_KING: "evil",
        TROLL: "evil",
        "Hill troll": "evil",
    }
    # When the file's profiles disagree, a profile that does not say its side cannot take one.
    older["profiles"][0]["side"] = "good"
    response = signed_in(ann).post(
        "/armies/import/", {"file": SimpleUploadedFile("mixed.json", json.dumps(older).encode())}
    )
    assert [html.unescape(t) for t in texts(response.content, "error")] == [
        'Nothing was imported. Hill troll: say which side it fights for: "side" is "good" or "evil".'
    ]


def summarise_profiles(army: ArmyList) -> list:
    return [p for w in army.warbands.all() for p in [w.hero, *(f.profile for f in w.followers_in_order())]]


def test_a_profile_saved_before_sides_counted_is_asked_for_and_never_taken_for_an_import(
    build: Build, ann
) -> None:
    old = make_profile(ann, name="Old captain", tier="minor", might=1)
    Profile.objects.filter(pk=old.pk).update(side="")
    old.refresh_from_db()
    army = build([(old, [])])
    assert summarise(army).problems == [
        "Old captain does not say which side it fights for: edit the profile and choose Good or Evil."
    ]
    exported = export_list(build([(make_profile(ann, name="Old captain 2", tier="minor", might=1), [])]))
    exported["profiles"][0]["name"] = exported["warbands"][0]["hero"] = "Old captain"
    response = signed_in(ann).post(
        "/armies/import/", {"file": SimpleUploadedFile("again.json", json.dumps(exported).encode())}
    )
    assert response.status_code == 302
    assert Profile.objects.get(name="Old captain (imported)").side == "good"


def test_a_mass_battle_list_shows_its_side_and_offers_only_its_sides_profiles(
    build_mass, ann, profiles
) -> None:
    army = build_mass([("Mordor Orc Warrior", 2, [])], [("Gothmog", [])])
    page = signed_in(ann).get(f"/armies/{army.pk}/").content
    assert texts(page, "side") == ["Evil"]
    assert "Warrior of Rohan" not in page.decode() and "Eomer" not in page.decode()
    response = signed_in(ann).post(
        f"/armies/{army.pk}/heroes/", {"profile": profiles["Eomer, Marshal of the Riddermark"].pk}, **HTMX
    )
    assert texts(response.content, "error") == [
        "Eomer, Marshal of the Riddermark fights for Good; this list fights for Evil."
    ]
