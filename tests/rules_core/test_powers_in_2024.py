"""A battle played with the 2024 Magical Powers (setup `powers: "2024"`): each power the 2024
rules change, as magical-powers-2024.md §3 gives it, against the same scene in a battle played
with magical-powers.md (the default), which must not change."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, apply, new_battle, powers_note
from rules_core.courage import courage_modifier
from rules_core.shooting import to_hit_need
from rules_core.state import BattleState

from .builders import BASE_25MM, NEXT_TURN, cast, choices, model, play, profile, setup, skip_until, texts
from .powers import CASTER, after_cast, cast_power, scene
from .test_powers_aid import FAR_ORC, cast_and_stand, ready, wizard
from .test_powers_auras import charge

NEW = {"powers": "2024"}
RUIN = {"name": "Ruined tower", "polygon": [[7, 21], [13, 21], [13, 27], [7, 27]]}


def orc(model_id: str = "orc", x: float = 10, y: float = 24, **stats) -> dict:
    return model(model_id, profile(stats.pop("name", "Orc"), **stats), x, y)


def rider(model_id: str = "rider", x: float = 10, y: float = 24) -> dict:
    return {**model(model_id, profile("Warg rider"), x, y), "mount": profile("Warg")}


# -- the setting -------------------------------------------------------------------------------


def test_a_battle_is_played_with_the_classic_powers_unless_its_setup_says_2024() -> None:
    old = new_battle(setup([orc("a")], [orc("b", y=4)]))
    assert (old.powers, powers_note(old)) == ("classic", "")
    state = new_battle(setup([orc("a")], [orc("b", y=4)], **NEW))
    assert state.powers == "2024" and BattleState.from_dict(state.to_dict()).powers == "2024"
    assert powers_note(state).startswith("Played with the 2024 Magical Powers: no channelled forms")
    assert "Black Dart, Call Winds, Collapse Rocks" in powers_note(state)
    assert "Tremor (2024:" in powers_note(state)  # a change the referee does not apply, said
    with pytest.raises(RuleViolation, match="There are no Magical Powers called 'newest'"):
        new_battle(setup([orc("a")], [orc("b", y=4)], powers="newest"))


def test_a_2024_change_the_referee_does_not_apply_is_said_on_the_cast_it_offers() -> None:
    state, _ = scene("Tremor", [orc(), FAR_ORC], **NEW)
    offer = next(a for a in choices(state, "good") if a.kind == "cast")
    assert offer.label.endswith("(its 2024 change is not refereed: played as magical-powers.md)")
    state, _ = scene("Tremor", [orc(), FAR_ORC])
    assert "not refereed" not in next(a for a in choices(state, "good") if a.kind == "cast").label


# -- T-mp24-10: Heroic Channelling, and T-mp24-12: Black Dart ----------------------------------


@pytest.mark.parametrize(("powers", "need", "strength"), [({}, 3, 9), (NEW, 4, 6)])
def test_t_mp24_12_black_dart_is_a_strength_6_hit_in_2024(powers, need, strength) -> None:
    state, dice = scene("Black Dart", [orc(defence=5, wounds=2), FAR_ORC], **powers)
    state, said = cast_power(state, dice, [5, 4], "orc")
    assert after_cast(said)[0] == (
        f"Saruman's Black Dart on Orc: To Wound {need}+ (S{strength} against D5), rolls 4: wounds."
    )


def test_t_mp24_10_heroic_channelling_makes_the_casting_a_6_but_the_power_has_no_channelled_form() -> None:
    state, dice = scene("Black Dart", [orc(wounds=3), FAR_ORC], channelled=True, **NEW)
    offer = next(a for a in choices(state, "good") if a.kind == "cast")
    assert "(Heroic Channelling: counts as a 6)" in offer.label
    state, said = cast_power(state, dice, [4], "orc")  # no Casting dice; the To Wound 4 (S6 v D4: 3+)
    assert (
        "Heroic Channelling: Saruman's Casting test counts as a 6; "
        "Black Dart has no channelled form in the 2024 powers." in said
    )
    assert after_cast(said)[-1] == "Orc suffers 1 Wound from Saruman (2 left)."  # not D3 Wounds
    assert dice.unused == [] and state.model(CASTER).might == 0


# -- hits ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("powers", "strength", "need", "prone"), [({}, 5, 6, False), (NEW, 7, 5, True)])
def test_collapse_rocks_is_a_strength_7_hit_that_knocks_prone_in_2024(powers, strength, need, prone) -> None:
    state, dice = scene("Collapse Rocks", [orc(defence=8), FAR_ORC], terrain=[RUIN], **powers)
    state, said = cast_power(state, dice, [3, 2], "orc")
    assert (
        f"Saruman's Collapse Rocks on Orc: To Wound {need}+ (S{strength} against D8), rolls 2: fails to wound."
        in said
    )
    assert state.model("orc").prone is prone


def test_call_winds_blows_d3_plus_3_inches_and_leaves_the_rest_of_the_combat_standing_in_2024() -> None:
    foe = model("warrior", profile("Warrior"), 10 + BASE_25MM, 24)
    state, dice = scene("Call Winds", [orc(), FAR_ORC], good=(foe,), **NEW)
    state, said = cast_power(state, dice, [3, 4], "orc")  # the D3 from a 4: 2, and 3 more
    assert after_cast(said) == ['Orc is blown 5" directly away from Saruman.', "Orc is knocked Prone."]
    assert state.model("orc").pos == (10, 19) and not state.model("warrior").prone


def test_sorcerous_blast_is_a_strength_5_hit_in_place_and_topples_its_combat_in_2024() -> None:
    friend = model("warrior", profile("Warrior"), 10 + BASE_25MM, 24)
    troll = model("troll", profile("Cave troll", strength=6, defence=6, wounds=3), 10 - BASE_25MM, 24)
    state, dice = scene("Sorcerous Blast", [orc(), troll, FAR_ORC], good=(friend,), **NEW)
    state, said = cast_power(state, dice, [3, 5], "orc")
    assert after_cast(said) == [
        "Warrior is knocked Prone.",
        "Orc is knocked Prone.",
        "Saruman's Sorcerous Blast on Orc: To Wound 4+ (S5 against D4), rolls 5: wounds.",
        "Orc suffers 1 Wound from Saruman (0 left).",
        "Orc is slain.",
    ]
    assert not state.model("troll").prone  # Strength 6: it stays standing


@pytest.mark.parametrize(
    ("powers", "name"), [({}, "Nature's Wrath"), (NEW, "Nature's Wrath"), (NEW, "Wrath of Bruinen")]
)
def test_natures_wrath_and_wrath_of_bruinen_reach_the_profiles_range_in_2024(powers, name) -> None:
    evil = [orc(), orc("orc2", 10, 21, name="Orc at 9"), FAR_ORC]
    state, dice = scene(name, evil, **powers)  # the profile's range: 12"
    faces = [3] + ([1, 1] if name == "Wrath of Bruinen" else [])  # Bruinen's S2 hits, failing
    state, said = cast_power(state, dice, faces)
    assert state.model("orc").prone and state.model("orc2").prone is bool(powers)
    if name == "Wrath of Bruinen":
        assert (
            "Saruman's Wrath of Bruinen on Orc: To Wound 5+ (S2 against D4), rolls 1: fails to wound." in said
        )


# -- lasting changes -----------------------------------------------------------------------------


@pytest.mark.parametrize(("powers", "slain"), [({}, False), (NEW, True)])
def test_wither_slays_a_model_whose_strength_falls_to_0_in_2024(powers, slain) -> None:
    state, dice = scene("Wither", [orc(strength=1), FAR_ORC], **powers)
    state, said = cast_power(state, dice, [3], "orc")
    assert (state.model("orc").status == "casualty") is slain
    if slain:
        assert after_cast(said)[0] == "Orc's Strength falls to 0: it is slain."


@pytest.mark.parametrize(("powers", "need"), [({}, 11), (NEW, 10)])
def test_drain_courage_never_makes_a_test_need_more_than_10_in_2024(powers, need) -> None:
    state, dice = scene("Drain Courage", [orc(courage=10), FAR_ORC], **powers)
    state, _ = cast_power(state, dice, [3], "orc")
    assert 10 + state.model("orc").stat_mods.get("courage", 0) == need


def test_fortify_spirit_gives_one_extra_resist_die_in_2024() -> None:
    state, dice = scene("Fortify Spirit", [FAR_ORC], **NEW)
    state, said = cast_power(state, dice, [3], CASTER)
    assert "Saruman rolls one extra Resist die while Fortify Spirit lasts." in said
    assert [e.kind for e in state.effects] == ["fortify_spirit_2024"]


@pytest.mark.parametrize(("powers", "will"), [({}, 3), (NEW, 2)])
def test_strengthen_will_regains_a_spent_point_never_above_the_start_in_2024(powers, will) -> None:
    friend = model(
        "captain",
        profile("Captain", might=0, will=2, fate=0, tier="minor", keywords=["Infantry", "Hero"]),
        12,
        30,
    )
    state, dice = scene("Strengthen Will", [FAR_ORC], good=(friend,), **powers)
    state, said = cast_power(state, dice, [3], "captain")
    assert state.model("captain").will == will
    if powers:
        assert "Captain has spent no Will: Strengthen Will has no effect." in said


def test_panic_steed_knocks_the_rider_flying_with_no_thrown_rider_test_in_2024() -> None:
    state, dice = scene("Panic Steed", [rider(), FAR_ORC], **NEW)
    state, said = cast_power(state, dice, [3, 1], "rider")  # the Knocked Flying hit: 1
    assert after_cast(said)[0] == "Warg flees in panic and is removed; Warg rider is Knocked Flying."
    assert not any("Thrown Rider test:" in line for line in said)
    assert state.model("rider").mount is None and state.model("rider").prone


# -- auras ---------------------------------------------------------------------------------------


def test_t_mp24_1_instil_fear_makes_enemies_within_6_inches_fearful_until_the_end_phase() -> None:
    good = [model("wiz", wizard("Instil Fear"), 10, 30)]
    evil = [
        orc("a", 10, 25, move=8),
        orc("b", 16, 23.5, name="Orc B", move=10),
        orc("c", 7, 26, name="Orc C", move=8),
        FAR_ORC,
    ]
    state, dice = ready(good, evil, **NEW)
    state, events = cast_and_stand(state, dice, cast("wiz", "Instil Fear", 1), [3])
    assert 'Enemies within 6" of Wizard are Fearful until the End phase.' in texts(events)
    assert state.pending.kind != "resist"
    state, events, _ = charge(state, dice, "a", "wiz", [2, 4])
    assert texts(events)[0] == (
        "Orc takes a Courage test (to charge Wizard: Fearful from Instil Fear), needing 6+: rolls 2 + 4 = 6, passed."
    )
    assert state.model("a").pos != (10, 25)  # it charged
    state, events, _ = charge(state, dice, "b", "wiz", [])  # 7" away: no test
    assert not any("Courage test" in line for line in texts(events))
    state, events, _ = charge(state, dice, "c", "wiz", [1, 2])
    assert texts(events)[:2] == [
        "Orc C takes a Courage test (to charge Wizard: Fearful from Instil Fear), needing 6+: rolls 1 + 2 = 3, failed.",
        "Orc C does not dare to charge and cannot move this phase.",
    ]
    assert [(e.kind, e.until) for e in state.effects] == [("instil_fear_2024", "end")]  # Temporary


def test_classic_instill_fear_is_still_a_courage_test_to_flee_at_once() -> None:
    state, dice = scene("Instill Fear", [orc(), FAR_ORC])
    state, said = cast_power(state, dice, [3, 1, 2])
    assert after_cast(said)[-1] == 'Orc flees 6" directly away from Saruman.'


def test_aura_of_dismay_gives_enemies_within_6_inches_minus_1_to_courage_tests_in_2024() -> None:
    evil = [orc(), orc("orc2", 10, 21, name="Orc at 9"), FAR_ORC]
    state, dice = scene("Aura of Dismay", evil, **NEW)
    state, _ = cast_power(state, dice, [3])
    assert courage_modifier(state, state.model("orc")) == (-1, "Aura of Dismay")
    assert courage_modifier(state, state.model("orc2")) == (0, "")
    assert courage_modifier(state, state.model(CASTER)) == (0, "")


def test_enrage_beast_targets_a_friendly_beast_which_suffers_a_wound_at_the_end_phase_in_2024() -> None:
    bear = model(
        "bear", profile("Bear", keywords=["Beast"], fight=4, strength=5, attacks=2, wounds=2), 12, 30
    )
    man = model("man", profile("Man"), 8, 30)
    state, dice = scene("Enrage Beast", [FAR_ORC], good=(bear, man), **NEW)
    offer = next(a for a in choices(state, "good") if a.kind == "cast")
    assert {o["value"] for o in offer.params["target"]["options"]} == {"bear"}
    state, said = cast_power(state, dice, [3], "bear")
    bear_now = state.model("bear")
    assert (
        "Bear is enraged: Fight, Strength and Attacks +2 and Fearless until the End phase, when it suffers a Wound."
        in said
    )
    dice.script.extend(NEXT_TURN)
    state, events = play(state, [("good", {"type": "stand", "model": CASTER})], dice)
    state, events = skip_until(state, dice, "priority")
    assert "End of Enrage Beast: Bear suffers a Wound." in texts(events)
    assert state.model("bear").wounds == bear_now.profile.wounds - 1


@pytest.mark.parametrize("powers", [{}, NEW])
def test_protection_of_the_valar_reaches_a_friend_in_range_and_makes_shots_at_it_1_worse_in_2024(
    powers,
) -> None:
    friend = model("friend", profile("Friend"), 20, 30)  # 9" from Saruman, in the profile's 12"
    archer = orc("archer", 20, 10, missile={"name": "Orc bow", "range": 24.0, "strength": 2})
    state, dice = scene("Protection of the Valar", [archer, FAR_ORC], good=(friend,), **powers)
    if not powers:
        assert refused(state, dice, "friend").startswith(
            "Protection of the Valar targets the caster or a friend within 3"
        )
        return
    state, said = cast_power(state, dice, [3], "friend")
    assert (
        "Friend cannot be targeted by enemy Magical Powers, and enemy shots at it are 1 worse To Hit, "
        "until the End phase." in said
    )
    assert to_hit_need(state, state.model("archer"), state.model("friend")) == 5  # Shoot 4+, 1 worse
    assert to_hit_need(state, state.model("archer"), state.model(CASTER)) == 4


def refused(state, dice, target: str) -> str:
    name = state.model(CASTER).profile.powers[0].name
    with pytest.raises(RuleViolation) as refusal:
        apply(state, "good", cast(CASTER, name, 1, target), dice)
    return refusal.value.message
