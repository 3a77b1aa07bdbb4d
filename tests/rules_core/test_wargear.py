"""Wargear as data: names read and checked in the setup, missile weapons from wargear, a shield's
Defence counted once, and each piece's rule in play (shields and pavises, light armour, two-handed
and hand-and-a-half grips, Unarmed, a shield lost to Shatter)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import RuleViolation, ScriptedDice, new_battle
from rules_core.characteristics import defence
from rules_core.state import Missile
from rules_core.wargear import kit_of, read_piece
from rules_core.wounds import part_defence

from .builders import (
    BASE_25MM,
    FAR,
    FAR_EVIL,
    GOOD_PRIORITY,
    NEXT_TURN,
    choices,
    model,
    play,
    profile,
    setup,
    texts,
    to_fight,
)

D = BASE_25MM


def one(prof: dict[str, Any], mount: dict[str, Any] | None = None):
    entry = model("a", prof, 10, 40)
    if mount:
        entry["mount"] = mount
    state = new_battle(setup([entry], [model("o", profile("O"), 10, 4)]))
    return state, state.model("a")


# -- names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kind", "elven"),
    [
        ("Sword", "Hand weapon", False),
        ("orc blade", "Hand weapon", False),
        ("Elven blade", "Hand weapon", True),
        ("TWO_HANDED_WEAPON", "Two-handed weapon", False),
        ("two-handed axe", "Two-handed weapon", False),
        ("Elven two-handed weapon", "Two-handed weapon", True),
        ("Staff of Power", "Hand-and-a-half weapon", False),
        ("Armor", "Armour", False),
        ("Throwing daggers", "Throwing weapons", False),
        ("Uruk-hai bow", "Uruk-hai bow", False),
        ("Elf bow", "Elf bow", False),
    ],
)
def test_wargear_names_are_read_without_regard_to_case_spaces_or_hyphens(
    name: str, kind: str, elven: bool
) -> None:
    piece = read_piece(name)
    assert piece is not None and (piece.gear.name, piece.elven) == (kind, elven)


def test_an_unknown_piece_of_wargear_is_refused_with_the_profile_and_the_name() -> None:
    with pytest.raises(RuleViolation) as refused:
        one(profile("Thorin", wargear=["Orcrist"]))
    assert refused.value.code == "unknown_wargear"
    assert refused.value.message.startswith(
        "Thorin carries 'Orcrist', which is not wargear the referee knows"
    )


@pytest.mark.parametrize(
    ("wargear", "bought", "mount", "says"),
    [
        (["shield"], ["Shield"], None, "Orc carries 'shield' and 'Shield': the same piece twice."),
        (["shield", "pavise"], [], None, "Orc carries two shields (Shield and Pavise)."),
        (["unarmed", "sword"], [], None, "Orc carries a melee weapon and is Unarmed."),
        (["lance"], [], None, "Orc carries a lance but has no mount (a lance is Cavalry wargear)."),
        (
            ["bow", "crossbow"],
            [],
            None,
            "Orc carries two missile weapons (Bow and Crossbow) and names neither as its missile.",
        ),
    ],
)
def test_wargear_that_contradicts_itself_is_refused(
    wargear: list, bought: list, mount: Any, says: str
) -> None:
    with pytest.raises(RuleViolation) as refused:
        one(profile("Orc", wargear=wargear, bought=bought), mount)
    assert (refused.value.code, refused.value.message) == ("contradictory_wargear", says)


def test_a_lance_on_a_mounted_model_and_a_war_spear_on_foot_are_fine() -> None:
    one(profile("Rider", wargear=["lance"]), profile("Horse", attacks=0))
    one(profile("Warrior", wargear=["war spear"]))


def test_a_missile_weapon_in_the_wargear_is_the_models_missile_unless_it_names_one() -> None:
    _, orc = one(profile("Orc", wargear=["Orc bow"]))
    assert orc.profile.missile == Missile("Orc bow", 18.0, 2)
    _, elf = one(
        profile("Elf", wargear=["Elf bow"], missile={"name": "Galadhrim bow", "range": 24, "strength": 3})
    )
    assert elf.profile.missile.name == "Galadhrim bow"


def test_a_record_without_wargear_reads_as_before() -> None:
    _, plain = one(profile("Plain"))
    assert kit_of(plain.profile).pieces == () and plain.profile.missile is None


# -- Defence: a shield counted once ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stats", "mount", "expected"),
    [
        ({"defence": 5, "wargear": ["shield"]}, None, 5),  # printed: already in the Defence
        ({"defence": 4, "wargear": ["armour"], "bought": ["shield"]}, None, 5),  # bought: +1
        ({"defence": 4, "bought": ["shield", "bow"]}, None, 4),  # beside a bow: nothing
        ({"defence": 4, "bought": ["shield", "sling"]}, None, 5),  # a sling leaves the hand free
        ({"defence": 4, "bought": ["shield"], "wargear": ["two-handed weapon"]}, None, 4),
        ({"defence": 4, "bought": ["shield", "pike"]}, None, 4),
        ({"defence": 4, "bought": ["light shield"]}, None, 4),
        ({"defence": 4, "bought": ["pavise"]}, None, 7),
        ({"defence": 4, "wargear": ["armour"], "bought": ["heavy armour"]}, None, 5),  # an upgrade
        ({"defence": 4, "bought": ["shield", "bow"], "special_rules": ["Expert Rider"]}, profile("Horse"), 5),
    ],
)
def test_a_shield_and_armour_add_their_defence_once(stats: dict, mount: Any, expected: int) -> None:
    state, model_ = one(profile("M", **stats), mount)
    assert defence(state, model_) == expected


@pytest.mark.parametrize(
    ("name", "stats", "given_up", "expected", "shield"),
    [
        # The 2024 profiles: a Black Dragon Warrior exchanges his shield for a banner (Defence 6
        # printed with heavy armour and shield), an Iron Hills Captain shield and spear for a mattock.
        ("Black Dragon Warrior", {"defence": 6, "wargear": ["Heavy armour", "Shield", "Hand weapon"],
                                  "bought": ["Banner"]}, ["Shield"], 5, False),
        ("Iron Hills Captain", {"defence": 8, "wargear": ["Heavy armour", "Shield", "Spear", "Hand weapon"],
                                "bought": ["Two-handed weapon"]}, ["Shield", "Spear"], 7, False),
        ("Captain of Rohan", {"defence": 5, "wargear": ["Armour", "Hand weapon"],
                              "bought": ["Heavy armour"]}, ["Armour"], 6, False),
    ],
)  # fmt: skip
def test_what_an_exchange_gives_up_is_gone_with_its_defence(
    name: str, stats: dict, given_up: list, expected: int, shield: bool
) -> None:
    state, model_ = one(profile(name, **stats, given_up=given_up))
    assert defence(state, model_) == expected
    assert model_.profile.defence == expected - (2 if "Heavy armour" in stats["bought"] else 0)
    assert not set(given_up) & set(model_.profile.wargear)
    assert (kit_of(model_.profile).shield is not None) == shield
    assert kit_of(model_.profile).melee  # still armed: not Unarmed


def test_an_exchange_of_what_the_profile_does_not_carry_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        one(profile("Orc", wargear=["Hand weapon"], given_up=["Shield"]))
    assert (refused.value.code, refused.value.message) == (
        "bad_setup",
        "Orc gives up Shield in an exchange, but its profile does not carry it.",
    )


def test_a_pavise_gives_nothing_while_engaged_and_light_armour_only_against_shooting() -> None:
    state = new_battle(
        setup(
            [model("a", profile("A", defence=4, bought=["pavise", "light armour"]), 10, 20)],
            [model("o", profile("O"), 10 + D, 20)],
        )
    )
    a = state.model("a")
    assert part_defence(state, a, "rider") == 4
    assert part_defence(state, a, "rider", shot=True) == 5
    state.model("o").x = 30
    assert part_defence(state, a, "rider") == 7
    assert part_defence(state, a, "rider", shot=True) == 8


# -- grips ------------------------------------------------------------------------------------------

BASTARD = profile("K", fight=4, strength=3, defence=5, wargear=["hand-and-a-half sword", "shield"])
ORC = profile("O", fight=4, strength=3, defence=4, wounds=2)


def grip_fight(two_handed: bool, faces: list[int]) -> list[str]:
    dice = ScriptedDice([*GOOD_PRIORITY])
    state, _ = to_fight([model("k", BASTARD, 10, 20), *FAR], [model("o", ORC, 10 + D, 20), *FAR_EVIL], dice)
    assert state.pending.kind == "declare_combat" and state.pending.detail == {"question": "shield"}
    state, _ = play(state, [("good", {"type": "shield", "shield": False})], ScriptedDice())
    assert state.pending.label == "Good chooses how K fights"
    labels = [a.label for a in choices(state, "good")]
    assert labels == ["K fights one-handed", "K fights two-handed: -1 on its dice, +1 To Wound"]
    command = {"type": "grip", "model": "k", "two_handed": two_handed}
    state, events = play(state, [("good", command)], ScriptedDice([*faces, *NEXT_TURN]))
    return texts(events)


def test_a_hand_and_a_half_weapon_fought_two_handed_loses_the_shields_defence() -> None:
    lines = grip_fight(True, [1, 6, 5])  # K 1; O 6: O strikes K
    assert "Before the Duel: K fights two-handed." in lines
    assert "O's Strike on K: To Wound 5+ (S3 against D4), rolls 5: wounds." in lines


def test_a_hand_and_a_half_weapon_fought_one_handed_keeps_it() -> None:
    lines = grip_fight(False, [1, 6, 5])
    assert "O's Strike on K: To Wound 5+ (S3 against D5), rolls 5: wounds." in lines


def test_a_master_forged_or_burly_two_hander_takes_no_minus_one() -> None:
    for stats in (
        {"wargear": ["master-forged two-handed axe"]},
        {"wargear": ["two-handed axe"], "special_rules": ["Burly"]},
    ):
        dice = ScriptedDice([*GOOD_PRIORITY, 5, 1, 4, *NEXT_TURN])
        _, events = to_fight(
            [model("h", profile("H", **stats), 10, 20), *FAR], [model("o", ORC, 10 + D, 20), *FAR_EVIL], dice
        )
        assert "Duel: H rolls 5; O rolls 1." in texts(events)
        assert "H's Strike on O: To Wound 5+ (S3 against D4), rolls 4 (two-handed +1): wounds." in texts(
            events
        )


def test_an_unarmed_model_takes_one_off_its_duel_dice_and_to_wound_rolls() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 5, 1, 5, *NEXT_TURN])
    _, events = to_fight(
        [model("b", profile("U", wargear=["unarmed"]), 10, 20), *FAR],
        [model("o", ORC, 10 + D, 20), *FAR_EVIL],
        dice,
    )
    assert "Duel: U rolls 5 (counting 4); O rolls 1." in texts(events)
    assert "U's Strike on O: To Wound 5+ (S3 against D4), rolls 5 (unarmed -1): fails to wound." in texts(
        events
    )


def test_shatter_on_a_printed_shield_takes_its_defence_away() -> None:
    from rules_core.wargear import without

    shielded = profile("A", defence=5, wargear=["sword", "shield"])
    state, a = one(shielded)
    a.profile = without(a.profile, "shield")
    assert defence(state, a) == 4 and a.profile.wargear == ["sword"]
    a.profile = without(a.profile, "sword")
    assert a.profile.wargear == ["Unarmed"]


# -- supporters -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"fought": True}, "S has already fought this Fight phase."),
        ({"fought": True, "benefited": ["heroic_combat_move"]}, None),
        ({"supported": True}, "S has already supported a Combat this Fight phase."),
        ({"prone": True}, "S is Prone."),
        ({"has_shot": True}, "S has made a Shooting Attack this turn."),
        ({"heroic": {"fight": "heroic_strike"}}, "S declared a Heroic Action this Fight phase."),
    ],
)
def test_who_may_support(change: dict[str, Any], why: str | None) -> None:
    from rules_core.support import why_not_supporter

    state = new_battle(
        setup([model("s", profile("S", wargear=["spear"]), 10, 40)], [model("o", profile("O"), 10, 4)])
    )
    spear = state.model("s")
    for name, value in change.items():
        setattr(spear, name, value)
    assert why_not_supporter(state, spear) == why
