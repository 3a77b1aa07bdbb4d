"""§2.5 The players deploy: Evil first, then Good, each placing and turning its own stands and
placing its heroes (on a stand: attached; elsewhere: loose) inside its zone, the referee checking
every placement; the second confirmation rolls for Priority."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, legal_actions, new_battle
from rules_core.mass_battle.preview import preview
from rules_core.mass_battle.state import MassState

from .battles import hero, setup, stand

ZONES = {"good": [0, 0, 72, 12], "evil": [0, 36, 72, 48]}


def deploying() -> MassState:
    data: dict[str, Any] = setup(
        stand("a", "good", "WR", 30, 6, 0, "eomer"),
        stand("b", "good", "WR", 40, 6, 0),
        stand("o", "evil", "MO", 30, 42, 180, "gothmog", "grinnah"),
        stand("t", "evil", "MO", 40, 42, 180),
        hero("eomer", "good"),
        hero("gothmog", "evil"),
        hero("grinnah", "evil"),
        hero("hama", "good", 50, 4),
        hero("haleth", "good", 60, 4),
        deployment=ZONES,
        players_deploy=True,
    )
    return new_battle(data)  # type: ignore[return-value]


def play(state: MassState, side: str, command: dict[str, Any], dice: list[int] | None = None) -> MassState:
    return apply(state, side, command, ScriptedDice(dice or [])).state  # type: ignore[return-value]


def refused(state: MassState, side: str, command: dict[str, Any]) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        apply(state, side, command, ScriptedDice([]))
    return caught.value


def test_evil_deploys_first_in_its_zone_then_good_sees_it_and_deploys() -> None:
    state = deploying()
    assert (state.pending.side, state.pending.kind) == ("evil", "deploy")
    assert state.pending.detail["zone"] == ZONES["evil"]
    assert {a.kind for a in legal_actions(state, "evil")} == {"place_stand", "place_hero", "ready"}
    assert refused(state, "good", {"type": "ready"}).code == "not_your_decision"
    state = play(state, "evil", {"type": "place_stand", "stand": "t", "at": [50, 40], "facing": 200})
    t = state.stands["t"]
    assert (t.x, t.y, t.facing) == (50, 40, 200)
    state = play(state, "evil", {"type": "ready"})
    assert (state.pending.side, state.pending.kind) == ("good", "deploy")
    assert state.pending.detail["zone"] == ZONES["good"]
    # Good sees Evil's deployment, and may place only its own pieces.
    assert refused(state, "good", {"type": "place_stand", "stand": "t", "at": [50, 10], "facing": 0}).code
    state = play(state, "good", {"type": "place_stand", "stand": "a", "at": [10, 8], "facing": 30})
    assert state.stands["a"].x == 10 and [h.id for h in state.attached("a")] == ["eomer"], (
        "his hero goes with it"
    )
    state = play(state, "good", {"type": "ready"}, [6, 1])
    assert state.phase != "deployment" and state.turn == 1


def test_each_placement_is_checked_and_a_refused_one_changes_nothing() -> None:
    state = deploying()
    cases = {
        "outside_zone": {"type": "place_stand", "stand": "t", "at": [50, 30], "facing": 180},
        "off_board": {"type": "place_stand", "stand": "t", "at": [71, 44], "facing": 180},
        "overlap": {"type": "place_stand", "stand": "t", "at": [32, 42], "facing": 180},
    }
    for code, command in cases.items():
        problem = refused(state, "evil", command)
        assert problem.code == code, (code, problem.message)
        assert state.stands["t"].x == 40
    assert "inside your deployment zone" in refused(state, "evil", cases["outside_zone"]).message


def test_a_hero_put_on_a_stand_joins_it_elsewhere_he_is_loose_and_a_full_stand_is_refused() -> None:
    state = deploying()
    # Gothmog steps off his stand and stands loose; then joins the other stand.
    state = play(state, "evil", {"type": "place_hero", "hero": "gothmog", "at": [20, 44]})
    assert state.heroes["gothmog"].attached_to is None and state.models["gothmog"].pos == (20, 44)
    assert (
        refused(state, "evil", {"type": "place_hero", "hero": "gothmog", "at": [60, 20]}).code
        == "outside_zone"
    )
    state = play(state, "evil", {"type": "place_hero", "hero": "gothmog", "at": [40, 42]})
    assert state.heroes["gothmog"].attached_to == "t" and "gothmog" not in {h.id for h in state.loose()}
    state = play(state, "evil", {"type": "ready"})
    # Hama joins Eomer's stand; Haleth, a third, is refused by the rule's name.
    state = play(state, "good", {"type": "place_hero", "hero": "hama", "at": [30, 6]})
    assert [h.id for h in state.attached("a")] == ["eomer", "hama"]
    full = refused(state, "good", {"type": "place_hero", "hero": "haleth", "at": [30, 6]})
    assert full.code == "stand_full" and "already carries Eomer" in full.message
    assert state.models["haleth"].pos == (60, 4)


def test_a_stand_may_not_be_put_on_a_loose_hero() -> None:
    state = deploying()
    state = play(state, "evil", {"type": "ready"})
    assert (
        refused(state, "good", {"type": "place_stand", "stand": "b", "at": [50, 4], "facing": 0}).code
        == "overlap"
    )


def test_a_placement_is_previewed_as_the_deployment_checks_it() -> None:
    """The page asks before letting a dragged stand go: in the zone, where it would stand; out of
    it, the same refusal as the place itself; Good's stand while Evil deploys, not at all."""
    state = deploying()
    inside = {"type": "place_stand", "stand": "t", "at": [50, 40], "facing": 200}
    assert preview(state, inside) == {"ok": True, "command": inside, "end": [50.0, 40.0, 200.0]}
    outside = preview(state, {"type": "place_stand", "stand": "t", "at": [50, 30], "facing": 180})
    assert not outside["ok"] and outside["code"] == "outside_zone"
    assert outside["message"] == refused(state, "evil", {**inside, "at": [50, 30]}).message
    assert preview(state, {**inside, "stand": "a", "at": [30, 8]})["code"] == "not_allowed"
