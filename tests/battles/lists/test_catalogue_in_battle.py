"""Every playable catalogue profile, with each of its options, goes into a battle through the list
builder's own edits, and the referee accepts the setup."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

import rules_core
from battles.lists import services
from battles.lists.demo import demo_army
from battles.lists.profiles import BadData, option_gives, option_mount
from battles.models import Profile
from battles.rulesets.skirmish import lists
from battles.rulesets.skirmish.setup import battle_setup

OTHER = {"good": "evil", "evil": "good"}


def _option_sets(profile: Profile) -> list[list[str]]:
    """No option, then each usable option alone; a lance with a mount (a lance is Cavalry wargear)."""
    usable = [o for o in profile.options if not o.get("not_playable")]
    mount = next((o["name"] for o in usable if option_mount(o)), None)
    sets: list[list[str]] = [[]]
    for option in usable:
        chosen = [option["name"]]
        lance = any("lance" in piece.lower() for piece in option_gives(option))
        if lance and not profile.mount and not option_mount(option) and mount:
            chosen.append(mount)
        sets.append(chosen)
    return sets


def _models_of(profile: Profile) -> int:
    return len(profile.parts) if profile.kind == "group" else 1


def _army_of(owner: User, profile: Profile, leader: Profile) -> tuple[Any, int]:
    """A list of `profile` with each option set, made as the builder makes it; and its model count."""
    army = services.new_list(owner, profile.name, 10_000)
    sets = _option_sets(profile)
    if profile.is_hero:
        for options in sets:
            lists.add_warband(army, profile)
            lists.set_hero_options(army, army.warbands.order_by("position").last(), options)
        return army, len(sets) * _models_of(profile)
    lists.add_warband(army, leader)
    warband = army.warbands.get()
    for options in [*sets[1:], sets[0]]:  # the line without options last: the next would join it
        lists.add_followers(army, warband, profile, 1)
        lists.change_followers(army, warband.followers.order_by("position").last(), 1, options)
    return army, 1 + len(sets) * _models_of(profile)


SHARDS = 4
"""The catalogue's profiles are tried in this many tests (every fourth profile each), so that
pytest-xdist spreads them over the cores; together they try every one."""


@pytest.mark.long(12)
@pytest.mark.django_db
@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_playable_catalogue_profile_and_each_of_its_options_goes_into_a_battle(
    ann: User, shard: int
) -> None:
    services.load_catalogue()
    fieldable = Profile.fieldable_by(ann).order_by("name")
    assert fieldable.count() == 479
    leaders = {side: fieldable.filter(side=side, kind="model").exclude(tier="").first() for side in OTHER}
    share = list(fieldable)[shard::SHARDS]
    refused: list[str] = []
    tried = 0
    for profile in share:
        army, models = _army_of(ann, profile, leaders[profile.side])
        setup = battle_setup({profile.side: army, OTHER[profile.side]: demo_army(OTHER[profile.side])})
        try:
            state = rules_core.new_battle(setup)
        except rules_core.RuleViolation as refusal:
            refused.append(f"{profile.name}: {refusal}")
            continue
        assert len(state.army_models(profile.side)) == models, profile.name
        tried += 1
    assert refused == []
    assert tried == len(share)


@pytest.mark.django_db
def test_what_cannot_be_played_is_refused_by_the_builder_saying_why(ann: User) -> None:
    services.load_catalogue()
    army = services.new_list(ann, "Harad", 700)
    with pytest.raises(BadData, match=r"War Mûmak of Harad cannot be played in battle yet: its part Howdah"):
        lists.add_warband(army, Profile.objects.get(catalogue_id="war-mumak-of-harad"))
    with pytest.raises(BadData, match="Horse is a mount, bought as a rider's option"):
        lists.add_warband(army, Profile.objects.get(catalogue_id="horse"))
    bard = Profile.objects.get(catalogue_id="bard-the-bowman")
    lists.add_warband(army, bard)
    with pytest.raises(BadData, match=r"Windlance \(Siege Engine\) cannot be taken yet: it adds Windlance"):
        lists.set_hero_options(army, army.warbands.get(), ["Windlance (Siege Engine)"])


@pytest.mark.django_db
def test_a_group_is_its_parts_in_battle(ann: User) -> None:
    services.load_catalogue()
    twins = Profile.objects.get(catalogue_id="elladan-and-elrohir")
    army = services.new_list(ann, "Rivendell", 700)
    lists.add_warband(army, twins)
    setup = battle_setup({"good": army, "evil": demo_army("evil")})
    good = setup["armies"]["good"]["models"]
    assert [m["profile"]["name"] for m in good] == ["Elladan", "Elrohir"]
    assert [m["id"] for m in good] == ["elladan", "elrohir"]


@pytest.mark.django_db
def test_a_group_in_an_army_list_is_its_parts_at_their_price_riding_what_it_bought(ann: User) -> None:
    # Rivendell: Elladan & Elrohir (160, the list prices each 80) with Horses (20 for the pair)
    # beside Elrond: 3 models, 3 heroes, ready; in battle each twin rides, worth 90.
    services.load_catalogue()
    army = services.new_list(ann, "Rivendell", 700, army_list="rivendell")
    lists.add_warband(army, Profile.objects.get(catalogue_id="elrond-master-of-rivendell"))
    lists.add_warband(army, Profile.objects.get(catalogue_id="elladan-and-elrohir"))
    lists.set_hero_options(army, army.warbands.get(position=2), ["Horse"])
    summary = lists.summarise(army)
    assert (summary.problems, summary.models, summary.heroes, summary.points) == ([], 3, 3, 350)
    setup = battle_setup({"good": army, "evil": demo_army("evil")}, scenario="domination")
    twins = {m["profile"]["name"]: m for m in setup["armies"]["good"]["models"][1:]}
    assert {name: (m["points"], m["mount"]["name"]) for name, m in twins.items()} == {
        "Elladan": (90, "Horse"),
        "Elrohir": (90, "Horse"),
    }
    assert rules_core.new_battle(setup).armies["good"].starting_models == 3
