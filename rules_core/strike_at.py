"""One Strike of a Combat's winner against a Cavalry model: its player chooses, Strike by Strike,
the rider or the mount (`docs/rules/wargear.md` §6.3), seeing the chance of each; then its To
Wound roll(s)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .duel import Plan
from .frame import Action, Ctx, Frame, Option, Pending
from .house_rules import PIKE_BONUS_ONLY_CHARGED
from .might import available, odds
from .odds import hit_of, roll_chance
from .special_rules import SUPREME_AGILITY, has
from .state import BattleState, Model, Part, Side
from .strikes import strike_terms
from .wargear import support_kind
from .wounds import ToWound, part_name, wounds_suffered

BARRIER_PASS = 4


def passes_barrier(ctx: Ctx, striker: Model, target: Model, wall: str) -> bool:
    """A Strike at a model defending a barrier first rolls In The Way: 4+ it goes on, else it hits
    the barrier and does nothing (Supreme Agility passes it without a roll)."""
    if has(striker.profile, SUPREME_AGILITY):
        ctx.log("barrier_in_the_way", f"{striker.name}'s Strike passes the {wall} ({SUPREME_AGILITY.name}).")
        return True
    face = ctx.dice.d6("barrier_in_the_way", striker.id)
    passed = face >= BARRIER_PASS
    what = "it goes on" if passed else f"it strikes the {wall} and does nothing"
    ctx.log(
        "barrier_in_the_way",
        f"{striker.name}'s Strike at {target.name} across the {wall}: In The Way {BARRIER_PASS}+, "
        f"rolls {face}: {what}.",
        faces=[face],
        success=passed,
    )
    return passed


def plan_data(plan: Plan) -> dict[str, list[str]]:
    """What a Strike needs of a Combat's Plan, as plain data for the frame to keep."""
    return {
        "two_handed": sorted(plan.two_handed),
        "charged": sorted(plan.charged),
        "charging": sorted(plan.charging),
        "walled": sorted(plan.walled),
    }


def plan_from(data: dict[str, list[str]]) -> Plan:
    """The Plan a frame kept as `plan_data`."""
    return Plan(
        two_handed=frozenset(data["two_handed"]),
        charged=frozenset(data["charged"]),
        charging=frozenset(data["charging"]),
        walled=frozenset(data.get("walled", [])),
    )


@dataclass(slots=True)
class StrikeAt(Frame):
    kind = "strike_at"
    striker: str
    target: str
    supporting: bool
    number: int
    total: int
    plan: dict[str, list[str]]
    trapped: bool
    friend: str = ""
    """For a supporter: the friend it supports."""
    barrier: str = ""
    """The barrier its target defends: the Strike must pass an In The Way test first (terrain.md §12.1)."""

    def _plan(self) -> Plan:
        return plan_from(self.plan)

    def step(self, ctx: Ctx) -> bool:
        target = ctx.state.model(self.target)
        if self.barrier and target.on_board:
            striker = ctx.state.model(self.striker)
            self.barrier, wall = "", self.barrier
            if not passes_barrier(ctx, striker, target, wall):
                ctx.pop(self)
                return False
        if target.on_board and target.mount is not None:
            return True
        ctx.replace(self, self._wound(ctx.state, "rider"))
        return False

    def _opponents(self, state: BattleState) -> list[Model] | None:
        """The striker's enemies in the Combat (as it began), when the frame knows them."""
        combat = self.plan.get("combat")
        if combat is None:
            return None
        side = state.model(self.striker).side
        return [state.model(i) for i in combat if state.model(i).side != side]

    def _wound(self, state: BattleState, part: Part) -> ToWound:
        striker, target = state.model(self.striker), state.model(self.target)
        terms = strike_terms(
            state, striker, target, part, self._plan(), self.trapped, self.supporting, self._opponents(state)
        )
        return ToWound(
            striker.id,
            target.id,
            terms.strength,
            terms.rolls,
            why="Strike",
            bonus=terms.bonus,
            reroll=terms.reroll,
            reroll_ones=terms.reroll_ones,
            d3_wounds=terms.d3,
            amount=terms.wounds,
            defence=terms.defence,
            named=list(terms.why),
            part=part,
            six_amount=terms.six_wounds,
        )

    def pending(self, state: BattleState) -> Pending:
        striker, target = state.model(self.striker), state.model(self.target)
        return Pending(
            striker.side,
            "strike_part",
            f"{striker.name}'s Strike {self.number} of {self.total} on {target.name}: the rider or the mount?",
            {"model": striker.id, "target": target.id},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        target = state.model(self.target)
        choices: list[Option] = []
        parts: tuple[Part, Part] = ("rider", "mount")
        for part in parts:
            frame = self._wound(state, part)
            need = frame.need_now(state)
            chance = roll_chance(
                need, frame.bonus, frame.reroll, frame.natural_six_only(state), frame.reroll_ones
            )
            holder: Any = target if part == "rider" else target.mount
            amounts = (1, 2, 3) if frame.d3_wounds else (frame.amount,)
            hit = hit_of(
                need,
                frame.bonus,
                frame.reroll,
                frame.natural_six_only(state),
                frame.reroll_ones,
                amounts,
                frame.six_amount,
            )
            hits = (hit,) * frame.rolls
            _, slain = wounds_suffered(hits, holder.wounds, available(target, "fate"))
            name = part_name(target, part)
            choices.append(
                Action(
                    "strike_part",
                    f"Strike {name} ({need.label if need else 'cannot wound'})",
                    {"type": "strike_part", "part": part},
                    odds=odds(
                        (f"{name} is wounded", 1 - (1 - chance) ** frame.rolls), (f"{name} is slain", slain)
                    ),
                )
            )
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        striker, target = state.model(self.striker), state.model(self.target)
        pike_behind = self.supporting and support_kind(striker) == "pike" and bool(self.friend)
        if command["part"] == "mount" and pike_behind and target.charged == self.friend:
            rule = PIKE_BONUS_ONLY_CHARGED.says()
            ctx.log("house_rule", f"{striker.name} gets no +1 against the mount ({rule}).", model=striker.id)
        ctx.replace(self, self._wound(state, command["part"]))
