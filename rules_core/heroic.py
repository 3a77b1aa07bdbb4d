"""Heroic Actions: what each does, the Declare Heroic Actions step of each phase, the clash roll,
shouts and Heroic Challenges. (The heroes whose actions go first act in `heroic_order`.)"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .battlefield import friends_within, is_engaged, why_cannot_activate
from .effects import NOTHING, Lasting, register_lasting, why_held
from .errors import RuleCode
from .frame import Action, Ctx, Frame, Option, Pending, Refusal, choice
from .might import spend
from .ruleset import ruleset_of
from .special_rules import MASTER_OF_BATTLE, on_model, shaped
from .special_rules.shapes import CountsAs
from .state import BattleState, Challenge, Effect, Model, Side, other, side_name
from .tiers import tier_rank

SHOUT_RANGE = 6.0
RESOLVE_RANGE = 6.0
CHALLENGE_RANGE = 6.0

HeroicPhase = Literal["move", "shoot", "fight"]
"""The phases with a Declare Heroic Actions step."""
PHASE_NAMES: dict[HeroicPhase, str] = {"move": "Move", "shoot": "Shoot", "fight": "Fight"}
SHOUTS = {
    "heroic_move": "With Me",
    "heroic_march": "At the Double",
    "heroic_shoot": "Loose",
    "heroic_accuracy": "Take Aim",
}


def _not_engaged(state: BattleState, hero: Model) -> str | None:
    if is_engaged(state, hero):
        return f"{hero.name} is Engaged and cannot declare that Heroic Action."
    return None


def _may_move_heroically(state: BattleState, hero: Model) -> str | None:
    rule = next((use.name for use, s in shaped(hero, CountsAs) if s.what == "no_heroic_move"), "")
    if rule:
        return f"{hero.name} may never declare a Heroic Move ({rule})."
    return _not_engaged(state, hero)


def _in_combat(state: BattleState, hero: Model) -> str | None:
    if not is_engaged(state, hero):
        return f"{hero.name} is not in a combat."
    return None


def _has_powers(state: BattleState, hero: Model) -> str | None:
    if not hero.profile.powers:
        return f"{hero.name} has no Magical Powers to channel."
    return None


def challenge_targets(state: BattleState, hero: Model) -> list[Model]:
    """Enemy Heroes within 6" of the same Heroic Tier or higher, that the rules let `hero` challenge."""
    tier = tier_rank(hero.profile.tier or "independent")
    found = []
    for enemy in state.army_models(other(hero.side)):
        if not enemy.is_hero or hero.distance_to(enemy) > CHALLENGE_RANGE + 1e-9:
            continue
        if tier_rank(enemy.profile.tier or "independent") < tier:
            continue
        if _challenge_barred(state, hero, enemy) is None:
            found.append(enemy)
    return found


def _challenge_barred(state: BattleState, hero: Model, enemy: Model) -> str | None:
    for c in state.challenges:
        if c.challenger == hero.id:
            return f"{hero.name} has already issued a Heroic Challenge."
        if c.accepted and c.target == hero.id:
            return f"{hero.name} has accepted a Heroic Challenge."
        if c.accepted and enemy.id in (c.challenger, c.target):
            return f"{enemy.name} is already in an accepted Heroic Challenge."
        if c.accepted is False and c.target == hero.id and c.challenger == enemy.id:
            return f"{hero.name} declined {enemy.name}'s Heroic Challenge."
    return None


def _can_challenge(state: BattleState, hero: Model) -> str | None:
    for c in state.challenges:
        if c.challenger == hero.id:
            return f"{hero.name} has already issued a Heroic Challenge."
        if c.accepted and c.target == hero.id:
            return f"{hero.name} has accepted a Heroic Challenge and cannot issue one."
    if not challenge_targets(state, hero):
        return (
            f'There is no enemy Hero within 6" of {hero.name} of the same Heroic Tier or higher to challenge.'
        )
    return None


def _challenge_params(state: BattleState, hero: Model) -> dict[str, dict[str, Any]]:
    return {
        "target": {
            "type": "choice",
            "options": [{"value": e.id, "label": e.name} for e in challenge_targets(state, hero)],
        }
    }


def shout_params(state: BattleState, hero: Model, action: str) -> dict[str, dict[str, Any]]:
    if not shout_hears(state, hero, action):
        return {}
    return {"shout": choice([(True, f"Shout {SHOUTS[action]}"), (False, "No shout")], default=False)}


def shout_hears(state: BattleState, hero: Model, action: str) -> list[Model]:
    """Friends within 6" a shout would affect: one benefit of each Heroic Action type a turn."""
    return [
        m
        for m in friends_within(state, hero, SHOUT_RANGE)
        if action not in m.benefited and not (action in ("heroic_move", "heroic_march") and m.activated)
    ]


def _effect_on_hero(kind: str, label: str, until: str) -> Callable[[Ctx, Model, dict[str, Any]], None]:
    def apply(ctx: Ctx, hero: Model, command: dict[str, Any]) -> None:
        ctx.state.effects.append(Effect(kind, hero.id, label, target=hero.id, until=until))

    return apply


def _declare_march(ctx: Ctx, hero: Model, command: dict[str, Any]) -> None:
    ctx.state.effects.append(Effect("heroic_march", hero.id, "Heroic March", hero.id, "move"))


def _declare_resolve(ctx: Ctx, hero: Model, command: dict[str, Any]) -> None:
    """The free Resist die is settled as the action is declared: the Hero and the friends within
    6" of it then have it until the End phase, wherever they go (a model gains it from one Heroic
    Resolve a turn, as from any Heroic Action)."""
    state = ctx.state
    gaining = [
        m for m in [hero, *friends_within(state, hero, RESOLVE_RANGE)] if "heroic_resolve" not in m.benefited
    ]
    for model in gaining:
        model.benefited.append("heroic_resolve")
        label = "Heroic Resolve" if model.id == hero.id else f"Heroic Resolve ({hero.name})"
        state.effects.append(Effect("heroic_resolve", hero.id, label, model.id, "end"))
    names = " and ".join(m.name for m in gaining) or "no one new"
    verb = "gain" if len(gaining) > 1 else "gains"
    ctx.log(
        "heroic_resolve",
        f"Heroic Resolve: {names} {verb} a free Resist die until the End phase.",
        hero=hero.id,
        models=[m.id for m in gaining],
    )


def resolute(hero: Model) -> bool:
    """Whether `hero` declared a Heroic Resolve this turn: it passes every Courage test it takes
    for its Broken army, and may Activate while Engaged to call Stand Fast."""
    return hero.heroic.get("move") == "heroic_resolve"


def _declare_accuracy(ctx: Ctx, hero: Model, command: dict[str, Any]) -> None:
    state = ctx.state
    state.effects.append(Effect("heroic_accuracy", hero.id, "Heroic Accuracy (Sharpshooter)", hero.id, "end"))
    if command.get("shout"):
        heard = shout_hears(state, hero, "heroic_accuracy")
        for friend in heard:
            friend.benefited.append("heroic_accuracy")
            state.effects.append(Effect("take_aim", hero.id, f"Take Aim ({hero.name})", friend.id, "end"))
        names = ", ".join(m.name for m in heard) or "no one"
        ctx.log(
            "shout",
            f'{hero.name} shouts "Take Aim": {names} may re-roll failed In The Way tests.',
            hero=hero.id,
        )


def _declare_challenge(ctx: Ctx, hero: Model, command: dict[str, Any]) -> None:
    target = ctx.state.model(command["target"])
    ctx.state.challenges.append(Challenge(hero.id, target.id))
    ctx.log("challenge", f"{hero.name} challenges {target.name}!", hero=hero.id, target=target.id)
    ctx.push(ChallengeAnswer(hero.id, target.id))


def _declare_strike(ctx: Ctx, hero: Model, command: dict[str, Any]) -> None:
    ctx.state.effects.append(Effect("heroic_strike", hero.id, "Heroic Strike", hero.id, "fight", 0))


def _nothing(ctx: Ctx, hero: Model, command: dict[str, Any]) -> None:
    return None


@dataclass(frozen=True)
class HeroicAction:
    key: str
    name: str
    phase: HeroicPhase
    universal: bool
    blocked: Callable[[BattleState, Model], str | None] = lambda state, hero: None
    params: Callable[[BattleState, Model], dict[str, dict[str, Any]]] = lambda state, hero: {}
    declared: Callable[[Ctx, Model, dict[str, Any]], None] = _nothing


HEROIC_ACTIONS: dict[str, HeroicAction] = {
    a.key: a
    for a in [
        HeroicAction("heroic_move", "Heroic Move", "move", True, _may_move_heroically),
        HeroicAction("heroic_channelling", "Heroic Channelling", "move", False, _has_powers,
                     declared=_effect_on_hero("heroic_channelling", "Heroic Channelling", "end")),
        HeroicAction("heroic_march", "Heroic March", "move", False, _not_engaged, declared=_declare_march),
        HeroicAction("heroic_resolve", "Heroic Resolve", "move", False, declared=_declare_resolve),
        HeroicAction("heroic_shoot", "Heroic Shoot", "shoot", True, _not_engaged),
        HeroicAction("heroic_accuracy", "Heroic Accuracy", "shoot", False, _not_engaged,
                     lambda state, hero: shout_params(state, hero, "heroic_accuracy"), _declare_accuracy),
        HeroicAction("heroic_combat", "Heroic Combat", "fight", True, _in_combat),
        HeroicAction("heroic_challenge", "Heroic Challenge", "fight", False, _can_challenge, _challenge_params,
                     _declare_challenge),
        HeroicAction("heroic_defence", "Heroic Defence", "fight", False, _in_combat,
                     declared=_effect_on_hero("heroic_defence", "Heroic Defence", "fight")),
        HeroicAction("heroic_strength", "Heroic Strength", "fight", False, _in_combat,
                     declared=_effect_on_hero("heroic_strength", "Heroic Strength", "end")),
        HeroicAction("heroic_strike", "Heroic Strike", "fight", False, _in_combat, declared=_declare_strike),
    ]
}  # fmt: skip

ENDS_QUIETLY = Lasting(quiet=True)
for _kind, _name, _lasting in (
    ("heroic_channelling", "Heroic Channelling", NOTHING),
    ("heroic_march", "Heroic March", ENDS_QUIETLY),
    ("at_the_double", "At the Double", ENDS_QUIETLY),
    ("heroic_resolve", "Heroic Resolve", Lasting(free_resist_dice=1, quiet=True, outlives_source=True)),
    ("heroic_accuracy", "Heroic Accuracy", NOTHING),
    ("take_aim", "Take Aim", Lasting(quiet=True, outlives_source=True)),
    ("heroic_defence", "Heroic Defence", ENDS_QUIETLY),
    ("heroic_strength", "Heroic Strength", NOTHING),
    ("heroic_strike", "Heroic Strike", ENDS_QUIETLY),
):
    register_lasting(_kind, _name, _lasting)


HEROIC_ACTION_NAMES = {key: action.name for key, action in HEROIC_ACTIONS.items()}
"""What players call each Heroic Action."""
SPECIALISED_HEROIC_ACTIONS = {key: a.name for key, a in sorted(HEROIC_ACTIONS.items()) if not a.universal}
"""The Heroic Actions a profile must list to use (every Hero has the universal ones)."""


def actions_for(state: BattleState) -> Mapping[str, HeroicAction]:
    """The Heroic Actions of the battle's ruleset: the same actions, declared the same way, with
    its own effects."""
    return ruleset_of(state).heroic_actions


def available_actions(
    hero: Model, phase: str, actions: Mapping[str, HeroicAction] = HEROIC_ACTIONS
) -> list[HeroicAction]:
    return [
        a
        for a in actions.values()
        if a.phase == phase and (a.universal or a.key in hero.profile.heroic_actions)
    ]


def declaration_options(state: BattleState, side: Side, phase: str) -> list[Option]:
    """Every declaration `side` might make in this phase, allowed or refused with the reason."""
    choices: list[Option] = []
    for hero in state.army_models(side):
        if not hero.is_hero:
            continue
        for heroic in available_actions(hero, phase, actions_for(state)):
            command = {"type": "declare", "hero": hero.id, "action": heroic.key}
            reason = _refusal(state, hero, heroic, phase)
            if reason:
                choices.append(Refusal(command, reason[0], reason[1]))
            else:
                label = f"{hero.name}: {heroic.name} (1 Might)"
                choices.append(Action("declare", label, command, heroic.params(state, hero), group=hero.id))
    return choices


def _refusal(
    state: BattleState, hero: Model, heroic: HeroicAction, phase: str
) -> tuple[RuleCode, str] | None:
    if phase in hero.heroic:
        done = HEROIC_ACTIONS[hero.heroic[phase]].name
        return ("one_heroic_action_per_phase", f"{hero.name} has already declared a {done} this phase.")
    if hero.might < 1 and (hero.mount is None or hero.mount.might < 1):
        return ("no_might", f"{hero.name} has no Might left to declare a {heroic.name}.")
    reason = why_held(state, hero, "declare Heroic Actions") or heroic.blocked(state, hero)
    if reason:
        return ("heroic_action_blocked", reason)
    return None


def can_declare(state: BattleState, side: Side, phase: str) -> bool:
    return any(isinstance(o, Action) for o in declaration_options(state, side, phase))


def declared(state: BattleState, phase: str, action: str, side: Side | None = None) -> list[Model]:
    return [
        m
        for m in state.models.values()
        if m.on_board and m.heroic.get(phase) == action and (side is None or m.side == side)
    ]


def clash_first(ctx: Ctx, action: str) -> Side:
    """Both sides have an action that goes first: the player with Priority rolls a D6,
    1-3 Evil picks first, 4+ Good."""
    roller = ctx.state.priority or "good"
    face = ctx.dice.d6("heroic_clash", roller)
    first: Side = "evil" if face <= 3 else "good"
    name = HEROIC_ACTIONS[action].name
    ctx.log(
        "heroic_clash",
        f"Both sides declared a {name}: {side_name(roller)} rolls {face}, {side_name(first)} goes first.",
        face=face,
        first=first,
    )
    return first


def cancel(ctx: Ctx, hero: Model, action: str, why: str) -> None:
    name = HEROIC_ACTIONS[action].name
    ctx.state.effects = [e for e in ctx.state.effects if not (e.kind == action and e.source == hero.id)]
    ctx.log(
        "heroic_cancelled", f"{hero.name}'s {name} is cancelled ({why}); the Might is lost.", hero=hero.id
    )


def cancel_if_unable(ctx: Ctx, hero: Model, action: str) -> bool:
    """A Heroic Move or Heroic March whose Hero is charged and Engaged, or rendered unable to
    Activate in some other way, before it acts is cancelled and its Might lost. True if it was."""
    why = why_cannot_activate(ctx.state, hero)
    if why is None:
        return False
    cancel(ctx, hero, action, why)
    return True


def has_heroic_march(state: BattleState, hero: Model) -> bool:
    """Whether `hero` declared a Heroic March this Move phase that is still in force."""
    return any(e.kind == "heroic_march" and e.source == hero.id for e in state.effects)


def cancel_stalled_marches(ctx: Ctx) -> None:
    """Cancel the Heroic March of every Hero made unable to Activate before it has acted."""
    for hero in declared(ctx.state, "move", "heroic_march"):
        if not hero.activated and has_heroic_march(ctx.state, hero):
            cancel_if_unable(ctx, hero, "heroic_march")


@dataclass(slots=True)
class DeclareHeroics(Frame):
    """Players take turns to declare a Heroic Action or pass, the player without Priority first,
    until both pass in succession."""

    kind = "declare_heroics"
    phase: HeroicPhase
    to_act: Side
    passes: int = 0
    started: bool = False

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        phase_name = PHASE_NAMES[self.phase]
        if not self.started:
            self.started = True
            if not any(can_declare(state, s, self.phase) for s in ("good", "evil")):
                ctx.log(
                    "heroic_step_skipped",
                    f"No Hero can declare a Heroic Action in the {phase_name} phase.",
                    phase=self.phase,
                )
                ctx.pop(self)
                return False
            ctx.log("heroic_step", f"Declare Heroic Actions ({phase_name} phase).", phase=self.phase)
        if self.passes >= 2:
            ctx.log(
                "heroic_step_end",
                "Both players have passed: the Declare Heroic Actions step ends.",
                phase=self.phase,
            )
            ctx.pop(self)
            return False
        if not can_declare(state, self.to_act, self.phase):
            self._pass(ctx, automatic=True)
            return False
        return True

    def pending(self, state: BattleState) -> Pending:
        return Pending(
            self.to_act,
            "declare_heroic_action",
            f"{side_name(self.to_act)} declares a Heroic Action or passes",
            {"phase": self.phase},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        choices = declaration_options(state, side, self.phase)
        choices.append(Action("pass", "Pass", {"type": "pass"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "pass":
            self._pass(ctx, automatic=False)
            return
        hero = ctx.state.model(command["hero"])
        heroic = actions_for(ctx.state)[command["action"]]
        hero.heroic[self.phase] = heroic.key
        spend(ctx, hero, "might", 1, f"to declare a {heroic.name}", "rider" if hero.might else "mount")
        ctx.log(
            "declare",
            f"{hero.name} declares a {heroic.name}.",
            side=self.to_act,
            hero=hero.id,
            action=heroic.key,
        )
        self.passes = 0
        self.to_act = other(self.to_act)
        heroic.declared(ctx, hero, command)
        masters_answer(ctx, hero, heroic, self.phase)

    def _pass(self, ctx: Ctx, automatic: bool) -> None:
        why = " (no Hero can declare)" if automatic else ""
        ctx.log("pass", f"{side_name(self.to_act)} passes{why}.", side=self.to_act, automatic=automatic)
        self.passes += 1
        self.to_act = other(self.to_act)


MASTER_OF_BATTLE_REACH = 6.0


def masters_answer(ctx: Ctx, hero: Model, heroic: HeroicAction, phase: HeroicPhase) -> None:
    """Master of Battle (docs/rules/special-rules.md §2.34): each enemy Hero with it within 6" of
    `hero`, that has not declared this phase and could, rolls a D6; on its score or more it may
    answer at once with the same Heroic Action for no Might. A free answer sets off no other."""
    state = ctx.state
    for master in state.army_models(other(hero.side)):
        uses = on_model(master, MASTER_OF_BATTLE)
        score = uses[0].param.count if uses and uses[0].param is not None else 0
        if (
            not score
            or not master.is_hero
            or phase in master.heroic
            or master.distance_to(hero) > MASTER_OF_BATTLE_REACH + 1e-9
            or why_held(state, master, "declare Heroic Actions")
            or heroic.blocked(state, master)
        ):
            continue
        face = ctx.dice.d6("master_of_battle", master.id)
        answers = face >= score
        result = f"it may answer with a {heroic.name} for free" if answers else "no free answer"
        ctx.log(
            "master_of_battle",
            f"{master.name} rolls {face} for Master of Battle ({score}+): {result}.",
            model=master.id,
            faces=[face],
        )
        if answers:
            ctx.push(MasteryAnswer(master.id, heroic.key, phase))


@dataclass(slots=True)
class MasteryAnswer(Frame):
    """A Master of Battle's player answers an enemy's Heroic Action with the same one for free, or not."""

    kind = "master_of_battle"
    model: str
    action: str
    phase: HeroicPhase

    def step(self, ctx: Ctx) -> bool:
        return True

    def pending(self, state: BattleState) -> Pending:
        master = state.model(self.model)
        name = actions_for(state)[self.action].name
        label = f"{master.name} may answer with a {name} for free (Master of Battle)"
        return Pending(master.side, "master_of_battle", label, {"model": master.id, "action": self.action})

    def options(self, state: BattleState, side: Side) -> list[Option]:
        master = state.model(self.model)
        heroic = actions_for(state)[self.action]
        command = {"type": "answer_heroic", "hero": master.id, "action": heroic.key}
        return [
            Action(
                "answer_heroic",
                f"{master.name}: {heroic.name} (free)",
                command,
                heroic.params(state, master),
                group=master.id,
            ),
            Action("no_answer", f"{master.name} does not answer", {"type": "no_answer"}),
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        ctx.pop(self)
        master = ctx.state.model(self.model)
        if command["type"] == "no_answer":
            ctx.log("pass", f"{master.name} does not answer.", side=master.side, automatic=False)
            return
        heroic = actions_for(ctx.state)[self.action]
        master.heroic[self.phase] = heroic.key
        ctx.log(
            "declare",
            f"{master.name} declares a {heroic.name} for free (Master of Battle).",
            side=master.side,
            hero=master.id,
            action=heroic.key,
        )
        heroic.declared(ctx, master, command)


@dataclass(slots=True)
class ChallengeAnswer(Frame):
    """The challenged Hero's player accepts or declines."""

    kind = "challenge_answer"
    challenger: str
    target: str

    def step(self, ctx: Ctx) -> bool:
        return True

    def pending(self, state: BattleState) -> Pending:
        target, challenger = state.model(self.target), state.model(self.challenger)
        return Pending(
            target.side,
            "answer_challenge",
            f"{side_name(target.side)} answers {challenger.name}'s Heroic Challenge to {target.name}",
            {"challenger": challenger.id, "target": target.id},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        target, challenger = state.model(self.target), state.model(self.challenger)
        return [
            Action(
                "accept_challenge",
                f"{target.name} accepts: both gain +1 Attack and +1 To Wound against each other and must charge",
                {"type": "accept"},
            ),
            Action(
                "decline_challenge",
                f"{target.name} declines: only {challenger.name} gains the bonuses",
                {"type": "decline"},
            ),
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        accepted = command["type"] == "accept"
        for challenge in state.challenges:
            if challenge.challenger == self.challenger and challenge.target == self.target:
                challenge.accepted = accepted
        target, challenger = state.model(self.target), state.model(self.challenger)
        verb = "accepts" if accepted else "declines"
        ctx.log("challenge_answer", f"{target.name} {verb} {challenger.name}'s challenge.", accepted=accepted)
        ctx.pop(self)


def challenge_partner(state: BattleState, model: Model) -> Model | None:
    """The enemy `model` must charge if it can: its partner in an accepted Heroic Challenge."""
    for c in state.challenges:
        if c.accepted and model.id in (c.challenger, c.target):
            partner = state.model(c.target if c.challenger == model.id else c.challenger)
            return partner if partner.on_board else None
    return None
