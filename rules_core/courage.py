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
from .effects import (
    Lasting,
    courage_passed_by,
    courage_penalty,
    held_by,
    intelligence_penalty,
    register_lasting,
    terrifying,
)
from .frame import Action, Ctx, Frame, Option, Pending
from .heroic import resolute
from .might import Store, available, odds, raisable, spend
from .special_rules import TERROR as TERROR_RULE
from .special_rules import against, on_model, shaped, to_apply_by_hand
from .special_rules.active import active, guarded_hero, named, near_friend
from .special_rules.shapes import Aura, AutoPass, CountsAs, NoStandFast, StandFast, StatBonus
from .state import SIDES, BattleState, Effect, Model, Side, other, side_name
from .wargear import carries

STAND_FAST_RANGE = 6.0
WAR_HORN_RANGE = 24.0
WAR_HORN_STAND_FAST = 3.0
"""Once a game a war horn lengthens a friendly Hero's Stand Fast by this much."""
HORN_BLOWN = "war_horn_blown"
HORN_STAND_FAST = "war_horn_stand_fast"
register_lasting(HORN_BLOWN, "War horn blown", Lasting(quiet=True))
register_lasting(HORN_STAND_FAST, "Stand Fast lengthened by a war horn")
TERROR = TERROR_RULE.name
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


def horn_bonus(state: BattleState, model: Model) -> int:
    """+1 to a Courage test within 24" of a friendly war horn (horns do not add up)."""
    near = any(
        carries(m, "war horn") and (m.id == model.id or m.distance_to(model) <= WAR_HORN_RANGE + 1e-9)
        for m in state.army_models(model.side)
    )
    return 1 if near else 0


def courage_modifier(state: BattleState, model: Model) -> tuple[int, str]:
    """What is added to the model's Courage test, and from what: +1 within 24" of a friendly war
    horn; -1 within range of an enemy's Harbinger of Evil (never more, and not for a model with
    the rule itself)."""
    parts: list[tuple[int, str]] = []
    if horn_bonus(state, model):
        parts.append((1, "war horn"))
    named_already: set[str] = set()
    for use, shape in active(state, model, StatBonus):
        if shape.stat == "courage_test" and shape.delta and use.name not in named_already:
            named_already.add(use.name)  # one rule counts once, however many models give it
            parts.append((shape.delta, use.name))
    for penalty in (aura_penalty(state, model), courage_penalty(state, model)):
        if penalty:
            parts.append(penalty)
    return sum(n for n, _ in parts), ", ".join(name for _, name in parts)


def aura_penalty(state: BattleState, model: Model) -> tuple[int, str] | None:
    """The Courage modifier enemies' aura rules give the model: the worst of those that never add
    up (Harbinger of Evil), and each other rule once (War Aspect), however many models have it."""
    own = {use.spec for use, _ in shaped(model, Aura)}
    worst: tuple[int, str] | None = None
    added: dict[str, int] = {}
    for enemy in state.army_models(other(model.side)):
        for use, aura in shaped(enemy, Aura):
            reach = aura.reach or (use.param.inches if use.param is not None else 0.0)
            if (
                aura.test != "courage"
                or aura.who != "enemies"
                or use.spec in own
                or enemy.distance_to(model) > reach + 1e-9
            ):
                continue
            if aura.stacking == "add":
                added[use.name] = aura.delta
            elif worst is None or aura.delta < worst[0]:
                worst = (aura.delta, use.name)
    if not added:
        return worst
    parts = ([worst] if worst else []) + [(delta, name) for name, delta in added.items()]
    return sum(d for d, _ in parts), ", ".join(name for _, name in parts)


def rule_passes(state: BattleState, model: Model) -> str | None:
    """The special rule (its own, or a friend's aura) that passes the model's Courage tests without
    a roll, if one does now."""
    for use, auto in active(state, model, AutoPass):
        if auto.while_ == "guarded_hero_alive":
            hero = guarded_hero(state, model)
            if hero is not None and hero.on_board:
                return f"{use.name} ({hero.name} is on the battlefield)"
            continue
        if auto.while_ == "named_model_alive":
            name = use.param.keyword if use.param is not None else ""
            friend = next(
                (m for m in state.army_models(model.side) if m.id != model.id and named(m, name)), None
            )
            if friend is not None:
                return f"{use.name} ({friend.name} is on the battlefield)"
            continue
        if auto.when.near is not None:
            near = near_friend(state, model, auto.when.near)
            return f"{use.name} ({near.name} is near)" if near is not None else use.name
        return use.name
    return None


WHOLE_BATTLEFIELD = 1000.0


def stand_fast_range(state: BattleState, hero: Model) -> float:
    """How far the hero's Stand Fast reaches: 6", or what its special rule says (the whole
    battlefield for some), and a war horn's 3" more."""
    reaches = [shape.reach or WHOLE_BATTLEFIELD for _, shape in shaped(hero, StandFast)]
    return max(reaches, default=STAND_FAST_RANGE) + sum(
        e.value for e in state.effects if e.kind == HORN_STAND_FAST and e.target == hero.id
    )


def stands_fast_for(state: BattleState, hero: Model, model: Model) -> bool:
    """Whether `model` may benefit from `hero`'s Stand Fast (in range and sight is asked apart):
    Warriors may, Heroes only those its rule names; only the keywords a rule allows; never the
    Stand Fast of a model whose rule forbids it."""
    if shaped(hero, NoStandFast):
        return False
    keywords = set(model.profile.keywords) | ({"Hero"} if model.is_hero else set())
    rules = [shape for _, shape in shaped(hero, StandFast)]
    if any(shape.only and not set(shape.only) & keywords for shape in rules):
        return False
    if not model.is_hero:
        return True
    return any(shape.heroes and set(shape.heroes) <= keywords for shape in rules)


def in_stand_fast_range(state: BattleState, hero: Model, model: Model) -> bool:
    """Within the hero's Stand Fast, or anywhere for a model whose rule says so (Vanguard)."""
    anywhere = any(shape.what == "stand_fast_any_range" for _, shape in shaped(model, CountsAs))
    return anywhere or hero.distance_to(model) <= stand_fast_range(state, hero)


def causes_terror(state: BattleState, model: Model, charger: Model) -> bool:
    """Whether `charger` must test Courage to charge `model`: its Terror (only a charger with the
    keyword of `Terror (X)`), or a Terrifying Aura on it."""
    return terrifying(state, model) or any(
        against(use, charger.profile) for use in on_model(model, TERROR_RULE)
    )


def auto_pass_reason(state: BattleState, model: Model, kind: str, source: str) -> str | None:
    """Why `model` passes this test without rolling, if it does."""
    if source in model.passed_tests:
        return f"it has already passed a test for {source.removeprefix(ASKED)} this turn"
    if kind != "courage":
        return None
    passed = courage_passed_by(state, model) or rule_passes(state, model)
    if passed:
        return passed
    if source == BROKEN:
        if resolute(model):
            return "its Heroic Resolve"
        for hero in state.army_models(model.side):
            if (
                hero.stand_fast
                and hero.id != model.id
                and stands_fast_for(state, hero, model)
                and in_stand_fast_range(state, hero, model)
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
    bonus: int = 0,
    bonus_from: str = "",
    **data: Any,
) -> list[int]:
    """Roll a Courage or Intelligence test for `roller` (2D6, or 3D6 dropping the highest), say
    what came up (with `bonus` added, from `bonus_from`), and return the dice kept (the total is
    their sum and the bonus)."""
    faces = ctx.dice.roll(3 if three_dice else 2, test, roller)
    kept = list(faces)
    if three_dice:
        kept.remove(max(kept))
    total = sum(kept) + bonus
    shown = " + ".join(map(str, kept)) + (f" (dropping {max(faces)})" if three_dice else "")
    if bonus:
        shown += f" = {sum(kept)}, {bonus:+d} ({bonus_from})"
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
    bonus: int = 0

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
        feral = next((use.name for use, s in shaped(model, CountsAs) if s.what == "flees_alone"), "")
        if self.source == SEPARATED and (model.profile.attacks == 0 or feral):
            why = f"is {feral}" if feral else "has no Attacks"
            ctx.log(
                "test",
                f"{model.name} {why} and fails its {name} test as a separated mount.",
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
        if self.test == "courage":
            self.bonus, bonus_from = courage_modifier(state, model)
        else:
            penalty, bonus_from = intelligence_penalty(state, model)
            self.bonus = -penalty
        self.kept = roll_test(
            ctx, model.id, model.name, self.test, self.reason, target, self.three_dice, self.bonus, bonus_from
        )
        self.total = sum(self.kept) + self.bonus
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


@dataclass(slots=True)
class TimidTest(Test):
    """A Timid mount's Courage test before its Cavalry model charges (docs/rules/special-rules.md
    §2.41): taken with the rider's Courage or the mount's, whichever is better, and never passed
    without a roll (Fearless, an aura, Sworn Protector do not apply), but once a turn."""

    kind = "timid_test"

    def needed(self, state: BattleState, model: Model) -> int:
        own = need(state, model, "courage")
        mount = model.mount
        if mount is None:
            return own
        return min(own, mount.profile.courage + mount.stat_mods.get("courage", 0))

    def auto_pass(self, state: BattleState, model: Model) -> str | None:
        if self.source in model.passed_tests:
            return f"it has already passed a test for {self.source} this turn"
        return None


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
    """A Hero that passed its Broken test calls Stand Fast at the end of its activation; a war horn
    in its range may lengthen it, once a game."""
    state = ctx.state
    if not model.is_hero or not model.on_board or BROKEN not in model.passed_tests:
        return
    if held_by(state, model) is not None:
        return
    model.stand_fast = True
    ctx.log("stand_fast", f'{model.name} calls "Stand Fast!"', model=model.id)
    if horn_for(state, model) is not None:
        ctx.push(HornCall(model.id))


def horn_for(state: BattleState, hero: Model) -> Model | None:
    """A friendly war horn within the Hero's Stand Fast range, not yet blown, that would reach a
    friendly Warrior its Stand Fast does not reach now (else there is nothing to ask)."""
    bearers = [
        m
        for m in state.army_models(hero.side)
        if carries(m, "war horn")
        and (m.id == hero.id or hero.distance_to(m) <= STAND_FAST_RANGE + 1e-9)
        and not any(e.kind == HORN_BLOWN and e.source == m.id for e in state.effects)
    ]
    reach = stand_fast_range(state, hero)
    gains = any(
        not m.is_hero and reach < hero.distance_to(m) <= reach + WAR_HORN_STAND_FAST
        for m in state.army_models(hero.side)
    )
    return bearers[0] if bearers and gains else None


@dataclass(slots=True)
class HornCall(Frame):
    """Blow the war horn to lengthen this Stand Fast by 3" (once a game), or keep it."""

    kind = "horn_call"
    hero: str

    def step(self, ctx: Ctx) -> bool:
        return True

    def pending(self, state: BattleState) -> Pending:
        hero = state.model(self.hero)
        label = f'{hero.name} calls Stand Fast: blow the war horn to reach 3" further (once a game)?'
        return Pending(hero.side, "war_horn", label, {"model": hero.id})

    def options(self, state: BattleState, side: Side) -> list[Option]:
        hero = state.model(self.hero)
        longer = (
            f'Blow the war horn: Stand Fast reaches {stand_fast_range(state, hero) + WAR_HORN_STAND_FAST:g}"'
        )
        return [
            Action("war_horn", longer, {"type": "horn", "blow": True}),
            Action("war_horn", "Keep the war horn for later", {"type": "horn", "blow": False}),
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        hero = state.model(self.hero)
        bearer = horn_for(state, hero)
        ctx.pop(self)
        if not command["blow"] or bearer is None:
            return
        state.effects.append(Effect(HORN_BLOWN, bearer.id, "War horn blown", bearer.id, "battle"))
        state.effects.append(
            Effect(
                HORN_STAND_FAST,
                bearer.id,
                'Stand Fast +3" (war horn)',
                hero.id,
                "end",
                int(WAR_HORN_STAND_FAST),
            )
        )
        ctx.log(
            "war_horn",
            f"{bearer.name} blows the war horn: {hero.name}'s Stand Fast reaches 3\" further.",
            model=hero.id,
        )


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
            "reason": {
                "type": "text",
                "max_length": 80,
                "suggestions": [rule.name for rule in to_apply_by_hand(models)],
            },
        },
        group="tests",
    )


def start_manual_test(ctx: Ctx, side: Side, command: dict[str, Any]) -> None:
    # Printable characters only: a control or bidi character would reorder the log others read.
    reason = " ".join("".join(c for c in str(command["reason"]) if c.isprintable() or c.isspace()).split())
    model = ctx.state.model(command["model"])
    ctx.log(
        "test_asked",
        f"{side_name(side)} asks for a {command['test'].capitalize()} test for {model.name}: {reason}.",
    )
    ctx.push(Test(model.id, command["test"], ASKED + reason, reason))
