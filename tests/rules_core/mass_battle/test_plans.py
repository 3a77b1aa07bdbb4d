"""A stand's command is planned once (§6.2, §6.5): the plan made as the command is checked is the one
the Terror test reads and the stand carries out, and the move's event carries it as data, the same
a preview shows, so a page draws what was planned without planning again."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rules_core import load_state
from rules_core.mass_battle import activation
from rules_core.mass_battle.preview import preview

from .battles import Game, hero, setup, stand


def counted(monkeypatch: pytest.MonkeyPatch, name: str) -> list[Any]:
    """Each call the activation makes to the planner `name`."""
    calls: list[Any] = []
    planner: Callable[..., Any] = getattr(activation, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return planner(*args, **kwargs)

    monkeypatch.setattr(activation, name, counting)
    return calls


def drawn(shown: dict[str, Any]) -> dict[str, Any]:
    """A preview as a move's event carries its plan: without the swept area."""
    assert shown["ok"], shown
    return {key: value for key, value in shown.items() if key not in ("ok", "area", "command", "odds")}


def test_a_move_is_planned_once_and_its_event_carries_the_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(setup(stand("a", "good", "WR", 30, 10, 0), hero("goblin_captain", "evil", 30, 13)))
    command = {"type": "move_stand", "stand": "a", "via": [[30, 12], [31, 14]], "facing": 10}
    shown = drawn(preview(game.state, command))
    calls = counted(monkeypatch, "plan_move")
    game.play("good", command)
    assert len(calls) == 1
    (moved,) = game.of("stand_moved")
    assert moved["plan"] == shown
    assert shown["legs"] == [[30, 12, 0], [31, 14, 10]] and shown["end"] == [31, 14, 10]
    assert shown["overrun"] == ["goblin_captain"] and game.of("hero_overrun")[0]["hero"] == "goblin_captain"
    assert moved["to"] == shown["end"] and moved["length"] == shown["length"]


def test_a_charge_is_planned_once_and_its_event_carries_the_conformed_pose_and_the_edge(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game(setup(stand("a", "good", "WR", 30, 15, 0), stand("b", "evil", "MO", 32, 20, 200)))
    command = {"type": "charge", "stand": "a", "target": "b"}
    shown = drawn(preview(game.state, command))
    game.actions()  # the charges offered are worked out (each target planned) before counting
    calls = counted(monkeypatch, "plan_stand_charge")
    game.play("good", command)
    assert len(calls) == 1
    (charged,) = game.of("stand_charged")
    assert charged["plan"] == shown
    assert (shown["target"], shown["edge"]) == ("b", "front") == (charged["target"], charged["edge"])
    assert shown["end"] == charged["to"] == shown["legs"][-1]  # the conformed pose, at the path's end
    assert shown["end"][2] == pytest.approx(20)  # turned to face B's front squarely


def charge_at_the_troll(read_back: bool) -> Game:
    """A charges a Cave Troll: Eomer, with it, may take its Terror test, so the battle waits between
    the charge's plan and the charge; `read_back` reads the state back from its JSON meanwhile."""
    game = Game(
        setup(
            stand("a", "good", "WR", 30, 20, 0, "eomer"),
            hero("eomer", "good"),
            stand("t", "evil", "CT", 30, 25, 180),
        )
    )
    game.play("good", {"type": "charge", "stand": "a", "target": "t"})
    assert game.state.pending.kind == "choose_tester"
    if read_back:
        game.state = load_state(json.loads(json.dumps(game.state.to_dict())))  # type: ignore[assignment]
    game.play("good", {"type": "test_with", "tester": "a"}, [6, 6])
    return game


def test_a_charge_waiting_on_its_terror_test_charges_as_planned_from_a_state_read_back() -> None:
    kept, read_back = charge_at_the_troll(False), charge_at_the_troll(True)
    (charged,) = kept.of("stand_charged")
    assert charged["plan"]["end"] == [30, 22.5, 0] and charged["plan"]["edge"] == "front"
    assert read_back.events == kept.events
    assert read_back.state.to_dict() == kept.state.to_dict()
