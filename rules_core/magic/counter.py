"""Powers that undo other powers: Foil Magic (magical-powers-2024.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..frame import Action, Ctx, Frame, Option, Pending
from ..state import BattleState, Effect, Model, Side
from .registry import NO_CHANNELLED_FORM, POWERS, Cast, PowerSpec, register


def _foilable(state: BattleState, caster: Model) -> dict[str, list[Effect]]:
    """The Exhaustion powers `caster` has in play, by kind (what Foil Magic may end)."""
    found: dict[str, list[Effect]] = {}
    for effect in state.effects:
        spec = POWERS.get(effect.kind)
        if effect.source != caster.id or spec is None:
            continue
        if effect.until == "exhaustion" or "exhaustion" in (spec.duration, spec.channelled_duration):
            found.setdefault(effect.kind, []).append(effect)
    return found


def _has_something_to_foil(state: BattleState, caster: Model, target: Model) -> str | None:
    if _foilable(state, target):
        return None
    return f"{target.name} has no Exhaustion power of its own in play for Foil Magic to end."


def end_power(ctx: Ctx, target: Model, kind: str) -> None:
    ending = _foilable(ctx.state, target).get(kind, [])
    if not ending:
        return
    ctx.state.effects = [e for e in ctx.state.effects if e not in ending]
    ctx.log(
        "effect_end",
        f"Foil Magic ends {ending[0].label}, cast by {target.name}.",
        effect=kind,
        model=target.id,
    )


def _foil_magic(ctx: Ctx, cast: Cast) -> None:
    assert cast.target is not None
    kinds = list(_foilable(ctx.state, cast.target))
    if len(kinds) == 1:
        end_power(ctx, cast.target, kinds[0])
    elif kinds:
        ctx.push(FoilChoice(cast.caster.id, cast.target.id))


@dataclass(slots=True)
class FoilChoice(Frame):
    """The caster of Foil Magic picks which of the target's Exhaustion powers ends."""

    kind = "foil_choice"
    caster: str
    target: str

    def step(self, ctx: Ctx) -> bool:
        return True

    def pending(self, state: BattleState) -> Pending:
        caster, target = state.model(self.caster), state.model(self.target)
        label = f"{caster.name}'s Foil Magic: which of {target.name}'s powers ends?"
        return Pending(caster.side, "foil_magic", label, {"model": caster.id, "target": target.id})

    def options(self, state: BattleState, side: Side) -> list[Option]:
        target = state.model(self.target)
        return [
            Action("foil_magic", f"End {effects[0].label}", {"type": "foil", "power": kind})
            for kind, effects in _foilable(state, target).items()
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        ctx.pop(self)
        end_power(ctx, ctx.state.model(self.target), str(command["power"]))


FOIL_MAGIC = register(
    PowerSpec(
        "foil_magic",
        "Foil Magic",
        "instant",
        "enemy",
        _foil_magic,
        NO_CHANNELLED_FORM,
        can_target=_has_something_to_foil,
    )
)
