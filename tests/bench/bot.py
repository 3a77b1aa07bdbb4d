"""Beacon's decision time: each ruleset's demo battle played by two Captains, every decision timed
(`rules_core.bot.suggest`, as the server's thinkers run it: from the state, its own view and its
dry runs included). A human's step takes seconds; Beacon's should take a small part of one."""

from __future__ import annotations

import statistics
import time

from rules_core import SeededDice, apply, new_battle
from rules_core.bot import suggest

DECISIONS = 400
"""At most this many decisions of each battle are timed (a demo battle ends sooner or later)."""


def decision_times(ruleset: str, seed: int = 1) -> list[float]:
    from battles.play.create import demo_setup

    state = new_battle(demo_setup(ruleset))
    dice = SeededDice(seed)
    times: list[float] = []
    while state.result is None and len(times) < DECISIONS:
        side = state.pending.side
        assert side is not None
        start = time.perf_counter()
        chosen = suggest(state, side, "captain", seed)
        times.append(time.perf_counter() - start)
        state = apply(state, side, chosen.command, dice).state
    return times


def run() -> dict[str, float]:
    figures: dict[str, float] = {}
    for ruleset, prefix in (("skirmish", "bot"), ("mass_battle", "mass_bot")):
        times = sorted(decision_times(ruleset))
        figures[f"{prefix}_decision_p50_ms"] = statistics.median(times) * 1000
        figures[f"{prefix}_decision_p95_ms"] = times[int(len(times) * 0.95)] * 1000
        figures[f"{prefix}_decisions_timed"] = float(len(times))
    return figures
