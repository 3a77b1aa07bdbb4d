"""Special rules on To Wound rolls, with their odds (docs/rules/special-rules.md §6: S15, S16,
S28, S38 and the rules like them), each with a case where it must not apply."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core import ScriptedDice, apply, legal_actions, new_battle
from rules_core.special_rules.rolls import WoundRules, to_wound
from rules_core.venom import FurtherWound

from .builders import (
    FAR,
    FAR_EVIL,
    GOOD_PRIORITY,
    NEXT_TURN,
    hero,
    model,
    play,
    profile,
    setup,
    texts,
    to_fight,
)
from .test_wargear_scenarios import D, exact, fight, fight_choice_odds, step

ROHAN = ["Infantry", "Man", "Rohan"]
GONDOR = ["Infantry", "Man", "Gondor"]


def hillman(*rules: str, **stats) -> dict:
    return profile("H", **{"fight": 5, "attacks": 1, "strength": 3, "special_rules": list(rules), **stats})


def target(keywords: list[str], **stats) -> dict:
    return profile("W", **{"fight": 3, "attacks": 1, "defence": 4, "keywords": keywords, **stats})


@pytest.mark.parametrize(
    ("keywords", "result"),
    [(ROHAN, "rolls 4 (Hatred (Rohan) +1): wounds."), (GONDOR, "rolls 4: fails to wound.")],
)
def test_s15_hatred_rohan_adds_one_against_rohan_and_nothing_against_gondor(keywords, result: str) -> None:
    _, lines = fight(
        [model("h", hillman("Hatred (Rohan)"), 10, 20)],
        [model("w", target(keywords), 10 + D, 20)],
        [6, 1, 4, *NEXT_TURN],
    )
    assert f"H's Strike on W: To Wound 5+ (S3 against D4), {result}" in lines


@pytest.mark.parametrize(("keywords", "slay"), [(ROHAN, Fraction(1, 2)), (GONDOR, Fraction(1, 3))])
def test_s15_the_odds_of_a_hatred_model_count_its_plus_one(keywords, slay: Fraction) -> None:
    odds = fight_choice_odds(
        [model("h", hillman("Hatred (Rohan)"), 10, 20)], [model("w", target(keywords), 10 + D, 20)]
    )
    assert exact(odds, "W is slain") / exact(odds, "Good wins the Duel") == slay


def models(good: dict, evil: dict):
    state = new_battle(setup([model("a", good, 10, 10)], [model("b", evil, 20, 20)]))
    return state.model("a"), state.model("b")


def test_s15b_hatred_reads_the_part_struck_so_a_horse_is_no_rohan() -> None:
    state = new_battle(
        setup(
            [model("a", hillman("Hatred (Rohan)"), 10, 10)],
            [{**model("b", target(ROHAN), 20, 20), "mount": profile("Horse")}],
        )
    )
    rider, horseman = state.model("a"), state.model("b")
    assert to_wound(rider, horseman, "rider", shot=False).bonus == 1
    assert to_wound(rider, horseman, "mount", shot=False).bonus == 0


def test_hatred_gives_nothing_to_a_shot() -> None:
    shooter, rohirrim = models(hillman("Hatred (Rohan)"), target(ROHAN))
    assert to_wound(shooter, rohirrim, "rider", shot=True) == WoundRules()


DWARF = ["Infantry", "Dwarf"]


def test_s16_ancient_enemies_rerolls_a_1_against_a_dwarf_and_the_4_stays() -> None:
    gundabad = hillman("Ancient Enemies (Dwarf)", attacks=2)
    dwarf = target(DWARF, defence=6, wounds=2)
    _, lines = fight(
        [model("g", gundabad, 10, 20)], [model("x", dwarf, 10 + D, 20)], [6, 5, 1, 1, 4, 6, *NEXT_TURN]
    )
    assert "H re-rolls the failed To Wound 1: 6." in lines
    assert [line for line in lines if line.startswith("H's Strike on W")] == [
        "H's Strike on W: To Wound 6+ (S3 against D6), rolls 6: wounds.",
        "H's Strike on W: To Wound 6+ (S3 against D6), rolls 4: fails to wound.",
    ]


def test_s16b_ancient_enemies_does_not_reroll_against_a_man() -> None:
    gundabad = hillman("Ancient Enemies (Dwarf)")
    _, lines = fight(
        [model("g", gundabad, 10, 20)],
        [model("m", target(GONDOR, defence=6), 10 + D, 20)],
        [6, 1, 1, *NEXT_TURN],
    )
    assert not any("re-rolls" in line for line in lines)
    assert "H's Strike on W: To Wound 6+ (S3 against D6), rolls 1: fails to wound." in lines


def test_s16_the_odds_count_the_reroll_of_ones_exactly() -> None:
    gundabad = hillman("Ancient Enemies (Dwarf)")
    odds = fight_choice_odds(
        [model("g", gundabad, 10, 20)], [model("d", target(DWARF, defence=6), 10 + D, 20)]
    )
    assert exact(odds, "W is slain") / exact(odds, "Good wins the Duel") == Fraction(1, 6) + Fraction(1, 36)


def test_s28_bane_of_kings_rerolls_every_failed_to_wound_roll() -> None:
    hasharin = hillman("Bane of Kings", strength=4, attacks=3)
    captain = target(GONDOR, defence=6, wounds=3)
    faces = [6, 5, 4, 1, 2, 5, 3, 6, 1, *NEXT_TURN]  # the three Strikes together, then both failures
    _, lines = fight([model("h", hasharin, 10, 20)], [model("x", captain, 10 + D, 20)], faces)
    assert [line for line in lines if "re-rolls" in line] == ["H re-rolls the failed To Wound 2, 3: 6, 1."]
    assert sum(line.endswith("wounds.") for line in lines if line.startswith("H's Strike")) == 2


def test_s28_the_odds_of_bane_of_kings_are_five_ninths_a_strike() -> None:
    odds = fight_choice_odds(
        [model("h", hillman("Bane of Kings", strength=4), 10, 20)],
        [model("c", target(GONDOR, defence=6), 10 + D, 20)],
    )
    assert exact(odds, "W is slain") / exact(odds, "Good wins the Duel") == Fraction(5, 9)


@pytest.mark.parametrize(
    ("rule", "shot", "ones"),
    [
        ("Poisoned Attacks (bow)", True, True),
        ("Poisoned Attacks (bow)", False, False),
        ("Poisoned Attacks (Fangs)", False, True),
        ("Poisoned Attacks (Fangs)", True, False),
        ("Poisoned Attacks", True, True),
        ("Poisoned Attacks", False, True),
    ],
)
def test_s38_poisoned_attacks_rerolls_ones_of_the_weapon_it_names(rule: str, shot: bool, ones: bool) -> None:
    haradrim, warrior = models(hillman(rule), target(GONDOR))
    assert to_wound(haradrim, warrior, "rider", shot=shot).reroll_ones is ones


@pytest.mark.parametrize(("trapped", "bonus"), [(True, 1), (False, 0)])
def test_backstabbers_adds_one_only_against_a_trapped_model(trapped: bool, bonus: int) -> None:
    stabber, victim = models(hillman("Backstabbers"), target(GONDOR))
    assert to_wound(stabber, victim, "rider", shot=False, trapped=trapped).bonus == bonus


def test_venom_rerolls_failed_strikes_but_not_shots() -> None:
    spider, victim = models(hillman("Venom"), target(GONDOR))
    assert to_wound(spider, victim, "rider", shot=False).reroll_failed
    assert not to_wound(spider, victim, "rider", shot=True).reroll_failed


def test_s29_mighty_blow_makes_a_wound_two() -> None:
    grimbold = hillman("Mighty Blow", strength=4)
    captain = target(GONDOR, defence=5, wounds=2)
    state, lines = fight(
        [model("g", grimbold, 10, 20)], [model("x", captain, 10 + D, 20)], [6, 1, 5, *NEXT_TURN]
    )
    assert "W suffers 2 Wounds from H (0 left)." in lines
    assert state.model("x").status == "casualty"


def test_s29_without_mighty_blow_the_captain_keeps_a_wound() -> None:
    captain = target(GONDOR, defence=5, wounds=2)
    state, _ = fight(
        [model("g", hillman(strength=4), 10, 20)], [model("x", captain, 10 + D, 20)], [6, 1, 5, *NEXT_TURN]
    )
    assert state.model("x").wounds == 1


@pytest.mark.parametrize(("rules", "slain"), [(("Mighty Blow",), Fraction(1, 3)), ((), Fraction(0))])
def test_s29_the_odds_count_the_second_wound(rules: tuple[str, ...], slain: Fraction) -> None:
    odds = fight_choice_odds(
        [model("g", hillman(*rules, strength=4), 10, 20)],
        [model("x", target(GONDOR, defence=5, wounds=2), 10 + D, 20)],
    )
    assert exact(odds, "W is slain") / exact(odds, "Good wins the Duel") == slain


@pytest.mark.parametrize(
    ("courage", "need", "face", "result"),
    [(8, "4+ (S3 against D2)", 4, "wounds"), (4, "6+ (S3 against D6)", 5, "fails to wound")],
)
def test_s21_blades_of_the_dead_strike_at_ten_less_the_courage(
    courage: int, need: str, face: int, result: str
) -> None:
    dead = hillman("Blades of the Dead")
    orc = target(["Infantry", "Orc"], courage=courage, defence=4 if courage == 8 else 5)
    _, lines = fight([model("w", dead, 10, 20)], [model("x", orc, 10 + D, 20)], [6, 1, face, *NEXT_TURN])
    assert f"H's Strike on W: To Wound {need}, rolls {face}: {result}." in lines


def test_s21_the_odds_of_blades_of_the_dead_read_the_courage() -> None:
    odds = fight_choice_odds(
        [model("w", hillman("Blades of the Dead"), 10, 20)],
        [model("x", target(["Infantry", "Orc"], courage=8, defence=4), 10 + D, 20)],
    )
    assert exact(odds, "W is slain") / exact(odds, "Good wins the Duel") == Fraction(1, 2)


# -- Shieldwall (S19) ------------------------------------------------------------------------------

WALLER = profile("A", fight=1, defence=6, wargear=["shield"], special_rules=["Shieldwall"])
URUK = profile("Uruk", fight=5, strength=4, attacks=1)


def uruk_strikes(neighbours: list[tuple[float, float]], face: int, prone: str = "") -> list[str]:
    wall = [model(f"w{i}", {**WALLER, "name": f"N{i}"}, x, y) for i, (x, y) in enumerate(neighbours)]
    state, _ = fight([model("wa", WALLER, 10, 20), *wall], [model("u", URUK, 10, 20 - D)], [])
    if prone:
        state.models[prone].prone = True
    _, lines = step(state, "good", {"type": "shield", "shield": False}, [6, 1, face, *NEXT_TURN])
    return [line for line in lines if line.startswith("Uruk's Strike")]


def test_s19_shieldwall_adds_one_to_a_model_touching_two_friends_of_the_wall() -> None:
    assert uruk_strikes([(10 - D, 20), (10 + D, 20)], 5) == [
        "Uruk's Strike on A: To Wound 6+ (S4 against D7), rolls 5: fails to wound."
    ]


def test_s19a_with_one_friend_of_the_wall_it_has_its_own_defence() -> None:
    assert uruk_strikes([(10 - D, 20), (16, 20)], 5) == [
        "Uruk's Strike on A: To Wound 5+ (S4 against D6), rolls 5: wounds."
    ]


def test_s19b_a_prone_friend_is_no_part_of_the_wall() -> None:
    assert uruk_strikes([(10 - D, 20), (10 + D, 20)], 5, prone="w0") == [
        "Uruk's Strike on A: To Wound 5+ (S4 against D6), rolls 5: wounds."
    ]


# -- Horse Lord (S9) -------------------------------------------------------------------------------


def strike_on_the_horse(rules: list[str], faces: list[int], fate: int = 0) -> tuple:
    lord = hero("Rider", might=0, will=0, fate=fate, attacks=1, defence=6, wounds=2, special_rules=rules)
    rider = {
        **model("r", lord, 10, 20),
        "mount": profile("Horse", defence=4, wounds=1, move=10.0, base_mm=50.0),
    }
    captain = model("c", profile("Captain", fight=5, strength=4, attacks=1), 10, 18.5)
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1])
    state, _ = to_fight([rider, *FAR], [captain, *FAR_EVIL], dice, next_turn=False)
    dice.script.extend([*faces, *NEXT_TURN])
    state, events = play(state, [("evil", {"type": "strike_part", "part": "mount"})], dice)
    return state, texts(events)


def test_s9_horse_lord_ignores_a_wound_on_the_horse_on_a_6() -> None:
    state, said = strike_on_the_horse(["Horse Lord"], [5, 6])
    assert said[:2] == [
        "Captain's Strike on Horse: To Wound 4+ (S4 against D4), rolls 5: wounds.",
        "Horse Lord roll for Horse: 6, the Wound is ignored.",
    ]
    assert state.model("r").mount is not None


def test_s9_a_failed_horse_lord_roll_lets_the_rider_spend_his_own_fate_on_the_horse() -> None:
    state, said = strike_on_the_horse(["Horse Lord"], [5, 3], fate=1)
    assert said[-1] == "Horse Lord roll for Horse: 3, the Wound stands."
    assert (state.pending.kind, state.pending.side) == ("spend_fate", "good")


def test_s9_without_horse_lord_the_wound_on_the_horse_stands() -> None:
    _, said = strike_on_the_horse([], [5, 4], fate=1)  # the Thrown Rider test: 4
    assert not any("Horse Lord" in line for line in said)
    assert "Horse suffers 1 Wound from Captain (0 left)." in said


# -- Venom's further Wound (§2.38) ------------------------------------------------------------------


@pytest.mark.parametrize(("face", "left"), [(6, 1), (5, 2)])
def test_venom_gives_an_enemy_it_wounded_a_further_wound_on_a_6_when_the_combat_is_over(face, left) -> None:
    state, lines = fight(
        [model("h", hillman("Venom"), 10, 20)],
        [model("w", target(GONDOR, wounds=3), 10 + D, 20)],
        [6, 1, 5, face, *NEXT_TURN],
    )
    result = "a further Wound" if face == 6 else "nothing more"
    assert f"H's Venom on W: rolls {face}, {result}." in lines
    assert state.model("w").wounds == left


@pytest.mark.parametrize("rules", [("Venom",), ()])
def test_no_further_wound_roll_without_a_wound_or_without_venom(rules) -> None:
    faces = [6, 1, 1, 1, *NEXT_TURN] if rules else [6, 1, 1, *NEXT_TURN]  # Venom re-rolls the failed 1
    state, lines = fight(
        [model("h", hillman(*rules), 10, 20)], [model("w", target(GONDOR, wounds=3), 10 + D, 20)], faces
    )
    assert not any("Venom on" in line for line in lines) and state.model("w").wounds == 3


def test_venom_asks_which_of_the_enemies_it_wounded_rolls() -> None:
    state = new_battle(
        setup(
            [model("h", hillman("Venom"), 10, 20)],
            [
                model("w", target(GONDOR, wounds=3), 20, 20),
                model("x", {**target(GONDOR, wounds=3), "name": "X"}, 30, 20),
            ],
        )
    )
    state.stack.append(FurtherWound("h", ["w", "x"]))
    assert state.pending.kind == "venom_target"
    assert [a.label for a in legal_actions(state, "good") if a.kind == "venom_target"] == [
        "W rolls for Venom",
        "X rolls for Venom",
    ]
    outcome = apply(state, "good", {"type": "venom_target", "target": "x"}, ScriptedDice([6, 1]))
    assert "H's Venom on X: rolls 6, a further Wound." in texts(outcome.events)
    assert outcome.state.model("x").wounds == 2 and outcome.state.model("w").wounds == 3
