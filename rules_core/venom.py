"""Venom's further Wound (docs/rules/special-rules.md §2.38): when a Combat it took part in is over,
a model with Venom picks one enemy it wounded there that is still alive; a natural 6 on a D6 gives
that enemy one further Wound, which Fate may prevent."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .frame import Action, Ctx, Frame, Option, Pending
from .special_rules import VENOM, has
from .state import BattleState, Model, Side
from .wounds import Wounding

FURTHER_WOUND_ON = 6


def venom_wounds(state: BattleState, models: list[Model]) -> dict[str, int]:
    """The Wounds each model with Venom among `models` has caused each enemy among them so far,
    by "striker>target" (a Combat keeps this as its Strikes begin)."""
    found = {}
    for striker in models:
        if not has(striker.profile, VENOM):
            continue
        for target in models:
            if target.side != striker.side:
                found[f"{striker.id}>{target.id}"] = state.tally.wounds.get(target.id, []).count(striker.id)
    return found


def venom_frames(state: BattleState, before: dict[str, int]) -> list[Frame]:
    """A further-Wound roll for each model with Venom that wounded an enemy still alive since
    `before` (`venom_wounds` as the Strikes began)."""
    wounded: dict[str, list[str]] = {}
    for key, count in before.items():
        striker, target = key.split(">")
        if state.tally.wounds.get(target, []).count(striker) > count and state.model(target).on_board:
            wounded.setdefault(striker, []).append(target)
    return [FurtherWound(s, targets) for s, targets in wounded.items() if state.model(s).on_board]


@dataclass(slots=True)
class FurtherWound(Frame):
    """The Venom model's player picks which of the enemies it wounded rolls (no choice with one)."""

    kind = "venom"
    model: str
    targets: list[str]

    def step(self, ctx: Ctx) -> bool:
        living = [t for t in self.targets if ctx.state.model(t).on_board]
        if len(living) > 1:
            self.targets = living
            return True
        ctx.pop(self)
        if living:
            self._roll(ctx, living[0])
        return False

    def pending(self, state: BattleState) -> Pending:
        model = state.model(self.model)
        label = f"{model.name}'s Venom: which enemy it wounded may suffer a further Wound?"
        return Pending(model.side, "venom_target", label, {"model": model.id, "targets": list(self.targets)})

    def options(self, state: BattleState, side: Side) -> list[Option]:
        return [
            Action(
                "venom_target",
                f"{state.model(t).name} rolls for Venom",
                {"type": "venom_target", "target": t},
            )
            for t in self.targets
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        ctx.pop(self)
        self._roll(ctx, command["target"])

    def _roll(self, ctx: Ctx, target_id: str) -> None:
        model, target = ctx.state.model(self.model), ctx.state.model(target_id)
        face = ctx.dice.d6("venom", model.id)
        result = "a further Wound" if face >= FURTHER_WOUND_ON else "nothing more"
        ctx.log(
            "venom",
            f"{model.name}'s Venom on {target.name}: rolls {face}, {result}.",
            model=model.id,
            target=target.id,
            faces=[face],
        )
        if face >= FURTHER_WOUND_ON:
            ctx.push(Wounding(target.id, model.id, why="Venom"))
