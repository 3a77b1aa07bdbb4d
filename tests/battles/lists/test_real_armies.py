"""Real armies as the game's army lists define them fight battles to their end: Minas Tirith, and
the Kingdom of Rohan (Théoden on Snowmane and his Riders), against Minas Morgul, built from their
army lists with the builder's edits, played by random bots."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from battles.lists import services
from battles.models import ArmyList, Profile
from battles.rulesets.skirmish import lists
from battles.rulesets.skirmish.lists import summarise
from battles.rulesets.skirmish.setup import battle_setup
from rules_core import SeededDice, new_battle
from tests.rules_core.bot import Bot

MAX_STEPS = 6000


def _profile(key: str) -> Profile:
    return Profile.objects.get(owner=None, catalogue_id=key)


def _army(
    owner: User, built_from: str, warbands: list[tuple[str, list[str], list[tuple[str, int, list[str]]]]]
) -> ArmyList:
    army = services.new_list(owner, built_from, 600, army_list=built_from)
    for hero, hero_options, followers in warbands:
        lists.add_warband(army, _profile(hero))
        warband = army.warbands.order_by("position").last()
        assert warband is not None
        lists.set_hero_options(army, warband, hero_options)
        for key, count, options in followers:
            lists.add_followers(army, warband, _profile(key), count)
            lists.change_followers(army, warband.followers.order_by("position").last(), count, options)
    return ArmyList.objects.get(pk=army.pk)


def _fight_to_the_end(good: ArmyList, evil: ArmyList, seed: int) -> None:
    state = new_battle(battle_setup({"good": good, "evil": evil}))
    bot, dice = Bot(seed), SeededDice(seed)
    for _ in range(MAX_STEPS):
        if state.result is not None:
            break
        _, _, outcome = bot.play(state, dice)
        state = outcome.state
    assert state.result is not None, f"{good.name} v {evil.name} did not end"


@pytest.mark.long(10)
@pytest.mark.django_db
def test_the_three_real_armies_fight_battles_to_their_end(ann: User) -> None:
    services.load_catalogue()
    tirith = _army(
        ann,
        "minas-tirith",
        [("faramir-captain-of-gondor", ["Shield"], [("warrior-of-minas-tirith", 5, ["Shield and spear"]),
                                                    ("citadel-guard", 2, ["Spear"]),
                                                    ("warrior-of-minas-tirith", 2, ["Bow"])])],
    )  # fmt: skip
    rohan = _army(
        ann,
        "kingdom-of-rohan",
        [
            (
                "theoden-king-of-rohan",
                ["Snowmane"],
                [("rider-of-rohan", 1, ["Banner"]), ("rider-of-rohan", 6, [])],
            )
        ],
    )
    morgul = _army(
        ann,
        "minas-morgul",
        [("mordor-orc-captain", [], [("mordor-orc-warrior", 6, ["Shield"]), ("mordor-orc-warrior", 2, ["Orc bow"]),
                                     ("morgul-stalker", 2, [])])],
    )  # fmt: skip
    for army in (tirith, rohan, morgul):
        summary = summarise(army)
        assert summary.problems == [], summary.problems
    assert [summarise(a).models for a in (tirith, rohan, morgul)] == [10, 8, 11]
    _fight_to_the_end(tirith, morgul, seed=2)
    _fight_to_the_end(rohan, morgul, seed=2)
