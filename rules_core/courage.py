"""Courage and Intelligence tests: 2D6 against the characteristic, Will (Courage only) and Might
to pass, the same-source rule, Terror, Broken armies and Stand Fast, separated mounts."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any, Literal

from .battlefield import can_see, is_engaged
from .casualties import check_wiped_out, remove_casualty
from .characteristics import courage, intelligence
from .effects import courage_passed_by, held_by, terrifying
from .frame import Action, Ctx, Frame, Option, Pending
from .heroic import resolute
from .might import Store, available, odds, raisable, spend
from .state import SIDES, BattleState, Model, Side, side_name

STAND_FAST_RANGE = 6.0
TERROR = "Terror"
BROKEN = "Broken army"
SEPARATED = "Separated mount"
ASKED = "asked: "
"""Begins the source of a test a player asked for, so that it never counts as, nor is counted by,
a test the referee takes for a rule of its own, whatever reason the player gives."""


def need(state: BattleState, model: Model, kind: str) -> int:
    return courage(state, model) if kind == "courage" else intelligence(state, model)


@cache
def chance_to_pass(target: int, bonus: int = 0, three_dice: bool = False) -> Fraction:
    """Exact chance that 2D6 (or 3D6 dropping the highest) plus `bonus` reaches `target`."""
    rolls = list(product(range(1, 7), repeat=3 if three_dice else 2))
    totals = [sum(r) - (max(r) if three_dice else 0) for r in rolls]
    return Fraction(sum(1 for t in totals if t + bonus >= target), len(totals))


def causes_terror(state: BattleState, model: Model) -> bool:
    return TERROR in model.profile.special_rules or terrifying(state, model)


def auto_pass_reason(state: BattleState, model: Model, kind: str, source: str) -> str | None:
    """Why `model` passes this test without rolling, if it does."""
    if source in model.passed_tests:
        return f"it has already passed a test for {source.removeprefix(ASKED)} this turn"
    if kind != "courage":
        return None
    passed = courage_passed_by(state, model)
    if passed:
        return passed
    if source == BROKEN:
        if resolute(model):
            return "its Heroic Resolve"
        if not model.is_hero:
            for hero in state.army_models(model.side):
                if (
                    hero.stand_fast
                    and hero.distance_to(model) <= STAND_FAST_RANGE
                    and can_see(state, model, hero)
                ):
                    return f"{hero.name}'s Stand Fast"
    return None


def roll_test(
    ctx: Ctx,
    roller: str,
    name: str,
    test: str,
    reason: str,
    target: int,
    three_dice: bool = False,
    **data: Any,
) -> list[int]:
    """Roll a Courage or Intelligence test for `roller` (2D6, or 3D6 dropping the highest), say
    what came up, and return the dice kept (their sum is the total)."""
    faces = ctx.dice.roll(3 if three_dice else 2, test, roller)
    kept = list(faces)
    if three_dice:
        kept.remove(max(kept))
    total = sum(kept)
    shown = " + ".join(map(str, kept)) + (f" (dropping {max(faces)})" if three_dice else "")
    result = "passed" if total >= target else "failed"
    ctx.log(
        "test",
        f"{name} takes a {test.capitalize()} test ({reason}), needing {target}+: rolls {shown} = {total}, {result}.",
        model=roller,
        test=test,
        faces=faces,
        total=total,
        need=target,
        success=total >= target,
        **data,
    )
    return kept


@dataclass(slots=True)
class Test(Frame):
    """A Courage or Intelligence test of `model` caused by `source` (a rule's name).

    On a pass the model passes every later test for the same source this turn. On a fail the
    consequence named by `on_fail` happens ("flee", or nothing more: the caller reads the
    result from `model.passed_tests`)."""

    kind = "test"
    model: str
    test: Literal["courage", "intelligence"]
    source: str
    reason: str
    on_fail: Literal["", "flee"] = ""
    three_dice: bool = False
    total: int = 0
    kept: list[int] = field(default_factory=list)
    rolled: bool = False

    def needed(self, state: BattleState, model: Model) -> int:
        """The score the test needs (a second ruleset adds its own modifiers)."""
        return need(state, model, self.test)

    def auto_pass(self, state: BattleState, model: Model) -> str | None:
        return auto_pass_reason(state, model, self.test, self.source)

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        model = state.model(self.model)
        if self.rolled:
            return True
        name = self.test.capitalize()
        target = self.needed(state, model)
        if self.source == SEPARATED and model.profile.attacks == 0:
            ctx.log(
                "test",
                f"{model.name} has no Attacks and fails its {name} test as a separated mount.",
                model=model.id,
            )
            self._failed(ctx, model)
            return False
        auto = self.auto_pass(state, model)
        if auto:
            ctx.log(
                "test",
                f"{model.name} passes its {name} test ({self.reason}): {auto}.",
                model=model.id,
                auto=True,
            )
            self._passed(ctx, model)
            return False
        self.kept = roll_test(ctx, model.id, model.name, self.test, self.reason, target, self.three_dice)
        self.total = sum(self.kept)
        self.rolled = True
        if self.total >= target:
            self._passed(ctx, model)
            return False
        if self._spends(state, model):
            return True
        self._failed(ctx, model)
        return False

    def _spends(self, state: BattleState, model: Model) -> list[tuple[int, int]]:
        """Ways to make up the shortfall with exactly enough Will and Might."""
        short = self.needed(state, model) - self.total
        will = available(model, "will") if self.test == "courage" else 0  # Will helps Courage only
        might = raisable(model, self.kept)
        return [(w, short - w) for w in range(min(will, short), -1, -1) if 0 <= short - w <= might]

    def _passed(self, ctx: Ctx, model: Model) -> None:
        if self.source not in model.passed_tests:
            model.passed_tests.append(self.source)
        ctx.pop(self)

    def _failed(self, ctx: Ctx, model: Model) -> None:
        ctx.pop(self)
        if self.on_fail == "flee":
            remove_casualty(ctx, model, "fled")
            check_wiped_out(ctx)

    def pending(self, state: BattleState) -> Pending:
        model = state.model(self.model)
        return Pending(
            model.side,
            "spend_on_test",
            f"{model.name}'s {self.test.capitalize()} test ({self.reason}) fails with {self.total}: spend points?",
            {"model": model.id, "total": self.total, "need": self.needed(state, model)},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        model = state.model(self.model)
        choices: list[Option] = []
        for will, might in self._spends(state, model):
            parts = [f"{n} {stat}" for n, stat in ((will, "Will"), (might, "Might")) if n]
            choices.append(
                Action(
                    "spend_on_test",
                    f"Spend {' and '.join(parts)}: the test is passed",
                    {"type": "spend", "model": model.id, "will": will, "might": might},
                    odds=odds(("the test is passed", 1)),
                )
            )
        consequence = {"flee": f"{model.name} flees", "": "the test is failed"}.get(
            self.on_fail, "the test is failed"
        )
        choices.append(Action("keep", f"Keep the roll: {consequence}", {"type": "keep"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        model = ctx.state.model(self.model)
        if command["type"] == "keep":
            self._failed(ctx, model)
            return
        why = f"on the {self.test.capitalize()} test of {self.total}"
        stores: tuple[Store, ...] = ("will", "might")
        for stat in stores:
            if command[stat]:
                spend(ctx, model, stat, int(command[stat]), why)
        self._passed(ctx, model)


def broken_check(ctx: Ctx) -> None:
    """At the start of a turn an army whose casualties exceed its Break Point is Broken."""
    state = ctx.state
    for side in SIDES:
        army = state.armies[side]
        casualties = state.casualties(side)
        if not army.broken and casualties > army.break_point:
            army.broken = True
            ctx.log(
                "broken",
                f"{army.name} is Broken: {casualties} casualties, more than its Break Point of {army.break_point:g}.",
                side=side,
            )


def broken_test(state: BattleState, model: Model) -> Test | None:
    """The Courage test a model of a Broken army takes when it activates: none when it cannot
    Activate (Engaged, or held by a power), except that a Hero who declared a Heroic Resolve
    activates while Engaged, to call Stand Fast."""
    if not state.armies[model.side].broken:
        return None
    if held_by(state, model) is not None or (is_engaged(state, model) and not resolute(model)):
        return None
    return Test(model.id, "courage", BROKEN, "its army is Broken", on_fail="flee")


def call_stand_fast(ctx: Ctx, model: Model) -> None:
    """A Hero that passed its Broken test calls Stand Fast at the end of its activation."""
    state = ctx.state
    if not model.is_hero or not model.on_board or BROKEN not in model.passed_tests:
        return
    if held_by(state, model) is not None:
        return
    model.stand_fast = True
    ctx.log("stand_fast", f'{model.name} calls "Stand Fast!"', model=model.id)


def manual_test_action(state: BattleState, side: Side) -> Action | None:
    """A test the referee rolls on request, for rules the app does not model (with a reason). It
    stands for none of the tests the referee takes itself, even one asked for by the same name."""
    models = [m for m in state.army_models(side) if m.x >= 0]
    if not models:
        return None
    return Action(
        "take_test",
        "Take a Courage or Intelligence test",
        {"type": "take_test"},
        {
            "model": {"type": "choice", "options": [{"value": m.id, "label": m.name} for m in models]},
            "test": {
                "type": "choice",
                "options": [
                    {"value": "courage", "label": "Courage"},
                    {"value": "intelligence", "label": "Intelligence"},
                ],
            },
            "reason": {"type": "text", "max_length": 80},
        },
        group="tests",
    )


def start_manual_test(ctx: Ctx, side: Side, command: dict[str, Any]) -> None:
    reason = " ".join(str(command["reason"]).split())
    model = ctx.state.model(command["model"])
    ctx.log(
        "test_asked",
        f"{side_name(side)} asks for a {command['test'].capitalize()} test for {model.name}: {reason}.",
    )
    ctx.push(Test(model.id, command["test"], ASKED + reason, reason))
