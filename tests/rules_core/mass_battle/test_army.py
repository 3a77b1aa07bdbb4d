"""§2.5, §13, §14: the list's limits, the General, strength and losses, Broken, the rout, VP."""

from __future__ import annotations

import pytest

from rules_core.errors import RuleViolation
from rules_core.mass_battle.army import (
    HeroEntry,
    choose_general,
    is_broken,
    is_routed,
    list_problems,
    loss,
    max_heroes,
    starting_strength,
    victory_points,
)

EOMER = HeroEntry("eomer", "Eomer", "valour", 110, ("Swift",))
HAMA = HeroEntry("hama", "Hama", "fortitude", 60)
THEODEN = HeroEntry("theoden", "Theoden", "valour", 130)


@pytest.mark.parametrize(("stands", "heroes"), [(0, 0), (1, 1), (2, 1), (3, 2), (12, 6), (13, 7)])
def test_one_hero_per_two_stands_rounded_up(stands, heroes) -> None:
    assert max_heroes(stands) == heroes


def test_a_list_s_problems_in_words() -> None:
    assert list_problems(4, [EOMER, HAMA], 900, 1000) == []
    assert list_problems(4, [], 900, 1000) == ["A mass-battle list needs at least one hero."]
    assert list_problems(2, [EOMER, HAMA], 1200, 1000) == [
        "2 heroes for 2 stands: at most one hero per 2 stands (rounded up), so 1.",
        "The list costs 1200 points, over its limit of 1000.",
    ]
    assert list_problems(0, [HAMA], 60, 1000) == [
        "1 hero for 0 stands: at most one hero per 2 stands (rounded up), so 0."
    ]
    assert list_problems(1, [EOMER, HAMA], 200, 1000) == [
        "2 heroes for 1 stand: at most one hero per 2 stands (rounded up), so 1."
    ]
    too_many = HeroEntry("hama", "Hama", "fortitude", 60, ("Swift", "Swift"))
    assert list_problems(4, [too_many], 500, 1000) == [
        "Hama carries Swift twice: each card at most once per hero."
    ]


def test_the_general_is_the_one_named_else_the_highest_tier_else_the_costlier() -> None:
    assert choose_general([HAMA, EOMER, THEODEN]) == "theoden"
    assert choose_general([HAMA, EOMER]) == "eomer"
    assert choose_general([HAMA, EOMER], named="hama") == "hama"
    with pytest.raises(RuleViolation) as refused:
        choose_general([HAMA], named="gandalf")
    assert refused.value.code == "unknown_general"


def test_strength_counts_stands_and_heroes_and_the_general_is_lost_twice() -> None:
    assert starting_strength(12, 4) == 16
    assert (loss(hero=False), loss(hero=True), loss(hero=True, general=True)) == (1, 1, 2)


def test_broken_above_half_routed_at_a_quarter() -> None:
    assert not is_broken(8, 16) and is_broken(9, 16)
    assert not is_broken(3, 7) and is_broken(4, 7)
    assert not is_routed(11, 16) and is_routed(12, 16)
    assert is_routed(3, 2)  # a lost General can make losses exceed the strength


def test_victory_points_count_the_enemy_general_twice() -> None:
    assert victory_points([48, 40], [60, 120], 120) == 388
    assert victory_points([], [60], None) == 60
