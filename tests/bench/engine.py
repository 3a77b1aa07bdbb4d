"""Engine benchmark: commands per second, and the cost of one step early and late in a long battle.

Commands per second come from a moving battle: the demo armies on a board split by an impassable
wall, so it never ends, and the bot keeps moving, declaring and passing for as many steps as asked.

A step's cost is the median of many re-applications of one command to one state (apply never
changes its input). Early and late steps of the moving battle stand in different places, so their
costs differ by what is on the board, not by how long the battle has run (both are reported). The
target compares like with like: a still battle, where the bots only pass and end phases, as in the
end-to-end bench, so the board at step 2,000 is the board at step 10; the same move is applied at
both, and only the battle's length differs.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from rules_core import Action, BattleState, RecordedDice, SeededDice, apply, legal_actions, new_battle
from rules_core.dice import Roll
from tests.bench.e2e import choose
from tests.rules_core.bot import Bot

Entry = tuple[BattleState, str, dict[str, Any], list[Roll]]

WALL = {
    "name": "Great wall",
    "polygon": [[0, 23], [48, 23], [48, 25], [0, 25]],
    "impassable": True,
    "blocks_sight": True,
}


def long_battle_setup() -> dict[str, Any]:
    from tests.battles.demos import demo_setup

    setup = demo_setup()
    setup["terrain"] = [WALL]
    return setup


def play_long_battle(steps: int, seed: int = 1) -> tuple[list[Entry], float]:
    """Play `steps` commands; return (state before, side, command, rolls) for each, and the time taken."""
    state = new_battle(long_battle_setup())
    bot, dice = Bot(seed), SeededDice(seed)
    history = []
    started = time.perf_counter()
    for _ in range(steps):
        before = state
        side, command, outcome = bot.play(state, dice)
        history.append((before, side, command, list(outcome.rolls)))
        state = outcome.state
    return history, time.perf_counter() - started


def play_still_battle(steps: int, seed: int = 1, setup: dict[str, Any] | None = None) -> list[BattleState]:
    """The state before each of `steps` commands of a battle where nobody moves, shoots or declares."""
    state, dice = new_battle(setup or long_battle_setup()), SeededDice(seed)
    states = []
    for _ in range(steps):
        states.append(state)
        side = state.pending.side
        assert side is not None
        command = choose([a.to_dict() for a in legal_actions(state, side)])
        state = apply(state, side, command, dice).state
    return states


Fill = Callable[[Any, Action], dict[str, Any]]


def same_move(state: BattleState, seed: int = 1, kind: str = "move", fill: Fill | None = None) -> Entry:
    """The first move offered, filled in the same way for the same board: its entry, with its dice."""
    side = state.pending.side
    assert side is not None
    action = next(a for a in legal_actions(state, side) if a.kind == kind)
    command = (fill or Bot(seed).fill)(state, action)
    rolls = apply(state, side, command, SeededDice(seed)).rolls
    return state, side, command, list(rolls)


def first_move_after(states: list[Any], index: int, kind: str = "move") -> int:
    return next(
        i
        for i in range(index, len(states))
        if states[i].pending.side
        and any(a.kind == kind for a in legal_actions(states[i], states[i].pending.side))
    )


def step_cost(entry: Entry, repeats: int) -> float:
    state, side, command, rolls = entry
    timings = []
    for _ in range(repeats):
        dice = RecordedDice(rolls)
        started = time.perf_counter()
        apply(state, side, command, dice)  # type: ignore[arg-type]
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def paired_costs(a: Entry, b: Entry, repeats: int) -> tuple[float, float]:
    """The step costs of `a` and `b`, measured in turn so that both meet the same machine."""
    timings: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        for entry, into in ((a, timings[0]), (b, timings[1])):
            into.append(step_cost(entry, 1))
    return statistics.median(timings[0]), statistics.median(timings[1])


def same_kind_after(history: list[Any], index: int, kind: str) -> int:
    return next(i for i in range(index, len(history)) if history[i][2]["type"] == kind)


def run(long_steps: int = 2100, repeats: int = 300) -> dict[str, float]:
    history, _ = play_long_battle(long_steps)
    # Commands per second counts apply alone, not the bot's thinking.
    apply_time = sum(step_cost(entry, 1) for entry in history)
    moving_early = history[same_kind_after(history, 10, "move")]
    moving_late = history[same_kind_after(history, 2000, "move")]
    still = play_still_battle(long_steps)
    early, late = (
        same_move(still[first_move_after(still, 10)]),
        same_move(still[first_move_after(still, 2000)]),
    )
    assert early[2] == late[2], "the still battle's board changed"
    cost_10, cost_2000 = paired_costs(early, late, repeats)
    moving_10, moving_2000 = paired_costs(moving_early, moving_late, repeats)
    return {
        "engine_commands_per_s": len(history) / apply_time,
        "engine_step_cost_10_ms": cost_10 * 1000,
        "engine_step_cost_2000_ms": cost_2000 * 1000,
        "step_cost_ratio_2000_vs_10": cost_2000 / cost_10,
        "engine_state_bytes_10": len(str(early[0].to_dict())),
        "engine_state_bytes_2000": len(str(late[0].to_dict())),
        "engine_moving_step_cost_10_ms": moving_10 * 1000,
        "engine_moving_step_cost_2000_ms": moving_2000 * 1000,
    }
