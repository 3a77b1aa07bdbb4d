"""Powers that surround their caster: courage, terror, fury."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .registry import Cast, PowerSpec, add_effect, register

if TYPE_CHECKING:
    from ..engine import Ctx


def _aura_of_command(ctx: Ctx, cast: Cast) -> None:
    add_effect(ctx, cast, AURA_OF_COMMAND, None)
    reach = 12 if cast.channelled else 6
    ctx.log(
        "power", f'{cast.caster.name} and friends within {reach}" pass every Courage test while it lasts.'
    )


AURA_OF_COMMAND = register(
    PowerSpec(
        "aura_of_command",
        "Aura of Command",
        "exhaustion",
        "self",
        _aura_of_command,
        'The range of this power is increased to 12".',
    )
)
