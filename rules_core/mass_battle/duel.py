"""The duel (§9), for loose heroes who meet (§8.2) and for challenges (§8.3): each hero rolls a D6
and adds his duel points; the lower total dies, equal totals both; and, whatever the totals, a hero
whose natural face is 1 dies (the Éowyn rule). Might raises a hero's own die (bidding, §9 step 2);
no Fate. A Heroic Challenger who slays his opponent regains 1 Might (§11)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..frame import Ctx, Option, Pending
from ..might import regain
from ..state import SIDES, BattleState, Model, Side, other, side_name
from .bidding import Faces, OpposedRoll
from .constants import HEROIC_CHALLENGE_MIGHT_REGAINED
from .losses import lose_hero
from .outcomes import duel_deaths, sum_said
from .state import mass


def duel_label(dead: list[Model]) -> str:
    if len(dead) == 2:
        return "both heroes die"
    return f"{dead[0].name} dies" if dead else "nobody dies"


@dataclass(slots=True)
class Duel(OpposedRoll):
    kind = "duel"
    heroes: dict[str, str] = field(default_factory=dict)
    """The hero of each side."""
    challenge: bool = False
    challenger: str = ""
    """The hero whose Heroic Challenge this duel answers, if any."""
    stage: Literal["roll", "bidding"] = "roll"

    def hero_of(self, state: BattleState, side: Side) -> Model:
        return state.model(self.heroes[side])

    def points(self, state: BattleState, side: Side) -> int:
        return mass(state).heroes[self.heroes[side]].duel_points

    def bidders(self, state: BattleState, side: Side) -> list[Model]:
        return [self.hero_of(state, side)]

    def totals(self, state: BattleState, faces: Faces) -> dict[str, int]:
        return {s: faces[s] + self.points(state, s) for s in SIDES}

    def deaths(self, state: BattleState, faces: Faces) -> dict[str, list[str]]:
        natural = (self.natural["good"], self.natural["evil"])
        raised = (faces["good"], faces["evil"])
        good, evil = duel_deaths(natural, raised, (self.points(state, "good"), self.points(state, "evil")))
        return {"good": list(good), "evil": list(evil)}

    def outcome(self, state: BattleState, faces: Faces) -> str:
        dying = self.deaths(state, faces)
        return duel_label([self.hero_of(state, s) for s in SIDES if dying[s]])

    def best_for(self, state: BattleState, side: Side) -> str:
        return duel_label([self.hero_of(state, other(side))])

    def die_name(self, state: BattleState, side: Side) -> str:
        return "his duel die"

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        if self.stage == "roll":
            for side in SIDES:
                hero = self.hero_of(state, side)
                self.natural[side] = ctx.dice.d6(f"duel:{hero.id}", hero.id)
            a, b = self.hero_of(state, "good"), self.hero_of(state, "evil")
            ctx.log(
                "duel_roll",
                f"Duel: {a.name} rolls {self.natural['good']} (+{self.points(state, 'good')} duel points), "
                f"{b.name} rolls {self.natural['evil']} (+{self.points(state, 'evil')} duel points).",
                heroes=[a.id, b.id],
                natural={a.id: self.natural["good"], b.id: self.natural["evil"]},
            )
            self.stage = "bidding"
        if self.next_bid(state) is not None:
            return True
        ctx.pop(self)
        self._resolve(ctx)
        return False

    def _resolve(self, ctx: Ctx) -> None:
        state = mass(ctx.state)
        faces = self.faces()
        totals = self.totals(state, faces)
        dying = self.deaths(state, faces)
        heroes = {s: self.hero_of(state, s) for s in SIDES}
        parts = [
            f"{heroes[s].name} "
            + sum_said(
                [
                    (self.natural[s], "die"),
                    (self.boost.get(s, 0), "Might"),
                    (self.points(state, s), "duel points"),
                ],
                totals[s],
            )
            for s in SIDES
        ]
        dead = [heroes[s] for s in SIDES if dying[s]]
        ctx.log(
            "duel",
            f"Duel: {'; '.join(parts)}: {duel_label(dead)}.",
            heroes=[heroes[s].id for s in SIDES],
            challenge=self.challenge,
            natural={heroes[s].id: self.natural[s] for s in SIDES},
            might={heroes[s].id: self.boost.get(s, 0) for s in SIDES},
            points={heroes[s].id: self.points(state, s) for s in SIDES},
            totals={heroes[s].id: totals[s] for s in SIDES},
            deaths=[{"hero": heroes[s].id, "reasons": dying[s]} for s in SIDES if dying[s]],
        )
        for side in SIDES:
            state.heroes[heroes[side].id].dueled = True
        for side in SIDES:
            if dying[side]:
                foe = heroes[other(side)].name
                why = f"killed in a duel with {foe} ({', '.join(dying[side])})"
                lose_hero(ctx, heroes[side], why, reasons=dying[side])
        challenger = state.models.get(self.challenger)
        if challenger is not None and challenger.on_board:
            slain = next(heroes[s] for s in SIDES if heroes[s].id != challenger.id)
            if not slain.on_board:
                why = f"for slaying {slain.name} in his Heroic Challenge"
                regain(ctx, challenger, "might", HEROIC_CHALLENGE_MIGHT_REGAINED, why)

    def pending(self, state: BattleState) -> Pending:
        bidder = self.next_bid(state)
        assert bidder is not None
        totals = self.totals(state, self.faces())
        return Pending(
            bidder,
            "duel_might",
            f"{side_name(bidder)} may spend Might in the duel ({totals['good']} against {totals['evil']})",
            {
                "heroes": dict(self.heroes),
                "natural": dict(self.natural),
                "might": dict(self.boost),
                "totals": totals,
            },
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        return self.bid_options(state, side)

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        bidder = self.next_bid(ctx.state)
        assert bidder is not None
        self.take_bid(ctx, bidder, command)
