"""The game's army lists: a list built from one offers its heroes by their tier in it and its
warriors, fields each at that list's price, and is checked against that list's own rules."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

import rules_core
from battles.lists import services
from battles.lists.army_lists import army_list_choices, army_lists, in_list
from battles.lists.demo import demo_army
from battles.lists.offers import builder_offers
from battles.lists.profiles import BadData
from battles.models import ArmyList, Profile
from battles.rulesets.mass_battle import lists as mass_lists
from battles.rulesets.mass_battle.setup import mass_battle_setup
from battles.rulesets.skirmish import lists
from battles.rulesets.skirmish.lists import summarise
from battles.rulesets.skirmish.setup import battle_setup
from rules_core.characteristics import defence

from .test_army_pages import texts


@pytest.fixture
def catalogue(db: None) -> None:
    services.load_catalogue()


def _profile(key: str) -> Profile:
    return Profile.objects.get(owner=None, catalogue_id=key)


def _rohan(owner: User, riders: int = 12, built_from: str = "kingdom-of-rohan") -> ArmyList:
    army = services.new_list(owner, "Riders", 700, army_list=built_from)
    lists.add_warband(army, _profile("theoden-king-of-rohan"))
    lists.add_followers(army, army.warbands.get(), _profile("rider-of-rohan"), riders)
    return army


def test_there_are_the_games_106_army_lists_and_legacy_ones_say_so() -> None:
    assert len(army_lists()) == 106
    labels = dict(army_list_choices())
    assert labels["kingdom-of-rohan"] == "Kingdom of Rohan (Good)"
    assert sum(label.endswith(", Legacy)") for label in labels.values()) == 11


def test_a_kingdom_of_rohan_list_of_mounted_bowmen_is_ready(ann: User, catalogue: None) -> None:
    summary = summarise(_rohan(ann))
    assert summary.problems == [] and summary.ready
    assert (summary.bows, summary.models) == (0, 13)  # Riders of Rohan are exempt in this list
    anywhere = summarise(_rohan(ann, built_from=""))
    assert any("12 of 12 warriors carry bows; at most 4 may" in p for p in anywhere.problems)


def test_a_list_fields_each_profile_at_its_tier_and_price_in_that_list(ann: User, catalogue: None) -> None:
    halbarad = _profile("halbarad")
    assert in_list("the-grey-company", halbarad).tier == "valour"
    assert in_list("arathorns-stand", halbarad).tier == "fortitude"
    theoden = _profile("theoden-king-of-rohan")
    assert (in_list("kingdom-of-rohan", theoden).points, in_list("ride-out", theoden).points) == (75, 110)
    assert in_list("ride-out", theoden).mount == "Snowmane with armour"  # he always rides him there
    offers = builder_offers("kingdom-of-rohan", "good", ann)
    assert (offers.heroes[0].name, offers.heroes[0].tier) == ("Théoden, King of Rohan", "legend")
    tiers = [o.tier for o in offers.heroes]
    assert tiers == sorted(tiers, key=["legend", "valour", "fortitude", "minor", "independent"].index)
    assert {w.name for w in offers.warriors} >= {"Rider of Rohan", "Warrior of Rohan", "Rohan Royal Guard"}


def test_an_army_lists_own_rules_are_checked(ann: User, catalogue: None) -> None:
    army = _rohan(ann, riders=2)
    warband = army.warbands.get()
    lists.add_followers(army, warband, _profile("westfold-redshield"), 1)  # only with Erkenbrand
    lists.add_warband(army, _profile("theoden-king-of-rohan"))  # at most one
    lists.add_warband(army, _profile("gandalf-the-grey"))  # not of this list
    problems = summarise(ArmyList.objects.get(pk=army.pk)).problems
    assert (
        "Westfold Redshield may join only Erkenbrand, Captain of Rohan's warband in Kingdom of Rohan."
        in problems
    )
    assert "Kingdom of Rohan may have at most 1 Théoden, King of Rohan; this has 2." in problems
    assert "Gandalf the Grey is not in the Kingdom of Rohan army list." in problems


def test_a_hero_the_list_makes_general_is_the_general(ann: User, catalogue: None) -> None:
    army = services.new_list(ann, "Dale", 700, army_list="army-of-dale")
    lists.add_warband(army, _profile("brand-king-of-dale"))
    assert summarise(army).general == "Brand, King of Dale"


def test_the_builder_starts_from_an_army_list(ann: User, catalogue: None) -> None:
    client = Client()
    client.force_login(ann)
    response = client.post("/armies/new/", {"name": "Rohan", "built_from": "kingdom-of-rohan", "ruleset": ""})
    army = ArmyList.objects.get(owner=ann)
    assert response.status_code == 302 and army.built_from == "kingdom-of-rohan"
    page = client.get(f"/armies/{army.pk}/").content.decode()
    assert "Kingdom of Rohan" in page and "Home of the Horse Lords" in page
    assert "Théoden, King of Rohan · Hero of Legend · 75 pts" in page
    assert "Gandalf the Grey" not in page


def test_the_catalogue_can_be_searched_and_filtered(ann: User, catalogue: None) -> None:
    client = Client()
    page = client.get(
        "/profiles/", {"q": "rohan warrior", "side": "good", "playable": "yes"}
    ).content.decode()
    assert "Warrior of Rohan" in page and "Rider of Rohan" in page and "Warrior of Minas Tirith" not in page
    unplayable = client.get("/profiles/", {"playable": "no", "kind": "siege-engine"}).content.decode()
    assert "not playable yet: a siege engine: the referee does not play siege engines yet" in unplayable
    assert "9 profiles." in unplayable
    ringwraith = client.get("/profiles/", {"q": "ringwraith", "army_list": ""}).content.decode()
    assert "<td>*</td>" in ringwraith  # its Attacks, as the book prints them
    in_list = client.get("/profiles/", {"army_list": "kingdom-of-rohan"}).content.decode()
    assert "18 profiles." in in_list


def test_the_builder_finds_a_profile_to_add(ann: User, catalogue: None) -> None:
    client = Client()
    client.force_login(ann)
    army = services.new_list(ann, "Any", 700)
    page = client.get(f"/armies/{army.pk}/", {"q": "dunland"}).content.decode()
    assert "Dunlending Chieftain ·" in page and "Théoden, King of Rohan ·" not in page  # heroes to lead
    built = services.new_list(ann, "Rohan", 700, army_list="kingdom-of-rohan")
    lists.add_warband(built, _profile("theoden-king-of-rohan"))
    page = client.get(f"/armies/{built.pk}/", {"q": "royal"}).content.decode()
    assert "Rohan Royal Guard" in page and "Rider of Rohan ·" not in page


def test_a_hero_rides_his_named_horse_and_only_one_mount(ann: User, catalogue: None) -> None:
    army = _rohan(ann, riders=2)
    warband = army.warbands.get()
    lists.set_hero_options(army, warband, ["Snowmane"])
    summary = summarise(ArmyList.objects.get(pk=army.pk))
    assert summary.problems == [] and summary.points == 75 + 20 + 2 * 14
    assert lists.as_referee_list(army).warbands[0].hero.mount["name"] == "Snowmane"
    lists.set_hero_options(army, warband, ["Snowmane with armour", "Snowmane"])
    assert (
        "Théoden, King of Rohan may take Snowmane with armour or Snowmane, not both, in Kingdom of Rohan."
        in summarise(ArmyList.objects.get(pk=army.pk)).problems
    )


def test_the_builder_keeps_the_catalogues_offers_until_the_catalogue_changes(
    ann: User, catalogue: None, django_assert_max_num_queries: Any
) -> None:
    client = Client()
    client.force_login(ann)
    page = f"/armies/{_rohan(ann, riders=2).pk}/"
    Profile.objects.filter(catalogue_id="rider-of-rohan").update(name="Rider (old)")  # an old installation
    assert "Rider (old) · 14 pts" in client.get(page).content.decode()
    services.load_catalogue()  # brings the row up to date: the offers kept are forgotten
    shown = client.get(page).content.decode()
    assert "Rider of Rohan · 14 pts" in shown and "Rider (old)" not in shown
    with django_assert_max_num_queries(6):  # the session, the user, the list (3), the catalogue's stamp
        client.get(page)
    assert "Rohan Royal Guard · " in shown
    rider = _profile("rider-of-rohan")
    rider.name = "Rider of the Mark"
    rider.save()  # as the admin saves it
    assert "Rider of the Mark · 14 pts" in client.get(page).content.decode()
    Profile.objects.filter(catalogue_id="rohan-royal-guard").delete()  # by another process
    assert "Rohan Royal Guard · " not in client.get(page).content.decode()


def test_what_an_exchange_gives_up_is_gone_in_battle(ann: User, catalogue: None) -> None:
    dragons = services.new_list(ann, "Dragons", 700, army_list="the-easterlings")
    lists.add_warband(dragons, _profile("easterling-captain"))
    warband = dragons.warbands.get()
    lists.add_followers(dragons, warband, _profile("black-dragon-warrior"), 1)
    lists.change_followers(dragons, warband.followers.get(), 1, ["Exchange shield for banner"])
    ithilien = services.new_list(ann, "Ithilien", 700)
    lists.add_warband(ithilien, _profile("faramir-captain-of-gondor"))
    lists.set_hero_options(ithilien, ithilien.warbands.get(), ["Exchange armour and bow for heavy armour"])
    state = rules_core.new_battle(battle_setup({"evil": dragons, "good": ithilien}))
    dragon = next(m for m in state.army_models("evil") if m.profile.name == "Black Dragon Warrior")
    assert "Shield" not in dragon.profile.wargear and defence(state, dragon) == 5  # 6 printed with it
    faramir = state.army_models("good")[0]
    assert faramir.profile.missile is None and "Bow" not in faramir.profile.wargear
    assert defence(state, faramir) == 6  # 5 printed with armour: heavy armour instead


def test_a_mass_battle_list_from_an_army_list(ann: User, catalogue: None) -> None:
    army = services.new_list(ann, "Éored", 1000, ruleset="mass_battle", army_list="kingdom-of-rohan")
    mass_lists.add_hero(army, _profile("theoden-king-of-rohan"))
    mass_lists.add_stands(army, _profile("rider-of-rohan"), 2)
    army = ArmyList.objects.get(pk=army.pk)
    summary = mass_lists.summarise(army)
    riders = summary.stand_lines[0]
    assert (riders.stats.models, riders.each) == (4, 4 * 14)  # cavalry: 4 a stand, at this list's price
    assert summary.hero_lines[0].points == 75 and summary.problems == []
    client = Client()
    client.force_login(ann)
    page = client.get(f"/armies/{army.pk}/").content.decode()
    assert "Army bonus: " in page and "Home of the Horse Lords" in page
    assert (
        "Rider of Rohan · 14 pts a model" in page
        and "Éomer, Marshal of the Riddermark · Hero of Valour" in page
    )
    assert "Gandalf the Grey" not in page
    state = rules_core.new_battle(mass_battle_setup({"good": army, "evil": demo_army("evil", "mass_battle")}))
    assert [m.profile.name for m in state.army_models("good")] == ["Théoden, King of Rohan"]
    stands = state.army_stands("good")
    assert [(s.name, s.stats.kind, s.stats.models, s.points) for s in stands] == [
        (f"Rider of Rohan {n}", "cavalry", 4, 56) for n in (1, 2)
    ]
    mass_lists.equip_hero(army, army.heroes.get(), ["Snowmane"], [])
    assert "mount: Snowmane" in client.get(f"/armies/{army.pk}/").content.decode()
    mass_lists.add_hero(army, _profile("gandalf-the-grey"))
    assert "Gandalf the Grey is not in the Kingdom of Rohan army list." in mass_lists.summarise(army).problems


def test_a_mass_battle_fields_a_group_of_heroes_as_heroes_of_their_own(ann: User, catalogue: None) -> None:
    # Rivendell: Elladan & Elrohir (the list prices each 80) with Horses (20) and Swift: two
    # heroes, each at his own 90 points; the cards go with the first, Elladan.
    army = services.new_list(ann, "Host", 1000, ruleset="mass_battle", army_list="rivendell")
    mass_lists.add_stands(army, _profile("rivendell-warrior"), 3)
    mass_lists.add_hero(army, _profile("elladan-and-elrohir"))
    mass_lists.equip_hero(army, army.heroes.get(), ["Horse"], ["swift"])
    army = ArmyList.objects.get(pk=army.pk)
    summary = mass_lists.summarise(army)
    assert [(h.name, h.tier, h.points, h.duel_points) for h in summary.hero_lines] == [
        ("Elladan", "Hero of Fortitude", 90, 100),
        ("Elrohir", "Hero of Fortitude", 90, 90),
    ]
    assert (summary.heroes, summary.starting_strength, summary.problems) == (2, 5, [])
    assert summary.points == 3 * summary.stand_lines[0].each + 190
    client = Client()
    client.force_login(ann)
    page = client.get(f"/armies/{army.pk}/").content
    assert texts(page, "duel-points") == [
        "Elladan: 90 pts + cards 10 · duel points 100",
        "Elrohir: 90 pts · duel points 90",
    ]
    state = rules_core.new_battle(mass_battle_setup({"good": army, "evil": demo_army("evil", "mass_battle")}))
    twins = state.army_models("good")
    assert [
        (m.profile.name, state.hero(m.id).duel_points, "Cavalry" in m.profile.keywords) for m in twins
    ] == [
        ("Elladan", 100, True),
        ("Elrohir", 90, True),
    ]
    assert state.armies["good"].starting_models == 5
    refused = [  # a group with a warrior or a beast: (army list, group, added as stands, why)
        ("besiegers-of-the-hornburg", "shank-and-wrot-orc-scavengers", False, "a stand holds 2 large models "
         "of one profile, and it has 1 Snow Troll."),
        ("army-of-gundabad", "troll-brute", False, "Troll Brute (War Beast) would be a stand of its own, "
         "which its army list prices at nothing (it prices the group)."),
        ("kingdom-of-khazad-dum", "vault-warden-team", True, "a stand holds 8 infantry models of one profile, "
         "and it has 1 Iron Shield Bearer."),
    ]  # fmt: skip
    for built_from, key, as_stands, why in refused:
        other = services.new_list(ann, built_from, 1000, ruleset="mass_battle", army_list=built_from)
        group = _profile(key)
        with pytest.raises(BadData) as refusal:
            mass_lists.add_stands(other, group, 1) if as_stands else mass_lists.add_hero(other, group)
        assert str(refusal.value) == f"A mass battle cannot field {group.name}: {why}"


def test_the_builder_says_eowyn_counts_as_two_models(ann: User, catalogue: None) -> None:
    riders = services.new_list(ann, "Riders", 700, army_list="riders-of-theoden")
    lists.add_warband(riders, _profile("eowyn-shieldmaiden-of-rohan"))
    client = Client()
    client.force_login(ann)
    page = client.get(f"/armies/{riders.pk}/").content
    assert texts(page, "counts-as") == ["counts as 2 models"]
    assert (texts(page, "models"), texts(page, "break-point")) == (["2"], ["1"])


def test_the_builder_offers_heroes_as_followers_where_the_army_is_one_warband(
    ann: User, catalogue: None
) -> None:
    client = Client()
    client.force_login(ann)
    fellowship = services.new_list(ann, "Fellowship", 700, army_list="the-fellowship")
    lists.add_warband(fellowship, _profile("gandalf-the-grey"))
    warband = fellowship.warbands.get()
    page = client.get(f"/armies/{fellowship.pk}/").content.decode()
    assert '<optgroup label="Heroes">' in page and "Frodo Baggins · Hero of Fortitude" in page
    frodo = _profile("frodo-baggins").pk
    client.post(f"/armies/{fellowship.pk}/warbands/{warband.pk}/followers/", {"profile": frodo, "count": 1})
    assert [f.profile.name for f in warband.followers.all()] == ["Frodo Baggins"]
    assert summarise(ArmyList.objects.get(pk=fellowship.pk)).problems == []
    page = client.get(f"/armies/{fellowship.pk}/").content.decode()
    follower = page[page.index('data-profile="Frodo Baggins"') :]
    follower = follower[: follower.index("</li>")]
    assert 'data-testid="count"' not in follower and 'name="count" value="1"' in follower  # one Frodo
    for many in (
        lambda: lists.change_followers(fellowship, warband.followers.get(), 2, []),
        lambda: lists.add_followers(fellowship, warband, _profile("frodo-baggins"), 1),
    ):
        with pytest.raises(BadData, match="Frodo Baggins is unique: an army has one at most"):
            many()
    assert warband.followers.get().count == 1
    rohan = _rohan(ann, riders=1)
    answer = client.post(
        f"/armies/{rohan.pk}/warbands/{rohan.warbands.get().pk}/followers/",
        {"profile": _profile("eomer-marshal-of-the-riddermark").pk, "count": 1},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 422 and "Choose a warrior you can use." in answer.content.decode()
