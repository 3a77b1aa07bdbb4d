"""Cavalry: the rider fights with the better of its own and its mount's characteristics and moves at
the mount's pace; a mount left alone is a model of its own that is never a casualty; Thrown Rider
tests with Might and Expert Rider; Timid mounts; dismounting; shots' rider-or-mount test with Might."""

from __future__ import annotations

import pytest

from rules_core import BattleState, RuleViolation, ScriptedDice, apply, new_battle
from rules_core.characteristics import attacks, fight_value, move_allowance, strength

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
WARG = profile("Warg", fight=4, strength=4, attacks=2, move=10.0, courage=5, defence=4)


def test_a_rider_fights_with_the_better_of_its_own_and_its_mounts_characteristics_and_moves_at_its_pace() -> (
    None
):
    rider = {**model("a", profile("Rider", fight=3, strength=5, attacks=1), 10, 40), "mount": WARG}
    state = new_battle(setup([rider], [model("o", profile("O"), 10, 4)]))
    a = state.model("a")
    assert (fight_value(state, a), strength(state, a), attacks(state, a, [])) == (4, 5, 2)
    assert move_allowance(state, a) == 10.0


def rider_slain_on_his_warg() -> tuple[BattleState, list[str]]:
    """Good's rider is slain in the Fight phase; his Warg stays, passing its Courage test."""
    rider = {
        **model("a-rider", profile("Rider", wounds=1, defence=3, fight=1, attacks=1), 10, 20),
        "mount": WARG,
    }
    dice = ScriptedDice([*GOOD_PRIORITY, 1, 1, 6, 6])  # rider (warg's 2 Attacks) 1, 1; orc 6
    state, _ = to_fight([rider, *FAR], [model("o", profile("O", strength=4), 10 + D, 20), *FAR_EVIL], dice)
    state, events = play(
        state, [("evil", {"type": "strike_part", "part": "rider"})], ScriptedDice([6, 4, 4, *NEXT_TURN])
    )
    return state, texts(events)


def test_a_mount_left_without_its_rider_is_a_model_of_its_own_and_never_a_casualty() -> None:
    state, lines = rider_slain_on_his_warg()
    assert "Warg, Rider's mount, is left without its rider." in lines
    assert "Warg takes a Courage test (its rider has fallen), needing 5+: rolls 4 + 4 = 8, passed." in lines
    warg = state.model("a-rider-mount")
    assert warg.on_board and warg.mount_of == "a-rider" and warg.profile.name == "Warg"
    assert state.casualties("good") == 1
    warg.status = "fled"
    assert state.casualties("good") == 1


def test_a_scenario_s_quarter_leaves_out_a_riderless_mount_from_edition_4() -> None:
    from rules_core.scenarios.scoring import models_in_play

    state, _ = rider_slain_on_his_warg()
    assert state.model("a-rider-mount").on_board
    assert models_in_play(state, "good") == len(FAR)
    state.edition = 3  # a battle set up before: replayed as it was played, the Warg counted
    assert models_in_play(state, "good") == len(FAR) + 1


def test_might_raises_a_thrown_rider_test_of_1_to_rise_from_the_dust_and_an_expert_rider_may_re_roll() -> (
    None
):
    expert = hero(
        "R", might=1, will=0, fate=0, defence=5, wounds=1, fight=1, attacks=1, special_rules=["Expert Rider"]
    )
    rider = {**model("a-r", expert, 10, 20), "mount": profile("Horse", attacks=0, defence=4, fight=1)}
    state, _ = to_fight(
        [rider, *FAR],
        [model("w", profile("W", strength=4, attacks=1, fight=5), 10 + D, 20), *FAR_EVIL],
        ScriptedDice(GOOD_PRIORITY),
    )
    state, _ = play(state, [("good", {"type": "pass"})], ScriptedDice([1, 6]))
    state, _ = play(state, [("evil", {"type": "strike_part", "part": "mount"})], ScriptedDice([4, 1]))
    assert state.pending.kind == "thrown_rider"
    assert [a.label for a in choices(state, "good")] == [
        "Spend 1 Might: 1 becomes 2 (Rises from the Dust)",
        "Re-roll the test (Expert Rider)",
        "Keep the roll: Knocked Flying",
    ]
    state, events = play(state, [("good", {"type": "reroll", "model": "a-r"})], ScriptedDice([6, *NEXT_TURN]))
    assert "R re-rolls the Thrown Rider test: 6." in texts(events)
    assert "R leaps into action on foot." in texts(events)


def test_a_timid_mount_gives_no_charge_bonuses() -> None:
    rider = {
        **model("c", profile("C", keywords=["Cavalry"]), 10, 34),
        "mount": {**WARG, "special_rules": ["Timid"]},
    }
    state, dice = battle([rider, *FAR], [model("o", profile("O"), 10, 28), *FAR_EVIL])
    o = state.model("o")
    dice.script.extend([3, 3])  # the Timid mount's Courage test: 6, passed
    state, _ = play(
        state, [("good", {"type": "charge", "model": "c", "target": "o", "path": [[o.x, o.y + D]]})], dice
    )
    dice.script.extend([6, 6, 1, 1, 1, *NEXT_TURN])
    state, events = skip_until(state, dice, "fight")
    lines = texts(events)
    assert "C has no charge bonuses: Warg is Timid." in lines
    assert "Duel: C rolls 6, 6; O rolls 1." in lines  # the Warg's two Attacks, no third


PONY = profile("Pony", move=8.0, courage=8, attacks=0, special_rules=["Timid"])


def hobbit_charges(mount: dict, faces: list[int]) -> tuple:
    """S39: a Hobbit rider (Courage 4+, Sworn Protector (Frodo), Frodo alive) charges an Orc."""
    hobbit = profile(
        "Merry", courage=4, keywords=["Cavalry", "Hobbit"], special_rules=["Sworn Protector (Frodo)"]
    )
    frodo = model("frodo", profile("Frodo"), 30, 40)
    state, dice = battle(
        [{**model("m", hobbit, 10, 34), "mount": mount}, frodo, *FAR],
        [model("o", profile("Orc"), 10, 28), *FAR_EVIL],
    )
    o = state.model("o")
    dice.script.extend(faces)
    state, events = play(
        state, [("good", {"type": "charge", "model": "m", "target": "o", "path": [[o.x, o.y + D]]})], dice
    )
    return state, texts(events)


def test_s39_a_timid_pony_tests_courage_before_its_rider_charges_and_sworn_protector_does_not_pass_it() -> (
    None
):
    state, lines = hobbit_charges(PONY, [1, 2])
    assert lines[:2] == [
        "Merry takes a Courage test (to charge Orc: its mount is Timid), needing 4+: rolls 1 + 2 = 3, failed.",
        "Merry does not dare to charge and cannot move this phase.",
    ]
    assert state.model("m").pos == (10, 34)


def test_s39_passed_the_pony_charges_and_a_mount_that_is_not_timid_takes_no_test() -> None:
    state, lines = hobbit_charges(PONY, [2, 2])
    assert (
        lines[0]
        == "Merry takes a Courage test (to charge Orc: its mount is Timid), needing 4+: rolls 2 + 2 = 4, passed."
    )
    assert state.model("m").pos != (10, 34)
    state, lines = hobbit_charges({**PONY, "special_rules": []}, [])
    assert not any("Courage test" in line for line in lines) and state.model("m").pos != (10, 34)


def test_a_mount_that_passes_its_test_after_a_dismount_stands_beside_its_rider() -> None:
    rider = {**model("c", profile("C", move=6.0), 10, 30), "mount": WARG}
    state, dice = battle([rider, *FAR], [model("o", profile("O"), 10, 4), *FAR_EVIL])
    dice.script.extend([5, 5])
    state, events = play(state, [("good", {"type": "dismount", "model": "c"})], dice)
    assert texts(events) == [
        "C dismounts from Warg.",
        "Warg, C's mount, is left without its rider.",
        "Warg takes a Courage test (its rider has dismounted), needing 5+: rolls 5 + 5 = 10, passed.",
    ]
    c, warg = state.model("c"), state.model("c-mount")
    assert c.mount is None and c.distance_to(warg) == pytest.approx(0, abs=0.05)
    assert state.pending.detail["models"] == ["c"]
    assert [a.params["path"]["max_length"] for a in choices(state, "good") if a.kind == "move"] == [6.0]


def test_an_engaged_rider_cannot_dismount() -> None:
    rider = {**model("c", profile("C"), 10, 20), "mount": WARG}
    state, _ = battle([rider, *FAR], [model("o", profile("O"), 10 + D, 20), *FAR_EVIL])
    with pytest.raises(RuleViolation):
        apply(state, "good", {"type": "dismount", "model": "c"}, ScriptedDice())


def test_a_hero_archer_may_spend_might_to_hit_the_rider_instead_of_the_mount() -> None:
    archer = hero(
        "Archer", might=1, will=0, fate=0, shoot=4, missile={"name": "Bow", "range": 24, "strength": 2}
    )
    rider = {
        **model("r", profile("Rider", defence=5), 10, 20),
        "mount": profile("Horse", defence=4, attacks=0),
    }
    state, dice = battle([model("a", archer, 10, 40), *FAR], [rider, *FAR_EVIL])
    state, _ = play(state, [("good", {"type": "end_moves"}), ("evil", {"type": "end_moves"})], dice)
    while state.pending.kind == "declare_heroic_action":
        state, _ = play(state, [(state.pending.side, {"type": "pass"})], dice)
    dice.script.extend([5, 3])
    state, events = play(state, [("good", {"type": "shoot", "model": "a", "target": "r"})], dice)
    assert texts(events)[-1] == "Rider or mount: rolls 3."
    offer, keep = choices(state, "good")
    assert (offer.label, keep.label) == (
        "Spend 1 Might: the shot hits Rider",
        "Keep the roll: the shot hits Rider's mount",
    )
    dice.script.extend([6, *NEXT_TURN])
    state, events = play(state, [("good", offer.command)], dice)
    assert "Archer's shot on Rider: To Wound 6+ (S2 against D5), rolls 6: wounds." in texts(events)
