"""Powers that hinder enemies: holding them, sapping them, frightening them, throwing them down."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..battlefield import enemies
from ..characteristics import move_allowance
from ..courage import Test
from ..effects import Lasting, end_exhausted
from ..frame import Action, Ctx, Frame, Option, Pending
from ..movement import check_path, full_path, knock_prone, move_model, push_away, snap_to_contact
from ..state import BattleState, Effect, Model, Mount, Side, other, side_name
from ..terrain import of_kind
from ..wounds import ToWound, mount_slain
from .harm import throw_down
from .registry import NO_CHANNELLED_FORM, Cast, PowerSpec, add_effect, not_modelled, register

HOLD = Lasting(holds=True, halves_when_channelled=True)
"""Immobilise/Transfix and Command/Compel once the target is moved."""


def _hold(ctx: Ctx, cast: Cast, spec: PowerSpec) -> None:
    """Immobilise/Transfix, and the end of Command/Compel: the target is held until the End phase."""
    assert cast.target is not None
    add_effect(ctx, cast, spec, cast.target)
    halved = ", and its Fight and Attacks are halved" if cast.channelled else ""
    ctx.log(
        "power",
        f"{cast.target.name} may not move, shoot, cast, declare Heroic Actions, call Stand Fast or Strike "
        f"until the End phase{halved}.",
    )


def _immobilise(ctx: Ctx, cast: Cast) -> None:
    _hold(ctx, cast, IMMOBILISE)


IMMOBILISE = register(
    PowerSpec(
        "immobilise",
        "Immobilise/Transfix",
        "temporary",
        "enemy",
        _immobilise,
        "The target also halves its Fight and Attacks (rounding up).",
        lasting=HOLD,
    )
)


@dataclass(slots=True)
class CompelMove(Frame):
    """Command/Compel: the caster's player moves the target up to half its Move, perhaps into a
    charge (with no Courage test for Terror), or leaves it; then it is held as by Immobilise."""

    kind = "compel_move"
    caster: str
    target: str
    name: str
    channelled: bool = False

    def _reach(self, state: BattleState) -> float:
        return move_allowance(state, state.model(self.target)) / 2

    def step(self, ctx: Ctx) -> bool:
        if ctx.state.model(self.target).on_board:
            return True
        ctx.pop(self)
        return False

    def pending(self, state: BattleState) -> Pending:
        caster, target = state.model(self.caster), state.model(self.target)
        reach = self._reach(state)
        return Pending(
            caster.side,
            "compel_move",
            f'{side_name(caster.side)} moves {target.name} with {self.name} (up to {reach:g}")',
            {"model": target.id, "max_length": reach},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        target = state.model(self.target)
        reach = self._reach(state)
        path = {"type": "path", "max_length": reach}
        choices: list[Option] = [
            Action(
                "compel_move",
                f'Move {target.name} up to {reach:g}"',
                {"type": "compel_move"},
                {"path": path},
                group=target.id,
            )
        ]
        foes = [e for e in enemies(state, target.side) if target.distance_to(e) <= reach + 1e-6]
        if foes:
            victims = {"type": "choice", "options": [{"value": e.id, "label": e.name} for e in foes]}
            choices.append(
                Action(
                    "compel_charge",
                    f"Make {target.name} charge",
                    {"type": "compel_charge"},
                    {"target": victims, "path": path},
                    group=target.id,
                )
            )
        choices.append(
            Action(
                "compel_leave", f"Leave {target.name} where it is", {"type": "compel_leave"}, group=target.id
            )
        )
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        target = state.model(self.target)
        if command["type"] != "compel_leave":
            foe = state.model(command["target"]) if command["type"] == "compel_charge" else None
            points = full_path(target, command["path"])
            if foe is not None:
                points = snap_to_contact(state, target, foe, points)
            if len(points) > 1:
                check_path(state, target, points, self._reach(state), foe)
                move_model(ctx, target, points, foe)
        ctx.pop(self)
        caster = state.model(self.caster)
        _hold(ctx, Cast(caster, target, [target], self.channelled, "rider", 0, self.name), COMPEL)


def _compel(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    ctx.push(CompelMove(cast.caster.id, cast.target.id, cast.name, cast.channelled))


COMPEL = register(
    PowerSpec(
        "compel",
        "Command/Compel",
        "temporary",
        "enemy",
        _compel,
        "While this power is in effect, the target also halves its Fight and Attacks (rounding up).",
        lasting=HOLD,
    )
)


def part_of(cast: Cast) -> Model | Mount:
    """The rider or the mount the caster chose (the model itself when it has no mount)."""
    assert cast.target is not None
    mount = cast.target.mount
    return mount if cast.part == "mount" and mount is not None else cast.target


def _lose(ctx: Ctx, cast: Cast, store: str, amount: int | None, rolled: str = "") -> None:
    """The target loses `amount` points of Fate or Will (all it has when None)."""
    holder = part_of(cast)
    have = int(getattr(holder, store))
    label = store.capitalize()
    if not have:
        ctx.log(
            "power", f"{holder.name} has no {label} to lose.", model=cast.target.id if cast.target else ""
        )
        return
    lost = have if amount is None else min(amount, have)
    setattr(holder, store, have - lost)
    ctx.log(
        "power",
        f"{holder.name} loses {lost} {label} to {cast.name}{rolled} ({have - lost} left).",
        model=cast.target.id if cast.target else "",
        stat=store,
        amount=lost,
    )


def _curse(ctx: Ctx, cast: Cast) -> None:
    _lose(ctx, cast, "fate", None if cast.channelled else 1)


CURSE = register(
    PowerSpec(
        "curse",
        "Curse",
        "instant",
        "enemy",
        _curse,
        "The target model immediately loses all remaining Fate points.",
        mount_choice=True,
    )
)


def _sap_will(ctx: Ctx, cast: Cast) -> None:
    if cast.channelled:
        amount, dice = ctx.dice.d6("sap_will", cast.caster.id), "D6"
    else:
        amount, dice = ctx.dice.d3("sap_will", cast.caster.id), "D3"
    _lose(ctx, cast, "will", amount, f" ({dice}: {amount})")
    end_exhausted(ctx)


SAP_WILL = register(
    PowerSpec(
        "sap_will",
        "Sap Will",
        "instant",
        "enemy",
        _sap_will,
        "The target loses D6 Will points.",
        mount_choice=True,
    )
)

COURAGE_WORST = 12
"""Drain Courage makes the 2D6 score a Courage test needs higher ("reduce Courage by 1" in the
text's older terms); it stops at 12, the most 2D6 can roll (the text's "minimum of 1")."""
STRENGTH_LEAST = 1


def worsen(
    ctx: Ctx,
    cast: Cast,
    stat: str,
    by: int,
    rolled: str = "",
    limit: tuple[int, int] = (STRENGTH_LEAST, COURAGE_WORST),
) -> None:
    """A lasting change for the rest of the battle: Strength down (Wither) or the Courage score
    needed up (Drain Courage), never past its limit (the least Strength, the worst Courage)."""
    holder = part_of(cast)
    base = int(getattr(holder.profile, stat))
    before = base + holder.stat_mods.get(stat, 0)
    if stat == "strength":
        after = min(before, max(limit[0], before - by))
        now = f"Strength is {after}"
        change = f"Strength falls by {before - after}{rolled} to {after}"
    else:
        after = max(before, min(limit[1], before + by))
        now = f"Courage tests need {after}+"
        change = f"Courage falls by {after - before}{rolled}: its Courage tests need {after}+"
    if after == before:
        ctx.log("power", f"{holder.name}'s {now} already: {cast.name} changes nothing.")
        return
    holder.stat_mods[stat] = after - base
    ctx.log(
        "power",
        f"{holder.name}'s {change} for the rest of the battle.",
        model=cast.target.id if cast.target else "",
        stat=stat,
        value=after,
    )


def _d3_if_channelled(ctx: Ctx, cast: Cast, purpose: str) -> tuple[int, str]:
    if not cast.channelled:
        return 1, ""
    amount = ctx.dice.d3(purpose, cast.caster.id)
    return amount, f" (D3: {amount})"


def _wither(ctx: Ctx, cast: Cast) -> None:
    worsen(ctx, cast, "strength", *_d3_if_channelled(ctx, cast, "wither"))


WITHER = register(
    PowerSpec(
        "wither",
        "Wither",
        "instant",
        "enemy",
        _wither,
        "The target's Strength is instead reduced by D3.",
        mount_choice=True,
    )
)


def _drain_courage(ctx: Ctx, cast: Cast) -> None:
    worsen(ctx, cast, "courage", *_d3_if_channelled(ctx, cast, "drain_courage"))


DRAIN_COURAGE = register(
    PowerSpec(
        "drain_courage",
        "Drain Courage",
        "instant",
        "enemy",
        _drain_courage,
        "The target's Courage is instead reduced by D3.",
        mount_choice=True,
    )
)

FEAR = "Instill Fear"


@dataclass(slots=True)
class InstillFear(Frame):
    """Each enemy caught tests its Courage, in the order the caster's player picks; each that
    fails moves its full Move directly away from the caster."""

    kind = "instill_fear"
    caster: str
    waiting: list[str] = field(default_factory=list)
    channelled: bool = False
    testing: str = ""

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        caster = state.model(self.caster)
        if self.testing:
            model = state.model(self.testing)
            self.testing = ""
            if model.on_board and FEAR not in model.passed_tests:
                push_away(ctx, model, caster, move_allowance(state, model), "flees")
        self.waiting = [m for m in self.waiting if state.model(m).on_board]
        if len(self.waiting) > 1:
            return True
        if self.waiting:
            self._test(ctx, self.waiting[0])
        else:
            ctx.pop(self)
        return False

    def _test(self, ctx: Ctx, model_id: str) -> None:
        self.waiting.remove(model_id)
        self.testing = model_id
        reason = f"Instill Fear from {ctx.state.model(self.caster).name}"
        ctx.push(Test(model_id, "courage", FEAR, reason, three_dice=self.channelled))

    def pending(self, state: BattleState) -> Pending:
        side = state.model(self.caster).side
        return Pending(
            side,
            "order_tests",
            f"{side_name(side)} picks who tests their Courage against Instill Fear next",
            {"models": list(self.waiting)},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        return [
            Action("fear_next", f"{state.model(m).name} tests next", {"type": "fear_next", "model": m})
            for m in self.waiting
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        self._test(ctx, command["model"])


def _instill_fear(ctx: Ctx, cast: Cast) -> None:
    ctx.push(InstillFear(cast.caster.id, [m.id for m in cast.targets], cast.channelled))


INSTILL_FEAR = register(
    PowerSpec(
        "instill_fear",
        "Instill Fear",
        "instant",
        "enemies_in_range",
        _instill_fear,
        "Courage tests caused by this Magical Power are taken on 3D6, discarding the highest result.",
    )
)

PANIC_STEED_REACH = 3.0


def _cavalry_near(state: BattleState, caster: Model, target: Model) -> list[Model]:
    return [
        m
        for m in state.army_models(other(caster.side))
        if m.mount is not None and target.distance_to(m) <= PANIC_STEED_REACH + 1e-9
    ]


def _panic_steed(ctx: Ctx, cast: Cast) -> None:
    for model in cast.targets:
        if model.mount is not None:
            mount_slain(ctx, model, "flees in panic")


PANIC_STEED = register(
    PowerSpec(
        "panic_steed",
        "Panic Steed",
        "instant",
        "enemy",
        _panic_steed,
        'This power also targets all enemy models within 3" of the initial target.',
        can_target=lambda state, caster, target: (
            None
            if target.mount is not None
            else f"{target.name} is not Cavalry: Panic Steed targets only Cavalry."
        ),
        channelled_also_targets=_cavalry_near,
    )
)

PARALYSE_RECOVERS_ON = 6
"""Assumed rule, ours, not the rules text's (which gives no way to recover): in each End phase a
Paralysed model rolls a D6 and recovers on this or more."""
PARALYSE_HIT = 5


def _paralyse(ctx: Ctx, cast: Cast) -> None:
    target = cast.target
    assert target is not None
    ctx.state.effects = [e for e in ctx.state.effects if not (e.kind == "paralyse" and e.target == target.id)]
    add_effect(ctx, cast, PARALYSE, target, until="battle")
    knock_prone(ctx, target)
    hurt = f", and suffers a Strength {PARALYSE_HIT} hit at the end of each turn" if cast.channelled else ""
    ctx.log(
        "power",
        f"{target.name} is Paralysed: it may do nothing and makes no Duel rolls until it recovers{hurt}.",
        model=target.id,
    )


def _paralysed_at_end(ctx: Ctx, effect: Effect) -> None:
    model = ctx.state.model(effect.target)
    face = ctx.dice.d6("paralyse_recovery", model.id)
    rule = f"the referee's assumed rule: a {PARALYSE_RECOVERS_ON} recovers"
    if face >= PARALYSE_RECOVERS_ON:
        ctx.state.effects.remove(effect)
        ctx.log(
            "effect_end", f"{model.name} rolls {face} and recovers from Paralyse ({rule}).", model=model.id
        )
        return
    ctx.log("paralysed", f"{model.name} rolls {face} and stays Paralysed ({rule}).", model=model.id)
    if effect.channelled:
        ctx.push(ToWound(effect.source, model.id, PARALYSE_HIT, why="Paralyse"))


PARALYSE = register(
    PowerSpec(
        "paralyse",
        "Paralyse",
        "instant",
        "enemy",
        _paralyse,
        "At the end of each turn that the target remains Paralysed, they suffer one Strength 5 hit.",
        at_end_phase=_paralysed_at_end,
        lasting=Lasting(holds=True, rolls_no_duel_dice=True),
    )
)


def _natures_wrath(ctx: Ctx, cast: Cast) -> None:
    throw_down(ctx, cast, cast.targets, (lambda model: 2) if cast.channelled else None)


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

WATER_TERRAIN = ("water",)
"""The tag of a piece that is water for Wrath of Bruinen (`docs/rules/terrain.md` §17)."""


def _wrath_of_bruinen(ctx: Ctx, cast: Cast) -> None:
    def strength(model: Model) -> int:
        return 9 if of_kind(ctx.state, model, WATER_TERRAIN) else 3

    throw_down(ctx, cast, cast.targets, strength if cast.channelled else None)


WRATH_OF_BRUINEN = register(
    PowerSpec(
        "wrath_of_bruinen",
        "Wrath of Bruinen",
        "instant",
        "enemies_in_range",
        _wrath_of_bruinen,
        "All enemy models instead suffer one Strength 3 hit after being knocked Prone, "
        "or one Strength 9 hit if they are in a stream, river or similar water terrain feature.",
        area=6.0,
    )
)


VINES_REACH = 3.0


def _writhing_vines(ctx: Ctx, cast: Cast) -> None:
    note = f'{cast.caster.name} puts down a Vine Marker within {VINES_REACH:g}" until the End phase.'
    add_effect(ctx, cast, WRITHING_VINES, cast.caster, note=note)
    not_modelled(
        ctx, f'the Vine Marker: enemies treat ground within {VINES_REACH:g}" of it as difficult terrain'
    )


WRITHING_VINES = register(
    PowerSpec(
        "writhing_vines",
        "Writhing Vines",
        "temporary",
        "self",
        _writhing_vines,
        NO_CHANNELLED_FORM,
    )
)
