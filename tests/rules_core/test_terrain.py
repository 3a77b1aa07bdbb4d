"""The terrain reference's test scenarios (`docs/rules/terrain.md` §20), by their names: difficult
ground from the base's edge, Jump and Climb tests and their results, falling, defending a barrier,
control zones cut by walls, the Dwellers. Sight, In The Way and shooting from height are in
`test_terrain_sight.py`; the board checks in `test_boards.py`."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, legal_actions
from rules_core.battlefield import in_contact, is_engaged
from rules_core.crossing import chances, falling_hits
from rules_core.shooting import why_cannot_shoot
from rules_core.terrain import crossings, new_piece, obstacle_test

from .builders import (
    BASE_25MM,
    FAR,
    FAR_EVIL,
    NEXT_TURN,
    SKIP_STEP,
    battle,
    choices,
    hero,
    model,
    play,
    profile,
    skip_until,
    texts,
)

R = BASE_25MM / 2
HORSE = profile("Horse", move=10.0, fight=0, attacks=0, defence=4, base_mm=50.0)
EVIL_FAR = [model("orc", profile("Orc"), 44, 2)]


def move(model_id: str, *points: tuple[float, float], kind: str = "move", **extra: Any) -> dict[str, Any]:
    return {"type": kind, "model": model_id, "path": [list(p) for p in points], **extra}


def refused(state: Any, command: dict[str, Any]) -> RuleViolation:
    with pytest.raises(RuleViolation) as error:
        apply(state, "good", command, ScriptedDice())
    return error.value


def wall(x: float, height: float, thick: float = 0.25, **given: Any) -> dict[str, Any]:
    """A wall along y from 10 to 30, its near face at x."""
    return new_piece(
        "wall", polygon=[[x, 10], [x + thick, 10], [x + thick, 30], [x, 30]], height=height, **given
    )


def east_of(x: float, kind: str, **given: Any) -> dict[str, Any]:
    """A piece covering the board east of x."""
    return new_piece(kind, polygon=[[x, 0], [48, 0], [48, 48], [x, 48]], **given)


def cavalry(
    model_id: str, x: float, y: float, rider: dict[str, Any] | None = None, **mount: Any
) -> dict[str, Any]:
    return {**model(model_id, rider or profile("Rider", defence=5), x, y), "mount": {**HORSE, **mount}}


# -- T-ter-1 to T-ter-3: difficult ground --------------------------------------------------------------


def test_t_ter_1_difficult_terrain_counts_from_the_base_s_edge_not_its_centre() -> None:
    start = 8.508
    state, _ = battle([model("w", profile("Warrior"), start, 24)], EVIL_FAR, terrain=[east_of(10, "wood")])
    # The base touches the wood after 1.0" (centre at 9.508); after that each inch costs 2.
    after, _ = play(state, [("good", move("w", (12.008, 24)))], ScriptedDice())
    assert after.model("w").moved == pytest.approx(6.0, abs=1e-3)
    error = refused(state, move("w", (12.1, 24)))
    assert error.message == (
        'Warrior can move 6" but that path needs 6.18" '
        '(3.59" long, 2.59" more in difficult ground; at most 0.05" over is allowed).'
    )
    # Charged on the centre line alone (the old reading) the path to 12.254 would have cost 6.0.
    assert refused(state, move("w", (12.254, 24))).code == "too_far"


def test_t_ter_1_a_wood_one_inch_deep_is_charged_while_the_base_overlaps_it() -> None:
    shallow = new_piece("wood", polygon=[[10, 0], [11, 0], [11, 48], [10, 48]])
    state, _ = battle([model("w", profile("Warrior"), 8.508, 24)], EVIL_FAR, terrain=[shallow])
    after, _ = play(state, [("good", move("w", (12.5, 24)))], ScriptedDice())
    # 3.992" of path, of which 1.984" (centre 9.508 to 11.492) with the base over the wood.
    assert after.model("w").moved == pytest.approx(3.992 + 1.984, abs=1e-3)


def test_t_ter_2_cavalry_pay_four_times_in_difficult_terrain_and_lose_their_charge_bonuses() -> None:
    radius = 50 / 25.4 / 2
    x = 20 - 2 - radius  # base edge 2" from the rocky ground
    rocks = east_of(20, "rubble")
    state, _ = battle([cavalry("c", x, 24)], EVIL_FAR, terrain=[rocks])
    after, _ = play(state, [("good", move("c", (x + 4, 24)))], ScriptedDice())  # 2 open + 2 inside
    assert after.model("c").moved == pytest.approx(10.0, abs=1e-3)
    assert refused(state, move("c", (x + 4.1, 24))).code == "too_far"


@pytest.mark.parametrize(
    ("rider_rules", "mount_rules", "cost"),
    [
        ([], ["Woodland Creature"], 4.0),  # (a) the mount has it, in a wood: open ground
        (["Woodland Creature"], [], 10.0),  # (b) only the rider: four times
        (["Spectral Walk"], [], 4.0),  # (c) never slowed
    ],
)
def test_t_ter_2_variants_woodland_creature_on_the_mount_and_spectral_walk(
    rider_rules: list[str], mount_rules: list[str], cost: float
) -> None:
    radius = 50 / 25.4 / 2
    x = 20 - 2 - radius
    rider = profile("Rider", defence=5, special_rules=rider_rules)
    state, _ = battle(
        [cavalry("c", x, 24, rider, special_rules=mount_rules)], EVIL_FAR, terrain=[east_of(20, "wood")]
    )
    after, _ = play(state, [("good", move("c", (x + 4, 24)))], ScriptedDice())
    assert after.model("c").moved == pytest.approx(cost, abs=1e-3)


@pytest.mark.parametrize(
    ("kind", "rules", "cost"),
    [
        ("wood", ["Swift Movement"], 4.0),  # never slowed by difficult ground ...
        ("river", ["Swift Movement"], 6.0),  # ... but water (S27's movement part)
        ("wood", [], 6.0),
    ],
)
def test_swift_movement_is_slowed_only_by_water(kind: str, rules: list[str], cost: float) -> None:
    spider = profile("Spider", move=10.0, special_rules=rules)
    x = 20 - 2 - 25 / 25.4 / 2
    state, _ = battle([model("s", spider, x, 24)], EVIL_FAR, terrain=[east_of(20, kind)])
    after, _ = play(state, [("good", move("s", (x + 4, 24)))], ScriptedDice())
    assert after.model("s").moved == pytest.approx(cost, abs=1e-3)


def test_t_ter_3_moving_and_shooting_in_difficult_terrain() -> None:
    bow = {"name": "Bow", "range": 24.0, "strength": 2}
    archer = profile("Archer", shoot=4, missile=bow)
    wood = new_piece("wood", polygon=[[5, 5], [20, 5], [20, 40], [5, 40]])
    for moved, shoots in ((1.5, True), (1.6, False)):
        state, dice = battle(
            [model("a", archer, 10, 20)], [model("o", profile("Orc"), 30, 20)], terrain=[wood]
        )
        state, _ = play(state, [("good", move("a", (10, 20 + moved)))], dice)
        assert state.model("a").moved == pytest.approx(2 * moved)
        if shoots:
            assert why_cannot_shoot(state, state.model("a")) is None
        else:
            assert (
                why_cannot_shoot(state, state.model("a"))
                == "Archer moved more than half its Move and cannot shoot."
            )


# -- T-ter-4 to T-ter-6: obstacles and Jump tests ----------------------------------------------------


def test_t_ter_4_which_obstacle_test() -> None:
    man = battle([model("m", profile("Man"), 5, 5)], EVIL_FAR)[0].model("m")
    hobbit = battle([model("h", profile("Hobbit"), 5, 5)], EVIL_FAR)[0].model("h")
    rider = battle([cavalry("c", 5, 5)], EVIL_FAR)[0].model("c")
    table = {
        height: [obstacle_test(m, height, True)[0] for m in (man, hobbit, rider)]
        for height in (0.6, 1.0, 1.3, 2.3)
    }
    assert table == {
        0.6: ["free", "jump", "free"],
        1.0: ["jump", "climb", "free"],
        1.3: ["climb", "climb", "jump"],
        2.3: ["climb", "climb", "refused"],
    }
    assert obstacle_test(rider, 2.3, True)[1] == "Cavalry never Climb, and it is taller than the model"


def _at_the_wall(
    dice: list[int] | None = None, rules: list[str] | None = None, man: dict[str, Any] | None = None
):
    """T-ter-5: a Man with Move 6", its base's edge 2" from a wall 1" high and 0.25" thick, moving on
    east; stopped touching the wall, asked whether it jumps."""
    start = 10 - 2 - R
    bow = {"name": "Bow", "range": 24.0, "strength": 2}
    who = man or profile("Man", special_rules=rules or [], missile=bow)
    state, _ = battle([model("m", who, start, 20), *FAR], EVIL_FAR, terrain=[wall(10, 1.0)])
    state, events = play(state, [("good", move("m", (start + 6, 20)))], ScriptedDice())
    return state, events


def test_t_ter_5_the_move_stops_at_the_wall_and_the_player_chooses_with_the_odds() -> None:
    state, events = _at_the_wall()
    man = state.model("m")
    assert man.x == pytest.approx(10 - R) and man.moved == pytest.approx(2.0)
    assert (
        texts(events)[-1]
        == 'Man reaches the Wall: Jump the Wall (1" high) (83% over), or stop, or go another way.'
    )
    offered = {a.kind: a for a in choices(state, "good")}
    assert set(offered) == {"cross", "stop", "move", "charge"} - {"charge"}
    assert offered["cross"].label == 'Jump the Wall (1" high): a Jump test (83% over)'
    assert [(o["label"], o["exact"]) for o in offered["cross"].odds["outcomes"]] == [
        ("over, and it goes on (a 6)", {"num": 1, "den": 6}),
        ("over, and its move ends (2-5)", {"num": 2, "den": 3}),
        ("the Jump fails (a 1)", {"num": 1, "den": 6}),
    ]
    assert offered["move"].params["path"]["max_length"] == pytest.approx(4.0)  # go another way


def test_t_ter_5_a_six_goes_over_with_its_move_left_to_use() -> None:
    state, _ = _at_the_wall()
    state, events = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([6]))
    man = state.model("m")
    assert texts(events)[:2] == [
        "Man's Jump test at the Wall (1\" high): rolls 6: over, and it goes on.",
        'Man jumps over the Wall (1.2").',
    ]
    # Crossing costs the wall's 0.25" and the base's 0.984"; the 2.766" left are used along the path.
    assert man.x == pytest.approx(10 - 2 - R + 6) and man.moved == pytest.approx(6.0)
    assert why_cannot_shoot(state, man) == "Man took a Jump or Climb test this turn and cannot shoot."


def test_t_ter_5_two_to_five_lands_touching_the_far_face_and_the_move_ends() -> None:
    state, _ = _at_the_wall()
    state, _events = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([3]))
    man = state.model("m")
    assert man.x == pytest.approx(10.25 + R) and man.activated
    assert state.pending.kind == "activate" and "m" not in state.pending.detail["models"]
    assert why_cannot_shoot(state, man) is not None


def test_t_ter_5_a_one_leaves_it_touching_the_near_face_and_ends_its_activation() -> None:
    state, events = _at_the_wall()
    state, events = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([1]))
    man = state.model("m")
    assert man.x == pytest.approx(10 - R) and not man.prone
    assert "Man fails to jump the Wall." in texts(events)
    assert why_cannot_shoot(state, man) is not None


def test_t_ter_5_the_player_may_stop_at_the_wall_or_go_round_it() -> None:
    state, _ = _at_the_wall()
    stopped, events = play(state, [("good", {"type": "stop", "model": "m"})], ScriptedDice())
    assert (
        texts(events) == ["Man stops at the Wall."] and why_cannot_shoot(stopped, stopped.model("m")) is None
    )
    round_it, _ = play(state, [("good", move("m", (10 - R, 24)))], ScriptedDice())
    assert round_it.model("m").pos == pytest.approx((10 - R, 24)) and round_it.model(
        "m"
    ).moved == pytest.approx(6.0)


def test_t_ter_5a_landing_by_an_enemy_it_must_charge_it() -> None:
    start = 10 - 2 - R
    landing = 10.25 + R
    orc = model("o", profile("Orc"), landing + 2 * R + 0.6, 20)  # its base 0.6" from the landing spot
    state, _ = battle(
        [model("m", profile("Man"), start, 20), *FAR], [orc, *EVIL_FAR], terrain=[wall(10, 1.0)]
    )
    state, _ = play(state, [("good", move("m", (landing, 20)))], ScriptedDice())
    state, events = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([4]))
    assert "Man lands in Orc's control zone and must charge it." in texts(events)
    assert texts(events)[-1] == 'Man charges Orc (0.6").'
    assert in_contact(state.model("m"), state.model("o"))


def test_t_ter_5b_a_hero_may_spend_might_to_make_a_five_a_six() -> None:
    state, _ = _at_the_wall(man=hero("Captain", might=1))
    state, _ = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([5]))
    assert state.pending.kind == "spend_might"
    labels = [a.label for a in choices(state, "good")]
    assert labels == ["Spend 1 Might: a 6: it goes on", "Keep the roll"]
    state, _events = play(state, [("good", {"type": "might", "model": "m", "amount": 1})], ScriptedDice())
    assert state.model("m").x == pytest.approx(10 - 2 - R + 6) and state.model("m").might == 0


def test_t_ter_5c_d_cave_dweller_adds_one_and_mountain_dweller_re_rolls_a_one() -> None:
    state, _ = _at_the_wall(rules=["Cave Dweller"])
    state, events = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([5]))
    assert texts(events)[0] == "Man's Jump test at the Wall (1\" high): rolls 5 +1 = 6: over, and it goes on."
    state, _ = _at_the_wall(rules=["Mountain Dweller"])
    state, events = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([1, 4]))
    assert texts(events)[0].startswith("Man re-rolls the Jump test's 1: 4")
    assert state.model("m").x == pytest.approx(10.25 + R)
    man = state.model("m")
    wall_crossing = crossings(state, man, [(8, 20), (12, 20)])[0]
    assert chances(man, wall_crossing)["fails"] == pytest.approx(1 / 36)


def test_t_ter_6_cavalry_that_fails_a_jump_is_knocked_flying() -> None:
    radius = 50 / 25.4 / 2
    start = 10 - radius - 1
    rider = profile("Rider", defence=5, wounds=1)
    state, _ = battle([cavalry("c", start, 20, rider), *FAR], EVIL_FAR, terrain=[wall(10, 1.3)])
    state, _ = play(state, [("good", move("c", (start + 5, 20)))], ScriptedDice())
    assert state.model("c").x == pytest.approx(10 - radius)
    state, events = play(state, [("good", {"type": "cross", "model": "c"})], ScriptedDice([1, 4, 4]))
    lines = texts(events)
    assert "Rider fails to jump the Wall." in lines and "Rider is knocked Prone." in lines
    rider_now = state.model("c")
    assert rider_now.mount is None and rider_now.prone and rider_now.on_board
    assert state.model("c-mount").mount_of == "c"


def test_cavalry_can_never_climb_a_wall_taller_than_itself() -> None:
    state, _ = battle([cavalry("c", 7, 20)], EVIL_FAR, terrain=[wall(10, 2.3)])
    error = refused(state, move("c", (14, 20)))
    assert (error.code, error.message) == (
        "cannot_cross",
        "Rider cannot cross the Wall: Cavalry never Climb, and it is taller than the model.",
    )


def test_a_path_may_not_end_on_a_wall_nor_run_into_it() -> None:
    state, _ = battle([model("m", profile("Man"), 8, 20)], EVIL_FAR, terrain=[wall(10, 1.0)])
    assert refused(state, move("m", (10.1, 20))).message == "Man cannot cross the Wall: it would stand on it."
    assert (
        refused(state, move("m", (9.8, 20), (8, 25))).message
        == "Man cannot cross the Wall: the path runs into it."
    )


def test_a_low_wall_is_stepped_over_freely() -> None:
    state, _ = battle([model("m", profile("Man"), 8, 20)], EVIL_FAR, terrain=[wall(10, 0.6)])
    state, events = play(state, [("good", move("m", (13, 20)))], ScriptedDice())
    assert texts(events) == ['Man moves 5.0".'] and state.model("m").x == 13


def test_a_move_that_takes_no_tests_may_not_cross_a_wall_that_needs_one() -> None:
    state, _ = battle([model("m", profile("Man"), 8, 20)], EVIL_FAR, terrain=[wall(10, 1.0)])
    from rules_core.movement import check_path

    with pytest.raises(RuleViolation) as error:
        check_path(state, state.model("m"), [(8, 20), (13, 20)], 6.0)
    assert error.value.code == "needs_test"


# -- T-ter-7 to T-ter-9: climbing and falling ----------------------------------------------------------


def _at_the_face(
    height: float = 2.0, move_to: float = 0.0, rider: bool = False, seen: list[str] | None = None
):
    rocks = new_piece("rocks", polygon=[[10, 10], [20, 10], [20, 30], [10, 30]], height=height)
    start = 10 - 1 - R
    mover = cavalry("m", 10 - 1 - 50 / 25.4 / 2, 20) if rider else model("m", profile("Man"), start, 20)
    state, _ = battle([mover, *FAR], EVIL_FAR, terrain=[rocks])
    return state, move("m", (10 + R + move_to, 20))


def test_t_ter_7_a_climb_counts_its_height_double_and_lands_on_the_top() -> None:
    state, command = _at_the_face()
    state, events = play(state, [("good", command)], ScriptedDice())
    assert (
        texts(events)[-1]
        == 'Man reaches the Rocks: Climb up the Rocks (2" high) (83% over), or stop, or go another way.'
    )
    on_top, events = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([2]))
    man = on_top.model("m")
    assert man.x == pytest.approx(10 + R) and man.moved == pytest.approx(
        5.0
    )  # 1" to the face, 2" up at double
    from rules_core.terrain import level

    assert level(on_top, man) == 2.0
    assert texts(events)[0] == "Man's Climb test at the Rocks (2\" high): rolls 2: over, and its move ends."


def test_t_ter_7_a_six_uses_the_last_inch_on_the_top_and_a_one_slips_at_the_foot() -> None:
    state, command = _at_the_face(move_to=1.0)
    state, _ = play(state, [("good", command)], ScriptedDice())
    on, _ = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([6]))
    assert on.model("m").x == pytest.approx(10 + R + 1.0) and on.model("m").moved == pytest.approx(6.0)
    slipped, events = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([1]))
    man = slipped.model("m")
    assert man.prone and man.x == pytest.approx(10 - R)
    assert "Man slips at the foot of the Rocks and is Prone." in texts(events)


def test_t_ter_7_cavalry_are_offered_no_climb() -> None:
    state, command = _at_the_face(rider=True)
    assert refused(state, command).code == "cannot_cross"


def test_t_ter_8_a_climb_over_two_turns_and_a_fall() -> None:
    rocks = new_piece("rocks", polygon=[[10, 10], [20, 10], [20, 30], [10, 30]], height=5.0)
    man = model("m", profile("Man", defence=4, wounds=1), 10 - R, 20)
    state, _dice = battle([man, *FAR], EVIL_FAR, terrain=[rocks])
    state, _ = play(state, [("good", move("m", (10 + R + 0.5, 20)))], ScriptedDice())
    state, events = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([4]))
    assert texts(events)[-1] == (
        'Man climbs 3" of the Rocks\'s 5" and hangs there: it climbs on in its next Move.'
    )
    assert state.model("m").climb == 3.0
    state = _to_good_s_next_move(state)
    offered = {a.kind: a for a in choices(state, "good") if a.group == "m"}
    assert "climb_on" in offered and "move" not in offered
    state, _ = play(state, [("good", {"type": "climb_on", "model": "m"})], ScriptedDice())
    state, events = play(state, [("good", {"type": "cross", "model": "m"})], ScriptedDice([1, 5, 2]))
    lines = texts(events)
    assert 'Man falls 3" from the Rocks and is Prone: 2 Strength 3 hits.' in lines
    assert state.model("m").status == "casualty"


def _to_good_s_next_move(state: Any) -> Any:
    """Finish the turn; Good takes Priority in the next and moves first."""
    dice = ScriptedDice([*NEXT_TURN])
    turn = state.turn
    while not (state.turn > turn and state.pending.kind == "activate" and state.pending.side == "good"):
        kind, side = state.pending.kind, state.pending.side
        command = {"type": "priority", "side": "good"} if kind == "choose_priority" else SKIP_STEP[kind]
        state, _ = play(state, [(side, command)], dice)
    return state


@pytest.mark.parametrize(
    ("fall", "height", "hits"), [(1.2, 1.2, 0), (1.21, 1.2, 1), (2.19, 1.2, 1), (2.2, 1.2, 2), (3.0, 0.8, 3)]
)
def test_t_ter_9_falling_damage_count(fall: float, height: float, hits: int) -> None:
    assert falling_hits(fall, height) == hits


def test_climbing_down_a_face_taller_than_the_model_needs_a_test_and_a_drop_its_height_is_free() -> None:
    for height, expected in ((1.0, "free"), (2.0, "climb")):
        rocks = new_piece("rocks", polygon=[[10, 10], [20, 10], [20, 30], [10, 30]], height=height)
        state, _ = battle([model("m", profile("Man"), 11, 20)], EVIL_FAR, terrain=[rocks])
        man = state.model("m")
        (down,) = crossings(state, man, [(11, 20), (8, 20)])
        assert (down.way, down.test) == ("down", expected)


# -- T-ter-11, T-ter-12: defending a barrier -------------------------------------------------------------


def _barrier_fight(
    duel: list[int] | None = None, strikes: list[int] | None = None, attacker_rules: list[str] | None = None
):
    """T-ter-11: D (F4 S3 D5) touches a 0.7" wall; A (F4 S4 D5) charges it from the far side; with
    `duel` dice, on to the fight."""
    d = model("d", profile("Defender", fight=4, strength=3, defence=5), 10.25 + R, 20)
    a = model(
        "a", profile("Attacker", fight=4, strength=4, defence=5, special_rules=attacker_rules or []), 6, 20
    )
    state, _ = battle([a, *FAR], [d, *FAR_EVIL], terrain=[wall(10, 0.7)])
    charge = move("a", (10 - R - 0.1, 20), kind="charge", target="d")
    state, events = play(state, [("good", charge)], ScriptedDice())
    if duel is None:
        return state, events
    state, more = play(state, [("good", {"type": "end_moves"})], ScriptedDice())
    fight = ScriptedDice([*duel, *(strikes or []), *NEXT_TURN])
    state, most = skip_until(state, fight, "fight")
    return state, events + more + most


def test_t_ter_11_a_charge_over_a_barrier_to_its_defender_engages_across_it() -> None:
    state, events = _barrier_fight()
    a, d = state.model("a"), state.model("d")
    assert texts(events)[0] == 'Attacker charges Defender across the Wall it defends (3.5").'
    assert a.x == pytest.approx(10 - R) and in_contact(a, d) and is_engaged(state, d)


def test_t_ter_11_only_one_model_may_charge_a_defender_across_its_barrier() -> None:
    d = model("d", profile("Defender"), 10.25 + R, 20)
    a = model("a", profile("Attacker"), 6, 20)
    b = model("b", profile("Second"), 6, 22)
    state, _ = battle([a, b, *FAR], [d, *FAR_EVIL], terrain=[wall(10, 0.7)])
    state, _ = play(
        state, [("good", move("a", (10 - R - 0.1, 20), kind="charge", target="d"))], ScriptedDice()
    )
    error = refused(state, move("b", (10 - R, 20 + BASE_25MM + 0.05), kind="charge", target="d"))
    assert (
        error.message
        == "Only one model may charge Defender across the Wall it defends: Attacker already has."
    )


def test_t_ter_11_main_line_the_strike_hits_the_wall_and_the_attacker_backs_away() -> None:
    state, events = _barrier_fight([5, 3], [3])
    lines = texts(events)
    assert "Good wins the Duel (highest die 5)." in lines
    assert (
        "Attacker's Strike at Defender across the Wall: In The Way 4+, rolls 3: it strikes the Wall and does nothing."
        in lines
    )
    assert lines.index('Attacker backs away 1".') > lines.index("Good wins the Duel (highest die 5).")
    assert state.model("d").on_board and state.model("d").x == pytest.approx(10.25 + R)
    assert state.model("a").x == pytest.approx(10 - R - 1)


def test_t_ter_11a_the_defender_slain_the_attacker_may_cross_into_its_place() -> None:
    d = model("d", profile("Defender", fight=4, strength=3, defence=5), 10.25 + R, 20)
    a = model("a", profile("Attacker", fight=4, strength=4, defence=5), 6, 20)
    state, _ = battle([a, *FAR], [d, *FAR_EVIL], terrain=[wall(10, 0.7)])
    charge = move("a", (10 - R - 0.1, 20), kind="charge", target="d")
    state, _ = play(state, [("good", charge), ("good", {"type": "end_moves"})], ScriptedDice())
    state, _ = skip_until(state, ScriptedDice([5, 3, 4, 5]), "fight")
    assert state.pending.kind == "cross_into_place" and state.model("d").status == "casualty"
    state, events = play(state, [("good", {"type": "cross_into_place"})], ScriptedDice(NEXT_TURN))
    assert texts(events)[0] == "Attacker crosses the Wall into Defender's place."
    assert state.model("a").pos == pytest.approx((10.25 + R, 20))


def test_t_ter_11b_the_defender_wins_and_strikes_with_no_test() -> None:
    state, events = _barrier_fight([2, 6], [5])
    lines = texts(events)
    assert not any("In The Way 4+" in line for line in lines)
    assert state.model("a").status == "casualty"


def test_t_ter_11c_an_enemy_on_the_defender_s_side_takes_its_protection_away() -> None:
    d = model("d", profile("Defender", fight=4, strength=3, defence=5), 10.25 + R, 20)
    a = model("a", profile("Attacker", fight=4, strength=4, defence=5), 6, 20)
    c = model("c", profile("Flanker", fight=4, strength=4, defence=5), 10.25 + R + BASE_25MM, 20)
    state, _ = battle([a, c, *FAR], [d, *FAR_EVIL], terrain=[wall(10, 0.7)])
    charge = move("a", (10 - R - 0.1, 20), kind="charge", target="d")
    state, _ = play(state, [("good", charge), ("good", {"type": "end_moves"})], ScriptedDice())
    state, events = skip_until(state, ScriptedDice([5, 5, 3, 6, 6, 6, 6, *NEXT_TURN]), "fight")
    assert not any("defends the Wall" in line for line in texts(events))


def test_t_ter_11d_a_prone_model_cannot_defend() -> None:
    d = {**model("d", profile("Defender"), 10.25 + R, 20), "prone": True}
    a = model("a", profile("Attacker"), 6, 20)
    state, _ = battle([a, *FAR], [d, *FAR_EVIL], terrain=[wall(10, 0.7)])
    state.model("d").prone = True
    # Not defended: the charge must reach real base contact, and there is no room for it by the wall.
    error = refused(state, move("a", (10 - R - 0.1, 20), kind="charge", target="d"))
    assert (error.code, error.message) == (
        "cannot_cross",
        "Attacker cannot cross the Wall: it would stand on it.",
    )


def test_t_ter_11e_supreme_agility_passes_the_barrier_without_a_roll() -> None:
    state, events = _barrier_fight([5, 3], [5], attacker_rules=["Supreme Agility"])
    assert "Attacker's Strike passes the Wall (Supreme Agility)." in texts(events)
    assert state.model("d").status == "casualty"


def test_t_ter_11_the_defender_s_zone_reaches_over_its_barrier() -> None:
    d = model("d", profile("Defender"), 10.25 + R, 20)
    state, _ = battle([model("b", profile("Passer"), 8, 21.5), *FAR], [d, *FAR_EVIL], terrain=[wall(10, 0.7)])
    error = refused(state, move("b", (10 - R, 21.5), (10 - R, 18)))
    assert error.code == "control_zone"


def test_t_ter_12_a_wall_less_than_half_a_troll_s_height_is_no_barrier_to_it() -> None:
    troll = profile("Cave Troll", base_mm=50.0, keywords=["Monster"])
    man = profile("Man")
    state, _ = battle(
        [model("t", troll, 5, 20), model("m", man, 5, 25)],
        [model("d", man, 10.25 + R, 20), *FAR_EVIL],
        terrain=[wall(10, 0.7)],
    )
    from rules_core.terrain import defends

    barrier = state.terrain[0]
    d = state.model("d")
    assert not defends(state, d, state.model("t"), barrier)  # 0.7 < 2.5 / 2
    assert defends(state, d, state.model("m"), barrier)
    assert crossings(state, state.model("t"), [(5, 20), (14, 20)])[0].test == "free"  # 2.5 > 2 x 0.7


def test_t_ter_12_cavalry_charging_a_defender_get_no_charge_bonuses() -> None:
    radius = 50 / 25.4 / 2
    d = model("d", profile("Defender", defence=5), 10.25 + R, 20)
    state, _ = battle([cavalry("c", 5, 20), *FAR], [d, *FAR_EVIL], terrain=[wall(10, 1.2)])
    charge = move("c", (10 - radius - 0.1, 20), kind="charge", target="d")
    state, _ = play(state, [("good", charge), ("good", {"type": "end_moves"})], ScriptedDice())
    state, events = skip_until(state, ScriptedDice([1, 6, 1, *NEXT_TURN]), "fight")
    assert "Rider has no charge bonuses: it charged Defender across a barrier Defender defends." in texts(
        events
    )


# -- T-ter-22, T-ter-23: control zones and the Dwellers -----------------------------------------------------


def test_t_ter_22_control_zones_stop_at_obstacles() -> None:
    wall_y = new_piece("wall", polygon=[[5, 20], [30, 20], [30, 20.25], [5, 20.25]], height=0.7)
    enemy = model("e", profile("Enemy"), 15, 20.25 + 0.3 + R)  # 0.3" behind the wall, not touching
    state, _ = battle(
        [model("f", profile("Friend", move=15.0), 8, 20 - R), *FAR], [enemy, *FAR_EVIL], terrain=[wall_y]
    )
    state, _events = play(state, [("good", move("f", (22, 20 - R)))], ScriptedDice())
    assert state.model("f").x == 22  # 0.55" from E, but its zone stops at the wall


def test_t_ter_22_variant_a_defender_touching_the_wall_reaches_over_it() -> None:
    wall_y = new_piece("wall", polygon=[[5, 20], [30, 20], [30, 20.25], [5, 20.25]], height=0.7)
    enemy = model("e", profile("Enemy"), 15, 20.25 + R)
    state, _ = battle(
        [model("f", profile("Friend", move=15.0), 8, 20 - R), *FAR], [enemy, *FAR_EVIL], terrain=[wall_y]
    )
    assert refused(state, move("f", (22, 20 - R))).code == "control_zone"


@pytest.mark.parametrize(
    ("rules", "kind", "cost"),
    [
        (["Woodland Creature"], "wood", 3.0),
        (["Woodland Creature"], "rubble", 6.0),
        (["Mountain Dweller"], "rubble", 3.0),
        (["Mountain Dweller"], "wood", 6.0),
    ],
)
def test_t_ter_23_woods_rocks_and_the_dwellers(rules: list[str], kind: str, cost: float) -> None:
    ground = new_piece(kind, polygon=[[0, 0], [48, 0], [48, 30], [0, 30]])
    state, _ = battle(
        [model("m", profile("Walker", special_rules=rules), 10, 20)], EVIL_FAR, terrain=[ground]
    )
    state, _ = play(state, [("good", move("m", (13, 20)))], ScriptedDice())
    assert state.model("m").moved == pytest.approx(cost)


def test_shallow_water_slows_infantry_but_not_cavalry() -> None:
    ford = new_piece("river", polygon=[[0, 0], [48, 0], [48, 30], [0, 30]])
    state, _ = battle([model("m", profile("Man"), 10, 20), cavalry("c", 30, 20)], EVIL_FAR, terrain=[ford])
    state, _ = play(state, [("good", move("m", (12, 20))), ("good", move("c", (34, 20)))], ScriptedDice())
    assert state.model("m").moved == pytest.approx(4.0) and state.model("c").moved == pytest.approx(4.0)


def test_a_model_cannot_back_away_over_a_wall() -> None:
    from rules_core.movement import back_away_clear

    state, _ = battle([model("m", profile("Man"), 10 - R, 20)], EVIL_FAR, terrain=[wall(10, 0.6)])
    man = state.model("m")
    assert not back_away_clear(state, man, (11.5, 20))
    assert back_away_clear(state, man, (8.5, 20))


def test_a_jump_or_climb_is_offered_only_in_a_move_of_its_own_and_the_legal_actions_say_so() -> None:
    state, _ = _at_the_wall()
    kinds = {a.kind for a in legal_actions(state, "good")}
    assert {"cross", "stop"} <= kinds


def test_a_piece_s_kind_gives_the_properties_it_does_not_give_itself_and_old_pieces_load_unchanged() -> None:
    from rules_core import new_battle

    from .builders import setup

    pieces = [
        {"kind": "wall", "polygon": [[1, 1], [5, 1], [5, 1.25], [1, 1.25]], "height": 0.7},
        {
            "name": "Rocky outcrop",
            "polygon": [[20, 20], [28, 20], [28, 26], [20, 26]],
            "blocks_sight": True,
            "impassable": True,
        },
    ]
    state = new_battle(setup([model("m", profile("Man"), 10, 40)], EVIL_FAR, terrain=pieces))
    wall_piece, outcrop = state.terrain
    assert (wall_piece.name, wall_piece.height, wall_piece.barrier, wall_piece.climbable) == (
        "Wall",
        0.7,
        True,
        True,
    )
    assert (outcrop.kind, outcrop.height, outcrop.barrier, outcrop.obscures) == ("", None, False, True)
    with pytest.raises(RuleViolation) as error:
        new_battle(
            setup(
                [model("m", profile("Man"), 10, 40)],
                EVIL_FAR,
                terrain=[{"kind": "lava", "polygon": [[0, 0], [1, 0], [1, 1]]}],
            )
        )
    assert error.value.message.startswith(
        "There is no kind of terrain called 'lava' (known: building, fence,"
    )
