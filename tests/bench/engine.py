"""Engine benchmark: commands per second, and the cost of one step early and late in a long battle.

The long battle is the demo armies on a board split by an impassable wall, so it never ends: the
bot keeps moving, declaring and passing for as many steps as asked. A step's cost is the median of
many re-applications of that same command to that same state (apply never changes its input).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from rules_core import BattleState, RecordedDice, SeededDice, apply, new_battle
from rules_core.dice import Roll
from tests.rules_core.bot import Bot

WALL = {
    "name": "Great wall",
    "polygon": [[0, 23], [48, 23], [48, 25], [0, 25]],
    "impassable": True,
    "blocks_sight": True,
}


def long_battle_setup() -> dict[str, Any]:
    from battles.demo import demo_setup

    setup = demo_setup()
    setup["terrain"] = [WALL]
    return setup


def play_long_battle(
    steps: int, seed: int = 1
) -> tuple[list[tuple[BattleState, str, dict[str, Any], list[Roll]]], float]:
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


def step_cost(entry: tuple[BattleState, str, dict[str, Any], list[Roll]], repeats: int) -> float:
    state, side, command, rolls = entry
    timings = []
    for _ in range(repeats):
        dice = RecordedDice(rolls)
        started = time.perf_counter()
        apply(state, side, command, dice)  # type: ignore[arg-type]
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def same_kind_after(history: list[Any], index: int, kind: str) -> int:
    return next(i for i in range(index, len(history)) if history[i][2]["type"] == kind)


def run(long_steps: int = 2100, repeats: int = 300) -> dict[str, float]:
    history, _ = play_long_battle(long_steps)
    # Commands per second counts apply alone, not the bot's thinking.
    apply_time = sum(step_cost(entry, 1) for entry in history)
    early = same_kind_after(history, 10, "move")
    late = same_kind_after(history, 2000, "move")
    cost_10 = step_cost(history[early], repeats)
    cost_2000 = step_cost(history[late], repeats)
    return {
        "engine_commands_per_s": len(history) / apply_time,
        "engine_step_cost_10_ms": cost_10 * 1000,
        "engine_step_cost_2000_ms": cost_2000 * 1000,
        "step_cost_ratio_2000_vs_10": cost_2000 / cost_10,
        "engine_state_bytes_10": len(str(history[early][0].to_dict())),
        "engine_state_bytes_2000": len(str(history[late][0].to_dict())),
    }
