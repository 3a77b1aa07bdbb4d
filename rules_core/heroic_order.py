"""Heroes whose declared Heroic Action goes first (Heroic Move, Heroic Shoot) act one at a time,
before the rest of their phase: the clash roll says which side picks first when both have one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .activation import activation_options, begin_activation
from .frame import Ctx, Frame, Option, Pending
from .heroic import HEROIC_ACTIONS, cancel, cancel_if_unable, cancel_stalled_marches, clash_first, declared
from .magic import cast_options
from .shooting import begin_heroic_shot, heroic_shoot_options
from .state import SIDES, BattleState, Model, Side, other, side_name


@dataclass(slots=True)
class HeroicOrder(Frame):
    """Heroes whose declared action goes first (Heroic Move, Heroic Shoot) act one at a time.

    When both sides have one, the clash roll says who picks first; then the sides alternate. A
    side's own heroes go in the order its player picks.
    """

    kind = "heroic_order"
    phase: Literal["move", "shoot"]
    action: str
    next_side: Side | None = None
    rolled: bool = False
    done: list[str] = field(default_factory=list)

    def heroes(self, state: BattleState, side: Side) -> list[Model]:
        return [m for m in declared(state, self.phase, self.action, side) if m.id not in self.done]

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        self._cancel_impossible(ctx)
        good, evil = self.heroes(state, "good"), self.heroes(state, "evil")
        if not good and not evil:
            ctx.pop(self)
            return False
        if not self.rolled:
            self.rolled = True
            self.next_side = clash_first(ctx, self.action) if good and evil else ("good" if good else "evil")
        assert self.next_side is not None
        if not self.heroes(state, self.next_side):
            self.next_side = other(self.next_side)
        return True

    def _cancel_impossible(self, ctx: Ctx) -> None:
        if self.phase == "move":
            cancel_stalled_marches(ctx)
        for side in SIDES:
            for hero in self.heroes(ctx.state, side):
                if self.cancel_if_unable(ctx, hero):
                    self.done.append(hero.id)
                elif self.phase == "move" and hero.activated:
                    self.done.append(hero.id)
                    cancel(ctx, hero, self.action, f"{hero.name} has already activated")

    def cancel_if_unable(self, ctx: Ctx, hero: Model) -> bool:
        """Cancel a declared hero's action if he can no longer act first; True if it was (a second
        ruleset asks its own questions)."""
        return cancel_if_unable(ctx, hero, self.action)

    def pending(self, state: BattleState) -> Pending:
        assert self.next_side is not None
        name = HEROIC_ACTIONS[self.action].name
        return Pending(
            self.next_side,
            "heroic_action",
            f"{side_name(self.next_side)} resolves a {name}",
            {
                "phase": self.phase,
                "action": self.action,
                "heroes": [m.id for m in self.heroes(state, self.next_side)],
            },
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        heroes = self.heroes(state, side)
        if self.phase == "move":
            return activation_options(state, heroes, shout="heroic_move") + cast_options(state, heroes)
        return heroic_shoot_options(state, heroes)

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        assert self.next_side is not None
        hero = ctx.state.model(command["model"])
        self.done.append(hero.id)
        self.next_side = other(self.next_side)
        if self.phase == "move":
            affected = begin_activation(ctx, command, shout="heroic_move")
            for friend in affected:
                if friend.heroic.get("move") == "heroic_move" and friend.id not in self.done:
                    self.done.append(friend.id)
                    cancel(ctx, friend, "heroic_move", f"{friend.name} answers {hero.name}'s With Me")
        else:
            begin_heroic_shot(ctx, command)
