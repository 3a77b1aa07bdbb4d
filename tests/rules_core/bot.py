"""A bot that plays any battle by choosing among legal_actions: for property tests and benchmarks.

It prefers fighting (charges, moving towards the enemy, shooting) so battles end, and falls back
to a parameterless choice (pass, stand, finish) whenever its first idea is refused.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rules_core import Action, BattleState, RuleViolation, apply
from rules_core.dice import Dice
from rules_core.engine import Outcome

FALLBACK_KINDS = ("pass", "stand", "end_moves", "end_shooting", "ready")


class Bot:
    def __init__(self, seed: int, declare_chance: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.declare_chance = declare_chance

    def ideas(self, state: BattleState, side: str, actions: list[Action]) -> list[dict[str, Any]]:
        """Commands to try, best first; the last ones need no parameters and rarely fail."""
        rng = self.rng
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)
        ideas: list[dict[str, Any]] = []
        if "declare" in by_kind and rng.random() < self.declare_chance:
            ideas.append(dict(rng.choice(by_kind["declare"]).command))
        for kind in ("charge", "shoot"):
            for action in rng.sample(by_kind.get(kind, []), len(by_kind.get(kind, []))):
                ideas.append(self.fill(state, action))
        moves = by_kind.get("move", [])
        for action in rng.sample(moves, len(moves)):
            ideas.append(self.fill(state, action))
        # Deploying a scenario's Warband, the referee's layout already stands within 6" of its Captain.
        if "place" in by_kind and rng.random() < 0.1 and "models" not in state.pending.detail:
            ideas.append(self.fill(state, rng.choice(by_kind["place"])))
        if "place_marker" in by_kind and rng.random() < 0.5:
            ideas.append(self.fill(state, by_kind["place_marker"][0]))
        if "place_marker" in by_kind:
            ideas.append({"type": "place_marker", "at": state.pending.detail["proposal"]})
        if "take_test" in by_kind and rng.random() < 0.03:
            ideas.insert(0, self.fill(state, by_kind["take_test"][0]))
        skip = ("declare", "charge", "shoot", "move", "place", "place_marker", "take_test", *FALLBACK_KINDS)
        others = [a for a in actions if a.kind not in skip]
        for action in rng.sample(others, len(others)):
            ideas.append(self.fill(state, action))
        for kind in FALLBACK_KINDS:
            for action in by_kind.get(kind, []):
                ideas.append(dict(action.command))
        return ideas

    def fill(self, state: BattleState, action: Action) -> dict[str, Any]:
        command = dict(action.command)
        for name, spec in action.params.items():
            if spec["type"] == "choice":
                command[name] = self.rng.choice(spec["options"])["value"]
            elif spec["type"] == "int":
                command[name] = self.rng.randint(spec["min"], spec["max"])
            elif spec["type"] == "text":
                command[name] = self.rng.choice(["a scenario objective", "A Fell Light is in Them"])
            elif spec["type"] == "point":
                x0, y0, x1, y1 = spec["zone"]
                command[name] = [self.rng.uniform(x0, x1), self.rng.uniform(y0, y1)]
        if "path" in action.params:
            mover = command.get("model") or action.group
            command["path"] = self.path(state, mover, command, action.params["path"]["max_length"])
        return command

    def path(
        self, state: BattleState, mover_id: str, command: dict[str, Any], reach: float
    ) -> list[list[float]]:
        """A path for the model that moves (the one commanded, or the action's model when it is
        moved by another's power)."""
        mover = state.model(mover_id)
        if "target" in command:
            target = state.model(command["target"])
            return [[target.x, target.y]]
        enemies = [m for m in state.models.values() if m.on_board and m.side != mover.side]
        if enemies and self.rng.random() < 0.8:
            nearest = min(enemies, key=lambda e: mover.distance_to(e))
            gap = max(0.0, mover.distance_to(nearest) - 1.2)
            length = min(reach * self.rng.uniform(0.5, 0.99), gap)
            angle = math.atan2(nearest.y - mover.y, nearest.x - mover.x) + self.rng.uniform(-0.4, 0.4)
        else:
            length = reach * self.rng.uniform(0.2, 0.99)
            angle = self.rng.uniform(0, 2 * math.pi)
        return [[mover.x + math.cos(angle) * length, mover.y + math.sin(angle) * length]]

    def play(self, state: BattleState, dice: Dice) -> tuple[str, dict[str, Any], Outcome]:
        """Make one legal move for whoever must decide."""
        from rules_core import legal_actions

        side = state.pending.side
        assert side is not None
        actions = legal_actions(state, side)
        assert actions, f"{side} must decide {state.pending.kind} but has no legal action"
        for command in self.ideas(state, side, actions):
            try:
                return side, command, apply(state, side, command, dice)
            except RuleViolation:
                continue
        raise AssertionError(f"every idea for {state.pending.kind} was refused")
