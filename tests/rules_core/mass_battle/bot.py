"""A bot that plays mass battles by choosing among legal_actions, for property tests and benchmarks.

It prefers fighting (charges, moving its stands towards the enemy, shooting) so battles end, fills a
move's waypoints and facing, a loose hero's path and an escaping hero's place, and falls back to a
parameterless choice (pass, hold, finish) whenever its first idea is refused.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rules_core import Action, BattleState, RuleViolation, apply, legal_actions
from rules_core.dice import Dice
from rules_core.engine import Outcome
from rules_core.mass_battle.state import MassState

FALLBACK = ("pass", "end_moves", "end_shooting", "end_activation", "ready", "accept_loss")
EAGER = ("charge", "charge_hero", "shoot", "choose_combat", "choose_duel", "choose_opponent")


class MassBot:
    def __init__(self, seed: int, declare_chance: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.declare_chance = declare_chance

    def ideas(self, state: MassState, actions: list[Action]) -> list[dict[str, Any]]:
        """Commands to try, best first; the last ones need no parameters and rarely fail."""
        rng = self.rng
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)
        ideas: list[dict[str, Any]] = []
        if "declare" in by_kind and rng.random() < self.declare_chance:
            ideas.append(self.fill(state, rng.choice(by_kind["declare"])))
        for kind in ("issue_challenge", "attach", "detach", "cast", "reroll", "play_card", "bid"):
            if kind in by_kind and rng.random() < 0.4:
                ideas.append(self.fill(state, rng.choice(by_kind[kind])))
        for kind in EAGER:
            for action in rng.sample(by_kind.get(kind, []), len(by_kind.get(kind, []))):
                ideas.append(self.fill(state, action))
        for kind in ("move_stand", "move_hero"):
            for action in rng.sample(by_kind.get(kind, []), len(by_kind.get(kind, []))):
                for _ in range(2):
                    ideas.append(self.fill(state, action))
        if "take_test" in by_kind and rng.random() < 0.02:
            ideas.insert(0, self.fill(state, by_kind["take_test"][0]))
        others = [
            a
            for a in actions
            if a.kind not in (*EAGER, "declare", "take_test", "move_stand", "move_hero", *FALLBACK)
        ]
        for action in rng.sample(others, len(others)):
            for _ in range(8 if "point" in action.params else 1):
                ideas.append(self.fill(state, action))
        for kind in FALLBACK:
            ideas += [dict(a.command) for a in by_kind.get(kind, [])]
        return ideas

    def fill(self, state: MassState, action: Action) -> dict[str, Any]:
        command = dict(action.command)
        for name, spec in action.params.items():
            kind = spec["type"]
            if kind == "choice":
                if "default" in spec and self.rng.random() < 0.5:
                    continue
                command[name] = self.rng.choice(spec["options"])["value"]
            elif kind == "int":
                command[name] = self.rng.randint(spec["min"], spec["max"])
            elif kind == "text":
                command[name] = "a scenario objective"
            elif kind == "point":
                x0, y0, x1, y1 = spec["zone"]
                command[name] = [self.rng.uniform(x0, x1), self.rng.uniform(y0, y1)]
        if command["type"] == "move_stand":
            command["via"], command["facing"] = self.stand_move(
                state, command["stand"], action.params["via"]["max_length"]
            )
        elif "path" in action.params:
            command["path"] = self.hero_path(state, command, action.params["path"]["max_length"])
        return command

    def stand_move(self, state: MassState, stand_id: str, reach: float) -> tuple[list[list[float]], float]:
        """Straight ahead towards the nearest enemy stand, stopping short of its control zone; now
        and then a wheel to face it, or a random shuffle."""
        stand = state.stands[stand_id]
        enemies = [s for s in state.stands.values() if s.on_board and s.side != stand.side]
        rng = self.rng
        if not enemies or rng.random() < 0.15:
            angle = rng.uniform(0, 2 * math.pi)
            length = reach * rng.uniform(0.1, 0.6)
            return [[stand.x + math.cos(angle) * length, stand.y + math.sin(angle) * length]], stand.facing
        nearest = min(enemies, key=lambda e: math.dist((e.x, e.y), (stand.x, stand.y)))
        dx, dy = nearest.x - stand.x, nearest.y - stand.y
        gap = math.hypot(dx, dy)
        length = max(0.0, min(reach * rng.uniform(0.5, 0.98), gap - 4.5))
        facing = math.degrees(math.atan2(dx, dy)) % 360 if rng.random() < 0.5 else stand.facing
        if rng.random() < 0.3:
            return [[stand.x, stand.y]], facing
        return [[stand.x + dx / gap * length, stand.y + dy / gap * length]], stand.facing

    def hero_path(self, state: MassState, command: dict[str, Any], reach: float) -> list[list[float]]:
        hero = state.models[command["hero"]]
        if "target" in command:
            target = state.models[command["target"]]
            return [[target.x, target.y]]
        friends = [s for s in state.stands.values() if s.on_board and s.side == hero.side]
        if friends and self.rng.random() < 0.6:
            goal = min(friends, key=lambda s: math.dist((s.x, s.y), hero.pos))
            gx, gy = goal.x, goal.y - 2.0 if hero.side == "good" else goal.y + 2.0
        else:
            angle = self.rng.uniform(0, 2 * math.pi)
            gx, gy = hero.x + math.cos(angle) * reach, hero.y + math.sin(angle) * reach
        dx, dy = gx - hero.x, gy - hero.y
        gap = math.hypot(dx, dy) or 1.0
        length = min(reach * 0.95, gap)
        return [[hero.x + dx / gap * length, hero.y + dy / gap * length]]

    def play(self, state: BattleState, dice: Dice) -> tuple[str, dict[str, Any], Outcome]:
        """Make one legal move for whoever must decide."""
        assert isinstance(state, MassState)
        side = state.pending.side
        assert side is not None
        actions = legal_actions(state, side)
        assert actions, f"{side} must decide {state.pending.kind} but has no legal action"
        for command in self.ideas(state, actions):
            try:
                return side, command, apply(state, side, command, dice)
            except RuleViolation:
                continue
        raise AssertionError(
            f"every idea for {state.pending.kind} was refused: {[a.command for a in actions]}"
        )
