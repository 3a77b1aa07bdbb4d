"""A skirmish move's preview: what the drop would do, by the rule that will judge it, changing nothing."""

from __future__ import annotations

import pytest

from rules_core import ScriptedDice, apply
from rules_core.skirmish import preview

from .builders import BASE_25MM, deployed, model, profile, setup

GOOD_PRIORITY = [6, 1]
WOOD = {"name": "Wood", "polygon": [[20, 10], [30, 10], [30, 30], [20, 30]], "difficult": True}


def battle(good=None, evil=None, terrain=()):
    good = good or [model("rider", profile("Rider"), 10, 20)]
    evil = evil or [model("orc", profile("Orc"), 40, 40)]
    return deployed(setup(good, evil, terrain=list(terrain)), ScriptedDice(GOOD_PRIORITY), priority="good")


def move(model_id, *points, kind="move", **extra):
    return {"type": kind, "model": model_id, "path": [list(p) for p in points], **extra}


def test_a_legal_move_previews_its_path_and_the_move_it_uses_and_changes_nothing() -> None:
    state = battle(terrain=[WOOD])
    before = state.to_dict()
    answer = preview(state, move("rider", (13, 20), (13, 23)))
    assert answer == {
        "ok": True,
        "path": [[10.0, 20.0], [13.0, 20.0], [13.0, 23.0]],
        "length": 6.0,
        "allowance": 6.0,
    }
    assert state.to_dict() == before
    # Into the wood: each inch with the base in it costs two (from the base's edge touching it, 0.492"
    # before its centre does), as the referee counts it when the move is sent.
    near_the_wood = battle(good=[model("rider", profile("Rider"), 18, 20)], terrain=[WOOD])
    assert preview(near_the_wood, move("rider", (21, 20)))["length"] == pytest.approx(4.492, abs=1e-3)


def test_a_refused_move_previews_the_refusal_the_referee_would_give() -> None:
    state = battle(
        good=[model("rider", profile("Rider"), 10, 20), model("friend", profile("Friend"), 13, 20)]
    )
    assert preview(state, move("rider", (16, 20))) == {
        "ok": False,
        "code": "through_model",
        "message": "Rider cannot move through Friend.",
        "blocking": {"model": "friend"},
    }
    too_far = preview(state, move("rider", (10, 27.5)))
    assert too_far["ok"] is False and too_far["code"] == "too_far"
    # The answer is the refusal the same command meets when it is sent.
    with pytest.raises(Exception) as sent:
        apply(state, "good", move("rider", (10, 27.5)), ScriptedDice())
    assert str(sent.value) == too_far["message"]


def test_a_charge_previews_the_path_ending_in_base_contact() -> None:
    orc_at = (10 + 2 * BASE_25MM + 3, 20)
    state = battle(evil=[model("orc", profile("Orc"), *orc_at)])
    dropped = (orc_at[0] - 2 * BASE_25MM * 0.5 - 0.2, 20.1)  # a hair short of contact, a hair off line
    answer = preview(state, move("rider", dropped, kind="charge", target="orc"))
    assert answer["ok"] is True
    end = answer["path"][-1]
    gap = ((end[0] - orc_at[0]) ** 2 + (end[1] - orc_at[1]) ** 2) ** 0.5
    assert gap == pytest.approx(BASE_25MM)  # bases touching: the end the charge will take


def test_a_charge_at_a_terrifying_model_previews_the_test_that_comes_first() -> None:
    orc_at = (10 + 2 * BASE_25MM + 3, 20)
    troll = profile("Troll", special_rules=["Terror"])
    state = battle(evil=[model("orc", troll, *orc_at)])
    answer = preview(state, move("rider", (orc_at[0] - BASE_25MM, 20), kind="charge", target="orc"))
    assert answer["ok"] is True and answer["then"] == "a Courage test first"
    assert answer["path"][-1][0] == pytest.approx(orc_at[0] - BASE_25MM)


def test_what_is_not_a_model_s_move_has_no_preview() -> None:
    state = battle()
    assert preview(state, {"type": "pass"})["code"] == "malformed_command"
    assert (
        preview(state, {"type": "move", "model": "nobody", "path": [[1, 1]]})["code"] == "malformed_command"
    )
    assert preview(state, {"type": "move", "model": "orc", "path": [[39, 39]]})["code"] == "not_your_decision"


def test_a_move_over_a_wall_previews_its_whole_path_the_jump_it_needs_there_and_its_chances() -> None:
    from rules_core.terrain import new_piece

    wall = new_piece("wall", polygon=[[12, 10], [12.25, 10], [12.25, 30], [12, 30]], height=1.0)
    state = battle(terrain=[wall])
    answer = preview(state, move("rider", (15, 20)))
    assert answer["ok"] and answer["path"] == [
        [10.0, 20.0],
        [pytest.approx(12 - BASE_25MM / 2), 20.0],
        [15.0, 20.0],
    ]
    assert answer["length"] == pytest.approx(5.0)
    (note,) = answer["terrain"]
    assert note["at"] == [pytest.approx(12 - BASE_25MM / 2, abs=1e-3), 20.0]
    assert (note["piece"], note["kind"], note["height"], note["test"]) == ("Wall", "wall", 1.0, "jump")
    assert note["says"] == 'Jump the Wall (1" high): a Jump test, 83% over'
    assert [o["p"] for o in note["odds"]["outcomes"]] == [0.1667, 0.6667, 0.1667]


def test_a_move_up_a_hill_or_a_rock_face_previews_what_it_costs_there() -> None:
    from rules_core.terrain import new_piece

    hill = new_piece("hill", polygon=[[12, 10], [20, 10], [20, 30], [12, 30]], height=2.0)
    (note,) = preview(battle(terrain=[hill]), move("rider", (14, 20)))["terrain"]
    assert note["says"] == 'Up the Hill (2" high): open ground, no test'
    rocks = new_piece("rocks", polygon=[[12, 10], [20, 10], [20, 30], [12, 30]], height=2.0)
    answer = preview(battle(terrain=[rocks]), move("rider", (13, 20)))
    (note,) = answer["terrain"]
    assert (
        note["says"] == 'Climb up the Rocks (2" high): a Climb test, 83% over (the climb costs 4.0" of Move)'
    )
    assert answer["length"] == pytest.approx(
        12 - BASE_25MM / 2 - 10 + 4.0 + 13 - (12 + BASE_25MM / 2), abs=1e-3
    )


def test_a_refused_preview_names_what_is_in_the_way_for_the_board_to_draw() -> None:
    rock = {"name": "Rock", "polygon": [[12, 18], [13, 22], [12, 22]], "impassable": True}
    state = battle(
        evil=[model("orc", profile("Orc"), 11, 25)],
        terrain=[rock],
    )
    through_rock = preview(state, move("rider", (15, 20)))
    assert (through_rock["code"], through_rock["blocking"]) == ("impassable", {"terrain": "t1"})
    near_the_orc = preview(state, move("rider", (10, 24)))
    assert (near_the_orc["code"], near_the_orc["blocking"]) == ("control_zone", {"model": "orc", "zone": 1.0})
    too_far = preview(state, move("rider", (10, 27.5)))
    assert "blocking" not in too_far
