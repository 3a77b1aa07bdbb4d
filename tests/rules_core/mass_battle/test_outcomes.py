"""§9 duels and §8.5, §8.8 combat results as arithmetic, checked against the spec's own figures."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core.mass_battle.outcomes import beaten, combat_total, duel_deaths, duel_odds, result_odds


@pytest.mark.parametrize(
    ("first", "second", "p_first", "p_second"),
    [
        (40, 30, "16.7%", "100%"),
        (60, 150, "100%", "16.7%"),  # Eowyn against the Witch-king
        (50, 50, "58.3%", "58.3%"),
        (120, 118, "33.3%", "83.3%"),
    ],
)
def test_the_spec_s_duel_table(first, second, p_first, p_second) -> None:
    def pct(p: Fraction) -> str:
        return f"{float(p) * 100:.1f}%".replace(".0%", "%")

    odds = duel_odds(first, second)
    assert (pct(odds[0]), pct(odds[1])) == (p_first, p_second)


def test_at_least_one_hero_always_dies_and_six_points_apart_the_lower_always_does() -> None:
    for first, second in [(30, 30), (50, 56), (100, 40), (40, 45)]:
        for a in range(1, 7):
            for b in range(1, 7):
                assert any(duel_deaths((a, b), (a, b), (first, second)))
    assert duel_odds(50, 56) == (1, Fraction(1, 6))


def test_t1_lower_total_dies() -> None:
    assert duel_deaths((6, 2), (6, 2), (30, 40)) == (["lower total"], [])


def test_t2_the_eowyn_rule() -> None:
    assert duel_deaths((6, 1), (6, 1), (60, 150)) == (["lower total"], ["natural 1"])
    assert duel_deaths((6, 2), (6, 2), (60, 150)) == (["lower total"], [])
    assert duel_deaths((1, 1), (1, 1), (60, 150)) == (["lower total", "natural 1"], ["natural 1"])


def test_t3_equal_totals_kill_both_and_might_decides_it() -> None:
    assert duel_deaths((4, 4), (4, 4), (50, 50)) == (["equal totals"], ["equal totals"])
    assert duel_deaths((4, 4), (5, 6), (50, 50)) == (["lower total"], [])  # 3b: 55 against 56


def test_t4_might_cannot_undo_a_natural_1_but_can_drag_the_other_into_a_tie() -> None:
    assert duel_deaths((3, 1), (3, 3), (120, 120)) == (["equal totals"], ["equal totals", "natural 1"])
    assert duel_deaths((3, 1), (5, 4), (120, 120)) == ([], ["lower total", "natural 1"])  # 4b


def test_a_combat_total_never_goes_below_1() -> None:
    assert combat_total(1, 4, [1]) == 6  # T5's A
    assert combat_total(1, 4, [1, -1]) == 5  # T7a's A, overlapped
    assert combat_total(1, 3, [-2, -2, -1]) == 1


def test_a_beaten_stand_recoils_unless_beaten_by_3_or_caught_and_heroic_actions_change_it() -> None:
    assert beaten(2, caught=False) == "recoil"  # T5a
    assert beaten(3, caught=False) == "destroyed"
    assert beaten(1, caught=True) == "destroyed"  # T7b, T8b
    assert beaten(2, caught=False, destroy_margin=2) == "destroyed"  # Heroic Strength
    assert beaten(5, caught=True, defended=True) == "recoil"  # Heroic Defence


def test_equal_stands_tie_one_combat_in_six_and_each_is_destroyed_one_in_six() -> None:
    """§8.8's own figures: with equal modifiers each stand has 16.7% to be destroyed and 25% to
    recoil, and 16.7% of combats tie."""
    odds = result_odds(0)
    assert odds == {
        "tie": Fraction(1, 6),
        "first recoils": Fraction(1, 4),
        "first destroyed": Fraction(1, 6),
        "second recoils": Fraction(1, 4),
        "second destroyed": Fraction(1, 6),
    }
    assert sum(odds.values()) == 1
    caught = result_odds(1, caught=(True, False))
    assert caught["first destroyed"] == Fraction(
        10, 36
    )  # loses whenever the other die is 2 more and "first recoils" not in caught
