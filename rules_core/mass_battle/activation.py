"""The Move phase's activations (§6.1-§6.4, §6.7, §11, §13): each stand and loose hero activates
once; a Broken army's pieces test first; a stand's heroes may detach before it moves, casters cast
before or after; a stand moves, charges (a Terror test first) or holds; a loose hero moves, charges
an enemy loose hero or joins a stand. A Heroic Move's With Me and a Heroic March's At the Double
bring friends along. The same stand activation serves a Heroic Combat's follow-up move (§8.9).

A piece may be activated with `activate` (then asked what it does) or straight away with what it
does (`move_stand`, `charge`, `hold`, `move_hero`, `charge_hero`, `attach`, `cast`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..courage import BROKEN, TERROR, Test, call_stand_fast, chance_to_pass
from ..errors import RuleCode, RuleViolation
from ..frame import Action, Ctx, Frame, Option, Pending, Refusal
from ..heroic import SHOUTS, resolute
from ..legacy import DETACH_EDITION
from ..movement import move_model
from ..state import BattleState, Effect, Model, Side, other, side_name
from .cards import play
from .charge import EDGE_NAMES, ChargePlan
from .constants import FURY_CHARGE_MOVE_BONUS, MAX_MOVE_LEGS, SHOUT_RANGE
from .courage import StandTest, hero_chance, stand_need
from .field import HeroBase, Obstruction, wrong_side
from .geometry import Edge, rect_distance
from .lasting import hero_terrifies, stand_terrifies
from .loose import DETACH_EDGES, REAR_FIRST, detach_spot
from .losses import check_wiped_out, flee_stand, lose_hero, place_loose
from .magic import begin_cast, cast_options
from .matchup import charge_odds
from .moves import StandMove
from .odds import chance
from .plans import (
    AttachPlan,
    carry_out,
    charge_problem,
    hero_allowance,
    march_bonus,
    near_problem,
    plan_attach,
    plan_hero_path,
    plan_move,
    plan_stand_charge,
    stand_allowance,
    why_hero_cannot_move,
    why_stand_cannot_move,
)
from .state import MassState, Stand, friends_within, hero_foes, mass, mass_ctx, stand_engaged

Mode = Literal["choice", "open", "after", "follow_up"]
STAND_COMMANDS = ("move_stand", "charge", "hold")
HERO_COMMANDS = ("move_hero", "charge_hero", "attach", "hold")


def shout_of(state: MassState, heroes: list[Model], shout: str) -> tuple[Model, str] | None:
    """The hero who may shout with this piece's first command, and his shout: With Me when he acts
    first by a Heroic Move (`shout`), At the Double when he declared a Heroic March."""
    for hero in heroes:
        declared = hero.heroic.get("move")
        if shout and declared == shout:
            return hero, shout
        if declared == "heroic_march":
            return hero, "heroic_march"
    return None


def shout_param(found: tuple[Model, str] | None) -> dict[str, dict[str, Any]]:
    if found is None:
        return {}
    hero, shout = found
    return {
        "shout": {
            "type": "choice",
            "options": [
                {"value": True, "label": f"{hero.name} shouts {SHOUTS[shout]}"},
                {"value": False, "label": "No shout"},
            ],
            "default": False,
        }
    }


def _can_cast(state: MassState, heroes: list[Model]) -> bool:
    return any(isinstance(o, Action) for o in cast_options(state, heroes))


def broken_due(state: MassState, stand: Stand) -> bool:
    return state.armies[stand.side].broken and not stand_engaged(state, stand)


def terror_chance(state: MassState, stand: Stand) -> Any:
    """The chance a stand passes a Terror test, tested by itself or its best hero."""
    chances = [chance_to_pass(stand_need(state, stand))]
    chances += [hero_chance(state, stand, h) for h in state.attached(stand.id)]
    return max(chances)


# -- what a piece may do --------------------------------------------------------------------------


def stand_options(
    state: MassState, stand: Stand, near: str = "", shout: str = "", mode: Mode = "choice"
) -> list[Option]:
    """Everything a stand may do now, allowed or refused with the reason."""
    if mode == "choice" and stand.activated:
        return [
            Refusal(
                {"type": kind, "stand": stand.id},
                "already_activated",
                f"{stand.name} has already activated this turn.",
            )
            for kind in ("activate", *STAND_COMMANDS)
        ]
    heroes = state.attached(stand.id)
    extra = shout_param(shout_of(state, heroes, shout)) if mode != "follow_up" else {}
    choices: list[Option] = []
    if mode == "choice":
        choices.append(
            Action(
                "activate", f"Activate {stand.name}", {"type": "activate", "stand": stand.id}, group=stand.id
            )
        )
        choices += not_yet_activated(state, stand, heroes)
    blocked = why_stand_cannot_move(state, stand)
    if blocked is not None:
        choices += [
            Refusal({"type": kind, "stand": stand.id}, blocked.code, blocked.message)
            for kind in ("move_stand", "charge")
        ]
    else:
        allowance = stand_allowance(state, stand)
        choices.append(
            Action(
                "move_stand",
                f'Move {stand.name} (up to {allowance:g}")',
                {"type": "move_stand", "stand": stand.id},
                {
                    "via": {
                        "type": "path",
                        "min_points": 0,
                        "max_points": MAX_MOVE_LEGS,
                        "max_length": allowance,
                    },
                    "facing": {"type": "number", "min": -720, "max": 720},
                    **extra,
                },
                group=stand.id,
            )
        )
        choices += charge_options(state, stand, extra, near)
    hold = {"type": "hold", "stand": stand.id}
    problem = near_problem(state, stand.rect, near) if mode == "choice" else None
    if problem is not None:
        choices.append(
            Refusal(hold, problem.code, f"{stand.name} cannot stay where it is: {problem.message}")
        )
    else:
        choices.append(Action("hold", f"{stand.name} holds", hold, extra, group=stand.id))
    if mode == "open":
        choices += detach_options(state, stand)
        choices += cast_options(state, heroes)
    return choices


def not_yet_activated(state: MassState, stand: Stand, heroes: list[Model]) -> list[Option]:
    """§6.1, §6.3: a hero with a stand leaves it (and then moves) or casts only as the stand
    activates, so before that each says so (or why he cannot leave it at all) instead of "not a
    choice you can make now"."""
    choices: list[Option] = []
    for hero in heroes:
        problem = detach_problem(state, stand, hero)
        leave = f"Activate {stand.name} first: {hero.name} may leave it as it activates."
        code: RuleCode = "activate_first" if problem is None else problem.code
        choices += [
            Refusal({"type": kind, "hero": hero.id}, code, leave if problem is None else problem.message)
            for kind in ("detach", "move_hero")
        ]
        if hero.profile.powers:
            choices.append(
                Refusal(
                    {"type": "cast", "model": hero.id},
                    "activate_first",
                    f"{hero.name} is with {stand.name}: he casts as it activates; activate {stand.name} first.",
                )
            )
    return choices


def charge_options(state: MassState, stand: Stand, extra: dict[str, Any], near: str) -> list[Option]:
    choices: list[Option] = []
    allowance = stand_allowance(state, stand)
    fury = [
        h
        for h in state.attached(stand.id)
        if any(c.key == "fury_of_the_charge" and not c.used for c in state.heroes[h.id].cards)
    ]
    card = {
        "card": {
            "type": "choice",
            "options": [
                {"value": h.id, "label": f'{h.name} plays Fury of the Charge (+3", +1 in its combats)'}
                for h in fury
            ],
        }
    }
    enemy = other(stand.side)
    for lone in state.loose(enemy):
        refused = charge_problem(state, stand, lone.id)
        assert refused is not None
        choices.append(
            Refusal({"type": "charge", "stand": stand.id, "target": lone.id}, refused.code, refused.message)
        )
    for target in [*state.army_stands(stand.side), *state.army_stands(enemy)]:
        command = {"type": "charge", "stand": stand.id, "target": target.id}
        problem = charge_problem(state, stand, target.id)
        reach = allowance + (FURY_CHARGE_MOVE_BONUS if fury else 0.0)
        gap_ = rect_distance(stand.rect, target.rect)
        if problem is None and gap_ > reach + 1e-6:
            problem = Obstruction(
                "charge_unreachable",
                f'{target.name} is {gap_:.1f}" away: {stand.name} can move {allowance:g}".',
            )
        if problem is not None:
            choices.append(Refusal(command, problem.code, problem.message))
            continue
        label = f"{stand.name} charges {target.name}"
        try:
            planned = plan_stand_charge(state, stand, target.id, False, near)
        except RuleViolation as refused:
            if not fury:
                choices.append(Refusal(command, refused.code, refused.message))
                continue
            try:
                planned = plan_stand_charge(state, stand, target.id, True, near)
            except RuleViolation as still:
                choices.append(Refusal(command, still.code, still.message))
                continue
            odds = _charge_odds(state, stand, target, planned, fury=True)
            choices.append(
                Action(
                    "charge",
                    f"{label} (only with Fury of the Charge)",
                    command,
                    {**card, **extra},
                    odds,
                    stand.id,
                )
            )
            continue
        params = {**({"card": {**card["card"], "default": None}} if fury else {}), **extra}
        odds = _charge_odds(state, stand, target, planned)
        choices.append(Action("charge", label, command, params, odds, stand.id))
    return choices


def _charge_odds(
    state: MassState, stand: Stand, target: Stand, planned: ChargePlan, fury: bool = False
) -> dict[str, Any]:
    """§15: the odds of the combat the charge would start (a stand's chance to lose a hero to a
    natural 1 where it has one), and of a Terror test first if it needs one."""
    odds = charge_odds(state, stand, target, planned.move.end, fury)
    at_risk = {k: v for k, v in odds.pop("hero_lost", {}).items() if v["numerator"]}
    if at_risk:  # a hero lost to a natural 1, only where one may be
        odds["hero_lost"] = at_risk
    if stand_terrifies(state, target) and TERROR not in stand.passed_tests:
        odds["dares_to_charge"] = chance(terror_chance(state, stand))
    return odds


FLANKS = ("left", "right")


def detach_options(state: MassState, stand: Stand) -> list[Option]:
    choices: list[Option] = []
    for hero in state.attached(stand.id):
        command = {"type": "detach", "hero": hero.id}
        problem = detach_problem(state, stand, hero)
        if problem is not None:
            choices.append(Refusal(command, problem.code, problem.message))
        else:
            edges = [e for e in DETACH_EDGES if _detach_spot(state, stand, hero, e) is not None]
            options = [
                {"value": e, "label": f"at its {EDGE_NAMES[e]}{'' if e in FLANKS else ' edge'}"}
                for e in edges
            ]
            where = {"type": "choice", "label": "Where he steps out", "options": options, "default": edges[0]}
            leave = f"{hero.name} leaves {stand.name}"
            choices.append(Action("detach", leave, command, {"edge": where}, group=hero.id))
    return choices


def detach_problem(state: MassState, stand: Stand, hero: Model) -> Obstruction | None:
    if state.heroes[hero.id].monster:
        return Obstruction("monster_hero", f"{hero.name} is a Monster: he is his stand and cannot leave it.")
    if stand_engaged(state, stand):
        return Obstruction(
            "hero_engaged_stand", f"{hero.name} cannot leave {stand.name}: they are in combat."
        )
    if stand.moved:
        return Obstruction(
            "already_activated", f"{stand.name} has moved: {hero.name} had to leave before it did."
        )
    if _detach_spot(state, stand, hero) is None:
        return Obstruction(
            "no_room_for_hero", f"There is no room beside {stand.name} for {hero.name}: every edge is taken."
        )
    return None


def _detach_spot(
    state: MassState, stand: Stand, hero: Model, edge: Edge | None = None
) -> tuple[float, float] | None:
    base = HeroBase(hero.id, hero.name, hero.side, (0.0, 0.0), hero.radius)
    order = DETACH_EDGES if state.edition >= DETACH_EDITION else REAR_FIRST
    return detach_spot(state.field(), stand.id, base, edge, order)


def hero_options(
    state: MassState, hero: Model, near: str = "", shout: str = "", mode: Mode = "choice"
) -> list[Option]:
    """Everything a loose hero may do now, allowed or refused with the reason."""
    if mode == "choice" and hero.activated:
        return [
            Refusal(
                {"type": kind, "hero": hero.id},
                "already_activated",
                f"{hero.name} has already activated this turn.",
            )
            for kind in ("activate", *HERO_COMMANDS)
        ]
    extra = shout_param(shout_of(state, [hero], shout)) if mode in ("choice", "open") else {}
    choices: list[Option] = []
    if mode == "choice":
        choices.append(
            Action("activate", f"Activate {hero.name}", {"type": "activate", "hero": hero.id}, group=hero.id)
        )
    blocked = why_hero_cannot_move(state, hero)
    kinds = ("move_hero", "charge_hero", "attach") if mode != "after" else ("attach",)
    if blocked is not None:
        choices += [Refusal({"type": kind, "hero": hero.id}, blocked.code, blocked.message) for kind in kinds]
    else:
        allowance = hero_allowance(state, hero)
        if mode != "after":
            choices.append(
                Action(
                    "move_hero",
                    f'Move {hero.name} (up to {allowance:g}")',
                    {"type": "move_hero", "hero": hero.id},
                    {"path": {"type": "path", "max_length": allowance}, **extra},
                    group=hero.id,
                )
            )
            choices += duel_charge_options(state, hero, allowance, extra)
        for stand in [*state.army_stands(hero.side), *state.army_stands(other(hero.side))]:
            command = {"type": "attach", "hero": hero.id, "stand": stand.id}
            planned = plan_attach(state, hero, stand, near)
            if isinstance(planned, Obstruction):
                choices.append(Refusal(command, planned.code, planned.message))
            else:
                moving = f' ({planned.cost:.1f}")' if planned.cost else ""
                choices.append(
                    Action("attach", f"{hero.name} joins {stand.name}{moving}", command, extra, group=hero.id)
                )
    if mode == "after":
        choices.append(Action("end_activation", f"End {hero.name}'s activation", {"type": "end_activation"}))
    else:
        hold = {"type": "hold", "hero": hero.id}
        problem = near_problem(state, (hero.pos, hero.radius), near) if mode == "choice" else None
        if problem is not None:
            choices.append(
                Refusal(hold, problem.code, f"{hero.name} cannot stay where he is: {problem.message}")
            )
        else:
            choices.append(Action("hold", f"{hero.name} stays where he is", hold, extra, group=hero.id))
    choices += cast_options(state, [hero])
    return choices


def duel_charge_options(
    state: MassState, hero: Model, allowance: float, extra: dict[str, Any]
) -> list[Option]:
    """§6.4: a loose hero may charge an enemy loose hero who is not already in base contact with one."""
    choices: list[Option] = []
    for friend in state.loose(hero.side):
        if friend.id != hero.id:
            refused = wrong_side(friend.name, True, "a loose hero charges only an enemy loose hero")
            command = {"type": "charge_hero", "hero": hero.id, "target": friend.id}
            choices.append(Refusal(command, refused.code, refused.message))
    for enemy in state.loose(other(hero.side)):
        command = {"type": "charge_hero", "hero": hero.id, "target": enemy.id}
        distance = hero.distance_to(enemy)
        if hero_foes(state, enemy):
            choices.append(
                Refusal(
                    command,
                    "duel_taken",
                    f"{enemy.name} is already in base contact with a hero: duels are one against one.",
                )
            )
        elif distance > allowance + 1e-6:
            choices.append(
                Refusal(
                    command,
                    "out_of_reach",
                    f'{enemy.name} is {distance:.1f}" away: {hero.name} can move {allowance:g}".',
                )
            )
        else:
            choices.append(
                Action(
                    "charge_hero",
                    f"{hero.name} charges {enemy.name}",
                    command,
                    {"path": {"type": "path", "max_length": allowance}, **extra},
                    group=hero.id,
                )
            )
    return choices


# -- starting an activation --------------------------------------------------------------------


def check_stand_command(
    state: MassState, stand: Stand, command: dict[str, Any], near: str, begun: bool = False
) -> StandMove | ChargePlan | None:
    """Check a stand's move, charge or hold fully before anything happens. A stand answering With
    Me may stay put only if that leaves it within 6" of the hero, unless its activation has begun
    (it can no longer forgo it, so it simply stops)."""
    kind = command["type"]
    if kind == "move_stand":
        return plan_move(state, stand, command["via"], command["facing"], near)
    if kind == "charge":
        return plan_stand_charge(state, stand, command["target"], bool(command.get("card")), near)
    problem = None if begun else near_problem(state, stand.rect, near)
    if problem is not None:
        raise RuleViolation(problem.code, f"{stand.name} cannot stay where it is: {problem.message}")
    return None


def check_hero_command(
    state: MassState, hero: Model, command: dict[str, Any], near: str
) -> AttachPlan | list[Any] | None:
    kind = command["type"]
    if kind in ("move_hero", "charge_hero"):
        target = state.model(command["target"]) if kind == "charge_hero" else None
        return plan_hero_path(state, hero, command["path"], target, near)
    if kind == "attach":
        planned = plan_attach(state, hero, state.stand(command["stand"]), near)
        if isinstance(planned, Obstruction):
            raise planned.violation()
        return planned
    return None


def begin(ctx: Ctx, command: dict[str, Any], near: str = "", shout: str = "") -> None:
    """Start a piece's activation from the command that chose it (checked before anything happens)."""
    state = mass_ctx(ctx)
    kind = command["type"]
    if kind == "cast":
        begin_cast(ctx, command)
        caster = state.model(command["model"])
        carrier = state.stand_of(caster)
        if carrier is not None:
            ctx.push(StandActivation(stand=carrier.id, cast=dict(command), near=near, shout=shout))
        else:
            ctx.push(HeroActivation(hero=caster.id, cast=dict(command), near=near, shout=shout))
        return
    if "stand" in command and kind in ("activate", *STAND_COMMANDS):
        stand = state.stand(command["stand"])
        if kind == "activate":
            ctx.log("activated", f"{side_name(stand.side)} activates {stand.name}.", stand=stand.id)
            ctx.push(StandActivation(stand=stand.id, near=near, shout=shout))
            return
        planned = check_stand_command(state, stand, command, near)
        ctx.push(StandActivation(stand=stand.id, command=dict(command), near=near, shout=shout, plan=planned))
        return
    hero = state.model(command["hero"])
    if kind != "activate":
        check_hero_command(state, hero, command, near)
    ctx.push(
        HeroActivation(
            hero=hero.id, command=dict(command) if kind != "activate" else {}, near=near, shout=shout
        )
    )


def terrifying(state: MassState, planned: StandMove | ChargePlan | None) -> bool:
    """§13: a planned charge at a stand that causes Terror, or a move over a loose hero who does."""
    if isinstance(planned, ChargePlan):
        if stand_terrifies(state, state.stand(planned.target)):
            return True
        planned = planned.move
    return planned is not None and any(hero_terrifies(state, state.models[h]) for h in planned.overrun)


def shout(
    ctx: Ctx, piece: str, heroes: list[Model], command: dict[str, Any], shout_: str
) -> tuple[str, list[str]]:
    """A hero shouts with his piece's first command (§11): With Me (friends within 6" then activate,
    ending within 6" of him) or At the Double (stands within 6" +3"/+5", ending within 6" of him).
    Returns the hero and the friends who answer With Me."""
    state = mass_ctx(ctx)
    found = shout_of(state, heroes, shout_)
    if found is None or not command.get("shout"):
        return "", []
    hero, kind = found
    friends = [
        f
        for f in friends_within(state, piece, hero.side, SHOUT_RANGE)
        if not (state.stands[f].activated if f in state.stands else state.models[f].activated)
    ]
    names = ", ".join(state.name_of(f) for f in friends) or "no one"
    ctx.log("shout", f'{hero.name} shouts "{SHOUTS[kind]}": {names}.', hero=hero.id, affects=friends)
    if kind == "heroic_move":
        return hero.id, friends
    for friend in friends:
        if friend in state.stands and not any(
            e.kind == "at_the_double" and e.target == friend for e in state.effects
        ):
            bonus = march_bonus(state, friend)
            label = f'At the Double (+{bonus:g}", {hero.name})'
            state.effects.append(Effect("at_the_double", hero.id, label, friend, "move", int(bonus)))
    return "", []


def with_me(ctx: Ctx, side: Side, shouter: str, friends: list[str]) -> None:
    if shouter and friends:
        ctx.push(MassActivations(side, only=friends, near=shouter, reason="with_me"))


# -- the frames ----------------------------------------------------------------------------------

Stage = Literal["start", "tested", "choose", "terror", "act", "after", "done"]


@dataclass(slots=True)
class PieceActivation(Frame):
    """What a stand's and a loose hero's activations share: a Broken army's test first (fail: it
    flees), a cast before it acts, the command that says what it does (a hero's shout with it), a
    test before acting (Terror), what it does, casting after; at the end, Stand Fast and the
    friends answering With Me. Each kind says what these are for it."""

    command: dict[str, Any] = field(default_factory=dict)
    cast: dict[str, Any] = field(default_factory=dict)
    stage: Stage = "start"
    near: str = ""
    shout: str = ""
    tested: bool = False
    shouter: str = ""
    answering: list[str] = field(default_factory=list)

    def piece(self) -> str:
        raise NotImplementedError

    def present(self, state: MassState) -> bool:
        raise NotImplementedError

    def begin_turn(self, ctx: Ctx) -> Frame | None:
        """Mark it activated; the Broken army test it takes first, if any."""
        raise NotImplementedError

    def passed(self, state: MassState, source: str) -> bool:
        raise NotImplementedError

    def flee(self, ctx: Ctx) -> None:
        raise NotImplementedError

    def shouters(self, state: MassState) -> list[Model]:
        raise NotImplementedError

    def before_acting(self, ctx: Ctx) -> Frame | None:
        """A test it takes before it acts (a stand's Terror test), if any."""
        return None

    def act(self, ctx: Ctx) -> None:
        raise NotImplementedError

    def more(self, state: MassState) -> bool:
        """Whether anything is left to ask once it acted (casting, joining a stand)."""
        raise NotImplementedError

    def heroes(self, state: MassState) -> list[Model]:
        """The heroes who may call Stand Fast when it ends."""
        raise NotImplementedError

    def step(self, ctx: Ctx) -> bool:
        state = mass_ctx(ctx)
        if not self.present(state):
            ctx.pop(self)
            return False
        if self.stage == "start":
            self.stage = "tested"
            test = self.begin_turn(ctx)
            if test is not None:
                self.tested = True
                ctx.push(test)
                return False
        if self.stage == "tested":
            self.stage = "choose"
            if self.tested and not self.passed(state, BROKEN):
                ctx.pop(self)
                self.flee(ctx)
                return False
            if self.cast:
                ctx.push(begin_cast(ctx, self.cast))
                self.cast = {}
                return False
        if self.stage == "choose":
            if not self.command:
                return True
            self.stage = "terror"
            self.shouter, self.answering = shout(
                ctx, self.piece(), self.shouters(state), self.command, self.shout
            )
        if self.stage == "terror":
            self.stage = "act"
            test = self.before_acting(ctx)
            if test is not None:
                ctx.push(test)
                return False
        if self.stage == "act":
            self.stage = "after"
            self.act(ctx)
        if self.stage == "after" and self.present(state) and self.more(state):
            return True
        ctx.pop(self)
        side = state.piece(self.piece())
        assert side is not None
        for hero in self.heroes(state):
            call_stand_fast(ctx, hero)
        with_me(ctx, side[1], self.shouter, self.answering)
        return False


@dataclass(slots=True)
class StandActivation(PieceActivation):
    """One stand's activation (or its Heroic Combat follow-up move)."""

    kind = "stand_activation"
    stand: str = ""
    follow_up: bool = False
    # The command's plan (a move's or a charge's), made once as the command is checked and carried
    # to the Terror test and the move. Not stored: nothing changes the board before the stand acts,
    # so a state read back from its JSON plans it again, to the same plan.
    plan: StandMove | ChargePlan | None = field(
        default=None, compare=False, repr=False, metadata={"transient": True}
    )

    def piece(self) -> str:
        return self.stand

    def present(self, state: MassState) -> bool:
        return state.stand(self.stand).on_board

    def begin_turn(self, ctx: Ctx) -> Frame | None:
        state = mass_ctx(ctx)
        stand = state.stand(self.stand)
        if self.follow_up:
            return None
        stand.activated = True
        if not state.armies[stand.side].broken:
            return None
        for hero in state.attached(stand.id):
            # §11 Heroic Resolve: he passes his test and gives Stand Fast, even in combat.
            if resolute(hero) and BROKEN not in hero.passed_tests:
                hero.passed_tests.append(BROKEN)
        return StandTest(stand.id, BROKEN, "its army is Broken") if broken_due(state, stand) else None

    def passed(self, state: MassState, source: str) -> bool:
        return source in state.stand(self.stand).passed_tests

    def flee(self, ctx: Ctx) -> None:
        flee_stand(ctx, mass_ctx(ctx).stand(self.stand))

    def shouters(self, state: MassState) -> list[Model]:
        return state.attached(self.stand)

    heroes = shouters

    def before_acting(self, ctx: Ctx) -> Frame | None:
        state = mass_ctx(ctx)
        stand = state.stand(self.stand)
        if terrifying(state, self._plan(state, stand)) and TERROR not in stand.passed_tests:
            return StandTest(stand.id, TERROR, self._terror_reason(state, stand))
        return None

    def more(self, state: MassState) -> bool:
        return not self.follow_up and bool(self._casters(state, state.stand(self.stand)))

    def _plan(self, state: MassState, stand: Stand) -> StandMove | ChargePlan | None:
        if self.plan is None:
            self.plan = check_stand_command(state, stand, self.command, self.near, begun=True)
        return self.plan

    def _terror_reason(self, state: MassState, stand: Stand) -> str:
        target = self.command.get("target")
        if self.command["type"] == "charge" and target and stand_terrifies(state, state.stand(target)):
            return f"to charge {state.stand(target).name}, who causes Terror"
        return "to run down a hero who causes Terror"

    def act(self, ctx: Ctx) -> None:
        state = mass_ctx(ctx)
        stand = state.stand(self.stand)
        kind = self.command["type"]
        if kind == "hold":
            ctx.log("stand_holds", f"{stand.name} holds its ground.", stand=stand.id)
            return
        planned, self.plan = self._plan(state, stand), None  # used up: not copied with the state again
        if terrifying(state, planned) and TERROR not in stand.passed_tests:
            ctx.log(
                "terrified", f"{stand.name} does not dare and does not move this activation.", stand=stand.id
            )
            return
        if isinstance(planned, ChargePlan):
            why = ""
            hero_id = self.command.get("card")
            if hero_id:
                info = state.heroes[hero_id]
                info.cards = play(info.cards, "fury_of_the_charge", state.model(hero_id).name)
                stand.fury = True
                why = f" with {state.model(hero_id).name}'s Fury of the Charge"
                ctx.log(
                    "card_played",
                    f"{state.model(hero_id).name} plays Fury of the Charge.",
                    hero=hero_id,
                    card="fury_of_the_charge",
                    stand=stand.id,
                )
            carry_out(ctx, stand, planned, why)
        elif planned is not None:
            carry_out(ctx, stand, planned)

    def _casters(self, state: MassState, stand: Stand) -> list[Option]:
        return [o for o in cast_options(state, state.attached(stand.id)) if isinstance(o, Action)]

    def pending(self, state: BattleState) -> Pending:
        game = mass(state)
        stand = game.stand(self.stand)
        if self.follow_up:
            label = f"{side_name(stand.side)} may move {stand.name} after its Heroic Combat"
            reason = "heroic_combat"
        elif self.stage == "after":
            label = f"{side_name(stand.side)} may cast with {stand.name}'s heroes before its activation ends"
            reason = "after"
        else:
            label = f"{side_name(stand.side)} activates {stand.name}: what does it do?"
            reason = "choose"
        return Pending(
            stand.side,
            "activate",
            label,
            {"phase": state.phase, "stands": [stand.id], "heroes": [], "reason": reason},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        stand = game.stand(self.stand)
        if self.stage == "after":
            return [
                *self._casters(game, stand),
                Action("end_activation", f"End {stand.name}'s activation", {"type": "end_activation"}),
            ]
        return stand_options(game, stand, self.near, self.shout, "follow_up" if self.follow_up else "open")

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass_ctx(ctx)
        stand = state.stand(self.stand)
        kind = command["type"]
        if kind == "end_activation":
            self.stage = "done"
        elif kind == "cast":
            ctx.push(begin_cast(ctx, command))
        elif kind == "detach":
            self._detach(ctx, stand, state.model(command["hero"]), command.get("edge"))
        else:
            self.plan = check_stand_command(state, stand, command, self.near, begun=True)
            self.command = dict(command)

    def _detach(self, ctx: Ctx, stand: Stand, hero: Model, edge: Edge | None) -> None:
        """§6.3: he steps out at the free edge his player chose and at once makes his own activation."""
        state = mass_ctx(ctx)
        spot = _detach_spot(state, stand, hero, edge)
        assert spot is not None
        info = state.heroes[hero.id]
        info.attached_to, info.left_stand, info.changed = None, stand.id, True
        place_loose(hero, spot)
        ctx.log(
            "hero_detached", f"{hero.name} leaves {stand.name}.", hero=hero.id, stand=stand.id, at=list(spot)
        )
        ctx.push(HeroActivation(hero=hero.id, detached=True, near=self.near, shout=self.shout))


@dataclass(slots=True)
class HeroActivation(PieceActivation):
    """One loose hero's activation (or a detached hero's, straight after he steps out)."""

    kind = "hero_activation"
    hero: str = ""
    detached: bool = False

    def piece(self) -> str:
        return self.hero

    def present(self, state: MassState) -> bool:
        return state.model(self.hero).on_board

    def begin_turn(self, ctx: Ctx) -> Frame | None:
        state = mass_ctx(ctx)
        hero = state.model(self.hero)
        hero.activated = True
        if self.detached or not state.armies[hero.side].broken or hero_foes(state, hero):
            return None
        return Test(hero.id, "courage", BROKEN, "his army is Broken")

    def passed(self, state: MassState, source: str) -> bool:
        return source in state.model(self.hero).passed_tests

    def flee(self, ctx: Ctx) -> None:
        lose_hero(ctx, ctx.state.model(self.hero), "he flees: his army is Broken", how="fled")

    def shouters(self, state: MassState) -> list[Model]:
        return [state.model(self.hero)]

    heroes = shouters

    def act(self, ctx: Ctx) -> None:
        state = mass_ctx(ctx)
        hero = state.model(self.hero)
        kind = self.command["type"]
        planned = check_hero_command(state, hero, self.command, self.near)
        if kind == "hold":
            ctx.log("hero_holds", f"{hero.name} stays where he is.", hero=hero.id)
        elif kind == "attach":
            assert isinstance(planned, AttachPlan)
            self._attach(ctx, hero, planned)
        else:
            assert isinstance(planned, list)
            target = state.model(self.command["target"]) if kind == "charge_hero" else None
            move_model(ctx, hero, planned, target)

    def _attach(self, ctx: Ctx, hero: Model, planned: AttachPlan) -> None:
        """§6.3: he ends his move touching the stand and joins it; a stand that had not activated
        yet does not this turn."""
        state = mass_ctx(ctx)
        if len(planned.path) > 1:
            move_model(ctx, hero, list(planned.path), None)
        stand = state.stand(planned.stand)
        info = state.heroes[hero.id]
        info.attached_to, info.changed = stand.id, True
        place_loose(hero, None)
        over = ""
        if not stand.activated:
            stand.activated = True
            over = f"; {stand.name}'s activation is over this turn"
        ctx.log("hero_attached", f"{hero.name} joins {stand.name}{over}.", hero=hero.id, stand=stand.id)

    def more(self, state: MassState) -> bool:
        """Whether anything is left to ask: joining a stand after moving, or casting."""
        hero = state.model(self.hero)
        if self.command.get("type") in ("attach", "charge_hero"):
            return any(isinstance(o, Action) for o in cast_options(state, [hero]))
        return any(
            isinstance(o, Action) and o.kind != "end_activation"
            for o in hero_options(state, hero, self.near, mode="after")
        )

    def pending(self, state: BattleState) -> Pending:
        hero = state.model(self.hero)
        reason = "after" if self.stage == "after" else "choose"
        verb = (
            "may join a stand or cast before his activation ends"
            if reason == "after"
            else "activates: what does he do?"
        )
        return Pending(
            hero.side,
            "activate",
            f"{hero.name} {verb}",
            {"phase": "move", "stands": [], "heroes": [hero.id], "reason": reason},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        hero = game.model(self.hero)
        if self.stage == "after":
            if self.command.get("type") in ("attach", "charge_hero"):
                return [
                    *cast_options(game, [hero]),
                    Action("end_activation", f"End {hero.name}'s activation", {"type": "end_activation"}),
                ]
            return hero_options(game, hero, self.near, mode="after")
        return hero_options(game, hero, self.near, self.shout, "open")

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass_ctx(ctx)
        hero = state.model(self.hero)
        kind = command["type"]
        if kind == "end_activation":
            self.stage = "done"
        elif kind == "cast":
            ctx.push(begin_cast(ctx, command))
        elif self.stage == "after":
            self.command = dict(command)
            self.stage = "act"
            check_hero_command(state, hero, command, self.near)
        else:
            check_hero_command(state, hero, command, self.near)
            self.command = dict(command)


@dataclass(slots=True)
class MassActivations(Frame):
    """A side activates its stands and loose heroes one at a time until it is done; with `only`,
    just those answering a hero's With Me (`near`), who may forgo their activation."""

    kind = "mass_activations"
    side: Side
    only: list[str] = field(default_factory=list)
    near: str = ""
    reason: Literal["", "with_me"] = ""
    finished: bool = False

    def waiting(self, state: MassState) -> tuple[list[Stand], list[Model]]:
        stands = [s for s in state.army_stands(self.side) if not s.activated]
        heroes = [h for h in state.loose(self.side) if not h.activated]
        if self.reason:
            stands = [s for s in stands if s.id in self.only]
            heroes = [h for h in heroes if h.id in self.only]
        return stands, heroes

    def step(self, ctx: Ctx) -> bool:
        state = mass_ctx(ctx)
        if check_wiped_out(ctx):
            return False
        if self.near and not state.models[self.near].on_board and not self.finished:
            ctx.log(
                "heroic_cancelled", f"{state.models[self.near].name} has fallen: the With Me is cancelled."
            )
            self.finished = True
        stands, heroes = self.waiting(state)
        if not self.finished and (stands or heroes) and not self._anything_to_do(state, stands, heroes):
            self._hold_rest(ctx)
            return False
        if self.finished or not (stands or heroes):
            ctx.pop(self)
            return False
        return True

    def _anything_to_do(self, state: MassState, stands: list[Stand], heroes: list[Model]) -> bool:
        """Whether any waiting piece could do more than stand still (move, detach or cast)."""
        for stand in stands:
            if why_stand_cannot_move(state, stand) is None or _can_cast(state, state.attached(stand.id)):
                return True
        return any(why_hero_cannot_move(state, hero) is None or _can_cast(state, [hero]) for hero in heroes)

    def _hold_rest(self, ctx: Ctx) -> None:
        """Nothing left to decide: those that must still test (a Broken army) activate to hold,
        heroes first so their Stand Fast can steady the stands; the rest are done."""
        state = mass_ctx(ctx)
        stands, heroes = self.waiting(state)
        self.finished = True
        if self.reason:
            return
        testing: list[Frame] = [
            HeroActivation(hero=h.id, command={"type": "hold", "hero": h.id})
            for h in heroes
            if state.armies[h.side].broken and not hero_foes(state, h)
        ]
        testing += [
            StandActivation(stand=s.id, command={"type": "hold", "stand": s.id})
            for s in stands
            if broken_due(state, s)
        ]
        testing.sort(
            key=lambda f: not (isinstance(f, HeroActivation) or state.attached(getattr(f, "stand", "")))
        )
        for stand in stands:
            stand.activated = True
        for hero in heroes:
            hero.activated = True
        for frame in reversed(testing):
            ctx.push(frame)

    def pending(self, state: BattleState) -> Pending:
        game = mass(state)
        stands, heroes = self.waiting(game)
        label = (
            f"{side_name(self.side)} moves the stands and heroes answering With Me"
            if self.reason
            else f"{side_name(self.side)} activates a stand or a loose hero"
        )
        return Pending(
            self.side,
            "activate",
            label,
            {
                "phase": "move",
                "stands": [s.id for s in stands],
                "heroes": [h.id for h in heroes],
                "reason": self.reason,
            },
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        stands, heroes = self.waiting(game)
        choices: list[Option] = []
        for stand in game.army_stands(self.side):
            if stand.id in {s.id for s in stands} or not self.reason:
                choices += stand_options(game, stand, self.near)
                choices += cast_options(game, state_attached_casters(game, stand, stands))
            for aboard in game.attached(stand.id):
                choices.append(
                    Refusal(
                        {"type": "attach", "hero": aboard.id},
                        "hero_attached_twice",
                        f"{aboard.name} is already with {stand.name}: he must leave it first, as it activates.",
                    )
                )
        for hero in game.loose(self.side):
            if hero.id in {h.id for h in heroes} or not self.reason:
                choices += hero_options(game, hero, self.near)
        done = "The rest forgo their activation" if self.reason else "Finish moving"
        choices.append(Action("end_moves", done, {"type": "end_moves"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "end_moves":
            ctx.log(
                "end_moves",
                "The rest forgo their activation."
                if self.reason
                else f"{side_name(self.side)} finishes moving.",
                side=self.side,
            )
            self._hold_rest(ctx)
            return
        begin(ctx, command, near=self.near)


def state_attached_casters(state: MassState, stand: Stand, waiting: list[Stand]) -> list[Model]:
    """An attached hero may start his stand's activation by casting, if the stand has not activated."""
    return state.attached(stand.id) if stand.id in {s.id for s in waiting} else []
