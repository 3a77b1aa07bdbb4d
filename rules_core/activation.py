"""The Move phase: each side activates its models one at a time; an activation may cast, stand,
move or charge (a Terror test first), and a Hero's shout brings friends with it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any, Literal

from .battlefield import CONTROL_ZONE, enemies
from .cavalry import ThrownRiders, dismount, why_cannot_dismount
from .chance import percent
from .characteristics import move_allowance
from .contact import nearest_contact
from .courage import (
    TERROR,
    Test,
    TimidTest,
    auto_pass_reason,
    broken_test,
    call_stand_fast,
    causes_terror,
    chance_to_pass,
    courage_modifier,
    need,
)
from .crossing import chance_odds, fall, might_helps, might_outcome, percent_over, result_of, roll
from .effects import Lasting, held_by, made_fearful, register_lasting, terror_on_three_dice
from .errors import RuleViolation
from .frame import Action, Ctx, Frame, Option, Pending, Refusal
from .geometry import Point, dist, inches, path_length
from .group_move import GROUP_MOVE, begin_group_move, group_move_option
from .heroic import (
    SHOUTS,
    cancel_stalled_marches,
    challenge_partner,
    has_heroic_march,
    shout_hears,
    shout_params,
)
from .magic import begin_cast, cast_options
from .matchup import Surroundings, charge_odds
from .might import might_choice, might_pending, pay_might
from .movement import (
    MOVE_TOLERANCE,
    NEAR_RANGE,
    can_move,
    check_path,
    full_path,
    knock_prone,
    marching,
    move_model,
    must_end_near,
    path_cost,
    split_path,
)
from .shooting import Shot
from .special_rules import FEARFUL, TIMID, VISAGE_OF_TERROR, has, model_has
from .state import BattleState, Effect, Model, Side, side_name
from .terrain import Crossing, crossings, difficult_extra, true_height, zone_reaches
from .throwing import stop_short, throw_param, why_cannot_throw, why_not_throw_at


def activation_options(
    state: BattleState,
    models: list[Model],
    shout: str = "",
    near: str = "",
    begun: bool = False,
    left: float = -1.0,
) -> list[Option]:
    """How each model may activate; `left` is what remains of its move when it goes on moving."""
    options: list[Option] = []
    around = cache(partial(Surroundings.of, state))  # worked out once, if any charge has a target
    for model in models:
        allowance = left if left >= 0 else move_allowance(state, model)
        path = {"type": "path", "max_length": allowance}
        group = model.id
        shouting = shout or ("heroic_march" if has_heroic_march(state, model) else "")
        extra = shout_params(state, model, shouting) if shouting else {}
        blocked = can_move(state, model)
        if blocked is None and model.climb:
            options.append(_climb_on_option(state, model))
            if model.climb > true_height(model) + 1e-9:
                blocked = f'{model.name} hangs {model.climb:g}" up the face and can only climb on or stay.'
        partner = challenge_partner(state, model) if blocked is None else None
        if partner is not None and model.distance_to(partner) > allowance + 1e-6:
            partner = None
        if blocked is None:
            if partner is None:
                options.append(
                    Action(
                        "move",
                        f"Move {model.name}",
                        {"type": "move", "model": model.id},
                        {"path": path, **extra},
                        group=group,
                    )
                )
            else:
                options.append(
                    Refusal(
                        {"type": "move", "model": model.id},
                        "must_charge",
                        f"{model.name} must charge {partner.name}: they are in a Heroic Challenge.",
                    )
                )
            options.extend(_charge_options(state, model, allowance, path, extra, partner, around))
        if model.mount is not None:
            options.append(_dismount_option(state, model))
        stand = {"type": "stand", "model": model.id}
        too_far = None if begun else _stand_refused(state, model, near)
        if too_far:
            options.append(Refusal(stand, "too_far_from_hero", too_far))
        else:
            options.append(Action("stand", f"{model.name} stays put", stand, extra, group=group))
    return options


def _charge_options(
    state: BattleState,
    model: Model,
    allowance: float,
    path: dict[str, Any],
    extra: dict[str, Any],
    partner: Model | None,
    around: Callable[[], Surroundings],
) -> list[Option]:
    options: list[Option] = []
    command = {"type": "charge", "model": model.id}
    march = marching(state, model)
    if march is not None:
        return [
            Refusal(
                command,
                "no_charge",
                f"{model.name} is under {march.label} and cannot charge this Move phase.",
            )
        ]
    reachable = []
    for enemy in enemies(state, model.side):
        gap = model.distance_to(enemy)
        if partner is not None and enemy.id != partner.id:
            options.append(
                Refusal(
                    {**command, "target": enemy.id},
                    "must_charge",
                    f"{model.name} must charge {partner.name}.",
                )
            )
        elif gap <= allowance + 1e-6:
            reachable.append(enemy)
        else:
            options.append(
                Refusal(
                    {**command, "target": enemy.id},
                    "out_of_reach",
                    f"{enemy.name} is {inches(gap, allowance)} away; {model.name}'s Move is {allowance:g}\".",
                )
            )
    if reachable:
        targets = {
            "type": "choice",
            "options": [
                {
                    "value": e.id,
                    "label": _target_label(state, model, e),
                    "odds": charge_odds(state, model, e, around()),
                }
                for e in reachable
            ],
        }
        options.append(
            Action(
                "charge",
                f"Charge with {model.name}",
                command,
                {"target": targets, "path": path, **extra, **throw_param(state, model)},
                group=model.id,
            )
        )
    return options


def hanging_crossing(state: BattleState, model: Model) -> Crossing | None:
    """The climb a model hanging part way up a face goes on with: from the foot to where it will stand."""
    if not model.climb_on or len(model.climb_to) != 2:
        return None
    climb = [
        c
        for c in crossings(state, model, [model.pos, (model.climb_to[0], model.climb_to[1])])
        if c.needs_test
    ]
    return climb[0] if climb else None


def _climb_on_option(state: BattleState, model: Model) -> Option:
    command = {"type": "climb_on", "model": model.id}
    climb = hanging_crossing(state, model)
    if climb is None:
        return Refusal(command, "cannot_cross", f"{model.name} has nothing left to climb.")
    label = f'{model.name} climbs on ({climb.what()}, {model.climb:g}" up: {percent_over(model, climb)})'
    return Action("climb_on", label, command, odds=chance_odds(model, climb), group=model.id)


def _dismount_option(state: BattleState, model: Model) -> Option:
    command = {"type": "dismount", "model": model.id}
    reason = why_cannot_dismount(state, model)
    if reason:
        return Refusal(command, "not_allowed", reason)
    assert model.mount is not None
    return Action("dismount", f"{model.name} dismounts from {model.mount.name}", command, group=model.id)


def _target_label(state: BattleState, model: Model, target: Model) -> str:
    """A charge target's name, with the Courage test and its chance when it causes Terror and the
    charger would roll for it (not when it passes without rolling: an aura, a test passed already)."""
    if not causes_terror(state, target, model) or auto_pass_reason(state, model, "courage", TERROR):
        return target.name
    courage = need(state, model, "courage")
    three = terror_on_three_dice(state, target)
    chance = chance_to_pass(courage, courage_modifier(state, model)[0], three_dice=three)
    dice = " on 3D6 dropping the highest" if three else ""
    return f"{target.name} (Terror: Courage {courage}+{dice}, {percent(chance)})"


def start_activation(
    ctx: Ctx, command: dict[str, Any], near: str = "", begun: bool = False, left: float = -1.0
) -> Activation:
    """Check an activation command fully before anything happens; return the frame to run it.

    A model whose activation has `begun` (it has cast) may always stay where it is: it can no
    longer forgo its activation, so if With Me would have it end further away it simply stops.
    `left`: what remains of its move, when it goes on moving."""
    state = ctx.state
    model = state.model(command["model"])
    kind = command["type"]
    anchor = must_end_near(state, model, near)
    if kind == "dismount":
        return Activation(model.id, "", dismounting=True, shout="", near=near)
    if kind == "stand":
        refused = None if begun else _stand_refused(state, model, near)
        if refused:
            raise RuleViolation("too_far_from_hero", refused)
        return Activation(model.id, "stand", [])
    if kind == "climb_on":
        return Activation(model.id, "climb_on", [list(model.pos), list(model.climb_to)])
    points = full_path(model, command["path"])
    target = state.model(command["target"]) if kind == "charge" else None
    allowance = left if left >= 0 else move_allowance(state, model)

    def legal(path: list[Point]) -> None:
        check_path(state, model, path, allowance, target, tests=True)
        if anchor:
            _check_near(model, path[-1], anchor)

    if target is not None:
        points = nearest_contact(state, model, target, points, legal)
    if len(points) < 2:
        return Activation(model.id, "stand", [])
    if target is None:
        legal(points)
    throw = bool(command.get("throw")) and target is not None
    if throw:
        assert target is not None
        reason = why_cannot_throw(state, model) or why_not_throw_at(
            state, model, target, stop_short(model, target, points)[0][-1]
        )
        if reason:
            raise RuleViolation("cannot_throw", reason)
    return Activation(model.id, kind, [list(p) for p in points], target.id if target else None, throw=throw)


def _stand_refused(state: BattleState, model: Model, near: str) -> str | None:
    """A model answering With Me may stay put only if that already leaves it within 6" of the Hero."""
    anchor = must_end_near(state, model, near)
    if not anchor or anchor[1] != "With Me":
        return None
    try:
        _check_near(model, model.pos, anchor)
    except RuleViolation as refused:
        return refused.message
    return None


def _check_near(model: Model, end: Point, anchor: tuple[Model, str]) -> None:
    hero, why = anchor
    if dist(end, hero.pos) - model.radius - hero.radius > NEAR_RANGE + 1e-6:
        raise RuleViolation(
            "too_far_from_hero", f'{model.name} must finish within 6" of {hero.name} ({why}).'
        )


def begin_activation(
    ctx: Ctx,
    command: dict[str, Any],
    shout: str = "",
    near: str = "",
    tested: bool = False,
    left: float = -1.0,
) -> list[Model]:
    """Start a model's activation, with its shout if it makes one; return the friends it affects.

    A cast command starts an activation that casts first and then asks how the model moves.
    `tested` continues an activation whose Broken army test is already behind it."""
    state = ctx.state
    if command["type"] == "cast":
        begin_cast(ctx, command)
        ctx.push(Activation(command["model"], "", cast=dict(command), shout=shout, near=near))
        return []
    activation = start_activation(ctx, command, near, begun=tested, left=left)
    if tested and not activation.dismounting:
        activation.stage = "terror"
    model = state.model(command["model"])
    shouting = shout or ("heroic_march" if has_heroic_march(state, model) else "")
    affected: list[Model] = []
    if shouting and command.get("shout"):
        affected = shout_hears(state, model, shouting)
        for friend in affected:
            friend.benefited.append(shouting)
        names = ", ".join(m.name for m in affected) or "no one"
        ctx.log(
            "shout",
            f'{model.name} shouts "{SHOUTS[shouting]}": {names}.',
            hero=model.id,
            affects=[m.id for m in affected],
        )
        if shouting == "heroic_march":
            for friend in affected:
                label = f"At the Double ({model.name})"
                state.effects.append(Effect("at_the_double", model.id, label, friend.id, "move"))
        else:
            ctx.push(
                SideActivations(model.side, only=[m.id for m in affected], near=model.id, reason="with_me")
            )
    ctx.push(activation)
    return affected


ActivationStage = Literal[
    "start", "cast", "choose", "terror", "act", "obstacle", "might", "thrown", "after", "end"
]


VISAGE = "visage_of_terror"
register_lasting(VISAGE, "Visage of Terror", Lasting(no_shooting=True, quiet=True))


def timid_mount(model: Model) -> bool:
    """Whether the model rides a Timid mount, which must pass a Courage test before it charges."""
    return model.mount is not None and has(model.mount.profile, TIMID)


def fearful_now(state: BattleState, model: Model) -> str:
    """Why the model is Fearful now ("it is Fearful", "Fearful from Instil Fear"), or ""."""
    if model_has(model, FEARFUL):
        return "it is Fearful"
    power = made_fearful(state, model)
    return f"Fearful from {power}" if power else ""


def visage_of_terror(ctx: Ctx, model: Model, terror: Model) -> None:
    """A model that failed its Terror test to charge a model with Visage of Terror makes no
    Shooting Attack this turn either (docs/rules/special-rules.md §3.7.8)."""
    if not model_has(terror, VISAGE_OF_TERROR):
        return
    ctx.state.effects.append(Effect(VISAGE, terror.id, f"{terror.name}'s Visage of Terror", model.id, "end"))
    ctx.log(
        "visage_of_terror",
        f"{model.name} quails before {terror.name}'s Visage of Terror: it cannot shoot this turn.",
        model=model.id,
    )


@dataclass(slots=True)
class Activation(Frame):
    """One model's activation: a Broken army's Courage test first; a cast before moving (the
    model then says how it moves) or after it; a Terror test before a charge; then it stands,
    moves or charges; a Hero that stood fast calls Stand Fast at the end."""

    kind = "activation"
    model: str
    intent: Literal["", "stand", "move", "charge", "climb_on"]
    path: list[list[float]] = field(default_factory=list)
    target: str | None = None
    stage: ActivationStage = "start"
    cast: dict[str, Any] = field(default_factory=dict)
    shout: str = ""
    near: str = ""
    throw: bool = False
    dismounting: bool = False
    left: float = -1.0
    """What remains of its move once it has begun moving (after a dismount or a deadly throw)."""
    score: int = 0
    """Its Jump or Climb test's score, while its player decides on Might."""
    fear_tested: bool = False
    """A Fearful model has taken its Courage test to charge (before any Terror test)."""
    timid_tested: bool = False
    """A Cavalry model on a Timid mount has taken its mount's Courage test to charge (before any other)."""

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        model = state.model(self.model)
        target = state.model(self.target) if self.target else None
        if self.stage == "start":
            model.activated = True
            self.stage = "cast"
            if model.prone and held_by(state, model) is None:
                model.prone = False
                ctx.log(
                    "stand_up",
                    f"{model.name} stands up (the cost of standing is not modelled).",
                    model=model.id,
                )
            test = broken_test(state, model) if state.phase == "move" else None
            if test is not None:
                ctx.push(test)
                return False
        if not model.on_board:
            ctx.pop(self)
            return False
        if self.stage == "cast":
            self.stage = "choose" if self.cast or self.dismounting else "terror"
            if self.dismounting:
                self.dismounting = False
                dismount(ctx, model)
                self.left = max(0.0, move_allowance(state, model) - model.moved)
                return False  # the mount's Courage test first
            if self.cast:
                ctx.push(begin_cast(ctx, self.cast))
                return False
        if self.stage == "choose":
            return True
        terrified = self.intent == "charge" and target is not None and causes_terror(state, target, model)
        fearful = self.intent == "charge" and target is not None and fearful_now(state, model)
        timid = self.intent == "charge" and target is not None and timid_mount(model)
        if self.stage == "terror":
            if timid and not self.timid_tested:
                assert target is not None
                self.timid_tested = True
                ctx.push(
                    TimidTest(model.id, "courage", TIMID.name, f"to charge {target.name}: its mount is Timid")
                )
                return False
            timid_failed = timid and TIMID.name not in model.passed_tests
            if fearful and not self.fear_tested and not timid_failed:
                assert target is not None
                self.fear_tested = True
                ctx.push(
                    Test(
                        model.id,
                        "courage",
                        FEARFUL.name,
                        f"to charge {target.name}: {fearful_now(state, model)}",
                    )
                )
                return False
            self.stage = "act"
            afraid = timid_failed or (fearful and FEARFUL.name not in model.passed_tests)
            if terrified and not afraid:
                assert target is not None
                reason = f"to charge {target.name}, who causes Terror"
                ctx.push(
                    Test(model.id, "courage", TERROR, reason, three_dice=terror_on_three_dice(state, target))
                )
                return False
        if self.stage == "act":
            self.stage = "after"
            if (
                (terrified and TERROR not in model.passed_tests)
                or (fearful and FEARFUL.name not in model.passed_tests)
                or (timid and TIMID.name not in model.passed_tests)
            ):
                model.thwarted = True
                ctx.log(
                    "terrified",
                    f"{model.name} does not dare to charge and cannot move this phase.",
                    model=model.id,
                )
                if terrified and TERROR not in model.passed_tests and target is not None:
                    visage_of_terror(ctx, model, target)
            elif self.intent == "stand":
                ctx.log("stand", f"{model.name} stays where it is.", model=model.id)
            elif self.throw and target is not None:
                self._throw(ctx, model, target)
                return False
            elif self._advance(ctx, model, target):
                return True
        if self.stage in ("obstacle", "might"):
            return True
        if self.stage == "thrown":
            if target is not None and target.on_board:
                self.stage = "after"
                move_model(ctx, model, [(p[0], p[1]) for p in self.path], target)
            else:
                self.stage, self.intent, self.target = "choose", "", None
                self.left = max(0.0, move_allowance(state, model) - model.moved)
                ctx.log("throw_kill", f'{model.name} may move on ({self.left:.1f}" left).', model=model.id)
                return True
        if self.stage == "after" and state.phase == "move" and self._can_cast_now(state, model):
            return True
        ctx.pop(self)
        call_stand_fast(ctx, model)
        return False

    # -- walls and rock faces on the way (`docs/rules/terrain.md` §5, §6, §7) --------------------

    def _points(self) -> list[Point]:
        return [(p[0], p[1]) for p in self.path]

    def _ahead(self, state: BattleState, model: Model) -> Crossing | None:
        """The first wall or face on the rest of the path that needs a test."""
        return next((c for c in crossings(state, model, self._points()) if c.needs_test), None)

    def _left(self, state: BattleState, model: Model) -> float:
        """The Move it has left this activation."""
        return self.left if self.left >= 0 else max(0.0, move_allowance(state, model) - model.moved)

    def _advance(self, ctx: Ctx, model: Model, target: Model | None) -> bool:
        """Move along the path, as far as the first wall or face that needs a test: stop touching it
        and ask (True), or move all the way."""
        state = ctx.state
        if self.intent == "climb_on":
            self.stage = "obstacle"
            return True
        points = self._points()
        crossing = self._ahead(state, model)
        if crossing is None:
            move_model(ctx, model, points, target)
            return False
        before, rest = split_path(points, crossing.start)
        if len(before) > 1 and dist(before[0], before[-1]) > 1e-9:
            used = path_cost(state, model, before)
            if self.left >= 0:
                self.left = max(0.0, self.left - used)
            move_model(ctx, model, before, None, used)
        self.path = [list(p) for p in rest]
        self.stage = "obstacle"
        ctx.log(
            "obstacle",
            f"{model.name} reaches the {crossing.piece.name}: {crossing.what()} "
            f"({percent_over(model, crossing)}), or stop, or go another way.",
            model=model.id,
            piece=crossing.piece.id,
        )
        return True

    def _crossing(self, state: BattleState, model: Model) -> Crossing:
        from_wall = hanging_crossing(state, model) if self.intent == "climb_on" else self._ahead(state, model)
        assert from_wall is not None
        return from_wall

    def _obstacle_options(self, state: BattleState, model: Model) -> list[Option]:
        crossing = self._crossing(state, model)
        test = crossing.test.capitalize()
        choices: list[Option] = [
            Action(
                "cross",
                f"{crossing.what()}: a {test} test ({percent_over(model, crossing)})",
                {"type": "cross", "model": model.id},
                odds=chance_odds(model, crossing),
                group=model.id,
            ),
            Action(
                "stop",
                f"{model.name} stops here",
                {"type": "stop", "model": model.id},
                group=model.id,
            ),
        ]
        if self.intent != "climb_on":
            choices += [
                o
                for o in activation_options(state, [model], begun=True, left=self._left(state, model))
                if o.command.get("type") in ("move", "charge")
            ]
        return choices

    def _obstacle_handle(self, ctx: Ctx, model: Model, command: dict[str, Any]) -> None:
        kind = command["type"]
        if kind == "stop":
            piece = self._crossing(ctx.state, model).piece
            ctx.log("stop", f"{model.name} stops at the {piece.name}.", model=model.id)
            self.stage = "after"
        elif kind in ("move", "charge"):
            ctx.pop(self)
            begin_activation(
                ctx, command, shout=self.shout, near=self.near, tested=True, left=self._left(ctx.state, model)
            )
            return
        else:
            self.score = roll(ctx, model, self._crossing(ctx.state, model))
            if might_helps(model, self.score):
                self.stage = "might"
                return
            self._result(ctx, model)

    def _result(self, ctx: Ctx, model: Model) -> None:
        """What the test's score does: a 1 fails; 2-5 places the model beyond (and its move ends, unless
        it must charge an enemy whose control zone it lands in); 6 places it there and it goes on. A
        climb its Move cannot finish leaves it hanging part way up."""
        state = ctx.state
        crossing = self._crossing(state, model)
        self.stage = "after"
        result = result_of(self.score)
        if result == "fails":
            self._failed(ctx, model, crossing)
            return
        points = self._points()
        over, rest = split_path(points, crossing.end)
        cost = path_length(over) + difficult_extra(state, model, over) + crossing.cost - 2 * model.climb
        left = self._left(state, model)
        if crossing.test == "climb" and cost > left + MOVE_TOLERANCE + 1e-9:
            self._hang(ctx, model, crossing, left, over[-1])
            return
        if self.left >= 0:
            self.left = max(0.0, self.left - cost)
        verb = "climbs" if crossing.test == "climb" else "jumps"
        move_model(ctx, model, over, None, cost, f"{verb} {crossing.way} the {crossing.piece.name}")
        if result == "on" and len(rest) > 1 and self.intent != "climb_on" and self._goes_on(ctx, model, rest):
            self.path = [list(p) for p in rest]
            self.stage = "act"
        elif self._must_charge(ctx, model):
            self.stage = "terror"

    def _goes_on(self, ctx: Ctx, model: Model, rest: list[Point]) -> bool:
        """Over with a 6, it goes on along the rest of its path, checked now it is there."""
        state = ctx.state
        target = state.model(self.target) if self.target else None
        try:
            check_path(state, model, rest, self._left(state, model), target, tests=True)
        except RuleViolation as why:
            ctx.log("no_further", f"{model.name} goes no further: {why.message}", model=model.id)
            return False
        return True

    def _failed(self, ctx: Ctx, model: Model, crossing: Crossing) -> None:
        """A 1: a Jump leaves the model where it is (a Cavalry model is Knocked Flying); a Climb drops
        it Prone at the foot, with Falling Damage from where it was."""
        if crossing.test == "jump":
            ctx.log("test_failed", f"{model.name} fails to jump the {crossing.piece.name}.", model=model.id)
            if model.mount is not None:
                knock_prone(ctx, model)
                ctx.push(ThrownRiders())
            return
        height = (
            model.climb if model.climb else (crossing.piece.height or 0.0) if crossing.way == "down" else 0.0
        )
        if crossing.way == "down":
            _, rest = split_path(self._points(), crossing.end)
            model.x, model.y = rest[0]
        model.climb, model.climb_on, model.climb_to = 0.0, "", []
        fall(ctx, model, height, crossing.piece.name)

    def _hang(self, ctx: Ctx, model: Model, crossing: Crossing, left: float, landing: Point) -> None:
        """The climb needs more Move than is left: the model climbs as far as it goes and hangs there."""
        height = crossing.piece.height or 0.0
        reached = min(height - 0.05, model.climb + left / 2)
        model.moved += left
        if self.left >= 0:
            self.left = 0.0
        model.climb, model.climb_on, model.climb_to = round(reached, 3), crossing.piece.id, list(landing)
        ctx.log(
            "climbing",
            f'{model.name} climbs {reached:g}" of the {crossing.piece.name}\'s {height:g}" and hangs there: '
            "it climbs on in its next Move.",
            model=model.id,
        )

    def _must_charge(self, ctx: Ctx, model: Model) -> bool:
        """Landed inside an enemy's control zone, a model must charge the nearest such enemy if its Move
        reaches (`house_rules.JUMP_CHARGE_TIE` on a tie); else its move ends."""
        state = ctx.state
        order = {m.id: i for i, m in enumerate(state.models.values())}
        near = [
            e
            for e in enemies(state, model.side)
            if model.distance_to(e) <= CONTROL_ZONE + 1e-9 and zone_reaches(state, e, model.pos, model)
        ]
        if not near:
            return False
        foe = min(near, key=lambda e: (round(model.distance_to(e), 6), order[e.id]))
        left = self._left(state, model)
        gap = dist(model.pos, foe.pos)
        reach = model.radius + foe.radius
        contact = (foe.x + (model.x - foe.x) / gap * reach, foe.y + (model.y - foe.y) / gap * reach)
        path = [model.pos, contact]
        try:
            check_path(state, model, path, left, foe, tests=False)
        except RuleViolation as why:
            ctx.log("no_charge", f"{model.name} lands by {foe.name} but cannot charge it: {why.message}")
            return False
        ctx.log("must_charge", f"{model.name} lands in {foe.name}'s control zone and must charge it.")
        self.intent, self.target, self.path = "charge", foe.id, [list(p) for p in path]
        return True

    def _throw(self, ctx: Ctx, model: Model, target: Model) -> None:
        """Stop 1" short of the target and throw; the rest of the path waits for the throw."""
        stop, rest = stop_short(model, target, [(p[0], p[1]) for p in self.path])
        if len(stop) > 1:
            move_model(ctx, model, stop, None)
        model.has_shot = True
        weapon = model.profile.missile
        assert weapon is not None
        ctx.log("throw", f"{model.name} throws its {weapon.name} at {target.name}.", model=model.id)
        self.path = [list(p) for p in rest]
        self.stage = "thrown"
        ctx.push(Shot(model.id, target.id, charging=True))

    def _can_cast_now(self, state: BattleState, model: Model) -> bool:
        return any(isinstance(o, Action) for o in cast_options(state, [model]))

    def pending(self, state: BattleState) -> Pending:
        model = state.model(self.model)
        if self.stage == "might":
            return might_pending(model, f"test roll of {self.score}", {"model": model.id, "face": self.score})
        if self.stage == "obstacle":
            crossing = self._crossing(state, model)
            return Pending(
                model.side,
                "activate",
                f"{side_name(model.side)}: {model.name} at the {crossing.piece.name}: {crossing.what()}?",
                {"phase": "move", "models": [model.id], "reason": "obstacle"},
            )
        if self.stage == "choose":
            label = f"{side_name(model.side)} moves {model.name} (its activation goes on)"
        else:
            label = f"{side_name(model.side)} may cast with {model.name} before its activation ends"
        return Pending(
            model.side, "activate", label, {"phase": "move", "models": [model.id], "reason": self.stage}
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        model = state.model(self.model)
        if self.stage == "might":
            return might_choice(model, 1, might_outcome(self.score))
        if self.stage == "obstacle":
            return self._obstacle_options(state, model)
        if self.stage == "choose":
            return activation_options(
                state, [model], shout=self.shout, near=self.near, begun=True, left=self.left
            )
        choices = cast_options(state, [model])
        choices.append(Action("end_activation", f"End {model.name}'s activation", {"type": "end_activation"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        model = ctx.state.model(self.model)
        if self.stage == "might":
            if command["type"] == "might":
                self.score += pay_might(ctx, model, command, f"on the test roll of {self.score}", self.score)
            self._result(ctx, model)
            return
        if self.stage == "obstacle":
            self._obstacle_handle(ctx, model, command)
            return
        if self.stage == "choose":
            ctx.pop(self)
            begin_activation(ctx, command, shout=self.shout, near=self.near, tested=True, left=self.left)
            return
        self.stage = "end"
        if command["type"] == "cast":
            ctx.push(begin_cast(ctx, command))


@dataclass(slots=True)
class SideActivations(Frame):
    """A side activates its models one at a time until it says it is done.

    `only` limits it to some models: those answering a Hero's With Me (`near` is that Hero, and
    the rest may forgo their activation), or the winners of a Heroic Combat (who only move or charge).
    """

    kind = "side_activations"
    side: Side
    finished: bool = False
    only: list[str] = field(default_factory=list)
    near: str = ""
    reason: Literal["", "with_me", "heroic_combat"] = ""

    def waiting_models(self, state: BattleState) -> list[Model]:
        models = state.army_models(self.side)
        if self.reason:
            models = [m for m in models if m.id in self.only]
        return [m for m in models if not m.activated or self.reason == "heroic_combat"]

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        cancel_stalled_marches(ctx)
        waiting = self.waiting_models(state)
        if self.near and not state.model(self.near).on_board:
            ctx.log(
                "heroic_cancelled", f"{state.model(self.near).name} has fallen: the With Me is cancelled."
            )
            self.finished = True
        if not self.finished and all(can_move(state, m) is not None for m in waiting):
            self.finished = True
            if self.reason != "heroic_combat":
                # Nothing left that could move: those that must still test (a Hero on Heroic
                # Resolve in a Broken army) activate to stand; the rest need no question.
                testing = [m for m in waiting if broken_test(state, m) is not None]
                for model in waiting:
                    model.activated = True
                ctx.pop(self)
                self._activate_rest(ctx, testing)
                return False
        if self.finished:
            ctx.pop(self)
            return False
        return True

    def _activate_rest(self, ctx: Ctx, models: list[Model]) -> None:
        """Activate models that stay put, Heroes first so their Stand Fast can steady the rest."""
        ordered = sorted(models, key=lambda m: not m.is_hero)
        for model in reversed(ordered):
            ctx.push(Activation(model.id, "stand"))

    def pending(self, state: BattleState) -> Pending:
        labels = {
            "with_me": f"{side_name(self.side)} moves the models answering With Me",
            "heroic_combat": f"{side_name(self.side)} moves after a successful Heroic Combat",
        }
        return Pending(
            self.side,
            "activate",
            labels.get(self.reason, f"{side_name(self.side)} moves their models"),
            {"phase": "move", "models": [m.id for m in self.waiting_models(state)], "reason": self.reason},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        choices = activation_options(state, self.waiting_models(state), near=self.near)
        if self.reason != "heroic_combat" and state.phase == "move":
            choices.extend(cast_options(state, self.waiting_models(state)))
        if self.reason == "heroic_combat":
            choices = [c for c in choices if not (isinstance(c, Action) and c.kind == "stand")]
            choices.append(Action("end_moves", "Stop moving", {"type": "end_moves"}))
        elif self.reason == "with_me":
            choices.append(Action("end_moves", "The rest forgo their activation", {"type": "end_moves"}))
        else:
            movable = [c.command["model"] for c in choices if isinstance(c, Action) and c.kind == "move"]
            group = group_move_option(self.waiting_models(state), movable)
            if group is not None:
                choices.append(group)
            choices.append(Action("end_moves", "Finish moving", {"type": "end_moves"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == GROUP_MOVE:
            begin_group_move(ctx, self.side, command)
            return
        if command["type"] == "end_moves":
            state = ctx.state
            if self.reason == "" and state.armies[self.side].broken:
                rest = [
                    m
                    for m in self.waiting_models(state)
                    if can_move(state, m) is None or broken_test(state, m) is not None
                ]
                self._activate_rest(ctx, rest)
            if self.reason != "heroic_combat":
                for model in self.waiting_models(state):
                    model.activated = True
            done = {"with_me": "The rest forgo their activation.", "heroic_combat": "They stop moving."}
            ctx.log(
                "end_moves", done.get(self.reason, f"{side_name(self.side)} finishes moving."), side=self.side
            )
            self.finished = True
            return
        if self.reason == "heroic_combat":
            self.only.remove(command["model"])
        begin_activation(ctx, command, near=self.near)
