"""One stand combat (§8.5-§8.9): each stand of the pair rolls a D6 (Good's first) and adds its
Combat Factor and modifiers; War Banner re-rolls, then Mighty Blow, then Might bidding (§8.6);
the natural-1 rule takes a hero (§8.7); then the result: a tie does nothing, the loser recoils or
is destroyed (§8.8), and a Heroic Combat that destroyed its opponent may follow up (§8.9).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from ..frame import Action, Ctx, Option, Pending
from ..state import SIDES, BattleState, Model, Side, other, side_name
from .activation import StandActivation
from .aftermath import Repulse
from .bidding import Faces, OpposedRoll
from .cards import play, rerolls_per_fight
from .geometry import recoil_direction
from .losses import lose_hero
from .matchup import FACES, Setup, combat_setup, describe, heroic, pre_roll_odds, result_of, totals_of
from .odds import chance, exact_odds
from .outcomes import sum_said
from .pairs import supporters_against
from .state import MassState, Stand, mass, mass_ctx

__all__ = ["Combat", "Setup", "combat_setup", "pre_roll_odds"]

LossStage = Literal["start", "reroll", "cards", "bidding", "lost", "outcome", "after"]


@dataclass(slots=True)
class Combat(OpposedRoll):
    kind = "mass_combat"
    stands: dict[str, str] = field(default_factory=dict)
    """The stand of each side."""
    heroic: str = ""
    """The side whose Heroic Combat leads this combat ("" for none)."""
    out: list[str] = field(default_factory=list)
    """Stands taking no part in this phase's fighting (watching a challenge)."""
    stage: LossStage = "start"
    bonus: dict[str, int] = field(default_factory=dict)
    """Once cards played after the dice (Mighty Blow), per side."""
    asked: list[str] = field(default_factory=list)
    """Sides already asked in this stage (re-rolls, cards, the natural-1 choice)."""
    setup_: dict[str, Any] = field(default_factory=dict)

    # -- the fixed part of the combat ------------------------------------------------------------

    def setup(self, state: BattleState) -> Setup:
        data = self.setup_
        return Setup(
            modifiers={s: [(m[0], m[1]) for m in data["modifiers"][s]] for s in SIDES},
            factor=dict(data["factor"]),
            caught=dict(data["caught"]),
            margin=dict(data["margin"]),
            defended=dict(data["defended"]),
            hero_at_risk=dict(data["hero_at_risk"]),
            unrolled_strikes=dict(data["unrolled_strikes"]),
        )

    def stand_of(self, state: BattleState, side: Side) -> Stand:
        return mass(state).stand(self.stands[side])

    def names(self, state: BattleState) -> dict[str, str]:
        return {s: self.stand_of(state, s).name for s in SIDES}

    # -- bidding hooks ---------------------------------------------------------------------------

    def bidders(self, state: BattleState, side: Side) -> list[Model]:
        return mass(state).attached(self.stands[side])

    def totals(self, state: BattleState, faces: Faces) -> dict[str, int]:
        return totals_of(self.setup(state), faces, self.bonus)

    def outcome(self, state: BattleState, faces: Faces) -> str:
        loser, fate, _ = result_of(self.setup(state), self.totals(state, faces))
        return describe(self.names(state), loser, fate)

    def best_for(self, state: BattleState, side: Side) -> str:
        return describe(self.names(state), other(side), "destroyed")

    def die_name(self, state: BattleState, side: Side) -> str:
        return f"{self.stand_of(state, side).name}'s combat die"

    def bid_odds(self, state: BattleState, side: Side, amount: int, result: str) -> dict[str, Any]:
        """A bid's result is certain once the dice are down; so is a hero's loss to a natural 1,
        which no Might changes."""
        return exact_odds(("result", result, Fraction(1)), hero_lost=self._risk(state))

    def _risk(self, state: BattleState) -> dict[str, dict[str, Any]]:
        return {self.stands[s]: chance(Fraction(int(self._loses_hero(state, s)))) for s in SIDES}

    def _loses_hero(self, state: BattleState, side: Side) -> bool:
        return self.natural.get(side) == 1 and self.setup(state).hero_at_risk[side]

    # -- the frame ------------------------------------------------------------------------------

    def step(self, ctx: Ctx) -> bool:
        state = mass_ctx(ctx)
        if self.stage == "start":
            self._start(ctx)
        while self.stage in ("reroll", "cards"):
            side = self._to_ask(state)
            if side is not None:
                return True
            self.stage, self.asked = ("cards" if self.stage == "reroll" else "bidding"), []
        if self.stage == "bidding":
            if self.next_bid(state) is not None:
                return True
            self._report(ctx)
            self.stage = "lost"
        if self.stage == "lost":
            if self._take_heroes(ctx):
                return True
            self.stage = "outcome"
        if self.stage == "outcome":
            self.stage = "after"
            if self._outcome(ctx):
                return False
        ctx.pop(self)
        self._follow_up(ctx)
        return False

    def _start(self, ctx: Ctx) -> None:
        state = mass_ctx(ctx)
        for side in SIDES:
            for hero in heroic(state, state.attached(self.stands[side]), "heroic_strike"):
                strike = next(e for e in state.effects if e.kind == "heroic_strike" and e.source == hero.id)
                if not strike.value:
                    strike.value = ctx.dice.d3("heroic_strike", hero.id)
                    strike.label = f"Heroic Strike (+{strike.value})"
                    ctx.log(
                        "heroic_strike",
                        f"{hero.name}'s Heroic Strike adds {strike.value} to his stand's combat totals this phase.",
                        hero=hero.id,
                        value=strike.value,
                    )
        setup = combat_setup(state, (self.stands["good"], self.stands["evil"]), self.out)
        self.setup_ = {
            "modifiers": {s: [[src, v] for src, v in setup.modifiers[s]] for s in SIDES},
            "factor": setup.factor,
            "caught": setup.caught,
            "margin": setup.margin,
            "defended": setup.defended,
            "hero_at_risk": setup.hero_at_risk,
            "unrolled_strikes": setup.unrolled_strikes,
        }
        for side in SIDES:
            stand = self.stand_of(state, side)
            self.natural[side] = ctx.dice.d6(f"combat:{stand.id}", stand.id)
        names = self.names(state)
        ctx.log(
            "combat_roll",
            f"{names['good']} rolls {self.natural['good']}, {names['evil']} rolls {self.natural['evil']}.",
            pair=[self.stands["good"], self.stands["evil"]],
            natural={self.stands[s]: self.natural[s] for s in SIDES},
        )
        self.stage = "reroll"

    # -- re-rolls and cards (§8.6, 1 and 2) -----------------------------------------------------

    def _order(self, state: BattleState) -> list[Side]:
        first = other(state.priority or "good")
        return [first, other(first)]

    def _offers(self, state: MassState, side: Side) -> list[Option]:
        stand = self.stand_of(state, side)
        heroes = state.attached(stand.id)
        if self.stage == "reroll":
            if stand.rerolled or not rerolls_per_fight(state.hands(stand.id)):
                return []
            bearer = next(h for h in heroes if any(c.key == "war_banner" for c in state.heroes[h.id].cards))
            return [
                Action(
                    "reroll",
                    f"{bearer.name}'s War Banner: {stand.name} re-rolls its {self.natural[side]}",
                    {"type": "reroll", "hero": bearer.id},
                    odds=self._reroll_odds(state, side),
                )
            ]
        found: list[Option] = []
        for hero in heroes:
            for held in state.heroes[hero.id].cards:
                if held.key == "mighty_blow" and not held.used:
                    found.append(
                        Action(
                            "play_card",
                            f"{hero.name} plays Mighty Blow: +{held.card.combat_bonus} to {stand.name}'s total",
                            {"type": "play_card", "hero": hero.id, "card": held.key},
                            odds=exact_odds(
                                (
                                    "result",
                                    self._with_bonus(state, side, held.card.combat_bonus),
                                    Fraction(1),
                                ),
                                hero_lost=self._risk(state),
                            ),
                        )
                    )
        return found

    def _with_bonus(self, state: BattleState, side: Side, bonus: int) -> str:
        extra = dict(self.bonus)
        extra[side] = extra.get(side, 0) + bonus
        setup = self.setup(state)
        loser, fate, _ = result_of(setup, totals_of(setup, self.faces(), extra))
        return describe(self.names(state), loser, fate)

    def _reroll_odds(self, state: BattleState, side: Side) -> dict[str, Any]:
        setup = self.setup(state)
        counts: dict[str, Fraction] = {}
        for face in FACES:
            faces = self.faces()
            faces[side] = face
            loser, fate, _ = result_of(setup, totals_of(setup, faces, self.bonus))
            label = describe(self.names(state), loser, fate)
            counts[label] = counts.get(label, Fraction(0)) + Fraction(1, 6)
        risk = self._risk(state)
        risk[self.stands[side]] = chance(Fraction(1, 6) if setup.hero_at_risk[side] else Fraction(0))
        return exact_odds(*((k, k, p) for k, p in counts.items()), hero_lost=risk)

    def _to_ask(self, state: MassState) -> Side | None:
        for side in self._order(state):
            if side not in self.asked and self._offers(state, side):
                return side
        return None

    # -- the result ---------------------------------------------------------------------------

    def _report(self, ctx: Ctx) -> None:
        state = mass_ctx(ctx)
        setup = self.setup(state)
        faces = self.faces()
        totals = self.totals(state, faces)
        loser, fate, margin = result_of(setup, totals)
        names = self.names(state)
        parts = []
        for s in SIDES:
            terms = [
                (self.natural[s], "die"),
                (self.boost.get(s, 0), "Might"),
                (setup.factor[s], "CF"),
                *((v, source) for source, v in setup.modifiers[s]),
                (self.bonus.get(s, 0), "Mighty Blow"),
            ]
            parts.append(f"{names[s]} {sum_said(terms, totals[s])}")
        result: dict[str, Any]
        if loser is None:
            result = {"kind": "tie"}
            text = "a tie: nothing happens"
        else:
            winner = other(loser)
            why = self._why(setup, loser, fate, margin)
            result = {
                "kind": fate,
                "winner": self.stands[winner],
                "loser": self.stands[loser],
                "margin": margin,
                "why": why,
            }
            text = f"{names[winner]} wins by {margin}: {describe(names, loser, fate)}"
        ids = self.stands
        ctx.log(
            "combat",
            f"Combat: {'; '.join(parts)}: {text}.",
            pair=[ids["good"], ids["evil"]],
            dice={ids[s]: faces[s] for s in SIDES},
            natural={ids[s]: self.natural[s] for s in SIDES},
            might={ids[s]: self.boost.get(s, 0) for s in SIDES},
            cards={ids[s]: self.bonus.get(s, 0) for s in SIDES},
            factors={ids[s]: setup.factor[s] for s in SIDES},
            modifiers={ids[s]: [{"source": src, "value": v} for src, v in setup.modifiers[s]] for s in SIDES},
            totals={ids[s]: totals[s] for s in SIDES},
            result=result,
            heroic=self.heroic or None,
        )

    def _why(self, setup: Setup, loser: Side, fate: str, margin: int) -> str:
        if fate != "destroyed":
            if setup.defended[loser] and (margin >= setup.margin[other(loser)] or setup.caught[loser]):
                return "beaten, but Heroic Defence makes it recoil"
            return f"beaten by {margin}"
        if margin >= setup.margin[other(loser)]:
            return f"beaten by {margin} ({setup.margin[other(loser)]} or more destroys)"
        return f"beaten with an enemy stand on its {setup.caught[loser]}"

    def _take_heroes(self, ctx: Ctx) -> bool:
        """§8.7: each stand that rolled a natural 1 with an enemy hero in contact loses one of its
        heroes, its owner choosing among several (the player with Priority first). True while a
        choice is awaited."""
        state = mass_ctx(ctx)
        first = state.priority or "good"
        for side in (first, other(first)):
            if side in self.asked or not self._loses_hero(state, side):
                continue
            heroes = state.attached(self.stands[side])
            if len(heroes) > 1:
                return True
            self.asked.append(side)
            if heroes:
                lose_hero(ctx, heroes[0], "natural 1 in mass combat", stand_roll=1)
        return False

    def _outcome(self, ctx: Ctx) -> bool:
        """Carry out the result; True when a frame was pushed to do it."""
        state = mass_ctx(ctx)
        setup = self.setup(state)
        loser, fate, margin = result_of(setup, self.totals(state, self.faces()))
        if loser is None or fate == "tie":
            return False
        lost, won = self.stand_of(state, loser), self.stand_of(state, other(loser))
        if not lost.on_board:
            return False
        direction = recoil_direction(won.rect, lost.rect)
        field_ = state.field()
        helpers = [e for e, _ in supporters_against(field_, won.id, lost.id, self.out)]
        ctx.push(
            Repulse(
                lost.id,
                fate,
                [direction[0], direction[1]],
                "combat",
                self._why(setup, loser, fate, margin),
                supporters=helpers,
            )
        )
        return True

    def _follow_up(self, ctx: Ctx) -> None:
        """§8.9: a stand led by a Heroic Combat that destroyed its opponent may move at once."""
        state = mass_ctx(ctx)
        if self.heroic not in SIDES:
            return
        side: Side = "good" if self.heroic == "good" else "evil"
        winner, foe = self.stand_of(state, side), self.stand_of(state, other(side))
        if foe.on_board or not winner.on_board or winner.heroic_combat:
            return
        winner.heroic_combat = True
        ctx.log(
            "heroic_follow_up",
            f"{winner.name} destroyed its opponent in a Heroic Combat and may move at once.",
            stand=winner.id,
        )
        ctx.push(StandActivation(stand=winner.id, follow_up=True))

    # -- decisions -------------------------------------------------------------------------------

    def pending(self, state: BattleState) -> Pending:
        game = mass(state)
        names = self.names(state)
        if self.stage in ("reroll", "cards"):
            side = self._to_ask(game)
            assert side is not None
            what = "re-roll its combat die" if self.stage == "reroll" else "play a Battle Card"
            return Pending(
                side,
                "reroll" if self.stage == "reroll" else "play_card",
                f"{names[side]}: {what}?",
                self._detail(state),
            )
        if self.stage == "lost":
            first = state.priority or "good"
            chooser = next(
                s for s in (first, other(first)) if s not in self.asked and self._loses_hero(state, s)
            )
            label = f"{names[chooser]} rolled a natural 1: which hero falls?"
            return Pending(chooser, "choose_lost", label, self._detail(state))
        bidder = self.next_bid(state)
        assert bidder is not None
        totals = self.totals(state, self.faces())
        return Pending(
            bidder,
            "combat_might",
            f"{side_name(bidder)} may spend Might on the combat ({totals['good']} against {totals['evil']})",
            self._detail(state),
        )

    def _detail(self, state: BattleState) -> dict[str, Any]:
        totals = self.totals(state, self.faces())
        return {
            "pair": [self.stands["good"], self.stands["evil"]],
            "natural": {self.stands[s]: self.natural[s] for s in SIDES},
            "dice": {self.stands[s]: self.faces()[s] for s in SIDES},
            "totals": {self.stands[s]: totals[s] for s in SIDES},
        }

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        if self.stage in ("reroll", "cards"):
            keep = "Keep the die" if self.stage == "reroll" else "Play no card"
            return [*self._offers(game, side), Action("pass", keep, {"type": "pass"})]
        if self.stage == "lost":
            return [
                Action("choose_lost", f"{hero.name} falls", {"type": "choose_lost", "hero": hero.id})
                for hero in game.attached(self.stands[side])
            ]
        return self.bid_options(state, side)

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass_ctx(ctx)
        kind = command["type"]
        if self.stage in ("reroll", "cards"):
            side = self._to_ask(state)
            assert side is not None
            self.asked.append(side)
            if kind == "reroll":
                self._reroll(ctx, side, state.model(command["hero"]))
            elif kind == "play_card":
                self._mighty_blow(ctx, side, state.model(command["hero"]), command["card"])
            return
        if self.stage == "lost":
            hero = state.model(command["hero"])
            self.asked.append(hero.side)
            lose_hero(ctx, hero, "natural 1 in mass combat (his side chose him)", stand_roll=1)
            return
        bidder = self.next_bid(state)
        assert bidder is not None
        self.take_bid(ctx, bidder, command)

    def _reroll(self, ctx: Ctx, side: Side, hero: Model) -> None:
        stand = self.stand_of(ctx.state, side)
        stand.rerolled = True
        before = self.natural[side]
        self.natural[side] = ctx.dice.d6(f"reroll:{stand.id}", stand.id)
        ctx.log(
            "reroll",
            f"{hero.name}'s War Banner: {stand.name} re-rolls its {before} and rolls {self.natural[side]}.",
            stand=stand.id,
            hero=hero.id,
            before=before,
            face=self.natural[side],
        )

    def _mighty_blow(self, ctx: Ctx, side: Side, hero: Model, card: str) -> None:
        state = mass_ctx(ctx)
        info = state.heroes[hero.id]
        info.cards = play(info.cards, card, hero.name)
        bonus = next(h.card.combat_bonus for h in info.cards if h.key == card)
        self.bonus[side] = self.bonus.get(side, 0) + bonus
        stand = self.stand_of(state, side)
        ctx.log(
            "card_played",
            f"{hero.name} plays Mighty Blow: +{bonus} to {stand.name}'s total.",
            hero=hero.id,
            card=card,
            stand=stand.id,
        )
