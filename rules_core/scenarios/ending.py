"""How a scenario's battle ends, and the scenario rules that act in the End phase.

Without a scenario a battle ends at the start of a turn (`turn.check_start_of_turn_end`). With
one, it ends at the end of a turn: when an army is at 25% or fewer of its starting models (the
quarter rule), or, once an army is Broken, on a 1-2 on a D6 rolled at the end of each turn; and
whenever an army has no model left. The side with more Victory Points wins; equal is a draw.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..battlefield import is_engaged
from ..casualties import end_battle
from ..endings import DecidedBy, EndCode
from ..frame import Ctx
from ..geometry import BASE_CONTACT
from ..state import SIDES, BattleState, Model, Side, other, side_name
from .catalogue import spec_of
from .data import MARKER_RADIUS, Marker
from .scoring import near, reduced_to_quarter, score
from .spec import Level, ladder

GAME_ENDS_ON = 2
"""Once an army is Broken, the end-of-game D6 ends the battle on this or less."""
FORTIFY_LEVELS = (Level(1), Level(2, sole=True))
FORTIFY_RADIUS = 3.0


def end_of_turn(ctx: Ctx) -> bool:
    """At the end of a turn: True if the scenario's battle has ended."""
    state = ctx.state
    assert state.scenario is not None
    spec = spec_of(state.scenario.key)
    wiped = [s for s in SIDES if not state.army_models(s)]
    if wiped:
        finish(ctx, "wiped_out", wiped)
        return True
    if spec.end == "quarter":
        low = [s for s in SIDES if reduced_to_quarter(state, s)]
        if low:
            finish(ctx, "routed", low)
            return True
        return False
    broken = [s for s in SIDES if state.armies[s].broken]
    if not broken:
        return False
    names = " and ".join(state.armies[s].name for s in broken)
    face = ctx.dice.d6("game_end", "referee")
    if face <= GAME_ENDS_ON:
        ctx.log(
            "game_end_roll",
            f"End-of-game roll ({names} Broken): {face}. The battle ends.",
            faces=[face],
            ends=True,
        )
        finish(ctx, "broken_and_end_roll", broken, roll=face)
        return True
    ctx.log(
        "game_end_roll",
        f"End-of-game roll ({names} Broken): {face}. The battle goes on (it ends on 1-{GAME_ENDS_ON}).",
        faces=[face],
        ends=False,
    )
    return False


def finish(ctx: Ctx, code: EndCode, sides: Sequence[Side] = (), roll: int | None = None) -> None:
    """End a scenario's battle: reveal the secret picks, score, and name the winner: the side with
    more Victory Points, or, when a side conceded (the one `sides` names), the other."""
    state = ctx.state
    reveal(ctx)
    final = score(state)
    assert final is not None
    vp = final.totals
    winner: Side | None = (
        None if vp["good"] == vp["evil"] else ("good" if vp["good"] > vp["evil"] else "evil")
    )
    if code in ("conceded", "out_of_time"):
        winner = other(sides[0])
    ctx.log(
        "score",
        f"Victory Points: Good {vp['good']}, Evil {vp['evil']}.",
        vp=vp,
        score=final.to_dict(),
    )
    decided_by: DecidedBy = "ending" if code in ("conceded", "out_of_time") else "vp"
    end_battle(ctx, winner, code, sides, decided_by, roll, vp, final.to_dict())


def reveal(ctx: Ctx) -> None:
    """The secret picks, shown to everyone (once)."""
    scenario = ctx.state.scenario
    if scenario is None or scenario.revealed or not (scenario.picks or scenario.sealed):
        return
    scenario.revealed = True
    for side in SIDES:
        if side in scenario.sealed:
            ctx.log(
                "picks_revealed", f"{side_name(side)}'s secret picks are sealed in this record.", side=side
            )
            continue
        picks = scenario.picks.get(side)
        if picks:
            told = "; ".join(describe_pick(ctx.state, key, value) for key, value in picks.items())
            ctx.log("picks_revealed", f"{side_name(side)}'s picks: {told}.", side=side, picks=dict(picks))


def describe_pick(state: BattleState, key: str, value: str) -> str:
    model = state.models.get(value)
    piece = next((t for t in state.terrain if t.id == value), None)
    name = model.name if model else piece.name if piece else "none"
    return f"{key.replace('_', ' ')}: {name}"


# -- End phase rules ---------------------------------------------------------------------------------


def touching(model: Model, marker: Marker) -> bool:
    """In base contact with (or over) the marker."""
    return math.hypot(model.x - marker.x, model.y - marker.y) - model.radius - MARKER_RADIUS <= BASE_CONTACT


def can_destroy(state: BattleState, model: Model) -> bool:
    """A model may destroy supplies it touches unless, this turn, it cast, shot, fought, fell under
    an enemy power or was stopped moving; or it is Prone or Engaged now."""
    return not (
        model.cast
        or model.has_shot
        or model.fought
        or model.thwarted
        or model.prone
        or is_engaged(state, model)
    )


def destroy_supplies(ctx: Ctx) -> None:
    state = ctx.state
    assert state.scenario is not None
    for marker in state.scenario.live_markers():
        if marker.kind != "supply":
            continue
        raider = other(marker.owner)  # type: ignore[arg-type]
        by = next(
            (m for m in state.army_models(raider) if touching(m, marker) and can_destroy(state, m)), None
        )
        if by is None:
            continue
        marker.removed_by = raider
        state.scenario.add("supplies_destroyed", raider, 1)
        ctx.log(
            "supplies_destroyed",
            f"{by.name} destroys {side_name(marker.owner)}'s {marker.label}.",  # type: ignore[arg-type]
            marker=marker.id,
            model=by.id,
            side=raider,
        )


def fortify(ctx: Ctx) -> None:
    """Stake a Claim: each marker earns Fortification Points to the side that holds it."""
    state = ctx.state
    assert state.scenario is not None
    gained = dict.fromkeys(SIDES, 0)
    for marker in state.scenario.live_markers():
        counts = {side: near(state, marker, FORTIFY_RADIUS, side) for side in SIDES}
        for side in SIDES:
            gained[side] += ladder(counts[side], counts[other(side)], FORTIFY_LEVELS)
    for side in SIDES:
        state.scenario.add("fortification", side, gained[side])
    totals = {side: state.scenario.count("fortification", side) for side in SIDES}
    ctx.log(
        "fortification",
        f"Fortification Points: Good +{gained['good']} ({totals['good']} in all), "
        f"Evil +{gained['evil']} ({totals['evil']} in all).",
        gained=gained,
        totals=totals,
    )


def control_markers(ctx: Ctx) -> None:
    """Capture & Control: a marker touched by one side's models only becomes theirs and stays
    theirs when they leave; touched by both, nobody's."""
    state = ctx.state
    assert state.scenario is not None
    for marker in state.scenario.live_markers():
        there = [s for s in SIDES if any(touching(m, marker) for m in state.army_models(s))]
        controller = there[0] if len(there) == 1 else ("" if there else marker.controller)
        if controller == marker.controller:
            continue
        marker.controller = controller
        text = (
            f"{side_name(controller)} takes control of the {marker.label}."  # type: ignore[arg-type]
            if controller
            else f"The {marker.label} is contested: nobody controls it."
        )
        ctx.log("marker_control", text, marker=marker.id, side=controller)


END_PHASE_RULES: dict[str, Callable[[Ctx], None]] = {
    "destroy_supplies": destroy_supplies,
    "fortify": fortify,
    "control_markers": control_markers,
}


def end_phase_rules(ctx: Ctx) -> None:
    """The scenario's own rules that act in the End phase, in the entry's order."""
    scenario = ctx.state.scenario
    if scenario is None:
        return
    for name in spec_of(scenario.key).end_phase:
        END_PHASE_RULES[name](ctx)
