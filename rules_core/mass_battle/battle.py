"""A mass battle from its setup (§2, §15), and its turn (§4): Priority, Move, Shoot, Fight, End,
with the skirmish's Priority roll, Declare Heroic Actions loop and phase bar.

The players deploy (§2.5, `deployment`), Evil first, from where the setup puts every stand and
hero; a setup from before players deployed has each side confirm its places instead, Good first.
The second `ready` rolls for Priority of the first turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..boards.agreement import BoardAgreement
from ..boards.fair import MASS_COVERAGE, BoardNeeds, Placed, rect_zones
from ..frame import Action, Ctx, Frame, Option, Pending
from ..serial import load
from ..setup import read_side
from ..state import Army, BattleState, Board, Model, Side, side_name
from ..turn import EndPhase, PriorityRoll, TurnFrame, sides_phase
from . import heroics  # noqa: F401  (the mass battle's Heroic Actions register themselves)
from .activation import MassActivations
from .constants import BOARD_HEIGHT, BOARD_WIDTH
from .deployment import PlayersDeploy
from .fight import MassFight
from .losses import check_broken, check_routed, check_turn_limit, check_wiped_out
from .order import MassHeroicOrder
from .setup import MassSetup, default_zones, read_setup
from .shooting import MassShooting
from .state import NOWHERE, MassHero, MassState, Stand, mass_ctx


def new_mass_battle(setup: dict[str, Any]) -> MassState:
    """A mass battle waiting for Good to confirm its deployment; RuleViolation on a bad setup."""
    read = read_setup(setup)
    models: dict[str, Model] = {}
    stands: dict[str, Stand] = {}
    heroes: dict[str, MassHero] = {}
    armies: dict[str, Army] = {}
    for side, army in read.armies.items():
        armies[side] = Army(army.name, army.starting_strength)
        for s in army.stands:
            rect = s.rect
            stands[s.id] = Stand(
                s.id,
                s.name,
                side,
                s.profile,
                s.points,
                s.stats,
                rect.x,
                rect.y,
                rect.facing,
                monster=s.monster,
            )
        for h in army.heroes:
            x, y = h.centre if h.centre is not None else (NOWHERE, NOWHERE)
            profile = h.profile
            models[h.id] = Model(
                h.id, side, profile, x, y, profile.wounds, profile.might, profile.will, profile.fate
            )
            heroes[h.id] = MassHero(
                h.id, h.points, h.duel_points, list(h.cards), h.attached_to, h.general, h.monster
            )
    state = MassState(
        board=read.board,
        terrain=list(read.terrain),
        models=models,
        armies=armies,
        ruleset="mass_battle",
        max_turns=read.turn_limit,
        stands=stands,
        heroes=heroes,
        edition=read.edition,
    )
    if read.players_deploy:
        state.stack = [
            MassBattle(),
            *(PlayersDeploy(side, list(read.zones[side])) for side in ("good", "evil")),
        ]
    else:
        state.stack = [MassBattle(), Muster("evil"), Muster("good")]
    chooser = setup.get("board_choice")
    if chooser is not None:
        state.stack.append(BoardAgreement(read_side(chooser), board_needs_of(read)))
    state.phase = "deployment"
    return state


def board_needs(setup: dict[str, Any]) -> BoardNeeds:
    """What a mass-battle setup needs of its board: its two zones, and room for every stand where
    the setup puts it (a setup of no armies yet: its zones alone)."""
    if "armies" not in setup:
        board = load(Board, {"width": BOARD_WIDTH, "height": BOARD_HEIGHT, **setup.get("board", {})})
        zones = rect_zones({side: list(zone) for side, zone in default_zones(board).items()})
        return BoardNeeds(zones, cover=list(MASS_COVERAGE))
    return board_needs_of(read_setup(setup))


def board_needs_of(read: MassSetup) -> BoardNeeds:
    zones = {side: list(zone) for side, zone in read.zones.items()}
    placed = [Placed(s.name, list(s.rect.polygon)) for army in read.armies.values() for s in army.stands]
    return BoardNeeds(rect_zones(zones), placed=placed, cover=list(MASS_COVERAGE))


@dataclass(slots=True)
class Muster(Frame):
    """A side looks over its deployment, fixed by a setup from before players deployed, and says
    it is ready."""

    kind = "muster"
    side: Side

    def step(self, ctx: Ctx) -> bool:
        return True

    def pending(self, state: BattleState) -> Pending:
        return Pending(self.side, "deploy", f"{side_name(self.side)} confirms its deployment", {})

    def options(self, state: BattleState, side: Side) -> list[Option]:
        return [Action("ready", "Deployment done", {"type": "ready"})]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        ctx.log("deployed", f"{side_name(self.side)} has deployed.", side=self.side)
        ctx.pop(self)


@dataclass(slots=True)
class MassBattle(Frame):
    """The root: at the start of each turn the Broken check and the end-of-battle check (§4), then
    the turn; until the battle ends."""

    kind = "mass_battle"

    def step(self, ctx: Ctx) -> bool:
        state = mass_ctx(ctx)
        check_broken(ctx)
        if check_wiped_out(ctx) or check_routed(ctx):
            return False
        state.turn += 1
        for model in state.models.values():
            model.new_turn()
        for stand in state.stands.values():
            stand.new_turn()
        for hero in state.heroes.values():
            hero.new_turn()
        ctx.log("turn_start", f"Turn {state.turn} begins.", turn=state.turn)
        ctx.push(MassTurn())
        return False


@dataclass(slots=True)
class MassTurn(TurnFrame):
    kind = "mass_turn"

    def phase_frame(self, state: BattleState, phase: str) -> Frame:
        if phase == "priority":
            return PriorityRoll()
        if phase == "move":
            return sides_phase(state, "move", MassHeroicOrder("move", "heroic_move"), MassActivations)
        if phase == "shoot":
            return sides_phase(state, "shoot", MassHeroicOrder("shoot", "heroic_shoot"), MassShooting)
        if phase == "fight":
            return MassFight()
        return EndPhase()

    def turn_over(self, ctx: Ctx) -> None:
        """§4 End: the stands watching a challenge are free again; after the last turn, victory
        points decide (§14)."""
        state = mass_ctx(ctx)
        for stand in state.stands.values():
            stand.watching = False
        if not check_wiped_out(ctx):
            check_turn_limit(ctx)
