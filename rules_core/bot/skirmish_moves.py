"""The bot's moves, charges and shots in a skirmish battle."""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from ..characteristics import defence, move_allowance, move_value
from ..frame import Action
from ..matchup import charge_odds
from ..might import chance_at_least
from ..shooting import to_hit_need
from ..state import Model
from ..wounds import to_wound_need
from .reading import fight_value, model_worth
from .thinking import Idea, Mind

ENGAGE_GAP = 1.1
"""How far short of an enemy's base a move stops: a model may come within 1" of one only by
charging."""
TURNS = (0.0, 0.5, -0.5, 1.0, -1.0, 1.6, -1.6)
"""The angles (radians) a move is turned by when the straight path is refused."""


class SkirmishMind(Mind):
    reaches: list[tuple[Model, float]] | None = None

    def mover(self, action: Action) -> Model | None:
        ident = action.command.get("model") or action.group
        return self.state.models.get(str(ident))

    # -- charges ------------------------------------------------------------------------------

    def targets(self, action: Action) -> Iterator[tuple[Model, dict[str, Any], Model]]:
        """The model acting, each target option of the action and the model it names."""
        mover = self.mover(action)
        target_spec = action.params.get("target")
        if mover is None or target_spec is None:
            return
        for option in target_spec["options"]:
            target = self.state.models.get(str(option["value"]))
            if target is not None:
                yield mover, option, target

    def weigh_charge(self, action: Action) -> Iterator[Idea]:
        for mover, option, target in self.targets(action):
            odds = option.get("odds") or charge_odds(self.state, mover, target)
            value = fight_value(odds, mover, target)
            win = float(odds["outcomes"][0]["p"]) if odds.get("outcomes") else 0.0
            if self.captain:
                value += 5.0 * self.engaged_friends(target)
                if value <= 0:
                    continue
            elif win < 0.5:
                continue
            for turn in TURNS[:5]:
                values = {"target": target.id, "path": [self.contact(mover, target, turn)]}
                score = 5.0 + value / 10 - 0.01 * abs(turn)
                yield self.idea(score, action, f"charges {target.name} ({win:.0%} to win)", **values)

    @staticmethod
    def contact(mover: Model, target: Model, turn: float) -> list[float]:
        """Where the mover's base touches the target's, on the side it comes from (turned round
        the target by `turn` radians when that spot is taken)."""
        angle = math.atan2(mover.y - target.y, mover.x - target.x) + turn
        reach = mover.radius + target.radius
        return [target.x + math.cos(angle) * reach, target.y + math.sin(angle) * reach]

    def engaged_friends(self, target: Model) -> int:
        return sum(1 for f in self.friends() if f.distance_to(target) <= 0.01)

    # -- moves --------------------------------------------------------------------------------

    def weigh_move(self, action: Action) -> Iterator[Idea]:
        mover = self.mover(action)
        if mover is None or mover.x < 0:
            return
        reach = float(action.params["path"]["max_length"])
        if self.captain and self.shooter_in_range(mover):
            reach = min(reach, move_value(mover) / 2)
        goal, is_enemy = self.goal_of(mover.pos)
        gap = math.dist(goal, mover.pos)
        if is_enemy:
            gap -= mover.radius * 2 + ENGAGE_GAP
        elif gap < 0.5:
            return
        length = max(0.0, min(reach, gap))
        if length < 0.2:
            return
        heading = math.atan2(goal[1] - mover.y, goal[0] - mover.x)
        for share in (1.0, 0.7, 0.4):
            for turn in TURNS:
                step = length * share
                angle = heading + turn
                end = (mover.x + math.cos(angle) * step, mover.y + math.sin(angle) * step)
                progress = gap - math.dist(goal, end) + (mover.radius * 2 + ENGAGE_GAP if is_enemy else 0)
                score = 1.0 + max(0.0, progress) / max(reach, 1.0) - 0.05 * abs(turn)
                if self.captain:
                    score -= self.danger_at(mover, end) + self.straggling(mover, end)
                if score <= 0.2:
                    continue
                yield self.idea(score, action, "moves towards " + ("the enemy" if is_enemy else "an objective"),
                                path=[[end[0], end[1]]])  # fmt: skip

    def shooter_in_range(self, model: Model) -> bool:
        missile = model.profile.missile
        return missile is not None and any(model.distance_to(e) <= missile.range for e in self.enemies())

    def danger_at(self, mover: Model, end: tuple[float, float]) -> float:
        """How much the enemy would like to charge the mover where its move ends (0: not at all)."""
        worst = 0.0
        for enemy, charge_reach in self.chargers():
            if math.dist(end, enemy.pos) > charge_reach + enemy.radius + mover.radius + 1.0:
                continue
            worst = max(worst, self.pairing_value(enemy, mover))
        return min(worst / 10, 1.5)

    def chargers(self) -> list[tuple[Model, float]]:
        """Each enemy with its Move: how far it could charge next turn (worked out once)."""
        if self.reaches is None:
            self.reaches = [(e, move_allowance(self.state, e)) for e in self.enemies()]
        return self.reaches

    def straggling(self, mover: Model, end: tuple[float, float]) -> float:
        """The captain keeps his army together: a warrior does not run ahead of the rest."""
        friends = [f for f in self.friends() if f.id != mover.id]
        if not friends:
            return 0.0
        nearest = min(math.dist(end, f.pos) for f in friends)
        return 0.0 if nearest <= 4.0 else min(0.8, (nearest - 4.0) / 10)

    def weigh_stand(self, action: Action) -> Iterator[Idea]:
        mover = self.mover(action)
        keep = mover is not None and self.shooter_in_range(mover) and self.captain
        yield self.idea(0.9 if keep else 0.0, action, "stands to shoot" if keep else "nothing better to do")

    # -- shots --------------------------------------------------------------------------------

    def weigh_shoot(self, action: Action) -> Iterator[Idea]:
        for shooter, _, target in self.targets(action):
            chance = self.chance_to_wound(shooter, target)
            score = float(chance) * (1.0 + model_worth(target) / 100 / max(1, target.wounds + target.fate))
            if score > 0:
                yield self.idea(2.0 + score, action, f"shoots {target.name} ({float(chance):.0%} to wound)",
                                target=target.id)  # fmt: skip

    def chance_to_wound(self, shooter: Model, target: Model) -> Fraction:
        missile = shooter.profile.missile
        if missile is None:
            return Fraction(0)
        need = to_wound_need(missile.strength, defence(self.state, target))
        if need is None:
            return Fraction(0)
        wound = chance_at_least(need.first) * (chance_at_least(need.second) if need.second else 1)
        return chance_at_least(to_hit_need(self.state, shooter, target)) * wound
