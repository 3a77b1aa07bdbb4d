"""The To Wound chart, and suffering Wounds: the one place a model loses Wounds or is slain."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .frame import Frame
from .state import Model

if TYPE_CHECKING:
    from .engine import Ctx


@dataclass(frozen=True)
class WoundNeed:
    """What a To Wound roll needs: one score, or a 6 then a second score (6/4, 6/5, 6/6)."""

    first: int
    second: int | None = None

    @property
    def label(self) -> str:
        return f"6/{self.second}" if self.second else f"{self.first}+"


def to_wound_need(strength: int, defence: int) -> WoundNeed | None:
    """The core To Wound chart in closed form; None when Strength cannot wound that Defence."""
    gap = defence - strength
    if gap <= -2:
        return WoundNeed(3)
    if gap <= 0:
        return WoundNeed(4)
    if gap <= 2:
        return WoundNeed(5)
    if gap <= 4:
        return WoundNeed(6)
    if gap <= 7:
        return WoundNeed(6, gap - 1)
    return None


def remove_casualty(ctx: Ctx, model: Model, how: str = "slain") -> None:
    model.status = "casualty" if how == "slain" else "fled"
    model.wounds = 0 if how == "slain" else model.wounds
    verb = "is slain" if how == "slain" else "flees the battle"
    ctx.log("casualty", f"{model.name} {verb}.", model=model.id, how=how)


@dataclass(slots=True)
class Wounding(Frame):
    """`model` suffers `amount` Wounds from one hit by `source`."""

    kind = "wounding"
    model: str
    source: str
    amount: int = 1

    def step(self, ctx: Ctx) -> bool:
        from .turn import check_wiped_out

        model = ctx.state.model(self.model)
        ctx.pop(self)
        if not model.on_board:
            return False
        lost = min(self.amount, model.wounds)
        model.wounds -= lost
        source = ctx.state.models.get(self.source)
        by = f" from {source.name}" if source else ""
        plural = "s" if lost != 1 else ""
        ctx.log(
            "wound",
            f"{model.name} suffers {lost} Wound{plural}{by} ({model.wounds} left).",
            model=model.id,
            source=self.source,
            amount=lost,
        )
        if model.wounds <= 0:
            remove_casualty(ctx, model)
            check_wiped_out(ctx)
        return False


@dataclass(slots=True)
class ToWound(Frame):
    """One hit or Strike: To Wound rolls against the chart, then the Wounds they cause.

    `rolls` is 2 against a Trapped model: each Strike rolls To Wound twice.
    """

    kind = "to_wound"
    attacker: str
    target: str
    strength: int
    rolls: int = 1
    why: str = "hit"

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        attacker = state.model(self.attacker)
        target = state.model(self.target)
        ctx.pop(self)
        if not target.on_board:
            ctx.log(
                "strike_lost", f"{target.name} has already fallen; the {self.why} is lost.", model=target.id
            )
            return False
        need = to_wound_need(self.strength, target.profile.defence)
        chart = f"S{self.strength} against D{target.profile.defence}"
        if need is None:
            ctx.log(
                "cannot_wound",
                f"{attacker.name}'s {self.why} cannot wound {target.name} ({chart}).",
                attacker=attacker.id,
                target=target.id,
            )
            return False
        wounds = 0
        for _ in range(self.rolls):
            faces = [ctx.dice.d6("to_wound", attacker.id)]
            success = faces[0] >= need.first
            if success and need.second is not None:
                faces.append(ctx.dice.d6("to_wound_second", attacker.id))
                success = faces[1] >= need.second
            wounds += success
            shown = ", then ".join(str(f) for f in faces)
            outcome = "wounds" if success else "fails to wound"
            ctx.log(
                "to_wound",
                f"{attacker.name}'s {self.why} on {target.name}: To Wound {need.label} ({chart}), "
                f"rolls {shown}: {outcome}.",
                attacker=attacker.id,
                target=target.id,
                faces=faces,
                need=need.label,
                success=bool(success),
            )
        for _ in range(wounds):
            ctx.push(Wounding(target.id, attacker.id))
        return False
