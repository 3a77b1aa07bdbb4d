"""The twelve test scenarios of `docs/rules/wargear.md` §9, with scripted dice, and their exact
probabilities checked against the odds the referee shows."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest

from rules_core import RuleViolation, ScriptedDice, apply
from rules_core.state import BattleState

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
    skip_until,
    texts,
    to_fight,
)

D = BASE_25MM


def exact(odds: dict[str, Any], label: str) -> Fraction:
    found = next(o for o in odds["outcomes"] if o["label"] == label)
    assert found["p"] == round(float(Fraction(found["exact"]["num"], found["exact"]["den"])), 4)
    return Fraction(found["exact"]["num"], found["exact"]["den"])


def fight(
    good: list[dict], evil: list[dict], faces: list[int], **extra: Any
) -> tuple[BattleState, list[str]]:
    """Good's models in contact with Evil's, played to the Fight phase with these dice."""
    state, events = to_fight(good + FAR, evil + FAR_EVIL, ScriptedDice([*GOOD_PRIORITY, *faces]), **extra)
    return state, texts(events)


def fight_choice_odds(good: list[dict], evil: list[dict], side: str = "good") -> dict[str, Any]:
    """The odds the referee shows on the Fight action for this combat, beside another combat far
    away (so the player with Priority chooses which to fight first)."""
    others = (
        [model("y-other", profile("Other"), 30, 30)],
        [model("y-other-orc", profile("Other orc"), 30 + D, 30)],
    )
    state, _ = to_fight(good + others[0], evil + others[1], ScriptedDice(GOOD_PRIORITY), next_turn=False)
    assert state.pending.kind == "choose_combat"
    offer = next(a for a in choices(state, "good") if a.kind == "fight" and "Other" not in a.label)
    assert offer.odds is not None
    return offer.odds


def step(
    state: BattleState, side: str, command: dict, faces: list[int] = ()
) -> tuple[BattleState, list[str]]:
    dice = ScriptedDice(faces)
    state, events = play(state, [(side, command)], dice)
    return state, texts(events)


# -- T1 Shielding doubles dice and forbids Strikes ----------------------------------------------------

SHIELDED = profile("A", fight=4, strength=3, defence=5, attacks=1, wargear=["hand weapon", "shield"])
ORC_F3 = profile("O", fight=3, strength=3, defence=4, attacks=1)


def test_t1_shielding_doubles_the_dice_and_the_winner_makes_no_strikes() -> None:
    state, _ = fight([model("a", SHIELDED, 10, 20)], [model("o", ORC_F3, 10 + D, 20)], [2, 5, 5, *NEXT_TURN])
    assert (state.pending.kind, state.pending.side) == ("declare_combat", "good")
    shield, plain = choices(state, "good")
    assert exact(shield.odds, "Good wins the Duel") == Fraction(161, 216)
    assert exact(plain.odds, "Good wins the Duel") == Fraction(7, 12)
    dice = ScriptedDice([2, 5, 5, *NEXT_TURN])
    state, events = play(state, [("good", shield.command)], dice)
    lines = texts(events)
    assert "Before the Duel: Good Shields (A)." in lines
    assert "Duel: A rolls 2, 5 (Shielding); O rolls 5." in lines
    assert "Good wins the Duel (both rolled 5, higher Fight Value 4)." in lines
    assert 'O backs away 1".' in lines
    assert "Good Shielded: its models make no Strikes." in lines
    assert not [e for e in events if e["type"] == "to_wound"]


def test_t1a_a_model_of_two_attacks_shields_with_four_dice() -> None:
    two = {**SHIELDED, "attacks": 2}
    state, _ = fight([model("a", two, 10, 20)], [model("o", ORC_F3, 10 + D, 20)], [])
    state, lines = step(state, "good", {"type": "shield", "shield": True}, [1, 2, 3, 6, 5, *NEXT_TURN])
    assert "Duel: A rolls 1, 2, 3, 6 (Shielding); O rolls 5." in lines


def test_t1b_a_mounted_model_cannot_shield() -> None:
    rider = {**model("a", SHIELDED, 10, 20), "mount": profile("Horse", attacks=0, move=10.0)}
    _state, lines = fight([rider], [model("o", ORC_F3, 10 + D, 20)], [6, 1, 1, 4, *NEXT_TURN])
    assert "Good cannot Shield: A is mounted, and all of a side's models Shield or none do." in lines
    assert not any("Shields" in line for line in lines)


def test_t1c_an_unshielded_friend_in_the_combat_means_neither_shields() -> None:
    friend = model("b", profile("B", fight=3), 10 + D, 20 + D)
    orc = model("o", {**ORC_F3, "attacks": 2}, 10 + D, 20)
    _state, lines = fight([model("a", SHIELDED, 10, 20), friend], [orc], [1, 1, 6, 1, *NEXT_TURN])
    assert (
        "Good cannot Shield: B has no shield to fight with, and all of a side's models Shield or none do."
        in lines
    )
    assert "Duel: O rolls 1, 1; A rolls 6; B rolls 1." in lines


def test_t1d_a_shielding_model_is_not_supported() -> None:
    spear = model("b", profile("B", fight=4, wargear=["spear"]), 10 - D, 20)
    state, _ = fight([model("a", SHIELDED, 10, 20), spear], [model("o", ORC_F3, 10 + D, 20)], [])
    shield = next(a for a in choices(state, "good") if a.command == {"type": "shield", "shield": True})
    state, lines = step(state, "good", shield.command, [2, 5, 5, *NEXT_TURN])
    assert "Before the Duel: Good Shields (A)." in lines
    assert "Duel: A rolls 2, 5 (Shielding); O rolls 5." in lines


# -- T2 A spear supporter adds a die, counts for the tie and Strikes -----------------------------------

A_F3 = profile("A", fight=3, strength=3, attacks=1)
SPEAR_B = profile("B", fight=4, strength=3, attacks=1, wargear=["spear"])
O_F4 = profile("O", fight=4, strength=3, defence=4, attacks=1, wounds=1)


def t2_models(**spear: Any) -> tuple[list[dict], list[dict]]:
    return [model("a", A_F3, 10, 20), model("b", {**SPEAR_B, **spear}, 10 - D, 20)], [
        model("o", O_F4, 10 + D, 20)
    ]


def test_t2_a_spear_supporter_adds_a_die_and_a_strike() -> None:
    good, evil = t2_models()
    _state, lines = fight(good, evil, [2, 6, 4, 3, 5, *NEXT_TURN])
    assert "Before the Duel: B supports A." in lines
    assert "Duel: A rolls 2; B rolls 6 (supporting A); O rolls 4." in lines
    assert "Good wins the Duel (highest die 6)." in lines
    assert "A's Strike on O: To Wound 5+ (S3 against D4), rolls 3: fails to wound." in lines
    assert "B's Strike on O: To Wound 5+ (S3 against D4), rolls 5: wounds." in lines
    assert "O is slain." in lines


def test_t2_the_supporters_fight_value_counts_for_the_tie() -> None:
    good, evil = t2_models()
    assert exact(fight_choice_odds(good, evil), "Good wins the Duel") == Fraction(143, 216)
    _, lines = fight(good, evil, [4, 1, 4, 4, 1, 1, *NEXT_TURN])
    assert (
        "Good wins the Duel (dice and Fight Value tie; Good rolls 4)." in lines
    )  # F3 alone would lose to F4


def test_t2a_a_supporter_is_never_struck() -> None:
    good, evil = t2_models()
    _state, lines = fight(good, evil, [1, 1, 6, 5, *NEXT_TURN])
    assert "Evil wins the Duel (highest die 6)." in lines
    assert [line for line in lines if "Strike on" in line] == [
        "O's Strike on A: To Wound 5+ (S3 against D4), rolls 5: wounds."
    ]


def waiting_to_fight(good: list[dict], evil: list[dict]) -> BattleState:
    """The Fight phase with this combat and another far away: Good (Priority) picks which first."""
    others = (
        [model("y-other", profile("Other"), 30, 30)],
        [model("y-other-orc", profile("Other orc"), 30 + D, 30)],
    )
    state, _ = to_fight(good + others[0], evil + others[1], ScriptedDice(GOOD_PRIORITY), next_turn=False)
    assert state.pending.kind == "choose_combat"
    return state


def fight_first(state: BattleState, faces: list[int]) -> tuple[BattleState, list[str]]:
    offer = next(a for a in choices(state, "good") if a.kind == "fight" and "Other" not in a.label)
    return step(state, "good", offer.command, faces)


@pytest.mark.parametrize("why", ["has_shot", "prone"])
def test_t2bc_a_spear_that_shot_this_turn_or_is_prone_does_not_support(why: str) -> None:
    good, evil = t2_models()
    state = waiting_to_fight(good, evil)
    setattr(state.model("b"), why, True)
    state, lines = fight_first(state, [2, 4, 5, 1, 6, 1, *NEXT_TURN])
    assert "Duel: A rolls 2; O rolls 4." in lines
    assert not any("supports" in line for line in lines)


# -- T3 Two-handed: -1 on the Duel dice, a natural 6 stays 6 ---------------------------------------------

TWO_HANDER = profile("H", fight=5, attacks=1, strength=3, wargear=["two-handed axe"])
E_F4 = profile("E", fight=4, attacks=1, defence=4)


@pytest.mark.parametrize(
    ("faces", "shown"),
    [
        ([6, 6], "H rolls 6; E rolls 6"),
        ([5, 4], "H rolls 5 (counting 4); E rolls 4"),
        ([1, 1], "H rolls 1; E rolls 1"),
    ],
)
def test_t3_a_two_handed_weapon_takes_one_off_but_a_natural_six_stays_six(
    faces: list[int], shown: str
) -> None:
    _state, lines = fight(
        [model("h", TWO_HANDER, 10, 20)], [model("o", E_F4, 10 + D, 20)], [*faces, 4, *NEXT_TURN]
    )
    assert "Before the Duel: H fights two-handed." in lines
    assert f"Duel: {shown}." in lines
    assert any(
        line.startswith("Good wins the Duel (both rolled") and "Fight Value 5" in line for line in lines
    )
    assert "H's Strike on E: To Wound 5+ (S3 against D4), rolls 4 (two-handed +1): wounds." in lines


def test_t3_the_odds_of_a_two_handed_fighter_are_17_in_36() -> None:
    odds = fight_choice_odds([model("h", TWO_HANDER, 10, 20)], [model("o", E_F4, 10 + D, 20)])
    assert exact(odds, "Good wins the Duel") == Fraction(17, 36)


# -- T4 Two-handed To Wound on a split roll, and Heroic Defence ------------------------------------------

T_D8 = profile("T", fight=1, attacks=1, defence=8, wounds=1)


@pytest.mark.parametrize(
    ("faces", "result"),
    [([5, 3], "rolls 5, then 3 (two-handed +1): wounds."), ([4], "rolls 4 (two-handed +1): fails to wound.")],
)
def test_t4_a_two_handed_split_roll_adds_one_to_both_dice(faces: list[int], result: str) -> None:
    _state, lines = fight(
        [model("h", TWO_HANDER, 10, 20)], [model("t", T_D8, 10 + D, 20)], [6, 1, *faces, *NEXT_TURN]
    )
    assert f"H's Strike on T: To Wound 6/4 (S3 against D8), {result}" in lines


def test_t4_the_chance_to_wound_per_strike_is_2_in_9() -> None:
    odds = fight_choice_odds([model("h", TWO_HANDER, 10, 20)], [model("t", T_D8, 10 + D, 20)])
    assert exact(odds, "T is slain") / exact(odds, "Good wins the Duel") == Fraction(2, 9)


@pytest.mark.parametrize(("faces", "wounds"), [([5], False), ([6, 6], True), ([6, 5], False)])
def test_t4_heroic_defence_lets_only_natural_sixes_wound(faces: list[int], wounds: bool) -> None:
    defender = hero(
        "T",
        might=1,
        will=0,
        fate=0,
        fight=1,
        attacks=1,
        defence=8,
        wounds=1,
        heroic_actions=["heroic_defence"],
    )
    state, _ = to_fight(
        [model("h", TWO_HANDER, 10, 20), *FAR],
        [model("t", defender, 10 + D, 20), *FAR_EVIL],
        ScriptedDice(GOOD_PRIORITY),
        next_turn=False,
    )
    assert (state.pending.kind, state.pending.side) == ("declare_heroic_action", "evil")
    rest = [6, 1, *faces]
    declare = {"type": "declare", "hero": "t", "action": "heroic_defence"}
    state, lines = step(state, "evil", declare, [*rest, *NEXT_TURN])
    outcome = "wounds" if wounds else "fails to wound"
    shown = ", then ".join(map(str, rest[2:]))
    defended = "To Wound 6/4 (S3 against D8) (Heroic Defence: only a natural 6)"
    assert f"H's Strike on T: {defended}, rolls {shown} (two-handed +1): {outcome}." in lines


# -- T5 The Elven roll-off -------------------------------------------------------------------------------

ELF = profile("Elf", fight=5, attacks=1, wargear=["Elven blade"])
FOE_F5 = profile("Foe", fight=5, attacks=1)


@pytest.mark.parametrize(
    ("elf", "foe", "rolloff", "winner"),
    [
        (ELF, FOE_F5, 3, "Good"),
        (ELF, FOE_F5, 2, "Evil"),
        ({**ELF, "wargear": []}, FOE_F5, 3, "Evil"),
        (ELF, {**FOE_F5, "wargear": ["elven blade"]}, 3, "Evil"),
    ],
)
def test_t5_an_elven_weapon_wins_the_roll_off_on_3_or_more(
    elf: dict, foe: dict, rolloff: int, winner: str
) -> None:
    _state, lines = fight(
        [model("e", elf, 10, 20)], [model("f", foe, 10 + D, 20)], [4, 4, rolloff, 1, *NEXT_TURN]
    )
    assert any(
        line.startswith(f"{winner} wins the Duel (dice and Fight Value tie; Good rolls {rolloff}")
        for line in lines
    )


def test_t5b_a_shielding_elf_loses_its_edge() -> None:
    shielded = {**ELF, "wargear": ["Elven blade", "shield"]}
    state, _ = fight([model("e", shielded, 10, 20)], [model("f", FOE_F5, 10 + D, 20)], [])
    state, lines = step(state, "good", {"type": "shield", "shield": True}, [4, 1, 4, 3, 1, *NEXT_TURN])
    assert "Evil wins the Duel (dice and Fight Value tie; Good rolls 3)." in lines


def test_t5c_might_never_changes_the_roll_off() -> None:
    elf = hero("Elf", might=3, fight=5, attacks=1, wargear=["Elven blade"])
    state, _ = fight([model("e", elf, 10, 20)], [model("f", FOE_F5, 10 + D, 20)], [])
    state, lines = step(state, "good", {"type": "pass"}, [6, 6, 2, 1, *NEXT_TURN])
    assert (
        "Evil wins the Duel (dice and Fight Value tie; Good rolls 2 (Good's Elven weapon: Good wins on 3+))."
        in lines
    )
    assert state.pending.kind != "duel_might"
    with pytest.raises(RuleViolation):
        apply(
            state, state.pending.side or "good", {"type": "might", "model": "e", "amount": 1}, ScriptedDice()
        )


def test_t5_two_dice_each_with_an_elven_edge_win_2087_in_3888() -> None:
    odds = fight_choice_odds(
        [model("e", {**ELF, "attacks": 2}, 10, 20)], [model("f", {**FOE_F5, "attacks": 2}, 10 + D, 20)]
    )
    assert exact(odds, "Good wins the Duel") == Fraction(2087, 3888)


# -- T6 A cavalry charge against Infantry: an extra Attack, knocked to the ground ------------------------

RIDER = profile("C", fight=3, strength=3, attacks=1, keywords=["Cavalry"])
HORSE = profile("Horse", fight=3, strength=3, attacks=0, move=10.0, courage=5)
O_INF = profile("O", fight=3, strength=3, defence=4, attacks=1, wounds=1, keywords=["Infantry"])


def charge(state: BattleState, model_id: str, target_id: str, faces: list[int] = (), **extra: Any):
    """`model_id` charges straight at `target_id`."""
    mover, target = state.model(model_id), state.model(target_id)
    gap = math.dist(mover.pos, target.pos)
    reach = mover.radius + target.radius
    end = [target.x + (mover.x - target.x) / gap * reach, target.y + (mover.y - target.y) / gap * reach]
    command = {"type": "charge", "model": model_id, "target": target_id, "path": [end], **extra}
    return step(state, mover.side, command, list(faces))


def to_the_fight(state: BattleState, faces: list[int]) -> tuple[BattleState, list[str]]:
    """Both sides finish moving and shooting; the Fight phase begins with these dice."""
    dice = ScriptedDice(faces)
    state, events = skip_until(state, dice, "fight")
    return state, texts(events)


def cavalry_charge(evil: list[dict], good: list[dict] = (), rider: dict = RIDER, **extra: Any):
    horseman = {**model("c", rider, 10, 34), "mount": HORSE}
    state, _ = battle([horseman, *good, *FAR], [*evil, *FAR_EVIL], **extra)
    return state


def test_t6_a_charging_horseman_rolls_an_extra_die_and_knocks_the_infantry_down() -> None:
    state = cavalry_charge([model("o", O_INF, 10, 28)])
    offer = next(a for a in choices(state, "good") if a.kind == "charge" and a.command["model"] == "c")
    odds = next(o["odds"] for o in offer.params["target"]["options"] if o["value"] == "o")
    assert exact(odds, "O is slain") / exact(odds, "Good wins the Duel") == 1 - (1 - Fraction(5, 9)) ** 2
    state, _ = charge(state, "c", "o")
    state, lines = to_the_fight(state, [5, 2, 5, 4, 4, 4, 5, 1, *NEXT_TURN])
    assert "C charged: +1 Attack, and Infantry it beats are knocked to the ground." in lines
    assert "Duel: C rolls 5, 2; O rolls 5." in lines
    assert "Good wins the Duel (dice and Fight Value tie; Good rolls 4)." in lines
    assert lines.index('O backs away 1".') < lines.index("O is knocked Prone.")
    assert [line for line in lines if line.startswith("C's Strike")] == [
        "C's Strike on O: To Wound 5+ (S3 against D4), rolls 4: fails to wound.",
        "C's Strike on O: To Wound 5+ (S3 against D4), rolls 4: fails to wound.",
        "C's Strike on O: To Wound 5+ (S3 against D4), rolls 5: wounds.",
        "C's Strike on O: To Wound 5+ (S3 against D4), rolls 1: fails to wound.",
    ]
    assert "O is slain." in lines


def test_t6a_a_model_of_strength_6_is_not_knocked_down() -> None:
    state = cavalry_charge([model("o", {**O_INF, "strength": 6, "wounds": 2}, 10, 28)])
    state, _ = charge(state, "c", "o")
    state, lines = to_the_fight(state, [5, 2, 5, 4, 1, 1, *NEXT_TURN])
    assert "O is knocked Prone." not in lines
    assert len([line for line in lines if line.startswith("C's Strike")]) == 2


def test_t6b_an_enemy_cavalry_model_in_the_combat_takes_the_bonuses_away() -> None:
    rival = {**model("r", profile("R", keywords=["Cavalry"]), 10 - D, 28 - 6), "mount": HORSE}
    state = cavalry_charge([model("o", O_INF, 10, 28), rival])
    state, _ = charge(state, "c", "o")
    state, _ = step(state, "good", {"type": "end_moves"})
    rider = state.model("c")
    command = {"type": "charge", "model": "r", "target": "c", "path": [[rider.x - D, rider.y]]}
    state, _ = step(state, "evil", command)
    state, lines = to_the_fight(state, [6, 1, 1])
    assert "C has no charge bonuses: it fights R, who is not Infantry." in lines
    assert "Duel: C rolls 6; O rolls 1; R rolls 1." in lines
    assert "O is knocked Prone." not in lines


def test_t6c_a_horseman_in_difficult_terrain_loses_its_bonuses() -> None:
    bog = {"name": "Bog", "polygon": [[5, 25], [15, 25], [15, 29.5], [5, 29.5]], "difficult": True}
    state = cavalry_charge([model("o", O_INF, 10, 28)], terrain=[bog])
    state, _ = charge(state, "c", "o")
    state, lines = to_the_fight(state, [6, 1, 1, *NEXT_TURN])
    assert "C has no charge bonuses: it is in difficult terrain (Bog)." in lines
    assert "Duel: C rolls 6; O rolls 1." in lines


def test_t6d_a_horseman_that_was_charged_has_no_bonuses() -> None:
    horseman = {**model("c", RIDER, 10, 34), "mount": HORSE}
    state, _ = battle([horseman, *FAR], [model("o", O_INF, 10, 28), *FAR_EVIL])
    state, _ = step(state, "good", {"type": "end_moves"})
    state, _ = charge(state, "o", "c")
    state, lines = to_the_fight(state, [6, 1, 1, *NEXT_TURN])
    assert not any("charge bonuses" in line or "charged:" in line for line in lines)
    assert any(line.startswith("Duel: C rolls 6;") or line.endswith("C rolls 6.") for line in lines)


def test_t6e_a_spear_supporter_behind_the_infantry_is_not_knocked_down() -> None:
    big = 40 / 25.4
    spear = model("s", profile("S", keywords=["Infantry"], wargear=["spear"], base_mm=40), 10, 28 - big)
    state = cavalry_charge([model("o", {**O_INF, "wounds": 3, "base_mm": 40}, 10, 28), spear])
    state, _ = charge(state, "c", "o")
    state, lines = to_the_fight(state, [6, 1, 1, 1, 1, 1, 1, 1, *NEXT_TURN])
    assert "Before the Duel: S supports O." in lines
    assert "O is knocked Prone." in lines
    assert "S is knocked Prone." not in lines


# -- T7 The lance --------------------------------------------------------------------------------------

LANCER = profile("K", fight=3, strength=3, attacks=1, keywords=["Cavalry"], wargear=["lance"])
O_D5 = profile("O", fight=3, defence=5, attacks=1, wounds=3, keywords=["Infantry"])


def test_t7_a_charging_lance_adds_one_to_wound() -> None:
    state = cavalry_charge([model("o", O_D5, 10, 28)], rider=LANCER)
    state, _ = charge(state, "c", "o")
    state, lines = to_the_fight(state, [6, 1, 1, 4, 1, 1, 1, *NEXT_TURN])
    assert "K's Strike on O: To Wound 5+ (S3 against D5), rolls 4 (lance +1): wounds." in lines


def test_t7a_a_lance_that_did_not_charge_adds_nothing() -> None:
    horseman = {**model("c", LANCER, 10, 34), "mount": HORSE}
    state, _ = battle([horseman, *FAR], [model("o", O_D5, 10, 28), *FAR_EVIL])
    state, _ = step(state, "good", {"type": "end_moves"})
    state, _ = charge(state, "o", "c")
    state, lines = to_the_fight(state, [6, 1, 4, *NEXT_TURN])
    assert "K's Strike on O: To Wound 5+ (S3 against D5), rolls 4: fails to wound." in lines


def test_t7b_a_lance_charging_cavalry_keeps_its_bonus_but_no_extra_attack() -> None:
    foe = {**model("o", {**O_D5, "keywords": ["Cavalry"]}, 10, 28), "mount": profile("Warg", defence=4)}
    state = cavalry_charge([foe], rider=LANCER)
    state, _ = charge(state, "c", "o")
    state, lines = to_the_fight(state, [6, 1, *NEXT_TURN])
    assert "C has no charge bonuses" not in " ".join(lines)
    assert "K has no charge bonuses: it fights O, who is not Infantry." in lines
    assert "Duel: K rolls 6; O rolls 1." in lines
    state, lines = step(state, "good", {"type": "strike_part", "part": "rider"}, [4, *NEXT_TURN])
    assert "K's Strike on O: To Wound 5+ (S3 against D5), rolls 4 (lance +1): wounds." in lines


def test_t7c_a_lance_is_discarded_on_foot_and_a_war_spear_is_kept() -> None:
    for wargear, kept in ((["lance", "sword"], ["sword"]), (["war spear"], ["war spear"])):
        horseman = {**model("c", {**LANCER, "wargear": wargear}, 10, 34), "mount": HORSE}
        state, _ = battle(
            [horseman, *FAR], [model("o", profile("O", keywords=["Infantry"]), 10, 4), *FAR_EVIL]
        )
        state, lines = step(state, "good", {"type": "dismount", "model": "c"})
        assert state.model("c").mount is None
        assert state.model("c").profile.wargear == kept
        assert "Horse has no Attacks and fails its Courage test as a separated mount." in lines


# -- T8 Pikes three deep, and the shield penalty ---------------------------------------------------------

A_F4 = profile("A", fight=4, attacks=1, keywords=["Infantry"])
PIKE = profile("P", fight=4, attacks=1, keywords=["Infantry"], wargear=["pike"])
O_A2 = profile("O", fight=4, attacks=2, keywords=["Infantry"], wounds=3)


def pike_block(p1: dict = PIKE) -> tuple[list[dict], list[dict]]:
    good = [
        model("a", A_F4, 10, 20),
        model("p1", {**p1, "name": "P1"}, 10 - D, 20),
        model("p2", {**PIKE, "name": "P2"}, 10 - 2 * D, 20),
        model("s", profile("S", fight=4, keywords=["Infantry"], wargear=["spear"]), 10 - D, 20 + D),
    ]
    return good, [model("o", O_A2, 10 + D, 20)]


def test_t8_pikes_support_three_ranks_deep_and_a_spear_does_not_support_through_a_pike() -> None:
    good, evil = pike_block()
    _state, lines = fight(good, evil, [6, 1, 1, 2, 3, 1, 1, 1, *NEXT_TURN])
    assert "Before the Duel: P1 supports A; P2 supports P1." in lines
    assert "Duel: A rolls 6; P1 rolls 1 (supporting A); P2 rolls 1 (supporting P1); O rolls 2, 3." in lines
    assert exact(fight_choice_odds(good, evil), "Good wins the Duel") == Fraction(2315, 3888)


def test_t8_a_pike_with_a_shield_rolls_one_less_and_gets_no_shield_defence() -> None:
    shielded = {**PIKE, "wargear": ["pike", "shield"]}
    good = [model("a", A_F4, 10, 20), model("p1", shielded, 10 - D, 20)]
    evil = [model("o", {**O_A2, "attacks": 1}, 10 + D, 20)]
    assert exact(fight_choice_odds(good, evil), "Good wins the Duel") == Fraction(16, 27)
    _state, lines = fight(good, evil, [1, 6, 2, 1, *NEXT_TURN])
    assert "Duel: A rolls 1; P rolls 6 (counting 5) (supporting A); O rolls 2." in lines


def test_t8_the_front_model_blocked_by_its_pike_is_trapped() -> None:
    walls = [
        {"name": "North wall", "polygon": [[0, 0], [30, 0], [30, 19.5], [0, 19.5]], "impassable": True},
        {"name": "South wall", "polygon": [[0, 20.5], [30, 20.5], [30, 30], [0, 30]], "impassable": True},
    ]
    good = [model("a", A_F4, 10, 20), model("p1", PIKE, 10 - D, 20)]
    _state, lines = fight(good, [model("o", O_A2, 10 + D, 20)], [1, 1, 6, 1, 3, 3, *NEXT_TURN], terrain=walls)
    assert "A cannot back away and is Trapped." in lines
    assert len([line for line in lines if line.startswith("O's Strike on A")]) == 4


# -- T9 Striking a cavalry model: the mount slain, the Thrown Rider test ---------------------------------

W_INF = profile("W", strength=4, attacks=2, fight=5, keywords=["Infantry"])
R_HERO = hero(
    "R", might=1, will=0, fate=0, defence=5, wounds=1, attacks=1, fight=3, keywords=["Cavalry", "Hero"]
)
R_HORSE = profile("Horse", defence=4, wounds=1, attacks=0, move=10.0, fight=1)


def t9_beaten() -> BattleState:
    """W has beaten the mounted Hero R: Evil chooses where W's first Strike goes."""
    rider = {**model("a-r", R_HERO, 10, 20), "mount": R_HORSE}
    state, _ = fight([rider], [model("w", W_INF, 10 + D, 20)], [])
    state, _ = step(state, "good", {"type": "pass"}, [1, 6, 6])
    assert (state.pending.kind, state.pending.side) == ("strike_part", "evil")
    return state


def test_t9_the_mount_is_slain_and_the_rider_takes_its_thrown_rider_test_after_all_strikes() -> None:
    state = t9_beaten()
    rider_offer, mount_offer = choices(state, "evil")
    assert exact(mount_offer.odds, "Horse is slain") == Fraction(1, 2)
    assert exact(rider_offer.odds, "R is slain") == Fraction(1, 3)
    state, lines = step(state, "evil", mount_offer.command, [4, 2, 5])
    assert lines[lines.index("Horse is slain; R must take a Thrown Rider test.") :] == [
        "Horse is slain; R must take a Thrown Rider test.",
        "W's Strike on R: To Wound 5+ (S4 against D5), rolls 2: fails to wound.",
        "R's Thrown Rider test: rolls 5, Rises from the Dust.",
    ]
    offer = next(a for a in choices(state, "good") if a.kind == "spend_might")
    assert offer.label == "Spend 1 Might: 5 becomes 6 (Leaps into Action)"
    state, lines = step(state, "good", offer.command, NEXT_TURN)
    assert "R leaps into action on foot." in lines
    assert state.model("a-r").mount is None and not state.model("a-r").prone


def test_t9a_knocked_flying_a_strength_3_hit_then_prone() -> None:
    state = t9_beaten()
    state, _ = step(state, "evil", {"type": "strike_part", "part": "mount"}, [4, 2, 1])
    state, lines = step(state, "good", {"type": "keep"}, [4, *NEXT_TURN])
    assert (
        "R knocked flying, suffers a Strength 3 hit and is knocked Prone: it cannot act for the rest of the turn."
        in lines
    )
    assert "R's Knocked Flying hit on R: To Wound 5+ (S3 against D5), rolls 4: fails to wound." in lines
    assert state.model("a-r").prone


def test_t9b_the_rider_slain_its_horse_flees_and_counts_no_casualty() -> None:
    state = t9_beaten()
    state, lines = step(state, "evil", {"type": "strike_part", "part": "rider"}, [5, *NEXT_TURN])
    assert "R is slain." in lines
    assert "Horse has no Attacks and fails its Courage test as a separated mount." in lines
    assert "R has already fallen; the Strike is lost." in lines
    assert state.casualties("good") == 1


# -- T10 Shooting at a cavalry model ---------------------------------------------------------------------

ORC_ARCHER = profile(
    "Archer", shoot=5, keywords=["Infantry"], missile={"name": "Orc bow", "range": 18.0, "strength": 2}
)
RIDER_D5 = profile("Rider", defence=5, keywords=["Cavalry"])
HORSE_D4 = profile("Horse", defence=4, attacks=0, move=10.0)


def shoot_phase(archer: dict, gap: float = 15.0, **extra: Any) -> BattleState:
    """Evil's archer faces Good's cavalry `gap` inches away (edge to edge), in Evil's Shoot phase
    (a Good model 10" away is a target too)."""
    rider = {**model("r", RIDER_D5, 10, 5 + gap + D), "mount": HORSE_D4}
    near = model("n", profile("Near"), 20, 5)
    state, dice = battle([rider, near, *FAR], [model("archer", archer, 10, 5), *FAR_EVIL], **extra)
    state, _ = skip_until(state, dice, "shoot")
    while state.pending.kind != "shoot":
        side = state.pending.side
        assert side is not None
        state, _ = play(state, [(side, {"type": "pass"})], dice)
    return state


def test_t10_a_shot_at_a_cavalry_model_hits_its_horse_on_1_to_3() -> None:
    state = shoot_phase(ORC_ARCHER)
    state, lines = step(
        state, "evil", {"type": "shoot", "model": "archer", "target": "r"}, [5, 3, 5, 4, *NEXT_TURN]
    )
    assert lines[1:8] == [
        "Rider or mount: rolls 3.",
        "The shot hits Rider's mount.",
        "Archer's shot on Horse: To Wound 5+ (S2 against D4), rolls 5: wounds.",
        "Horse suffers 1 Wound from Archer (0 left).",
        "Horse is slain; Rider must take a Thrown Rider test.",
        "Rider's Thrown Rider test: rolls 4, Rises from the Dust.",
        "Rider rises from the dust: it cannot act for the rest of the turn.",
    ]


def test_t10a_a_target_beyond_the_orc_bows_range_is_refused() -> None:
    state = shoot_phase(ORC_ARCHER, gap=20.0)
    with pytest.raises(RuleViolation) as refused:
        apply(state, "evil", {"type": "shoot", "model": "archer", "target": "r"}, ScriptedDice())
    assert refused.value.code == "bad_target"


def test_t10b_a_sharpshooter_picks_the_horse_with_no_test() -> None:
    state = shoot_phase({**ORC_ARCHER, "special_rules": ["Sharpshooter"]})
    command = {"type": "shoot", "model": "archer", "target": "r", "part": "mount"}
    state, lines = step(state, "evil", command, [5, 1, *NEXT_TURN])
    assert lines[1:3] == [
        "The shot hits Rider's mount.",
        "Archer's shot on Horse: To Wound 5+ (S2 against D4), rolls 1: fails to wound.",
    ]


def test_t10c_heroic_accuracy_re_rolls_the_rider_or_mount_test() -> None:
    archer = hero(
        "Archer",
        might=1,
        will=0,
        fate=0,
        shoot=5,
        heroic_actions=["heroic_accuracy"],
        missile=ORC_ARCHER["missile"],
    )
    rider = {**model("r", RIDER_D5, 10, 20 + D), "mount": HORSE_D4}
    state, dice = battle([rider, *FAR], [model("archer", archer, 10, 5), *FAR_EVIL])
    state, _ = skip_until(state, dice, "shoot")
    state, _ = step(state, "evil", {"type": "declare", "hero": "archer", "action": "heroic_accuracy"})
    state, lines = step(
        state, "evil", {"type": "shoot", "model": "archer", "target": "r"}, [5, 3, 5, 1, *NEXT_TURN]
    )
    assert "Archer re-rolls the failed rider-or-mount test of 3: 5." in lines
    assert "Rider or mount: rolls 5: the rider is hit." in lines


def test_t10d_a_crossbow_that_moved_cannot_shoot() -> None:
    crossbow = profile("Crossbowman", shoot=4, wargear=["crossbow"])
    bowman = model("y", profile("Bowman", wargear=["bow"]), 20, 40)
    state, _dice = battle(
        [model("x", crossbow, 10, 40), bowman, *FAR], [model("o", profile("O"), 10, 20), *FAR_EVIL]
    )
    assert state.model("x").profile.missile.name == "Crossbow"
    state, _ = step(state, "good", {"type": "move", "model": "x", "path": [[10, 39]]})
    state, _ = skip_until(state, ScriptedDice(), "shoot")
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", {"type": "shoot", "model": "x", "target": "o"}, ScriptedDice())
    assert refused.value.code == "cannot_shoot"
    assert "crossbow shoots only if its bearer has not moved" in refused.value.message


# -- T11 Banners and the war horn ------------------------------------------------------------------------

A_F3_1 = profile("A", fight=3, attacks=1, keywords=["Infantry"])
O_F3_1 = profile("O", fight=3, attacks=1, keywords=["Infantry"])


def banner_fight(bearer_at: tuple[float, float], **bearer: Any) -> BattleState:
    standard = model("b", profile("Bearer", wargear=["banner"], **bearer), *bearer_at)
    state, _ = fight([model("a", A_F3_1, 10, 20), standard], [model("o", O_F3_1, 10 + D, 20)], [3, 4])
    return state


def test_t11_a_banner_in_range_lets_the_losing_side_re_roll_a_die() -> None:
    state = banner_fight((10 - D - 2, 20))
    assert (state.pending.kind, state.pending.side) == ("banner_reroll", "good")
    reroll, keep = choices(state, "good")
    assert reroll.label == "Re-roll A's 3 (banner)"
    assert exact(reroll.odds, "Good wins the Duel") == Fraction(5, 12)
    assert exact(keep.odds, "Good wins the Duel") == 0
    state, lines = step(state, "good", reroll.command, [5, 1, *NEXT_TURN])
    assert "Good's banner: A re-rolls its 3: 5." in lines
    assert "Good wins the Duel (highest die 5)." in lines


@pytest.mark.parametrize(("at", "prone"), [((10 - D - 2, 20), True), ((10 - D - 4, 20), False)])
def test_t11ab_a_prone_bearer_or_one_4_inches_away_gives_no_re_roll(
    at: tuple[float, float], prone: bool
) -> None:
    standard = model("b", profile("Bearer", wargear=["banner"]), *at)
    good, evil = [model("a", A_F3_1, 10, 20), standard], [model("o", O_F3_1, 10 + D, 20)]
    state = waiting_to_fight(good, evil)
    state.model("b").prone = prone
    state, lines = fight_first(state, [3, 4, 1, 1, 6, 1, *NEXT_TURN])
    assert not any("banner" in line for line in lines)
    assert "Evil wins the Duel (highest die 4)." in lines


def test_t11c_a_bearer_fighting_rolls_one_less_even_on_a_six() -> None:
    bearer = profile("Bearer", fight=3, wargear=["banner"], keywords=["Infantry"])
    _state, lines = fight([model("b", bearer, 10, 20)], [model("o", O_F3_1, 10 + D, 20)], [6, 6])
    assert "Duel: Bearer rolls 6 (counting 5); O rolls 6." in lines


@pytest.mark.parametrize(("gap", "passed"), [(24.0, True), (25.0, False)])
def test_t11d_a_war_horn_adds_one_to_courage_tests_within_24_inches(gap: float, passed: bool) -> None:
    warrior = profile("Warrior", courage=7)
    horn = model("h", profile("Hornblower", wargear=["war horn"]), 10, 40 - gap - D)
    state, _dice = battle([model("w", warrior, 10, 40), horn, *FAR], [model("o", profile("O"), 40, 4)])
    ask = {"type": "take_test", "model": "w", "test": "courage", "reason": "a dread sight"}
    state, lines = step(state, "good", ask, [3, 3])
    result = "rolls 3 + 3 = 6, +1 (war horn) = 7, passed." if passed else "rolls 3 + 3 = 6, failed."
    assert lines[-1].endswith(result)


# -- T12 Throwing spears on the charge -------------------------------------------------------------------

THROWER = profile("G", shoot=4, keywords=["Infantry"], wargear=["throwing spears", "spear"])
O_D4 = profile("O", defence=4, wounds=1, keywords=["Infantry"])


def throw_charge(good: list[dict] = (), evil: list[dict] = ()) -> BattleState:
    state, _ = battle(
        [model("g", THROWER, 10, 30), *good, *FAR], [model("o", O_D4, 10, 30 - 5 - D), *evil, *FAR_EVIL]
    )
    return state


def test_t12_a_throw_on_the_charge_kills_and_the_thrower_moves_on() -> None:
    state = throw_charge(evil=[model("o2", profile("O2"), 12.2, 26.5)])
    offer = next(a for a in choices(state, "good") if a.kind == "charge" and a.command["model"] == "g")
    assert offer.params["throw"]["default"] is False
    state, lines = charge(state, "g", "o", [4, 6], throw=True)
    assert lines[1:] == [
        "G throws its Throwing spears at O.",
        "G shoots at O: To Hit 4+, rolls 4: hit.",
        "G's shot on O: To Wound 5+ (S3 against D4), rolls 6: wounds.",
        "O suffers 1 Wound from G (0 left).",
        "O is slain.",
        'G may move on (2.0" left).',
    ]
    assert lines[0].startswith("G moves 4.0")
    assert (state.pending.kind, state.pending.detail["models"]) == ("activate", ["g"])
    state, lines = charge(state, "g", "o2")
    assert lines[-1].startswith("G charges O2")


def test_t12a_a_miss_and_the_thrower_completes_its_charge() -> None:
    state = throw_charge()
    state, lines = charge(state, "g", "o", [2], throw=True)
    assert "G shoots at O: To Hit 4+, rolls 2: miss." in lines
    assert lines[-1].startswith("G charges O (1.0")
    assert state.model("g").distance_to(state.model("o")) == pytest.approx(0)


def test_t12bc_a_thrower_neither_supports_nor_throws_again_that_turn() -> None:
    good = [
        model("f", profile("F", wargear=["shield"], keywords=["Infantry"]), 20, 22),
        model("g", THROWER, 20 - D, 22),
        model("h", profile("Bowman", wargear=["bow"]), 40, 20),
    ]
    evil = [
        model("e", profile("E", keywords=["Infantry"]), 20 + D, 22),
        model("o", O_D4, 20 - D, 22 + D + 0.5),
    ]
    state, _ = battle([*good, *FAR], [*evil, *FAR_EVIL])
    state, lines = charge(state, "g", "o", [4, 6], throw=True)
    assert "G throws its Throwing spears at O." in lines and "O is slain." in lines
    state, _ = step(state, "good", {"type": "stand", "model": "g"})
    state, _ = skip_until(state, ScriptedDice(), "shoot")
    assert (state.pending.kind, state.pending.side) == ("shoot", "good")
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", {"type": "shoot", "model": "g", "target": "e"}, ScriptedDice())
    assert refused.value.code == "cannot_shoot"
    state, _ = step(state, "good", {"type": "end_shooting"})
    assert (state.pending.kind, state.pending.side) == ("declare_combat", "good")
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", {"type": "support", "model": "g", "friend": "f"}, ScriptedDice())
    assert refused.value.code == "cannot_support"
    assert refused.value.message == "G has made a Shooting Attack this turn."


def test_t12d_a_good_thrower_may_not_throw_into_a_combat_with_a_friend() -> None:
    state = throw_charge(good=[model("f", profile("F"), 10 + D, 30 - 5 - D)])
    with pytest.raises(RuleViolation) as refused:
        charge(state, "g", "o", throw=True)
    assert refused.value.code == "cannot_throw"
