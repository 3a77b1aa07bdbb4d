"""Powers that help friends: Will, Wounds, Fate, blades, protection."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..might import regain
from .registry import Cast, PowerSpec, add_effect, register

if TYPE_CHECKING:
    from ..engine import Ctx


def _strengthen_will(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    amount = ctx.dice.d3("strengthen_will", cast.caster.id) if cast.channelled else 1
    regain(ctx, cast.target, "will", amount, "from Strengthen Will", above_start=True)


STRENGTHEN_WILL = register(
    PowerSpec(
        "strengthen_will",
        "Strengthen Will",
        "instant",
        "friend",
        _strengthen_will,
        "The target receives D3 Will points instead of 1.",
        can_target=lambda state, caster, target: None if target.is_hero else f"{target.name} is not a Hero.",
    )
)


def _fortify_spirit(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    add_effect(ctx, cast, FORTIFY_SPIRIT, cast.target)
    extra = " and 1 added to the highest" if cast.channelled else ""
    ctx.log("power", f"{cast.target.name} rolls two extra Resist dice{extra} while Fortify Spirit lasts.")


FORTIFY_SPIRIT = register(
    PowerSpec(
        "fortify_spirit",
        "Fortify Spirit",
        "exhaustion",
        "self_or_friend",
        _fortify_spirit,
        "The target also adds 1 to their highest dice score when resisting magic.",
    )
)
