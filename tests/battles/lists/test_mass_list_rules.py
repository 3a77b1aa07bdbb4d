"""Every mass-battle list rule (docs/rules/mass-battle.md §2.2-2.5), on saved lists: what the builder
shows, each problem in the words the player reads, and what keeps a list from battle."""

from __future__ import annotations

import pytest

from battles.lists.demo import demo_army
from battles.lists.profiles import BadData
from battles.models import Battle
from battles.play.create import start_battle
from battles.rulesets import summary_of
from battles.rulesets.mass_battle.lists import summarise as summarise_mass

from .conftest import Build, BuildMass, make_monster_hero, make_profile

ROHAN = "Warrior of Rohan"
EOMER = "Eomer, Marshal of the Riddermark"
HAMA = "Hama, Captain of Rohan"


def test_a_list_within_every_rule_shows_its_totals(build_mass: BuildMass) -> None:
    army = build_mass([(ROHAN, 3, ["Shield"]), (ROHAN, 1, ["Bow"])], [(EOMER, ["war_banner"]), (HAMA, [])])
    summary = summarise_mass(army)
    assert summary.problems == [] and summary.ready
    # 4 stands of 8 Warriors of Rohan at 7 points (6 and an option), Eomer 110 and his War Banner 20,
    # Hama 60.
    assert summary.points == 4 * 8 * 7 + 110 + 20 + 60
    assert (summary.stands, summary.heroes, summary.hero_limit) == (4, 2, 2)
    assert summary.general == EOMER
    # Strength: stands and heroes; broken once losses are more than half of it.
    assert (summary.starting_strength, summary.broken_at) == (6, 4)


def test_each_stand_s_models_and_factors_are_the_referee_s(build_mass: BuildMass, profiles) -> None:
    army = build_mass(
        [
            (ROHAN, 1, []),
            (ROHAN, 1, ["Bow"]),
            ("Warrior of Minas Tirith", 1, []),
            ("Mordor Orc Warrior", 1, ["Orc bow"]),
            ("Cave Troll", 1, []),
        ],
        [(EOMER, [])],
        points_limit=2000,
    )
    rows = [
        (
            line.name,
            line.stats.models,
            line.stats.combat_factor,
            line.stats.shooting_factor,
            line.stats.shooting_range,
            line.stats.terror,
            line.each,
        )
        for line in summarise_mass(army).stand_lines
    ]
    assert rows == [
        # CF = (Fight + Strength + Defence) // 3; SF = 7 - Shoot Value with a missile weapon.
        (ROHAN, 8, 3, None, 0.0, False, 48),
        (ROHAN, 8, 3, 3, 24.0, False, 56),
        ("Warrior of Minas Tirith", 8, 4, None, 0.0, False, 64),
        ("Mordor Orc Warrior", 8, 3, 2, 18.0, False, 48),
        # A 40 mm base: a large stand of 2 models.
        ("Cave Troll", 2, 6, None, 0.0, True, 150),
    ]


def test_a_hero_s_duel_points_are_his_points_and_his_cards(build_mass: BuildMass) -> None:
    army = build_mass([(ROHAN, 2, [])], [(EOMER, ["war_banner", "swift"])])
    (eomer,) = summarise_mass(army).hero_lines
    assert ([c.name for c in eomer.cards], eomer.points, eomer.cards_cost, eomer.duel_points) == (
        ["War Banner", "Swift"],
        110,
        30,
        140,
    )
    assert summarise_mass(army).points == 2 * 48 + 140


def test_a_list_needs_a_hero(build_mass: BuildMass) -> None:
    assert summarise_mass(build_mass([(ROHAN, 4, [])], [])).problems == [
        "A mass-battle list needs at least one hero."
    ]


def test_one_hero_per_two_stands_rounded_up(build_mass: BuildMass) -> None:
    assert summarise_mass(build_mass([(ROHAN, 3, [])], [(EOMER, []), (HAMA, [])])).problems == []
    over = build_mass([(ROHAN, 3, [])], [(EOMER, []), (HAMA, []), ("Aragorn (Strider)", [])])
    assert summarise_mass(over).problems == [
        "3 heroes for 3 stands: at most one hero per 2 stands (rounded up), so 2."
    ]
    alone = build_mass([], [(HAMA, [])])
    assert summarise_mass(alone).problems == [
        "1 hero for 0 stands: at most one hero per 2 stands (rounded up), so 0."
    ]


def test_points_are_held_to_the_limit(build_mass: BuildMass) -> None:
    army = build_mass([(ROHAN, 4, [])], [(EOMER, ["captain_of_the_line"])], points_limit=300)
    assert summarise_mass(army).problems == ["The list costs 322 points, over its limit of 300."]


@pytest.mark.parametrize(
    ("cards", "problem"),
    [
        (
            ["war_banner", "swift", "bodyguard", "shieldwall"],
            f"{EOMER} carries 4 Battle Cards: at most 3 per hero.",
        ),
        (["swift", "swift"], f"{EOMER} carries Swift twice: each card at most once per hero."),
        (
            ["lucky_charm"],
            f"{EOMER}: there is no Battle Card called 'lucky_charm' (cards: Captain of the Line,",
        ),
    ],
    ids=["too many", "twice", "unknown"],
)
def test_a_hero_carries_at_most_three_cards_each_once(build_mass: BuildMass, cards, problem) -> None:
    (found,) = summarise_mass(build_mass([(ROHAN, 2, [])], [(EOMER, cards)])).problems
    assert found.startswith(problem)


def test_the_general_is_named_else_the_highest_tier_else_the_costlier(build_mass: BuildMass) -> None:
    stands = [(ROHAN, 4, [])]
    assert summarise_mass(build_mass(stands, [(HAMA, []), (EOMER, [])])).general == EOMER
    assert summarise_mass(build_mass(stands, [(HAMA, []), (EOMER, [])], general=0)).general == HAMA
    # Of one tier the costlier leads, counting what his cards cost, as the referee does.
    boromir = "Boromir of Gondor"
    assert summarise_mass(build_mass(stands, [(boromir, []), (EOMER, [])])).general == EOMER
    assert summarise_mass(build_mass(stands, [(boromir, ["war_banner"]), (EOMER, [])])).general == boromir


def test_only_one_hero_can_be_named_general(build_mass: BuildMass) -> None:
    army = build_mass([(ROHAN, 4, [])], [(HAMA, []), (EOMER, [])], general=0)
    army.heroes.update(is_general=True)
    summary = summarise_mass(army)
    assert summary.problems == [f"Only one hero can be the General: {HAMA}, {EOMER}."]
    assert summary.general is None


def test_a_unique_hero_appears_once_a_captain_may_repeat(build_mass: BuildMass) -> None:
    twice = build_mass([(ROHAN, 4, [])], [(EOMER, []), (EOMER, [])])
    assert summarise_mass(twice).problems == [
        f"{EOMER} is a unique hero and appears 2 times; take them once."
    ]
    captains = build_mass([("Mordor Orc Warrior", 4, [])], [("Goblin Captain", []), ("Goblin Captain", [])])
    assert summarise_mass(captains).problems == []


def test_heroes_and_warriors_in_their_own_places(build_mass: BuildMass) -> None:
    army = build_mass([(ROHAN, 2, []), ("Boromir of Gondor", 1, [])], [(EOMER, []), (ROHAN, [])])
    assert summarise_mass(army).problems == [
        "Boromir of Gondor is a hero: add him among the heroes, not as stands.",
        "Warrior of Rohan is not a hero: field him in stands.",
    ]


def test_an_option_taken_off_a_profile_shows_as_a_problem(build_mass: BuildMass, ann) -> None:
    pikes = make_profile(ann, name="Pikemen", options=[{"name": "Pike", "points": 1}])
    army = build_mass([(pikes, 2, ["Pike"])], [(EOMER, [])])
    assert summarise_mass(army).problems == []
    pikes.options = []
    pikes.save()
    assert summarise_mass(army.__class__.with_contents().get(pk=army.pk)).problems == [
        "Pike is not an option of Pikemen any more; remove it."
    ]


def test_a_monster_hero_is_a_stand_of_his_own(build_mass: BuildMass, ann) -> None:
    balrog = make_monster_hero(ann)
    summary = summarise_mass(build_mass([], [(balrog, [])]))
    assert summary.problems == []
    assert (summary.stands, summary.heroes, summary.starting_strength) == (1, 1, 2)


def test_a_draft_cannot_go_to_battle_and_rulesets_do_not_mix(build_mass: BuildMass, build: Build) -> None:
    draft = build_mass([(ROHAN, 4, [])], [])
    with pytest.raises(
        BadData, match="Test host is a draft and cannot go to battle yet: A mass-battle list needs"
    ):
        start_battle("Too soon", {"good": draft, "evil": demo_army("evil", "mass_battle")})
    skirmish = build([("Boromir of Gondor", [])])
    ready = build_mass([(ROHAN, 4, [])], [(EOMER, [])])
    with pytest.raises(BadData, match="are lists for different rulesets"):
        start_battle("Mixed", {"good": ready, "evil": skirmish})
    assert not Battle.objects.exists()


def test_the_mass_battle_demo_armies_follow_every_rule() -> None:
    for side in ("good", "evil"):
        army = demo_army(side, "mass_battle")
        assert army.ruleset == "mass_battle"
        assert summary_of(army).problems == []


def test_a_bought_mount_makes_the_stand_cavalry(build_mass: BuildMass, ann) -> None:
    """§2.2: 4 cavalry a stand, the models' Move (cavalry 10"); the horse's points are paid for it."""
    riders = make_profile(ann, name="Riders", move=6, options=[{"name": "Horse", "points": 10}])
    army = build_mass([(riders, 1, ["Horse"]), (riders, 1, [])], [(EOMER, [])])
    summary = summarise_mass(army)
    assert summary.problems == []
    mounted, on_foot = summary.stand_lines
    assert (mounted.stats.kind, mounted.stats.models, mounted.stats.move, mounted.each) == (
        "cavalry",
        4,
        10,
        80,
    )
    assert (on_foot.stats.kind, on_foot.stats.models, on_foot.stats.move, on_foot.each) == (
        "infantry",
        8,
        6,
        80,
    )
    assert mounted.stats.combat_factor == on_foot.stats.combat_factor, "the rider fights, not the horse"
