"""Move phase: path length, models and terrain in the way, the control zone, charges."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, legal_actions

from .builders import BASE_25MM, deployed, model, play, profile, setup, texts

GOOD_PRIORITY = [6, 1]  # Good wins the Priority roll and keeps Priority: Good moves first.

WOOD = {"name": "Wood", "polygon": [[20, 10], [30, 10], [30, 30], [20, 30]], "difficult": True}
ROCK = {"name": "Rock", "polygon": [[20, 10], [30, 10], [30, 30], [20, 30]], "impassable": True}


def battle(good=None, evil=None, terrain=()):
    good = good or [model("rider", profile("Rider"), 10, 20)]
    evil = evil or [model("orc", profile("Orc"), 40, 40)]
    return deployed(setup(good, evil, terrain=list(terrain)), ScriptedDice(GOOD_PRIORITY), priority="good")


def move(model_id, *points):
    return {"type": "move", "model": model_id, "path": [list(p) for p in points]}


def refused(state, side, command):
    before = state.to_dict()
    with pytest.raises(RuleViolation) as error:
        apply(state, side, command, ScriptedDice())
    assert state.to_dict() == before
    return error.value


def test_a_model_moves_along_its_path_up_to_its_move() -> None:
    state = battle()
    assert state.pending.kind == "activate" and state.pending.side == "good"
    state, events = play(state, [("good", move("rider", (13, 20), (13, 23)))], ScriptedDice())
    rider = state.model("rider")
    assert rider.pos == (13.0, 23.0)
    assert rider.moved == pytest.approx(6.0)
    assert rider.activated
    assert texts(events) == ['Rider moves 6.0".']


def test_a_path_longer_than_move_is_refused() -> None:
    error = refused(battle(), "good", move("rider", (17, 20)))
    assert error.code == "too_far"
    assert error.message == 'Rider can move 6" but that path needs 7.00" (at most 0.05" over is allowed).'


def test_a_model_cannot_move_through_another_model() -> None:
    state = battle(
        good=[model("rider", profile("Rider"), 10, 20), model("friend", profile("Friend"), 13, 20)]
    )
    error = refused(state, "good", move("rider", (16, 20)))
    assert (error.code, error.message) == ("through_model", "Rider cannot move through Friend.")
    state, _ = play(state, [("good", move("rider", (13, 21.2), (15, 20)))], ScriptedDice())
    assert state.model("rider").pos == (15.0, 20.0)


def test_impassable_terrain_blocks_a_move() -> None:
    state = battle(good=[model("rider", profile("Rider"), 17, 20)], terrain=[ROCK])
    error = refused(state, "good", move("rider", (22, 20)))
    assert (error.code, error.message) == ("impassable", "Rider cannot move through Rock.")


def test_each_inch_in_difficult_terrain_costs_two_while_any_part_of_the_base_is_in_it() -> None:
    state = battle(good=[model("rider", profile("Rider"), 17, 20)], terrain=[WOOD])
    # The base's edge reaches the wood (x = 20) once its centre is at 19.508: 2.492" of the 5" inside.
    error = refused(state, "good", move("rider", (22, 20)))
    assert error.message == (
        'Rider can move 6" but that path needs 7.49" '
        '(5.00" long, 2.49" more in difficult ground; at most 0.05" over is allowed).'
    )
    state, _ = play(state, [("good", move("rider", (21.2539, 20)))], ScriptedDice())  # 2.508" + 1.746" x 2
    assert state.model("rider").moved == pytest.approx(6.0, abs=1e-3)


def test_a_model_cannot_leave_the_board() -> None:
    state = battle(good=[model("rider", profile("Rider"), 2, 20)])
    error = refused(state, "good", move("rider", (0.2, 20)))
    assert (error.code, error.message) == ("off_board", "Rider cannot leave the board.")


def test_the_control_zone_keeps_models_1_inch_away_unless_charging() -> None:
    state = battle(evil=[model("orc", profile("Orc"), 16, 20)])
    # Stopping 0.5" from the orc's base edge is inside its control zone.
    error = refused(state, "good", move("rider", (16 - BASE_25MM - 0.5, 20)))
    assert (error.code, error.message) == (
        "control_zone",
        'Rider cannot move within 1" of Orc (unless charging it): this path comes 0.5" from it.',
    )
    state, _ = play(state, [("good", move("rider", (16 - BASE_25MM - 1.0, 20)))], ScriptedDice())
    assert state.model("rider").distance_to(state.model("orc")) == pytest.approx(1.0)


def test_a_charge_ends_in_base_contact_and_engages() -> None:
    state = battle(
        good=[model("rider", profile("Rider"), 10, 20), model("other", profile("Other"), 30, 40)],
        evil=[model("orc", profile("Orc"), 15, 20)],
    )
    charge = {"type": "charge", "model": "rider", "target": "orc", "path": [[14.2, 20.3]]}
    state, events = play(state, [("good", charge)], ScriptedDice())
    rider, orc = state.model("rider"), state.model("orc")
    assert rider.distance_to(orc) == pytest.approx(0.0, abs=1e-9)
    assert texts(events)[0].startswith("Rider charges Orc")
    assert ("move", "other") in {(a.kind, a.group) for a in legal_actions(state, "good")}


def test_a_charge_must_reach_its_target() -> None:
    state = battle(evil=[model("orc", profile("Orc"), 15, 20)])
    error = refused(state, "good", {"type": "charge", "model": "rider", "target": "orc", "path": [[12, 20]]})
    assert (error.code, error.message) == (
        "charge_short",
        "Rider's charge must end in base contact with Orc: it ends 2.0\" short of it "
        '(a charge may end up to 0.5" off).',
    )


def test_an_enemy_out_of_reach_cannot_be_charged() -> None:
    state = battle(evil=[model("orc", profile("Orc"), 20, 20)])
    error = refused(state, "good", {"type": "charge", "model": "rider", "target": "orc", "path": [[19, 20]]})
    assert (error.code, error.message) == ("out_of_reach", 'Orc is 9.0" away; Rider\'s Move is 6".')


def test_only_enemies_within_reach_can_be_charged() -> None:
    state = battle(
        evil=[model("near", profile("Near orc"), 15, 20), model("far", profile("Far orc"), 40, 20)]
    )
    charge = next(a for a in legal_actions(state, "good") if a.kind == "charge")
    assert [o["value"] for o in charge.params["target"]["options"]] == ["near"]


def test_an_engaged_model_cannot_move() -> None:
    state = battle(
        good=[model("rider", profile("Rider"), 10, 20), model("free", profile("Free rider"), 30, 40)],
        evil=[model("orc", profile("Orc"), 10 + BASE_25MM, 20)],
    )
    error = refused(state, "good", move("rider", (8, 20)))
    assert error.code == "not_allowed"
    kinds = {(a.kind, a.group) for a in legal_actions(state, "good")}
    assert ("stand", "rider") in kinds and ("move", "rider") not in kinds


def test_finishing_moves_hands_over_to_the_other_side() -> None:
    state = battle(good=[model("a", profile("A"), 10, 20), model("b", profile("B"), 14, 20)])
    state, events = play(
        state, [("good", move("a", (10, 22))), ("good", {"type": "end_moves"})], ScriptedDice()
    )
    assert state.model("b").pos == (14.0, 20.0)
    assert state.pending.side == "evil" and state.pending.kind == "activate"
    assert "Good finishes moving." in texts(events)


def test_commands_the_rules_do_not_offer_are_refused_with_a_reason_a_player_reads() -> None:
    state = battle(good=[model("rider", profile("Rider"), 10, 20), model("other", profile("Other"), 30, 40)])
    state, _ = play(state, [("good", move("rider", (10, 22)))], ScriptedDice())
    cases = [
        (move("ghost", (1, 1)), "There is no model called 'ghost' in this battle."),
        (move("orc", (40, 38)), "Orc is not one of your models."),
        (move("rider", (10, 24)), "Rider cannot move now."),
        ({"type": "move", "model": "other"}, "That 'move' is missing a value for path (it takes:"),
        ({"type": "move", "model": "other", "path": "north"}, "That 'move' has a value for path that is not"),
        ({"type": "shoot", "model": "other", "target": "orc"}, "'shoot' is not a choice you can make now"),
    ]
    for command, message in cases:
        error = refused(state, "good", command)
        assert error.code == "not_allowed" and error.message.startswith(message), error.message
