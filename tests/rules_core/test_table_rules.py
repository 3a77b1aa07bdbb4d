"""What the battle table relies on from the referee: tolerances stated in figures, refusals in
numbers, the tape and line of sight through the referee's own geometry, names that tell models apart."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, legal_actions, new_battle
from rules_core.chance import dice_count, percent
from rules_core.measure import measure
from rules_core.movement import MOVE_TOLERANCE, SNAP_TO_CONTACT
from rules_core.setup import number_namesakes

from .builders import BASE_25MM, GOOD_PRIORITY, deployed, model, play, profile, setup, skip_to, texts

ROCK = {
    "name": "Rocky outcrop",
    "polygon": [[18, 18], [22, 18], [22, 22], [18, 22]],
    "blocks_sight": True,
    "impassable": True,
}
BOW = {"name": "Bow", "range": 24.0, "strength": 2}


def battle(good, evil, terrain=()):
    return deployed(setup(good, evil, terrain=list(terrain)), ScriptedDice(GOOD_PRIORITY), priority="good")


def refused(state, side, command):
    with pytest.raises(RuleViolation) as error:
        apply(state, side, command, ScriptedDice())
    return error.value


def charge(target, *points):
    return {"type": "charge", "model": "rider", "target": target, "path": [list(p) for p in points]}


def test_a_charge_dropped_within_half_an_inch_of_its_target_snaps_to_base_contact() -> None:
    assert SNAP_TO_CONTACT == 0.5
    state = battle(
        [model("rider", profile("Rider"), 10, 20), model("other", profile("Other"), 40, 40)],
        [model("orc", profile("Orc"), 15, 20)],
    )
    short = 15 - BASE_25MM - 0.45  # 0.45" short of touching
    after, events = play(state, [("good", charge("orc", (short, 20)))], ScriptedDice())
    assert after.model("rider").distance_to(after.model("orc")) == pytest.approx(0.0, abs=1e-9)
    assert texts(events)[0].startswith("Rider charges Orc")

    error = refused(state, "good", charge("orc", (15 - BASE_25MM - 0.6, 20)))
    assert (error.code, error.message) == (
        "charge_short",
        "Rider's charge must end in base contact with Orc: it ends 0.6\" short of it "
        '(a charge may end up to 0.5" off).',
    )


def test_a_move_a_hair_over_its_move_is_taken_within_the_stated_tolerance_and_refused_past_it() -> None:
    assert MOVE_TOLERANCE == 0.05
    state = battle([model("rider", profile("Rider"), 10, 20)], [model("orc", profile("Orc"), 40, 40)])
    after, events = play(
        state, [("good", {"type": "move", "model": "rider", "path": [[16.04, 20]]})], ScriptedDice()
    )
    assert after.model("rider").pos == (16.04, 20.0)
    assert texts(events) == ['Rider moves 6.0".']
    error = refused(state, "good", {"type": "move", "model": "rider", "path": [[16.06, 20]]})
    assert (error.code, error.message) == (
        "too_far",
        'Rider can move 6" but that path needs 6.06" (at most 0.05" over is allowed).',
    )


def test_a_charge_never_comes_within_1_inch_of_a_second_enemy() -> None:
    """core-summary.md: "a model may not move within 1" of an enemy model unless it is charging
    it". Charging one enemy gives no leave to come within 1" of another: dropped where it would, the
    charger is put at the nearest place touching its target outside the other's zone; with no such
    place in reach the charge is refused."""
    state = battle(
        [model("rider", profile("Rider"), 10, 20), model("friend", profile("Friend"), 40, 40)],
        [model("orc", profile("Orc"), 15, 20), model("other", profile("Other orc"), 15, 21.2)],
    )
    contact = (15 - BASE_25MM, 20)  # touching the orc: 0.57" from the other orc's base
    after, _ = play(state, [("good", charge("orc", contact))], ScriptedDice())
    rider = after.model("rider")
    assert rider.distance_to(after.model("orc")) == pytest.approx(0.0, abs=1e-9)
    assert rider.distance_to(after.model("other")) == pytest.approx(1.0, abs=0.01)
    assert rider.y < 20  # round the orc, away from the other one

    in_the_way = battle(
        [model("rider", profile("Rider"), 10, 20), model("friend", profile("Friend"), 40, 40)],
        [model("orc", profile("Orc"), 15, 20), model("other", profile("Other orc"), 12.5, 21.2)],
    )
    error = refused(in_the_way, "good", charge("orc", contact))
    assert (error.code, error.message) == (
        "control_zone",
        'Rider cannot move within 1" of Other orc (only Orc, the model charged, may be approached): '
        'this path comes 0.2" from it.',
    )


def test_a_charge_out_of_reach_is_refused_in_numbers() -> None:
    state = battle(
        [model("rider", profile("Rider"), 10, 20)],
        [model("gothmog", profile("Gothmog"), 18.2 + BASE_25MM, 20)],
    )
    error = refused(state, "good", charge("gothmog", (17.2, 20)))
    assert (error.code, error.message) == ("out_of_reach", 'Gothmog is 8.2" away; Rider\'s Move is 6".')
    # Near the Move, to a hundredth: "6.0" away" would not say why a Move of 6" falls short.
    just_out = battle(
        [model("rider", profile("Rider"), 10, 20)],
        [model("gothmog", profile("Gothmog"), 16.04 + BASE_25MM, 20)],
    )
    error = refused(just_out, "good", charge("gothmog", (16.04, 20)))
    assert (error.code, error.message) == ("out_of_reach", 'Gothmog is 6.04" away; Rider\'s Move is 6".')


def test_the_tape_measures_as_the_referee_does_and_the_sight_check_names_what_blocks() -> None:
    state = battle(
        [model("archer", profile("Archer", missile=BOW), 20, 30), model("scout", profile("Scout"), 30, 30)],
        [model("orc", profile("Orc"), 20, 10), model("far", profile("Far orc"), 30, 2)],
        terrain=[ROCK],
    )
    archer, orc, scout, far = (state.model(i) for i in ("archer", "orc", "scout", "far"))
    hidden = measure(state, archer, orc)
    assert hidden.distance == pytest.approx(archer.distance_to(orc))
    assert hidden.visible is False and hidden.blocked_by == ["Rocky outcrop"]
    assert hidden.shot == "Archer cannot see Orc."
    seen = measure(state, scout, far)
    assert seen.visible is True and seen.blocked_by == [] and seen.shot is None
    assert measure(state, archer, far).shot == "Far orc is out of range of Archer's Bow (24\")."
    assert measure(state, (0.0, 0.0), (3.0, 4.0)).distance == pytest.approx(5.0)
    assert measure(state, archer, (20.0, 25.0)).distance == pytest.approx(5.0 - archer.radius)
    assert measure(state, scout, far).to_dict()["to"] == {
        "model": "far",
        "name": "Far orc",
        "at": [30.0, 2.0],
    }


def test_the_tape_names_each_piece_it_crosses_with_its_kind_and_height() -> None:
    from rules_core.terrain import new_piece

    wall = new_piece(
        "wall", name="Old wall", polygon=[[15, 20], [25, 20], [25, 20.25], [15, 20.25]], height=0.7
    )
    hill = new_piece("hill", polygon=[[15, 12], [25, 12], [25, 16], [15, 16]])
    state = battle(
        [model("archer", profile("Archer", missile=BOW), 20, 30)],
        [model("orc", profile("Orc"), 20, 10)],
        terrain=[wall, hill],
    )
    assert measure(state, state.model("archer"), state.model("orc")).to_dict()["terrain"] == [
        'Old wall (wall, 0.7" high, a barrier, blocks sight)',
        'Hill (hill, 2" high, walked onto, blocks sight)',
    ]
    assert measure(state, (0.0, 0.0), (3.0, 4.0)).terrain == []


def test_models_that_share_a_name_are_numbered_across_both_armies() -> None:
    warrior, orc, hero = profile("Warrior"), profile("Orc"), profile("Aragorn")
    numbered = number_namesakes(
        setup(
            [model("w1", warrior, 1, 1), model("aragorn", hero, 3, 1), model("w2", warrior, 5, 1)],
            [model("o1", orc, 1, 40), model("w3", warrior, 5, 40)],
        )
    )
    state = new_battle(numbered)
    names = {m.id: m.name for m in state.models.values()}
    assert names == {
        "w1": "Warrior 1",
        "aragorn": "Aragorn",
        "w2": "Warrior 2",
        "o1": "Orc",
        "w3": "Warrior 3",
    }
    assert len({a.label for a in legal_actions(state, "good")}) == len(legal_actions(state, "good"))


def test_chances_never_claim_certainty_they_lack_and_one_die_is_a_die() -> None:
    assert [percent(p) for p in (1, Fraction(35, 36), 0.996, 0.994, 0.003, 0)] == [
        "100%",
        "97%",
        ">99%",
        "99%",
        "<1%",
        "0%",
    ]
    assert (dice_count(1), dice_count(3)) == ("1 die", "3 dice")


def test_an_archer_that_cannot_shoot_is_named_with_the_reason_when_shooting_is_skipped() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = battle(
        [model("archer", profile("Archer", missile=BOW), 10, 30)], [model("orc", profile("Orc"), 10, 10)]
    )
    state, _ = play(state, [("good", {"type": "move", "model": "archer", "path": [[10, 26]]})], dice)
    state, events = skip_to(state, dice, stop="fight")
    assert "Good cannot shoot: Archer moved more than half its Move and cannot shoot." in texts(events)


def test_the_log_shows_the_die_the_might_spent_and_the_result() -> None:
    from .builders import NEXT_TURN, hero

    dice = ScriptedDice([*GOOD_PRIORITY, 3])
    state = deployed(
        setup(
            [model("hama", hero("Hama", might=2, shoot=4, missile=BOW), 10, 30)],
            [model("tribesman", profile("Hill Tribesman"), 10, 10), model("far", profile("Far"), 40, 2)],
        ),
        dice,
        priority="good",
    )
    state, _ = skip_to(state, dice, stop="shoot")
    state, _ = play(state, [("good", {"type": "shoot", "model": "hama", "target": "tribesman"})], dice)
    assert state.pending.kind == "spend_might"
    dice.script.extend([5, *NEXT_TURN])
    state, events = play(state, [("good", {"type": "might", "model": "hama", "amount": 1})], dice)
    assert texts(events)[:3] == [
        "Hama spends 1 Might on the To Hit roll of 3 (1 left).",
        "To Hit: rolls 3, +1 Might = 4: hit.",
        "Hama's shot on Hill Tribesman: To Wound 5+ (S2 against D4), rolls 5: wounds.",
    ]
