"""§2.4: the Battle Cards registry, the list's card rules, and what cards answer for the rules."""

from __future__ import annotations

import pytest

from rules_core.errors import RuleViolation
from rules_core.mass_battle.cards import (
    CARDS,
    HeldCard,
    check_cards,
    combat_modifiers,
    courage_bonus,
    duel_points,
    escape_roll,
    find_card,
    ignores_overlaps,
    loose_move_bonus,
    play,
    playable,
    rerolls_per_fight,
    stand_fast_range,
    turned_outcome,
)

STARTER_SET = {
    "Captain of the Line": (20, "constant"),
    "Shieldwall": (15, "constant"),
    "War Banner": (20, "constant"),
    "Rallying Presence": (15, "constant"),
    "Swift": (10, "constant"),
    "Bodyguard": (20, "constant"),
    "Mighty Blow": (15, "once"),
    "Fury of the Charge": (15, "once"),
    "Hold the Line": (15, "once"),
    "Last Stand": (20, "once"),
}


def hand(*keys: str, used: tuple[str, ...] = ()) -> list[HeldCard]:
    return [HeldCard(k, k in used) for k in keys]


def test_the_starter_set_has_the_spec_s_ten_cards_with_their_costs_and_kinds() -> None:
    assert {c.name: (c.cost, c.timing) for c in CARDS.values()} == STARTER_SET


def test_a_card_is_found_by_its_key_or_its_name_as_written() -> None:
    assert (
        find_card("war_banner") is find_card("War Banner") is find_card("war banner") is CARDS["war_banner"]
    )
    assert find_card("Banner of War") is None


def test_t3_t4_duel_points_count_the_cards_paid_for_used_or_not() -> None:
    assert duel_points(30, hand("bodyguard")) == 50  # Haleth with Bodyguard
    assert duel_points(110, hand("swift")) == 120  # Eomer with Swift
    assert duel_points(60, hand("mighty_blow", used=("mighty_blow",))) == 75


def test_the_list_s_card_rules() -> None:
    assert [c.key for c in check_cards("Eomer", ["Swift", "war_banner"])] == ["swift", "war_banner"]
    with pytest.raises(RuleViolation) as refused:
        check_cards("Eomer", ["Swift", "Swift"])
    assert (refused.value.code, refused.value.message) == (
        "duplicate_card",
        "Eomer carries Swift twice: each card at most once per hero.",
    )
    with pytest.raises(RuleViolation) as refused:
        check_cards("Eomer", ["Swift", "Shieldwall", "War Banner", "Bodyguard"])
    assert (refused.value.code, refused.value.message) == (
        "too_many_cards",
        "Eomer carries 4 Battle Cards: at most 3 per hero.",
    )
    with pytest.raises(RuleViolation) as refused:
        check_cards("Eomer", ["Horn of Gondor"])
    assert refused.value.code == "unknown_card" and "'Horn of Gondor'" in refused.value.message


def test_constant_cards_of_a_stand_s_heroes_count_once_each() -> None:
    boromir, hama = hand("captain_of_the_line", "shieldwall"), hand("captain_of_the_line", "war_banner")
    assert combat_modifiers([boromir, hama]) == [("Captain of the Line", 1)]
    assert ignores_overlaps([boromir]) and not ignores_overlaps([hama])
    assert rerolls_per_fight([boromir, hama]) == 1 and rerolls_per_fight([boromir]) == 0
    assert combat_modifiers([hand("mighty_blow")]) == []  # a Once card adds only when played


def test_courage_and_stand_fast() -> None:
    rallying = hand("rallying_presence")
    assert courage_bonus([rallying]) == 1 and courage_bonus([hand("swift")]) == 0
    assert stand_fast_range(rallying) == 12.0 and stand_fast_range(hand()) == 6.0


def test_swift_and_bodyguard() -> None:
    assert loose_move_bonus(hand("swift")) == 4.0 and loose_move_bonus(hand("bodyguard")) == 0.0
    assert escape_roll(hand("bodyguard")) == 4 and escape_roll(hand("swift")) is None


def test_once_cards_are_playable_in_their_window_until_used() -> None:
    held = hand("mighty_blow", "hold_the_line", "captain_of_the_line")
    assert [c.key for c in playable(held, "after_combat_dice")] == ["mighty_blow"]
    assert playable(held, "combat_total") == []  # Constant cards are never played
    after = play(held, "mighty_blow", "Boromir")
    assert after[0] == HeldCard("mighty_blow", used=True) and held[0].used is False
    assert playable(after, "after_combat_dice") == []
    with pytest.raises(RuleViolation) as refused:
        play(after, "mighty_blow", "Boromir")
    assert (refused.value.code, refused.value.message) == (
        "card_used",
        "Boromir has already played Mighty Blow this battle.",
    )
    with pytest.raises(RuleViolation) as refused:
        play(held, "last_stand", "Boromir")
    assert (refused.value.code, refused.value.message) == (
        "no_such_card",
        "Boromir does not carry Last Stand.",
    )
    with pytest.raises(RuleViolation):
        play(held, "captain_of_the_line", "Boromir")


def test_fury_of_the_charge_lengthens_the_charge_and_adds_in_combat_this_turn() -> None:
    fury = CARDS["fury_of_the_charge"]
    assert (fury.window, fury.move_bonus, fury.combat_bonus) == ("charge", 3.0, 1)
    assert CARDS["mighty_blow"].combat_bonus == 2


def test_hold_the_line_and_last_stand_turn_outcomes_but_never_one_after_the_other() -> None:
    hold, last = CARDS["hold_the_line"], CARDS["last_stand"]
    assert turned_outcome(hold, "recoil") == "stay"
    assert turned_outcome(hold, "destroyed") is None  # not against destruction
    assert turned_outcome(last, "destroyed") == "recoil"
    assert turned_outcome(last, "recoil") is None
    assert turned_outcome(hold, "recoil", already_turned=True) is None
