"""Mass-battle lists as files: a list comes back as it went out, a file without a ruleset is a skirmish
list, and a bad or hostile file is refused with its reason and changes nothing."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from battles.lists.listfile import export_list
from battles.models import ArmyList, Profile
from battles.rulesets.mass_battle.lists import summarise as summarise_mass

from .conftest import Build, BuildMass, make_profile
from .test_list_files import _set, signed_in, upload

EOMER = "Eomer, Marshal of the Riddermark"


@pytest.fixture
def riders(build_mass: BuildMass, ann) -> ArmyList:
    lancers = make_profile(
        ann,
        name="Lancers of the Mark",
        points=9,
        keywords=["Cavalry"],
        options=[{"name": "Shield", "points": 1}],
    )
    return build_mass(
        [("Warrior of Rohan", 3, ["Shield"]), (lancers, 2, ["Shield"]), ("Warrior of Rohan", 1, ["Bow"])],
        [(EOMER, ["war_banner", "swift"]), ("Hama, Captain of Rohan", ["bodyguard"])],
        general=1,
        name="Riders",
    )


def test_an_exported_mass_list_imports_as_the_same_list(riders: ArmyList, ann) -> None:
    client = signed_in(ann)
    exported = client.get(f"/armies/{riders.pk}/export/")
    doc = json.loads(exported.content)
    assert (doc["ruleset"], doc["points_limit"]) == ("mass_battle", 1000)
    assert doc["stands"][1] == {"profile": "Lancers of the Mark", "count": 2, "options": ["Shield"]}
    assert doc["heroes"][0] == {
        "profile": EOMER,
        "options": [],
        "cards": ["War Banner", "Swift"],
        "general": False,
    }
    assert doc["heroes"][1]["general"] is True
    assert "warbands" not in doc
    profiles_before = Profile.objects.count()

    response = upload(client, exported.content)
    copy_ = ArmyList.with_contents().exclude(pk=riders.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/armies/{copy_.pk}/"
    assert (copy_.name, copy_.ruleset) == ("Riders (2)", "mass_battle")
    assert Profile.objects.count() == profiles_before
    assert {**export_list(copy_), "name": "Riders"} == doc
    assert summarise_mass(copy_) == summarise_mass(riders)


def test_another_player_gets_the_custom_profiles_once(riders: ArmyList, ann, bob) -> None:
    raw = signed_in(ann).get(f"/armies/{riders.pk}/export/").content
    client = signed_in(bob)
    upload(client, raw)
    upload(client, raw)
    assert [p.name for p in Profile.objects.filter(owner=bob)] == ["Lancers of the Mark"]
    lists = ArmyList.with_contents().filter(owner=bob)
    assert [a.ruleset for a in lists] == ["mass_battle", "mass_battle"]
    assert all(summarise_mass(a).problems == [] for a in lists)


def test_a_file_without_a_ruleset_is_a_skirmish_list(build: Build, ann) -> None:
    army = build([("Boromir of Gondor", [("Warrior of Minas Tirith", 3, [])])])
    doc = export_list(army)
    assert doc["ruleset"] == "skirmish"
    del doc["ruleset"]
    upload(signed_in(ann), json.dumps(doc).encode())
    imported = ArmyList.with_contents().exclude(pk=army.pk).get()
    assert imported.ruleset == "skirmish"
    assert [w.hero.name for w in imported.warbands.all()] == ["Boromir of Gondor"]


def test_a_list_that_breaks_the_rules_comes_in_as_a_draft(riders: ArmyList, ann) -> None:
    doc = export_list(riders)
    doc["heroes"][0]["cards"] = ["War Banner", "Swift", "Bodyguard", "Shieldwall"]
    doc["heroes"][1]["cards"] = ["Bodyguard", "bodyguard"]
    doc["points_limit"] = 100
    upload(signed_in(ann), json.dumps(doc).encode())
    draft = ArmyList.with_contents().exclude(pk=riders.pk).get()
    # Stands 3 x 56 + 2 x 40 (cavalry: 4 models a stand) + 56; Eomer 110 + 65 of cards; Hama 60 + 40.
    assert summarise_mass(draft).problems == [
        "The list costs 579 points, over its limit of 100.",
        f"{EOMER} carries 4 Battle Cards: at most 3 per hero.",
        "Hama, Captain of Rohan carries Bodyguard twice: each card at most once per hero.",
    ]


def _delete(key: str) -> Any:
    return lambda doc: doc.pop(key)


def _many_lines(doc: dict[str, Any]) -> None:
    doc["stands"] = [copy.deepcopy(doc["stands"][0]) for _ in range(49)]


def _too_many_stands(doc: dict[str, Any]) -> None:
    for line in doc["stands"]:
        line["count"] = 20


BAD_FILES: list[tuple[str, Any, str]] = [
    (
        "unknown ruleset",
        _set("ruleset", "skirmish_deluxe"),
        "for the ruleset 'skirmish_deluxe'; Beacon knows",
    ),
    ("ruleset not text", _set("ruleset", ["mass_battle"]), "for the ruleset ['mass_battle']"),
    ("stands not a list", _set("stands", {"a": 1}), '"stands" must be a list of at most 48'),
    ("no heroes", _delete("heroes"), '"heroes" must be a list of at most 24'),
    ("too many lines", _many_lines, '"stands" must be a list of at most 48'),
    ("too many heroes", _set("heroes", [{}] * 25), '"heroes" must be a list of at most 24'),
    ("line not an object", _set("stands.0", "Warrior of Rohan"), "Stands 1 must be an object."),
    ("profile missing", _set("stands.0.profile", "Oliphaunt"), "Stands 1 names the profile 'Oliphaunt'"),
    ("zero stands", _set("stands.0.count", 0), "whole number from 1 to 48"),
    ("count true", _set("stands.0.count", True), "whole number from 1 to 48"),
    ("count as text", _set("stands.0.count", "3"), "whole number from 1 to 48"),
    ("fractional count", _set("stands.0.count", 1.5), "whole number from 1 to 48"),
    ("huge count", _set("stands.0.count", 10**9), "whole number from 1 to 48"),
    ("too many stands", _too_many_stands, "The list fields 60 stands; a list fields at most 48."),
    (
        "a hero as stands",
        _set("stands.0.profile", EOMER),
        f"Stands 1: {EOMER} is a hero; list him among the heroes.",
    ),
    (
        "a warrior as hero",
        _set("heroes.0.profile", "Warrior of Rohan"),
        "Hero 1: Warrior of Rohan is not a hero",
    ),
    ("hero not an object", _set("heroes.0", 7), "Hero 1 must be an object."),
    (
        "unknown card",
        _set("heroes.0.cards", ["One Ring"]),
        "carries 'One Ring', which is no Battle Card (cards:",
    ),
    (
        "long card name",
        _set("heroes.0.cards", ["X" * 10_000]),
        "carries '" + "X" * 56 + "...",
    ),
    ("cards not a list", _set("heroes.0.cards", "War Banner"), "must be a list of card names"),
    ("card not text", _set("heroes.0.cards", [{"name": "Swift"}]), "must be a list of card names"),
    ("endless cards", _set("heroes.0.cards", ["Swift"] * 21), "must be a list of card names"),
    ("unknown option", _set("stands.0.options", ["Oliphaunt tusk"]), "'Oliphaunt tusk' is not an option"),
    ("hero option unknown", _set("heroes.0.options", ["Horse"]), "Hero 1: 'Horse' is not an option"),
]


@pytest.mark.parametrize(("case", "change", "message"), BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_a_bad_mass_list_file_is_refused_and_changes_nothing(
    riders: ArmyList, bob, case: str, change: Any, message: str
) -> None:
    """Bob imports Ann's list, which would give him her custom profile: refused, it gives nothing."""
    doc = export_list(riders)
    change(doc)
    counts = (ArmyList.objects.count(), Profile.objects.count())
    response = upload(signed_in(bob), json.dumps(doc).encode())
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nothing was imported." in page
    assert message.replace("'", "&#x27;").replace('"', "&quot;") in page
    assert len(page) < 20_000  # nothing long from the file is echoed back (the page itself is ~11 KB)
    assert (ArmyList.objects.count(), Profile.objects.count()) == counts
