"""What each audience may know of a scenario's secret picks.

A side's secret picks are known to that side alone until the rules reveal them (at the end of the
battle). Everything that leaves the server goes through here: a state shown to an audience, a
command in a step pushed to it, a battle record exported for it. A viewer is "good", "evil",
"spectator", or `REFEREE` (the server itself, which knows everything).
"""

from __future__ import annotations

from typing import Any

from ..state import BattleState
from .catalogue import spec_of

REFEREE = "referee"
PICK = "pick"


def secret_keys(key: str) -> set[str]:
    return {pick.key for pick in spec_of(key).picks if pick.secret}


def hidden_from(state: BattleState, viewer: str) -> list[str]:
    """The sides whose secret picks `viewer` may not see now."""
    scenario = state.scenario
    if scenario is None or scenario.revealed or viewer == REFEREE or not secret_keys(scenario.key):
        return []
    return [side for side in ("good", "evil") if side != viewer]


def is_sealed(command: dict[str, Any]) -> bool:
    return command.get("type") == PICK and bool(command.get("sealed"))


def command_for(state: BattleState, viewer: str, side: str, command: dict[str, Any]) -> dict[str, Any]:
    """A side's command as `viewer` may see it: a pick's secret values are sealed until revealed.
    `state` is the battle as it stands now (the reveal may have come since)."""
    if command.get("type") != PICK or side not in hidden_from(state, viewer):
        return command
    assert state.scenario is not None
    secret = secret_keys(state.scenario.key)
    shown = {key: value for key, value in command.items() if key not in secret}
    return {**shown, "sealed": True}


def state_for(state: BattleState, viewer: str, data: dict[str, Any]) -> dict[str, Any]:
    """A state's plain data (`state.to_dict()`) as `viewer` may see it."""
    hidden = hidden_from(state, viewer)
    if not hidden:
        return data
    assert state.scenario is not None
    secret = secret_keys(state.scenario.key)
    scenario = dict(data["scenario"])
    scenario["picks"] = {
        side: {key: value for key, value in picks.items() if side not in hidden or key not in secret}
        for side, picks in scenario["picks"].items()
    }
    return {**data, "scenario": scenario}


def summary(state: BattleState, viewer: str) -> dict[str, Any] | None:
    """The scenario as a record states it: which one, its markers, each side's zones and picks
    (a side's secret picks "sealed" where `viewer` may not see them)."""
    scenario = state.scenario
    if scenario is None:
        return None
    hidden = hidden_from(state, viewer)
    secret = secret_keys(scenario.key)
    picks: dict[str, Any] = {}
    for side, chosen in scenario.picks.items():
        shown = {key: value for key, value in chosen.items() if side not in hidden or key not in secret}
        sealed = side in scenario.sealed or len(shown) < len(chosen)
        picks[side] = {**shown, "sealed": True} if sealed else shown
    return {
        "key": scenario.key,
        "name": spec_of(scenario.key).name,
        "markers": [
            {
                "id": m.id,
                "label": m.label,
                "kind": m.kind,
                "x": m.x,
                "y": m.y,
                "owner": m.owner,
                "controller": m.controller,
                "removed_by": m.removed_by,
            }
            for m in scenario.markers
        ],
        "zones": {side: [z.key for z in zones] for side, zones in scenario.zones.items()},
        "picks": picks,
    }
