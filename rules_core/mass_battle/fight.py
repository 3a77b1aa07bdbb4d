"""The Fight phase (§8.1): Declare Heroic Actions; loose-hero duels (§8.2) in the order the player
with Priority chooses; challenges (§8.3); then the stand combats, those led by a Heroic Combat first
(a clash roll when both sides have one), the rest in the order the player with Priority chooses.
Pairs are formed again after each combat, from where the stands now stand (§8.9)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..frame import Action, Ctx, Frame, Option, Pending
from ..heroic import DeclareHeroics, cancel, clash_first, declared
from ..state import BattleState, Model, Side, other, side_name
from .challenge import ChallengeStep, any_eligible, death_odds
from .combat import Combat, combat_setup, pre_roll_odds
from .duel import Duel
from .losses import check_wiped_out
from .pairs import Pair, Pairing, form_pairs
from .state import MassState, in_base_contact, mass, mass_ctx

Stage = Literal["declare", "duels", "challenges", "combats"]


def loose_duels(state: MassState) -> list[tuple[str, str]]:
    """§8.2: every Good loose hero in base contact with an Evil one: (good, evil)."""
    evil = state.loose("evil")
    return [(g.id, e.id) for g in state.loose("good") for e in evil if in_base_contact(g, e)]


def pair_label(state: MassState, pair: Pair) -> str:
    return f"{state.stand(pair[0]).name} against {state.stand(pair[1]).name}"


@dataclass(slots=True)
class MassFight(Frame):
    kind = "mass_fight"
    stage: Stage = "declare"
    fought: list[str] = field(default_factory=list)
    """Stands that have fought this phase (one that may follow up after a Heroic Combat fights
    again in the new pair its move forms)."""
    chosen: dict[str, str] = field(default_factory=dict)
    heroic_side: str = ""
    clash_rolled: bool = False
    spent: list[str] = field(default_factory=list)
    """Heroes whose Heroic Combat has led a combat or been cancelled."""

    def step(self, ctx: Ctx) -> bool:
        state = mass_ctx(ctx)
        if check_wiped_out(ctx):
            return False
        assert state.priority is not None
        if self.stage == "declare":
            self.stage = "duels"
            ctx.push(DeclareHeroics("fight", other(state.priority)))
            return False
        if self.stage == "duels":
            duels = loose_duels(state)
            if len(duels) > 1:
                return True
            if duels:
                good, evil = duels[0]
                ctx.push(Duel(heroes={"good": good, "evil": evil}))
                return False
            self.stage = "challenges"
        if self.stage == "challenges":
            self.stage = "combats"
            if any_eligible(state):
                ctx.push(ChallengeStep())
                return False
        return self._combats(ctx)

    # -- combats -------------------------------------------------------------------------------

    def out(self, state: MassState) -> list[str]:
        """Stands out of the fighting: watching a challenge, or fought (as often as they may)."""
        watching = [s.id for s in state.stands.values() if s.watching]
        done = [
            s for s in set(self.fought) if self.fought.count(s) >= (2 if state.stand(s).heroic_combat else 1)
        ]
        return watching + done

    def pairing(self, state: MassState) -> Pairing:
        return form_pairs(state.field(), self.out(state), self.chosen)

    def _leaders(self, state: MassState, pairs: tuple[Pair, ...]) -> dict[Side, list[tuple[Model, Pair]]]:
        """The heroes whose Heroic Combat leads a pair still to fight, by side."""
        found: dict[Side, list[tuple[Model, Pair]]] = {}
        for hero in declared(state, "fight", "heroic_combat"):
            if hero.id in self.spent:
                continue
            stand = state.stand_of(hero)
            pair = next((p for p in pairs if stand is not None and stand.id in p), None)
            if pair is not None:
                found.setdefault(hero.side, []).append((hero, pair))
        return found

    def _cancel_heroics(self, ctx: Ctx, pairs: tuple[Pair, ...]) -> None:
        """A Heroic Combat whose stand watches a challenge, or has no combat left, is cancelled."""
        state = mass_ctx(ctx)
        for hero in declared(state, "fight", "heroic_combat"):
            if hero.id in self.spent:
                continue
            stand = state.stand_of(hero)
            if stand is not None and any(stand.id in p for p in pairs):
                continue
            self.spent.append(hero.id)
            if stand is not None and stand.id in self.fought:
                continue
            why = (
                f"{stand.name} watches a challenge"
                if stand is not None and stand.watching
                else "his stand has no combat"
            )
            cancel(ctx, hero, "heroic_combat", why)

    def _combats(self, ctx: Ctx) -> bool:
        state = mass_ctx(ctx)
        pairing = self.pairing(state)
        if pairing.undecided:
            return True
        self._cancel_heroics(ctx, pairing.pairs)
        if not pairing.pairs:
            ctx.pop(self)
            return False
        leaders = self._leaders(state, pairing.pairs)
        if leaders:
            if not self.clash_rolled:
                self.clash_rolled = True
                self.heroic_side = (
                    clash_first(ctx, "heroic_combat") if len(leaders) == 2 else next(iter(leaders))
                )
            if self.heroic_side not in leaders:
                self.heroic_side = other(self.heroic_side)  # type: ignore[arg-type]
            options = self._pair_options(state, self._heroic_pairs(state, pairing.pairs))
            if len(options) == 1:
                self._fight(ctx, options[0].command["pair"])
                return False
            return True
        if len(pairing.pairs) == 1:
            self._fight(ctx, list(pairing.pairs[0]))
            return False
        return True

    def _heroic_pairs(self, state: MassState, pairs: tuple[Pair, ...]) -> list[Pair]:
        side: Side = "good" if self.heroic_side == "good" else "evil"
        return list(dict.fromkeys(pair for _, pair in self._leaders(state, pairs).get(side, [])))

    def _pair_options(self, state: MassState, pairs: list[Pair]) -> list[Action]:
        out = self.out(state)
        return [
            Action(
                "choose_combat",
                f"Fight: {pair_label(state, pair)}",
                {"type": "choose_combat", "pair": list(pair)},
                odds=pre_roll_odds(state, combat_setup(state, pair, out), pair),
            )
            for pair in pairs
        ]

    def _fight(self, ctx: Ctx, pair: list[str]) -> None:
        state = mass_ctx(ctx)
        leaders = self._leaders(state, self.pairing(state).pairs)
        heroic = ""
        for side, led in leaders.items():
            for hero, led_pair in led:
                if list(led_pair) == pair and (side == self.heroic_side or len(leaders) == 1):
                    heroic = side
                    self.spent.append(hero.id)
        if heroic:
            self.heroic_side = other(heroic)  # type: ignore[arg-type]
        self.fought += pair
        ctx.push(
            Combat(
                stands={"good": pair[0], "evil": pair[1]},
                heroic=heroic,
                out=[s.id for s in state.stands.values() if s.watching],
            )
        )

    # -- decisions -------------------------------------------------------------------------------

    def pending(self, state: BattleState) -> Pending:
        game = mass(state)
        assert state.priority is not None
        if self.stage == "duels":
            return Pending(
                state.priority, "choose_duel", f"{side_name(state.priority)} chooses the next duel", {}
            )
        pairing = self.pairing(game)
        if pairing.undecided:
            stand = game.stand(pairing.undecided[0][0])
            return Pending(
                stand.side,
                "choose_opponent",
                f"{stand.name} is struck by several enemies: which does it fight?",
                {"stand": stand.id, "enemies": list(pairing.undecided[0][1])},
            )
        if self._leaders(game, pairing.pairs):
            side: Side = "good" if self.heroic_side == "good" else "evil"
            return Pending(
                side,
                "choose_combat",
                f"{side_name(side)} chooses which Heroic Combat to fight",
                {"heroic": True},
            )
        return Pending(
            state.priority,
            "choose_combat",
            f"{side_name(state.priority)} chooses the next combat",
            {"heroic": False},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        if self.stage == "duels":
            return [
                Action(
                    "choose_duel",
                    f"Duel: {game.model(g).name} against {game.model(e).name}",
                    {"type": "choose_duel", "heroes": [g, e]},
                    odds=death_odds(game, game.model(g), game.model(e)),
                )
                for g, e in loose_duels(game)
            ]
        pairing = self.pairing(game)
        if pairing.undecided:
            stand_id, enemies = pairing.undecided[0]
            return [
                Action(
                    "choose_opponent",
                    f"{game.stand(stand_id).name} fights {game.stand(e).name}",
                    {"type": "choose_opponent", "stand": stand_id, "target": e},
                )
                for e in enemies
            ]
        if self._leaders(game, pairing.pairs):
            return list(self._pair_options(game, self._heroic_pairs(game, pairing.pairs)))
        return list(self._pair_options(game, list(pairing.pairs)))

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        kind = command["type"]
        if kind == "choose_duel":
            good, evil = command["heroes"]
            ctx.push(Duel(heroes={"good": good, "evil": evil}))
        elif kind == "choose_opponent":
            self.chosen[command["stand"]] = command["target"]
        else:
            self._fight(ctx, list(command["pair"]))
