"""Rules of a known shape (docs/rules/special-rules.md §3 and §3.7): the reference's scenarios by
name (S18 Bodyguard, S22 Phalanx, S23 Spear Mastery, S30 Weapon Master) with scripted dice, and for
each shape an entry read from a real profile's rule, with a case where it must not apply."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core import ScriptedDice, new_battle
from rules_core.characteristics import attacks, defence, fight_value
from rules_core.courage import auto_pass_reason, courage_modifier, stand_fast_range, stands_fast_for
from rules_core.duel import banner_for
from rules_core.end_phase import mighty_hero_gains, mighty_hero_loses
from rules_core.frame import Ctx
from rules_core.magic.casting import free_resist_dice
from rules_core.scenarios.scoring import weight
from rules_core.special_rules import parse
from rules_core.special_rules.active import guarded_hero
from rules_core.special_rules.rolls import to_wound
from rules_core.state import BattleState
from rules_core.wargear import pike_penalty, unarmed

from .builders import BASE_25MM, NEXT_TURN, hero, model, profile, setup
from .test_wargear_scenarios import exact, fight, fight_choice_odds

D = BASE_25MM


def battle(good: list[dict], evil: list[dict] | None = None, **extra) -> BattleState:
    return new_battle(setup(good, evil or [model("orc", profile("Orc"), 40, 40)], **extra))


def rules(*names: str, **stats) -> dict:
    return profile("M", **{"special_rules": list(names), **stats})


# -- S30 Weapon Master: never Unarmed -------------------------------------------------------------------

UNARMED = ["Unarmed"]


@pytest.mark.parametrize(("rule", "armed"), [("Weapon Master", True), ("Fearless", False)])
def test_s30_weapon_master_never_counts_as_unarmed(rule: str, armed: bool) -> None:
    state = battle([model("d", rules(rule, wargear=UNARMED), 10, 10)])
    assert unarmed(state.model("d")) is not armed


def test_s30_dwalins_duel_die_counts_4_not_3() -> None:
    dwalin = hero(
        "Dwalin", might=0, fate=0, attacks=1, fight=5, wargear=UNARMED, special_rules=["Weapon Master"]
    )
    orc = profile("O", fight=3, defence=4)
    _, lines = fight([model("d", dwalin, 10, 20)], [model("o", orc, 10 + D, 20)], [4, 3, 6, *NEXT_TURN])
    assert "Duel: Dwalin rolls 4; O rolls 3." in lines


def test_s30_without_the_rule_an_unarmed_model_counts_one_less() -> None:
    dwalin = hero("Dwalin", might=0, fate=0, attacks=1, fight=5, wargear=UNARMED)
    orc = profile("O", fight=3, defence=4)
    _, lines = fight([model("d", dwalin, 10, 20)], [model("o", orc, 10 + D, 20)], [4, 3, 6, *NEXT_TURN])
    assert "Duel: Dwalin rolls 4 (counting 3); O rolls 3." in lines


# -- S22 Phalanx: pike and shield without penalty ----------------------------------------------------------

EASTERLING = profile("E", fight=4, attacks=1, defence=5, keywords=["Infantry"], wargear=["pike", "shield"])


def test_s22_a_phalanx_pike_with_a_shield_counts_its_5_and_keeps_the_shield() -> None:
    phalanx = {**EASTERLING, "special_rules": ["Phalanx"]}
    state = battle([model("e", phalanx, 10, 10), model("p", EASTERLING, 20, 10)])
    assert not pike_penalty(state.model("e")) and pike_penalty(state.model("p"))
    good = [model("a", profile("A", fight=3), 10, 20), model("e", phalanx, 10 - D, 20)]
    _, lines = fight(good, [model("o", profile("O"), 10 + D, 20)], [1, 5, 2, 1, *NEXT_TURN])
    assert "Duel: A rolls 1; E rolls 5 (supporting A); O rolls 2." in lines


def test_s22_without_phalanx_the_5_counts_4() -> None:
    good = [model("a", profile("A", fight=3), 10, 20), model("e", EASTERLING, 10 - D, 20)]
    _, lines = fight(good, [model("o", profile("O"), 10 + D, 20)], [1, 5, 2, 1, *NEXT_TURN])
    assert "Duel: A rolls 1; E rolls 5 (counting 4) (supporting A); O rolls 2." in lines


def test_s22_the_phalanx_shield_keeps_its_defence_beside_the_pike() -> None:
    bought = {**EASTERLING, "defence": 4, "wargear": ["pike"], "bought": ["shield"]}
    state = battle([model("e", {**bought, "special_rules": ["Phalanx"]}, 10, 10), model("p", bought, 20, 10)])
    assert defence(state, state.model("e")) == 5 and defence(state, state.model("p")) == 4


# -- S23 Spear Mastery, Chittering Hordes: supporting with no spear ----------------------------------------

ROHAN = profile("W", fight=3, attacks=1, keywords=["Infantry", "Man", "Rohan"], wargear=["throwing spears"])


def support_fight(supporter: dict, friend: dict | None = None) -> list[str]:
    good = [model("f", friend or profile("F", fight=3), 10, 20), model("w", supporter, 10 - D, 20)]
    _, lines = fight(good, [model("o", profile("O"), 10 + D, 20)], [1, 6, 2, 6, 6, *NEXT_TURN])
    return lines


def test_s23_spear_mastery_lets_throwing_spears_support() -> None:
    lines = support_fight({**ROHAN, "special_rules": ["Spear Mastery"]})
    assert "Before the Duel: W supports F." in lines


def test_s23_without_the_rule_throwing_spears_do_not_support() -> None:
    assert not any("supports" in line for line in support_fight(ROHAN))


def test_s23b_a_mounted_rider_of_rohan_never_supports() -> None:
    rider = {
        **model("w", {**ROHAN, "special_rules": ["Spear Mastery"]}, 10 - D, 20),
        "mount": profile("Horse"),
    }
    state = battle([rider])
    from rules_core.wargear import support_kind

    assert support_kind(state.model("w")) == ""


GOBLIN = profile(
    "G", fight=2, attacks=1, keywords=["Infantry", "Goblin"], special_rules=["Chittering Hordes"]
)


def test_chittering_hordes_supports_a_friend_with_the_rule() -> None:
    assert "Before the Duel: G supports F." in support_fight(GOBLIN, {**GOBLIN, "name": "F"})


def test_chittering_hordes_does_not_support_a_friend_without_it() -> None:
    assert not any("supports" in line for line in support_fight(GOBLIN))


# -- S18 Bodyguard: which Hero is guarded -------------------------------------------------------------------


def guards(general_faction: str) -> BattleState:
    general = hero("General", keywords=["Infantry", "Hero", "Man", general_faction], tier="legend")
    eomer = hero("Éomer", keywords=["Infantry", "Hero", "Man", "Rohan"], tier="valour")
    gamling = hero("Gamling", keywords=["Infantry", "Hero", "Man", "Rohan"], tier="fortitude")
    guard = profile(
        "Guard", keywords=["Warrior", "Infantry", "Man", "Rohan", "Elite"], special_rules=["Bodyguard"]
    )
    army = [
        model("g", general, 5, 5),
        model("e", eomer, 20, 5),
        model("m", gamling, 30, 5),
        model("r", guard, 10, 30),
    ]
    return new_battle(setup(army, [model("orc", profile("Orc"), 40, 40)], general={"good": "g"}))


def test_s18_the_guards_guard_eomer_the_highest_tier_rohan_hero() -> None:
    state = guards("Gondor")
    assert guarded_hero(state, state.model("r")).name == "Éomer"
    assert (
        auto_pass_reason(state, state.model("r"), "courage", "Terror")
        == "Bodyguard (Éomer is on the battlefield)"
    )


def test_s18_a_general_of_their_faction_is_guarded_first() -> None:
    state = guards("Rohan")
    assert guarded_hero(state, state.model("r")).name == "General"


def test_s18_after_eomer_falls_the_guards_test_and_do_not_switch_to_gamling() -> None:
    state = guards("Gondor")
    state.model("e").status = "casualty"
    assert auto_pass_reason(state, state.model("r"), "courage", "Terror") is None


# -- Fight and Attacks: a friend in range, a charge, outnumbered, the enemy fought -----------------------

IMRAHIL = hero("Prince Imrahil of Dol Amroth", keywords=["Infantry", "Hero", "Man", "Dol Amroth"])
KNIGHT = rules("Pride of Dol Amroth", fight=4)


@pytest.mark.parametrize(("gap", "fight"), [(2.9, 5), (3.2, 4)])
def test_pride_of_dol_amroth_is_plus_one_fight_within_3_inches_of_imrahil(gap: float, fight: int) -> None:
    state = battle([model("k", KNIGHT, 10, 10), model("i", IMRAHIL, 10 + D + gap, 10)])
    assert fight_value(state, state.model("k")) == fight


def test_savage_hunters_adds_an_attack_only_in_a_turn_it_charged() -> None:
    state = battle([model("h", rules("Savage Hunters", attacks=1), 10, 10)])
    hunter = state.model("h")
    assert attacks(state, hunter, []) == 1
    hunter.charged = "orc"
    assert attacks(state, hunter, []) == 2


def test_axe_mastery_sets_attacks_4_only_when_outnumbered() -> None:
    state = battle(
        [model("g", rules("Axe Mastery", attacks=2), 10, 10)],
        [model(f"o{i}", profile("O"), 30 + i, 30) for i in range(2)],
    )
    one, two = [state.model("o0")], [state.model("o0"), state.model("o1")]
    assert attacks(state, state.model("g"), one) == 2
    assert attacks(state, state.model("g"), two) == 4


def test_end_the_race_of_men_is_plus_one_fight_only_against_a_man() -> None:
    state = battle(
        [model("w", rules("End the Race of Men", fight=5), 10, 10)],
        [
            model("m", profile("Man", keywords=["Man"]), 30, 30),
            model("e", profile("Elf", keywords=["Elf"]), 35, 30),
        ],
    )
    assert fight_value(state, state.model("w"), [state.model("m")]) == 6
    assert fight_value(state, state.model("w"), [state.model("e")]) == 5


def test_the_odds_count_a_fight_bonus_exactly() -> None:
    good = [model("k", KNIGHT, 10, 20), model("i", IMRAHIL, 10, 20 + 3 * D)]
    evil = [model("o", profile("O", fight=4), 10 + D, 20)]
    # F4 against F4 ties go to a roll-off (1/2); at F5 against F4 Good wins every tie of dice.
    assert exact(fight_choice_odds(good, evil), "Good wins the Duel") == Fraction(21, 36)


# -- To Wound: against keywords, in a charge, auras ---------------------------------------------------------


def pair(striker_rules: list[str], target: dict, **extra) -> tuple[BattleState, object, object]:
    state = battle([model("s", rules(*striker_rules), 10, 10)], [model("t", target, 10 + D, 10)], **extra)
    return state, state.model("s"), state.model("t")


@pytest.mark.parametrize(("keywords", "bonus"), [(["Monster", "Troll"], 1), (["Orc"], 0)])
def test_hero_of_the_elves_wounds_monsters_more_easily(keywords: list[str], bonus: int) -> None:
    state, s, t = pair(["Hero of the Elves"], profile("T", keywords=keywords))
    assert to_wound(s, t, "rider", shot=False, state=state).bonus == bonus


def test_piercing_talons_adds_one_only_in_a_turn_it_charged() -> None:
    state, s, t = pair(["Piercing Talons"], profile("T"))
    assert to_wound(s, t, "rider", shot=False, state=state).bonus == 0
    s.charged = "t"
    assert to_wound(s, t, "rider", shot=False, state=state).bonus == 1
    assert to_wound(s, t, "rider", shot=True, state=state).bonus == 0


def test_against_all_odds_rerolls_failures_against_a_hero_only() -> None:
    state, s, t = pair(["Against all odds"], hero("H"))
    assert to_wound(s, t, "rider", shot=False, state=state).reroll_failed
    state, s, t = pair(["Against all odds"], profile("W"))
    assert not to_wound(s, t, "rider", shot=False, state=state).reroll_failed


@pytest.mark.parametrize(
    ("keywords", "gap", "bonus"), [(["Hobbit"], 2.0, 1), (["Hobbit"], 4.0, 0), (["Man"], 2.0, 0)]
)
def test_a_bad_influence_gives_hobbits_within_3_inches_plus_one(
    keywords: list[str], gap: float, bonus: int
) -> None:
    ted = profile("Ted Sandyman", keywords=["Man"], special_rules=["A Bad Influence"])
    state = battle(
        [model("h", profile("H", keywords=keywords), 10, 10), model("ted", ted, 10, 10 + D + gap)],
        [model("t", profile("T"), 10 + D, 10)],
    )
    assert to_wound(state.model("h"), state.model("t"), "rider", shot=False, state=state).bonus == bonus


def test_an_aura_to_wound_bonus_counts_in_the_fight() -> None:
    ted = profile("Ted Sandyman", keywords=["Man"], special_rules=["A Bad Influence"])
    hobbit = profile("H", keywords=["Hobbit"], strength=3)
    good = [model("h", hobbit, 10, 20), model("ted", ted, 10 - D, 20 + 2 * D)]
    _, lines = fight(good, [model("t", profile("T", fight=3), 10 + D, 20)], [6, 1, 4, *NEXT_TURN])
    assert "H's Strike on T: To Wound 5+ (S3 against D4), rolls 4 (A Bad Influence +1): wounds." in lines


# -- Courage: auras, friends in range, Stand Fast ------------------------------------------------------------


@pytest.mark.parametrize(
    ("keywords", "gap", "passes"),
    [(["Dunland"], 5.0, True), (["Dunland"], 7.0, False), (["Rohan"], 1.0, False)],
)
def test_bloodoath_passes_dunland_friends_within_6_inches(
    keywords: list[str], gap: float, passes: bool
) -> None:
    oathmaker = profile("Wild Man Oathmaker", keywords=["Dunland"], special_rules=["Bloodoath"])
    state = battle(
        [model("w", profile("W", keywords=keywords), 10, 10), model("m", oathmaker, 10, 10 + D + gap)]
    )
    reason = auto_pass_reason(state, state.model("w"), "courage", "Terror")
    assert (reason == "Bloodoath") is passes


def test_ghostly_resolve_adds_one_once_however_many_shades() -> None:
    shade = profile("Shade", keywords=["Angmar", "Spirit"], special_rules=["Ghostly Resolve"])
    orc = profile("Orc", keywords=["Angmar", "Orc"])
    state = battle(
        [model("o", orc, 10, 10), model("s1", shade, 15, 10), model("s2", {**shade, "name": "S2"}, 20, 10)]
    )
    assert courage_modifier(state, state.model("o")) == (1, "Ghostly Resolve")


def test_war_aspect_takes_one_off_enemies_within_6_inches_and_adds_to_a_harbinger() -> None:
    galadriel = profile("Galadriel", special_rules=["War Aspect"])
    wraith = profile("Wraith", special_rules=['Harbinger of Evil (12")'])
    state = battle(
        [model("g", profile("G"), 10, 10)], [model("lady", galadriel, 10, 15), model("w", wraith, 15, 10)]
    )
    assert courage_modifier(state, state.model("g"))[0] == -2
    state.model("lady").x = 30
    assert courage_modifier(state, state.model("g"))[0] == -1


def test_voice_of_curunir_reaches_12_inches_and_heroes() -> None:
    saruman = hero("Saruman", special_rules=["Voice of Curunír"])
    state = battle(
        [model("s", saruman, 10, 10), model("h", hero("Captain"), 20, 10), model("w", profile("W"), 20, 12)]
    )
    s = state.model("s")
    assert stand_fast_range(state, s) == 12.0
    assert stands_fast_for(state, s, state.model("h")) and stands_fast_for(state, s, state.model("w"))


def test_a_plain_heros_stand_fast_reaches_6_inches_and_no_hero() -> None:
    state = battle([model("s", hero("Captain"), 10, 10), model("h", hero("Other"), 20, 10)])
    s = state.model("s")
    assert stand_fast_range(state, s) == 6.0 and not stands_fast_for(state, s, state.model("h"))


@pytest.mark.parametrize(("keywords", "benefits"), [(["Beorning"], True), (["Man"], False)])
def test_leader_of_the_beornings_stands_fast_only_for_beornings(keywords: list[str], benefits: bool) -> None:
    grimbeorn = hero("Grimbeorn", special_rules=["Leader of the Beornings"])
    state = battle([model("g", grimbeorn, 10, 10), model("w", profile("W", keywords=keywords), 12, 10)])
    assert stands_fast_for(state, state.model("g"), state.model("w")) is benefits
    assert parse("Leader of the Beornings").note.startswith("not refereed: only Beorning")


# -- banners, Dominant, wards, free points, magic -----------------------------------------------------------


@pytest.mark.parametrize(
    ("keywords", "gap", "banner"), [(["Dwarf"], 2.0, True), (["Dwarf"], 4.0, False), (["Man"], 1.0, False)]
)
def test_du_bekar_makes_thorin_a_banner_to_dwarves(keywords: list[str], gap: float, banner: bool) -> None:
    thorin = hero("Thorin", keywords=["Infantry", "Hero", "Dwarf"], special_rules=["Du Bekâr"])
    state = battle(
        [model("d", profile("D", keywords=keywords), 10, 10), model("t", thorin, 10, 10 + D + gap)]
    )
    assert (banner_for(state, "good", [state.model("d")]) is not None) is banner


@pytest.mark.parametrize(("gap", "counts"), [(5.0, 2), (7.0, 1)])
def test_protection_of_the_white_tree_counts_two_near_a_gondor_general(gap: float, counts: int) -> None:
    general = hero("Denethor", keywords=["Infantry", "Hero", "Man", "Gondor"])
    guard = profile("Guard", special_rules=["Protection of the White Tree"])
    state = battle([model("d", general, 10, 10), model("g", guard, 10, 10 + D + gap)], general={"good": "d"})
    assert weight(state, state.model("g")) == counts


def test_captain_of_the_guard_needs_braga_to_have_will() -> None:
    braga = hero("Braga, Captain of the Guard", will=1, special_rules=["Captain of the Guard"])
    state = battle([model("b", braga, 10, 10), model("g", profile("Lake-town Guard"), 12, 10)])
    assert weight(state, state.model("g")) == 2
    state.model("b").will = 0
    assert weight(state, state.model("g")) == 1


def test_oblivious_to_pain_ignores_a_wound_on_a_natural_6() -> None:
    tough = profile("Tough", defence=4, wounds=2, special_rules=["Oblivious to Pain"])
    _, lines = fight(
        [model("o", profile("O", fight=5), 10, 20)],
        [model("t", tough, 10 + D, 20)],
        [6, 1, 5, 6, 5, 2, *NEXT_TURN],
    )
    assert "Oblivious to Pain roll for Tough: 6, the Wound is ignored." in lines


def test_without_a_ward_the_wound_stands() -> None:
    plain = profile("Plain", defence=4, wounds=2)
    _, lines = fight(
        [model("o", profile("O", fight=5), 10, 20)], [model("t", plain, 10 + D, 20)], [6, 1, 5, *NEXT_TURN]
    )
    assert not any("roll for Plain" in line for line in lines)
    assert "Plain suffers 1 Wound from O (1 left)." in lines


def test_the_lady_of_lorien_gains_a_free_will_point_and_loses_it_unspent() -> None:
    galadriel = hero("Galadriel", will=3, special_rules=["The Lady of Lórien"])
    state = battle([model("g", galadriel, 10, 10)])
    ctx = Ctx(state, ScriptedDice([]))
    mighty_hero_gains(ctx)
    assert state.model("g").will == 4
    mighty_hero_loses(ctx)
    assert state.model("g").will == 3


@pytest.mark.parametrize(("keywords", "dice"), [(["Rivendell"], 1), (["Lothlórien"], 0)])
def test_songs_of_elbereth_give_rivendell_friends_a_free_resist_die(keywords: list[str], dice: int) -> None:
    lindir = hero(
        "Lindir", keywords=["Infantry", "Hero", "Elf", "Rivendell"], special_rules=["Songs of Elbereth"]
    )
    state = battle([model("l", lindir, 10, 10), model("e", profile("E", keywords=keywords), 12, 10)])
    assert free_resist_dice(state, state.model("e"))[0] == dice


# -- S13 Stalk Unseen, Fell Sight, Keen Sight -----------------------------------------------------------


def stalking(shooter_rules: list[str], gap: float, rock: bool = True, gollum: dict | None = None):
    """Gollum half behind a rock that blocks sight (the rock covers his left side), an archer
    `gap` inches away straight south of him."""
    from rules_core.terrain import new_piece

    archer = profile("Archer", shoot=3, missile={"name": "Bow", "range": 24.0, "strength": 2},
                     special_rules=shooter_rules)  # fmt: skip
    g = gollum or profile("Gollum", keywords=["Infantry"], special_rules=["Stalk Unseen"])
    gx, gy = 20.0, 30.0
    terrain = [new_piece("rocks", polygon=[[gx - 3, gy - 1.0], [gx - 0.05, gy - 1.0], [gx - 0.05, gy - 0.7],
                                            [gx - 3, gy - 0.7]], height=3.0)] if rock else []  # fmt: skip
    state = new_battle(
        setup([model("a", archer, gx, gy - gap - D)], [model("g", g, gx, gy)], terrain=terrain)
    )
    from rules_core.shooting import why_not_target

    return why_not_target(state, state.model("a"), state.model("g"))


def test_s13_partly_hidden_beyond_6_inches_gollum_cannot_be_targeted() -> None:
    assert "stalks unseen" in (stalking([], 7.0) or "")


def test_s13_from_6_inches_or_with_a_clear_view_he_can() -> None:
    assert stalking([], 5.9) is None
    assert stalking([], 10.0, rock=False) is None


def test_s13a_fell_sight_ignores_stalk_unseen() -> None:
    assert stalking(["Fell Sight"], 10.0) is None


def test_s13b_a_cavalry_model_is_not_protected() -> None:
    from rules_core.battlefield import stalks_unseen

    archer = profile("Archer", missile={"name": "Bow", "range": 24.0, "strength": 2})
    rider = {
        **model("g", profile("Rider", special_rules=["Stalk Unseen"]), 20, 30),
        "mount": profile("Horse"),
    }
    state = new_battle(setup([model("a", archer, 20, 20)], [rider]))
    assert not stalks_unseen(state, state.model("a"), state.model("g"))


# -- The Gleaming Horde, Prenatural Agility, Survival Instinct, Silent Hunters ---------------------------


def horde(rules_: list[str], shields: bool = True) -> BattleState:
    kataphrakt = profile("K", defence=5, special_rules=rules_, wargear=["shield"] if shields else [])
    horse = profile("Horse", defence=4)
    riders = [{**model(f"k{i}", kataphrakt, 10 + i * D, 10), "mount": horse} for i in range(3)]
    return battle(riders)


def test_the_gleaming_horde_gives_rider_and_mount_plus_one_defence_between_two_friends() -> None:
    from rules_core.wounds import part_defence

    state = horde(["The Gleaming Horde"])
    middle = state.model("k1")
    assert part_defence(state, middle, "rider") == 6 and part_defence(state, middle, "mount") == 5
    assert part_defence(state, state.model("k0"), "rider") == 5  # touches only one friend


def test_shieldwall_alone_gives_a_mounted_model_nothing() -> None:
    from rules_core.wounds import part_defence

    state = horde(["Shieldwall"])
    assert part_defence(state, state.model("k1"), "rider") == 5


def test_prenatural_agility_is_never_trapped_while_standing() -> None:
    walls = [
        {"name": "North wall", "polygon": [[0, 0], [30, 0], [30, 19.5], [0, 19.5]], "impassable": True},
        {"name": "South wall", "polygon": [[0, 20.5], [30, 20.5], [30, 30], [0, 30]], "impassable": True},
    ]
    agile = profile("Agile", wounds=3, special_rules=["Prenatural Agility"])
    behind = model("b", profile("Behind"), 10 - D, 20)
    _, lines = fight(
        [model("o", profile("O", fight=5), 10 + D, 20)],
        [model("a", agile, 10, 20), behind],
        [1, 6, 1, 3, *NEXT_TURN],
        terrain=walls,
    )
    assert (
        "Agile cannot back away, but stands where it is: never Trapped while standing (Prenatural Agility)."
        in lines
    )
    assert len([line for line in lines if line.startswith("O's Strike on Agile")]) == 1


def test_survival_instinct_tests_courage_after_a_wound_and_flees_on_a_failure() -> None:
    beast = profile("Beast", wounds=3, courage=7, special_rules=["Survival Instinct"])
    state, lines = fight(
        [model("o", profile("O", fight=5), 10, 20)],
        [model("b", beast, 10 + D, 20)],
        [1, 6, 6, 2, 3, *NEXT_TURN],
    )
    assert any("takes a Courage test (Survival Instinct: a Wound got through)" in line for line in lines)
    assert state.model("b").status != "on_board"


def test_without_survival_instinct_no_test() -> None:
    beast = profile("Beast", wounds=3, courage=7)
    _, lines = fight(
        [model("o", profile("O", fight=5), 10, 20)], [model("b", beast, 10 + D, 20)], [1, 6, 6, *NEXT_TURN]
    )
    assert not any("Courage test" in line for line in lines)


def test_silent_hunters_are_hidden_only_by_woods() -> None:
    from rules_core.battlefield import stalks_unseen
    from rules_core.terrain import new_piece

    spider = profile("Spider", special_rules=["Silent Hunters"])
    archer = profile("Archer", missile={"name": "Bow", "range": 24.0, "strength": 2})
    for kind, hidden in (("wood", True), ("rubble", False)):
        piece = new_piece(kind, polygon=[[15, 25], [25, 25], [25, 35], [15, 35]])
        state = new_battle(setup([model("a", archer, 20, 15)], [model("s", spider, 20, 30)], terrain=[piece]))
        assert stalks_unseen(state, state.model("a"), state.model("s")) is hidden, kind


def test_the_heralds_duty_is_plus_one_defence_for_each_herald_touching() -> None:
    herald = profile("Herald", defence=5, special_rules=["The Herald's Duty"])
    state = battle(
        [model("a", herald, 10, 10), model("b", herald, 10 + D, 10), model("c", herald, 10 - D, 10)]
    )
    assert [defence(state, state.model(i)) for i in ("a", "b")] == [7, 6]
    state.model("c").x = 30
    assert defence(state, state.model("a")) == 6


@pytest.mark.parametrize(("rules_", "barred"), [(["Lumbering"], True), ([], False)])
def test_lumbering_bombur_may_never_declare_a_heroic_move(rules_: list[str], barred: bool) -> None:
    from rules_core.heroic import HEROIC_ACTIONS

    state = battle([model("b", hero("Bombur", special_rules=rules_), 10, 10)])
    said = HEROIC_ACTIONS["heroic_move"].blocked(state, state.model("b"))
    assert (said == "Bombur may never declare a Heroic Move (Lumbering).") is barred


URUK = profile("Uruk", fight=5, strength=4, special_rules=["Cleaving Blow"])
CAPTAIN = profile("Captain", defence=5, wounds=2)


@pytest.mark.parametrize(("face", "left"), [(6, 0), (5, 1)])
def test_cleaving_blow_a_natural_6_to_wound_makes_two_wounds(face: int, left: int) -> None:
    state, lines = fight(
        [model("u", URUK, 10, 20)], [model("c", CAPTAIN, 10 + D, 20)], [1, 6, face, *NEXT_TURN]
    )
    assert state.model("c").wounds == left or state.model("c").status == "casualty"
    if face == 6:
        assert (
            "Uruk's Strike on Captain: To Wound 5+ (S4 against D5), rolls 6: wounds with a natural 6: 2 Wounds."
            in lines
        )


def test_cleaving_blow_odds_count_the_second_wound_on_a_six() -> None:
    plain = {**URUK, "special_rules": []}
    cleaving = fight_choice_odds([model("u", URUK, 10, 20)], [model("c", CAPTAIN, 10 + D, 20)])
    without = fight_choice_odds([model("u", plain, 10, 20)], [model("c", CAPTAIN, 10 + D, 20)])
    win = exact(cleaving, "Good wins the Duel")
    assert exact(cleaving, "Captain is slain") / win == Fraction(1, 6)
    assert exact(without, "Captain is slain") == 0


def test_cloud_of_birds_is_hit_only_on_a_6_and_swift_shot_never_takes_the_move_penalty() -> None:
    from rules_core.shooting import shoot_value, to_hit_need

    bow = {"name": "Bow", "range": 24.0, "strength": 2}
    state = battle(
        [
            model("a", profile("A", shoot=3, missile=bow), 10, 10),
            model("b", rules("Swift Shot", shoot=3, missile=bow), 12, 10),
        ],
        [model("c", rules("Cloud of Birds"), 10, 20), model("o", profile("O"), 12, 20)],
    )
    a, b = state.model("a"), state.model("b")
    assert to_hit_need(state, a, state.model("c")) == 6 and to_hit_need(state, a, state.model("o")) == 3
    a.moved = b.moved = 1.0
    assert (shoot_value(a), shoot_value(b)) == (4, 3)


@pytest.mark.parametrize(("wounds", "attacks_now"), [(4, 6), (3, 3)])
def test_many_tentacles_caps_the_attacks_at_3_once_wounded_to_3(wounds: int, attacks_now: int) -> None:
    state = battle([model("w", rules("Many Tentacles", attacks=6, wounds=8), 10, 10)])
    state.model("w").wounds = wounds
    assert attacks(state, state.model("w"), []) == attacks_now


@pytest.mark.parametrize(("gap", "will"), [(5.0, 4), (7.0, 3)])
def test_wise_counsel_gives_elrond_a_free_will_point_near_lindir(gap: float, will: int) -> None:
    elrond = hero("Elrond", will=3, special_rules=["Wise Counsel"])
    state = battle([model("e", elrond, 10, 10), model("l", hero("Lindir"), 10, 10 + D + gap)])
    mighty_hero_gains(Ctx(state, ScriptedDice([])))
    assert state.model("e").will == will


@pytest.mark.parametrize(("rules_", "flees"), [(["Feral"], True), ([], False)])
def test_a_feral_fell_beast_flees_when_its_rider_falls(rules_: list[str], flees: bool) -> None:
    from rules_core.courage import SEPARATED, Test

    beast = profile("Fell Beast", attacks=2, courage=2, special_rules=rules_)
    state = battle([model("b", beast, 10, 10)])
    ctx = Ctx(state, ScriptedDice([6, 6]))
    test = Test("b", "courage", SEPARATED, "its rider is gone", on_fail="flee")
    state.stack.append(test)
    test.step(ctx)
    assert (state.model("b").status == "fled") is flees
