"""A model's Strikes on one enemy rolled together (`docs/rules/heroes.md` "Might after all the
dice", edition 4): every To Wound die is rolled, re-rolled and modified first, then a Hero may
spend Might on any die that fell short, seeing every die, with odds over what is still to roll
(the second die of a 6/4, D3 Wounds, the enemy's Fate, the Strikes still to come at him in this
Combat). The Wounds caused then come one by one, each with its Fate.

Against a Cavalry model the Strikes stay Strike by Strike (`strike_at`): rider or mount is chosen
for each, after seeing what the last did."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .frame import Action, Ctx, Frame, Option, Pending
from .might import available, might_action, might_pending, might_to_reach, odds, pay_might
from .odds import hit_of
from .special_rules import SUPREME_AGILITY, has
from .state import BattleState, Model, Side
from .strike_at import StrikeAt, passes_barrier, plan_from
from .strikes import strike_terms
from .wounds import (
    Hit,
    Wounding,
    WoundNeed,
    bonus_shown,
    cannot_wound,
    heroic_defence,
    part_defence,
    sure_hit,
    to_wound_need,
    wounds_suffered,
)


@dataclass(slots=True)
class StrikeRolls(Frame):
    """`strikes` Strikes of `striker` on `target` (no mount): rolled at once, then Might."""

    kind = "strike_rolls"
    striker: str
    target: str
    supporting: bool
    strikes: int
    plan: dict[str, list[str]]
    trapped: bool
    barrier: str = ""
    """The barrier its target defends: each Strike passes an In The Way test first."""
    # What the Strikes are rolled with, settled when the dice are rolled:
    strength: int = 0
    bonus: int = 0
    reroll: bool = False
    reroll_ones: bool = False
    d3_wounds: bool = False
    amount: int = 1
    defence: int = 0
    six_amount: int = 0
    """Wounds a Wound whose roll shows a natural 6 becomes (Cleaving Blow), or 0."""
    why: list[str] = field(default_factory=list)
    """What makes up `bonus` ("Heroic Challenge +1"), for the log."""
    faces: list[list[int]] = field(default_factory=list)
    """Each To Wound roll's dice: its die, and on a split (6/4) the second once rolled."""
    might: list[list[int]] = field(default_factory=list)
    """The Might spent on each of those dice."""
    rolled: bool = False
    kept: bool = False

    # -- the rolls ---------------------------------------------------------------------------------

    def need(self, state: BattleState) -> WoundNeed | None:
        return to_wound_need(self.strength, self._defence(state))

    def _defence(self, state: BattleState) -> int:
        return self.defence or part_defence(state, state.model(self.target), "rider")

    def _six_only(self, state: BattleState) -> bool:
        return heroic_defence(state, state.model(self.target))

    def _score(self, roll: int, die: int) -> int:
        carried = self.might[roll][0] if die == 1 else 0
        return self.faces[roll][die] + self.bonus + carried + self.might[roll][die]

    @staticmethod
    def _wanted(need: WoundNeed, die: int) -> int:
        return (6 if need.second else need.first) if die == 0 else (need.second or 0)

    def _passes(self, state: BattleState, need: WoundNeed, roll: int, die: int) -> bool:
        if self._six_only(state):
            return self.faces[roll][die] == 6
        return self._score(roll, die) >= self._wanted(need, die)

    def _wounds(self, state: BattleState, need: WoundNeed, roll: int) -> bool:
        dice = len(self.faces[roll])
        if need.second and dice < 2:
            return False
        return all(self._passes(state, need, roll, die) for die in range(dice))

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        striker, target = state.model(self.striker), state.model(self.target)
        if not self.rolled:
            if not target.on_board:
                ctx.pop(self)
                ctx.log(
                    "strike_lost",
                    f"{target.name} has already fallen; the {_strikes(self.strikes)} "
                    f"{'is' if self.strikes == 1 else 'are'} lost.",
                    model=target.id,
                )
                return False
            terms = strike_terms(
                state, striker, target, "rider", plan_from(self.plan), self.trapped, self.supporting
            )
            self.strength, self.bonus, self.reroll = terms.strength, terms.bonus, terms.reroll
            self.reroll_ones, self.d3_wounds, self.amount = terms.reroll_ones, terms.d3, terms.wounds
            self.defence, self.six_amount, self.why = terms.defence, terms.six_wounds, list(terms.why)
            need = self.need(state)
            if need is None:
                ctx.pop(self)
                cannot_wound(ctx, striker, target, _strikes(self.strikes), target.name, self._chart(state))
                return False
            strikes = self.strikes
            if self.barrier:
                strikes = sum(passes_barrier(ctx, striker, target, self.barrier) for _ in range(strikes))
            self.rolled = True
            if strikes:
                self._roll(ctx, striker, need, strikes * terms.rolls)
        need = self.need(state)
        if not self.kept and need is not None and self._raises(state, need):
            return True
        ctx.pop(self)
        if need is not None and self.faces:
            self._resolve(ctx, need)
        return False

    def _roll(self, ctx: Ctx, striker: Model, need: WoundNeed, count: int) -> None:
        """Every first die at once, failed ones re-rolled where a rule says, then the second dice."""
        self.faces = [[face] for face in ctx.dice.roll(count, "to_wound", striker.id)]
        self.might = [[0] for _ in self.faces]
        self._reroll(ctx, striker, need, 0, list(range(count)))
        if need.second:
            self._second_dice(
                ctx, striker, need, [r for r in range(count) if self._passes(ctx.state, need, r, 0)]
            )

    def _second_dice(self, ctx: Ctx, striker: Model, need: WoundNeed, rolls: list[int]) -> None:
        if not rolls:
            return
        for roll, face in zip(rolls, ctx.dice.roll(len(rolls), "to_wound_second", striker.id), strict=True):
            self.faces[roll].append(face)
            self.might[roll].append(0)
        self._reroll(ctx, striker, need, 1, rolls)

    def _reroll(self, ctx: Ctx, striker: Model, need: WoundNeed, die: int, rolls: list[int]) -> None:
        failed = [
            r
            for r in rolls
            if not self._passes(ctx.state, need, r, die)
            and (self.reroll or (self.reroll_ones and self.faces[r][die] == 1))
        ]
        if not failed:
            return
        purpose = "to_wound_reroll" if die == 0 else "to_wound_second_reroll"
        again = ctx.dice.roll(len(failed), purpose, striker.id)
        before = [self.faces[r][die] for r in failed]
        for roll, face in zip(failed, again, strict=True):
            self.faces[roll][die] = face
        ctx.log(
            "reroll",
            f"{striker.name} re-rolls the failed To Wound {_listed(before)}: {_listed(again)}.",
            faces=[*before, *again],
        )

    # -- Might ----------------------------------------------------------------------------------

    def _raises(self, state: BattleState, need: WoundNeed) -> list[tuple[int, int]]:
        """Each die Might could make pass, as (roll, Might needed): one of each kind of die."""
        striker = state.model(self.striker)
        if not striker.is_hero or self._six_only(state) or self._slain_now(state, need):
            return []
        found: dict[tuple[int, int, int], tuple[int, int]] = {}
        for roll in range(len(self.faces)):
            die = len(self.faces[roll]) - 1
            if self._passes(state, need, roll, die):
                continue
            face, score = self.faces[roll][die], self._score(roll, die)
            amount = might_to_reach(striker, face, score, self._wanted(need, die))
            if amount is not None:
                found.setdefault((die, face, score), (roll, amount))
        return sorted(found.values(), key=lambda raise_: raise_[1])

    def _slain_now(self, state: BattleState, need: WoundNeed) -> bool:
        """Whether the rolls that wound already slay the target, whatever his Fate and the D3s."""
        target = state.model(self.target)
        sure = [
            sure_hit(Fraction(1), self._amounts(r))
            for r in range(len(self.faces))
            if self._wounds(state, need, r)
        ]
        return bool(sure) and wounds_suffered(tuple(sure), target.wounds, available(target, "fate"))[1] == 1

    def pending(self, state: BattleState) -> Pending:
        striker = state.model(self.striker)
        need = self.need(state)
        assert need is not None
        rolled = f"Strikes on {state.model(self.target).name} (To Wound {need.label}) roll {self._shown()}"
        return might_pending(
            striker, rolled, {"model": striker.id, "roll": "to_wound", "faces": [list(f) for f in self.faces]}
        )

    def _shown(self) -> str:
        """The dice as they stand: "2, 5, 3+2" (a Might-raised 3), "6 then 4" (a split)."""
        shown = []
        for faces, might in zip(self.faces, self.might, strict=True):
            dice = [
                f"{face}+{spent}" if spent else str(face) for face, spent in zip(faces, might, strict=True)
            ]
            shown.append(" then ".join(dice))
        return ", ".join(shown)

    def options(self, state: BattleState, side: Side) -> list[Option]:
        striker = state.model(self.striker)
        need = self.need(state)
        assert need is not None
        wounding = sum(self._wounds(state, need, r) for r in range(len(self.faces)))
        choices: list[Option] = []
        for roll, amount in self._raises(state, need):
            die = len(self.faces[roll]) - 1
            face = self.faces[roll][die]
            if need.second and die == 0:
                second = need.second - self.bonus - self.might[roll][0] - amount
                outcome = f"the {face} becomes a 6, the second die wounds on {max(1, second)}+"
            else:
                outcome = f"the {face} wounds{_wounding(wounding + 1, len(self.faces))}"
            action = might_action(
                striker, amount, f"Spend {amount} Might: {outcome}", self._odds(state, need, roll, amount)
            )
            action.command["roll"] = roll
            choices.append(action)
        kept = f"Keep the {'roll' if len(self.faces) == 1 else 'rolls'}{_wounding(wounding, len(self.faces))}"
        choices.append(Action("keep", kept, {"type": "keep"}, odds=self._odds(state, need)))
        return choices

    def _odds(self, state: BattleState, need: WoundNeed, raised: int = -1, amount: int = 0) -> dict[str, Any]:
        """The chance the target is slain, this spend made and no more: his Fate spent on every
        Wound, the dice still to roll (a second die, D3 Wounds) and the Strikes still to come."""
        target = state.model(self.target)
        hits = [
            self._hit(state, need, roll, amount if roll == raised else 0) for roll in range(len(self.faces))
        ]
        hits.extend(strikes_to_come(state, self))
        kept = tuple(hit for hit in hits if any(chance for chance, _ in hit))
        _, slain = wounds_suffered(kept, target.wounds, available(target, "fate"))
        return odds((f"{target.name} is slain", slain))

    def _hit(self, state: BattleState, need: WoundNeed, roll: int, extra: int) -> Hit:
        """How roll `roll` may wound with `extra` Might on its last die: surely, by the second die
        of a split still to roll, or not at all."""
        die = len(self.faces[roll]) - 1
        self.might[roll][die] += extra
        try:
            if self._wounds(state, need, roll):
                return sure_hit(Fraction(1), self._amounts(roll))
            if need.second and die == 0 and self._passes(state, need, roll, 0):
                carried = self.bonus + self.might[roll][0]
                six = 0 if self._natural_six(roll) else self.six_amount
                return hit_of(
                    WoundNeed(need.second),
                    carried,
                    self.reroll,
                    False,
                    self.reroll_ones,
                    self._amounts(roll),
                    six,
                )
            return sure_hit(Fraction(0), self._amounts(roll))
        finally:
            self.might[roll][die] -= extra

    def _natural_six(self, roll: int) -> bool:
        return 6 in self.faces[roll]

    def _amounts(self, roll: int) -> tuple[int, ...]:
        """The Wounds roll `roll` causes if it wounds: D3, Mighty Blow's 2, or more with a natural 6
        (Cleaving Blow)."""
        if self.d3_wounds:
            return (1, 2, 3)
        if self.six_amount and self._natural_six(roll):
            return (max(self.amount, self.six_amount),)
        return (self.amount,)

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "keep":
            self.kept = True
            return
        state = ctx.state
        striker = state.model(self.striker)
        need = self.need(state)
        assert need is not None
        roll = int(command["roll"])
        die = len(self.faces[roll]) - 1
        face = self.faces[roll][die]
        score = self._score(roll, die)
        self.might[roll][die] += pay_might(ctx, striker, command, f"on the To Wound roll of {face}", score)
        if need.second and die == 0 and self._passes(state, need, roll, 0):
            self._second_dice(ctx, striker, need, [roll])

    # -- the Wounds -----------------------------------------------------------------------------

    def _resolve(self, ctx: Ctx, need: WoundNeed) -> None:
        """Each roll in the log, then the Wounds caused, each its own (Fate asked for each)."""
        state = ctx.state
        striker, target = state.model(self.striker), state.model(self.target)
        defended = " (Heroic Defence: only a natural 6)" if self._six_only(state) else ""
        extra = bonus_shown(self.bonus, self.why)
        caused: list[int] = []
        for roll in range(len(self.faces)):
            success = self._wounds(state, need, roll)
            six = success and self.six_amount > 0 and self._natural_six(roll)
            if success:
                caused.append(max(self.amount, self.six_amount) if six else self.amount)
            carried = [self.might[roll][0], sum(self.might[roll])]  # Might on the 6 counts for the second
            shown = ", then ".join(
                f"{face}, +{might} Might = {face + might}" if might else str(face)
                for face, might in zip(self.faces[roll], carried, strict=False)
            )
            ctx.log(
                "to_wound",
                f"{striker.name}'s Strike on {target.name}: To Wound {need.label} ({self._chart(state)})"
                f"{defended}, rolls {shown}{extra}: {_outcome(success, six, caused[-1] if six else 0)}.",
                attacker=striker.id,
                target=target.id,
                faces=list(self.faces[roll]),
                need=need.label,
                success=success,
            )
        for amount in caused:
            ctx.push(
                Wounding(target.id, striker.id, amount=amount, d3=self.d3_wounds, part="rider", why="Strike")
            )

    def _chart(self, state: BattleState) -> str:
        return f"S{self.strength} against D{self._defence(state)}"


def strikes_to_come(state: BattleState, frame: StrikeRolls) -> list[Hit]:
    """The Strikes still waiting on the stack below `frame` that will go to its target, for the
    odds: Strikes on one model rolled together, or one Strike at a model on foot."""
    target_id = frame.target
    target = state.model(target_id)
    found: list[Hit] = []
    below = state.stack[: state.stack.index(frame)] if frame in state.stack else []
    for waiting in below:
        if not isinstance(waiting, (StrikeRolls, StrikeAt)) or waiting.target != target_id or target.mount:
            continue
        if isinstance(waiting, StrikeRolls) and waiting.rolled:
            continue
        striker = state.model(waiting.striker)
        if not striker.on_board:
            continue
        terms = strike_terms(
            state, striker, target, "rider", plan_from(waiting.plan), waiting.trapped, waiting.supporting
        )
        need = to_wound_need(terms.strength, terms.defence or part_defence(state, target, "rider"))
        hit = hit_of(
            need,
            terms.bonus,
            terms.reroll,
            heroic_defence(state, target),
            terms.reroll_ones,
            terms.amounts(),
            terms.six_wounds,
        )
        count = (waiting.strikes if isinstance(waiting, StrikeRolls) else 1) * terms.rolls
        if waiting.barrier and not has(striker.profile, SUPREME_AGILITY):
            hit = tuple((chance / 2, amounts) for chance, amounts in hit)  # the In The Way test: 4+
        found.extend([hit] * count)
    return found


def _outcome(success: bool, six: bool, amount: int) -> str:
    if not success:
        return "fails to wound"
    return f"wounds with a natural 6: {amount} Wounds" if six else "wounds"


def _listed(faces: list[int]) -> str:
    return ", ".join(str(face) for face in faces)


def _wounding(count: int, rolls: int) -> str:
    """How many of several rolls wound: " (2 of 3 rolls wound)"; nothing for a single roll."""
    if rolls == 1:
        return ""
    if count == 0:
        return f" (none of {rolls} rolls wounds)"
    return f" ({count} of {rolls} rolls wound)" if count > 1 else f" (1 of {rolls} rolls wounds)"


def _strikes(count: int) -> str:
    return "Strike" if count == 1 else "Strikes"
