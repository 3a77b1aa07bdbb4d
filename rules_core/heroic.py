"""Heroic Actions: the Declare Heroic Actions step of each phase, and the order they resolve in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .battlefield import is_engaged
from .frame import Action, Frame, Option, Pending, Refusal
from .state import BattleState, Model, Side, other, side_name

if TYPE_CHECKING:
    from .engine import Ctx


@dataclass(frozen=True)
class HeroicAction:
    key: str
    name: str
    phase: str
    universal: bool
    blocked: Callable[[BattleState, Model], str | None] = lambda state, hero: None


def _not_engaged(state: BattleState, hero: Model) -> str | None:
    if is_engaged(state, hero):
        return f"{hero.name} is Engaged and cannot declare that Heroic Action."
    return None


HEROIC_ACTIONS: dict[str, HeroicAction] = {
    a.key: a
    for a in [
        HeroicAction("heroic_move", "Heroic Move", "move", universal=True, blocked=_not_engaged),
    ]
}

PHASE_NAMES = {"move": "Move", "shoot": "Shoot", "fight": "Fight"}


def available_actions(hero: Model, phase: str) -> list[HeroicAction]:
    return [
        a
        for a in HEROIC_ACTIONS.values()
        if a.phase == phase and (a.universal or a.key in hero.profile.heroic_actions)
    ]


def declaration_options(state: BattleState, side: Side, phase: str) -> list[Option]:
    """Every declaration `side` might make in this phase, allowed or refused with the reason."""
    choices: list[Option] = []
    for hero in state.army_models(side):
        if not hero.is_hero:
            continue
        for heroic in available_actions(hero, phase):
            command = {"type": "declare", "hero": hero.id, "action": heroic.key}
            reason = _refusal(state, hero, heroic, phase)
            if reason:
                choices.append(Refusal(command, reason[0], reason[1]))
            else:
                choices.append(
                    Action(
                        "declare",
                        f"{hero.name}: {heroic.name} (1 Might)",
                        command,
                        group=hero.id,
                    )
                )
    return choices


def _refusal(state: BattleState, hero: Model, heroic: HeroicAction, phase: str) -> tuple[str, str] | None:
    if phase in hero.heroic:
        done = HEROIC_ACTIONS[hero.heroic[phase]].name
        return (
            "one_heroic_action_per_phase",
            f"{hero.name} has already declared a {done} this phase.",
        )
    if hero.might < 1:
        return ("no_might", f"{hero.name} has no Might left to declare a {heroic.name}.")
    reason = heroic.blocked(state, hero)
    if reason:
        return ("heroic_action_blocked", reason)
    return None


def can_declare(state: BattleState, side: Side, phase: str) -> bool:
    return any(isinstance(o, Action) for o in declaration_options(state, side, phase))


def declared(state: BattleState, phase: str, action: str, side: Side | None = None) -> list[Model]:
    return [
        m
        for m in state.models.values()
        if m.on_board and m.heroic.get(phase) == action and (side is None or m.side == side)
    ]


@dataclass(slots=True)
class DeclareHeroics(Frame):
    """Players take turns to declare a Heroic Action or pass, the player without Priority first,
    until both pass in succession."""

    kind = "declare_heroics"
    phase: str
    to_act: Side
    passes: int = 0
    started: bool = False

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        phase_name = PHASE_NAMES[self.phase]
        if not self.started:
            self.started = True
            if not any(can_declare(state, s, self.phase) for s in ("good", "evil")):
                ctx.log(
                    "heroic_step_skipped",
                    f"No Hero can declare a Heroic Action in the {phase_name} phase.",
                    phase=self.phase,
                )
                ctx.pop(self)
                return False
            ctx.log("heroic_step", f"Declare Heroic Actions ({phase_name} phase).", phase=self.phase)
        if self.passes >= 2:
            ctx.log(
                "heroic_step_end",
                "Both players have passed: the Declare Heroic Actions step ends.",
                phase=self.phase,
            )
            ctx.pop(self)
            return False
        if not can_declare(state, self.to_act, self.phase):
            self._pass(ctx, automatic=True)
            return False
        return True

    def pending(self, state: BattleState) -> Pending:
        return Pending(
            self.to_act,
            "declare_heroic_action",
            f"{side_name(self.to_act)} declares a Heroic Action or passes",
            {"phase": self.phase},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        choices = declaration_options(state, side, self.phase)
        choices.append(Action("pass", "Pass", {"type": "pass"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "pass":
            self._pass(ctx, automatic=False)
            return
        hero = ctx.state.model(command["hero"])
        heroic = HEROIC_ACTIONS[command["action"]]
        hero.might -= 1
        hero.heroic[self.phase] = heroic.key
        ctx.log(
            "declare",
            f"{hero.name} declares a {heroic.name} (1 Might spent, {hero.might} left).",
            side=self.to_act,
            hero=hero.id,
            action=heroic.key,
        )
        self.passes = 0
        self.to_act = other(self.to_act)

    def _pass(self, ctx: Ctx, automatic: bool) -> None:
        why = " (no Hero can declare)" if automatic else ""
        ctx.log("pass", f"{side_name(self.to_act)} passes{why}.", side=self.to_act, automatic=automatic)
        self.passes += 1
        self.to_act = other(self.to_act)


@dataclass(slots=True)
class HeroicOrder(Frame):
    """Heroes who declared an action that goes first (Heroic Move ...) act one at a time.

    When both sides have one, the player with Priority rolls: 1-3 Evil picks first, 4+ Good;
    then the sides alternate. A side's own heroes go in the order its player picks.
    """

    kind = "heroic_order"
    phase: str
    action: str
    next_side: Side | None = None
    rolled: bool = False
    done: list[str] = field(default_factory=list)

    def heroes(self, state: BattleState, side: Side) -> list[Model]:
        return [m for m in declared(state, self.phase, self.action, side) if m.id not in self.done]

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        self._cancel_engaged(ctx)
        good, evil = self.heroes(state, "good"), self.heroes(state, "evil")
        if not good and not evil:
            ctx.pop(self)
            return False
        if not self.rolled:
            self.rolled = True
            if good and evil:
                roller = state.priority or "good"
                face = ctx.dice.d6("heroic_clash", roller)
                self.next_side = "evil" if face <= 3 else "good"
                name = HEROIC_ACTIONS[self.action].name
                ctx.log(
                    "heroic_clash",
                    f"Both sides declared a {name}: {side_name(roller)} rolls {face}, "
                    f"{side_name(self.next_side)} goes first.",
                    face=face,
                    first=self.next_side,
                )
            else:
                self.next_side = "good" if good else "evil"
        assert self.next_side is not None
        if not self.heroes(state, self.next_side):
            self.next_side = other(self.next_side)
        return True

    def _cancel_engaged(self, ctx: Ctx) -> None:
        name = HEROIC_ACTIONS[self.action].name
        for side in ("good", "evil"):
            for hero in self.heroes(ctx.state, side):
                if is_engaged(ctx.state, hero):
                    self.done.append(hero.id)
                    ctx.log(
                        "heroic_cancelled",
                        f"{hero.name} is Engaged: the {name} is cancelled and its Might is lost.",
                        hero=hero.id,
                    )

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
        from .movement import activation_options

        return activation_options(state, self.heroes(state, side))

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        from .movement import start_activation

        assert self.next_side is not None
        activation = start_activation(ctx, command)
        self.done.append(activation.model)
        self.next_side = other(self.next_side)
        ctx.push(activation)
