"""Powers that hinder enemies: holding them, sapping them, throwing them down."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..wounds import ToWound
from .registry import Cast, PowerSpec, add_effect, register

if TYPE_CHECKING:
    from ..engine import Ctx


def _immobilise(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    add_effect(ctx, cast, IMMOBILISE, cast.target)
    halved = ", and its Fight and Attacks are halved" if cast.channelled else ""
    ctx.log(
        "power",
        f"{cast.target.name} may not move, shoot, cast, declare Heroic Actions, call Stand Fast or Strike "
        f"until the End phase{halved}.",
    )


IMMOBILISE = register(
    PowerSpec(
        "immobilise",
        "Immobilise/Transfix",
        "temporary",
        "enemy",
        _immobilise,
        "The target also halves its Fight and Attacks (rounding up).",
    )
)


def _natures_wrath(ctx: Ctx, cast: Cast) -> None:
    for model in cast.targets:
        model.prone = True
        ctx.log("prone", f"{model.name} is knocked Prone.", model=model.id)
    if cast.channelled:
        for model in reversed(cast.targets):
            ctx.push(ToWound(cast.caster.id, model.id, 2, why="Nature's Wrath", direct=True))


NATURES_WRATH = register(
    PowerSpec(
        "natures_wrath",
        "Nature's Wrath",
        "instant",
        "enemies_in_range",
        _natures_wrath,
        "All enemy models also suffer one Strength 2 hit after being knocked Prone.",
        area=6.0,
    )
)
