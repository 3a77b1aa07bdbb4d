"""Powers that help friends: Will, Wounds, Fate, blades, protection."""

from __future__ import annotations

from ..effects import Lasting
from ..frame import Ctx
from ..might import Regained, Store, regain
from ..state import BattleState, Effect, Model
from ..wounds import ToWound, part_name
from .registry import POWERS, Cast, PowerSpec, add_effect, key_of, not_modelled, register

BEASTS = ("Bat", "Warg", "Spider")
"""The keywords of the models Enrage Beast may target."""
PROTECTION_RANGE = 3.0
ENRAGED_HIT = 10
BLADEWRATH_STRENGTH = (6, 10)
BLINDING_LIGHT_REACH = 6.0


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
    extra = " and 1 added to the highest" if cast.channelled else ""
    note = f"{cast.target.name} rolls two extra Resist dice{extra} while Fortify Spirit lasts."
    add_effect(ctx, cast, FORTIFY_SPIRIT, cast.target, note=note)


FORTIFY_SPIRIT = register(
    PowerSpec(
        "fortify_spirit",
        "Fortify Spirit",
        "exhaustion",
        "self_or_friend",
        _fortify_spirit,
        "The target also adds 1 to their highest dice score when resisting magic.",
        lasting=Lasting(free_resist_dice=2, resist_bonus=(0, 1)),
    )
)


def _one_or_d3(ctx: Ctx, cast: Cast) -> int:
    """1, or a D3 in the channelled form (shown, since the starting value may cap what is regained)."""
    if not cast.channelled:
        return 1
    amount = ctx.dice.d3(key_of(cast.name), cast.caster.id)
    ctx.log("power_roll", f"{cast.name} (channelled): the D3 gives {amount}.", amount=amount)
    return amount


def recover(ctx: Ctx, cast: Cast, stat: Regained, amount: int) -> None:
    """Regain lost Wounds or spent points on the part the caster chose, never above the start."""
    assert cast.target is not None
    if not regain(ctx, cast.target, stat, amount, f"from {cast.name}", part=cast.part):
        what = "lost no Wounds" if stat == "wounds" else f"spent no {stat.capitalize()}"
        ctx.log("power", f"{part_name(cast.target, cast.part)} has {what}: {cast.name} has no effect.")


def _bladewrath(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    strength = BLADEWRATH_STRENGTH[cast.channelled]
    note = f"{cast.target.name}'s Strikes are resolved at Strength {strength} until the End phase."
    add_effect(ctx, cast, BLADEWRATH, cast.target, note=note)


BLADEWRATH = register(
    PowerSpec(
        "bladewrath",
        "Bladewrath",
        "temporary",
        "self_or_friend",
        _bladewrath,
        "All Strikes are instead resolved at Strength 10.",
        lasting=Lasting(strikes_at=BLADEWRATH_STRENGTH),
    )
)


def _blessing_of_the_valar(ctx: Ctx, cast: Cast) -> None:
    recover(ctx, cast, "fate", _one_or_d3(ctx, cast))


BLESSING_OF_THE_VALAR = register(
    PowerSpec(
        "blessing_of_the_valar",
        "Blessing of the Valar",
        "instant",
        "self_or_friend",
        _blessing_of_the_valar,
        "The target instead recovers D3 Fate.",
        mount_choice=True,
    )
)


def _enchanted_blades(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    extra = " and adds 1 to each" if cast.channelled else ""
    note = f"{cast.target.name} re-rolls failed To Wound rolls in the Fight phase{extra} until the End phase."
    add_effect(ctx, cast, ENCHANTED_BLADES, cast.target, note=note)


ENCHANTED_BLADES = register(
    PowerSpec(
        "enchanted_blades",
        "Enchanted Blades",
        "temporary",
        "self_or_friend",
        _enchanted_blades,
        "The target may also add 1 to all To Wound rolls.",
        lasting=Lasting(rerolls_to_wound=True, to_wound_bonus=(0, 1)),
    )
)


def _enrage_beast(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    bonus = 3 if cast.channelled else 2
    note = (
        f"{cast.target.name} is enraged: Fight, Attacks, Strength and Courage +{bonus} until the End phase, "
        f"when it suffers a Strength {ENRAGED_HIT} hit."
    )
    add_effect(ctx, cast, ENRAGE_BEAST, cast.target, value=bonus, note=note)


def _a_beast(state: BattleState, caster: Model, target: Model) -> str | None:
    if any(kind in target.profile.keywords for kind in BEASTS):
        return None
    if target.mount is not None and "Warg" in target.mount.profile.keywords:
        return f"{target.name} rides {target.mount.name}: Enrage Beast targets only an unridden Warg."
    return f"Enrage Beast targets only a Bat, an unridden Warg or a Spider; {target.name} is none of these."


def _enraged_beast_hit(ctx: Ctx, effect: Effect) -> None:
    beast = ctx.state.model(effect.target)
    ctx.log("power", f"End of {effect.label}: {beast.name} suffers a Strength {ENRAGED_HIT} hit.")
    ctx.push(ToWound(effect.source, beast.id, ENRAGED_HIT, why="Enrage Beast", direct=False))


ENRAGE_BEAST = register(
    PowerSpec(
        "enrage_beast",
        "Enrage Beast",
        "temporary",
        "self_or_friend",
        _enrage_beast,
        "The target's Fight, Attacks, Strength and Courage are instead increased by 3.",
        can_target=_a_beast,
        at_end_phase=_enraged_beast_hit,
        lasting=Lasting(raises_by_value=True),
    )
)


def _protection_of_the_valar(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    who = f'{cast.caster.name} and every friend within 3" of them' if cast.channelled else cast.target.name
    note = f"{who} cannot be targeted by enemy Magical Powers until the End phase."
    add_effect(ctx, cast, PROTECTION_OF_THE_VALAR, cast.target, note=note)
    not_modelled(ctx, f"enemy special rules may not target {who} either")


def _caster_or_near(state: BattleState, caster: Model, target: Model) -> str | None:
    gap = caster.distance_to(target)
    if target.id == caster.id or gap <= PROTECTION_RANGE + 1e-6:
        return None
    return (
        f'Protection of the Valar targets the caster or a friend within 3": {target.name} is {gap:.1f}" away.'
    )


PROTECTION_OF_THE_VALAR = register(
    PowerSpec(
        "protection_of_the_valar",
        "Protection of the Valar",
        "temporary",
        "self_or_friend",
        _protection_of_the_valar,
        'The power affects all friendly models within 3".',
        can_target=_caster_or_near,
        lasting=Lasting(reach=(0.0, PROTECTION_RANGE), shields_from_magic=True),
    )
)


def _refreshing_song(ctx: Ctx, cast: Cast) -> None:
    """Recovering "from the effects of any Magical Power they wish": every enemy power still in
    play on the target ends (no player would keep one)."""
    target = cast.target
    assert target is not None
    state = ctx.state
    lost = target.profile.wounds - target.wounds
    why = f"from {cast.name}"
    recovered = regain(ctx, target, "wounds", lost if cast.channelled else 1, why)
    stores: tuple[Store, ...] = ("might", "will", "fate")
    for stat in stores:
        recovered += regain(ctx, target, stat, 1, why)
    ending = [
        e
        for e in state.effects
        if e.target == target.id and e.kind in POWERS and state.model(e.source).side != target.side
    ]
    for effect in ending:
        ctx.log("effect_end", f"{effect.label} on {target.name} ends ({cast.name}).", effect=effect.kind)
    state.effects = [e for e in state.effects if not any(e is x for x in ending)]
    if any(target.stat_mods.values()):
        not_modelled(ctx, f"undoing lasting changes to {target.name}'s characteristics by enemy powers")
    elif not recovered and not ending:
        ctx.log("power", f"{target.name} has nothing to recover: {cast.name} has no effect.")


REFRESHING_SONG = register(
    PowerSpec(
        "refreshing_song",
        "Refreshing Song",
        "instant",
        "self_or_friend",
        _refreshing_song,
        "The target instead recovers all lost Wounds rather than just one, in addition to all other effects.",
    )
)


def _renew(ctx: Ctx, cast: Cast) -> None:
    recover(ctx, cast, "wounds", _one_or_d3(ctx, cast))


RENEW = register(
    PowerSpec(
        "renew",
        "Renew",
        "instant",
        "self_or_friend",
        _renew,
        "The target instead regains D3 lost Wounds.",
        mount_choice=True,
    )
)


def _shroud_of_shadows(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    extra = "; enemies fighting it halve their Fight value" if cast.channelled else ""
    note = (
        f"{cast.target.name} is invisible until the End phase: enemy shooting and Magical Powers "
        f"cannot target it{extra}."
    )
    add_effect(ctx, cast, SHROUD_OF_SHADOWS, cast.target, note=note)
    not_modelled(ctx, f"enemy special rules may not target {cast.target.name} either")


SHROUD_OF_SHADOWS = register(
    PowerSpec(
        "shroud_of_shadows",
        "Shroud of Shadows",
        "temporary",
        "self_or_friend",
        _shroud_of_shadows,
        "Enemy models Engaged in combat with the target also halve their Fight value for the Duel.",
        lasting=Lasting(
            shields_from_magic=True, hidden_from_shots=True, halves_foes_fight_when_channelled=True
        ),
    )
)


def _blinding_light(ctx: Ctx, cast: Cast) -> None:
    until = f"while {cast.caster.name} has Will left" if cast.channelled else "until the End phase"
    note = f'Shots at {cast.caster.name} or a friend within {BLINDING_LIGHT_REACH:g}" of them hit only on a 6 {until}.'
    add_effect(ctx, cast, BLINDING_LIGHT, None, note=note)
    not_modelled(ctx, f'the light within 12" of {cast.caster.name} counts as daylight')


BLINDING_LIGHT = register(
    PowerSpec(
        "blinding_light",
        "Blinding Light",
        "temporary",
        "self",
        _blinding_light,
        "The duration becomes Exhaustion.",
        channelled_duration="exhaustion",
        lasting=Lasting(reach=(BLINDING_LIGHT_REACH, BLINDING_LIGHT_REACH), shots_hit_on_six=True),
    )
)
