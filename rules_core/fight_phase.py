"""The Fight phase: pairing off combats, Heroic Combats first, then each combat in the order the
player with Priority picks (one combat is a `combat.Combat`), with the odds of each."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any, Literal

from .battlefield import component_of, engagement_graph
from .cavalry import charged_at
from .combat import Combat
from .frame import Action, Ctx, Frame, Option, Pending
from .heroic import DeclareHeroics, cancel, clash_first, declared
from .odds import default_plan, fight_odds, odds_data
from .state import SIDES, BattleState, Model, Side, other, side_name

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


def star_odds(state: BattleState, star: Star, side: Side) -> dict[str, Any]:
    """The odds of one combat before anyone declares, from `side`'s point of view."""
    centre, leaves = state.model(star[0]), [state.model(m) for m in star[1]]
    fighters = [m for m in (centre, *leaves) if m.on_board]
    opponents = {centre.id: leaves, **{leaf.id: [centre] for leaf in leaves}}
    plan = default_plan(state, fighters, opponents, {m.id: charged_at(state, m) for m in fighters})
    return odds_data(state, fight_odds(state, fighters, opponents, plan), side, fighters)


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
                odds = star_odds(state, self._star(index), self.heroic_side)
                found[index] = Action("fight", label, {"type": "fight", "combat": index}, odds=odds)
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
                    odds=star_odds(state, star, side),
                )
                for star in possible_combats(graph, self._free(state, graph))
            ]
        if self.stage == "heroic":
            return list(self._heroic_options(state))
        return [
            Action(
                "fight",
                f"Fight: {combat_label(state, self._star(i))}",
                {"type": "fight", "combat": i},
                odds=star_odds(state, self._star(i), side),
            )
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
