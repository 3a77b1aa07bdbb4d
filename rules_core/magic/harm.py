"""Powers that hurt: hits, Wounds, blasts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..wounds import ToWound
from .registry import Cast, PowerSpec, register

if TYPE_CHECKING:
    from ..engine import Ctx


def _black_dart(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    ctx.push(
        ToWound(
            cast.caster.id, cast.target.id, 9, why="Black Dart", d3_wounds=cast.channelled, part=cast.part
        )
    )


BLACK_DART = register(
    PowerSpec(
        "black_dart",
        "Black Dart",
        "instant",
        "enemy",
        _black_dart,
        "A wounding hit will cause D3 Wounds rather than 1.",
        mount_choice=True,
    )
)
