"""The game's army lists' own composition rules, each on a real army list of the catalogue: lists
drafted as the builder would save them (profiles as the catalogue has them, no database), checked
by the referee's list rules (rules_core/composition.py)."""

from __future__ import annotations

from functools import cache

import rules_core
from battles.lists.catalogue import catalogue
from battles.lists.models import Profile
from battles.lists.profiles import clean_profile
from battles.rulesets.skirmish.lists import FollowerDraft, SkirmishDraft, WarbandDraft, summarise
from battles.rulesets.skirmish.setup import battle_setup
from rules_core import skirmish

Warband = tuple[str, list[str], list[tuple[str, int, list[str]]]]


@cache
def _profile(key: str) -> Profile:
    data = next(p for p in catalogue() if p["id"] == key)
    profile = Profile(catalogue_id=key)
    profile.set_data(clean_profile(data))
    return profile


def _draft(built_from: str, *warbands: Warband, general: str = "") -> SkirmishDraft:
    return SkirmishDraft(
        built_from,
        2000,
        [
            WarbandDraft(
                _profile(hero),
                options,
                hero == general,
                [FollowerDraft(_profile(key), count, chosen) for key, count, chosen in followers],
            )
            for hero, options, followers in warbands
        ],
        built_from,
    )


def _warbands_in_battle(built_from: str, *warbands: Warband) -> list[int]:
    """How many models each of the list's warbands deploys in a scenario's battle."""
    evil = _draft("lurtzs-scouts", ("lurtz-uruk-hai-scout-captain", [], []))
    setup = battle_setup({"good": _draft(built_from, *warbands), "evil": evil}, scenario="domination")
    return [len(w.models) for w in rules_core.new_battle(setup).armies["good"].warbands]


def _summary(built_from: str, *warbands: Warband, general: str = "") -> skirmish.Summary:
    return summarise(_draft(built_from, *warbands, general=general))


def test_a_hero_leads_only_whom_the_list_says() -> None:
    paladin = ("paladin-took-thain-of-the-shire", [], [("hobbit-archer", 2, []), ("hobbit-militia", 3, [])])
    problems = _summary("battle-of-bywater", paladin).problems
    assert (
        "Paladin Took, Thain of the Shire may lead only Hobbit Militia, Tookish Hunter or Hobbit "
        "Shirriff in Battle of Bywater, not Hobbit Archer."
    ) in problems
    assert not any("Hobbit Militia" in p and "not Hobbit Militia" in p for p in problems)


def test_a_hero_the_list_always_has_must_lead_a_warband() -> None:
    merry = ("meriadoc-brandybuck-captain-of-the-shire", [], [("hobbit-archer", 2, [])])
    problems = _summary("battle-of-bywater", merry).problems
    for name in ("Peregrin Took, Captain of the Shire", "Frodo of the Nine Fingers", "Samwise the Brave"):
        assert f"Battle of Bywater always has {name}, leading a warband: add them." in problems
    everyone = _summary(
        "battle-of-bywater",
        merry,
        ("peregrin-took-captain-of-the-shire", [], []),
        ("frodo-of-the-nine-fingers", [], []),
        ("samwise-the-brave", [], []),
    )
    assert not any("always has" in p for p in everyone.problems)
    assert everyone.general == "Meriadoc Brandybuck, Captain of the Shire"  # the list's General


def test_the_highest_rank_present_is_the_general() -> None:
    # Corsair Fleets: Dalamyr (rank 2), else a Corsair Captain (rank 1), over a higher tier's Delgamar.
    delgamar = ("delgamar-gatemaster-of-umbar", [], [("corsair-of-umbar", 4, [])])
    captain = ("corsair-captain", [], [("corsair-of-umbar", 4, [])])
    summary = _summary("corsair-fleets", delgamar, captain, general="delgamar-gatemaster-of-umbar")
    assert summary.general == "Corsair Captain"
    assert "Corsair Captain must be the General in this army list." in summary.problems
    dalamyr = ("dalamyr-fleetmaster-of-umbar", [], [])
    assert _summary("corsair-fleets", captain, dalamyr).general == "Dalamyr, Fleetmaster of Umbar"
    assert _summary("corsair-fleets", delgamar).general == "Delgamar, Gatemaster of Umbar"  # no rank


def test_one_of_several_heroes_must_lead_the_army() -> None:
    gothmog = ("gothmog-lieutnant-of-sauron", [], [("mordor-orc-warrior", 4, ["Shield"])])
    assert (
        "Army of the Great Eye is led by one of The Witch-king of Angmar (Option 3), Ringwraith "
        "(Option 3) or Khamûl the Easterling: add one, as its General."
    ) in _summary("army-of-the-great-eye", gothmog).problems
    wraith = ("ringwraith-option-3", [], [])
    summary = _summary("army-of-the-great-eye", gothmog, wraith)  # two of Valour: the Ringwraith leads
    assert summary.general == "Ringwraith (Option 3)" and summary.problems == []
    khamul = ("khamul-the-easterling", [], [])
    undecided = _summary(
        "army-of-the-great-eye", gothmog, wraith, khamul, general="gothmog-lieutnant-of-sauron"
    )
    assert undecided.general is None
    assert (
        "Choose your General: in this army list it must be one of Ringwraith (Option 3), Khamûl the Easterling."
        in undecided.problems
    )
    chosen = _summary("army-of-the-great-eye", gothmog, wraith, khamul, general="khamul-the-easterling")
    assert chosen.general == "Khamûl the Easterling" and chosen.problems == []


def test_a_warrior_takes_exactly_one_or_at_most_one_of_the_options_the_list_says() -> None:
    theoden = "theoden-king-of-rohan"
    bare = _summary("kingdom-of-rohan", (theoden, [], [("warrior-of-rohan", 3, [])])).problems
    assert (
        "Each Warrior of Rohan must take one of War horn, shield and throwing spears, Banner, Shield "
        "and throwing spears, Bow or Shield in Kingdom of Rohan."
    ) in bare
    two = _summary("kingdom-of-rohan", (theoden, [], [("warrior-of-rohan", 3, ["Bow", "Shield"])])).problems
    assert any(p.endswith("in Kingdom of Rohan; these take Bow and Shield.") for p in two)
    riders = [("rider-of-rohan", 1, ["Banner", "Throwing spears"]), ("rider-of-rohan", 2, [])]
    problems = _summary("kingdom-of-rohan", (theoden, [], riders)).problems
    assert problems == [
        "Rider of Rohan may take only one of Banner or Throwing spears in Kingdom of Rohan; these take "
        "Banner and Throwing spears."
    ]
    ready = _summary("kingdom-of-rohan", (theoden, [], [("warrior-of-rohan", 3, ["Shield"])]))
    assert ready.problems == []


def test_a_group_may_be_at_most_one_in_n_of_the_army() -> None:
    # Defenders of Helm's Deep: at most one in three of the army's models are of Lothlórien.
    elves = [("galadhrim-warrior", 2, [])]
    few = _summary(
        "defenders-of-helms-deep",
        ("theoden-king-of-rohan", [], [("warrior-of-rohan", 3, ["Shield"]), *elves]),
    )
    assert few.problems == []  # 2 of 6 models
    many = _summary(
        "defenders-of-helms-deep",
        ("theoden-king-of-rohan", [], [("warrior-of-rohan", 1, ["Shield"]), *elves]),
        ("galadhrim-captain", [], []),
    )
    assert many.problems == [
        "Defenders of Helm\u2019s Deep may have at most 2 Lothlorien models (one in 3 of its 5 models, "
        "rounded up); this has 3."
    ]


def test_a_group_may_not_stand_beside_another() -> None:
    # Men of the West: Cavalry models (those riding horses) or Eagle models, never both.
    aragorn = ("aragorn-king-elessar", [], [("warrior-of-minas-tirith", 2, ["Shield"])])
    eomer = ("eomer-marshal-of-the-riddermark", ["Firefoot"], [])
    eagles = ("gwaihir", [], [("great-eagle", 1, [])])
    problem = "Men of the West may not have Cavalry models and Eagle models together."
    assert problem in _summary("men-of-the-west", aragorn, eomer, eagles).problems
    assert (
        problem
        not in _summary(
            "men-of-the-west", aragorn, ("eomer-marshal-of-the-riddermark", [], []), eagles
        ).problems
    )
    assert _summary("men-of-the-west", aragorn, eomer).problems == []


def test_an_option_that_is_a_character_is_not_taken_beside_him() -> None:
    # Defenders of the Pelennor: Gandalf the White may take Pippin along, or Pippin comes himself.
    theoden = ("theoden-king-of-rohan", [], [])
    gandalf = ("gandalf-the-white", ["Pippin"], [])
    pippin = ("peregrin-took-guard-of-the-citadel", [], [])
    assert _summary("defenders-of-the-pelennor", theoden, gandalf, pippin, general=theoden[0]).problems == [
        "Gandalf the White takes Pippin, who is Peregrin Took, Guard of the Citadel: Defenders of the "
        "Pelennor may have only one of them."
    ]
    alone = ("gandalf-the-white", [], [])
    assert _summary("defenders-of-the-pelennor", theoden, alone, pippin, general=theoden[0]).problems == []


def test_a_hero_the_list_counts_towards_the_bow_limit_counts() -> None:
    # Defenders of Helm's Deep: Haldir always has an Elf bow there, and it counts towards the bow
    # limit (a hero's does not, elsewhere).
    haldir = (
        "haldir-galadhrim-captain",
        [],
        [("warrior-of-rohan", 2, ["Bow"]), ("warrior-of-rohan", 1, ["Shield"])],
    )
    summary = _summary("defenders-of-helms-deep", ("theoden-king-of-rohan", [], []), haldir)
    assert (summary.bows, summary.bow_limit) == (3, 1)
    anywhere = _summary("lothlorien", (*haldir[0:2], [("galadhrim-warrior", 3, [])]))
    assert anywhere.bows == 0


def test_an_army_list_with_a_smaller_break_point_divisor_breaks_sooner() -> None:
    # Lurtz's Scouts: Broken after more than a third... of models / 1.5 casualties, in the list and in battle.
    scouts = ("lurtz-uruk-hai-scout-captain", [], [("uruk-hai-scout", 5, [])])
    summary = _summary("lurtzs-scouts", scouts)
    assert (summary.models, summary.break_point) == (6, 4)
    evil = _draft("lurtzs-scouts", scouts)
    good = _draft("kingdom-of-rohan", ("theoden-king-of-rohan", [], [("rider-of-rohan", 5, [])]))
    state = rules_core.new_battle(battle_setup({"good": good, "evil": evil}))
    assert (state.armies["evil"].break_point, state.armies["good"].break_point) == (4, 3)


def test_eowyn_carrying_merry_counts_as_two_models_in_the_list_and_in_battle() -> None:
    # Riders of Théoden: Éowyn (Merry rides with her) counts as two models. Théoden with 3 Riders and
    # Éowyn are 6 models, Break Point 3; in battle she is two casualties when she falls.
    good = (
        ("theoden-king-of-rohan", [], [("rider-of-rohan", 3, [])]),
        ("eowyn-shieldmaiden-of-rohan", [], []),
    )
    summary = _summary("riders-of-theoden", *good)
    assert (summary.models, summary.break_point, summary.problems) == (6, 3, [])
    evil = _draft("lurtzs-scouts", ("lurtz-uruk-hai-scout-captain", [], [("uruk-hai-scout", 5, [])]))
    state = rules_core.new_battle(battle_setup({"good": _draft("riders-of-theoden", *good), "evil": evil}))
    assert (state.armies["good"].starting_models, state.armies["good"].break_point) == (6, 3)
    eowyn = next(m for m in state.models.values() if m.name.startswith("Éowyn"))
    eowyn.status = "casualty"
    assert state.casualties("good") == 2


def test_gandalf_carrying_pippin_counts_one_more_model_only_with_pippin() -> None:
    gandalf = ("gandalf-the-white", ["Pippin"], [("warrior-of-minas-tirith", 3, [])])
    assert _summary("men-of-the-west", ("aragorn-king-elessar", [], []), gandalf).models == 6
    alone = ("gandalf-the-white", [], [("warrior-of-minas-tirith", 3, [])])
    assert _summary("men-of-the-west", ("aragorn-king-elessar", [], []), alone).models == 5


def test_a_hero_the_list_says_may_follow_another_joins_his_warband() -> None:
    # Breaking of the Fellowship: Legolas, Gimli and Frodo may not lead; they join Aragorn's
    # warband (and count among his followers), which the list does not make the whole army.
    company = [("legolas-greenleaf", 1, []), ("gimli-son-of-gloin", 1, []), ("frodo-baggins", 1, [])]
    aragorn = ("aragorn-strider", [], company)
    summary = _summary("breaking-of-the-fellowship", aragorn, ("haldir-galadhrim-captain", [], []))
    assert summary.problems == [] and summary.warbands[0].followers == 3
    assert _warbands_in_battle("breaking-of-the-fellowship", aragorn) == [4]
    haldir = ("haldir-galadhrim-captain", [], [("legolas-greenleaf", 1, [])])
    assert _summary("breaking-of-the-fellowship", ("aragorn-strider", [], []), haldir).problems == [
        "Legolas Greenleaf may join only Aragorn (Strider)'s warband in Breaking of the Fellowship."
    ]


def test_grima_follows_saruman_without_counting_among_his_followers() -> None:
    # Army of the White Hand: Gríma may join Saruman's warband, not counted towards its 18.
    uruks = [("uruk-hai-scout", 18, ["Shield"])]
    summary = _summary("army-of-the-white-hand", ("saruman", [], [*uruks, ("grima-wormtongue", 1, [])]))
    assert summary.problems == [] and summary.warbands[0].followers == 18
    assert (summary.models, summary.heroes) == (20, 2)
    one_more = _summary(
        "army-of-the-white-hand",
        ("saruman", [], [("uruk-hai-scout", 19, ["Shield"]), ("grima-wormtongue", 1, [])]),
    )
    assert one_more.problems == [
        "Saruman, a Hero of Legend, leads 19 followers; a Hero of Legend may lead at most 18."
    ]


def test_an_army_list_that_is_one_warband_has_heroes_among_its_followers() -> None:
    fellowship = [
        (key, 1, []) for key in ("aragorn-strider", "legolas-greenleaf", "frodo-baggins", "peregrin-took")
    ]
    gandalf = ("gandalf-the-grey", [], fellowship)
    one = _summary("the-fellowship", gandalf)
    assert one.problems == [] and one.general == "Gandalf the Grey"
    assert (one.models, one.heroes, one.warbands[0].followers) == (5, 5, 4)
    assert _warbands_in_battle("the-fellowship", gandalf) == [5]
    two = _summary("the-fellowship", ("gandalf-the-grey", [], fellowship[1:]), ("aragorn-strider", [], []))
    assert two.problems == [
        "The Fellowship fights as one warband: make every other hero one of Gandalf the Grey's followers."
    ]


def test_an_army_list_that_may_be_one_warband_and_one_that_may_unless() -> None:
    # Road to Rivendell may be one warband; then no hero leads another.
    hobbits = [("frodo-baggins", 1, []), ("samwise-gamgee", 1, [])]
    assert _summary("road-to-rivendell", ("aragorn-strider", [], hobbits)).problems == []
    assert (
        _summary("road-to-rivendell", ("aragorn-strider", [], []), ("arwen-undomiel", [], [])).problems == []
    )
    assert _summary(
        "road-to-rivendell", ("aragorn-strider", [], hobbits), ("arwen-undomiel", [], [])
    ).problems == [
        "Heroes follow another hero in Road to Rivendell only when the army is one warband: make every other "
        "hero one of Aragorn (Strider)'s followers, or lead a warband of their own."
    ]
    # The Shire may be one warband unless it has Hobbit Militia, Archers or Shirriffs.
    assert _summary("the-shire", ("gandalf-the-grey", [], hobbits)).problems == []
    militia = _summary("the-shire", ("gandalf-the-grey", [], [*hobbits, ("hobbit-militia", 4, ["Spear"])]))
    assert (
        "Frodo Baggins is a hero and leads a warband of their own; remove them from Gandalf the Grey's followers."
        in militia.problems
    )
