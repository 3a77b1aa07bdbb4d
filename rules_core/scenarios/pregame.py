"""Before the first turn of a scenario: markers placed by the players, the roll-off for deployment
zones and the winner's choice, each side's picks (secret ones hidden), then the Warbands deployed
one at a time, turn about, each model within 6" of its Captain.

`opening(spec, state)` gives the frames, in the order they run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import RuleViolation
from ..frame import Action, Ctx, Frame, Option, Pending
from ..state import SIDES, BattleState, Side, Warband, other, side_name
from .catalogue import spec_of
from .data import MARKER_RADIUS, Marker, ScenarioState, Zone
from .layout import (
    centre_band,
    describe,
    lay_out,
    marker_clash,
    other_choice,
    place,
    too_far_from_captain,
    why_not_here,
    zone_choices,
)
from .scoring import most_expensive
from .spec import Pick, ScenarioSpec


def roll_off(ctx: Ctx, purpose: str, what: str) -> Side:
    """Both players roll a D6, again on a tie; the higher wins."""
    while True:
        good, evil = ctx.dice.d6(purpose, "good"), ctx.dice.d6(purpose, "evil")
        if good != evil:
            winner: Side = "good" if good > evil else "evil"
            ctx.log(
                "roll_off",
                f"Roll-off {what}: Good rolls {good}, Evil rolls {evil}. {side_name(winner)} wins.",
                purpose=purpose,
                winner=winner,
            )
            return winner
        ctx.log("roll_off_tie", f"Roll-off {what}: both roll {good}; roll again.", purpose=purpose)


def zone_data(zone: Zone) -> dict[str, Any]:
    return {
        "key": zone.key,
        "label": zone.label,
        "shape": zone.shape,
        "points": zone.points,
        "radius": zone.radius,
    }


@dataclass(slots=True)
class RollOffFirst(Frame):
    """The battle's first decision: Good starts the roll-off (the rolls belong to a command)."""

    kind = "roll_off_first"
    what: str

    def step(self, ctx: Ctx) -> bool:
        return True

    def pending(self, state: BattleState) -> Pending:
        return Pending("good", "roll_off", f"Good starts the roll-off {self.what}")

    def options(self, state: BattleState, side: Side) -> list[Option]:
        return [Action("roll_off", f"Roll off {self.what}", {"type": "roll_off"})]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        ctx.pop(self)


@dataclass(slots=True)
class MarkerPlacement(Frame):
    """The players place objective markers in turn, the roll-off winner first."""

    kind = "marker_placement"
    order: list[Side] = field(default_factory=list)
    proposal: list[float] = field(default_factory=list)
    """A legal place for the next marker, worked out once it is due, for the player to drag."""

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        if not self.order:
            placed = spec_of(_scenario(state).key).placed
            assert placed is not None
            winner = roll_off(ctx, "marker_rolloff", "to place objective markers")
            self.order = [winner if i % 2 == 0 else other(winner) for i in range(placed.count)]
        if len([m for m in _scenario(state).markers if m.kind == "objective"]) >= self._total(state):
            ctx.pop(self)
            return False
        self.proposal = list(self._proposal(state))
        return True

    def _total(self, state: BattleState) -> int:
        spec = spec_of(_scenario(state).key)
        assert spec.placed is not None
        return len(spec.markers) + spec.placed.count

    def _turn(self, state: BattleState) -> tuple[Side, int]:
        number = len(_scenario(state).markers) + 1
        return self.order[number - 1 - len(spec_of(_scenario(state).key).markers)], number

    def pending(self, state: BattleState) -> Pending:
        side, number = self._turn(state)
        return Pending(
            side,
            "place_marker",
            f"{side_name(side)} places objective marker {number} of {self._total(state)}",
            {"proposal": list(self.proposal), "marker": f"m{number}"},
        )

    def _rules(self, state: BattleState) -> tuple[float, float]:
        placed = spec_of(_scenario(state).key).placed
        assert placed is not None
        return placed.gap, placed.edge_gap

    def _clash(self, state: BattleState, at: tuple[float, float]) -> str | None:
        gap, edge_gap = self._rules(state)
        others = [(m.label, m.pos) for m in _scenario(state).markers]
        return marker_clash(state, at, MARKER_RADIUS, others, gap, edge_gap)

    def _proposal(self, state: BattleState) -> tuple[float, float]:
        """A legal place near the centre, for the marker the player then drags where it should go."""
        width, height = state.board.width, state.board.height
        spots = [(x + 0.5, y + 0.5) for x in range(int(width)) for y in range(int(height))]
        spots.sort(key=lambda p: (abs(p[0] - width / 2) + abs(p[1] - height / 2), p))
        return next((p for p in spots if self._clash(state, p) is None), (width / 2, height / 2))

    def options(self, state: BattleState, side: Side) -> list[Option]:
        gap, edge_gap = self._rules(state)
        inner = edge_gap + MARKER_RADIUS
        area = [inner, inner, state.board.width - inner, state.board.height - inner]
        _, number = self._turn(state)
        return [
            Action(
                "place_marker",
                f'Place objective marker {number} (at least {gap:g}" from the others, {edge_gap:g}" from the edges)',
                {"type": "place_marker"},
                {"at": {"type": "point", "zone": area}},
                group=f"m{number}",
            )
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        side, number = self._turn(state)
        x, y = (float(v) for v in command["at"])
        reason = self._clash(state, (x, y))
        if reason is not None:
            raise RuleViolation("marker_misplaced", reason)
        _scenario(state).markers.append(Marker(f"m{number}", f"Marker {number}", x, y))
        ctx.log(
            "marker_placed",
            f'{side_name(side)} places objective marker {number} at {x:.1f}", {y:.1f}".',
            marker=f"m{number}",
            at=[x, y],
            side=side,
        )


@dataclass(slots=True)
class ZoneChoice(Frame):
    """The roll-off for deployment; the winner chooses where to deploy (for split corners, the other
    player then says which of theirs is A), and deploys first."""

    kind = "zone_choice"
    winner: Side | None = None
    stage: Literal["choose", "other"] = "choose"

    def step(self, ctx: Ctx) -> bool:
        if self.winner is None:
            self.winner = roll_off(ctx, "deployment_rolloff", "for deployment zones")
            _scenario(ctx.state).first = self.winner
        return True

    def _choices(self, state: BattleState) -> dict[str, list[Zone]]:
        deploy = spec_of(_scenario(state).key).deploy
        if self.stage == "choose":
            return zone_choices(deploy, state.board)
        assert self.winner is not None
        chosen = _scenario(state).zones[self.winner]
        return other_choice(deploy, state.board, "-".join(z.key for z in chosen))

    def _chooser(self) -> Side:
        assert self.winner is not None
        return self.winner if self.stage == "choose" else other(self.winner)

    def pending(self, state: BattleState) -> Pending:
        side = self._chooser()
        what = "where to deploy" if self.stage == "choose" else "which of its corners is A"
        return Pending(side, "choose_zone", f"{side_name(side)} chooses {what}")

    def options(self, state: BattleState, side: Side) -> list[Option]:
        return [
            Action("choose_zone", f"Deploy {describe(zones)}", {"type": "choose_zone", "zone": key})
            for key, zones in self._choices(state).items()
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        scenario = _scenario(state)
        side = self._chooser()
        choices = self._choices(state)
        scenario.zones[side] = choices[command["zone"]]
        ctx.log(
            "zone_chosen",
            f"{side_name(side)} deploys {describe(scenario.zones[side])}.",
            side=side,
            zone=command["zone"],
        )
        spec = spec_of(scenario.key)
        if self.stage == "choose" and spec.deploy.kind == "corners":
            self.stage = "other"
            return
        if self.stage == "choose":
            (rest,) = other_choice(spec.deploy, state.board, command["zone"]).values()
            scenario.zones[other(side)] = rest
            ctx.log("zone_chosen", f"{side_name(other(side))} deploys {describe(rest)}.", side=other(side))
        _place_supplies(state, spec)
        ctx.pop(self)


def _place_supplies(state: BattleState, spec: ScenarioSpec) -> None:
    """Each side's own markers (supplies), along the front of its zone."""
    scenario = _scenario(state)
    for side in SIDES:
        turned = scenario.zones[side][0].key == "south"
        for spot in spec.supplies:
            x, y = spot.at(state.board.width, state.board.height, turned)
            label = f"{spot.label}"
            scenario.markers.append(Marker(f"{side}-{spot.key}", label, x, y, kind="supply", owner=side))


# -- picks -------------------------------------------------------------------------------------------


def candidates(state: BattleState, side: Side, pick: Pick) -> list[tuple[str, str]]:
    """(value, label) a side may pick."""
    if pick.kind in ("own_hero", "enemy_hero"):
        whose = side if pick.kind == "own_hero" else other(side)
        heroes = [m for m in state.models.values() if m.side == whose and m.is_hero]
        general = state.armies[whose].general
        choosable = [h for h in heroes if h.id != general] or heroes
        return [(h.id, h.name) for h in choosable]
    if pick.kind == "own_most_expensive":
        return [(m.id, f"{m.name} ({m.points} points)") for m in most_expensive(state, side)]
    half = _enemy_half(state, side)
    return [
        (t.id, t.name)
        for t in state.terrain
        if all(half[0] - 1e-9 <= y <= half[1] + 1e-9 for _, y in t.polygon)
    ]


def _enemy_half(state: BattleState, side: Side) -> tuple[float, float]:
    """The half of the board (y from, y to) on the enemy's side."""
    enemy_zone = _scenario(state).zones[other(side)][0]
    middle = state.board.height / 2
    _, y0, _, y1 = enemy_zone.bounds(state.board.width, state.board.height)
    return (0.0, middle) if (y0 + y1) / 2 < middle else (middle, state.board.height)


@dataclass(slots=True)
class Picks(Frame):
    """Each side makes the scenario's picks, the deployment roll-off winner first. A pick with one
    possible answer is made for the side; secret ones are never told in the log until revealed."""

    kind = "picks"
    done: list[Side] = field(default_factory=list)

    def _order(self, state: BattleState) -> list[Side]:
        first: Side = "good" if _scenario(state).first != "evil" else "evil"
        return [first, other(first)]

    def _asked(self, state: BattleState, side: Side) -> list[tuple[Pick, list[tuple[str, str]]]]:
        spec = spec_of(_scenario(state).key)
        return [(p, candidates(state, side, p)) for p in spec.picks]

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        for side in self._order(state):
            if side in self.done:
                continue
            asked = self._asked(state, side)
            if any(len(options) > 1 for _, options in asked):
                return True
            self._record(ctx, side, {p.key: options[0][0] for p, options in asked if options})
        ctx.pop(self)
        return False

    def _side(self, state: BattleState) -> Side:
        return next(s for s in self._order(state) if s not in self.done)

    def pending(self, state: BattleState) -> Pending:
        side = self._side(state)
        secret = any(p.secret for p in spec_of(_scenario(state).key).picks)
        what = "secret picks" if secret else "picks"
        return Pending(side, "pick", f"{side_name(side)} makes its {what}", {"secret": secret})

    def options(self, state: BattleState, side: Side) -> list[Option]:
        params = {
            pick.key: {
                "type": "choice",
                "label": pick.label,
                "options": [{"value": value, "label": label} for value, label in options],
            }
            for pick, options in self._asked(state, side)
            if options
        }
        secret = any(p.secret for p in spec_of(_scenario(state).key).picks)
        label = (
            "Make your secret picks (only you see them until the battle ends)"
            if secret
            else "Make your picks"
        )
        return [Action("pick", label, {"type": "pick"}, params)]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        side = self._side(ctx.state)
        picks = {key: str(value) for key, value in command.items() if key != "type"}
        self._record(ctx, side, picks)

    def _record(self, ctx: Ctx, side: Side, picks: dict[str, str]) -> None:
        scenario = _scenario(ctx.state)
        spec = spec_of(scenario.key)
        scenario.picks[side] = picks
        self.done.append(side)
        secret = [p for p in spec.picks if p.secret]
        if secret:
            ctx.log("picks_made", f"{side_name(side)} has made its secret picks.", side=side)
        told = [p for p in spec.picks if not p.secret and p.key in picks]
        for pick in told:
            model = ctx.state.models.get(picks[pick.key])
            name = model.name if model else picks[pick.key]
            ctx.log("pick", f"{side_name(side)}'s {pick.label.lower()}: {name}.", side=side, pick=pick.key)


def seal(ctx: Ctx, side: Side, shown: dict[str, str]) -> None:
    """A pick replayed from an export that sealed it: the side picked, this replay cannot know
    what (`shown` holds what the export showed: the picks that are not secret)."""
    state = ctx.state
    frame = state.stack[-1] if state.stack else None
    if not isinstance(frame, Picks) or frame._side(state) != side:
        raise RuleViolation("not_your_decision", "A sealed pick stands only where its side was picking.")
    _scenario(state).sealed.append(side)
    frame._record(ctx, side, shown)


# -- deploying Warbands ------------------------------------------------------------------------------


@dataclass(slots=True)
class WarbandDeployment(Frame):
    """Warbands deploy one at a time, turn about, the roll-off winner first: the player picks one,
    the referee lays it out in the zone around its Captain, the player moves models as wished and
    says it is done once each stands wholly in the zone within 6" of the Captain."""

    kind = "warband_deployment"
    side: Side | None = None
    current: int = -1
    zone: Zone | None = None

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        scenario = _scenario(state)
        if self.side is None:
            self.side = "evil" if scenario.first == "evil" else "good"
        if self.current >= 0:
            return True
        for side in (self.side, other(self.side)):
            left = self._left(state, side)
            if len(left) > 1:
                self.side = side
                return True
            if left:
                self.side = side
                self._choose(ctx, left[0])
                return False
        ctx.log("deployed", "Both armies are deployed.")
        ctx.pop(self)
        return False

    def _left(self, state: BattleState, side: Side) -> list[int]:
        done = _scenario(state).deployed.get(side, [])
        return [i for i in range(len(state.armies[side].warbands)) if i not in done]

    def _warband(self, state: BattleState) -> Warband:
        assert self.side is not None
        return state.armies[self.side].warbands[self.current]

    def pending(self, state: BattleState) -> Pending:
        assert self.side is not None
        if self.current < 0:
            return Pending(self.side, "choose_warband", f"{side_name(self.side)} chooses a Warband to deploy")
        assert self.zone is not None
        return Pending(
            self.side,
            "deploy",
            f"{side_name(self.side)} deploys {warband_name(state, self._warband(state))}",
            {"zones": [zone_data(self.zone)], "models": list(self._warband(state).models)},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        if self.current < 0:
            return [
                Action(
                    "choose_warband",
                    f"Deploy {warband_name(state, state.armies[side].warbands[i])} "
                    f"({len(state.armies[side].warbands[i].models)} models)",
                    {"type": "choose_warband", "warband": i},
                )
                for i in self._left(state, side)
            ]
        assert self.zone is not None
        area = self.zone.bounds(state.board.width, state.board.height)
        actions: list[Option] = [
            Action(
                "place",
                f"Place {state.model(m).name}",
                {"type": "place", "model": m},
                {"at": {"type": "point", "zone": area}},
                group=m,
            )
            for m in self._warband(state).models
        ]
        actions.append(
            Action(
                "place_warband",
                "Place the Warband as a block",
                {"type": "place_warband"},
                {"places": {"type": "places", "models": list(self._warband(state).models), "zone": area}},
            )
        )
        actions.append(Action("warband_ready", "Warband deployed", {"type": "ready"}))
        return actions

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "choose_warband":
            self._choose(ctx, int(command["warband"]))
        elif command["type"] == "place":
            self._place(ctx, command)
        elif command["type"] == "place_warband":
            self._place_block(ctx, command)
        else:
            self._done(ctx)

    def _choose(self, ctx: Ctx, index: int) -> None:
        state = ctx.state
        assert self.side is not None
        scenario = _scenario(state)
        deploy = spec_of(scenario.key).deploy
        zones = scenario.zones[self.side]
        zone = zones[len(scenario.deployed.get(self.side, [])) % len(zones)]
        self.current = index
        warband = self._warband(state)
        name = warband_name(state, warband)
        if deploy.warband_roll is not None:
            face = ctx.dice.d6("deployment_roll", self.side)
            if face <= deploy.warband_roll.low:
                zone = centre_band(zone, deploy.warband_roll.band, state.board)
            where = zone.label if face <= deploy.warband_roll.low else "anywhere in its zone"
            ctx.log(
                "deployment_roll", f"Deployment roll for {name}: {face}: it deploys {where}.", faces=[face]
            )
        self.zone = zone
        lay_out(state, [state.model(m) for m in warband.models], zone, deploy.enemy_gap)
        ctx.log("warband_chosen", f"{side_name(self.side)} deploys {name} ({zone.label}).", side=self.side)

    def _place(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        assert self.zone is not None
        model = state.model(command["model"])
        previous = [model.x, model.y]
        at = (float(command["at"][0]), float(command["at"][1]))
        place(state, model, at, self.zone, spec_of(_scenario(state).key).deploy.enemy_gap)
        ctx.log("place", f"{model.name} is placed.", model=model.id, at=list(at), previous=previous)

    def _place_block(self, ctx: Ctx, command: dict[str, Any]) -> None:
        """Several models of the Warband placed at once (a block dragged or turned): all go to their
        new places first, then each is checked where it stands; one refused refuses them all."""
        state = ctx.state
        assert self.zone is not None
        gap = spec_of(_scenario(state).key).deploy.enemy_gap
        moved = []
        for place_ in command["places"]:
            model = state.model(place_["model"])
            moved.append((model, [model.x, model.y]))
            model.x, model.y = float(place_["at"][0]), float(place_["at"][1])
        for model, _ in moved:
            refused = why_not_here(state, model, self.zone, gap)
            if refused is not None:
                raise RuleViolation(*refused)
        for model, previous in moved:
            ctx.log(
                "place", f"{model.name} is placed.", model=model.id, at=[model.x, model.y], previous=previous
            )

    def _done(self, ctx: Ctx) -> None:
        state = ctx.state
        assert self.side is not None and self.zone is not None
        warband = self._warband(state)
        models = [state.model(m) for m in warband.models]
        gap = spec_of(_scenario(state).key).deploy.enemy_gap
        for model in models:
            if model.x < 0:
                raise RuleViolation("not_placed", f"{model.name} has no place in the zone yet.")
            place(state, model, model.pos, self.zone, gap)
        captain = state.models.get(warband.captain)
        reason = too_far_from_captain(state, captain, models)
        if reason is not None:
            raise RuleViolation("too_far_from_captain", reason)
        _scenario(state).deployed.setdefault(self.side, []).append(self.current)
        ctx.log("warband_deployed", f"{warband_name(state, warband)} is deployed.", side=self.side)
        self.current, self.zone = -1, None
        if self._left(state, other(self.side)):
            self.side = other(self.side)


def warband_name(state: BattleState, warband: Warband) -> str:
    captain = state.models.get(warband.captain)
    if captain is None:
        return f"{state.armies[state.model(warband.models[0]).side].name}'s models"
    return f"{captain.name}'s Warband"


def _scenario(state: BattleState) -> ScenarioState:
    assert state.scenario is not None
    return state.scenario


def opening(spec: ScenarioSpec) -> list[Frame]:
    """The frames before the first turn, in the order they run."""
    frames: list[Frame] = []
    if spec.placed is not None:
        frames += [RollOffFirst("to place objective markers"), MarkerPlacement()]
    else:
        frames.append(RollOffFirst("for deployment zones"))
    frames.append(ZoneChoice())
    if spec.picks:
        frames.append(Picks())
    frames.append(WarbandDeployment())
    return frames
