"""Every list rule, checked on saved lists: what the builder shows and what blocks a battle."""

from __future__ import annotations

import pytest

from battles.lists.demo import demo_army
from battles.lists.profiles import BadData
from battles.models import ArmyList, Battle
from battles.play.create import start_battle
from battles.rulesets.skirmish.lists import summarise
from rules_core import TIERS
from rules_core.skirmish import is_bow

from .conftest import Build, make_profile

WARRIOR = "Warrior of Minas Tirith"


@pytest.mark.parametrize(("tier", "name", "limit"), [(t.key, t.name, t.followers) for t in TIERS])
def test_each_tier_leads_up_to_its_follower_limit(build: Build, tier: str, name: str, limit: int) -> None:
    hero = make_profile(name=f"A {name}", tier=tier, might=1)
    at_limit = build([(hero, [(WARRIOR, limit, [])] if limit else [])])
    assert summarise(at_limit).problems == []
    over = build([(hero, [(WARRIOR, limit + 1, [])])])
    (problem,) = summarise(over).problems
    assert f"A {name}" in problem
    assert (f"at most {limit}" if limit else "leads no followers") in problem


def test_a_unique_hero_appears_once(build: Build) -> None:
    twice = build([("Aragorn (Strider)", []), ("Aragorn (Strider)", [])], general=0)
    assert summarise(twice).problems == [
        "Aragorn (Strider) is a unique hero and appears 2 times; take them once."
    ]


def test_heroes_marked_not_unique_and_warriors_may_repeat(build: Build) -> None:
    army = build(
        [
            ("Goblin Captain", [("Mordor Orc Warrior", 3, [])]),
            ("Goblin Captain", [("Mordor Orc Warrior", 3, [])]),
        ],
        general=0,
    )
    assert summarise(army).problems == []


def test_the_bow_limit_is_a_third_of_the_warriors_rounded_up(build: Build) -> None:
    # 7 warriors: at most 3 bows (7 / 3 = 2.33, rounded up).
    ok = build([("Boromir of Gondor", [(WARRIOR, 4, ["Shield"]), (WARRIOR, 3, ["Bow"])])])
    summary = summarise(ok)
    assert (summary.bows, summary.bow_limit, summary.problems) == (3, 3, [])
    over = build([("Boromir of Gondor", [(WARRIOR, 3, []), (WARRIOR, 4, ["Bow"])])])
    assert summarise(over).problems == [
        "4 of 7 warriors carry bows; at most 3 may (a third of the warriors, rounded up)."
    ]


def test_a_profile_that_comes_with_a_bow_counts_and_heroes_do_not(build: Build) -> None:
    archer = make_profile(name="Archer", missile={"name": "Elf bow", "range": 24, "strength": 3})
    army = build([("Tauriel", [(archer, 2, []), (WARRIOR, 2, [])])])
    summary = summarise(army)
    assert (summary.bows, summary.warriors, summary.bow_limit) == (2, 4, 2)
    assert summary.problems == []


def test_only_bows_count_toward_the_bow_limit() -> None:
    assert is_bow({"name": "Orc bow", "range": 18, "strength": 2})
    assert is_bow({"name": "Crossbow", "range": 24, "strength": 4})
    assert not is_bow({"name": "Throwing spears", "range": 6, "strength": 3})
    assert not is_bow(None)


def test_the_general_is_the_highest_tier_hero_unless_named(build: Build) -> None:
    army = build([("Boromir of Gondor", []), ("Aragorn (Strider)", [])])
    assert summarise(army).general == "Aragorn (Strider)"
    named = build([("Boromir of Gondor", []), ("Aragorn (Strider)", [])], general=0)
    assert summarise(named).general == "Boromir of Gondor"


def test_heroes_tied_at_the_top_tier_ask_for_a_general(build: Build) -> None:
    army = build([("Aragorn (Strider)", []), ("Gandalf the Grey", [])])
    summary = summarise(army)
    assert summary.general is None
    assert summary.problems == [
        "Choose your General: Aragorn (Strider), Gandalf the Grey share the highest heroic tier."
    ]


def test_points_count_options_and_are_held_to_the_limit(build: Build) -> None:
    army = build([("Aragorn (Strider)", [(WARRIOR, 10, ["Shield", "Spear"])])], points_limit=250)
    summary = summarise(army)
    assert summary.points == 160 + 10 * (8 + 1 + 1)
    assert summary.problems == ["The list costs 260 points, 10 over its limit of 250."]


def test_the_break_point_is_half_the_models(build: Build) -> None:
    assert summarise(build([("Aragorn (Strider)", [(WARRIOR, 4, [])])])).break_point == 2.5
    assert summarise(build([("Aragorn (Strider)", [(WARRIOR, 5, [])])])).break_point == 3


def test_an_empty_list_and_misplaced_models_are_named(build: Build, profiles) -> None:
    assert summarise(build([])).problems == ["The list is empty: add a hero to lead a warband."]
    army = build([("Aragorn (Strider)", [("Boromir of Gondor", 1, [])])])
    assert summarise(army).problems == [
        "Boromir of Gondor is a hero and leads a warband of their own; "
        "remove them from Aragorn (Strider)'s followers."
    ]
    # A hero whose profile was later made a warrior can no longer lead.
    hero = make_profile(name="Captain", tier="minor", might=1)
    led = build([(hero, [])])
    hero.tier = ""
    hero.save()
    led = ArmyList.with_contents().get(pk=led.pk)
    assert "Captain is not a hero and cannot lead a warband." in summarise(led).problems


def test_an_option_taken_off_a_profile_shows_as_a_problem(build: Build, profiles) -> None:
    army = build([("Boromir of Gondor", [(WARRIOR, 2, ["Spear"])])])
    warrior = profiles[WARRIOR]
    warrior.options = [o for o in warrior.options if o["name"] != "Spear"]
    warrior.save()
    army.refresh_from_db()
    assert summarise(army).problems == [
        "Spear is not an option of Warrior of Minas Tirith any more; remove it."
    ]


def test_a_draft_is_saved_but_cannot_go_to_battle(build: Build) -> None:
    draft = build([("Aragorn (Strider)", [(WARRIOR, 19, [])])])
    with pytest.raises(BadData, match=r"Test list is a draft.*at most 18"):
        start_battle("Too many", {"good": draft, "evil": demo_army("evil")})
    assert Battle.objects.count() == 0


def test_a_battle_takes_its_models_from_the_lists(build: Build, ann) -> None:
    army = build([("Aragorn (Strider)", [(WARRIOR, 2, []), (WARRIOR, 1, ["Bow"])])])
    battle = start_battle("From lists", {"good": army, "evil": demo_army("evil")}, ann, "good")
    state = battle.load_state()
    good = [m for m in state.models.values() if m.side == "good"]
    assert sorted(m.name for m in good) == ["Aragorn (Strider)", *[f"{WARRIOR} {n}" for n in (1, 2, 3)]]
    (bowman,) = [m for m in good if m.profile.missile]
    assert bowman.profile.missile.name == "Bow" and bowman.profile.missile.range == 24
    # Printed wargear stays printed; what the list bought is `bought`, so the referee adds a bought
    # shield's Defence once (docs/battle-record.md).
    assert bowman.profile.wargear == ["Sword", "Heavy armour"] and bowman.profile.bought == ["Bow"]
    assert state.armies["good"].name == "Test list"
    assert battle.created_by == ann
    assert battle.seats.get(side="good").user == ann
    assert battle.seats.get(side="evil").user is None
    assert state.pending.kind == "deploy" and state.pending.side == "good"


def test_the_demo_armies_follow_every_rule() -> None:
    for side in ("good", "evil"):
        assert summarise(demo_army(side)).problems == []
