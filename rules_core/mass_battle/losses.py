"""Stands and heroes leaving the battle (§6.6, §8.7, §8.8, §13), and how a mass battle ends (§14):
a side wiped out, Broken, down to 25%, or the turn limit and victory points."""

from __future__ import annotations

from typing import Any, Literal

from ..casualties import end_battle, end_effects_of
from ..endings import EndCode
from ..frame import Ctx
from ..state import SIDES, Model, Side, other
from .army import is_broken, is_routed, victory_points
from .state import NOWHERE, MassState, Stand, mass_ctx


def lose_hero(
    ctx: Ctx,
    hero: Model,
    reason: str,
    how: Literal["slain", "fled"] = "slain",
    event: str = "hero_lost",
    **data: Any,
) -> None:
    """A hero is lost (no Fate: the callers that allow it ask first). A Monster hero takes his
    stand with him (§2.3)."""
    state = mass_ctx(ctx)
    if not hero.on_board:
        return
    info = state.heroes[hero.id]
    carrier = state.stand_of(hero)
    hero.status = "casualty" if how == "slain" else "fled"
    info.lost = reason
    where = {"stand": carrier.id} if carrier is not None else {"at": [hero.x, hero.y]}
    ctx.log(
        event, f"{hero.name} is lost: {reason}.", hero=hero.id, side=hero.side, reason=reason, **where, **data
    )
    end_effects_of(ctx, hero.id, hero.name)
    if info.monster and carrier is not None and carrier.on_board:
        destroy_stand(ctx, carrier, f"{hero.name}, the Monster it is, is lost")


def destroy_stand(ctx: Ctx, stand: Stand, reason: str) -> list[Model]:
    """Remove a destroyed stand; return the heroes still attached, who must escape or be lost
    (§8.8). A Monster hero's stand takes him with it, with no escape."""
    state = mass_ctx(ctx)
    stand.status = "destroyed"
    ctx.log(
        "stand_destroyed",
        f"{stand.name} is destroyed: {reason}.",
        stand=stand.id,
        side=stand.side,
        reason=reason,
        footprint=[stand.x, stand.y, stand.facing],
    )
    end_effects_of(ctx, stand.id, stand.name)
    aboard = state.attached(stand.id)
    if stand.monster is not None:
        monster = state.models[stand.monster]
        lose_hero(ctx, monster, f"his stand of one, {stand.name}, is destroyed")
        return [h for h in aboard if h.id != monster.id]
    return aboard


def flee_stand(ctx: Ctx, stand: Stand) -> None:
    """§13: a stand that fails its Broken test flees, and its heroes with it (Fate cannot help)."""
    state = mass_ctx(ctx)
    aboard = state.attached(stand.id)
    stand.status = "fled"
    ctx.log("stand_fled", f"{stand.name} flees the battle.", stand=stand.id, side=stand.side)
    end_effects_of(ctx, stand.id, stand.name)
    for hero in aboard:
        lose_hero(ctx, hero, f"he flees with {stand.name}", how="fled")


def place_loose(hero: Model, at: tuple[float, float] | None) -> None:
    """Put a hero on the board at `at`, or take him off it (attached) with None."""
    hero.x, hero.y = at if at is not None else (NOWHERE, NOWHERE)


def gone(state: MassState, side: Side) -> bool:
    """§14: a side with no stands and no heroes left."""
    return not state.army_stands(side) and not any(
        m.on_board and m.side == side for m in state.models.values()
    )


def scores(state: MassState) -> dict[str, int]:
    """§14, each side's victory points: what its enemy has lost."""
    result: dict[str, int] = {}
    for side in SIDES:
        enemy = other(side)
        stands = [s.points for s in state.stands.values() if s.side == enemy and not s.on_board]
        heroes = [
            h.duel_points
            for h in state.heroes.values()
            if state.models[h.id].side == enemy and not state.models[h.id].on_board
        ]
        general = next(
            (
                h.duel_points
                for h in state.heroes.values()
                if h.general and state.models[h.id].side == enemy and not state.models[h.id].on_board
            ),
            None,
        )
        result[side] = victory_points(stands, heroes, general)
    return result


def finish(ctx: Ctx, code: EndCode, sides: list[Side]) -> None:
    """End the battle for an ending that names `sides` (they lose; both: a draw), with each
    side's victory points."""
    end_battle(ctx, other(sides[0]) if len(sides) == 1 else None, code, sides, vp=scores(mass_ctx(ctx)))


def check_wiped_out(ctx: Ctx) -> bool:
    state = mass_ctx(ctx)
    out = [s for s in SIDES if gone(state, s)]
    if out:
        finish(ctx, "wiped_out", out)
    return bool(out)


def check_broken(ctx: Ctx) -> None:
    """§13: at the start of a turn, a side whose losses exceed half its starting strength is
    Broken for the rest of the battle."""
    state = mass_ctx(ctx)
    for side in SIDES:
        army = state.armies[side]
        losses = state.losses(side)
        if not army.broken and is_broken(losses, army.starting_models):
            army.broken = True
            ctx.log(
                "army_broken",
                f"{army.name} is Broken: {losses} lost of a starting strength of {army.starting_models}.",
                side=side,
                losses=losses,
                strength=army.starting_models,
            )


def check_routed(ctx: Ctx) -> bool:
    """§14: at the start of a turn, a side down to 25% or less of its starting strength has lost."""
    state = mass_ctx(ctx)
    routed = [s for s in SIDES if is_routed(state.losses(s), state.armies[s].starting_models)]
    if routed:
        finish(ctx, "routed", routed)
    return bool(routed)


def check_turn_limit(ctx: Ctx) -> bool:
    """§14: at the end of the last turn, more victory points wins; equal is a draw."""
    state = mass_ctx(ctx)
    if not state.max_turns or state.turn < state.max_turns:
        return False
    vp = scores(state)
    winner: Side | None = (
        None if vp["good"] == vp["evil"] else ("good" if vp["good"] > vp["evil"] else "evil")
    )
    end_battle(ctx, winner, "turn_limit", decided_by="vp", vp=vp)
    return True
