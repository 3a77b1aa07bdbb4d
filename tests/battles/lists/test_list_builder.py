"""Lists from the MESBG List Builder: its roster export becomes a Beacon list of the same army list,
models, options and warbands; a broken export imports nothing and names each problem; a Beacon list
goes back in the same format and comes in again the same."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from battles.lists import services
from battles.lists.listfile import ListFileProblems, parse_list
from battles.models import ArmyList, Profile
from battles.rulesets.skirmish import lists
from battles.rulesets.skirmish.listbuilder import export_list_builder
from battles.rulesets.skirmish.lists import summarise

SAMPLE = json.loads((Path(__file__).parent / "fixtures" / "list-builder-sample-export.json").read_text())


@pytest.fixture
def catalogue(db: None) -> None:
    services.load_catalogue()


def _shape(army: Any) -> list[tuple[str, list[str], bool, list[tuple[str, int, list[str]]]]]:
    return [
        (
            w.hero.name,
            list(w.hero_options),
            bool(w.is_general),
            [(f.profile.name, f.count, list(f.options)) for f in w.followers_in_order()],
        )
        for w in lists.warbands_of(army)
    ]


def test_the_sample_export_imports_to_the_list_it_describes(catalogue: None, ann: User) -> None:
    draft = parse_list(copy.deepcopy(SAMPLE))
    assert (draft.built_from, draft.points_limit, draft.name) == ("army-of-carn-dum", 600, "Carn Dum sample")
    assert _shape(draft) == [
        (
            "Aldrac, Warlord of Carn Dûm",
            [],
            True,
            [
                ("Hill Troll", 1, []),
                ("Angmar Orc Warrior", 8, ["Shield"]),
                ("Angmar Orc Warrior", 4, ["Orc bow"]),
                ("Angmar Orc Warrior", 1, ["Banner"]),
            ],
        ),
        (
            "Angmar Orc Captain",
            [],
            False,
            [
                ("Angmar Warg Rider", 4, ["Shield and throwing spears"]),
                ("Angmar Orc Warrior", 6, ["Spear"]),
                ("Angmar Orc Warrior", 2, ["Two-handed weapon"]),
            ],
        ),
    ]
    army = services.save_list(ann, draft)
    assert all(p.owner is None for p in lists.profiles_of(army))  # the catalogue's, not copies
    assert summarise(army).models == 28


def test_a_broken_export_imports_nothing_and_names_each_problem(catalogue: None, ann: User) -> None:
    broken = copy.deepcopy(SAMPLE)
    broken["warbands"][0]["units"][0]["model_id"] = "[army-of-carn-dum] hill-giant"
    broken["warbands"][1]["units"][1]["options"][0]["name"] = "Pike"
    broken["warbands"][1]["hero"]["MWFW"] = [["", "3:3:3:3"]]
    broken["warbands"][0]["units"][2]["quantity"] = 0
    with pytest.raises(ListFileProblems) as refused:
        parse_list(broken)
    assert refused.value.problems == [
        "warbands[1].units[1].model_id: '[army-of-carn-dum] hill-giant' is no model of Army of Carn Dûm.",
        "warbands[1].units[3].quantity: 0 is not a number of models.",
        "warbands[2].hero.MWFW: '3:3:3:3' is not Angmar Orc Captain's Might:Will:Fate:Wounds (2:1:1:2).",
        "warbands[2].units[2].options[1]: 'Pike' is not an option of Angmar Orc Warrior in Army of Carn Dûm.",
    ]
    client = Client()
    client.force_login(ann)
    upload = SimpleUploadedFile("roster.json", json.dumps(broken).encode(), content_type="application/json")
    response = client.post("/armies/import/", {"file": upload})
    assert response.status_code == 400 and "Nothing was imported." in response.content.decode()
    assert not ArmyList.objects.filter(owner=ann).exists()


def test_an_export_of_another_army_list_or_without_its_keys_is_refused(catalogue: None) -> None:
    with pytest.raises(ListFileProblems, match="'Army of Nowhere' is not an army list Beacon has"):
        parse_list({**SAMPLE, "armyList": "Army of Nowhere"})
    with pytest.raises(ListFileProblems, match=r'it has no "version", "metadata\.leader"'):
        parse_list({k: v for k, v in SAMPLE.items() if k not in ("version", "metadata")})


def test_a_beacon_list_goes_to_the_list_builder_and_comes_back_the_same(catalogue: None, ann: User) -> None:
    army = services.new_list(ann, "Riders of the Mark", 700, army_list="kingdom-of-rohan")
    lists.add_warband(army, Profile.objects.get(catalogue_id="theoden-king-of-rohan"))
    lists.set_hero_options(army, army.warbands.get(), ["Snowmane", "Shield"])
    lists.add_followers(army, army.warbands.get(), Profile.objects.get(catalogue_id="rider-of-rohan"), 6)
    follower = army.warbands.get().followers.get()
    lists.change_followers(army, follower, 6, ["Throwing spears"])
    services.make_general(army, army.warbands.get())
    exported = export_list_builder(ArmyList.objects.get(pk=army.pk))
    assert exported["armyList"] == "Kingdom of Rohan" and exported["metadata"]["leader"] == "wb-1"
    assert exported["warbands"][0]["hero"]["MWFW"] == [["", "3:3:1:2"]]
    again = parse_list(json.loads(json.dumps(exported)))
    assert again.built_from == "kingdom-of-rohan" and again.points_limit == 700
    assert _shape(again) == _shape(ArmyList.objects.get(pk=army.pk))
    client = Client()
    client.force_login(ann)
    response = client.get(f"/armies/{army.pk}/list-builder.json")
    assert response.status_code == 200 and json.loads(response.content) == exported
