"""Courage and Intelligence (courage-intelligence.md): worked examples 44 to 49, example 70 of
heroes.md, and the rules around them: same source, Broken armies, Stand Fast, fleeing, mounts."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, new_battle
from rules_core.courage import chance_to_pass

from .builders import (
    BASE_25MM,
    GOOD_PRIORITY,
    NEXT_TURN,
    PASS,
    choices,
    deployed,
    hero,
    model,
    play,
    profile,
    setup,
    skip_to,
    skip_until,
    texts,
)


def charge(model_id: str, target: str, x: float, y: float) -> dict:
    return {"type": "charge", "model": model_id, "target": target, "path": [[x, y]]}


def hobbit(name: str, **stats) -> dict:
    return profile(name, move=4.0, courage=6, base_mm=20.0, **stats)


def test_example_44_terror_merry_passes_pippin_fails_and_cannot_move() -> None:
    troll = profile("Cave Troll", courage=6, special_rules=["Terror"], base_mm=40.0, wounds=3)
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [
                model("frodo", hobbit("Frodo"), 20, 20),
                model("merry", hobbit("Merry"), 21, 22.5),
                model("pippin", hobbit("Pippin"), 19, 22.5),
                model("sam", hobbit("Sam"), 40, 40),
            ],
            [model("troll", troll, 20, 20 - 0.79 - 0.4)],
        ),
        dice,
        priority="good",
    )
    charge_action = next(a for a in choices(state, "good") if a.kind == "charge" and a.group == "merry")
    assert "Cave Troll (Terror: Courage 6+, 72%)" in [
        o["label"] for o in charge_action.params["target"]["options"]
    ]
    dice.script.extend([3, 4])
    state, events = play(state, [("good", charge("merry", "troll", 21, 19))], dice)
    assert texts(events)[0] == (
        "Merry takes a Courage test (to charge Cave Troll, who causes Terror), needing 6+: rolls 3 + 4 = 7, passed."
    )
    assert state.model("merry").distance_to(state.model("troll")) == pytest.approx(0)
    dice.script.extend([1, 2])
    state, events = play(state, [("good", charge("pippin", "troll", 19, 19))], dice)
    assert texts(events)[-1] == "Pippin does not dare to charge and cannot move this phase."
    assert state.model("pippin").pos == (19.0, 22.5) and state.model("pippin").activated


def ringwraith(name: str) -> dict:
    return hero(
        name, might=0, will=0, fate=0, fight=5, attacks=1, wounds=1, defence=3, special_rules=["Terror"]
    )


def test_example_45_a_passed_terror_test_holds_for_the_rest_of_the_turn() -> None:
    aragorn = hero("Aragorn", might=3, fight=7, attacks=3, strength=4, courage=4, tier="legend")
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("aragorn", aragorn, 20, 24)],
            [
                model("wraith1", ringwraith("First Ringwraith"), 20, 20),
                model("wraith2", ringwraith("Second Ringwraith"), 24, 18),
            ],
        ),
        dice,
        priority="good",
    )
    state, _ = play(state, [("good", PASS)], dice)  # no Heroic Move
    dice.script.extend([3, 2])  # Courage 4+: 5, passed
    state, events = play(state, [("good", charge("aragorn", "wraith1", 20, 21))], dice)
    assert "passed" in texts(events)[0]
    state, _ = skip_until(state, dice, "fight")
    # Fight phase: Aragorn declares a Heroic Combat and slays the first Ringwraith ...
    dice.script.extend([6, 1, 1, 1, 4, 1, 1])  # his three Strikes rolled together: 4, 1, 1
    state, events = play(
        state, [("good", {"type": "declare", "hero": "aragorn", "action": "heroic_combat"})], dice
    )
    assert "First Ringwraith is slain." in texts(events)
    # ... and charges the second without another test.
    # the new combat: Aragorn 6, 6, 6; Ringwraith 1; of the three Strikes, the 4 slays
    dice.script.extend([6, 6, 6, 1, 4, 1, 1])
    state, events = play(state, [("good", charge("aragorn", "wraith2", 23, 19))], dice)
    assert texts(events)[0] == (
        "Aragorn passes its Courage test (to charge Second Ringwraith, who causes Terror): "
        "it has already passed a test for Terror this turn."
    )


def test_a_passed_test_counts_only_for_the_rest_of_that_turn() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup([model("man", profile("Man", courage=5), 10, 40)], [model("orc", profile("Orc"), 10, 4)]), dice
    )
    ask = {"type": "take_test", "model": "man", "test": "courage", "reason": "the Balrog's roar"}
    dice.script.extend([3, 3])
    state, events = play(state, [("good", ask)], dice)
    assert texts(events) == [
        "Good asks for a Courage test for Man: the Balrog's roar.",
        "Man takes a Courage test (the Balrog's roar), needing 5+: rolls 3 + 3 = 6, passed.",
    ]
    state, events = play(state, [("good", ask)], dice)
    assert texts(events)[-1] == (
        "Man passes its Courage test (the Balrog's roar): "
        "it has already passed a test for the Balrog's roar this turn."
    )
    dice.script.extend(NEXT_TURN)
    state, _ = skip_to(state, dice)
    assert state.turn == 2
    dice.script.extend([1, 1])
    state, events = play(
        state, [(state.pending.side, {"type": "priority", "side": "good"}), ("good", ask)], dice
    )
    assert texts(events)[-1].endswith("rolls 1 + 1 = 2, failed.")


def test_a_test_asked_for_as_terror_never_stands_in_for_the_terror_test_of_a_charge() -> None:
    troll = profile("Cave Troll", special_rules=["Terror"], base_mm=40.0)
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 6])
    state = deployed(
        setup(
            [model("man", profile("Man"), 20, 26), model("far", profile("Far"), 40, 40)],
            [model("troll", troll, 20, 20)],
        ),
        dice,
    )
    ask = {"type": "take_test", "model": "man", "test": "courage", "reason": "Terror"}
    state, events = play(state, [("good", ask)], dice)
    assert texts(events)[-1] == "Man takes a Courage test (Terror), needing 6+: rolls 6 + 6 = 12, passed."
    dice.script.extend([1, 2])
    state, events = play(state, [("good", charge("man", "troll", 20, 21))], dice)
    assert texts(events) == [
        "Man takes a Courage test (to charge Cave Troll, who causes Terror), needing 6+: rolls 1 + 2 = 3, failed.",
        "Man does not dare to charge and cannot move this phase.",
    ]


def test_a_test_asked_for_as_broken_army_never_stands_in_for_the_broken_army_test() -> None:
    state = broken_rohan()
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 6, 1, 1])
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    state, _ = play(state, [("good", {"type": "priority", "side": "good"}), ("good", PASS)], dice)
    ask = {"type": "take_test", "model": "e", "test": "courage", "reason": "Broken army"}
    state, events = play(state, [("good", ask), ("good", {"type": "stand", "model": "e"})], dice)
    assert texts(events)[1:] == [
        "Warrior E takes a Courage test (Broken army), needing 7+: rolls 6 + 6 = 12, passed.",
        "Warrior E takes a Courage test (its army is Broken), needing 7+: rolls 1 + 1 = 2, failed.",
        "Warrior E flees the battle.",
    ]


def test_example_46_an_army_is_broken_when_its_casualties_exceed_half() -> None:
    orcs = [model(f"orc{i}", profile(f"Orc {i}"), 2 + (i % 15) * 3, 4 + (i // 15) * 3) for i in range(30)]
    state = new_battle(setup([model("man", profile("Man"), 10, 40)], orcs))
    for i in range(16):
        state.models[f"orc{i}"].status = "casualty"
    assert state.armies["evil"].break_point == 15
    dice = ScriptedDice(GOOD_PRIORITY)
    state, events = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    assert "Evil army is Broken: 16 casualties, more than its Break Point of 15." in texts(events)
    assert state.armies["evil"].broken


@pytest.mark.parametrize(
    ("fallen", "broken"), [(["rider1", "rider2"], False), (["eowyn"], False), (["eowyn", "rider1"], True)]
)
def test_a_model_that_counts_as_two_is_two_casualties_for_the_break_point(fallen, broken) -> None:
    # Éowyn carrying Merry counts as two models: with three Riders her army is 5 models, Break
    # Point 2.5; two Riders fallen are 2 casualties, she alone 2, she and a Rider 3: Broken.
    eowyn = {**model("eowyn", hero("Éowyn", tier="fortitude"), 10, 40), "extra_models": 1}
    riders = [model(f"rider{i}", profile(f"Rider {i}"), 14 + 3 * i, 40) for i in range(1, 4)]
    state = new_battle(setup([eowyn, *riders], [model("orc", profile("Orc"), 10, 4)]))
    assert (state.armies["good"].starting_models, state.armies["good"].break_point) == (5, 2.5)
    for model_id in fallen:
        state.models[model_id].status = "casualty"
    state, events = play(
        state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], ScriptedDice(GOOD_PRIORITY)
    )
    assert state.armies["good"].broken is broken
    assert ("Good army is Broken: 3 casualties, more than its Break Point of 2.5." in texts(events)) is broken


@pytest.mark.parametrize(("casualties", "broken"), [(6, False), (7, True)])
def test_a_break_point_may_be_fractional(casualties: int, broken: bool) -> None:
    orcs = [model(f"orc{i}", profile(f"Orc {i}"), 2 + i * 3, 4) for i in range(13)]
    state = new_battle(setup([model("man", profile("Man"), 10, 40)], orcs))
    assert state.armies["evil"].break_point == 6.5
    for i in range(casualties):
        state.models[f"orc{i}"].status = "casualty"
    state, _ = play(
        state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], ScriptedDice(GOOD_PRIORITY)
    )
    assert state.armies["evil"].broken is broken


def broken_rohan(haleth_pos=(20, 30), **extra):
    """Haleth and five Warriors of Rohan, their army already Broken (four fallen)."""
    haleth = hero("Haleth", might=1, will=1, fate=2, courage=6, tier="minor")
    warrior = dict(courage=7)
    good = [
        model("haleth", haleth, *haleth_pos),
        model("a", profile("Warrior A", **warrior), 22, 30),
        model("b", profile("Warrior B", **warrior), 18, 30),
        model("c", profile("Warrior C", **warrior), 20, 33),
        model("d", profile("Warrior D", **warrior), 27, 30),
        model("e", profile("Warrior E", **warrior), 40, 30),
    ] + [model(f"fallen{i}", profile("Fallen"), 2 + 2 * i, 46) for i in range(7)]
    state = new_battle(setup(good, [model("orc", profile("Orc"), 10, 4)], **extra))
    for i in range(7):
        state.models[f"fallen{i}"].status = "casualty"
    return state


def test_example_47_stand_fast_steadies_warriors_in_range_who_can_see_the_hero() -> None:
    wall = {
        "name": "Wall",
        "polygon": [[24, 26], [25, 26], [25, 34], [24, 34]],
        "blocks_sight": True,
        "impassable": True,
    }
    state = broken_rohan(terrain=[wall])
    dice = ScriptedDice(GOOD_PRIORITY)
    state, events = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    assert "Good army is Broken: 7 casualties, more than its Break Point of 6.5." in texts(events)
    state, _ = play(state, [("good", {"type": "priority", "side": "good"}), ("good", PASS)], dice)
    dice.script.extend([3, 3])
    state, events = play(state, [("good", {"type": "stand", "model": "haleth"})], dice)
    assert texts(events) == [
        "Haleth takes a Courage test (its army is Broken), needing 6+: rolls 3 + 3 = 6, passed.",
        "Haleth stays where it is.",
        'Haleth calls "Stand Fast!"',
    ]
    for warrior in ("a", "b", "c"):
        state, events = play(state, [("good", {"type": "stand", "model": warrior})], dice)
        assert texts(events)[0].endswith("(its army is Broken): Haleth's Stand Fast.")
    dice.script.extend([6, 1, 4, 4])
    state, events = play(state, [("good", {"type": "stand", "model": "d"})], dice)
    assert texts(events)[:2] == [
        "Warrior D takes a Courage test (its army is Broken), needing 7+: rolls 6 + 1 = 7, passed.",
        "Warrior D stays where it is.",
    ]
    state, events = play(state, [("good", {"type": "stand", "model": "e"})], dice)
    assert (
        texts(events)[0]
        == "Warrior E takes a Courage test (its army is Broken), needing 7+: rolls 4 + 4 = 8, passed."
    )


def test_a_failed_broken_test_makes_the_model_flee_and_fate_cannot_save_it() -> None:
    state = broken_rohan()
    dice = ScriptedDice(GOOD_PRIORITY)
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    state, _ = play(state, [("good", {"type": "priority", "side": "good"}), ("good", PASS)], dice)
    dice.script.extend([1, 2])
    state, events = play(state, [("good", {"type": "move", "model": "haleth", "path": [[20, 25]]})], dice)
    # 3 is 3 short of 6+ and Haleth has only 2 Will and Might: nothing to ask, Haleth flees.
    assert texts(events) == [
        "Haleth takes a Courage test (its army is Broken), needing 6+: rolls 1 + 2 = 3, failed.",
        "Haleth flees the battle.",
    ]
    assert state.model("haleth").status == "fled" and state.model("haleth").pos == (20.0, 30.0)
    assert state.pending.kind == "activate"  # no Fate was offered


def test_ending_moves_in_a_broken_army_still_tests_every_model_heroes_first() -> None:
    state = broken_rohan()
    dice = ScriptedDice(GOOD_PRIORITY)
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    state, _ = play(state, [("good", {"type": "priority", "side": "good"}), ("good", PASS)], dice)
    dice.script.extend([5, 5, 1, 1, 6, 6])  # Haleth passes; A, B, C stand fast; D fails and flees; E passes
    state, events = play(state, [("good", {"type": "end_moves"})], dice)
    lines = texts(events)
    assert lines[:2] == [
        "Good finishes moving.",
        "Haleth takes a Courage test (its army is Broken), needing 6+: rolls 5 + 5 = 10, passed.",
    ]
    assert 'Haleth calls "Stand Fast!"' in lines
    assert lines.count("Warrior A passes its Courage test (its army is Broken): Haleth's Stand Fast.") == 1
    assert "Warrior D flees the battle." in lines
    assert (
        "Warrior E takes a Courage test (its army is Broken), needing 7+: rolls 6 + 6 = 12, passed." in lines
    )
    assert state.pending.side == "evil"


@pytest.mark.parametrize("power", ["Immobilise", "Paralyse"])
def test_a_model_a_power_keeps_from_activating_takes_no_broken_army_test(power) -> None:
    sorcerer = hero("Sorcerer", might=0, will=3, powers=[{"name": power, "range": 12.0, "casting": 3}])
    good = [
        model("held", profile("Held warrior", courage=7), 20, 30),
        model("free", profile("Free warrior", courage=7), 40, 40),
    ] + [model(f"fallen{i}", profile("Fallen"), 2 + 2 * i, 46) for i in range(3)]
    state = new_battle(setup(good, [model("wiz", sorcerer, 20, 20)]))
    for i in range(3):
        state.models[f"fallen{i}"].status = "casualty"
    dice = ScriptedDice([*GOOD_PRIORITY, 4])  # Good chooses; the Casting test 4 (no Will to resist)
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    assert state.armies["good"].broken
    cast = {"type": "cast", "model": "wiz", "power": power, "will": 1, "target": "held"}
    state, _ = play(
        state,
        [
            ("good", {"type": "priority", "side": "evil"}),
            ("evil", cast),
            ("evil", {"type": "stand", "model": "wiz"}),
        ],
        dice,
    )
    recovery = [1] if power == "Paralyse" else []  # in the End phase the Paralysed warrior stays so
    dice.script.extend([3, 4, *recovery, *NEXT_TURN])  # the free warrior's test: 7, passed
    state, events = play(state, [("good", {"type": "end_moves"})], dice)
    assert [line for line in texts(events) if "Courage test" in line] == [
        "Free warrior takes a Courage test (its army is Broken), needing 7+: rolls 3 + 4 = 7, passed."
    ]
    assert state.model("held").on_board and dice.unused == []


def test_example_48_intelligence_failed_then_passed_a_turn_later() -> None:
    thorin = hero("Thorin", might=1, intelligence=5)
    dice = ScriptedDice([*GOOD_PRIORITY, 1, 3])
    state = deployed(setup([model("thorin", thorin, 10, 40)], [model("orc", profile("Orc"), 10, 4)]), dice)
    ask = {"type": "take_test", "model": "thorin", "test": "intelligence", "reason": "to free the relic"}
    state, events = play(state, [("good", ask)], dice)
    assert (
        texts(events)[-1]
        == "Thorin takes a Intelligence test (to free the relic), needing 5+: rolls 1 + 3 = 4, failed."
    )
    # One Might would pass it: the player is asked, and keeps the roll as in the example.
    assert [a.label for a in choices(state, "good")] == [
        "Spend 1 Might: the test is passed",
        "Keep the roll: the test is failed",
    ]
    state, _ = play(state, [("good", {"type": "keep"})], dice)
    dice.script.extend(NEXT_TURN)
    state, _ = skip_to(state, dice)
    dice.script.extend([2, 6])
    state, events = play(state, [("good", {"type": "priority", "side": "good"}), ("good", ask)], dice)
    assert texts(events)[-1].endswith("rolls 2 + 6 = 8, passed.")


def test_example_49_a_second_test_for_the_same_rule_is_passed_without_rolling() -> None:
    frodo = hero("Frodo", might=0, will=0, intelligence=5)
    dice = ScriptedDice([*GOOD_PRIORITY, 4, 5])
    state = deployed(setup([model("frodo", frodo, 10, 40)], [model("orc", profile("Orc"), 10, 4)]), dice)
    fell_light = {
        "type": "take_test",
        "model": "frodo",
        "test": "intelligence",
        "reason": "A Fell Light is in Them",
    }
    state, events = play(state, [("good", fell_light), ("good", fell_light)], dice)
    assert texts(events)[1].endswith("needing 5+: rolls 4 + 5 = 9, passed.")
    assert texts(events)[-1] == (
        "Frodo passes its Intelligence test (A Fell Light is in Them): "
        "it has already passed a test for A Fell Light is in Them this turn."
    )


def test_example_70_bofur_spends_will_to_pass_a_terror_test() -> None:
    bofur = hero("Bofur", might=0, will=1, fate=1, courage=5)
    king = hero("Goblin King", might=0, special_rules=["Terror"], base_mm=40.0)
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("bofur", bofur, 20, 26), model("bombur", profile("Bombur"), 40, 40)],
            [model("king", king, 20, 20)],
        ),
        dice,
        priority="good",
    )
    dice.script.extend([1, 3])
    state, events = play(state, [("good", charge("bofur", "king", 20, 21))], dice)
    assert texts(events)[-1].endswith("rolls 1 + 3 = 4, failed.")
    offers = choices(state, "good")
    assert [a.label for a in offers] == [
        "Spend 1 Will: the test is passed",
        "Keep the roll: the test is failed",
    ]
    state, events = play(state, [("good", offers[0].command)], dice)
    assert texts(events)[0] == "Bofur spends 1 Will on the Courage test of 4 (0 left)."
    assert state.model("bofur").distance_to(state.model("king")) == pytest.approx(0)


def test_will_and_might_can_be_mixed_on_a_courage_test() -> None:
    brave = hero("Brave", might=1, will=1, courage=7)
    dice = ScriptedDice([*GOOD_PRIORITY, 2, 3])
    state = deployed(setup([model("brave", brave, 10, 40)], [model("orc", profile("Orc"), 10, 4)]), dice)
    ask = {"type": "take_test", "model": "brave", "test": "courage", "reason": "a dread sight"}
    state, _ = play(state, [("good", ask)], dice)
    assert [a.command for a in choices(state, "good")][:1] == [
        {"type": "spend", "model": "brave", "will": 1, "might": 1}
    ]


@pytest.mark.parametrize(
    ("faces", "will", "offers"),
    [
        ([6, 6], 0, []),  # 1 short, but Might cannot raise a 6
        ([6, 5], 1, ["Spend 1 Will and 1 Might: the test is passed"]),  # not 2 Might: the 5 goes only to 6
    ],
)
def test_might_never_raises_a_die_of_a_courage_test_above_6(faces, will, offers) -> None:
    stubborn = hero("Stubborn", might=2, will=will, courage=13)
    dice = ScriptedDice([*GOOD_PRIORITY, *faces])
    state = deployed(setup([model("me", stubborn, 10, 40)], [model("orc", profile("Orc"), 10, 4)]), dice)
    ask = {"type": "take_test", "model": "me", "test": "courage", "reason": "a dread sight"}
    state, events = play(state, [("good", ask)], dice)
    total = sum(faces)
    assert texts(events)[-1].endswith(f"needing 13+: rolls {faces[0]} + {faces[1]} = {total}, failed.")
    if offers:
        assert [a.label for a in choices(state, "good")] == [*offers, "Keep the roll: the test is failed"]
    else:
        assert state.pending.kind != "spend_on_test" and state.model("me").might == 2


def test_a_separated_mount_tests_its_courage_and_one_with_no_attacks_flees() -> None:
    horse = profile("Horse", courage=5, attacks=0, wounds=1, move=10.0)
    rider = {**model("rider", profile("Rider", wounds=1, defence=3), 10, 20), "mount": horse}
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1, 6, *NEXT_TURN])  # orc 6, rider 1; the orc wounds
    state = new_battle(
        setup(
            [rider, model("far", profile("Far"), 40, 40)], [model("orc", profile("Orc"), 10 + BASE_25MM, 20)]
        )
    )
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    state, events = play(state, [("good", {"type": "priority", "side": "good"})], dice)
    state, events = skip_until(state, dice, "fight")
    assert state.pending.kind == "strike_part"
    state, more = play(state, [("evil", {"type": "strike_part", "part": "rider"})], dice)
    lines = texts(events + more)
    assert "Horse, Rider's mount, is left without its rider." in lines
    assert "Horse has no Attacks and fails its Courage test as a separated mount." in lines
    assert "Horse flees the battle." in lines


def test_the_chance_to_pass_is_exact() -> None:
    assert chance_to_pass(7) == pytest.approx(21 / 36)
    assert chance_to_pass(6, bonus=1) == pytest.approx(30 / 36)
    assert chance_to_pass(10, three_dice=True) == pytest.approx(
        1
        / 216
        * sum(
            1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7) if a + b + c - max(a, b, c) >= 10
        )
    )


def test_asking_for_a_test_needs_a_reason_and_one_of_your_models() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup([model("man", profile("Man"), 10, 40)], [model("orc", profile("Orc"), 10, 4)]), dice
    )
    for bad in (
        {"type": "take_test", "model": "man", "test": "courage", "reason": "  "},
        {"type": "take_test", "model": "orc", "test": "courage", "reason": "x"},
        {"type": "take_test", "model": "man", "test": "valour", "reason": "x"},
    ):
        before = state.to_dict()
        with pytest.raises(RuleViolation):
            apply(state, "good", bad, dice)
        assert state.to_dict() == before


def test_example_66_heroic_resolve_free_resist_die_auto_pass_and_stand_fast_while_engaged() -> None:
    gandalf = hero(
        "Gandalf the White",
        might=3,
        will=6,
        fate=3,
        courage=3,
        tier="legend",
        heroic_actions=["heroic_resolve"],
    )
    dart = {"name": "Black Dart", "range": 12.0, "casting": 5}
    witch_king = hero("Witch-king", might=3, will=10, tier="legend", special_rules=["Terror"], powers=[dart])
    good = [
        model("gandalf", gandalf, 20, 26),
        model("guard", profile("Guard", courage=7), 23, 27),
        model("farguard", profile("Far guard", courage=7), 40, 40),
    ] + [model(f"fallen{i}", profile("Fallen"), 2 + 2 * i, 46) for i in range(4)]
    state = new_battle(
        setup(good, [model("witch-king", witch_king, 20, 20), model("orc", profile("Orc"), 40, 4)])
    )
    for i in range(4):
        state.models[f"fallen{i}"].status = "casualty"
    dice = ScriptedDice([1, 6])  # Evil wins the Priority roll and keeps Priority
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    assert state.armies["good"].broken
    declare = {"type": "declare", "hero": "gandalf", "action": "heroic_resolve"}
    state, _ = play(
        state, [("evil", {"type": "priority", "side": "evil"}), ("good", declare), ("evil", PASS)], dice
    )

    # The Witch-king casts Black Dart at the guard, who stands within 6" of Gandalf: one free Resist die.
    dice.script.append(5)
    cast = {"type": "cast", "model": "witch-king", "power": "Black Dart", "will": 1, "target": "guard"}
    state, _ = play(state, [("evil", cast), ("evil", {"type": "keep"})], dice)
    assert "Guard: resist with no Will (1 die + 1 free)" in [a.label for a in choices(state, "good")]
    dice.script.extend([2, 1])  # the free die shows 2: not resisted; the dart's To Wound misses with a 1
    state, events = play(state, [("good", {"type": "resist", "model": "guard", "will": 0})], dice)
    assert "Guard resists with 1 die (1 of them free): rolls 2, needing 5: not enough." in texts(events)
    state, _ = play(state, [("evil", {"type": "keep"})], dice)  # no Might on the To Wound roll

    # Then he charges Gandalf, before Gandalf can activate.
    charge = {"type": "charge", "model": "witch-king", "target": "gandalf", "path": [[20, 25]]}
    state, _ = play(state, [("evil", charge), ("evil", {"type": "end_moves"})], dice)
    assert state.pending.side == "good"
    # Gandalf is Engaged, yet activates to stand fast: his Broken test is passed by his Heroic Resolve.
    dice.script.extend([3, 3])  # the far guard's own test
    state, events = play(state, [("good", {"type": "end_moves"})], dice)
    lines = texts(events)
    assert "Gandalf the White passes its Courage test (its army is Broken): its Heroic Resolve." in lines
    assert 'Gandalf the White calls "Stand Fast!"' in lines
    assert "Guard passes its Courage test (its army is Broken): Gandalf the White's Stand Fast." in lines
    assert (
        "Far guard takes a Courage test (its army is Broken), needing 7+: rolls 3 + 3 = 6, failed." in lines
    )


def test_a_broken_side_whose_models_are_all_engaged_still_lets_a_resolute_hero_stand_fast() -> None:
    captain = hero("Captain", might=1, courage=4, tier="minor", heroic_actions=["heroic_resolve"])
    good = [model("captain", captain, 20, 20), model("guard", profile("Guard"), 30, 20)] + [
        model(f"fallen{i}", profile("Fallen"), 2 + 2 * i, 46) for i in range(3)
    ]
    evil = [
        model("orc1", profile("Orc one"), 20 + BASE_25MM, 20),
        model("orc2", profile("Orc two"), 30 + BASE_25MM, 20),
    ]
    state = new_battle(setup(good, evil))
    for i in range(3):
        state.models[f"fallen{i}"].status = "casualty"
    dice = ScriptedDice([6, 1])
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    assert state.armies["good"].broken
    declare = {"type": "declare", "hero": "captain", "action": "heroic_resolve"}
    dice.script.extend([1, 1, 1, 1])  # whatever comes after (the fights) is not this test's concern
    state, events = play(state, [("good", {"type": "priority", "side": "good"}), ("good", declare)], dice)
    lines = texts(events)
    assert "Captain passes its Courage test (its army is Broken): its Heroic Resolve." in lines
    assert 'Captain calls "Stand Fast!"' in lines
    assert not any(line.startswith("Guard takes a Courage test") for line in lines)  # Engaged: no test


CONTROL = "The reason holds a control character (a tab, a line break or the like): write it on one line."


@pytest.mark.parametrize(
    ("reason", "why"),
    [
        (" " * 15_000 + "x", "The reason is 15001 characters long: at most 80 are taken."),
        ("x" * 81, "The reason is 81 characters long: at most 80 are taken."),
        ("tab\there", CONTROL),
        ("nul\x00", CONTROL),
        ("line\nbreak", CONTROL),
        ("   ", "The reason is empty."),
        (12, "The reason must be text."),
    ],
)
def test_a_reason_is_refused_if_what_would_be_stored_is_too_long_or_not_plain_text(
    reason: object, why: str
) -> None:
    """The limit counts what is stored (the command as sent), not what is left after stripping; the
    refusal says what is wrong with the text."""
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup([model("man", profile("Man", courage=5), 10, 40)], [model("orc", profile("Orc"), 10, 4)]), dice
    )
    ask = {"type": "take_test", "model": "man", "test": "courage", "reason": reason}
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", ask, dice)
    assert (refused.value.code, refused.value.message) == ("not_allowed", why)
    dice.script.extend([3, 3])
    assert apply(state, "good", {**ask, "reason": "  " + "x" * 78}, dice).events


def test_a_tests_reason_keeps_no_control_or_bidi_characters() -> None:
    """A reason others read in the log: a bidi override would turn the rest of the line around."""
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup([model("man", profile("Man", courage=5), 10, 40)], [model("orc", profile("Orc"), 10, 4)]), dice
    )
    ask = {
        "type": "take_test",
        "model": "man",
        "test": "courage",
        "reason": "fear\u202e\u2066 of\u200f the dark",
    }
    dice.script.extend([3, 3])
    _, events = play(state, [("good", ask)], dice)
    assert texts(events)[0] == "Good asks for a Courage test for Man: fear of the dark."
