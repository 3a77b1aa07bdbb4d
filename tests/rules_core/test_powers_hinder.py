"""Powers that hinder, normal and channelled: what the players read and what is left on the board."""

from __future__ import annotations

import pytest

from rules_core import BattleState, RuleViolation, apply
from rules_core.characteristics import attacks, courage, fight_value
from rules_core.state import Effect

from .builders import BASE_25MM, SKIP_STEP, choices, model, play, profile, texts
from .powers import CASTER, after_cast, cast, cast_power, scene, to_next_turn

FAR = model("far", profile("Far orc"), 40, 4)
"""Keeps Evil in the battle when a scene's target falls, out of reach of every power."""
NO_RESIST = {"type": "no_resist"}


def orc(model_id: str = "orc", x: float = 10, y: float = 24, **stats) -> dict:
    return model(model_id, profile(stats.pop("name", "Orc"), **stats), x, y)


def captain(model_id: str = "captain", x: float = 10, y: float = 24, **stats) -> dict:
    stores = {"might": 0, "will": 0, "fate": 0, "tier": "minor", **stats}
    return model(model_id, profile("Orc captain", **stores), x, y)


def rider(model_id: str = "rider", x: float = 10, y: float = 24, mount: dict | None = None, **stats) -> dict:
    return {**model(model_id, profile("Warg rider", **stats), x, y), "mount": mount or profile("Warg")}


def no_resist(state, dice, faces: tuple[int, ...] = ()):
    dice.script.extend(faces)
    state, events = play(state, [("evil", NO_RESIST)], dice)
    return state, texts(events)[1:]


def refused(state, dice, target: str) -> str:
    name = state.model(CASTER).profile.powers[0].name
    with pytest.raises(RuleViolation) as refusal:
        apply(state, "good", cast(CASTER, name, 1, target), dice)
    return refusal.value.message


# -- Command/Compel ---------------------------------------------------------------------------


def test_compel_moves_the_target_up_to_half_its_move_then_holds_it_until_the_end_phase() -> None:
    state, dice = scene("Compel", [orc(y=20), FAR])
    state, _ = cast_power(state, dice, [3], "orc")
    assert (state.pending.kind, state.pending.side) == ("compel_move", "good")
    assert state.pending.label == 'Good moves Orc with Compel (up to 3")'
    too_far = r'Orc can move 3" but that path needs 4\.00" \(at most 0\.05" over is allowed\)\.'
    with pytest.raises(RuleViolation, match=too_far):
        apply(state, "good", {"type": "compel_move", "path": [[10, 24]]}, dice)
    state, events = play(state, [("good", {"type": "compel_move", "path": [[10, 23]]})], dice)
    assert texts(events) == [
        'Orc moves 3.0".',
        "Orc may not move, shoot, cast, declare Heroic Actions, call Stand Fast or Strike until the End phase.",
    ]
    assert state.model("orc").pos == (10, 23)
    assert [e.kind for e in state.effects_on(state.model("orc"), "compel")] == ["compel"]
    state, _ = play(state, [("good", {"type": "stand", "model": CASTER})], dice)  # now Evil moves
    assert not [a for a in choices(state, "evil") if a.kind == "move" and a.command["model"] == "orc"]
    state, said = to_next_turn(state, dice)
    assert "Compel on Orc ends." in said
    assert state.effects == []


def test_compel_can_drive_its_target_into_a_charge_with_no_courage_test_for_terror() -> None:
    troll = model("troll", profile("Cave troll", special_rules=["Terror"]), 10, 17)
    state, dice = scene("Compel", [orc(y=20), FAR], good=(troll,))
    state, _ = cast_power(state, dice, [3], "orc")
    offer = next(a for a in choices(state, "good") if a.kind == "compel_charge")
    assert offer.params["target"]["options"] == [{"value": "troll", "label": "Cave troll"}]
    state, events = play(
        state, [("good", {"type": "compel_charge", "target": "troll", "path": [[10, 18]]})], dice
    )
    assert texts(events)[0] == 'Orc charges Cave troll (2.0").'
    assert state.model("orc").distance_to(state.model("troll")) == pytest.approx(0)


def test_channelled_compel_also_halves_fight_and_attacks_while_it_holds() -> None:
    state, dice = scene("Compel", [orc(y=20, fight=5, attacks=3), FAR], channelled=True)
    state, _ = cast_power(state, dice, [], "orc")
    state, events = play(state, [("good", {"type": "compel_leave"})], dice)
    assert texts(events) == [
        "Orc may not move, shoot, cast, declare Heroic Actions, call Stand Fast or Strike until the End phase, "
        "and its Fight and Attacks are halved."
    ]
    held = state.model("orc")
    assert (held.pos, fight_value(state, held), attacks(state, held, [])) == ((10, 20), 3, 2)


# -- Curse, Sap Will ---------------------------------------------------------------------------


def test_curse_takes_one_fate_point() -> None:
    state, dice = scene("Curse", [captain(fate=2), FAR])
    state, said = cast_power(state, dice, [3], "captain")
    assert after_cast(said) == ["Orc captain loses 1 Fate to Curse (1 left)."]
    assert state.model("captain").fate == 1


def test_channelled_curse_takes_every_fate_point_of_the_chosen_mount() -> None:
    steed = profile("Fell warg", fate=2, tier="independent")
    state, dice = scene("Curse", [rider(mount=steed, fate=1), FAR], channelled=True)
    state, said = cast_power(state, dice, [], "rider", part="mount")
    assert after_cast(said) == ["Fell warg loses 2 Fate to Curse (0 left)."]
    assert (state.model("rider").mount.fate, state.model("rider").fate) == (0, 1)  # type: ignore[union-attr]


def test_curse_on_a_model_without_fate_says_so() -> None:
    state, dice = scene("Curse", [orc(), FAR])
    state, said = cast_power(state, dice, [3], "orc")
    assert after_cast(said) == ["Orc has no Fate to lose."]


def test_sap_will_takes_d3_will() -> None:
    state, dice = scene("Sap Will", [captain(will=3), FAR])
    state, _ = cast_power(state, dice, [3], "captain")
    state, said = no_resist(state, dice, (4,))  # the D3: 2
    assert said == ["Orc captain loses 2 Will to Sap Will (D3: 2) (1 left)."]
    assert state.model("captain").will == 1


def test_channelled_sap_will_takes_d6_will_and_may_end_the_targets_exhaustion_powers() -> None:
    state, dice = scene("Sap Will", [captain(will=3), FAR], channelled=True)
    state.effects.append(Effect("aura_of_command", "captain", "Aura of Command", "", "exhaustion"))
    state, _ = cast_power(state, dice, [], "captain")
    state, said = no_resist(state, dice, (5,))
    assert said == [
        "Orc captain loses 3 Will to Sap Will (D6: 5) (0 left).",
        "Aura of Command ends: its caster has no Will left.",
    ]
    assert state.effects == []


# -- Wither, Drain Courage ---------------------------------------------------------------------


def test_wither_lowers_strength_by_one_for_the_rest_of_the_battle() -> None:
    state, dice = scene("Wither", [orc(), FAR])
    state, said = cast_power(state, dice, [3], "orc")
    assert after_cast(said) == ["Orc's Strength falls by 1 to 2 for the rest of the battle."]
    assert state.model("orc").stat_mods == {"strength": -1}


def test_channelled_wither_lowers_the_mounts_strength_by_d3_to_no_less_than_1() -> None:
    state, dice = scene("Wither", [rider(), FAR], channelled=True)
    state, said = cast_power(state, dice, [6], "rider", part="mount")  # the D3: 3
    assert after_cast(said) == ["Warg's Strength falls by 2 (D3: 3) to 1 for the rest of the battle."]
    mounted = state.model("rider")
    assert mounted.mount.stat_mods == {"strength": -2} and mounted.stat_mods == {}  # type: ignore[union-attr]


def test_drain_courage_makes_courage_tests_one_harder_each_time() -> None:
    state, dice = scene("Drain Courage", [orc(), FAR])
    state, said = cast_power(state, dice, [3], "orc")
    assert after_cast(said) == [
        "Orc's Courage falls by 1: its Courage tests need 7+ for the rest of the battle."
    ]
    assert state.model("orc").stat_mods == {"courage": 1}
    assert courage(state, state.model("orc")) == 7


def test_channelled_drain_courage_takes_d3_but_a_test_never_needs_more_than_12() -> None:
    state, dice = scene("Drain Courage", [orc(courage=11), FAR], channelled=True)
    state, said = cast_power(state, dice, [5], "orc")
    assert after_cast(said) == [
        "Orc's Courage falls by 1 (D3: 3): its Courage tests need 12+ for the rest of the battle."
    ]
    assert courage(state, state.model("orc")) == 12


# -- Instill Fear ------------------------------------------------------------------------------


def test_instill_fear_tests_each_enemy_in_the_casters_order_and_the_frightened_flee() -> None:
    state, dice = scene("Instill Fear", [orc(), orc("orc2", 14, 26, name="Orc archer"), FAR])
    state, _ = cast_power(state, dice, [3])
    assert (state.pending.kind, state.pending.side) == ("order_tests", "good")
    assert [a.label for a in choices(state, "good")] == ["Orc tests next", "Orc archer tests next"]
    dice.script.extend([3, 3, 1, 2])  # the archer's test, then the Orc's (the last needs no choice)
    state, events = play(state, [("good", {"type": "fear_next", "model": "orc2"})], dice)
    assert texts(events) == [
        "Orc archer takes a Courage test (Instill Fear from Saruman), needing 6+: rolls 3 + 3 = 6, passed.",
        "Orc takes a Courage test (Instill Fear from Saruman), needing 6+: rolls 1 + 2 = 3, failed.",
        'Orc flees 6" directly away from Saruman.',
    ]
    assert (state.model("orc").pos, state.model("orc2").pos) == ((10, 18), (14, 26))


def test_instill_fear_with_one_enemy_needs_no_order_and_a_failure_flees_its_full_move() -> None:
    state, dice = scene("Instill Fear", [orc(), FAR])
    state, said = cast_power(state, dice, [3, 1, 2])
    assert after_cast(said) == [
        "Orc takes a Courage test (Instill Fear from Saruman), needing 6+: rolls 1 + 2 = 3, failed.",
        'Orc flees 6" directly away from Saruman.',
    ]
    assert state.model("orc").pos == (10, 18)


def test_channelled_instill_fear_tests_on_three_dice_dropping_the_highest_and_flight_stops_at_the_edge() -> (
    None
):
    state, dice = scene("Instill Fear", [orc(y=4), FAR], channelled=True, at=(10, 10))
    state, said = cast_power(state, dice, [6, 1, 2])
    assert after_cast(said) == [
        "Orc takes a Courage test (Instill Fear from Saruman), needing 6+: rolls 1 + 2 (dropping 6) = 3, failed.",
        'Orc flees 6" directly away from Saruman but stops after 3.5", at the board edge.',
    ]
    assert state.model("orc").y == pytest.approx(BASE_25MM / 2)


# -- Panic Steed -------------------------------------------------------------------------------


def test_panic_steed_sends_the_mount_fleeing_and_the_rider_takes_its_thrown_rider_test() -> None:
    state, dice = scene("Panic Steed", [rider(), FAR])
    state, said = cast_power(state, dice, [3, 4], "rider")
    assert after_cast(said) == [
        "Warg flees in panic; Warg rider must take a Thrown Rider test.",
        "Warg rider's Thrown Rider test: rolls 4, Rises from the Dust.",
        "Warg rider rises from the dust: it cannot act for the rest of the turn.",
    ]
    assert state.model("rider").mount is None and state.model("rider").on_board


def test_channelled_panic_steed_also_panics_enemy_cavalry_within_3_inches_any_of_which_may_resist() -> None:
    near = rider("rider2", 12, 24, will=1, tier="minor", might=0, fate=0)
    evil = [rider(), near, rider("rider3", 20, 24), orc("orc", 10, 22), FAR]
    state, dice = scene("Panic Steed", evil, channelled=True)
    state, _ = cast_power(state, dice, [], "rider")
    assert (state.pending.kind, state.pending.detail["models"]) == ("resist", ["rider2"])
    state, said = no_resist(state, dice, (6, 6))
    assert [t for t in said if "flees" in t] == [
        "Warg flees in panic; Warg rider must take a Thrown Rider test.",
        "Warg flees in panic; Warg rider must take a Thrown Rider test.",
    ]
    assert [m.id for m in state.models.values() if m.mount is not None] == ["rider3"]


def test_panic_steed_targets_only_cavalry() -> None:
    state, dice = scene("Panic Steed", [orc(), FAR])
    assert refused(state, dice, "orc") == "Orc is not Cavalry: Panic Steed targets only Cavalry."


# -- Paralyse ----------------------------------------------------------------------------------


def test_paralyse_throws_the_target_down_and_holds_it_until_it_rolls_a_6_in_an_end_phase() -> None:
    state, dice = scene("Paralyse", [orc(), FAR])
    state, said = cast_power(state, dice, [3], "orc")
    assert after_cast(said) == [
        "Orc is knocked Prone.",
        "Orc is Paralysed: it may do nothing and makes no Duel rolls until it recovers.",
    ]
    state, said = to_next_turn(state, dice, (5,))
    assert "Orc rolls 5 and stays Paralysed (the referee's assumed rule: a 6 recovers)." in said
    assert [e.kind for e in state.effects] == ["paralyse"] and state.model("orc").prone


def test_a_paralysed_model_does_not_stand_up_and_after_recovering_stands_when_it_next_activates() -> None:
    state, dice = scene("Paralyse", [orc(), FAR])
    state, _ = cast_power(state, dice, [3], "orc")
    state, _ = play(state, [("good", {"type": "stand", "model": CASTER})], dice)
    state, events = play(state, [("evil", {"type": "stand", "model": "orc"})], dice)
    assert texts(events) == ["Orc stays where it is."] and state.model("orc").prone
    state, said = to_next_turn(state, dice, (6,))
    assert "Orc rolls 6 and recovers from Paralyse (the referee's assumed rule: a 6 recovers)." in said
    state, _ = play(state, [("good", {"type": "priority", "side": "good"})], dice)
    while (state.pending.kind, state.pending.side) != ("activate", "evil"):
        state, _ = play(state, [(state.pending.side, SKIP_STEP[state.pending.kind])], dice)
    state, events = play(state, [("evil", {"type": "stand", "model": "orc"})], dice)
    assert texts(events) == [
        "Orc stands up (the cost of standing is not modelled).",
        "Orc stays where it is.",
    ]
    assert not state.model("orc").prone


def test_channelled_paralyse_hits_at_strength_5_at_the_end_of_each_turn_it_lasts() -> None:
    state, dice = scene("Paralyse", [orc(wounds=2), FAR], channelled=True)
    state, _ = cast_power(state, dice, [], "orc")
    state, said = to_next_turn(state, dice, (2, 4))
    assert said[said.index("End phase of turn 1.") + 1 :][:3] == [
        "Orc rolls 2 and stays Paralysed (the referee's assumed rule: a 6 recovers).",
        "Saruman's Paralyse on Orc: To Wound 4+ (S5 against D4), rolls 4: wounds.",
        "Orc suffers 1 Wound from Saruman (1 left).",
    ]


# -- Nature's Wrath and Wrath of Bruinen ------------------------------------------------------


@pytest.mark.parametrize("name", ["Nature's Wrath", "Wrath of Bruinen"])
def test_natures_wrath_and_wrath_of_bruinen_throw_down_every_enemy_within_6_inches_of_the_caster(
    name,
) -> None:
    friend = model("warrior", profile("Warrior"), 12, 26)
    evil = [orc(), rider("rider", 14, 26), orc("orc2", 10, 21.5, name="Orc beyond 6"), FAR]
    state, dice = scene(name, evil, good=(friend,))  # its range is 12": the 6" is the power's own
    state, said = cast_power(state, dice, [3, 1, 1, 1])  # the warg's Courage 1 + 1; the hit: 1
    assert after_cast(said)[:3] == [
        "Orc is knocked Prone.",
        "Warg rider is knocked Prone.",
        "Warg rider is knocked Prone on horseback and is thrown.",
    ]
    assert (
        "Warg rider knocked flying, suffers a Strength 3 hit and is knocked Prone: "
        "it cannot act for the rest of the turn." in said
    )
    assert [m for m in state.models if state.model(m).prone] == ["orc", "rider"]


def test_channelled_natures_wrath_hits_every_enemy_thrown_down_at_strength_2() -> None:
    state, dice = scene(
        "Nature's Wrath", [orc(), orc("orc2", 13, 26, name="Second orc"), FAR], channelled=True
    )
    state, said = cast_power(state, dice, [4, 5])
    assert after_cast(said) == [
        "Orc is knocked Prone.",
        "Second orc is knocked Prone.",
        "Saruman's Nature's Wrath on Orc: To Wound 5+ (S2 against D4), rolls 4: fails to wound.",
        "Saruman's Nature's Wrath on Second orc: To Wound 5+ (S2 against D4), rolls 5: wounds.",
        "Second orc suffers 1 Wound from Saruman (0 left).",
        "Second orc is slain.",
    ]
    assert state.model("orc").prone and dice.unused == []


RIVER = {"name": "River Bruinen", "polygon": [[0, 24], [48, 24], [48, 27], [0, 27]]}


def test_channelled_wrath_of_bruinen_hits_at_strength_3_or_9_in_water() -> None:
    evil = [orc(x=6, y=28), orc("orc2", 13, 26, name="Orc in the river"), FAR]
    state, dice = scene("Wrath of Bruinen", evil, channelled=True, terrain=[RIVER])
    state, said = cast_power(state, dice, [4, 3])
    assert after_cast(said) == [
        "Orc is knocked Prone.",
        "Orc in the river is knocked Prone.",
        "Saruman's Wrath of Bruinen on Orc: To Wound 5+ (S3 against D4), rolls 4: fails to wound.",
        "Saruman's Wrath of Bruinen on Orc in the river: To Wound 3+ (S9 against D4), rolls 3: wounds.",
        "Orc in the river suffers 1 Wound from Saruman (0 left).",
        "Orc in the river is slain.",
    ]


def test_a_battle_waiting_on_a_powers_decision_round_trips_through_json() -> None:
    state, dice = scene("Compel", [orc(), FAR])
    state, _ = cast_power(state, dice, [3], "orc")
    fear, fear_dice = scene("Instill Fear", [orc(), orc("orc2", 14, 26), FAR])
    fear, _ = cast_power(fear, fear_dice, [3])
    for waiting in (state, fear):
        data = waiting.to_dict()
        assert BattleState.from_dict(data).to_dict() == data
        assert BattleState.from_dict(data).pending == waiting.pending
