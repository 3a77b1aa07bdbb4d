"""Several models moved as a block in one command (issue 27): each model's own move checked, those
that may not move named with why and left to move alone, and one takeback undoing the group."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, legal_actions, new_battle

from .builders import GOOD_PRIORITY, deployed, model, play, profile, setup, texts
from .test_takeback import TAKE_ONE, Table

ROCK = {"name": "Rock", "polygon": [[17, 16], [19, 16], [19, 18], [17, 18]], "impassable": True}
LINE = [model(f"w{i}", profile(f"Warrior {i}"), 10 + 2 * i, 20) for i in range(5)]
FAR_ORC = [model("orc", profile("Orc"), 40, 2)]


def block(dy, *ids, state=None):
    """The models `ids` each sent `dy` inches up the board, in a straight line."""
    ids = ids or tuple(m["id"] for m in LINE)
    moves = []
    for ident in ids:
        x, y = state.model(ident).pos if state else next((m["x"], m["y"]) for m in LINE if m["id"] == ident)
        moves.append({"model": ident, "path": [[x, y - dy]]})
    return {"type": "move_group", "moves": moves}


def line_battle(terrain=()):
    return deployed(setup(LINE, FAR_ORC, terrain=list(terrain)), ScriptedDice(GOOD_PRIORITY), priority="good")


def test_five_models_move_as_a_block_and_one_that_may_not_is_named_and_may_still_move_alone() -> None:
    state = line_battle(terrain=[ROCK])
    assert "move_group" in {a.kind for a in legal_actions(state, "good")}
    state, events = play(state, [("good", block(5))], ScriptedDice())
    # Warrior 4 (at x 18) would pass through the rock; the others move 5" up the board.
    assert [state.model(f"w{i}").pos for i in range(4)] == [(10.0 + 2 * i, 15.0) for i in range(4)]
    assert state.model("w4").pos == (18.0, 20.0)
    assert "Warrior 4 stays where it is: Warrior 4 cannot move through Rock." in texts(events)
    assert [state.model(f"w{i}").activated for i in range(5)] == [True, True, True, True, False]
    # Warrior 4 may still move on its own, round the rock.
    assert ("move", "w4") in {(a.kind, a.group) for a in legal_actions(state, "good")}
    state, _ = play(
        state, [("good", {"type": "move", "model": "w4", "path": [[19.6, 19], [19.6, 15]]})], ScriptedDice()
    )
    assert state.model("w4").pos == (19.6, 15.0)


def test_a_column_moves_through_the_places_its_front_models_leave() -> None:
    column = [model(f"c{i}", profile(f"Column {i}"), 10, 20 + 1.2 * i) for i in range(3)]
    state = deployed(setup(column, FAR_ORC), ScriptedDice(GOOD_PRIORITY), priority="good")
    # Sent rear first: the referee still moves the front one first, so no one walks through another.
    moves = [{"model": f"c{i}", "path": [[10, 20 + 1.2 * i - 3]]} for i in (2, 1, 0)]
    state, events = play(state, [("good", {"type": "move_group", "moves": moves})], ScriptedDice())
    assert [state.model(f"c{i}").pos for i in range(3)] == [
        (10.0, pytest.approx(17 + 1.2 * i)) for i in range(3)
    ]
    assert texts(events)[:3] == ['Column 0 moves 3.0".', 'Column 1 moves 3.0".', 'Column 2 moves 3.0".']


def test_one_takeback_undoes_the_whole_group() -> None:
    table = Table(battle_setup=setup(LINE, FAR_ORC))
    table.dice = ScriptedDice(GOOD_PRIORITY)
    table.play("good", {"type": "ready"})
    table.play("evil", {"type": "ready"})
    table.play(table.state.pending.side, {"type": "priority", "side": "good"})
    before = table.state.to_dict()
    table.play("good", block(3))
    assert table.state.model("w0").pos == (10.0, 17.0)
    after = table.play("good", TAKE_ONE)
    assert [after.model(f"w{i}").pos for i in range(5)] == [(10.0 + 2 * i, 20.0) for i in range(5)]
    assert after.to_dict()["models"] == before["models"]


@pytest.mark.parametrize(
    "moves",
    [
        [{"model": "w0", "path": [[10, 17]]}],  # one model is no group
        [{"model": "w0", "path": [[10, 17]]}, {"model": "w0", "path": [[10, 16]]}],  # twice
        [{"model": "w0", "path": [[10, 17]]}, {"model": "orc", "path": [[40, 5]]}],  # not Good's
        [{"model": "w0", "path": [[10, 17]]}, {"model": ["w1"], "path": [[12, 17]]}],  # not an id
        [{"model": "w0", "path": [[10, 17]]}, {"model": "w1", "path": "up"}],  # not a path
        [{"model": "w0", "path": [[10, 17]]}, {"model": "w1", "path": [[12, 17]], "shout": True}],
    ],
)
def test_a_malformed_group_is_refused_and_changes_nothing(moves) -> None:
    state = line_battle()
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", {"type": "move_group", "moves": moves}, ScriptedDice())
    assert refused.value.code == "not_allowed"
    assert state.to_dict() == before


def test_a_group_previews_each_model_s_path_or_why_it_stays() -> None:
    from rules_core.skirmish import preview

    state = line_battle(terrain=[ROCK])
    answer = preview(state, block(5))
    assert answer["ok"] is True
    by_model = {m["model"]: m for m in answer["moves"]}
    assert by_model["w0"] == {"model": "w0", "ok": True, "path": [[10.0, 20.0], [10.0, 15.0]], "length": 5.0}
    assert by_model["w4"] == {
        "model": "w4",
        "ok": False,
        "code": "impassable",
        "message": "Warrior 4 cannot move through Rock.",
        "blocking": {"terrain": "t1"},
    }
    assert preview(state, {"type": "move_group", "moves": "all"})["code"] == "malformed_command"


def test_in_deployment_models_are_placed_as_a_block_or_not_at_all() -> None:
    data = setup(LINE, FAR_ORC)
    data["deployment"]["good"] = [0.0, 10.0, 48.0, 24.0]
    state = new_battle(data)
    [block_action] = [a for a in legal_actions(state, "good") if a.kind == "place_warband"]
    assert block_action.params["places"]["models"] == [m["id"] for m in LINE]
    # Turned a quarter about Warrior 0: the line stands up the board, each where it was sent.
    turned = [{"model": f"w{i}", "at": [10, 20 - 2 * i]} for i in range(5)]
    state, events = play(state, [("good", {"type": "place_warband", "places": turned})], ScriptedDice())
    assert [state.model(f"w{i}").pos for i in range(5)] == [(10.0, 20.0 - 2 * i) for i in range(5)]
    assert texts(events) == [f"Warrior {i} is placed." for i in range(5)]
    # One of them out of the zone: none moves, and the reason names him.
    shifted = [{"model": f"w{i}", "at": [12, 20 - 2 * i]} for i in range(5)]
    shifted[4]["at"] = [12, 9]
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", {"type": "place_warband", "places": shifted}, ScriptedDice())
    assert refused.value.message == "Warrior 4 must be placed inside your deployment zone."


def test_one_blocked_by_a_model_of_the_group_still_to_move_waits_for_it_then_goes() -> None:
    pair = [model("w0", profile("Warrior 0"), 10, 18), model("w1", profile("Warrior 1"), 10, 15)]
    state = deployed(setup(pair, FAR_ORC), ScriptedDice(GOOD_PRIORITY), priority="good")
    # Warrior 0 ends furthest along, so goes first, but Warrior 1 stands in his way until it steps
    # back and aside: Warrior 0 waits for it, then goes.
    moves = [{"model": "w0", "path": [[10, 13]]}, {"model": "w1", "path": [[13, 17]]}]
    state, events = play(state, [("good", {"type": "move_group", "moves": moves})], ScriptedDice())
    assert (state.model("w0").pos, state.model("w1").pos) == ((10.0, 13.0), (13.0, 17.0))
    assert not any("stays where it is" in line for line in texts(events))
