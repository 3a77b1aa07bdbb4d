"""§2.5 Deployment: the players deploy. Each side in turn (Evil first, without a roll-off for it)
places, moves and turns its own stands and places its heroes inside its zone, starting from where
the setup put them (a demo, a saved deployment), then confirms; the other side sees the confirmed
deployment before placing its own.

- `place_stand` (`stand`, `at` [x, y], `facing`): the stand's new pose, its heroes with it; refused
  off the board, outside the zone, on impassable terrain or over another stand or a loose hero.
- `place_hero` (`hero`, `at`): a hero put down on a friendly stand (`at` on its footprint or touching
  its edge) attaches to it (refused on a full stand, `stand_full`, or a Monster's); put down
  anywhere else in the zone, he is loose there.
- `ready`: the deployment is done.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import RuleViolation
from ..frame import Action, Ctx, Frame, Option, Pending
from ..geometry import Point
from ..state import BattleState, Model, Side, side_name
from ..terrain import stops_stands
from .constants import CONTACT_TOLERANCE, MAX_HEROES_PER_STAND
from .geometry import Rect, normal_facing
from .loose import spot_problem
from .losses import place_loose
from .setup import inside
from .state import MassState, Stand, mass, mass_ctx
from .sweep import overlaps, overlaps_circle

Zone = tuple[float, float, float, float]


def stand_place_problem(state: MassState, stand: Stand, rect: Rect, zone: Zone) -> RuleViolation | None:
    """Why a stand may not be deployed with footprint `rect`, or None."""
    board = (0.0, 0.0, state.board.width, state.board.height)
    if not inside(rect.corners, board):
        return RuleViolation("off_board", f"{stand.name} does not fit on the board there.")
    if not inside(rect.corners, zone):
        return RuleViolation("outside_zone", f"{stand.name} must be deployed inside your deployment zone.")
    for piece in state.terrain:
        if stops_stands(piece) and overlaps((rect.polygon,), piece.polygon):
            return RuleViolation("impassable", f"{stand.name} cannot stand on {piece.name}.")
    for other in state.stands.values():
        if other.id != stand.id and other.on_board and overlaps((rect.polygon,), other.rect.polygon):
            return RuleViolation(
                "overlap", f"{stand.name} would overlap {other.name}: stands may touch, not overlap."
            )
    for hero in state.loose():
        if overlaps_circle((rect.polygon,), hero.pos, hero.radius - CONTACT_TOLERANCE):
            return RuleViolation("overlap", f"{stand.name} would stand on {hero.name}.")
    return None


def stand_under(state: MassState, hero: Model, at: Point) -> Stand | None:
    """The friendly stand a hero put down at `at` joins: `at` on its footprint, or his base touching it."""
    for stand in state.army_stands(hero.side):
        if overlaps_circle((stand.rect.polygon,), at, hero.radius + CONTACT_TOLERANCE):
            return stand
    return None


def hero_place_problem(state: MassState, hero: Model, at: Point, zone: Zone) -> RuleViolation | None:
    """Why a hero may not be deployed at `at` (on a stand: joining it; elsewhere: loose), or None."""
    stand = stand_under(state, hero, at)
    if stand is not None:
        aboard = [h for h in state.attached(stand.id) if h.id != hero.id]
        if stand.monster is not None:
            return RuleViolation(
                "monster_hero", f"{stand.name} is a Monster hero's stand: no one may join it."
            )
        if state.heroes[hero.id].monster:
            return RuleViolation("monster_hero", f"{hero.name} is a Monster: he is his stand.")
        if len(aboard) >= MAX_HEROES_PER_STAND:
            names = " and ".join(h.name for h in aboard)
            return RuleViolation(
                "stand_full",
                f"{stand.name} already carries {names}: at most {MAX_HEROES_PER_STAND} heroes per stand.",
            )
        return None
    x0, y0, x1, y1 = zone
    r = hero.radius
    if not inside([at], (x0 + r, y0 + r, x1 - r, y1 - r)):
        return RuleViolation("outside_zone", f"{hero.name} must be deployed inside your deployment zone.")
    problem = spot_problem(state.field(), at, r, hero.side, ignore=hero.id, zone=False)
    if problem is not None:
        return RuleViolation(problem.code, f"{hero.name} cannot be placed there: {problem.message}")
    return None


@dataclass(slots=True)
class PlayersDeploy(Frame):
    """One side deploys (§2.5): places and turns its stands, places its heroes, then confirms."""

    kind = "players_deploy"
    side: Side
    zone: list[float] = field(default_factory=list)

    def step(self, ctx: Ctx) -> bool:
        return True

    def pending(self, state: BattleState) -> Pending:
        label = f"{side_name(self.side)} deploys: place and turn your stands and heroes in your zone, then confirm"
        return Pending(self.side, "deploy", label, {"zone": list(self.zone)})

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        zone = list(self.zone)
        choices: list[Option] = [
            Action(
                "place_stand",
                f"Place {stand.name}",
                {"type": "place_stand", "stand": stand.id},
                {
                    "at": {"type": "point", "zone": zone},
                    "facing": {"type": "number", "min": -720, "max": 720},
                },
                group=stand.id,
            )
            for stand in game.army_stands(side)
        ]
        choices += [
            Action(
                "place_hero",
                f"Place {hero.name} (on a stand of yours to join it)",
                {"type": "place_hero", "hero": hero.id},
                {"at": {"type": "point", "zone": zone}},
                group=hero.id,
            )
            for hero in game.army_models(side)
            if not game.heroes[hero.id].monster
        ]
        choices.append(Action("ready", "Deployment done", {"type": "ready"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass_ctx(ctx)
        zone: Zone = (self.zone[0], self.zone[1], self.zone[2], self.zone[3])
        kind = command["type"]
        if kind == "ready":
            ctx.log("deployed", f"{side_name(self.side)} has deployed.", side=self.side)
            ctx.pop(self)
            return
        at = (float(command["at"][0]), float(command["at"][1]))
        if kind == "place_stand":
            stand = state.stand(command["stand"])
            rect = Rect(
                at[0], at[1], normal_facing(float(command["facing"])), stand.stats.width, stand.stats.depth
            )
            problem = stand_place_problem(state, stand, rect, zone)
            if problem is not None:
                raise problem
            before = [stand.x, stand.y, stand.facing]
            stand.place(rect)
            ctx.log(
                "stand_placed",
                f"{stand.name} is placed.",
                stand=stand.id,
                to=[rect.x, rect.y, rect.facing],
                **{"from": before},
            )
            return
        hero = state.model(command["hero"])
        problem = hero_place_problem(state, hero, at, zone)
        if problem is not None:
            raise problem
        joined = stand_under(state, hero, at)
        state.heroes[hero.id].attached_to = joined.id if joined is not None else None
        place_loose(hero, None if joined is not None else at)
        if joined is not None:
            ctx.log("hero_placed", f"{hero.name} joins {joined.name}.", hero=hero.id, stand=joined.id)
        else:
            ctx.log("hero_placed", f"{hero.name} is placed, loose.", hero=hero.id, at=list(at))
