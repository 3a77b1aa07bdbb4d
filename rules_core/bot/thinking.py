"""The bot's mind: every legal action weighed for one side, best first.

Each action the referee offers gets a score (and as many filled-in commands as the action needs
tries: a path shortened or turned when the straight one is refused). Parameterless choices that
change nothing (pass, keep, end the moves, ready) score 0, so anything that scores below them is
not done; a test on request is never taken. The strengths differ only where a step further pays:
"recruit" is greedy on the next roll's odds, "captain" weighs what a piece is worth, keeps his
army together, does not walk into charges it would lose, saves Might for what matters and
declares Heroic Actions.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from ..characteristics import move_allowance
from ..frame import Action
from ..matchup import Surroundings, charge_odds, pairing_odds
from ..state import BattleState, Model, Side
from .reading import Reader, best_chance, fight_value, model_worth

Strength = Literal["recruit", "captain"]

STANDING_STILL = frozenset(
    {"pass", "keep", "end_moves", "end_shooting", "end_activation", "ready", "warband_ready", "hold",
     "stand", "accept_loss", "no_resist", "take_wound", "stay", "stop", "accept_board", "roll_off",
     "priority", "choose_zone", "choose_warband", "activate", "decline_challenge"}
)  # fmt: skip
"""Choices that move no piece and spend nothing: what the bot does when nothing scores better."""
FINISHING = frozenset(
    {"pass", "keep", "end_moves", "end_shooting", "end_activation", "ready", "warband_ready"}
)
"""Of those, the ones that end what is asked (a phase, a prompt) rather than answer it piece by piece."""
NEVER = frozenset({"take_test", "another_board", "propose_board", "concede", "move_group", "place_warband"})
"""A test on request, another board, moving or placing a block (it moves each model on its own):
nothing the bot needs."""


@dataclass(frozen=True)
class Idea:
    score: float
    command: dict[str, Any]
    action: Action
    why: str


class Mind:
    def __init__(self, state: BattleState, side: Side, strength: Strength, rng: random.Random) -> None:
        self.state = state
        self.side = side
        self.strength = strength
        self.captain = strength == "captain"
        self.rng = rng
        self.reader = Reader(state, side)
        self.pairings: dict[tuple[str, str], float] = {}
        self.around: Surroundings | None = None

    # -- the ideas ----------------------------------------------------------------------------

    def ideas(self, actions: list[Action]) -> list[Idea]:
        """Every try, best first (ties in the order the referee lists the actions)."""
        found: list[Idea] = []
        for action in actions:
            if action.kind in NEVER:
                continue
            found += self.weigh(action)
        found.sort(key=lambda idea: -idea.score)
        return found

    def weigh(self, action: Action) -> list[Idea]:
        weigher = getattr(self, f"weigh_{action.kind}", None)
        if weigher is not None:
            return list(weigher(action))
        if action.kind in FINISHING:
            return [self.idea(0.0, action, "nothing better to do")]
        if action.kind in STANDING_STILL:
            return [self.idea(-0.01, action, "nothing better to do")]
        return [self.idea(self.reader.odds_value(action.odds) / 10 - 0.5, action, "its odds")]

    def idea(self, score: float, action: Action, why: str, **values: Any) -> Idea:
        return Idea(score, self.filled(action, values), action, why)

    def filled(self, action: Action, values: dict[str, Any]) -> dict[str, Any]:
        """The action's command with a value for every parameter it needs (those given first)."""
        command = dict(action.command)
        for name, spec in action.params.items():
            if name in values:
                command[name] = values[name]
            elif "default" in spec:
                continue
            elif spec["type"] == "choice":
                command[name] = spec["options"][0]["value"]
            elif spec["type"] == "int":
                command[name] = spec["min"]
            elif spec["type"] == "number":
                command[name] = max(spec.get("min", 0), min(spec.get("max", 0), 0))
            elif spec["type"] == "text":
                command[name] = "Beacon"
            elif spec["type"] == "point":
                x0, y0, x1, y1 = spec["zone"]
                command[name] = [(x0 + x1) / 2, (y0 + y1) / 2]
            elif spec["type"] == "path":
                command[name] = []
        return command

    # -- what the pieces are and where they go -------------------------------------------------

    def enemies(self) -> list[Model]:
        return [m for m in self.state.models.values() if m.on_board and m.side != self.side and m.x >= 0]

    def friends(self) -> list[Model]:
        return [m for m in self.state.models.values() if m.on_board and m.side == self.side and m.x >= 0]

    def objectives(self) -> list[tuple[float, float]]:
        """The scenario's markers the bot's side does not hold yet."""
        scenario = self.state.scenario
        if scenario is None:
            return []
        return [
            m.pos
            for m in scenario.markers
            if m.on_board and m.owner != self.side and m.controller != self.side
        ]

    def goal_of(self, at: tuple[float, float]) -> tuple[tuple[float, float], bool]:
        """Where a piece at `at` heads: the nearest objective it does not hold, or enemy; and
        whether it is an enemy (whom it must stop short of, unless it charges)."""
        places = [(p, False) for p in self.objectives()]
        places += [(e.pos, True) for e in self.enemies()]
        if not places:
            return at, False
        return min(places, key=lambda place: math.dist(place[0], at))

    # -- deploying --------------------------------------------------------------------------

    def weigh_place(self, action: Action) -> Iterator[Idea]:
        """A model outside its zone goes in, beside its friends, at the front of the zone."""
        zone = action.params["at"]["zone"]
        model = self.state.models.get(str(action.command.get("model", "")))
        if model is None:
            return
        x0, y0, x1, y1 = zone
        if (
            x0 + model.radius <= model.x <= x1 - model.radius
            and y0 + model.radius <= model.y <= y1 - model.radius
        ):
            return  # already in: the referee's layout keeps the army together
        middle_y = self.state.board.height / 2
        front = y1 - 1.0 if abs(y1 - middle_y) < abs(y0 - middle_y) else y0 + 1.0
        back = -1.0 if front > (y0 + y1) / 2 else 1.0
        centre = (x0 + x1) / 2
        for row in range(4):
            for slot in range(12):
                offset = (slot + 1) // 2 * (1 if slot % 2 else -1) * 1.2
                at = [centre + offset, front + back * row * 1.3]
                yield self.idea(2.0 - 0.001 * (row * 12 + slot), action, "deploys beside its friends", at=at)

    def weigh_place_marker(self, action: Action) -> Iterator[Idea]:
        proposal = self.state.pending.detail.get("proposal")
        if proposal:
            yield self.idea(1.0, action, "the referee's first legal place", at=list(proposal))
        yield self.idea(0.5, action, "the middle of the table")

    def weigh_pick(self, action: Action) -> Iterator[Idea]:
        values = {
            name: self.rng.choice(spec["options"])["value"]
            for name, spec in action.params.items()
            if spec["type"] == "choice"
        }
        yield self.idea(1.0, action, "its picks", **values)

    # -- Might, Will and Fate ------------------------------------------------------------------

    def spender(self, action: Action) -> Model | None:
        ident = action.command.get("model") or action.command.get("hero")
        return self.state.models.get(str(ident)) if ident else None

    def worth_spending(self, action: Action, amount: int, store: str) -> tuple[bool, str]:
        """Whether a spend of `amount` pays: always for the recruit; for the captain when the
        result is worth it, or the spender keeps a point for later."""
        if not self.captain:
            return True, "it makes the roll"
        value = self.reader.odds_value(action.odds)
        model = self.spender(action)
        left = getattr(model, store, 0) - amount if model is not None else 0
        if value >= 5 or value < 0:
            return value > 0, "the result matters"
        return left >= 1, "it keeps a point for later" if left >= 1 else "it saves its last point"

    def weigh_spend_might(self, action: Action) -> Iterator[Idea]:
        amount = int(action.command.get("amount", 1))
        pays, why = self.worth_spending(action, amount, "might")
        if pays:
            yield self.idea(3.0 - 0.1 * amount, action, f"spends Might: {why}")

    def weigh_bid(self, action: Action) -> Iterator[Idea]:
        """Might on an opposed roll: a bid is offered only when it brings a better result (it raises
        the bidder's own die), so the cheapest one is taken; the captain weighs the results."""
        amount = int(action.command.get("amount", 1))
        value = self.reader.odds_value(action.odds) / 10 if self.captain else 0.0
        yield self.idea(3.0 - 0.2 * amount + value, action, "Might that turns the result")

    def weigh_pass(self, action: Action) -> Iterator[Idea]:
        yield self.idea(min(0.0, self.reader.odds_value(action.odds) / 100), action, "nothing better to do")

    def weigh_spend_fate(self, action: Action) -> Iterator[Idea]:
        yield self.idea(10.0, action, "Fate is for this")

    def weigh_spend_on_test(self, action: Action) -> Iterator[Idea]:
        cost = int(action.command.get("will", 0)) + int(action.command.get("might", 0))
        yield self.idea(5.0 * best_chance(action.odds) - 0.5 * cost, action, "to pass the test")

    def weigh_test_with(self, action: Action) -> Iterator[Idea]:
        yield self.idea(best_chance(action.odds), action, "the best Courage")

    def weigh_resist(self, action: Action) -> Iterator[Idea]:
        spec = action.params.get("will")
        yield self.idea(4.0, action, "resists the power", **({"will": spec["min"]} if spec else {}))

    def weigh_cast(self, action: Action) -> Iterator[Idea]:
        """The captain casts with the least Will that makes the power likely (2 in 3)."""
        if not self.captain:
            return
        will = action.params.get("will")
        chances = [float(o["p"]) for o in (action.odds or {}).get("outcomes", [])]
        if will is None or not chances:
            return
        amount = next((i for i, p in enumerate(chances, start=will["min"]) if p >= 2 / 3), None)
        if amount is None or amount > will["max"]:
            return
        values: dict[str, Any] = {"will": amount}
        target = action.params.get("target")
        if target is not None:
            ranked = self.targets_by_worth([o["value"] for o in target["options"]])
            if not ranked:
                return
            values["target"] = ranked[0]
        yield self.idea(1.5, action, f"casts with {amount} Will", **values)

    def targets_by_worth(self, idents: list[str]) -> list[str]:
        """An enemy power's targets, the most valuable first; a friendly power on its best friend."""
        models = [self.state.models[i] for i in idents if i in self.state.models]
        return [m.id for m in sorted(models, key=lambda m: -model_worth(m))]

    # -- Heroic Actions ------------------------------------------------------------------------

    def weigh_declare(self, action: Action) -> Iterator[Idea]:
        if not self.captain:
            return
        hero = self.spender(action)
        kind = str(action.command.get("action", ""))
        if hero is None:
            return
        if kind == "heroic_move" and self.state.priority != self.side and self.favourable_charge_near(hero):
            yield self.idea(2.0, action, "a Heroic Move wins back the first charge")
        elif kind == "heroic_combat" and self.second_fight_near(hero):
            yield self.idea(2.0, action, "a Heroic Combat can reach a second fight")

    def favourable_charge_near(self, hero: Model) -> bool:
        reach = move_allowance(self.state, hero) + 1.0
        return any(hero.distance_to(e) <= reach and self.pairing_value(hero, e) > 0 for e in self.enemies())

    def second_fight_near(self, hero: Model) -> bool:
        """The hero is likely to win his fight and slay, and another enemy stands within a move."""
        engaged = [e for e in self.enemies() if hero.distance_to(e) <= 0.01 + 1e-6]
        if not engaged:
            return False
        odds = pairing_odds(self.state, hero, engaged[0])
        if odds.win[hero.side] < 0.6 or odds.slain[engaged[0].id] < 0.5:
            return False
        reach = move_allowance(self.state, hero) + 1.0
        return any(e not in engaged and hero.distance_to(e) <= reach for e in self.enemies())

    def pairing_value(self, attacker: Model, target: Model) -> float:
        """What a charge of `attacker` on `target` is worth to the attacker's side (worked out
        once per pair and decision: the odds do not depend on where the charge starts)."""
        key = (attacker.id, target.id)
        known = self.pairings.get(key)
        if known is None:
            if self.around is None:
                self.around = Surroundings.of(self.state)
            odds = charge_odds(self.state, attacker, target, self.around)
            known = self.pairings[key] = fight_value(odds, attacker, target)
        return known

    # -- challenges -----------------------------------------------------------------------------

    def weigh_accept_challenge(self, action: Action) -> Iterator[Idea]:
        value = self.reader.odds_value(action.odds)
        yield self.idea(value / 10, action, "a challenge it should win" if value > 0 else "a risky challenge")

    weigh_answer_challenge = weigh_accept_challenge

    def weigh_issue_challenge(self, action: Action) -> Iterator[Idea]:
        value = self.reader.odds_value(action.odds)
        if value > 0:
            yield self.idea(value / 10, action, "a challenge it should win")

    def weigh_reroll(self, action: Action) -> Iterator[Idea]:
        """A re-roll when the result now goes against the bot's side."""
        totals = self.state.pending.detail.get("totals")
        if isinstance(totals, dict) and totals:
            mine = [v for k, v in totals.items() if self.owner(k) == self.side]
            theirs = [v for k, v in totals.items() if self.owner(k) not in (None, self.side)]
            if mine and theirs and max(mine) > max(theirs):
                return
        yield self.idea(1.0, action, "a re-roll of a losing die")

    def owner(self, ident: str) -> Side | None:
        if ident in ("good", "evil"):
            return ident  # type: ignore[return-value]
        piece = self.state.piece(ident)
        return piece[1] if piece is not None else None

    def weigh_play_card(self, action: Action) -> Iterator[Idea]:
        value = self.reader.odds_value(action.odds)
        if value > 0 and self.captain:
            yield self.idea(value / 10, action, "a card that turns the result")

    # -- who is struck, who fights first --------------------------------------------------------

    def weigh_allocate_strikes(self, action: Action) -> Iterator[Idea]:
        """Strikes at the enemy most likely to fall: the fewest Wounds left, then the most worth."""
        values: dict[str, Any] = {}
        for name, spec in action.params.items():
            if spec["type"] != "choice":
                continue
            ranked = sorted(
                spec["options"],
                key=lambda o: self.strike_rank(o["value"]),
            )
            values[name] = ranked[0]["value"]
        yield self.idea(1.0, action, "strikes the enemy likeliest to fall", **values)

    weigh_strike_part = weigh_allocate_strikes

    def strike_rank(self, value: Any) -> tuple[float, float]:
        model = self.state.models.get(str(value)) if isinstance(value, str) else None
        if model is None:
            return (99.0, 0.0)
        return (float(model.wounds + model.fate), -model_worth(model))
