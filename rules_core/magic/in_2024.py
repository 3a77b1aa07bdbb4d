"""The Magical Powers as the 2024 rules give them, for a battle played with the 2024 powers.

Each entry replaces the power of magical-powers.md with the same name (`register(...,
in_2024_for=...)`), only in such a battle (`spec_for(name, state)`); none has a channelled form
(magical-powers-2024.md §0.2). What the referee does not apply of the 2024 changes is listed in
`registry.NOT_REFEREED_2024` and said on every screen of the battle.
"""

from __future__ import annotations

from ..battlefield import combat_of
from ..characteristics import strength
from ..effects import Lasting
from ..frame import Ctx
from ..movement import knock_prone, push_away
from ..state import BattleState, Effect, Model
from ..terrain import of_kind
from ..wounds import ToWound, Wounding, mount_slain, part_name, slay
from .aid import recover
from .harm import ROCKY_TERRAIN, throw_down
from .hinder import WATER_TERRAIN, part_of, worsen
from .registry import NO_CHANNELLED_FORM, Cast, PowerSpec, add_effect, not_modelled, register

AURA_REACH = 6.0
"""Instil Fear and Aura of Dismay: how far from the caster enemies are affected."""
BLACK_DART_STRENGTH = 6
COLLAPSE_ROCKS_STRENGTH = 7
CALL_WINDS_MORE = 3
"""Call Winds blows its target D3 plus this many inches."""
BLAST_STRENGTH = 5
BLAST_TOPPLES = 5
"""Sorcerous Blast knocks Prone every other model in its target's combat of this Strength or less."""
COURAGE_WORST = 10
"""Drain Courage never makes a Courage test need more than 10+."""
BRUINEN_STRENGTH = (2, 8)
"""Wrath of Bruinen's hit, out of water and in it."""


def _black_dart(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    ctx.push(ToWound(cast.caster.id, cast.target.id, BLACK_DART_STRENGTH, why=cast.name, part=cast.part))


register(
    PowerSpec(
        "black_dart_2024",
        "Black Dart",
        "instant",
        "enemy",
        _black_dart,
        NO_CHANNELLED_FORM,
        mount_choice=True,
    ),
    in_2024_for="black_dart",
)


def _collapse_rocks(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    ctx.log("power", f"Rocks fall on {cast.target.name}.", models=[cast.target.id])
    throw_down(ctx, cast, [cast.target], lambda model: COLLAPSE_ROCKS_STRENGTH)


def _rocky(state: BattleState, caster: Model, target: Model) -> str | None:
    if of_kind(state, target, ROCKY_TERRAIN):
        return None
    return f"{target.name} is not in a ruin, building of stone, cave or rocks: no rocks to collapse."


register(
    PowerSpec(
        "collapse_rocks_2024",
        "Collapse Rocks",
        "instant",
        "enemy",
        _collapse_rocks,
        NO_CHANNELLED_FORM,
        can_target=_rocky,
    ),
    in_2024_for="collapse_rocks",
)


def _call_winds(ctx: Ctx, cast: Cast) -> None:
    caster, target = cast.caster, cast.target
    assert target is not None
    distance = ctx.dice.d3("call_winds", caster.id) + CALL_WINDS_MORE
    push_away(ctx, target, caster, distance, "is blown")
    knock_prone(ctx, target)


register(
    PowerSpec("call_winds_2024", "Call Winds", "instant", "enemy", _call_winds, NO_CHANNELLED_FORM),
    in_2024_for="call_winds",
)


def _sorcerous_blast(ctx: Ctx, cast: Cast) -> None:
    target = cast.target
    assert target is not None
    others = [m for m in combat_of(ctx.state, target) if m.id != target.id]
    toppled = [m for m in others if strength(ctx.state, m) <= BLAST_TOPPLES]
    throw_down(ctx, cast, toppled)
    throw_down(ctx, cast, [target], lambda model: BLAST_STRENGTH)


register(
    PowerSpec(
        "sorcerous_blast_2024", "Sorcerous Blast", "instant", "enemy", _sorcerous_blast, NO_CHANNELLED_FORM
    ),
    in_2024_for="sorcerous_blast",
)


def _wither(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    holder = part_of(cast)
    if holder.profile.strength + holder.stat_mods.get("strength", 0) > 1:
        worsen(ctx, cast, "strength", 1)
        return
    ctx.log(
        "power",
        f"{part_name(cast.target, cast.part)}'s Strength falls to 0: it is slain.",
        model=cast.target.id,
    )
    if holder is cast.target:
        slay(ctx, cast.target, by=cast.caster, means=cast.name)
    else:
        mount_slain(ctx, cast.target)


register(
    PowerSpec("wither_2024", "Wither", "instant", "enemy", _wither, NO_CHANNELLED_FORM, mount_choice=True),
    in_2024_for="wither",
)


def _drain_courage(ctx: Ctx, cast: Cast) -> None:
    worsen(ctx, cast, "courage", 1, limit=(1, COURAGE_WORST))


register(
    PowerSpec(
        "drain_courage_2024",
        "Drain Courage",
        "instant",
        "enemy",
        _drain_courage,
        NO_CHANNELLED_FORM,
        mount_choice=True,
    ),
    in_2024_for="drain_courage",
)


def _fortify_spirit(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    note = f"{cast.target.name} rolls one extra Resist die while Fortify Spirit lasts."
    add_effect(ctx, cast, FORTIFY_SPIRIT, cast.target, note=note)


FORTIFY_SPIRIT = register(
    PowerSpec(
        "fortify_spirit_2024",
        "Fortify Spirit",
        "exhaustion",
        "self_or_friend",
        _fortify_spirit,
        NO_CHANNELLED_FORM,
        lasting=Lasting(free_resist_dice=1),
    ),
    in_2024_for="fortify_spirit",
)


def _strengthen_will(ctx: Ctx, cast: Cast) -> None:
    recover(ctx, cast, "will", 1)


register(
    PowerSpec(
        "strengthen_will_2024",
        "Strengthen Will",
        "instant",
        "friend",
        _strengthen_will,
        NO_CHANNELLED_FORM,
        mount_choice=True,
        can_target=lambda state, caster, target: None if target.is_hero else f"{target.name} is not a Hero.",
    ),
    in_2024_for="strengthen_will",
)


def _panic_steed(ctx: Ctx, cast: Cast) -> None:
    model = cast.target
    assert model is not None and model.mount is not None
    mount_slain(ctx, model, "flees in panic and is removed", flying=True)


register(
    PowerSpec(
        "panic_steed_2024",
        "Panic Steed",
        "instant",
        "enemy",
        _panic_steed,
        NO_CHANNELLED_FORM,
        can_target=lambda state, caster, target: (
            None
            if target.mount is not None
            else f"{target.name} is not Cavalry: Panic Steed targets only Cavalry."
        ),
    ),
    in_2024_for="panic_steed",
)


def _natures_wrath(ctx: Ctx, cast: Cast) -> None:
    throw_down(ctx, cast, cast.targets)


register(
    # no `area`: every enemy within the profile's range, seen or not
    PowerSpec(
        "natures_wrath_2024",
        "Nature's Wrath",
        "instant",
        "enemies_in_range",
        _natures_wrath,
        NO_CHANNELLED_FORM,
    ),
    in_2024_for="natures_wrath",
)


def _wrath_of_bruinen(ctx: Ctx, cast: Cast) -> None:
    def hit(model: Model) -> int:
        return BRUINEN_STRENGTH[of_kind(ctx.state, model, WATER_TERRAIN) is not None]

    throw_down(ctx, cast, cast.targets, hit)


register(
    PowerSpec(
        "wrath_of_bruinen_2024",
        "Wrath of Bruinen",
        "instant",
        "enemies_in_range",
        _wrath_of_bruinen,
        NO_CHANNELLED_FORM,
    ),
    in_2024_for="wrath_of_bruinen",
)


def _instil_fear(ctx: Ctx, cast: Cast) -> None:
    note = f'Enemies within {AURA_REACH:g}" of {cast.caster.name} are Fearful until the End phase.'
    add_effect(ctx, cast, INSTIL_FEAR, None, note=note)


INSTIL_FEAR = register(
    PowerSpec(
        "instil_fear_2024",
        "Instil Fear",
        "temporary",
        "self",
        _instil_fear,
        NO_CHANNELLED_FORM,
        lasting=Lasting(foes_fearful=True, foes_reach=AURA_REACH),
    ),
    in_2024_for="instill_fear",
)


def _aura_of_dismay(ctx: Ctx, cast: Cast) -> None:
    note = (
        f'Enemies within {AURA_REACH:g}" of {cast.caster.name} take -1 on their Courage tests while it lasts.'
    )
    add_effect(ctx, cast, AURA_OF_DISMAY, None, note=note)


AURA_OF_DISMAY = register(
    PowerSpec(
        "aura_of_dismay_2024",
        "Aura of Dismay",
        "exhaustion",
        "self",
        _aura_of_dismay,
        NO_CHANNELLED_FORM,
        lasting=Lasting(foes_courage_penalty=1, foes_reach=AURA_REACH),
    ),
    in_2024_for="aura_of_dismay",
)

BEAST = "Beast"
ENRAGED_BY = 2


def _enrage_beast(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    note = (
        f"{cast.target.name} is enraged: Fight, Strength and Attacks +{ENRAGED_BY} and Fearless until the "
        "End phase, when it suffers a Wound."
    )
    add_effect(ctx, cast, ENRAGE_BEAST, cast.target, value=ENRAGED_BY, note=note)


def _enraged_wound(ctx: Ctx, effect: Effect) -> None:
    beast = ctx.state.model(effect.target)
    ctx.log("power", f"End of {effect.label}: {beast.name} suffers a Wound.", model=beast.id)
    ctx.push(Wounding(beast.id, effect.source, why="Enrage Beast"))


ENRAGE_BEAST = register(
    PowerSpec(
        "enrage_beast_2024",
        "Enrage Beast",
        "temporary",
        "friend",
        _enrage_beast,
        NO_CHANNELLED_FORM,
        can_target=lambda state, caster, target: (
            None
            if BEAST in target.profile.keywords
            else f"Enrage Beast targets a friendly Beast; {target.name} is not one."
        ),
        at_end_phase=_enraged_wound,
        lasting=Lasting(raises_by_value=True, passes_courage=True),
    ),
    in_2024_for="enrage_beast",
)


def _protection_of_the_valar(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    note = (
        f"{cast.target.name} cannot be targeted by enemy Magical Powers, and enemy shots at it are 1 worse "
        "To Hit, until the End phase."
    )
    add_effect(ctx, cast, PROTECTION_OF_THE_VALAR, cast.target, note=note)
    not_modelled(ctx, f"enemy special rules may not target {cast.target.name} either")


PROTECTION_OF_THE_VALAR = register(
    # no `can_target`: any friend within the profile's range
    PowerSpec(
        "protection_of_the_valar_2024",
        "Protection of the Valar",
        "temporary",
        "self_or_friend",
        _protection_of_the_valar,
        NO_CHANNELLED_FORM,
        lasting=Lasting(shields_from_magic=True, shots_harder=1),
    ),
    in_2024_for="protection_of_the_valar",
)
