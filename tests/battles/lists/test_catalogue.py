"""The 2024 catalogue: every profile of the books kept, what cannot be played yet saying why, and the
converter that makes it from a transcription."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from battles.lists.catalogue import MOUNTS, catalogue, mount_profile
from battles.lists.catalogue_data.convert import Converter, read_item, slug
from battles.lists.profiles import BadData, clean_profile
from battles.lists.services import load_catalogue
from battles.models import ArmyList, Profile
from battles.rulesets.skirmish.lists import summarise
from rules_core.special_rules import parse
from tests.battles.lists.conftest import make_profile


def _entry(name: str) -> dict[str, Any]:
    return next(p for p in catalogue() if p["name"] == name)


def _saved(name: str) -> Profile:
    profile = Profile()
    profile.set_data(clean_profile(_entry(name)))
    return profile


def test_every_catalogue_profile_is_usable_data_and_every_one_not_playable_says_why() -> None:
    entries = catalogue()
    assert len(entries) == 597  # the transcription's 594, and 3 armoured mounts of their own
    assert len({p["id"] for p in entries}) == len({p["name"] for p in entries}) == len(entries)
    for data in entries:
        clean = clean_profile(data)
        if clean["kind"] in ("siege-engine", "chariot"):
            assert clean["not_playable"].startswith(f"a {clean['kind'].replace('-', ' ')}: the referee")
    playable = [p for p in entries if not p["not_playable"]]
    assert len([p for p in playable if p["kind"] == "model"]) == 469


def test_what_the_referee_cannot_play_stays_in_the_catalogue_with_its_reason() -> None:
    assert _entry("War Mûmak of Harad")["not_playable"].startswith("its part Howdah (War Mûmak of Harad)")
    assert "not all numbers" in _entry("Howdah (War Mûmak of Harad)")["not_playable"]
    assert _entry("Khandish Chariot")["not_playable"] == "a chariot: the referee does not play chariots yet"
    assert _entry("Mordor War Catapult")["not_playable"].startswith("its part Mordor War Catapult (Siege")
    assert "larger than the referee's largest" in _entry("Smaug")["not_playable"]


def test_a_variable_characteristic_is_held_as_the_book_prints_it() -> None:
    ringwraith = _saved("Ringwraith")
    assert ringwraith.variable == {"attacks": "*", "might": "*", "will": "*", "fate": "*"}
    assert ringwraith.to_data()["attacks"] == "*" and ringwraith.to_data()["defence"] == 8
    assert "Attacks *" in ringwraith.not_playable
    option_2 = _saved("Ringwraith (Option 2)")
    assert option_2.playable and option_2.attacks == 2


def test_a_characteristic_that_is_neither_a_number_nor_a_printed_symbol_is_refused() -> None:
    data = {**_entry("Warrior of Minas Tirith"), "attacks": "lots"}
    with pytest.raises(BadData, match=r"Attacks must be a number or one of \*, \?, -, not 'lots'"):
        clean_profile(data)


def test_keywords_hold_race_and_faction_and_a_rider_is_cavalry_by_his_mount() -> None:
    rider = _entry("Rider of Rohan")
    assert {"Warrior", "Man", "Rohan"} <= set(rider["keywords"]) and "Cavalry" not in rider["keywords"]
    assert rider["mount"] == "Horse" and rider["special_rules"] == ["Expert Rider", "Spear Mastery"]
    assert "Hatred (Rohan)" in _entry("Hill Tribesman")["special_rules"]


def test_every_keyword_a_catalogue_rule_aims_at_is_a_keyword_some_catalogue_profile_has() -> None:
    """Hatred (Rohan), Ancient Enemies (Orc), Elfbane, Terror (Hobbit) act on the keywords of the
    model struck or charging: a bracket no profile carries as a keyword would never act."""
    keywords = {k for p in catalogue() for k in p["keywords"]}
    aimed = {
        (use.spec.name, use.param.keyword)
        for p in catalogue()
        for use in map(parse, p["special_rules"])
        if use.spec is not None and use.spec.param in ("keyword", "none") and use.param and use.param.keyword
    }
    assert {name for name, _ in aimed} >= {"Hatred", "Ancient Enemies", "Bane weapon", "Terror"}
    assert sorted(kw for name, kw in aimed if kw not in keywords) == []
    assert {kw for name, kw in aimed if name == "Hatred"} >= {"Rohan", "Angmar", "Dwarf", "Uruk-hai"}


def test_mounts_are_profiles_of_their_own_with_the_real_characteristics() -> None:
    horse = mount_profile("Horse")
    assert (horse["move"], horse["fight"], horse["courage"], horse["defence"]) == (10.0, 2, 7, 4)
    assert MOUNTS["Snowmane with armour"]["defence"] == MOUNTS["Snowmane"]["defence"] + 1
    theoden = _entry("Théoden, King of Rohan")
    assert {o["name"]: o.get("mount") for o in theoden["options"]}["Snowmane"] == "Snowmane"


def test_a_group_is_bought_whole_and_played_as_its_parts() -> None:
    twins = _entry("Elladan & Elrohir")
    assert twins["kind"] == "group" and twins["parts"] == ["elladan", "elrohir"] and not twins["not_playable"]
    assert _entry("King\u2019s Champion")["parts"] == ["kings-champion-hero", "herald", "herald"]
    assert _entry("Elladan")["kind"] == "part" and not _entry("Elladan")["not_playable"]


# ---------------------------------------------------------------- the converter


def _source_profile(name: str, **data: Any) -> dict[str, Any]:
    return {
        "id": slug(name), "name": name, "kind": "model", "side": "Good", "hero": False, "unique": False,
        "unit_types": ["Warrior", "Infantry"], "race": ["Man"], "factions": ["Rohan"], "base_mm": 25,
        "points": 10, "points_note": None,
        "characteristics": {
            "move": 6, "fight": 3, "shoot": "4+", "strength": 3, "defence": 4, "attacks": 1, "wounds": 1,
            "courage": "7+", "intelligence": "6+",
        },
        "variable": [], "siege_engine": None, "wargear": ["Hand weapon"], "mount": None, "options": [],
        "special_rules": [], "heroic_actions": [], "magical_powers": [], "army_lists": [],
        "sources": [{"book": "A book", "page": "7"}], **data,
    }  # fmt: skip


def _convert(*profiles: dict[str, Any], lists: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    source = {"source": {"repository": "test"}, "profiles": list(profiles)}
    converted = Converter(source, {"army_lists": lists or []}).run()
    return {p["id"]: p for p in converted["profiles"]}


def test_the_converter_puts_wargear_in_the_referees_words_and_keeps_named_items_as_rules() -> None:
    assert read_item("Claws and teeth (hand weapons)") == ("Hand weapon", None)
    assert read_item("Aiglos") == ("Spear", "Aiglos")
    assert read_item("The One Ring") == (None, "The One Ring")
    king = _source_profile(
        "A King",
        hero=True,
        wargear=["Armour", "Herugrim"],
        special_rules=[{"name": "Hatred", "parameter": "Dunland"}, {"name": "Expert Rider"}],
        army_lists=[{"id": "a-list", "tier": "legend"}],
        characteristics={**_source_profile("x")["characteristics"], "might": 3, "will": 2, "fate": 1},
        heroic_actions=["Heroic March"],
        options=[
            {"name": "Shield and spear", "points": 2, "parts": ["Shield", "spear"]},
            {"name": "Exchange armour for heavy armour", "points": 5,
             "exchange": {"gives_up": "armour", "takes": "heavy armour"}},
        ],
    )  # fmt: skip
    converted = _convert(king)["a-king"]
    assert converted["wargear"] == ["Armour", "Hand weapon"]
    assert converted["special_rules"] == ["Hatred (Dunland)", "Expert Rider", "Herugrim"]
    assert (converted["tier"], converted["might"], converted["courage"], converted["shoot"]) == (
        "legend",
        3,
        7,
        4,
    )
    assert converted["heroic_actions"] == ["heroic_march"]
    shield_and_spear, exchange = converted["options"]
    assert shield_and_spear["gives"] == ["Shield", "Spear"]
    assert (exchange["gives"], exchange["gives_up"]) == (["Heavy armour"], ["Armour"])
    assert clean_profile(converted)["keywords"] == ["Warrior", "Infantry", "Man", "Rohan", "Hero"]


def test_the_converter_keeps_what_cannot_be_played_with_its_reason() -> None:
    engine = _source_profile("A Catapult", kind="siege-engine", characteristics=None, part_of=["crew"])
    crewman = _source_profile("A Crewman", kind="part", part_of=["crew"])
    crew = _source_profile("Crew", kind="group", characteristics=None, parts=["a-catapult", "a-crewman"])
    beast = _source_profile("A Beast", variable=["attacks"])
    beast["characteristics"]["attacks"] = "*"
    found = _convert(engine, crewman, crew, beast)
    assert (
        found["a-catapult"]["not_playable"] == "a siege engine: the referee does not play siege engines yet"
    )
    assert found["crew"]["not_playable"].startswith("its part A Catapult cannot be played: a siege engine")
    assert found["a-crewman"]["not_playable"] == "it comes only with Crew, which cannot be played"
    assert found["a-beast"]["attacks"] == "*"
    assert found["a-beast"]["not_playable"].startswith("its characteristics are not all numbers (Attacks *)")


def test_the_converter_counts_a_groups_parts_as_its_army_lists_do_and_makes_armoured_mounts() -> None:
    herald = _source_profile("Herald", kind="part")
    champion = _source_profile("Champion", kind="group", characteristics=None, parts=["herald"])
    steed = _source_profile("Steed", kind="mount", variants=[{"name": "Steed with armour", "defence": 5}])
    army_list = {
        "heroes": [
            {"profile": "champion", "tier": "fortitude", "parts": [{"profile": "herald", "count": 2}]}
        ],
        "warriors": [],
        "siege_engines": [],
    }
    found = _convert(herald, champion, steed, lists=[army_list])
    assert found["champion"]["parts"] == ["herald", "herald"]
    assert found["steed-with-armour"]["defence"] == 5 and found["steed-with-armour"]["kind"] == "mount"


# ---------------------------------------------------------------- an installation's catalogue


@pytest.mark.django_db
def test_loading_the_catalogue_adds_every_profile_once() -> None:
    assert load_catalogue() == (597, 0)
    assert load_catalogue() == (0, 0)
    assert Profile.objects.filter(owner=None).count() == 597
    ringwraith = Profile.objects.get(catalogue_id="ringwraith")
    assert ringwraith.variable["attacks"] == "*" and "Attacks *" in ringwraith.not_playable


@pytest.mark.django_db
def test_loading_again_brings_an_installations_catalogue_up_to_date_and_leaves_players_own(
    ann: User, build: Any
) -> None:
    Profile.objects.filter(owner=None, name="Warrior of Minas Tirith").delete()  # the example's
    old = Profile.objects.create(
        name="Warrior of Minas Tirith", fight=4, shoot=4, strength=3, defence=5, attacks=1, wounds=1,
        courage=7, intelligence=7, points=8, side="good", options=[{"name": "Spear", "points": 1}],
    )  # fmt: skip
    mine = make_profile(ann, name="Warrior of Minas Tirith", points=3)
    army = build([("Boromir of Gondor", [(old, 2, ["Spear"]), (mine, 1, [])])])
    examples_there = Profile.objects.filter(owner=None).count() - 1  # the build fixture's
    added, changed = load_catalogue()
    assert added + changed == 597 and changed <= examples_there + 1
    old.refresh_from_db()
    assert old.catalogue_id == "warrior-of-minas-tirith" and "Shield and spear" in {
        o["name"] for o in old.options
    }
    mine.refresh_from_db()
    assert mine.points == 3 and mine.catalogue_id == ""
    assert "Spear is not an option of Warrior of Minas Tirith any more; remove it." in " ".join(
        summarise(ArmyList.objects.get(pk=army.pk)).problems
    )
    Profile.objects.filter(catalogue_id="horse").update(courage=3)
    assert load_catalogue() == (0, 1)
    assert Profile.objects.get(catalogue_id="horse").courage == 7
