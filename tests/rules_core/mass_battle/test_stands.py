"""§2.2: a stand's kind, footprint, models, Combat and Shooting Factors from its profile."""

from __future__ import annotations

import pytest

from rules_core import special_rule_notes
from rules_core.army_lists import Listed
from rules_core.mass_battle.army_list import mass_profile, stats_of
from rules_core.mass_battle.stands import combat_factor, shooting_factor, stand_stats, stand_type
from rules_core.serial import load
from rules_core.state import Profile

from .fixtures import CAVE_TROLL, MORDOR_ORC, WARRIOR_OF_MINAS_TIRITH, WARRIOR_OF_ROHAN, profile

BOW = {"name": "Bow", "range": 24.0, "strength": 2}


def read(data) -> Profile:
    return load(Profile, data)


@pytest.mark.parametrize(
    ("data", "cf"),
    [(MORDOR_ORC, 3), (WARRIOR_OF_ROHAN, 3), (WARRIOR_OF_MINAS_TIRITH, 4), (CAVE_TROLL, 6)],
)
def test_the_spec_s_combat_factors(data, cf) -> None:
    assert combat_factor(read(data)) == cf


@pytest.mark.parametrize(("shoot", "sf"), [(3, 4), (4, 3), (5, 2), (6, 1), (7, None)])
def test_shooting_factor_is_7_less_the_shoot_value(shoot, sf) -> None:
    assert shooting_factor(read({**WARRIOR_OF_ROHAN, "shoot": shoot, "missile": BOW})) == sf


def test_no_missile_weapon_no_shooting_factor() -> None:
    stats = stand_stats(read(WARRIOR_OF_ROHAN))
    assert stats.shooting_factor is None and stats.shooting_range == 0.0
    archers = stand_stats(read({**WARRIOR_OF_ROHAN, "missile": BOW}))
    assert (archers.shooting_factor, archers.shooting_range) == (3, 24.0)


@pytest.mark.parametrize(
    ("extra", "kind", "models", "depth"),
    [
        ({}, "infantry", 8, 2.0),
        ({"keywords": ["Cavalry"]}, "cavalry", 4, 2.0),
        ({"keywords": ["Cavalry"], "base_mm": 40.0}, "cavalry", 4, 2.0),  # riders on their horses' bases
        ({"keywords": ["Monster"]}, "large", 2, 3.0),
        ({"base_mm": 40.0}, "large", 2, 3.0),
        ({"base_mm": 60.0}, "huge", 1, 3.0),
    ],
)
def test_kind_models_and_footprint(extra, kind, models, depth) -> None:
    data = profile("Any", 3, 3, 3, **extra)
    assert stand_type(read(data)) == kind
    stats = stand_stats(read(data))
    assert (stats.kind, stats.models, stats.width, stats.depth) == (kind, models, 4.0, depth)


def test_move_courage_and_terror_come_from_the_profile() -> None:
    troll = stand_stats(read(CAVE_TROLL))
    assert (troll.move, troll.courage, troll.terror) == (6.0, 7, True)
    orcs = stand_stats(read(MORDOR_ORC))
    assert (orcs.courage, orcs.terror, orcs.cavalry) == (8, False, False)


def test_a_card_says_each_special_rule_but_terror_and_fly_has_no_effect_in_the_mass_battle() -> None:
    rules = ["Terror", "Fly", "Hatred (Orc)", "Dominant (X)", "Skin-changer"]
    notes = {n.name: n.note for n in special_rule_notes(rules, "mass_battle")}
    assert notes == {
        "Terror": "",
        "Fly": 'in the mass battle only +5" to its Heroic March',
        "Hatred (Orc)": "no effect in the mass battle",  # refereed in a skirmish
        "Dominant (X)": "no effect in the mass battle",
        "Skin-changer": "no effect in the mass battle",  # not refereed in a skirmish either
    }
    skirmish = {n.name: n.note for n in special_rule_notes(rules)}
    assert skirmish["Hatred (Orc)"] == "" and skirmish["Skin-changer"].startswith("not refereed")


def test_a_rider_stands_on_his_mount_s_base_and_riders_make_a_cavalry_stand() -> None:
    """docs/army-list-format.md: a mounted model is Cavalry, on the larger of its own base and its
    mount's: a Warg rider loose on the board has a 40 mm base (0.79" from its centre to its rim, a
    foot hero's is 0.49"); four riders still make a 4" by 2" cavalry stand with the mount's Move."""
    warg = {"name": "Warg", "move": 10.0, "base_mm": 40.0, "keywords": ["Mount", "Warg"]}
    rider = Listed("Warg Rider", {**profile("Warg Rider", 3, 3, 4), "base_mm": 25.0}, 13, count=4, mount=warg)
    data = mass_profile(rider)
    assert data["base_mm"] == 40.0 and "Cavalry" in data["keywords"] and data["move"] == 10.0
    stats = stats_of(rider)
    assert (stats.kind, stats.models, stats.width, stats.depth, stats.move) == ("cavalry", 4, 4.0, 2.0, 10.0)
    on_foot = Listed("Orc", profile("Orc", 3, 3, 4), 5, count=8)
    assert mass_profile(on_foot).get("base_mm", 25.0) == 25.0
