"""Models leaving the battle (slain or fled), and the battle ending: an army wiped out, a concession."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .characteristics import in_challenge_with
from .effects import ends_with
from .endings import DecidedBy, EndCode, Wording, sentence
from .frame import Ctx
from .might import regain
from .special_rules import GENERAL_HUNTER, model_has
from .state import SIDES, Model, Result, Side, other, side_name
from .tally import FLED, STRIKE


def remove_casualty(
    ctx: Ctx, model: Model, how: str = "slain", by: Model | None = None, means: str = ""
) -> None:
    """Take a model off the board; what it caused ends, and a Heroic Challenge may pay out. The
    tally notes who slew it and by what `means` (a Strike, a shot, a power's name).

    A rider slain by a Wound leaves its mount behind: `wounds.slay` does that."""
    state = ctx.state
    model.status = "casualty" if how == "slain" else "fled"
    if how == "slain":
        state.tally.removed(model.id, by.id if by else "", by.side if by else "", means)
    else:
        state.tally.removed(model.id, "", "", FLED)
    if how == "slain":
        model.wounds = 0
    verb = "is slain" if how == "slain" else "flees the battle"
    ctx.log("casualty", f"{model.name} {verb}.", model=model.id, how=how)
    if by is not None and in_challenge_with(state, by, model):
        regain(ctx, by, "might", 1, f"for slaying {model.name} in a Heroic Challenge")
    if (
        by is not None
        and means == STRIKE
        and state.armies[model.side].general == model.id
        and model_has(by, GENERAL_HUNTER)
    ):
        regain(ctx, by, "might", 1, f"for slaying the enemy General, {model.name} ({GENERAL_HUNTER.name})")
    state.challenges = [c for c in state.challenges if model.id not in (c.challenger, c.target)]
    end_effects_of(ctx, model.id, model.name)


def end_effects_of(ctx: Ctx, piece: str, name: str) -> None:
    """A piece (a model, a mass battle's stand) has left the battle: what was on it goes with it,
    and what it caused ends, unless it outlives its source."""
    state = ctx.state
    ending = [e for e in state.effects if ends_with(e, piece)]
    for effect in ending:
        if effect.source == piece:
            ctx.log("effect_end", f"{effect.label} ends: {name} has left the battle.", effect=effect.kind)
    state.effects = [e for e in state.effects if e not in ending]


def end_battle(
    ctx: Ctx,
    winner: Side | None,
    code: EndCode,
    sides: Sequence[Side] = (),
    decided_by: DecidedBy = "ending",
    roll: int | None = None,
    vp: dict[str, int] | None = None,
    score: list[dict[str, Any]] | None = None,
) -> None:
    """The battle ends, for `code` (`endings.END_CODES`) naming `sides`: the result keeps the
    figures that decided it, each side's losses and the turn, and the sentence they make."""
    state = ctx.state
    wording: Wording = (
        "scenario"
        if state.scenario is not None
        else "mass_battle"
        if state.RULESET == "mass_battle"
        else "skirmish"
    )
    reason = sentence(
        code,
        wording,
        [side_name(s) for s in sides],
        [state.armies[s].name for s in sides],
        state.turn,
        state.max_turns,
        roll,
        vp,
    )
    losses: dict[str, int] = {side: state.losses(side) for side in SIDES}
    state.result = Result(
        winner,
        reason,
        vp,
        score,
        code,
        decided_by,
        sides=list(sides),
        turn=state.turn,
        losses=losses,
        roll=roll,
    )
    state.stack.clear()
    state.phase = "over"
    outcome = f"{side_name(winner)} wins" if winner else "The battle is a draw"
    ctx.log("battle_end", f"{outcome}: {reason}.", **state.result.to_record())


def check_wiped_out(ctx: Ctx) -> bool:
    """Without a scenario, a battle ends the moment an army is wiped out. A scenario's ends only at
    the end of a turn (`scenarios.ending`), so the other side plays the turn out."""
    state = ctx.state
    if state.scenario is not None:
        return False
    gone = [s for s in SIDES if not state.army_models(s)]
    if not gone:
        return False
    end_battle(ctx, other(gone[0]) if len(gone) == 1 else None, "wiped_out", gone)
    return True
