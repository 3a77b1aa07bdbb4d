"""Two dice against each other, one a side, raised with Might turn about (§8.6, §9, §10): the base of
the duel, the stand combat and the shot (or blast) at a stand.

After the dice (and any re-roll or card), the side losing as the dice stand is asked first, on a
tie the side that did not make the last bid (at the start, the side without Priority); a bid is
offered only when it changes the result (the skirmish `might.least_raises` and `might.next_bidder`),
and bidding goes back and forth until both sides pass in succession or neither can change anything.
Might raises a die never above 6 and never changes its natural face.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any

from ..frame import Action, Ctx, Frame, Option
from ..might import available, least_raises, next_bidder, pay_might, payer_param
from ..state import SIDES, BattleState, Model, Side, other
from .constants import DIE_MAX
from .odds import exact_odds

Faces = dict[str, int]
"""A die for each side ("good", "evil"), as raised so far."""


@dataclass(slots=True)
class OpposedRoll(Frame):
    """The dice and the bidding; a subclass says who may raise each side's die, what the totals
    are and what a result is called."""

    natural: dict[str, int] = field(default_factory=dict)
    """Each side's die as rolled (after any re-roll): what the natural-1 and Éowyn rules read."""
    boost: dict[str, int] = field(default_factory=dict)
    """Might spent on each side's die."""
    passes: list[Side] = field(default_factory=list)
    """Sides that passed since the last bid."""
    last_bid: str = ""

    # -- what a subclass says ------------------------------------------------------------------

    def bidders(self, state: BattleState, side: Side) -> list[Model]:
        """The heroes whose Might may raise `side`'s die."""
        raise NotImplementedError

    def totals(self, state: BattleState, faces: Faces) -> dict[str, int]:
        raise NotImplementedError

    def outcome(self, state: BattleState, faces: Faces) -> str:
        """The result as the dice stand, in words the same for both sides ("B recoils")."""
        raise NotImplementedError

    def best_for(self, state: BattleState, side: Side) -> str:
        """The best result `side` could bid for (bidding for it stops there)."""
        raise NotImplementedError

    def die_name(self, state: BattleState, side: Side) -> str:
        raise NotImplementedError

    # -- the bidding ---------------------------------------------------------------------------

    def faces(self) -> Faces:
        return {s: self.natural[s] + self.boost.get(s, 0) for s in SIDES if s in self.natural}

    def standing(self, state: BattleState, faces: Faces | None = None) -> Side | None:
        """The side ahead as the dice stand, None on equal totals."""
        totals = self.totals(state, faces or self.faces())
        if totals["good"] == totals["evil"]:
            return None
        return "good" if totals["good"] > totals["evil"] else "evil"

    def _raised(self, state: BattleState, side: Side, amount: int) -> str:
        faces = self.faces()
        now = self.outcome(state, faces)
        faces[side] += amount
        then = self.outcome(state, faces)
        return then if then != now else ""

    def raises(self, state: BattleState, side: Side) -> list[tuple[Model, dict[str, int]]]:
        """For each hero of `side` who can change the result: the least Might for each new result."""
        die = self.faces()[side]
        found = []
        for hero in self.bidders(state, side):
            if available(hero, "might"):
                least = least_raises(
                    hero, die, partial(self._raised, state, side), self.best_for(state, side)
                )
                if least:
                    found.append((hero, least))
        return found

    def next_bid(self, state: BattleState) -> Side | None:
        last = self.last_bid
        first: Side = (
            "evil" if last == "good" else "good" if last == "evil" else other(state.priority or "good")
        )
        return next_bidder(self.standing(state), first, self.passes, lambda s: bool(self.raises(state, s)))

    def bid_options(self, state: BattleState, side: Side) -> list[Option]:
        die = self.faces()[side]
        choices: list[Option] = []
        for hero, least in self.raises(state, side):
            for result, amount in least.items():
                choices.append(
                    Action(
                        "bid",
                        f"{hero.name}: spend {amount} Might ({die} becomes {die + amount}): {result}",
                        {"type": "bid", "hero": hero.id, "amount": amount},
                        payer_param(hero, "might", amount),
                        odds=self.bid_odds(state, side, amount, result),
                        group=hero.id,
                    )
                )
        keep = self.outcome(state, self.faces())
        choices.append(
            Action(
                "pass",
                f"Spend no more Might: {keep}",
                {"type": "pass"},
                odds=self.bid_odds(state, side, 0, keep),
            )
        )
        return choices

    def bid_odds(self, state: BattleState, side: Side, amount: int, result: str) -> dict[str, Any]:
        """The result a bid brings if no one answers it (the dice are down: it is certain)."""
        return exact_odds(("result", result, Fraction(1)))

    def take_bid(self, ctx: Ctx, side: Side, command: dict[str, Any]) -> None:
        """A `bid` or a `pass` from the side asked."""
        if command["type"] == "pass":
            self.passes.append(side)
            ctx.log("bid_pass", f"{side.capitalize()} spends no more Might.", side=side)
            return
        hero = ctx.state.model(command["hero"])
        before = self.faces()[side]
        paid = pay_might(ctx, hero, command, f"on {self.die_name(ctx.state, side)}", before)
        assert before + paid <= DIE_MAX
        self.boost[side] = self.boost.get(side, 0) + paid
        self.passes = []
        self.last_bid = side
