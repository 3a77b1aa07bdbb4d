"""Powers that surround their caster: courage, terror, fury."""

from __future__ import annotations

from ..effects import Lasting
from ..frame import Ctx
from .registry import NO_CHANNELLED_FORM, Cast, PowerSpec, add_effect, register

AURA_REACH = (6.0, 12.0)
"""How far an aura reaches its caster's friends, normal and channelled."""
FOG_REACH = 6.0
"""Fog of Disarray: how far from its caster enemies take -1 on Intelligence tests."""
FURY_RANGE = 6.0
FURY_WARD = 6
"""Channelled Fury: the D6 score that ignores a Wound."""


def _aura_of_command(ctx: Ctx, cast: Cast) -> None:
    reach = AURA_REACH[cast.channelled]
    note = f'{cast.caster.name} and friends within {reach:g}" pass every Courage test while it lasts.'
    add_effect(ctx, cast, AURA_OF_COMMAND, None, note=note)


AURA_OF_COMMAND = register(
    PowerSpec(
        "aura_of_command",
        "Aura of Command",
        "exhaustion",
        "self",
        _aura_of_command,
        'The range of this power is increased to 12".',
        lasting=Lasting(reach=AURA_REACH, passes_courage=True),
    )
)


def _aura_of_dismay(ctx: Ctx, cast: Cast) -> None:
    reach = AURA_REACH[cast.channelled]
    note = f'{cast.caster.name} and friends within {reach:g}" cause Terror while it lasts.'
    add_effect(ctx, cast, AURA_OF_DISMAY, None, note=note)


AURA_OF_DISMAY = register(
    PowerSpec(
        "aura_of_dismay",
        "Aura of Dismay",
        "exhaustion",
        "self",
        _aura_of_dismay,
        'The range of this power is increased to 12".',
        lasting=Lasting(reach=AURA_REACH, causes_terror=True),
    )
)


def _fog_of_disarray(ctx: Ctx, cast: Cast) -> None:
    note = f'Enemies within {FOG_REACH:g}" of {cast.caster.name} take -1 on every Intelligence test while it lasts.'
    add_effect(ctx, cast, FOG_OF_DISARRAY, None, note=note)


FOG_OF_DISARRAY = register(
    PowerSpec(
        "fog_of_disarray",
        "Fog of Disarray",
        "exhaustion",
        "self",
        _fog_of_disarray,
        NO_CHANNELLED_FORM,
        lasting=Lasting(foes_intelligence_penalty=1, foes_reach=FOG_REACH),
    )
)


def _terrifying_aura(ctx: Ctx, cast: Cast) -> None:
    extra = (
        "; a model wishing to charge them takes its Courage test on 3D6, dropping the highest"
        if cast.channelled
        else ""
    )
    add_effect(
        ctx, cast, TERRIFYING_AURA, None, note=f"{cast.caster.name} causes Terror while it lasts{extra}."
    )


TERRIFYING_AURA = register(
    PowerSpec(
        "terrifying_aura",
        "Terrifying Aura",
        "exhaustion",
        "self",
        _terrifying_aura,
        "Models wishing to Charge the caster take their Courage test on 3D6, discarding the highest dice.",
        lasting=Lasting(causes_terror=True, terror_on_three_dice_when_channelled=True),
    )
)


def _fury(ctx: Ctx, cast: Cast) -> None:
    names = ", ".join(m.name for m in cast.targets) or "no one"
    ward = (
        f'; a Wound they suffer within {FURY_RANGE:g}" of a friend who cast Fury is ignored on a {FURY_WARD}'
        if cast.channelled
        else ""
    )
    note = f"{cast.name}: {names} pass every Courage test while it lasts{ward}."
    add_effect(ctx, cast, FURY, cast.targets, note=note)


FURY = register(
    PowerSpec(
        "fury",
        "Fury",
        "exhaustion",
        "friends_in_range",
        _fury,
        "Each time a target suffers a Wound within range of a friendly model that cast Fury, "
        "a 6 on a D6 ignores it.",
        area=FURY_RANGE,
        lasting=Lasting(passes_courage=True, ward=(0, FURY_WARD), ward_reach=FURY_RANGE),
    )
)
