"""When effects in play end: with their phase, when their caster's Will runs out, or with it."""

from __future__ import annotations

from .frame import Ctx
from .state import BattleState, Effect, Model


def describe(ctx: Ctx, effect: Effect) -> str:
    target = ctx.state.models.get(effect.target)
    return f"{effect.label} on {target.name}" if target and effect.target != effect.source else effect.label


def end_effects(ctx: Ctx, until: str) -> None:
    """End every effect that lasts until the end of phase `until` ("move", "shoot", "fight", "end")."""
    ending = [e for e in ctx.state.effects if e.until == until]
    for effect in ending:
        if effect.kind not in QUIET:
            ctx.log("effect_end", f"{describe(ctx, effect)} ends.", effect=effect.kind, model=effect.target)
    ctx.state.effects = [e for e in ctx.state.effects if e.until != until]


def end_exhausted(ctx: Ctx) -> None:
    """Exhaustion effects end when their caster has no Will left."""
    state = ctx.state
    spent = [e for e in state.effects if e.until == "exhaustion" and state.model(e.source).will <= 0]
    for effect in spent:
        ctx.log(
            "effect_end", f"{describe(ctx, effect)} ends: its caster has no Will left.", effect=effect.kind
        )
    state.effects = [e for e in state.effects if e not in spent]


QUIET = ("heroic_march", "at_the_double", "heroic_strike", "heroic_defence", "take_aim")
"""Effects that end with their phase without a log line of their own (their phase ending says it)."""

FURY_RANGE = 6.0
FURY_WARD = 6
"""Channelled Fury: the D6 score that ignores a Wound."""


def fury_ward(state: BattleState, model: Model) -> bool:
    """Whether a Wound on `model` is first rolled against channelled Fury."""
    if not any(e.kind == "fury" and e.channelled and e.target == model.id for e in state.effects):
        return False
    casters = [state.model(source) for source in {e.source for e in state.effects if e.kind == "fury"}]
    return any(
        c.side == model.side and (c.id == model.id or c.distance_to(model) <= FURY_RANGE + 1e-6)
        for c in casters
    )
