"""The special-rules registry (docs/rules/special-rules.md): reading a profile's rules with their
brackets, and the rules read through it (special-rules.md §6 scenarios by their numbers)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core import ScriptedDice, new_battle, rules_to_apply_by_hand
from rules_core.courage import manual_test_action
from rules_core.matchup import charge_odds
from rules_core.scenarios.scoring import weight
from rules_core.special_rules import DOMINANT, TERROR, parse

from .builders import (
    BASE_25MM,
    FAR,
    FAR_EVIL,
    GOOD_PRIORITY,
    NEXT_TURN,
    choices,
    deployed,
    hero,
    model,
    play,
    profile,
    setup,
    skip_until,
    texts,
    to_fight,
)


@pytest.mark.parametrize(
    ("text", "name", "read"),
    [
        ("Terror", "Terror", {"keyword": ""}),
        ("Terror (Hobbit)", "Terror", {"keyword": "Hobbit"}),
        ("Dominant (3)", "Dominant", {"count": 3}),
        ("Fly [SpecialRule]", "Fly", {}),
        ("woodland creature", "Woodland Creature", {}),
        ("Cave Dweller (Moria Goblin Warriors only)", "Cave Dweller", {}),
        ("Goblinbane", "Goblinbane", {"keyword": "Goblin"}),
    ],
)
def test_a_profile_rule_is_read_with_its_bracket(text: str, name: str, read: dict[str, object]) -> None:
    use = parse(text)
    assert use.refereed and use.name == name and use.param is not None
    assert {key: getattr(use.param, key) for key in read} == read


@pytest.mark.parametrize("text", ["Dominant (X)", "Dominant (many)", "A Rule Nobody Wrote"])
def test_a_rule_unknown_or_with_a_bracket_that_does_not_read_is_shown_as_not_refereed(text: str) -> None:
    use = parse(text)
    assert not use.refereed and use.note == "not refereed: players apply it"


def test_typographic_quotes_and_spacing_read_as_plain_ones() -> None:
    assert parse("Dominant ( 3 )").param is not None
    assert parse("Woodland\u00a0 Creature").spec is parse("Woodland Creature").spec


def test_a_rule_refereed_in_part_names_the_part_players_apply() -> None:
    assert parse("Fly").note.startswith("not refereed: flying over models and terrain")
    assert parse("Terror").note == ""


def terror_battle(terror: str, charger: dict) -> tuple:
    sid = profile("Sid", courage=6, special_rules=[terror], base_mm=25.0, keywords=["Infantry", "Man"])
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("c", charger, 20, 26), model("far", profile("Far"), 40, 40)], [model("sid", sid, 20, 20)]
        ),
        dice,
    )
    return state, dice


def charge(model_id: str, target: str, x: float, y: float) -> dict:
    return {"type": "charge", "model": model_id, "target": target, "path": [[x, y]]}


def test_terror_with_a_keyword_frightens_only_models_with_it() -> None:
    hobbit = profile("Hobbit", courage=6, keywords=["Infantry", "Hobbit"])
    state, dice = terror_battle("Terror (Hobbit)", hobbit)
    dice.script.extend([1, 2])
    state, events = play(state, [("good", charge("c", "sid", 20, 21))], dice)
    assert texts(events) == [
        "Hobbit takes a Courage test (to charge Sid, who causes Terror), needing 6+: rolls 1 + 2 = 3, failed.",
        "Hobbit does not dare to charge and cannot move this phase.",
    ]


def test_terror_with_a_keyword_lets_a_model_without_it_charge_with_no_test() -> None:
    man = profile("Man", courage=6, keywords=["Infantry", "Man"])
    state, dice = terror_battle("Terror (Hobbit)", man)
    target = next(a for a in choices(state, "good") if a.kind == "charge" and a.group == "c")
    assert [o["label"] for o in target.params["target"]["options"]] == ["Sid"]
    state, events = play(state, [("good", charge("c", "sid", 20, 21))], dice)
    assert not any("Courage test" in line for line in texts(events))
    assert state.model("c").charged == "sid"


def test_s36_dominant_the_highest_source_counts_and_a_war_horn_is_dominant_2() -> None:
    state = new_battle(
        setup(
            [
                model("general", hero("General", special_rules=["Dominant (2)"]), 10, 10),
                model("ent", profile("Ent", special_rules=["Dominant (3)"]), 12, 10),
                model("horn", profile("Hornblower", wargear=["war horn"]), 14, 10),
                model("warrior", profile("Warrior"), 16, 10),
            ],
            [model("orc", profile("Orc"), 30, 30)],
        )
    )
    state.armies["good"].general = "general"
    assert [weight(state, state.model(i)) for i in ("general", "ent", "horn", "warrior")] == [3, 3, 2, 1]
    assert [use.param.count for use in (parse("Dominant (20)"),) if use.param] == [20]
    assert DOMINANT is parse("Dominant (5)").spec and TERROR is parse("Terror").spec


# -- Courage: Fearless (S5), Harbinger of Evil (S6), Sworn Protector (S17) ---------------------------

TROLL = profile("Cave Troll", courage=6, special_rules=["Terror"], base_mm=40.0, wounds=3)
CHARGE_TROLL = charge("c", "troll", 20, 21.3)


def troll_battle(charger: dict, good: tuple = (), evil: tuple = ()) -> tuple:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("c", charger, 20, 26), model("far", profile("Far"), 40, 40), *good],
            [model("troll", TROLL, 20, 20), *evil],
        ),
        dice,
    )
    return state, dice


def troll_label(state) -> str:
    target = next(a for a in choices(state, "good") if a.kind == "charge" and a.group == "c")
    return next(o["label"] for o in target.params["target"]["options"] if o["value"] == "troll")


def test_s5_fearless_charges_a_terror_model_with_no_roll() -> None:
    dwarf = profile("Dwarf", courage=5, special_rules=["Fearless"])
    state, dice = troll_battle(dwarf)
    assert troll_label(state) == "Cave Troll"
    state, events = play(state, [("good", CHARGE_TROLL)], dice)
    assert (
        texts(events)[0]
        == "Dwarf passes its Courage test (to charge Cave Troll, who causes Terror): Fearless."
    )
    assert state.model("c").charged == "troll"


def test_s5a_without_fearless_the_dwarf_rolls_and_fails() -> None:
    state, dice = troll_battle(profile("Dwarf", courage=5))
    dice.script.extend([2, 2])
    state, events = play(state, [("good", CHARGE_TROLL)], dice)
    assert texts(events)[-1] == "Dwarf does not dare to charge and cannot move this phase."


HARBINGER_6 = 'Harbinger of Evil (6")'
RINGWRAITH = profile("Ringwraith", special_rules=['Harbinger of Evil (12")'])


def test_s5b_fearless_rolls_no_dice_so_harbinger_of_evil_changes_nothing() -> None:
    dwarf = profile("Dwarf", courage=5, special_rules=["Fearless"])
    state, dice = troll_battle(dwarf, evil=(model("wraith", RINGWRAITH, 26, 26),))
    state, events = play(state, [("good", CHARGE_TROLL)], dice)
    assert texts(events)[0].endswith(": Fearless.")


def test_s6_harbinger_of_evil_takes_one_off_a_courage_test_within_its_range() -> None:
    state, dice = troll_battle(profile("Warrior", courage=7), evil=(model("wraith", RINGWRAITH, 31, 26),))
    assert troll_label(state) == "Cave Troll (Terror: Courage 7+, 42%)"
    dice.script.extend([4, 3])
    state, events = play(state, [("good", CHARGE_TROLL)], dice)
    assert texts(events) == [
        "Warrior takes a Courage test (to charge Cave Troll, who causes Terror), needing 7+: "
        "rolls 4 + 3 = 7, -1 (Harbinger of Evil) = 6, failed.",
        "Warrior does not dare to charge and cannot move this phase.",
    ]


@pytest.mark.parametrize(
    ("case", "charger", "wraiths", "faces", "total"),
    [
        ("a: out of range", profile("Warrior", courage=7), [(34, 26)], [4, 3], "7"),
        ("b: two do not add up", profile("Warrior", courage=7), [(31, 26), (29, 29)], [5, 3], "8, -1"),
        ("c: its own rule", profile("Warrior", courage=7, special_rules=[HARBINGER_6]), [(31, 26)], [4, 3], "7"),
    ],
)  # fmt: skip
def test_s6_variants_harbinger_of_evil_does_not_apply(case: str, charger, wraiths, faces, total: str) -> None:
    evil = tuple(model(f"wraith{i}", RINGWRAITH, x, y) for i, (x, y) in enumerate(wraiths))
    state, dice = troll_battle(charger, evil=evil)
    dice.script.extend(faces)
    state, events = play(state, [("good", CHARGE_TROLL)], dice)
    assert f"rolls {faces[0]} + {faces[1]} = {total}" in texts(events)[0] and "passed" in texts(events)[0], (
        case
    )


BALIN = profile("Balin", courage=4, special_rules=["Sworn Protector (Thorin)"])


def test_s17_sworn_protector_passes_while_the_named_friend_is_on_the_battlefield() -> None:
    thorin = model("thorin", profile("Thorin Oakenshield, King under the Mountain"), 40, 30)
    state, dice = troll_battle(BALIN, good=(thorin,))
    state, events = play(state, [("good", CHARGE_TROLL)], dice)
    assert texts(events)[0] == (
        "Balin passes its Courage test (to charge Cave Troll, who causes Terror): "
        "Sworn Protector (Thorin Oakenshield, King under the Mountain is on the battlefield)."
    )


def test_s17b_sworn_protector_without_the_named_friend_tests_as_normal() -> None:
    thorough = model("thorough", profile("Thoroughbred Captain"), 40, 30)  # not Thorin, though it starts so
    state, dice = troll_battle(BALIN, good=(thorough,))
    dice.script.extend([2, 1])
    state, events = play(state, [("good", CHARGE_TROLL)], dice)
    assert texts(events)[0].endswith("rolls 2 + 1 = 3, failed.")


# -- Will of Evil (S10) ----------------------------------------------------------------------------


def wraith_fight(will: int, apart: float = BASE_25MM) -> tuple:
    wraith = hero("Ringwraith", might=0, will=will, fate=0, defence=10, special_rules=["Will of Evil"])
    warrior = profile("Warrior", defence=10)
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1, 1, 1])  # the Duel: the Warrior wins, then fails to wound
    state, events = to_fight(
        [model("a", warrior, 10, 20), *FAR],
        [model("r", wraith, 10 + apart, 20), *FAR_EVIL],
        dice,
        next_turn=True,
    )
    return state, texts(events)


def test_s10_will_of_evil_gives_up_a_will_point_in_the_end_phase_of_a_turn_it_fought() -> None:
    state, said = wraith_fight(will=2)
    assert "Ringwraith gives up 1 Will (Will of Evil): 1 left." in said
    assert state.model("r").will == 1


def test_s10_at_no_will_left_it_is_banished() -> None:
    state, said = wraith_fight(will=1)
    assert said[said.index("Ringwraith gives up 1 Will (Will of Evil): 0 left.") :][:3] == [
        "Ringwraith gives up 1 Will (Will of Evil): 0 left.",
        "Ringwraith has no Will left and is banished.",
        "Ringwraith is slain.",
    ]
    assert state.model("r").status == "casualty"


def test_s10_variant_a_turn_it_fought_nobody_costs_no_will() -> None:
    state, said = wraith_fight(will=2, apart=10)
    assert not any("Will of Evil" in line for line in said) and state.model("r").will == 2


# -- Fearful (S20) ---------------------------------------------------------------------------------

SIGRID = profile("Sigrid", courage=6, special_rules=["Fearful"])


def test_s20_fearful_charging_a_terror_model_takes_two_tests_fearful_first() -> None:
    state, dice = troll_battle(SIGRID)
    dice.script.extend([4, 3, 2, 3])
    state, events = play(state, [("good", CHARGE_TROLL)], dice)
    assert texts(events) == [
        "Sigrid takes a Courage test (to charge Cave Troll: it is Fearful), needing 6+: rolls 4 + 3 = 7, passed.",
        "Sigrid takes a Courage test (to charge Cave Troll, who causes Terror), needing 6+: rolls 2 + 3 = 5, failed.",
        "Sigrid does not dare to charge and cannot move this phase.",
    ]


def test_s20_a_failed_fearful_test_stops_a_charge_at_any_enemy_with_no_second_test() -> None:
    orc = profile("Orc")
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("c", SIGRID, 20, 26), model("far", profile("Far"), 40, 40)], [model("orc", orc, 20, 20)]
        ),
        dice,
    )
    dice.script.extend([1, 2])
    state, events = play(state, [("good", charge("c", "orc", 20, 21))], dice)
    assert texts(events) == [
        "Sigrid takes a Courage test (to charge Orc: it is Fearful), needing 6+: rolls 1 + 2 = 3, failed.",
        "Sigrid does not dare to charge and cannot move this phase.",
    ]


# -- Monstrous Charge (S12) ------------------------------------------------------------------------


def eagle_charges(
    rules: list[str], orc_strength: int = 3, orc_rules: tuple[str, ...] = (), stance: int = 1
) -> list[str]:
    eagle = profile("Eagle", fight=6, strength=6, attacks=2, move=12.0, special_rules=rules)
    orc = profile("Orc", fight=3, strength=orc_strength, defence=4, wounds=3, special_rules=list(orc_rules))
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("e", eagle, 20, 26), model("far", profile("Far"), 40, 40)],
            [model("orc", orc, 20, 20), model("zfar", profile("Far orc"), 2, 2)],
        ),
        dice,
    )
    state, events = play(state, [("good", charge("e", "orc", 20, 21))], dice)
    dice.script.extend([6, 2, 1, 1, *([stance] if orc_rules else []), *[1] * 8, 6, 1])
    state, more = skip_until(state, dice, "end")
    return texts(events + more)


def test_s12_monstrous_charge_rolls_an_extra_die_and_knocks_a_weaker_enemy_prone() -> None:
    said = eagle_charges(["Monstrous Charge"])
    assert "Duel: Eagle rolls 6, 2, 1; Orc rolls 1." in said
    assert "Orc is knocked Prone." in said


def test_s12a_without_it_the_charger_rolls_its_own_attacks_and_knocks_nobody_down() -> None:
    said = eagle_charges([])
    assert "Duel: Eagle rolls 6, 2; Orc rolls 1." in said
    assert "Orc is knocked Prone." not in said


def test_s12_an_enemy_of_equal_strength_stays_on_its_feet() -> None:
    said = eagle_charges(["Monstrous Charge"], orc_strength=6)
    assert "Duel: Eagle rolls 6, 2, 1; Orc rolls 1." in said and "Orc is knocked Prone." not in said


# -- General Hunter (S25) --------------------------------------------------------------------------


def wulf_slays_the_king(general: bool, rules: tuple[str, ...] = ("General Hunter",)) -> tuple:
    wulf = hero("Wulf", might=3, will=0, fate=0, strength=5, special_rules=list(rules))
    king = hero("King", might=0, will=0, fate=0, defence=3, wounds=1, fight=1)
    dice = ScriptedDice([*GOOD_PRIORITY, 1, 1, 6, 6, 6, 1, *NEXT_TURN])  # Wulf's two Strikes: 6, 1
    chief = model("chief", hero("Chief", might=0, will=0, fate=0), 40, 30)
    battle_setup = setup(
        [model("k", king, 10, 20), chief, *FAR], [model("w", wulf, 10 + BASE_25MM, 20), *FAR_EVIL]
    )
    battle_setup["armies"]["good"]["general"] = "k" if general else "chief"
    state = new_battle(battle_setup)
    state.models["w"].might = 2  # one Might spent earlier
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    state, events = play(state, [(state.pending.side, {"type": "priority", "side": "good"})], dice)
    state, more = skip_until(state, dice, "end")
    return state.model("w").might, texts(events + more)


def test_s25_general_hunter_regains_a_might_point_for_slaying_the_general() -> None:
    might, said = wulf_slays_the_king(general=True)
    assert "Wulf regains 1 Might for slaying the enemy General, King (General Hunter) (3 now)." in said
    assert might == 3


@pytest.mark.parametrize(("general", "rules"), [(False, ("General Hunter",)), (True, ())])
def test_s25a_no_might_for_a_hero_who_is_not_the_general_nor_without_the_rule(general: bool, rules) -> None:
    might, said = wulf_slays_the_king(general, rules)
    assert "King is slain." in said and might == 2


# -- Unyielding Combat Stance (S40) ----------------------------------------------------------------


@pytest.mark.parametrize(("face", "prone"), [(4, False), (3, True)])
def test_s40_unyielding_combat_stance_stays_up_on_a_4(face: int, prone: bool) -> None:
    said = eagle_charges(["Monstrous Charge"], orc_rules=("Unyielding Combat Stance",), stance=face)
    result = "it falls" if prone else "it stays on its feet"
    assert f"Orc rolls {face} for Unyielding Combat Stance: {result}." in said
    assert ("Orc is knocked Prone." in said) is prone


# -- Mighty Hero (2.39) ----------------------------------------------------------------------------


def test_mighty_hero_gains_a_free_might_point_each_turn_and_loses_it_unspent() -> None:
    aragorn = hero("Aragorn", might=3, will=0, fate=0, special_rules=["Mighty Hero"])
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(setup([model("a", aragorn, 10, 10), *FAR], [model("o", profile("Orc"), 40, 40)]), dice)
    assert state.model("a").might == 4
    dice.script.extend(NEXT_TURN)
    state, events = skip_until(state, dice, "end")
    said = texts(events)
    assert "Aragorn's unspent free Might point is lost: 3." in said
    assert "Aragorn gains a free Might point (Mighty Hero): 4." in said and state.model("a").might == 4


def test_a_hero_without_mighty_hero_keeps_his_store() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup([model("a", hero("Boromir", might=3), 10, 10), *FAR], [model("o", profile("Orc"), 40, 40)]),
        dice,
    )
    assert state.model("a").might == 3


def test_a_test_on_request_suggests_the_side_s_rules_the_referee_does_not_apply() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    good = [
        model("a", profile("Rider", special_rules=["Combat Synergy", "Terror", "Fly"]), 10, 10),
        *FAR,
    ]
    state = deployed(setup(good, [model("o", profile("Orc", special_rules=["Stalk Unseen"]), 40, 40)]), dice)
    ask = manual_test_action(state, "good")
    assert ask is not None and ask.params["reason"]["suggestions"] == ["Combat Synergy", "Fly"]


# -- Visage of Terror -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "barred"), [(["Terror", "Visage of Terror"], True), (["Terror"], False)])
def test_visage_of_terror_bars_a_model_that_failed_to_charge_from_shooting(
    rules: list[str], barred: bool
) -> None:
    from rules_core.shooting import why_cannot_shoot

    archer = profile(
        "Archer",
        courage=6,
        keywords=["Infantry", "Man"],
        missile={"name": "Bow", "range": 24.0, "strength": 2},
    )
    sid = profile("Sid", courage=6, special_rules=rules, keywords=["Infantry", "Man"])
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("c", archer, 20, 26), model("far", profile("Far"), 40, 40)], [model("sid", sid, 20, 20)]
        ),
        dice,
    )
    dice.script.extend([1, 2])
    state, events = play(state, [("good", charge("c", "sid", 20, 21))], dice)
    said = why_cannot_shoot(state, state.model("c")) or ""
    assert ("cannot shoot this turn" in said) is barred
    assert any("Visage of Terror" in line for line in texts(events)) is barred


def test_s40_the_odds_of_a_charge_weigh_the_unyielding_roll_half_standing_half_fallen() -> None:
    """A Monstrous Charge knocks a weaker Orc down (its Strikes roll twice To Wound); with the
    rule it stays up on a 4+: the Wounds and the chance it is slain are the average of both."""

    def orc_odds(strength: int, rules: tuple[str, ...] = ()) -> tuple[Fraction, Fraction]:
        eagle = profile(
            "Eagle", fight=6, strength=6, attacks=2, move=12.0, special_rules=["Monstrous Charge"]
        )
        orc = profile("Orc", fight=3, strength=strength, defence=4, wounds=3, special_rules=list(rules))
        state = new_battle(setup([model("e", eagle, 20, 26)], [model("orc", orc, 20, 20)]))
        data = charge_odds(state, state.model("e"), state.model("orc"))
        wounds = next(e["exact"] for e in data["expected"] if e["label"] == "Wounds on Orc")
        slain = next(o["exact"] for o in data["outcomes"] if o["label"] == "Orc is slain")
        return Fraction(wounds["num"], wounds["den"]), Fraction(slain["num"], slain["den"])

    fallen, standing = orc_odds(3), orc_odds(6)  # Strength 6: the charge knocks it down no more
    assert fallen != standing
    unyielding = orc_odds(3, ("Unyielding Combat Stance",))
    assert unyielding == tuple((f + s) / 2 for f, s in zip(fallen, standing, strict=True))


# -- Master of Battle (2.34) -----------------------------------------------------------------------


def heroic_move_near_a_master(face: int, x: float = 14) -> tuple:
    """Good's Aragorn declares a Heroic Move; Evil's Captain, with Master of Battle (4+), stands at x."""
    aragorn = hero("Aragorn", might=2, will=0, fate=0)
    captain = hero("Captain", might=0, will=0, fate=0, special_rules=["Master of Battle (4+)"])
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup([model("a", aragorn, 10, 20), *FAR], [model("c", captain, x, 20), *FAR_EVIL]), dice
    )
    assert state.pending.side == "good"  # Evil, without Priority, passed: its Captain has no Might
    dice.script.append(face)
    declare = {"type": "declare", "hero": "a", "action": "heroic_move"}
    state, events = play(state, [("good", declare)], dice)
    return state, texts(events)


def test_master_of_battle_answers_an_enemy_heroic_action_with_the_same_for_free_on_its_score() -> None:
    state, said = heroic_move_near_a_master(4)
    assert "Captain rolls 4 for Master of Battle (4+): it may answer with a Heroic Move for free." in said
    assert (state.pending.kind, state.pending.side) == ("master_of_battle", "evil")
    answer = {"type": "answer_heroic", "hero": "c", "action": "heroic_move"}
    state, events = play(state, [("evil", answer)], ScriptedDice([1]))  # both Heroic Moves: the clash roll
    assert "Captain declares a Heroic Move for free (Master of Battle)." in texts(events)
    captain = state.model("c")
    assert captain.heroic["move"] == "heroic_move" and captain.might == 0  # no Might, and none paid


@pytest.mark.parametrize(("face", "x"), [(3, 14), (6, 20)])
def test_master_of_battle_gives_nothing_below_its_score_or_beyond_6_inches(face: int, x: float) -> None:
    state, said = heroic_move_near_a_master(face, x)
    rolled = any("Master of Battle" in line for line in said)
    assert rolled is (x == 14) and state.pending.kind != "master_of_battle"
    assert "move" not in state.model("c").heroic


def test_a_mounts_rule_players_apply_is_named_as_the_mounts_not_the_riders() -> None:
    # Snowmane's Faithful Servant is the horse's rule: listed as Snowmane's (Théoden's mount).
    snowmane = profile("Snowmane", special_rules=["Faithful Servant"], fight=0, attacks=0)
    theoden = {
        **model("theoden", hero("Théoden", special_rules=["Skin-changer"]), 10, 40),
        "mount": snowmane,
    }
    state = new_battle(setup([theoden], [model("orc", profile("Orc"), 10, 4)]))
    found = {rule.name: rule.models for rule in rules_to_apply_by_hand(state)}
    assert found == {"Skin-changer": ("Théoden",), "Faithful Servant": ("Snowmane (Théoden's mount)",)}
