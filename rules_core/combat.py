"""The Fight phase: pairing off combats, the Duel roll, backing away, Trapped, Strikes."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import combinations, combinations_with_replacement
from typing import Any, Literal

from .activation import SideActivations
from .battlefield import BASE_CONTACT, component_of, engagement_graph
from .characteristics import attacks, fight_value, in_challenge_with, strike_strength
from .effects import held_by, rolls_no_duel_dice, to_wound_help
from .frame import Action, Ctx, Frame, Option, Pending
from .geometry import Point, point_segment_distance, rotate, segment_polygon_distance
from .heroic import DeclareHeroics, cancel, clash_first, declared
from .might import least_raises, next_bidder, odds, pay_might, payer_param
from .state import SIDES, BattleState, Model, Side, other, side_name
from .wounds import ToWound

BACK_AWAY = 1.0
BACK_AWAY_ANGLES = (0, 30, -30, 60, -60, 90, -90)
DUEL_ROLLOFF_GOOD = 4
"""On a tie of dice and Fight Value, the player with Priority rolls: this or more and Good wins."""

Star = tuple[str, tuple[str, ...]]
"""One combat: a model and the enemies it fights (each in base contact with it)."""


def _stars_containing(graph: dict[str, set[str]], free: frozenset[str], first: str) -> list[Star]:
    """Every combat `first` could be in, using only models still free."""
    found: dict[frozenset[str], Star] = {}

    def add(centre: str, leaves: tuple[str, ...]) -> None:
        found.setdefault(frozenset((centre, *leaves)), (centre, tuple(sorted(leaves))))

    mine = sorted(graph[first] & free)
    for size in range(1, len(mine) + 1):
        for leaves in combinations(mine, size):
            add(first, leaves)
    for centre in mine:
        others = sorted((graph[centre] & free) - {first})
        for size in range(len(others) + 1):
            for extra in combinations(others, size):
                add(centre, (first, *extra))
    return list(found.values())


def _frozen(graph: dict[str, set[str]]) -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple(sorted((k, frozenset(v)) for k, v in graph.items()))


@lru_cache(maxsize=4096)
def _partitionable(graph_items: tuple[tuple[str, frozenset[str]], ...], free: frozenset[str]) -> bool:
    if not free:
        return True
    graph = {k: set(v) for k, v in graph_items}
    return any(
        _partitionable(graph_items, free - {centre, *leaves})
        for centre, leaves in _stars_containing(graph, free, min(free))
    )


def pairings(graph: dict[str, set[str]], free: frozenset[str], limit: int) -> list[list[Star]]:
    """Up to `limit` ways to split the free engaged models into combats."""
    if not free:
        return [[]]
    found: list[list[Star]] = []
    for star in _stars_containing(graph, free, min(free)):
        for rest in pairings(graph, free - {star[0], *star[1]}, limit - len(found)):
            found.append([star, *rest])
            if len(found) >= limit:
                return found
    return found


def possible_combats(graph: dict[str, set[str]], free: frozenset[str]) -> list[Star]:
    """Every combat the player with Priority may pair next, keeping the rest pairable."""
    frozen = _frozen(graph)
    found: dict[frozenset[str], Star] = {}
    for model in sorted(free):
        for centre, leaves in _stars_containing(graph, free, model):
            key = frozenset((centre, *leaves))
            if key not in found and _partitionable(frozen, free - key):
                found[key] = (centre, leaves)
    return list(found.values())


def combat_label(state: BattleState, star: Star) -> str:
    centre, leaves = star
    return f"{state.model(centre).name} against {' & '.join(state.model(m).name for m in leaves)}"


@dataclass(slots=True)
class FightPhase(Frame):
    """Pair off combats (Priority), Declare Heroic Actions, Heroic Combats first (pairing again
    after each), then the remaining combats in the order the player with Priority picks."""

    kind = "fight_phase"
    stage: Literal["pair", "repair", "declare", "heroic", "fight"] = "pair"
    combats: list[list[Any]] = field(default_factory=list)
    fought: list[int] = field(default_factory=list)
    heroic_side: Side | None = None
    clash_rolled: bool = False
    cancelled: list[str] = field(default_factory=list)
    dissolved: list[int] = field(default_factory=list)

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        assert state.priority is not None
        if self.stage in ("pair", "repair"):
            if self._pair_what_is_clear(ctx):
                return True
            if self.stage == "pair" and self.combats:
                labels = "; ".join(combat_label(state, self._star(i)) for i in range(len(self.combats)))
                ctx.log("combats", f"Combats: {labels}.")
            self.stage = "declare" if self.stage == "pair" else "heroic"
            return False
        if self.stage == "declare":
            self.stage = "heroic"
            if self.combats:
                ctx.push(DeclareHeroics("fight", other(state.priority)))
            return False
        if self.stage == "heroic":
            if self._heroic_step(ctx):
                return True
            if self.stage == "heroic":
                self.stage = "fight"
            return False
        waiting = self._waiting(state)
        if not waiting:
            ctx.pop(self)
            return False
        if len(waiting) == 1:
            self._fight(ctx, waiting[0])
            return False
        return True

    # -- Heroic Combats ------------------------------------------------------------------------

    def _heroic_heroes(self, state: BattleState, side: Side) -> list[Model]:
        return [h for h in declared(state, "fight", "heroic_combat", side) if h.id not in self.cancelled]

    def _heroic_combat_of(self, state: BattleState, hero: Model) -> int | None:
        for index in self._waiting(state):
            centre, leaves = self._star(index)
            if hero.id in (centre, *leaves):
                return index
        return None

    def _heroic_step(self, ctx: Ctx) -> bool:
        """True while a side must pick its next Heroic Combat; False when none are left."""
        state = ctx.state
        sides: dict[Side, list[Model]] = {}
        for side in SIDES:
            heroes = []
            for hero in self._heroic_heroes(state, side):
                if self._heroic_combat_of(state, hero) is None:
                    self.cancelled.append(hero.id)
                    if not self._fought_with(hero):
                        cancel(ctx, hero, "heroic_combat", "its combat is no longer there")
                else:
                    heroes.append(hero)
            if heroes:
                sides[side] = heroes
        if not sides:
            return False
        if not self.clash_rolled:
            self.clash_rolled = True
            self.heroic_side = clash_first(ctx, "heroic_combat") if len(sides) == 2 else next(iter(sides))
        assert self.heroic_side is not None
        if self.heroic_side not in sides:
            self.heroic_side = other(self.heroic_side)
        options = self._heroic_options(state)
        if len(options) == 1:
            self._fight(ctx, int(options[0].command["combat"]), heroic=True)
            return False
        return True

    def _fought_with(self, hero: Model) -> bool:
        return any(hero.id in (self._star(i)[0], *self._star(i)[1]) for i in self.fought)

    def _heroic_options(self, state: BattleState) -> list[Action]:
        assert self.heroic_side is not None
        found: dict[int, Action] = {}
        for hero in self._heroic_heroes(state, self.heroic_side):
            index = self._heroic_combat_of(state, hero)
            if index is not None and index not in found:
                label = f"Heroic Combat: {combat_label(state, self._star(index))}"
                found[index] = Action("fight", label, {"type": "fight", "combat": index})
        return list(found.values())

    # -- pairing -------------------------------------------------------------------------------

    def _star(self, index: int) -> Star:
        centre, leaves = self.combats[index]
        return (str(centre), tuple(str(m) for m in leaves))

    def _waiting(self, state: BattleState) -> list[int]:
        return [
            i
            for i in range(len(self.combats))
            if i not in self.fought and i not in self.dissolved and self._alive(state, i)
        ]

    def _alive(self, state: BattleState, index: int) -> bool:
        centre, leaves = self._star(index)
        return state.model(centre).on_board and any(state.model(m).on_board for m in leaves)

    def _unfought_contacts(self, state: BattleState) -> dict[str, set[str]]:
        """Contacts not yet fought over: models that fought together this phase do not fight
        again, but a model that charged again after a Heroic Combat fights its new enemies."""
        graph = engagement_graph(state)
        for index in self.fought:
            centre, leaves = self._star(index)
            together = {centre, *leaves}
            for model in together:
                if model in graph:
                    graph[model] -= together
        return {m: n for m, n in graph.items() if n}

    def _free(self, state: BattleState, graph: dict[str, set[str]]) -> frozenset[str]:
        paired = {m for i in self._waiting(state) for m in (self._star(i)[0], *self._star(i)[1])}
        return frozenset(m for m in graph if m not in paired)

    def _pair_what_is_clear(self, ctx: Ctx) -> bool:
        """Pair every combat with only one way to pair it; True if the player must choose.

        A combat waiting to be fought that a newly charging model touches is paired again."""
        state = ctx.state
        graph = self._unfought_contacts(state)
        fought = {m for i in self.fought for m in (self._star(i)[0], *self._star(i)[1])}
        while True:
            free = self._free(state, graph)
            charging_again = free & fought
            touched = [
                i
                for i in self._waiting(state)
                if any(graph.get(m, set()) & charging_again for m in (self._star(i)[0], *self._star(i)[1]))
            ]
            if not touched:
                break
            self.dissolved.extend(touched)
        ambiguous = False
        done: set[str] = set()
        for model in sorted(free):
            if model in done:
                continue
            component = component_of(graph, model, free)
            done |= component
            ways = pairings(graph, component, limit=2)
            if len(ways) == 1:
                self.combats.extend([centre, list(leaves)] for centre, leaves in ways[0])
            else:
                ambiguous = True
        return ambiguous

    def pending(self, state: BattleState) -> Pending:
        assert state.priority is not None
        if self.stage in ("pair", "repair"):
            return Pending(
                state.priority, "pair_combats", f"{side_name(state.priority)} pairs off the combats"
            )
        if self.stage == "heroic":
            assert self.heroic_side is not None
            label = f"{side_name(self.heroic_side)} chooses which Heroic Combat to fight"
            return Pending(self.heroic_side, "choose_combat", label, {"heroic": True})
        return Pending(
            state.priority, "choose_combat", f"{side_name(state.priority)} chooses the next combat"
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        if self.stage in ("pair", "repair"):
            graph = self._unfought_contacts(state)
            return [
                Action(
                    "pair",
                    combat_label(state, star),
                    {"type": "pair", "model": star[0], "against": list(star[1])},
                )
                for star in possible_combats(graph, self._free(state, graph))
            ]
        if self.stage == "heroic":
            return list(self._heroic_options(state))
        return [
            Action("fight", f"Fight: {combat_label(state, self._star(i))}", {"type": "fight", "combat": i})
            for i in self._waiting(state)
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "pair":
            self.combats.append([command["model"], list(command["against"])])
            ctx.log("pair", f"{combat_label(ctx.state, self._star(len(self.combats) - 1))}.")
            return
        self._fight(ctx, int(command["combat"]), heroic=self.stage == "heroic")

    def _fight(self, ctx: Ctx, index: int, heroic: bool = False) -> None:
        self.fought.append(index)
        centre, leaves = self._star(index)
        for model_id in (centre, *leaves):
            ctx.state.model(model_id).fought = True
        if heroic:
            assert self.heroic_side is not None
            self.heroic_side = other(self.heroic_side)
            self.stage = "repair"
        ctx.push(Combat(centre, list(leaves), heroic=heroic))


def _best(faces: list[int], boost: int) -> int:
    return max(faces) + boost if faces else 0


@dataclass(slots=True)
class Combat(Frame):
    """One combat: the Duel roll (with Might bidding between Heroes), the losers back away or are
    Trapped, the winners Strike; after a won Heroic Combat that leaves no enemy, the winners move."""

    kind = "combat"
    centre: str
    leaves: list[str]
    heroic: bool = False
    stage: Literal["start", "bidding", "allocate", "after"] = "start"
    dice: dict[str, list[int]] = field(default_factory=dict)
    boost: dict[str, int] = field(default_factory=dict)
    bidder: Side | None = None
    declined: list[Side] = field(default_factory=list)
    winner: Side | None = None
    trapped: list[str] = field(default_factory=list)
    allocations: dict[str, list[str]] = field(default_factory=dict)

    def members(self, state: BattleState) -> list[Model]:
        return [m for m in (state.model(i) for i in (self.centre, *self.leaves)) if m.on_board]

    def side_models(self, state: BattleState, side: Side) -> list[Model]:
        return [m for m in self.members(state) if m.side == side]

    def opponents(self, state: BattleState, model: Model) -> list[Model]:
        return self.side_models(state, other(model.side))

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        if self.stage == "start":
            self._heroic_strikes(ctx)
            self._duel_dice(ctx)
            self.stage = "bidding"
        if self.stage == "bidding":
            self.bidder = self._next_bidder(state)
            if self.bidder is not None:
                return True
            self._decide(ctx)
            assert self.winner is not None
            for loser in self.side_models(state, other(self.winner)):
                self._back_away(ctx, loser)
            self.stage = "allocate"
        if self.stage == "allocate":
            if self._next_to_allocate(state) is not None:
                return True
            self.stage = "after"
            self._strike(ctx)
            return False
        ctx.pop(self)
        self._after(ctx)
        return False

    # -- the Duel roll --------------------------------------------------------------------------

    def _heroic_strikes(self, ctx: Ctx) -> None:
        """Heroic Strike's D3 is rolled at the start of the Hero's first combat of the phase."""
        for model in self.members(ctx.state):
            for effect in ctx.state.effects:
                if effect.kind == "heroic_strike" and effect.target == model.id and effect.value == 0:
                    effect.value = ctx.dice.d3("heroic_strike", model.id)
                    effect.label = f"Heroic Strike (+{effect.value} Fight)"
                    ctx.log(
                        "heroic_strike",
                        f"{model.name}'s Heroic Strike adds {effect.value} to its Fight Value.",
                    )

    def _duel_dice(self, ctx: Ctx) -> None:
        state = ctx.state
        parts = []
        for model in self.members(state):
            if rolls_no_duel_dice(state, model):
                self.dice[model.id] = []
                parts.append(f"{model.name} is Paralysed and rolls nothing")
                continue
            count = attacks(state, model, self.opponents(state, model))
            faces = ctx.dice.roll(count, "duel", model.id)
            self.dice[model.id] = faces
            parts.append(f"{model.name} rolls {', '.join(map(str, faces))}")
        ctx.log("duel_roll", f"Duel: {'; '.join(parts)}.", dice=dict(self.dice))

    def _side_best(self, state: BattleState, side: Side) -> int:
        return max(
            (_best(self.dice.get(m.id, []), self.boost.get(m.id, 0)) for m in self.side_models(state, side)),
            default=0,
        )

    def _fight_values(self, state: BattleState) -> dict[Side, int]:
        return {
            s: max(
                (
                    fight_value(state, m, self.side_models(state, other(s)))
                    for m in self.side_models(state, s)
                ),
                default=0,
            )
            for s in SIDES
        }

    def _standing(self, state: BattleState, best: dict[Side, int] | None = None) -> Side | None:
        """Who wins as the dice stand: higher die, then higher Fight Value; None for a roll-off."""
        best = best or {s: self._side_best(state, s) for s in SIDES}
        if best["good"] != best["evil"]:
            return "good" if best["good"] > best["evil"] else "evil"
        fight = self._fight_values(state)
        if fight["good"] != fight["evil"]:
            return "good" if fight["good"] > fight["evil"] else "evil"
        return None

    def _bids(self, state: BattleState, side: Side) -> list[Action]:
        """The Might `side` could spend to stop losing: the least that wins, and the least that
        forces a roll-off when that is less."""
        actions: list[Action] = []
        for hero in self.side_models(state, side):
            faces = self.dice.get(hero.id, [])
            if not hero.is_hero or not faces:
                continue
            mine = _best(faces, self.boost.get(hero.id, 0))
            found = least_raises(hero, mine, partial(self._result_if_raised, state, side, mine), "win")
            losing = self._standing(state) == other(side)
            for result, amount in found.items():
                if result == "roll-off" and ("win" in found or not losing):
                    continue
                outcome = "you win the Duel" if result == "win" else "the Duel goes to a roll-off"
                chance = 1.0 if result == "win" else 0.5
                actions.append(
                    Action(
                        "spend_might",
                        f"{hero.name}: spend {amount} Might ({mine} becomes {mine + amount}): {outcome}",
                        {"type": "might", "model": hero.id, "amount": amount},
                        payer_param(hero, "might", amount),
                        odds=odds((outcome, chance)),
                        group=hero.id,
                    )
                )
        return actions

    def _result_if_raised(self, state: BattleState, side: Side, die: int, amount: int) -> str:
        best = {s: self._side_best(state, s) for s in SIDES}
        best[side] = max(best[side], die + amount)
        standing = self._standing(state, best)
        return "win" if standing == side else "roll-off" if standing is None else ""

    def _next_bidder(self, state: BattleState) -> Side | None:
        """The losing side bids first; on a dead tie, the side without Priority, then the other."""
        return next_bidder(
            self._standing(state),
            other(state.priority or "good"),
            self.declined,
            lambda side: bool(self._bids(state, side)),
        )

    def pending(self, state: BattleState) -> Pending:
        if self.stage == "bidding":
            assert self.bidder is not None
            return Pending(
                self.bidder,
                "duel_might",
                f"{side_name(self.bidder)} is losing the Duel: spend Might?",
                {"dice": dict(self.dice), "boost": dict(self.boost)},
            )
        striker = self._next_to_allocate(state)
        assert striker is not None and self.winner is not None
        return Pending(
            self.winner,
            "allocate_strikes",
            f"{side_name(self.winner)} chooses whom {striker.name} strikes",
            {"model": striker.id},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        if self.stage == "bidding":
            choices: list[Option] = list(self._bids(state, side))
            losing = self._standing(state) is not None
            label = "Spend no more: lose the Duel" if losing else "Spend no more: leave it to the roll-off"
            choices.append(Action("keep", label, {"type": "keep"}))
            return choices
        striker = self._next_to_allocate(state)
        assert striker is not None
        targets = self._targets_for(state, striker)
        strikes = attacks(state, striker, targets)
        choices = []
        for split in combinations_with_replacement([t.id for t in targets], strikes):
            label = ", ".join(f"{split.count(t.id)} at {t.name}" for t in targets if split.count(t.id))
            choices.append(
                Action(
                    "allocate_strikes",
                    f"{striker.name}: {label}",
                    {"type": "allocate_strikes", "model": striker.id, "targets": list(split)},
                )
            )
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "allocate_strikes":
            self.allocations[command["model"]] = list(command["targets"])
            return
        if command["type"] == "keep":
            assert self.bidder is not None
            self.declined.append(self.bidder)
            return
        hero = ctx.state.model(command["model"])
        before = _best(self.dice[hero.id], self.boost.get(hero.id, 0))
        self.boost[hero.id] = self.boost.get(hero.id, 0) + pay_might(
            ctx, hero, command, "on the Duel", before
        )

    def _decide(self, ctx: Ctx) -> None:
        state = ctx.state
        if self.winner is not None:
            return
        best = {s: self._side_best(state, s) for s in SIDES}
        fight = self._fight_values(state)
        standing = self._standing(state)
        if standing is not None and best["good"] != best["evil"]:
            why = f"highest die {best[standing]}"
        elif standing is not None:
            why = f"both rolled {best['good']}, higher Fight Value {fight[standing]}"
        else:
            roller = state.priority or "good"
            face = ctx.dice.d6("duel_rolloff", roller)
            standing = "good" if face >= DUEL_ROLLOFF_GOOD else "evil"
            why = f"dice and Fight Value tie; {side_name(roller)} rolls {face}"
        self.winner = standing
        ctx.log("duel", f"{side_name(standing)} wins the Duel ({why}).", winner=standing)

    # -- after the Duel ------------------------------------------------------------------------

    def _back_away(self, ctx: Ctx, loser: Model) -> None:
        state = ctx.state
        assert self.winner is not None
        winners = self.side_models(state, self.winner)
        if not winners:
            return
        cx = sum(m.x for m in winners) / len(winners)
        cy = sum(m.y for m in winners) / len(winners)
        away = (loser.x - cx, loser.y - cy)
        length = math.hypot(*away)
        unit = (away[0] / length, away[1] / length) if length else (0.0, 1.0)
        for angle in BACK_AWAY_ANGLES:
            dx, dy = rotate(unit, angle)
            dest = (loser.x + dx * BACK_AWAY, loser.y + dy * BACK_AWAY)
            if back_away_clear(state, loser, dest):
                loser.x, loser.y = dest
                ctx.log("back_away", f'{loser.name} backs away 1".', model=loser.id, to=list(dest))
                return
        self.trapped.append(loser.id)
        ctx.log("trapped", f"{loser.name} cannot back away and is Trapped.", model=loser.id)

    def _strikers(self, state: BattleState) -> list[Model]:
        assert self.winner is not None
        return [m for m in self.side_models(state, self.winner) if held_by(state, m) is None]

    def _targets_for(self, state: BattleState, striker: Model) -> list[Model]:
        assert self.winner is not None
        losers = self.side_models(state, other(self.winner))
        if striker.id == self.centre:
            return losers
        return [m for m in losers if m.id == self.centre]

    def _next_to_allocate(self, state: BattleState) -> Model | None:
        for striker in self._strikers(state):
            if striker.id not in self.allocations and len(self._targets_for(state, striker)) > 1:
                return striker
        return None

    def _strike(self, ctx: Ctx) -> None:
        state = ctx.state
        frames: list[ToWound] = []
        for striker in self._strikers(state):
            targets = self.allocations.get(striker.id)
            if targets is None:
                only = self._targets_for(state, striker)
                if not only:
                    continue
                targets = [only[0].id] * attacks(state, striker, only)
            reroll, helped = to_wound_help(state, striker)
            for target in targets:
                bonus = (1 if in_challenge_with(state, striker, state.model(target)) else 0) + helped
                frames.append(
                    ToWound(
                        striker.id,
                        target,
                        strike_strength(state, striker),
                        2 if target in self.trapped else 1,
                        why="Strike",
                        bonus=bonus,
                        reroll=reroll,
                        d3_wounds=_bane(striker, state.model(target)),
                    )
                )
        for frame in reversed(frames):
            ctx.push(frame)

    def _after(self, ctx: Ctx) -> None:
        """A won Heroic Combat that removed every enemy lets the winners move or charge again."""
        state = ctx.state
        if not self.heroic or self.winner is None:
            return
        if self.side_models(state, other(self.winner)):
            return
        movers = [
            m
            for m in self.side_models(state, self.winner)
            if "heroic_combat_move" not in m.benefited
            and not {"War Beast", "Chariot"} & set(m.profile.keywords)
        ]
        if not movers:
            return
        for model in movers:
            model.benefited.append("heroic_combat_move")
        ctx.log(
            "heroic_combat_won",
            f"The Heroic Combat is won and no enemy is left: {', '.join(m.name for m in movers)} may move or charge.",
        )
        ctx.push(SideActivations(self.winner, only=[m.id for m in movers], reason="heroic_combat"))


BANES = {"Goblinbane": "Goblin"}
"""Weapon rules that make each Wound D3 Wounds against models with a keyword (Orcrist's Goblinbane)."""


def _bane(striker: Model, target: Model) -> bool:
    return any(
        target_keyword in target.profile.keywords
        for rule, target_keyword in BANES.items()
        if rule in striker.profile.special_rules
    )


def back_away_clear(state: BattleState, model: Model, dest: Point) -> bool:
    r = model.radius
    board = state.board
    if not (r <= dest[0] <= board.width - r and r <= dest[1] <= board.height - r):
        return False
    for piece in state.terrain:
        if piece.impassable and segment_polygon_distance(model.pos, dest, piece.polygon) < r - 1e-6:
            return False
    for other_model in state.models.values():
        if other_model.id == model.id or not other_model.on_board:
            continue
        reach = r + other_model.radius
        if point_segment_distance(other_model.pos, model.pos, dest) < reach - 1e-3:
            return False
        if other_model.side != model.side and math.dist(dest, other_model.pos) - reach <= BASE_CONTACT:
            return False
    return True
