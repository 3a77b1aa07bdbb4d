"""The turn: Priority, Move, Shoot, Fight, End; and how a battle ends."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .activation import SideActivations
from .casualties import check_wiped_out, end_battle
from .courage import broken_check
from .effects import end_effects
from .end_phase import mighty_hero_gains, mighty_hero_loses, will_of_evil
from .fight_phase import FightPhase
from .frame import Action, Ctx, Frame, Option, Pending
from .heroic import DeclareHeroics, HeroicPhase
from .heroic_order import HeroicOrder
from .magic.registry import end_phase_hooks
from .scenarios.ending import end_of_turn, end_phase_rules, finish
from .shooting import SideShooting
from .state import SIDES, BattleState, Side, other, side_name

ROUT_FRACTION = 0.25
"""At the start of a turn, an army down to this share of its starting models loses (check)."""


def check_start_of_turn_end(ctx: Ctx) -> bool:
    """Without a scenario: the battle ends at the start of a turn. A scenario's ends at the end of
    a turn (`scenarios.ending`); only the turn limit is checked here, and scored."""
    state = ctx.state
    if state.scenario is not None:
        if state.max_turns and state.turn >= state.max_turns:
            finish(ctx, "turn_limit")
            return True
        return False
    if check_wiped_out(ctx):
        return True
    routed = [s for s in SIDES if state.models_left(s) <= state.armies[s].starting_models * ROUT_FRACTION]
    if routed:
        end_battle(ctx, other(routed[0]) if len(routed) == 1 else None, "routed", routed)
        return True
    if state.max_turns and state.turn >= state.max_turns:
        good, evil = state.casualties("good"), state.casualties("evil")
        winner: Side | None = None if good == evil else ("good" if evil > good else "evil")
        end_battle(ctx, winner, "turn_limit", decided_by="casualties")
        return True
    return False


@dataclass(slots=True)
class BattleFrame(Frame):
    """The root: starts turns until the battle ends."""

    kind = "battle"

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        if check_start_of_turn_end(ctx):
            return False
        broken_check(ctx)
        state.turn += 1
        for model in state.models.values():
            model.new_turn()
        ctx.log("turn_start", f"Turn {state.turn} begins.", turn=state.turn)
        mighty_hero_gains(ctx)
        ctx.push(TurnFrame())
        return False


PHASES = ("priority", "move", "shoot", "fight", "end")


@dataclass(slots=True)
class TurnFrame(Frame):
    kind = "turn"
    next_phase: int = 0

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        if self.next_phase:
            end_effects(ctx, state.phase)
        if self.next_phase == len(PHASES):
            ctx.pop(self)
            self.turn_over(ctx)
            return False
        state.phase = PHASES[self.next_phase]
        self.next_phase += 1
        ctx.push(self.phase_frame(state, state.phase))
        return False

    def phase_frame(self, state: BattleState, phase: str) -> Frame:
        """The frame that plays `phase` (a second ruleset's turn plays its own)."""
        return phase_frame(state, phase)

    def turn_over(self, ctx: Ctx) -> None:
        """What happens once the End phase is over: a scenario's end rules, else an army wiped out
        ends the battle."""
        if ctx.state.scenario is not None:
            end_of_turn(ctx)
        else:
            check_wiped_out(ctx)


def phase_frame(state: BattleState, phase: str) -> Frame:
    if phase == "priority":
        return PriorityRoll()
    if phase == "move":
        return sides_phase(state, "move", HeroicOrder("move", "heroic_move"), SideActivations)
    if phase == "shoot":
        return sides_phase(state, "shoot", HeroicOrder("shoot", "heroic_shoot"), SideShooting)
    if phase == "fight":
        return FightPhase()
    return EndPhase()


def sides_phase(
    state: BattleState, phase: HeroicPhase, first_heroes: Frame, each_side: Callable[[Side], Frame]
) -> Frame:
    """A Move or Shoot phase: Declare Heroic Actions (the side without Priority first), the heroes
    whose action goes first, then each side in turn, the side with Priority first."""
    first = state.priority
    assert first is not None
    second = other(first)
    return Sequence([DeclareHeroics(phase, second), first_heroes, each_side(first), each_side(second)])


@dataclass(slots=True)
class Sequence(Frame):
    """Runs its frames one after another."""

    kind = "sequence"
    items: list[Frame]

    def step(self, ctx: Ctx) -> bool:
        if self.items:
            ctx.push(self.items.pop(0))
        else:
            ctx.pop(self)
        return False


@dataclass(slots=True)
class EndPhase(Frame):
    kind = "end_phase"

    def step(self, ctx: Ctx) -> bool:
        ctx.log("end_phase", f"End phase of turn {ctx.state.turn}.", turn=ctx.state.turn)
        ctx.pop(self)
        end_phase_rules(ctx)
        end_phase_hooks(ctx)
        will_of_evil(ctx)
        mighty_hero_loses(ctx)
        return False


@dataclass(slots=True)
class PriorityRoll(Frame):
    """Both players roll a D6; the higher chooses who has Priority this turn."""

    kind = "priority_roll"
    chooser: Side | None = None

    def step(self, ctx: Ctx) -> bool:
        if self.chooser is not None:
            return True
        state = ctx.state
        while True:
            good = ctx.dice.d6("priority", "good")
            evil = ctx.dice.d6("priority", "evil")
            if good != evil:
                self.chooser = "good" if good > evil else "evil"
                why = f"Good rolls {good}, Evil rolls {evil}"
                break
            if state.turn > 1 and state.priority_chosen_by is not None:
                self.chooser = other(state.priority_chosen_by)
                why = f"both roll {good}; the choice goes to the player who did not choose last turn"
                break
            ctx.log("priority_tie", f"Both roll {good} for Priority: roll again.", face=good)
        ctx.log(
            "priority_roll", f"Priority roll: {why}. {side_name(self.chooser)} chooses.", chooser=self.chooser
        )
        return True

    def pending(self, state: BattleState) -> Pending:
        assert self.chooser is not None
        return Pending(self.chooser, "choose_priority", f"{side_name(self.chooser)} chooses who has Priority")

    def options(self, state: BattleState, side: Side) -> list[Option]:
        return [
            Action("priority", "Take Priority", {"type": "priority", "side": side}),
            Action(
                "priority",
                f"Give Priority to {side_name(other(side))}",
                {"type": "priority", "side": other(side)},
            ),
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        assert self.chooser is not None
        state.priority = command["side"]
        state.priority_chosen_by = self.chooser
        ctx.log("priority", f"{side_name(command['side'])} has Priority this turn.", side=command["side"])
        ctx.pop(self)
