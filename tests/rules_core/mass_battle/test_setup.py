"""The mass battle's setup: stands and heroes read, attached at deployment, checked against the
deployment zones; every bad input refused with its code and a message a player understands."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules_core.errors import RuleViolation
from rules_core.mass_battle.cards import HeldCard
from rules_core.mass_battle.field import contacts_of
from rules_core.mass_battle.geometry import Rect
from rules_core.mass_battle.setup import read_setup

from .fixtures import (
    BOROMIR,
    CAVE_TROLL,
    EOMER,
    GOTHMOG,
    HALETH,
    HAMA,
    MORDOR_ORC,
    WARRIOR_OF_MINAS_TIRITH,
    hero_profile,
)

EVERYWHERE = [0, 0, 72, 48]


def scenario(**changes: Any) -> dict[str, Any]:
    """T5's two stands in front contact, each with its hero, and each side's General at the middle
    of its rear edge (the spec's convention for T1-T10)."""
    data: dict[str, Any] = {
        "profiles": [WARRIOR_OF_MINAS_TIRITH, MORDOR_ORC, BOROMIR, GOTHMOG, HALETH, HAMA],
        "armies": {
            "good": {
                "name": "Minas Tirith",
                "stands": [{"id": "a", "profile": "Warrior of Minas Tirith", "x": 30, "y": 20, "facing": 0}],
                "heroes": [
                    {"id": "boromir", "profile": "Boromir of Gondor", "attached_to": "a"},
                    {"id": "haleth", "profile": "Haleth", "x": 36, "y": 1},
                ],
                "general": "haleth",
            },
            "evil": {
                "name": "Mordor",
                "stands": [
                    {
                        "id": "b",
                        "profile": "Mordor Orc Warrior",
                        "x": 30,
                        "y": 22,
                        "facing": 180,
                        "heroes": ["gothmog"],
                    }
                ],
                "heroes": [
                    {"id": "gothmog", "profile": "Gothmog"},
                    {"id": "hama_evil", "profile": "Hama", "x": 36, "y": 47},
                ],
            },
        },
        "deployment": {"good": EVERYWHERE, "evil": EVERYWHERE},
    }
    data.update(changes)
    return data


def good(data: dict[str, Any]) -> dict[str, Any]:
    army: dict[str, Any] = data["armies"]["good"]
    return army


def refused(data: Any) -> RuleViolation:
    before = copy.deepcopy(data)
    with pytest.raises(RuleViolation) as error:
        read_setup(data)
    assert data == before  # bad input changes nothing
    return error.value


def test_t5_setup_is_read_into_plain_data() -> None:
    setup = read_setup(scenario())
    assert (setup.board.width, setup.board.height, setup.turn_limit) == (72.0, 48.0, 8)
    (a,) = setup.armies["good"].stands
    assert (a.name, a.rect, a.points, a.stats.combat_factor, a.stats.models) == (
        "Warrior of Minas Tirith",
        Rect(30, 20, 0),
        64,
        4,
        8,
    )
    boromir, haleth = setup.armies["good"].heroes
    assert (boromir.attached_to, boromir.centre, boromir.duel_points, boromir.general) == (
        "a",
        None,
        95,
        False,
    )
    assert (haleth.attached_to, haleth.centre, haleth.general) == (None, (36.0, 1.0), True)
    assert setup.armies["good"].general == "haleth" and setup.armies["good"].starting_strength == 3
    evil = setup.armies["evil"]
    assert evil.heroes[0].attached_to == "b" and evil.general == "gothmog"  # highest tier, costlier
    assert contacts_of(setup.field(), "a").front == ("b",)
    assert json.loads(json.dumps(setup.to_dict()))["armies"]["evil"]["stands"][0]["points"] == 40


def test_defaults_give_the_spec_s_board_and_zones_good_along_y_0() -> None:
    data = scenario()
    del data["deployment"]
    good(data)["stands"][0].update(y=6)
    good(data)["heroes"][1].update(y=1)
    evil = data["armies"]["evil"]
    evil["stands"][0].update(y=42)
    setup = read_setup(data)
    assert setup.zones == {"good": (0.0, 0.0, 72.0, 12.0), "evil": (0.0, 36.0, 72.0, 48.0)}


def test_stands_of_one_profile_are_numbered_and_a_given_name_wins() -> None:
    data = scenario()
    good(data)["stands"] += [
        {"id": "c", "profile": "Warrior of Minas Tirith", "x": 40, "y": 20, "facing": 0},
        {
            "id": "d",
            "profile": "Warrior of Minas Tirith",
            "x": 50,
            "y": 20,
            "facing": 0,
            "name": "Tower Guard",
        },
    ]
    names = [s.name for s in read_setup(data).armies["good"].stands]
    assert names == ["Warrior of Minas Tirith 1", "Warrior of Minas Tirith 2", "Tower Guard"]


def test_points_and_cards_make_the_duel_points() -> None:
    data = scenario()
    good(data)["heroes"][0].update(points=100, cards=["Captain of the Line", "bodyguard"])
    boromir = read_setup(data).armies["good"].heroes[0]
    assert boromir.points == 100 and boromir.duel_points == 140
    assert boromir.cards == (HeldCard("captain_of_the_line"), HeldCard("bodyguard"))


def test_a_monster_hero_is_a_stand_of_his_own() -> None:
    data = scenario()
    balrog = hero_profile("Balrog", 350, 3, 6, 3, keywords=["Monster"], base_mm=60.0, tier="legend")
    data["armies"]["evil"]["heroes"].append(
        {"id": "balrog", "profile": balrog, "x": 50, "y": 30, "facing": 180}
    )
    evil = read_setup(data).armies["evil"]
    stand = evil.stands[-1]
    assert (stand.id, stand.name, stand.monster, stand.points, stand.rect) == (
        "balrog-stand",
        "Balrog",
        "balrog",
        0,
        Rect(50, 30, 180, 4, 3),
    )
    assert evil.heroes[-1].attached_to == "balrog-stand" and evil.heroes[-1].monster
    assert evil.starting_strength == 5 and evil.general == "balrog"


@pytest.mark.parametrize(
    ("change", "code", "message"),
    [
        (
            lambda d: good(d)["stands"][0].update(profile="Warrior of Gondor"),
            "unknown_profile",
            "Stand 'a' names the profile 'Warrior of Gondor', which the setup does not have.",
        ),
        (
            lambda d: good(d)["stands"][0].update(facing="north"),
            "bad_facing",
            "The facing of Warrior of Minas Tirith must be a number of degrees (0 faces +y), not 'north'.",
        ),
        (lambda d: good(d)["stands"][0].update(facing=True), "bad_facing", None),
        (lambda d: good(d)["stands"][0].pop("facing"), "bad_facing", None),
        (lambda d: good(d)["stands"][0].update(x=float("nan")), "bad_setup", None),
        (
            lambda d: good(d)["stands"][0].update(y=21),
            "overlap",
            "Warrior of Minas Tirith (Good) and Mordor Orc Warrior (Evil) overlap: stands may touch but not overlap.",
        ),
        (
            lambda d: good(d)["heroes"][0].update(attached_to="b"),
            "not_your_stand",
            "Boromir of Gondor cannot join Mordor Orc Warrior: it is an enemy stand.",
        ),
        (
            lambda d: good(d)["heroes"][0].update(attached_to="z"),
            "unknown_stand",
            "Boromir of Gondor is attached to 'z', which is no stand in this battle.",
        ),
        (
            lambda d: good(d)["heroes"][0].update(x=10, y=10),
            "hero_placed_twice",
            "Boromir of Gondor is given both a place and a stand: he is either loose or attached.",
        ),
        (
            lambda d: good(d)["heroes"][0].pop("attached_to"),
            "hero_not_placed",
            "Boromir of Gondor needs a stand to join or a place (x, y) on the board.",
        ),
        (
            lambda d: good(d)["heroes"][0].update(profile="Warrior of Minas Tirith"),
            "not_a_hero",
            "Warrior of Minas Tirith is not a hero: field him in a stand.",
        ),
        (
            lambda d: good(d)["stands"][0].update(profile="Haleth"),
            "hero_as_stand",
            "Haleth is a hero: put him among the army's heroes, not its stands.",
        ),
        (
            lambda d: good(d)["heroes"][1].update(id="a"),
            "duplicate_id",
            "Two stands or heroes share the id 'a'.",
        ),
        (lambda d: good(d)["heroes"][1].update(id="Haleth!"), "bad_setup", None),
        (
            lambda d: good(d)["heroes"][0].update(cards=["Swift", "Shieldwall", "War Banner", "Bodyguard"]),
            "too_many_cards",
            "Boromir of Gondor carries 4 Battle Cards: at most 3 per hero.",
        ),
        (lambda d: good(d)["heroes"][0].update(cards=["Horn"]), "unknown_card", None),
        (lambda d: good(d).update(general="aragorn"), "unknown_general", None),
        (
            lambda d: good(d).update(stands=[], heroes=[]),
            "empty_army",
            "The good army has no stands and no heroes.",
        ),
        (lambda d: good(d)["stands"][0].update(models=6), "bad_setup", None),
        (lambda d: good(d)["heroes"][0].update(points=-5), "bad_setup", None),
        (lambda d: d.update(turn_limit=0), "bad_setup", None),
        (lambda d: d.update(armies={"good": {}}), "bad_setup", "The setup needs a good and an evil army."),
        (lambda d: d.update(deployment={"good": [0, 0, 72], "evil": EVERYWHERE}), "bad_setup", None),
        (lambda d: d.update(board={"width": 500}), "bad_setup", None),
        (
            lambda d: good(d)["stands"][0].update(x=1),
            "off_board",
            "Warrior of Minas Tirith (Good) does not fit on the board there.",
        ),
        (
            lambda d: d["deployment"].update(good=[0, 0, 72, 12]),
            "outside_zone",
            "Warrior of Minas Tirith (Good) must be deployed inside Good's deployment zone.",
        ),
        (
            lambda d: d.update(
                terrain=[{"name": "Rock", "polygon": [[29, 18], [31, 18], [31, 19.5]], "impassable": True}]
            ),
            "impassable",
            "Warrior of Minas Tirith (Good) cannot stand on Rock.",
        ),
        (
            lambda d: good(d)["heroes"][1].update(x=30, y=19),
            "overlap",
            "Haleth (Good) cannot be placed there: That place is on Warrior of Minas Tirith.",
        ),
        (lambda d: good(d)["heroes"][1].update(x=71.9), "off_board", None),
    ],
)
def test_bad_setups_are_refused(change, code, message) -> None:
    data = scenario()
    change(data)
    error = refused(data)
    assert error.code == code, error.message
    if message is not None:
        assert error.message == message


def test_the_setup_must_be_an_object() -> None:
    assert refused([]).code == "bad_setup"


def test_a_hero_attached_twice_is_refused_whichever_way_it_is_written() -> None:
    data = scenario()
    good(data)["stands"].append(
        {
            "id": "c",
            "profile": "Warrior of Minas Tirith",
            "x": 40,
            "y": 20,
            "facing": 0,
            "heroes": ["boromir"],
        }
    )
    error = refused(data)
    assert (error.code, error.message) == (
        "hero_attached_twice",
        "Boromir of Gondor is attached to more than one stand (Warrior of Minas Tirith 1, Warrior of Minas Tirith 2).",
    )
    data = scenario()
    good(data)["heroes"][0].pop("attached_to")
    good(data)["stands"][0]["heroes"] = ["boromir", "boromir"]
    assert refused(data).code == "hero_attached_twice"
    data = scenario()
    good(data)["stands"][0]["heroes"] = ["boromir"]  # the same stand both ways: agreed, accepted
    assert read_setup(data).armies["good"].heroes[0].attached_to == "a"


def test_a_stand_holds_at_most_two_heroes() -> None:
    data = scenario()
    good(data)["heroes"] += [
        {"id": "hama", "profile": "Hama", "attached_to": "a"},
        {"id": "eomer", "profile": EOMER, "attached_to": "a"},
    ]
    error = refused(data)
    assert (error.code, error.message) == (
        "stand_full",
        "Warrior of Minas Tirith carries Boromir of Gondor, Hama, Eomer: at most 2 heroes per stand.",
    )


def test_a_stand_may_not_list_an_enemy_or_unknown_hero() -> None:
    data = scenario()
    good(data)["stands"][0]["heroes"] = ["gothmog"]
    assert refused(data).code == "not_your_hero"
    data = scenario()
    good(data)["stands"][0]["heroes"] = ["aragorn"]
    error = refused(data)
    assert (error.code, error.message) == (
        "unknown_hero",
        "Warrior of Minas Tirith lists the hero 'aragorn', who is not in the setup.",
    )


def test_nobody_joins_a_monster_hero_s_stand() -> None:
    data = scenario()
    troll_king = hero_profile("Troll Chieftain", 200, 3, 1, 1, keywords=["Monster"], base_mm=40.0)
    evil = data["armies"]["evil"]
    evil["heroes"] += [{"id": "chief", "profile": troll_king, "x": 50, "y": 30, "facing": 180}]
    evil["heroes"][1].pop("x")
    evil["heroes"][1].pop("y")
    evil["heroes"][1]["attached_to"] = "chief-stand"
    error = refused(data)
    assert (error.code, error.message) == (
        "monster_hero",
        "Hama cannot join Troll Chieftain: a Monster hero's stand is his alone.",
    )
    data = scenario()
    data["armies"]["evil"]["heroes"] += [{"id": "chief", "profile": troll_king, "attached_to": "b"}]
    assert refused(data).code == "monster_hero"


def test_a_large_stand_s_footprint_is_3_inches_deep() -> None:
    """2" deep, a stand at y 24.4 would clear B (y 21-23); 3" deep it reaches 0.1" into it."""
    data = scenario()
    data["profiles"].append(CAVE_TROLL)
    trolls = {"id": "trolls", "profile": "Cave Troll", "x": 30, "y": 24.4, "facing": 180}
    data["armies"]["evil"]["stands"].append(trolls)
    assert refused(data).code == "overlap"
    trolls["y"] = 24.5  # rear edge to rear edge: touching is allowed
    assert read_setup(data).armies["evil"].stands[-1].rect == Rect(30, 24.5, 180, 4, 3)
