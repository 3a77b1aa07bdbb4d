"""Courage for stands (§13): a stand tests with its own Courage, or one of its heroes takes the test
for it with his Courage, Will and Might (the skirmish `courage.Test`); Stand Fast; Terror.

A `StandTest` records a pass in the stand's `passed_tests` (a pass covers the rest of the turn for
the same source); its caller reads the result there, as skirmish callers read a model's.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, Literal

from ..courage import BROKEN, Test, chance_to_pass, need, roll_test
from ..frame import Action, Ctx, Frame, Option, Pending
from ..heroic import resolute
from ..might import available
from ..state import BattleState, Model, Side
from .cards import courage_bonus, stand_fast_range
from .lasting import courage_effects
from .odds import exact_odds
from .sight import base_points, in_sight, sight_points
from .state import MassState, Shape, Stand, gap, mass, shape_of

MIN_NEED = 2
FACES2 = list(product(range(1, 7), repeat=2))


def courage_modifiers(state: MassState, stand: Stand) -> list[tuple[str, int]]:
    """What a stand's Courage tests gain or lose: Rallying Presence, Aura of Command / Dismay."""
    found: list[tuple[str, int]] = []
    bonus = courage_bonus(state.hands(stand.id))
    if bonus:
        found.append(("Rallying Presence", bonus))
    return found + courage_effects(state, stand)


def stand_need(state: MassState, stand: Stand) -> int:
    return max(MIN_NEED, stand.stats.courage - sum(v for _, v in courage_modifiers(state, stand)))


def _points(shape: Shape) -> list[tuple[float, float]]:
    return base_points(*shape) if isinstance(shape, tuple) else sight_points(shape)


def stand_fast_by(state: MassState, stand: Stand) -> Model | None:
    """§13: a friendly hero who called Stand Fast this phase, with the stand's nearest point within
    his reach (6", 12" with Rallying Presence) of him (his stand's footprint when attached), in
    sight past sight-blocking terrain."""
    field = state.field()
    for hero in (m for m in state.models.values() if m.on_board and m.side == stand.side and m.stand_fast):
        reach = stand_fast_range(state.heroes[hero.id].cards)
        mine, theirs = shape_of(state, hero.id), stand.rect
        if gap(mine, theirs) <= reach + 1e-6 and in_sight(field, _points(mine), sight_points(theirs)):
            return hero
    return None


def auto_pass(state: MassState, stand: Stand, source: str) -> str | None:
    """Why a stand passes a test without rolling, if it does."""
    if source in stand.passed_tests:
        return f"it has already passed a test for {source} this turn"
    if source != BROKEN:
        return None
    steady = next((h for h in state.attached(stand.id) if resolute(h)), None)
    if steady is not None:
        return f"{steady.name}'s Heroic Resolve"
    calling = stand_fast_by(state, stand)
    return f"{calling.name}'s Stand Fast" if calling is not None else None


def hero_chance(state: MassState, stand: Stand, hero: Model) -> Fraction:
    """The chance a hero passes a test for his stand, spending all the Will and Might he may (Might
    never taking a die past 6), by enumerating the dice."""
    will, might = available(hero, "will"), available(hero, "might")
    target = need(state, hero, "courage") - sum(v for _, v in courage_modifiers(state, stand))
    passing = sum(1 for a, b in FACES2 if a + b + will + min(might, 12 - a - b) >= target)
    return Fraction(passing, 36)


@dataclass(slots=True)
class HeroTestForStand(Test):
    """A hero takes his stand's test (§13) with his Courage, Will and Might, and the stand's
    Courage modifiers; whether the stand passes without a roll is asked before (`StandTest`)."""

    kind = "stand_hero_test"
    bonus: int = 0

    def needed(self, state: BattleState, model: Model) -> int:
        return max(MIN_NEED, need(state, model, self.test) - self.bonus)

    def auto_pass(self, state: BattleState, model: Model) -> str | None:
        return None


@dataclass(slots=True)
class StandTest(Frame):
    """A stand's Courage test for `source` (Broken army, Terror). With heroes attached, its owner
    may have one of them take it instead (asked only when a hero could do better)."""

    kind = "stand_test"
    stand: str
    source: str
    reason: str
    stage: Literal["start", "choose", "hero"] = "start"
    tester: str = ""

    def step(self, ctx: Ctx) -> bool:
        state = mass(ctx.state)
        stand = state.stand(self.stand)
        if self.stage == "hero":
            self._done(ctx, stand, self.source in state.model(self.tester).passed_tests)
            return False
        if self.stage == "choose":
            return True
        auto = auto_pass(state, stand, self.source)
        if auto:
            ctx.log(
                "test",
                f"{stand.name} passes its Courage test ({self.reason}): {auto}.",
                model=stand.id,
                stand=stand.id,
                auto=True,
            )
            self._done(ctx, stand, True)
            return False
        own = chance_to_pass(stand_need(state, stand))
        if any(hero_chance(state, stand, h) > own for h in state.attached(stand.id)):
            self.stage = "choose"
            return True
        self._roll(ctx, stand)
        return False

    def _roll(self, ctx: Ctx, stand: Stand) -> None:
        state = mass(ctx.state)
        target = stand_need(state, stand)
        kept = roll_test(ctx, stand.id, stand.name, "courage", self.reason, target, stand=stand.id)
        self._done(ctx, stand, sum(kept) >= target)

    def _done(self, ctx: Ctx, stand: Stand, passed: bool) -> None:
        if passed and self.source not in stand.passed_tests:
            stand.passed_tests.append(self.source)
        ctx.pop(self)

    def pending(self, state: BattleState) -> Pending:
        stand = mass(state).stand(self.stand)
        return Pending(
            stand.side,
            "choose_tester",
            f"Who takes {stand.name}'s Courage test ({self.reason})?",
            {"stand": stand.id, "source": self.source},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        stand = game.stand(self.stand)
        own = stand_need(game, stand)
        choices: list[Option] = [
            Action(
                "test_with",
                f"{stand.name} tests with its own Courage ({own}+)",
                {"type": "test_with", "tester": stand.id},
                odds=exact_odds(("pass", "the test is passed", chance_to_pass(own))),
            )
        ]
        for hero in game.attached(stand.id):
            will, might = available(hero, "will"), available(hero, "might")
            choices.append(
                Action(
                    "test_with",
                    f"{hero.name} takes the test (Courage {need(state, hero, 'courage')}+, "
                    f"{will} Will and {might} Might to add if it fails)",
                    {"type": "test_with", "tester": hero.id},
                    odds=exact_odds(("pass", "the test is passed", hero_chance(game, stand, hero))),
                )
            )
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass(ctx.state)
        stand = state.stand(self.stand)
        if command["tester"] == stand.id:
            self._roll(ctx, stand)
            return
        hero = state.model(command["tester"])
        self.tester, self.stage = hero.id, "hero"
        ctx.log("tester", f"{hero.name} takes the test for {stand.name}.", hero=hero.id, stand=stand.id)
        bonus = sum(v for _, v in courage_modifiers(state, stand))
        ctx.push(HeroTestForStand(hero.id, "courage", self.source, self.reason, bonus=bonus))
