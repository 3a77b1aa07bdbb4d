"""Small battles for rules tests: profiles, armies on a board, and a way to play commands."""

from __future__ import annotations

from typing import Any

from rules_core import EDITION, Action, BattleState, ScriptedDice, apply, legal_actions, new_battle


def profile(name: str, **overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": name,
        "move": 6.0,
        "fight": 4,
        "shoot": 4,
        "strength": 3,
        "defence": 4,
        "attacks": 1,
        "wounds": 1,
        "courage": 6,
        "intelligence": 6,
    }
    base.update(overrides)
    return base


def hero(
    name: str, might: int = 3, will: int = 3, fate: int = 3, tier: str = "valour", **overrides: Any
) -> dict[str, Any]:
    return profile(
        name,
        might=might,
        will=will,
        fate=fate,
        tier=tier,
        **{"keywords": ["Infantry", "Hero"], "fight": 5, "attacks": 2, "wounds": 2, **overrides},
    )


def model(model_id: str, prof: dict[str, Any], x: float, y: float) -> dict[str, Any]:
    return {"id": model_id, "profile": prof, "x": x, "y": y}


WHOLE_BOARD = [0.0, 0.0, 48.0, 48.0]
FAR = [model("z-far", profile("Far"), 44, 44)]
FAR_EVIL = [model("z-far-evil", profile("Far orc"), 44, 2)]
"""A model far from the fight on each side, so that a side's loss in it does not end the battle."""
BASE_25MM = 25 / 25.4
"""Centre-to-centre distance of two 25mm bases in contact."""


def setup(good: list[dict[str, Any]], evil: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """Both sides may deploy anywhere, so a scenario can begin with models in contact."""
    return {
        "edition": EDITION,
        "board": {"width": 48.0, "height": 48.0},
        "terrain": extra.pop("terrain", []),
        "armies": {
            "good": {"name": "Good army", "models": good},
            "evil": {"name": "Evil army", "models": evil},
        },
        "deployment": {"good": WHOLE_BOARD, "evil": WHOLE_BOARD},
        **extra,
    }


def play(
    state: BattleState, steps: list[tuple[str, dict[str, Any]]], dice: ScriptedDice
) -> tuple[BattleState, list[dict[str, Any]]]:
    """Apply each (side, command) in turn; return the final state and every event text."""
    events: list[dict[str, Any]] = []
    for side, command in steps:
        outcome = apply(state, side, command, dice)  # type: ignore[arg-type]
        state = outcome.state
        events.extend(outcome.events)
    return state, events


def deployed(setup_data: dict[str, Any], dice: ScriptedDice, priority: str = "good") -> BattleState:
    """Both sides confirm deployment and `priority` gets Priority (the dice must make Good choose)."""
    state = new_battle(setup_data)
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    chooser = state.pending.side
    state, _ = play(state, [(chooser, {"type": "priority", "side": priority})], dice)
    return state


def choices(state: BattleState, side: str) -> list[Action]:
    """The legal actions of the decision at hand, without the test a player may always ask for."""
    return [a for a in legal_actions(state, side) if a.kind != "take_test"]  # type: ignore[arg-type]


def texts(events: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events]


SKIP_STEP = {
    "declare_heroic_action": {"type": "pass"},
    "activate": {"type": "end_moves"},
    "shoot": {"type": "end_shooting"},
}


def skip_to(
    state: BattleState, dice: ScriptedDice, stop: str | None = None
) -> tuple[BattleState, list[dict[str, Any]]]:
    """Pass, finish moving and finish shooting until the battle waits for something else (or `stop`)."""
    events: list[dict[str, Any]] = []
    while state.pending.kind in SKIP_STEP and state.pending.kind != stop:
        side = state.pending.side
        assert side is not None
        state, more = play(state, [(side, SKIP_STEP[state.pending.kind])], dice)
        events.extend(more)
    return state, events


NEXT_TURN = [6, 1]
"""Dice for the next turn's Priority roll: Good 6, Evil 1."""


def to_fight(
    good: list[dict[str, Any]],
    evil: list[dict[str, Any]],
    dice: ScriptedDice,
    priority: str = "good",
    next_turn: bool = True,
    **extra: Any,
) -> tuple[BattleState, list[dict[str, Any]]]:
    """A battle whose models begin in contact, played from turn 1 up to its fights.

    With `next_turn`, the dice for turn 2's Priority roll follow the test's own dice."""
    if next_turn:
        dice.script.extend(NEXT_TURN)
    state = new_battle(setup(good, evil, **extra))
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    state, events = play(state, [(state.pending.side, {"type": "priority", "side": priority})], dice)
    state, more = skip_until(state, dice, "fight")
    return state, events + more


def skip_until(
    state: BattleState, dice: ScriptedDice, phase: str
) -> tuple[BattleState, list[dict[str, Any]]]:
    """Pass, finish moving and finish shooting until the battle reaches `phase`, then stop."""
    events: list[dict[str, Any]] = []
    while state.phase != phase and state.pending.kind in SKIP_STEP:
        side = state.pending.side
        assert side is not None
        state, more = play(state, [(side, SKIP_STEP[state.pending.kind])], dice)
        events.extend(more)
    return state, events


GOOD_PRIORITY = [6, 1]
"""Dice for the first Priority roll: Good 6, Evil 1 (Good chooses)."""
PASS = {"type": "pass"}


def power(name: str, range_: float, casting: int) -> dict[str, Any]:
    return {"name": name, "range": range_, "casting": casting}


def cast(caster: str, name: str, will: int, target: str | None = None, **extra: Any) -> dict[str, Any]:
    command = {"type": "cast", "model": caster, "power": name, "will": will, **extra}
    if target:
        command["target"] = target
    return command


def battle(
    good: list[dict[str, Any]], evil: list[dict[str, Any]], dice: ScriptedDice | None = None, **extra: Any
) -> tuple[BattleState, ScriptedDice]:
    """Good (with Priority) to act in its Move phase, after the Declare Heroic Actions step."""
    dice = dice or ScriptedDice(GOOD_PRIORITY)
    state = deployed(setup(good, evil, **extra), dice, priority="good")
    state, _ = skip_until(state, dice, "move")
    while state.pending.kind == "declare_heroic_action":
        side = state.pending.side
        assert side is not None
        state, _ = play(state, [(side, PASS)], dice)
    return state, dice
