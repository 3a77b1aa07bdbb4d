"""Powers that hurt: hits, Wounds, blasts, broken wargear."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..battlefield import combat_of
from ..characteristics import strength
from ..frame import Action, Ctx, Frame, Option, Pending
from ..geometry import point_segment_distance
from ..movement import knock_prone, push_away
from ..state import BattleState, Model, Side, side_name
from ..terrain import of_kind
from ..wargear import kit_of, unarmed, without
from ..wounds import ToWound, Wounding, part_name
from .casting import shielded
from .registry import Cast, PowerSpec, not_modelled, register


def hit(
    ctx: Ctx, caster: Model, models: list[Model], strength_of: int, why: str, direct: bool = True
) -> None:
    """One hit of `strength_of` on each model, resolved in the order given."""
    for model in reversed(models):
        ctx.push(ToWound(caster.id, model.id, strength_of, why=why, direct=direct))


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


def _wound_as_in_combat(ctx: Ctx, cast: Cast, d3: bool = False) -> None:
    """Banishment and Chill Soul: a Wound with no To Wound roll (Fate may still prevent it)."""
    assert cast.target is not None
    many = "D3 Wounds" if d3 else "a Wound"
    ctx.log(
        "power",
        f"{part_name(cast.target, cast.part)} suffers {many} from {cast.name}, as if wounded in combat.",
        model=cast.target.id,
    )
    ctx.push(Wounding(cast.target.id, cast.caster.id, d3=d3, part=cast.part, why=cast.name))


def _spirit(model: Model, part: str) -> bool:
    profile = model.mount.profile if part == "mount" and model.mount is not None else model.profile
    return "Spirit" in profile.keywords


def _banishment(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    if not _spirit(cast.target, cast.part):
        ctx.log(
            "power", f"{part_name(cast.target, cast.part)} is not a Spirit: Banishment has no effect on it."
        )
        return
    _wound_as_in_combat(ctx, cast, d3=cast.channelled)


BANISHMENT = register(
    PowerSpec(
        "banishment",
        "Banishment",
        "instant",
        "enemy",
        _banishment,
        "The target suffers D3 Wounds rather than 1.",
        mount_choice=True,
        can_target=lambda state, caster, target: (
            None
            if _spirit(target, "rider") or _spirit(target, "mount")
            else f"{target.name} is not a Spirit: Banishment affects only Spirit models."
        ),
    )
)

CHILL_SOUL = register(
    PowerSpec(
        "chill_soul",
        "Chill Soul",
        "instant",
        "enemy",
        _wound_as_in_combat,
        'The range of this Magical Power is increased by 6".',
        mount_choice=True,
        channelled_range_bonus=6.0,
    )
)

ROCKY_TERRAIN = ("ruin", "stone", "cave", "rocky")
"""The tags of a place where a Wizard could crack rocks (`docs/rules/terrain.md` §17)."""
COLLAPSE_ROCKS_REACH = 2.0


def _collapse_rocks(ctx: Ctx, cast: Cast) -> None:
    target = cast.target
    assert target is not None
    struck = [target]
    if cast.channelled:
        struck += [
            m
            for m in ctx.state.models.values()
            if m.on_board and m.id != target.id and target.distance_to(m) <= COLLAPSE_ROCKS_REACH + 1e-9
        ]
    names = ", ".join(m.name for m in struck)
    ctx.log("power", f"Rocks fall on {names}.", models=[m.id for m in struck])
    hit(ctx, cast.caster, struck, 5, cast.name)


COLLAPSE_ROCKS = register(
    PowerSpec(
        "collapse_rocks",
        "Collapse Rocks",
        "instant",
        "enemy",
        _collapse_rocks,
        'All models (friend and foe) within 2" of the target also suffer one Strength 5 hit.',
        can_target=lambda state, caster, target: (
            None
            if of_kind(state, target, ROCKY_TERRAIN)
            else f"{target.name} is not in a ruin, building of stone, cave or rocks: no rocks to collapse."
        ),
    )
)


def _flameburst(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    if cast.channelled:
        not_modelled(
            ctx, f"the Set Ablaze special rule on {cast.target.name}, which channelled Flameburst gives"
        )
        return
    hit(ctx, cast.caster, [cast.target], 6, cast.name)


FLAMEBURST = register(
    PowerSpec(
        "flameburst",
        "Flameburst",
        "instant",
        "enemy",
        _flameburst,
        "The target instead suffers the effects of the Set Ablaze special rule.",
    )
)

BLAST_STRENGTH = {False: (5, 3), True: (6, 4)}
"""Sorcerous Blast's hits (on the target, on the model it is blasted into), normal and channelled.
Our text gives only the channelled ones ("instead Strength 6 ... instead Strength 4"); the normal
ones it replaces are the published rule's."""
BLAST_TOPPLES = 5
"""A model the target is blasted into is knocked Prone if its Strength is this or less."""


def _sorcerous_blast(ctx: Ctx, cast: Cast) -> None:
    caster, target = cast.caster, cast.target
    assert target is not None
    distance = ctx.dice.d6("sorcerous_blast", caster.id)
    moved = push_away(ctx, target, caster, distance, "is blasted")
    knock_prone(ctx, target)
    first, others = BLAST_STRENGTH[cast.channelled]
    victim = moved.blocker
    if victim is not None:
        if strength(ctx.state, victim) <= BLAST_TOPPLES:
            knock_prone(ctx, victim)
        hit(ctx, caster, [victim], others, cast.name, direct=False)
    hit(ctx, caster, [target], first, cast.name)


SORCEROUS_BLAST = register(
    PowerSpec(
        "sorcerous_blast",
        "Sorcerous Blast",
        "instant",
        "enemy",
        _sorcerous_blast,
        "The initial hit is instead Strength 6 and every other model suffers instead one Strength 4 hit.",
    )
)

CALL_WINDS_CLEARANCE = 1.0


def _call_winds(ctx: Ctx, cast: Cast) -> None:
    caster, target = cast.caster, cast.target
    assert target is not None
    fighting = [m for m in combat_of(ctx.state, target) if m.id != target.id]
    distance = sum(ctx.dice.roll(2 if cast.channelled else 1, "call_winds", caster.id))
    push_away(ctx, target, caster, distance, "is blown", keep_clear=CALL_WINDS_CLEARANCE)
    for model in [target, *fighting]:
        knock_prone(ctx, model)


CALL_WINDS = register(
    PowerSpec(
        "call_winds", "Call Winds", "instant", "enemy", _call_winds, 'The target is instead blown 2D6" away.'
    )
)

TREMOR_STRENGTH = 6
"""Our text draws Tremor's line but says nothing of what it does to the models under it: they are
knocked Prone and suffer this hit, as in the published rule (with the models in their combats)."""
TREMOR_LINE_HALF_WIDTH = 0.5 / 25.4


def _tremor(ctx: Ctx, cast: Cast) -> None:
    caster, target = cast.caster, cast.target
    assert target is not None
    length = sum(ctx.dice.roll(2 if cast.channelled else 1, "tremor", caster.id))
    gap = math.dist(caster.pos, target.pos) or 1.0
    ux, uy = (target.x - caster.x) / gap, (target.y - caster.y) / gap
    start = (target.x + ux * target.radius, target.y + uy * target.radius)
    end = (start[0] + ux * length, start[1] + uy * length)
    under = [target]
    for m in ctx.state.models.values():
        if not m.on_board or m.id == target.id:
            continue
        if point_segment_distance(m.pos, start, end) > m.radius + TREMOR_LINE_HALF_WIDTH:
            continue
        shield = shielded(ctx.state, caster, m)  # the power targets each model under its line
        if shield is None:
            under.append(m)
        else:
            ctx.log("power", shield, model=m.id)
    struck = list({m.id: m for m in under + [f for m in under for f in combat_of(ctx.state, m)]}.values())
    ctx.log(
        "power",
        f'A crack runs {length}" from {target.name} directly away from {caster.name}: '
        f"{', '.join(m.name for m in struck)} {'is' if len(struck) == 1 else 'are'} caught.",
        models=[m.id for m in struck],
        line=[list(start), list(end)],
    )
    throw_down(ctx, cast, struck, lambda model: TREMOR_STRENGTH)


def throw_down(
    ctx: Ctx, cast: Cast, models: list[Model], strength_of: Callable[[Model], int] | None = None
) -> None:
    """Knock models Prone (a rider is Knocked Flying, once the power is done), then hit each with
    `strength_of(model)` if given."""
    for model in models:
        knock_prone(ctx, model)
    if strength_of is not None:
        for model in reversed(models):
            ctx.push(ToWound(cast.caster.id, model.id, strength_of(model), why=cast.name))


TREMOR = register(
    PowerSpec("tremor", "Tremor", "instant", "enemy", _tremor, 'The line instead extends out 2D6".')
)


def wargear_of(model: Model) -> list[str]:
    """What a model carries that a power can destroy: its wargear and its missile weapon."""
    items = [
        i for i in dict.fromkeys([*model.profile.wargear, *model.profile.bought]) if i.lower() != "unarmed"
    ]
    missile = model.profile.missile
    if missile is not None and missile.name.lower() not in (i.lower() for i in items):
        items.append(missile.name)
    return items


def destroy_wargear(ctx: Ctx, model: Model, item: str, power: str) -> None:
    # A new profile, never a change to the old: states share profiles (see engine._copy).
    profile = model.profile
    model.profile = without(profile, item)
    ctx.log("wargear_destroyed", f"{power} destroys {model.name}'s {item}.", model=model.id, item=item)
    if unarmed(model) and not kit_of(profile).unarmed:
        ctx.log("power", f"{model.name} has lost every weapon it had and fights Unarmed.", model=model.id)
    if profile.missile is not None and profile.missile.name.lower() == item.lower():
        model.profile = replace(model.profile, missile=None)
        ctx.log("power", f"{model.name} can no longer shoot.", model=model.id)
    not_modelled(ctx, f"the loss of any special rules that came with {model.name}'s {item}")


@dataclass(slots=True)
class ShatterChoice(Frame):
    """Shatter: the caster's player picks the piece of the target's wargear it destroys (no
    question when it carries one piece or none)."""

    kind = "shatter_choice"
    caster: str
    target: str

    def step(self, ctx: Ctx) -> bool:
        target = ctx.state.model(self.target)
        items = wargear_of(target)
        if target.on_board and len(items) > 1:
            return True
        ctx.pop(self)
        if not target.on_board:
            return False
        if items:
            destroy_wargear(ctx, target, items[0], "Shatter")
        else:
            ctx.log("power", f"{target.name} carries no wargear: Shatter has nothing to destroy.")
        return False

    def pending(self, state: BattleState) -> Pending:
        caster, target = state.model(self.caster), state.model(self.target)
        return Pending(
            caster.side,
            "choose_wargear",
            f"{side_name(caster.side)} picks which of {target.name}'s wargear Shatter destroys",
            {"model": target.id},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        return [
            Action("shatter", f"Destroy {item}", {"type": "shatter", "item": item})
            for item in wargear_of(state.model(self.target))
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        ctx.pop(self)
        destroy_wargear(ctx, ctx.state.model(self.target), command["item"], "Shatter")


def _shatter(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    if cast.channelled:
        hit(ctx, cast.caster, [cast.target], 6, cast.name)
    ctx.push(ShatterChoice(cast.caster.id, cast.target.id))


SHATTER = register(
    PowerSpec(
        "shatter",
        "Shatter",
        "instant",
        "enemy",
        _shatter,
        "The target additionally suffers one Strength 6 hit.",
    )
)


def staff_of(model: Model) -> str | None:
    return next((item for item in model.profile.wargear if "staff" in item.lower()), None)


def _your_staff_is_broken(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    staff = staff_of(cast.target)
    if staff is None:
        return
    destroy_wargear(ctx, cast.target, staff, cast.name)
    if cast.channelled:
        hit(ctx, cast.caster, [cast.target], 7, cast.name)


YOUR_STAFF_IS_BROKEN = register(
    PowerSpec(
        "your_staff_is_broken",
        "Your Staff is Broken",
        "instant",
        "enemy",
        _your_staff_is_broken,
        "The target additionally suffers a Strength 7 hit.",
        can_target=lambda state, caster, target: None if staff_of(target) else f"{target.name} has no staff.",
    )
)
