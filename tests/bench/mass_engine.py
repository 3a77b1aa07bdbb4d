"""Engine benchmark for the mass battle: commands per second, and the cost of one step early and late
in a long battle, measured as `engine.py` measures the skirmish game's.

The long battle: two armies of stands and heroes split by a sight-blocking, impassable wall, with a
turn limit it never reaches, so the bot keeps moving, declaring and passing. A step's cost is the
median of many re-applications of one command (a stand's move) to one state: in a still battle where
the bots only pass and end phases, at step 10 and at step 2,000 of the same board.
"""

from __future__ import annotations

from typing import Any

from rules_core import SeededDice, new_battle
from rules_core.mass_battle.state import MassState
from tests.bench.engine import Entry, first_move_after, paired_costs, play_still_battle, same_move, step_cost
from tests.rules_core.mass_battle.bot import MassBot
from tests.rules_core.mass_battle.fixtures import (
    BOROMIR,
    BOWMEN,
    CAVE_TROLL,
    EOMER,
    GOTHMOG,
    GRINNAH,
    MORDOR_ORC,
    WARRIOR_OF_MINAS_TIRITH,
    WARRIOR_OF_ROHAN,
)

WALL = {
    "name": "Great wall",
    "polygon": [[0, 22], [72, 22], [72, 26], [0, 26]],
    "impassable": True,
    "blocks_sight": True,
}
GOOD = [
    "Warrior of Rohan",
    "Warrior of Minas Tirith",
    "Bowmen",
    "Warrior of Rohan",
    "Warrior of Minas Tirith",
    "Bowmen",
]
EVIL = [
    "Mordor Orc Warrior",
    "Cave Troll",
    "Mordor Orc Warrior",
    "Mordor Orc Warrior",
    "Cave Troll",
    "Mordor Orc Warrior",
]


def long_battle_setup() -> dict[str, Any]:
    def army(
        side: str, kinds: list[str], y: float, facing: float, heroes: list[dict[str, Any]]
    ) -> dict[str, Any]:
        stands = [
            {"id": f"{side}-{i}", "profile": kind, "x": 8.0 + 11 * i, "y": y, "facing": facing, "heroes": []}
            for i, kind in enumerate(kinds)
        ]
        stands[0]["heroes"] = [heroes[0]["id"]]
        return {"name": side.capitalize(), "stands": stands, "heroes": heroes}

    return {
        "ruleset": "mass_battle",
        "profiles": [WARRIOR_OF_ROHAN, WARRIOR_OF_MINAS_TIRITH, BOWMEN, MORDOR_ORC, CAVE_TROLL],
        "terrain": [WALL],
        "armies": {
            "good": army(
                "good",
                GOOD,
                8.0,
                0,
                [
                    {"id": "boromir", "profile": BOROMIR, "cards": ["War Banner"]},
                    {"id": "eomer", "profile": EOMER, "x": 40.0, "y": 2.0},
                ],
            ),
            "evil": army(
                "evil",
                EVIL,
                40.0,
                180,
                [
                    {"id": "gothmog", "profile": GOTHMOG, "cards": ["Mighty Blow"]},
                    {"id": "grinnah", "profile": GRINNAH, "x": 40.0, "y": 46.0},
                ],
            ),
        },
        "turn_limit": 100_000,
    }


def play_long_battle(steps: int, seed: int = 1) -> list[Entry]:
    state = new_battle(long_battle_setup())
    bot, dice = MassBot(seed), SeededDice(seed)
    history = []
    for _ in range(steps):
        before = state
        side, command, outcome = bot.play(state, dice)
        history.append((before, side, command, list(outcome.rolls)))
        state = outcome.state
    assert state.result is None, "the long battle ended"
    return history


def run(long_steps: int = 2100, repeats: int = 300) -> dict[str, float]:
    history = play_long_battle(long_steps)
    apply_time = sum(step_cost(entry, 1) for entry in history)
    still = play_still_battle(long_steps, setup=long_battle_setup())

    def stand_move(index: int) -> Entry:
        state = still[first_move_after(still, index, "move_stand")]
        assert isinstance(state, MassState)
        return same_move(state, kind="move_stand", fill=MassBot(1).fill)

    early, late = stand_move(10), stand_move(2000)
    assert early[2] == late[2], "the still battle's board changed"
    cost_10, cost_2000 = paired_costs(early, late, repeats)
    return {
        "mass_engine_commands_per_s": len(history) / apply_time,
        "mass_engine_step_cost_10_ms": cost_10 * 1000,
        "mass_engine_step_cost_2000_ms": cost_2000 * 1000,
        "mass_step_cost_ratio_2000_vs_10": cost_2000 / cost_10,
        "mass_engine_state_bytes_10": len(str(early[0].to_dict())),
        "mass_engine_state_bytes_2000": len(str(late[0].to_dict())),
    }
