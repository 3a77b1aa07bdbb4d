"""The Fight phase: pairing off combats, the Duel roll, backing away, Trapped, Strikes."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any

from .battlefield import BASE_CONTACT, in_contact
from .frame import Action, Frame, Option, Pending
from .geometry import Point, point_segment_distance, rotate, segment_polygon_distance
from .heroic import DeclareHeroics
from .state import BattleState, Model, Side, other, side_name
from .wounds import ToWound

if TYPE_CHECKING:
    from .engine import Ctx

BACK_AWAY = 1.0
BACK_AWAY_ANGLES = (0, 30, -30, 60, -60, 90, -90)
DUEL_ROLLOFF_GOOD = 4
"""On a tie of dice and Fight Value, the player with Priority rolls: this or more and Good wins."""

Star = tuple[str, tuple[str, ...]]
"""One combat: a model and the enemies it fights (each in base contact with it)."""


def engagement_graph(state: BattleState) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    good, evil = state.army_models("good"), state.army_models("evil")
    for g in good:
        for e in evil:
            if in_contact(g, e):
                graph.setdefault(g.id, set()).add(e.id)
                graph.setdefault(e.id, set()).add(g.id)
    return graph


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


def component_of(graph: dict[str, set[str]], start: str, free: frozenset[str]) -> frozenset[str]:
    seen, todo = {start}, [start]
    while todo:
        for n in graph[todo.pop()] & free:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def combat_label(state: BattleState, star: Star) -> str:
    centre, leaves = star
    return f"{state.model(centre).name} against {' & '.join(state.model(m).name for m in leaves)}"


@dataclass(slots=True)
class FightPhase(Frame):
    """Pair off combats (Priority), Declare Heroic Actions, then resolve combats in Priority's order."""

    kind = "fight_phase"
    stage: str = "pair"
    combats: list[list[Any]] = field(default_factory=list)
    fought: list[int] = field(default_factory=list)

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        assert state.priority is not None
        if self.stage == "pair":
            if self._pair_what_is_clear(ctx):
                return True
            self.stage = "declare"
            if self.combats:
                ctx.log(
                    "combats",
                    "Combats: "
                    + "; ".join(combat_label(state, self._star(i)) for i in range(len(self.combats)))
                    + ".",
                )
            return False
        if self.stage == "declare":
            self.stage = "fight"
            if self.combats:
                ctx.push(DeclareHeroics("fight", other(state.priority)))
            return False
        if self.stage == "fight":
            waiting = self._waiting(state)
            if not waiting:
                ctx.pop(self)
                return False
            if len(waiting) == 1:
                self._fight(ctx, waiting[0])
                return False
            return True
        raise RuntimeError(f"unknown fight stage {self.stage}")

    def _star(self, index: int) -> Star:
        centre, leaves = self.combats[index]
        return (str(centre), tuple(str(m) for m in leaves))

    def _waiting(self, state: BattleState) -> list[int]:
        return [i for i in range(len(self.combats)) if i not in self.fought and self._alive(state, i)]

    def _alive(self, state: BattleState, index: int) -> bool:
        centre, leaves = self._star(index)
        return state.model(centre).on_board and any(state.model(m).on_board for m in leaves)

    def _free(self, state: BattleState, graph: dict[str, set[str]]) -> frozenset[str]:
        paired = {m for c, leaves in self.combats for m in (c, *leaves)}
        return frozenset(m for m in graph if m not in paired)

    def _pair_what_is_clear(self, ctx: Ctx) -> bool:
        """Pair every combat with only one way to pair it; True if the player must choose."""
        state = ctx.state
        graph = engagement_graph(state)
        free = self._free(state, graph)
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
        if self.stage == "pair":
            return Pending(
                state.priority, "pair_combats", f"{side_name(state.priority)} pairs off the combats"
            )
        return Pending(
            state.priority, "choose_combat", f"{side_name(state.priority)} chooses the next combat"
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        if self.stage == "pair":
            graph = engagement_graph(state)
            return [
                Action(
                    "pair",
                    combat_label(state, star),
                    {"type": "pair", "model": star[0], "against": list(star[1])},
                )
                for star in possible_combats(graph, self._free(state, graph))
            ]
        return [
            Action("fight", f"Fight: {combat_label(state, self._star(i))}", {"type": "fight", "combat": i})
            for i in self._waiting(state)
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "pair":
            self.combats.append([command["model"], list(command["against"])])
            ctx.log("pair", f"{combat_label(ctx.state, self._star(len(self.combats) - 1))}.")
            return
        self._fight(ctx, int(command["combat"]))

    def _fight(self, ctx: Ctx, index: int) -> None:
        self.fought.append(index)
        centre, leaves = self._star(index)
        ctx.push(Combat(centre, list(leaves)))


@dataclass(slots=True)
class Combat(Frame):
    """One combat: the Duel roll, the losers back away (or are Trapped), the winners Strike."""

    kind = "combat"
    centre: str
    leaves: list[str]
    stage: str = "duel"
    winner: Side | None = None
    trapped: list[str] = field(default_factory=list)
    allocations: dict[str, list[str]] = field(default_factory=dict)

    def members(self, state: BattleState) -> list[Model]:
        return [m for m in (state.model(i) for i in (self.centre, *self.leaves)) if m.on_board]

    def side_models(self, state: BattleState, side: Side) -> list[Model]:
        return [m for m in self.members(state) if m.side == side]

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        if self.stage == "duel":
            self._duel(ctx)
            self.stage = "back_away"
        if self.stage == "back_away":
            assert self.winner is not None
            for loser in self.side_models(state, other(self.winner)):
                self._back_away(ctx, loser)
            self.stage = "allocate"
        if self.stage == "allocate":
            if self._next_to_allocate(state) is not None:
                return True
            self.stage = "strike"
        if self.stage == "strike":
            ctx.pop(self)
            self._strike(ctx)
            return False
        return False

    def _duel(self, ctx: Ctx) -> None:
        state = ctx.state
        best: dict[Side, int] = {"good": 0, "evil": 0}
        parts = []
        for model in self.members(state):
            faces = ctx.dice.roll(model.profile.attacks, "duel", model.id)
            best[model.side] = max(best[model.side], *faces)
            parts.append(f"{model.name} rolls {', '.join(map(str, faces))}")
        fight = {s: max(m.profile.fight for m in self.side_models(state, s)) for s in ("good", "evil")}
        if best["good"] != best["evil"]:
            self.winner = "good" if best["good"] > best["evil"] else "evil"
            why = f"highest die {best[self.winner]}"
        elif fight["good"] != fight["evil"]:
            self.winner = "good" if fight["good"] > fight["evil"] else "evil"
            why = f"both rolled {best['good']}, higher Fight Value {fight[self.winner]}"
        else:
            roller = state.priority or "good"
            face = ctx.dice.d6("duel_rolloff", roller)
            self.winner = "good" if face >= DUEL_ROLLOFF_GOOD else "evil"
            why = f"dice and Fight Value tie; {side_name(roller)} rolls {face}"
        ctx.log(
            "duel",
            f"Duel: {'; '.join(parts)}. {side_name(self.winner)} wins ({why}).",
            winner=self.winner,
            models=[m.id for m in self.members(state)],
        )

    def _back_away(self, ctx: Ctx, loser: Model) -> None:
        state = ctx.state
        assert self.winner is not None
        winners = self.side_models(state, self.winner)
        cx = sum(m.x for m in winners) / len(winners)
        cy = sum(m.y for m in winners) / len(winners)
        away = (loser.x - cx, loser.y - cy)
        length = math.hypot(*away) or 1.0
        unit = (away[0] / length, away[1] / length) if math.hypot(*away) else (0.0, 1.0)
        for angle in BACK_AWAY_ANGLES:
            dx, dy = rotate(unit, angle)
            dest = (loser.x + dx * BACK_AWAY, loser.y + dy * BACK_AWAY)
            if back_away_clear(state, loser, dest):
                loser.x, loser.y = dest
                ctx.log("back_away", f'{loser.name} backs away 1".', model=loser.id, to=list(dest))
                return
        self.trapped.append(loser.id)
        ctx.log("trapped", f"{loser.name} cannot back away and is Trapped.", model=loser.id)

    def _targets_for(self, state: BattleState, striker: Model) -> list[Model]:
        assert self.winner is not None
        losers = self.side_models(state, other(self.winner))
        if striker.id == self.centre:
            return losers
        return [m for m in losers if m.id == self.centre]

    def _next_to_allocate(self, state: BattleState) -> Model | None:
        assert self.winner is not None
        for striker in self.side_models(state, self.winner):
            if striker.id not in self.allocations and len(self._targets_for(state, striker)) > 1:
                return striker
        return None

    def pending(self, state: BattleState) -> Pending:
        striker = self._next_to_allocate(state)
        assert striker is not None and self.winner is not None
        return Pending(
            self.winner,
            "allocate_strikes",
            f"{side_name(self.winner)} chooses whom {striker.name} strikes",
            {"model": striker.id},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        striker = self._next_to_allocate(state)
        assert striker is not None
        targets = self._targets_for(state, striker)
        choices: list[Option] = []
        for split in combinations_with_replacement([t.id for t in targets], striker.profile.attacks):
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
        self.allocations[command["model"]] = list(command["targets"])

    def _strike(self, ctx: Ctx) -> None:
        state = ctx.state
        assert self.winner is not None
        frames: list[ToWound] = []
        for striker in self.side_models(state, self.winner):
            targets = self.allocations.get(striker.id)
            if targets is None:
                only = self._targets_for(state, striker)
                if not only:
                    continue
                targets = [only[0].id] * striker.profile.attacks
            for target in targets:
                rolls = 2 if target in self.trapped else 1
                frames.append(ToWound(striker.id, target, striker.profile.strength, rolls, why="Strike"))
        for frame in reversed(frames):
            ctx.push(frame)


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
