"""Exact odds by enumeration (rules_core.odds) against hand-counted chances, the odds the charge and
unit card show, both sides' banners, the war horn's Stand Fast, and shooting wargear."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rules_core import RuleViolation, ScriptedDice, new_battle, odds_between
from rules_core.odds import best_of
from rules_core.wounds import wounds_suffered

from .builders import (
    BASE_25MM,
    FAR,
    FAR_EVIL,
    GOOD_PRIORITY,
    NEXT_TURN,
    battle,
    choices,
    hero,
    model,
    play,
    profile,
    setup,
    skip_until,
    texts,
    to_fight,
)

D = BASE_25MM


def chance(odds: dict, label: str) -> Fraction:
    found = next(o for o in odds["outcomes"] if o["label"] == label)
    return Fraction(found["exact"]["num"], found["exact"]["den"])


def brute_duel(good: list[tuple[int, int]], evil: list[tuple[int, int]], good_might: int = 0) -> Fraction:
    """Good's chance by rolling every face: each side (dice, Fight); Good's first model may raise
    its best die with Might (never past 6); ties on dice to Fight, then a fair roll-off."""
    dice = [n for n, _ in good] + [n for n, _ in evil]
    wins = Fraction(0)
    for faces in product(range(1, 7), repeat=sum(dice)):
        faces = list(faces)
        g = [max(faces.pop(0) for _ in range(n)) for n, _ in good]
        e = [max(faces.pop(0) for _ in range(n)) for n, _ in evil]
        g_best = max(max(g), min(6, g[0] + good_might))
        e_best = max(e)
        fg, fe = max(f for _, f in good), max(f for _, f in evil)
        if g_best != e_best:
            wins += g_best > e_best
        elif fg != fe:
            wins += fg > fe
        else:
            wins += Fraction(1, 2)
    return wins / 6 ** sum(dice)


def pair(good: dict, evil: dict, **extra):
    return new_battle(
        setup([model("a", good, 10, 20), *FAR], [model("b", evil, 10 + D, 20), *FAR_EVIL], **extra)
    )


def test_the_highest_of_several_dice_is_counted_exactly() -> None:
    assert dict(best_of(2, (1, 2, 3, 4, 5, 6))) == {v: 2 * v - 1 for v in range(1, 7)}
    assert dict(best_of(1, (1, 1, 2, 3, 4, 6))) == {1: 2, 2: 1, 3: 1, 4: 1, 6: 1}


@pytest.mark.parametrize(
    ("good", "evil", "might"),
    [((2, 4), (1, 3), 0), ((1, 3), (1, 4), 0), ((2, 5), (2, 5), 0), ((1, 4), (2, 5), 2), ((3, 6), (1, 6), 1)],
)
def test_duel_odds_match_rolling_every_face(good: tuple, evil: tuple, might: int) -> None:
    g = (
        hero("G", might=might, will=0, fate=0, attacks=good[0], fight=good[1])
        if might
        else profile("G", attacks=good[0], fight=good[1])
    )
    state = pair(g, profile("E", attacks=evil[0], fight=evil[1]))
    odds = odds_between(state, "a", "b")
    assert chance(odds, "Good wins the Duel") == brute_duel([good], [evil], might)


def test_wounds_and_fate_are_counted_exactly() -> None:
    half = Fraction(1, 2)
    expected, slain = wounds_suffered((((half, (1,)),),), 1, 1)
    assert (expected, slain) == (Fraction(1, 4), Fraction(1, 4))  # wounded 1/2, the Fate roll fails 1/2
    expected, slain = wounds_suffered((((half, (1,)),), ((half, (1,)),)), 2, 0)
    assert (expected, slain) == (Fraction(1), Fraction(1, 4))
    _, slain = wounds_suffered((((Fraction(1), (1, 2, 3)),),), 3, 0)
    assert slain == Fraction(1, 3)  # D3 Wounds: a 3 slays
    _, slain = wounds_suffered((((half, (2,)),),), 2, 1)
    assert slain == Fraction(1, 4)  # Mighty Blow: one Fate roll prevents both Wounds
    _, slain = wounds_suffered((((Fraction(1, 6), (2,)), (Fraction(1, 3), (1,))),), 2, 0)
    assert slain == Fraction(1, 6)  # Cleaving Blow: only the natural 6 makes 2 Wounds


def test_the_unit_card_odds_for_any_two_enemies() -> None:
    state = pair(profile("A", fight=4, strength=3), profile("B", fight=3, defence=4, wounds=1))
    odds = odds_between(state, "a", "b")
    win = Fraction(7, 12)
    assert chance(odds, "Good wins the Duel") == win
    assert chance(odds, "B is slain") == win * Fraction(1, 3)
    assert odds["expected"][0] == {
        "label": "Wounds on B",
        "value": round(float(win / 3), 4),
        "exact": {"num": 7, "den": 36},
    }
    for bad in (("a", "z-far"), ("a", "nobody")):
        with pytest.raises(RuleViolation):
            odds_between(state, *bad)


def test_a_banner_on_each_side_each_side_re_rolls_once_the_losing_side_first() -> None:
    good = [
        model("a", profile("A", fight=3), 10, 20),
        model("g-banner", profile("Bearer", wargear=["banner"]), 10 - D - 1, 20),
    ]
    evil = [
        model("o", profile("O", fight=3), 10 + D, 20),
        model("x-banner", profile("Bearer", wargear=["banner"]), 10 + 2 * D + 1, 20),
    ]
    state, _ = to_fight(good + FAR, evil + FAR_EVIL, ScriptedDice([*GOOD_PRIORITY, 3, 4]), next_turn=False)
    assert (state.pending.kind, state.pending.side) == ("banner_reroll", "good")
    reroll, keep = choices(state, "good")
    # A new 5 or 6 leads and Evil re-rolls its 4 (wins 3/4, 11/12 of those, ties rolled off); a 4 ties
    # (Evil's one die keeps a tie): a roll-off; 1-3 loses: 1/6 (3/4 + 11/12 + 1/2) = 13/36.
    assert chance(reroll.odds, "Good wins the Duel") == Fraction(13, 36)
    assert chance(keep.odds, "Good wins the Duel") == 0
    state, events = play(state, [("good", reroll.command)], ScriptedDice([5]))
    rule = "(house rule: the side losing the Duel re-rolls first (on a tie, the side without Priority))"
    assert texts(events)[0] == f"Good's banner: A re-rolls its 3: 5. {rule}"
    assert (state.pending.kind, state.pending.side) == ("banner_reroll", "evil")
    state, events = play(
        state, [("evil", {"type": "reroll", "model": "o", "die": 0})], ScriptedDice([2, 1, *NEXT_TURN])
    )
    assert "Evil's banner: O re-rolls its 4: 2." in texts(events)
    assert "Good wins the Duel (highest die 5)." in texts(events)


def test_a_war_horn_lengthens_a_stand_fast_once_a_game() -> None:
    captain = hero("Captain", might=0, will=0, fate=0, courage=2, wargear=["war horn"])
    warrior = profile("Warrior", courage=13)
    state = new_battle(
        setup(
            [
                model("cap", captain, 10, 40),
                model("w", warrior, 10 + 8, 40),
                model("w2", profile("Other"), 20, 44),
            ],
            [model("o", profile("O"), 40, 4)],
        )
    )
    state.armies["good"].broken = True
    dice = ScriptedDice([*GOOD_PRIORITY])
    state, _ = play(
        state,
        [
            ("good", {"type": "ready"}),
            ("evil", {"type": "ready"}),
            ("good", {"type": "priority", "side": "good"}),
        ],
        dice,
    )
    state, _ = skip_until(state, dice, "move")
    while state.pending.kind == "declare_heroic_action":
        state, _ = play(state, [(state.pending.side, {"type": "pass"})], dice)
    state, events = play(state, [("good", {"type": "stand", "model": "cap"})], ScriptedDice([1, 1]))
    assert state.pending.kind == "war_horn"
    blow = choices(state, "good")[0]
    assert blow.label == 'Blow the war horn: Stand Fast reaches 9"'
    state, events = play(state, [("good", blow.command)], ScriptedDice())
    assert texts(events) == ["Captain blows the war horn: Captain's Stand Fast reaches 3\" further."]
    state, events = play(state, [("good", {"type": "stand", "model": "w"})], ScriptedDice())
    assert "Warrior passes its Courage test (its army is Broken): Captain's Stand Fast." in texts(events)


def test_a_throwing_weapon_throws_after_a_full_move_one_worse_and_an_elven_cloak_is_harder_to_hit() -> None:
    thrower = profile("T", shoot=4, wargear=["throwing weapons"])
    cloaked = profile("Elf", wargear=["elven cloak"], keywords=["Infantry"])
    state, dice = battle([model("t", thrower, 10, 40), *FAR], [model("e", cloaked, 10, 30), *FAR_EVIL])
    state, _ = play(state, [("good", {"type": "move", "model": "t", "path": [[10, 34]]})], dice)
    state, _ = skip_until(state, dice, "shoot")
    assert (state.pending.kind, state.pending.side) == ("shoot", "good")
    state, events = play(
        state, [("good", {"type": "shoot", "model": "t", "target": "e"})], ScriptedDice([6, 1, *NEXT_TURN])
    )
    assert (
        texts(events)[0]
        == "T shoots at Elf: To Hit 6+ (moved: 1 worse; Elf's Elven cloak: 1 worse), rolls 6: hit."
    )


def test_a_heroic_strike_still_to_roll_counts_each_face_of_its_d3() -> None:
    from rules_core.state import Effect

    state = pair(hero("H", might=0, fight=5, attacks=1), profile("E", fight=7, attacks=1))
    state.effects.append(Effect("heroic_strike", "a", "Heroic Strike", "a", "fight", 0))
    # Fight 5 + D3 against 7: a 3 wins the ties (1/3), a 2 makes them roll-offs (1/3), a 1 loses them.
    ties = Fraction(6, 36)
    expected = Fraction(15, 36) + ties * (Fraction(1, 3) + Fraction(1, 3) * Fraction(1, 2))
    assert chance(odds_between(state, "a", "b"), "Good wins the Duel") == expected


def test_kept_odds_follow_every_change_that_matters() -> None:
    from rules_core.state import Effect

    state = pair(hero("H", might=2, will=0, fate=0, fight=4, attacks=1), profile("E", fight=4, attacks=1))
    before = odds_between(state, "a", "b")
    same = pair(hero("H", might=2, will=0, fate=0, fight=4, attacks=1), profile("E", fight=4, attacks=1))
    assert odds_between(same, "a", "b") == before  # read back from a snapshot: the same odds
    state.model("a").might = 0
    assert chance(odds_between(state, "a", "b"), "Good wins the Duel") < chance(before, "Good wins the Duel")
    state.effects.append(Effect("heroic_strength", "a", "Heroic Strength", "a", "end"))
    assert odds_between(state, "a", "b")["expected"] != before["expected"]
    state.model("b").prone = True
    assert chance(odds_between(state, "a", "b"), "E is slain") > chance(before, "E is slain")
