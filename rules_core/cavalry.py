"""Cavalry (`docs/rules/wargear.md` §5, §6): what a Cavalry model is, its charge bonuses (an
extra Attack, knocking Infantry to the ground, the lance) and why it loses them, the Thrown Rider
test when its mount is gone, and dismounting.

The rider fights with the higher of its own and its mount's Fight, Strength and Attacks and moves
at its mount's Move (`characteristics`); Strikes and shots that split between rider and mount are
asked in `combat` and `shooting`; a slain rider's mount goes on alone (`wounds.separate_mount`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .battlefield import is_engaged
from .characteristics import strength
from .effects import Lasting, held_by, register_lasting
from .frame import Action, Ctx, Frame, Option, Pending, choice
from .might import available, might_action, odds, pay_might
from .movement import knock_prone
from .special_rules import EXPERT_RIDER, MONSTROUS_CHARGE, TIMID, has, model_has
from .state import BattleState, Effect, Model, Side
from .terrain import slowing_piece
from .wargear import lance_bonus
from .wounds import ToWound, mount_room, separate_mount

NOT_INFANTRY = frozenset({"Cavalry", "Chariot", "War Beast"})
NO_KNOCK_DOWN = "Monster"
KNOCK_DOWN_BELOW = 6
"""A model of this Strength or more is not knocked to the ground."""
KNOCKED_FLYING_STRENGTH = 3
THROWN_BANDS = {1: "Knocked Flying", 2: "Rises from the Dust", 6: "Leaps into Action"}

THROWN_KIND = "thrown_rider"
register_lasting(THROWN_KIND, "Thrown from its mount", Lasting(holds=True))


def part_param(rider: str, mount: str) -> dict[str, dict[str, Any]]:
    """The choice of a Cavalry model's rider (the default) or its mount, as a command's `part`."""
    return {"part": choice([("rider", rider), ("mount", mount)], default="rider")}


def is_cavalry(model: Model) -> bool:
    return model.mount is not None or "Cavalry" in model.profile.keywords


def is_infantry(model: Model) -> bool:
    """On foot and none of Cavalry, Chariot or War Beast (a profile naming no kind is Infantry)."""
    return model.mount is None and not NOT_INFANTRY & set(model.profile.keywords)


def _slowed(state: BattleState, model: Model) -> str | None:
    """Why difficult terrain costs the model its charge bonuses and lance, or None: ground that slows
    it does (a mount's Woodland Creature or Mountain Dweller makes its kind of ground open, terrain.md §16)."""
    piece = slowing_piece(state, model)
    return None if piece is None else f"it is in difficult terrain ({piece.name})"


def charged_at(state: BattleState, model: Model) -> Model | None:
    """The enemy the model charged this turn, if it charged."""
    return state.models.get(model.charged) if model.charged else None


def charge_bonus_lost(
    state: BattleState, model: Model, foes: list[Model], target: Model | None
) -> str | None:
    """Why a Cavalry model that charged `target` has no charge bonuses against `foes` (the enemies
    it fights when the Combat is resolved), or None when it has them."""
    if target is None:
        return "it did not charge"
    fought = [f for f in foes if not is_infantry(f)]
    if fought:
        return f"it fights {fought[0].name}, who is not Infantry"
    if not is_infantry(target):
        return f"it charged {target.name}, who is not Infantry"
    if model.mount is not None and model_has(model, TIMID):
        return f"{model.mount.name} is Timid"
    held = held_by(state, model)
    if held is not None:
        return f"it is under {held.label}"
    if model.across == target.id:
        return f"it charged {target.name} across a barrier {target.name} defends"
    return _slowed(state, model)


def lance_applies(state: BattleState, model: Model, charged: bool) -> bool:
    """A lance (or war spear) on horseback: +1 To Wound in a Combat it charged into, not from
    difficult terrain (against Cavalry too)."""
    return charged and lance_bonus(model) and _slowed(state, model) is None


def knocked_down(state: BattleState, model: Model) -> bool:
    """Whether a beaten model is knocked to the ground by a charging Cavalry model: Infantry, not a
    Monster and of Strength under 6."""
    return (
        is_infantry(model)
        and NO_KNOCK_DOWN not in model.profile.keywords
        and strength(state, model) < KNOCK_DOWN_BELOW
    )


def monstrous(model: Model) -> bool:
    """Monstrous Charge: +1 Attack when it charges, whatever slows it, and a knock-down."""
    return model_has(model, MONSTROUS_CHARGE)


def knocked_down_by(state: BattleState, loser: Model, chargers: list[Model]) -> bool:
    """Whether a beaten model is knocked to the ground by the winners who charged with their bonuses:
    by a Cavalry model, Infantry under Strength 6 (not a Monster); by a Monstrous Charge, any model
    not Cavalry of lower Strength than the charger."""
    if any(not monstrous(m) for m in chargers) and knocked_down(state, loser):
        return True
    mighty = [strength(state, m) for m in chargers if monstrous(m)]
    return bool(mighty) and loser.mount is None and strength(state, loser) < max(mighty)


def thrown_band(face: int) -> str:
    return THROWN_BANDS[1 if face <= 1 else 6 if face >= 6 else 2]


@dataclass(slots=True)
class ThrownRiders(Frame):
    """Every rider whose mount is gone takes its Thrown Rider test (a D6: 1 Knocked Flying, 2-5
    Rises from the Dust, 6 Leaps into Action), Might raising it and an Expert Rider re-rolling it
    when that changes the result; a rider knocked Prone on its mount is Knocked Flying at once.

    Pushed beneath what may slay a mount (a Combat's Strikes, a shot, a power), so the tests come
    after all of it."""

    kind = "thrown_riders"
    rider: str = ""
    face: int = 0
    rerolled: bool = False

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        if self.rider:
            return True
        waiting = sorted(m.id for m in state.models.values() if m.on_board and m.thrown)
        if not waiting:
            ctx.pop(self)
            return False
        model = state.model(waiting[0])
        if model.thrown == "flying":
            if model.mount is not None:
                ctx.log(
                    "thrown", f"{model.name} is knocked Prone on horseback and is thrown.", model=model.id
                )
                separate_mount(ctx, model, "its rider was thrown")
            self._settle(ctx, model, 1)
            return False
        self.face = ctx.dice.d6("thrown_rider", model.id)
        ctx.log(
            "thrown_rider",
            f"{model.name}'s Thrown Rider test: rolls {self.face}, {thrown_band(self.face)}.",
            model=model.id,
            faces=[self.face],
        )
        if self._better(model):
            self.rider = model.id
            return True
        self._settle(ctx, model, self.face)
        return False

    def _raises(self, model: Model) -> dict[int, int]:
        """The least Might for each better result: a face of 1 raised to 2, any face to 6."""
        found: dict[int, int] = {}
        if not model.is_hero:
            return found
        for target in (2, 6):
            amount = target - self.face
            if (
                amount > 0
                and thrown_band(target) != thrown_band(self.face)
                and amount <= available(model, "might")
            ):
                found[target] = amount
        return found

    def _better(self, model: Model) -> bool:
        return bool(self._raises(model)) or self._rerolls(model)

    def _rerolls(self, model: Model) -> bool:
        return has(model.profile, EXPERT_RIDER) and not self.rerolled and self.face < 6

    def _settle(self, ctx: Ctx, model: Model, face: int) -> None:
        model.thrown = ""
        self.rider, self.face, self.rerolled = "", 0, False
        band = thrown_band(face)
        if band == "Leaps into Action":
            ctx.log("thrown", f"{model.name} leaps into action on foot.", model=model.id)
            return
        note = "" if band == "Rises from the Dust" else ", suffers a Strength 3 hit and is knocked Prone"
        ctx.state.effects.append(Effect(THROWN_KIND, model.id, "Thrown from its mount", model.id, "end"))
        ctx.log(
            "thrown",
            f"{model.name} {band.lower()}{note}: it cannot act for the rest of the turn.",
            model=model.id,
        )
        if band == "Knocked Flying":
            if not model.prone:
                knock_prone(ctx, model)
            ctx.push(
                ToWound(model.id, model.id, KNOCKED_FLYING_STRENGTH, why="Knocked Flying hit", direct=False)
            )

    def pending(self, state: BattleState) -> Pending:
        model = state.model(self.rider)
        return Pending(
            model.side,
            "thrown_rider",
            f"{model.name}'s Thrown Rider test of {self.face} ({thrown_band(self.face)}): change it?",
            {"model": model.id, "face": self.face},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        model = state.model(self.rider)
        choices: list[Option] = []
        for target, amount in self._raises(model).items():
            label = f"Spend {amount} Might: {self.face} becomes {target} ({thrown_band(target)})"
            choices.append(might_action(model, amount, label, odds((thrown_band(target), 1))))
        if self._rerolls(model):
            better = sum(1 for f in range(1, 7) if f > self.face and thrown_band(f) != thrown_band(self.face))
            choices.append(
                Action(
                    "reroll",
                    "Re-roll the test (Expert Rider)",
                    {"type": "reroll", "model": model.id},
                    odds=odds(("a better result", Fraction(better, 6))),
                )
            )
        choices.append(Action("keep", f"Keep the roll: {thrown_band(self.face)}", {"type": "keep"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        model = ctx.state.model(self.rider)
        if command["type"] == "reroll":
            self.rerolled = True
            self.face = ctx.dice.d6("thrown_rider_reroll", model.id)
            ctx.log("reroll", f"{model.name} re-rolls the Thrown Rider test: {self.face}.", faces=[self.face])
            if self._better(model):
                return
        elif command["type"] == "might":
            self.face += pay_might(ctx, model, command, "on the Thrown Rider test", self.face)
        self._settle(ctx, model, self.face)


# -- dismounting -----------------------------------------------------------------------------------


def why_cannot_dismount(state: BattleState, model: Model) -> str | None:
    if model.mount is None:
        return f"{model.name} is not mounted."
    if is_engaged(state, model):
        return f"{model.name} is Engaged and cannot dismount."
    if mount_room(state, model) is None:
        return f"There is no room beside {model.name}'s mount to set the rider down."
    return None


def dismount(ctx: Ctx, model: Model) -> None:
    """The rider steps down, its mount left in base contact with it; it discards what it cannot
    carry on foot (a lance), and the mount, left alone, tests its Courage."""
    assert model.mount is not None
    ctx.log("dismount", f"{model.name} dismounts from {model.mount.name}.", model=model.id)
    separate_mount(ctx, model, "its rider has dismounted")
