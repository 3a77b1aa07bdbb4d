"""One Combat (`docs/rules/wargear.md` §0.2): the sides declare Shielding, weapons and supporters
(`declarations`), the Duel roll with its banner re-rolls (`duel_dice`) and Might bidding, the
losers back away (or are Trapped) and may be knocked to the ground, the winners Strike (against a
Cavalry model, rider or mount Strike by Strike: `strike_at`), then riders whose mounts fell take
their Thrown Rider tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from itertools import combinations_with_replacement, takewhile
from typing import Any, Literal

from .activation import SideActivations
from .battlefield import defended_pairs
from .cavalry import ThrownRiders, charge_bonus_lost, charged_at, is_cavalry, knocked_down_by, monstrous
from .declarations import GRIP, Declarations, Fighting
from .duel import ROLLOFF_GOOD, Plan, Roller, banner_for, rollers, rolloff_good_from, side_fight, standing
from .duel_dice import DuelDice
from .effects import held_by
from .frame import Action, Ctx, Frame, Option, Pending
from .house_rules import ELVEN_EDGE_IN_MULTIPLE_COMBAT
from .legacy import STRIKES_EDITION
from .might import least_raises, might_action, next_bidder, odds, pay_might
from .movement import back_away, knock_prone, never_trapped
from .odds import rolloff_chance
from .state import SIDES, BattleState, Model, Side, other, side_name
from .strike_at import StrikeAt, plan_data
from .strike_rolls import StrikeRolls
from .strikes import strike_count, strikes_at_all
from .venom import venom_frames, venom_wounds
from .wounds import shieldwall

CombatStage = Literal["start", "declare", "roll", "banner", "bidding", "allocate", "after"]


@dataclass(slots=True)
class Combat(Frame):
    """One combat: `centre` fights each of `leaves` (each leaf fights only the centre)."""

    kind = "combat"
    centre: str
    leaves: list[str]
    heroic: bool = False
    stage: CombatStage = "start"
    declared: Declarations = field(default_factory=Declarations)
    charged: list[str] = field(default_factory=list)
    charging: list[str] = field(default_factory=list)
    walled: list[str] = field(default_factory=list)
    """Models whose Shieldwall counts for this Combat's Strikes (settled before Backing Away)."""
    dice: DuelDice = field(default_factory=DuelDice)
    banner_side: Side | None = None
    bidder: Side | None = None
    declined: list[Side] = field(default_factory=list)
    winner: Side | None = None
    trapped: list[str] = field(default_factory=list)
    stood: list[str] = field(default_factory=list)
    allocations: dict[str, list[str]] = field(default_factory=dict)
    across: dict[str, list[str]] = field(default_factory=dict)
    """Each attacker fighting across a barrier its enemy defends: [the defender, the barrier's name]."""
    venom: dict[str, int] = field(default_factory=dict)
    """The Wounds each Venom model had caused each enemy here as the Strikes began (`venom`)."""

    # -- who is in it ----------------------------------------------------------------------------

    def members(self, state: BattleState) -> list[Model]:
        return [m for m in (state.model(i) for i in (self.centre, *self.leaves)) if m.on_board]

    def side_models(self, state: BattleState, side: Side) -> list[Model]:
        return [m for m in self.members(state) if m.side == side]

    def opponents(self, state: BattleState, model: Model) -> list[Model]:
        if model.id == self.centre:
            return [m for m in self.members(state) if m.id != self.centre]
        centre = state.model(self.centre)
        return [centre] if centre.on_board and centre.side != model.side else []

    def fighting(self, state: BattleState) -> Fighting:
        models = self.members(state)
        base = Plan(
            charged=frozenset(self.charged), charging=frozenset(self.charging), walled=frozenset(self.walled)
        )
        return Fighting(models, {m.id: self.opponents(state, m) for m in models}, base)

    def plan(self, state: BattleState) -> Plan:
        return self.declared.plan(self.fighting(state).base)

    def rollers(self, state: BattleState) -> list[Roller]:
        fighting = self.fighting(state)
        return rollers(state, fighting.models, fighting.opponents_of, self.declared.plan(fighting.base))

    def rolling(self, state: BattleState, side: Side) -> list[str]:
        """The side's models with dice in the Duel: its fighters and their supporters."""
        supporters = [
            s for s in self.declared.supports if state.model(s).on_board and state.model(s).side == side
        ]
        return [m.id for m in self.side_models(state, side)] + supporters

    # -- the frame -------------------------------------------------------------------------------

    def step(self, ctx: Ctx) -> bool:
        state = ctx.state
        if self.stage == "start":
            self._start(ctx)
        if self.stage == "declare":
            if self.declared.next_to_answer(state, self.fighting(state)):
                return True
            self.declared.reveal(ctx, self.fighting(state))
            self.stage = "roll"
        if self.stage == "roll":
            self.dice.roll(ctx, self.rollers(state), self.declared.shielding)
            for side in SIDES:
                if banner_for(state, side, [state.model(m) for m in self.rolling(state, side)]):
                    self.dice.banners.append(side)
            self.stage = "banner"
        if self.stage == "banner":
            rolling = {s: self.rolling(state, s) for s in SIDES}
            self.banner_side = self.dice.banner_turn(state, self._standing(state), rolling)
            if self.banner_side is not None:
                return True
            self.stage = "bidding"
        if self.stage == "bidding":
            self.bidder = self._next_bidder(state)
            if self.bidder is not None:
                return True
            self._decide(ctx)
            self._after_duel(ctx)
            self.stage = "allocate"
        if self.stage == "allocate":
            if self._next_to_allocate(state) is not None:
                return True
            self.stage = "after"
            self._strike(ctx)
            return False
        ctx.pop(self)
        self._end(ctx)
        return False

    def _start(self, ctx: Ctx) -> None:
        """Heroic Strike's D3; who charged and which cavalry keep their charge bonuses."""
        state = ctx.state
        self._heroic_strikes(ctx)
        for model in self.members(state):
            target = charged_at(state, model)
            if target is None:
                continue
            self.charged.append(model.id)
            if monstrous(model):
                self.charging.append(model.id)
                text = (
                    f"{model.name} charged: +1 Attack, and enemies of lower Strength it beats are knocked Prone "
                    "(Monstrous Charge)."
                )
                ctx.log("charge_bonus", text, model=model.id)
                continue
            if not is_cavalry(model):
                continue
            lost = charge_bonus_lost(state, model, self.opponents(state, model), target)
            if lost is None:
                self.charging.append(model.id)
                text = f"{model.name} charged: +1 Attack, and Infantry it beats are knocked to the ground."
            else:
                text = f"{model.name} has no charge bonuses: {lost}."
            ctx.log("charge_bonus", text, model=model.id)
        for attacker, (defender, barrier) in defended_pairs(state, self.members(state)).items():
            self.across[attacker] = [defender, barrier.name]
            ctx.log(
                "barrier",
                f"{state.model(defender).name} defends the {barrier.name} against {state.model(attacker).name}: "
                "its enemies' Strikes must first pass an In The Way test, and neither backs away "
                "before the Strikes.",
                model=defender,
            )
        self.stage = "declare"
        self.declared.asking = other(state.priority or "good")

    def _heroic_strikes(self, ctx: Ctx) -> None:
        """Heroic Strike's D3 is rolled at the start of the Hero's first combat of the phase."""
        for model in self.members(ctx.state):
            for effect in ctx.state.effects:
                if effect.kind == "heroic_strike" and effect.target == model.id and effect.value == 0:
                    effect.value = ctx.dice.d3("heroic_strike", model.id)
                    effect.label = f"Heroic Strike (+{effect.value} Fight)"
                    ctx.log(
                        "heroic_strike",
                        f"{model.name}'s Heroic Strike adds {effect.value} to its Fight Value.",
                    )

    # -- the Duel roll: who stands to win, Might, the roll-off -----------------------------------

    def _fight_values(self, state: BattleState) -> dict[Side, int]:
        rolls = self.rollers(state)
        return {s: side_fight(rolls, s) for s in SIDES}

    def _best(self, state: BattleState) -> dict[Side, int]:
        return {s: self.dice.side_best(self.rolling(state, s)) for s in SIDES}

    def _standing(self, state: BattleState, best: dict[Side, int] | None = None) -> Side | None:
        return standing(best or self._best(state), self._fight_values(state))

    def _bids(self, state: BattleState, side: Side) -> list[Action]:
        """The Might `side` could spend to stop losing: the least that wins, and the least that
        forces a roll-off when that is less."""
        actions: list[Action] = []
        rolloff = rolloff_chance(self.rollers(state))
        for model_id in self.rolling(state, side):
            hero = state.model(model_id)
            if not hero.is_hero or not self.dice.faces.get(hero.id):
                continue
            mine = self.dice.best(hero.id)
            found = least_raises(hero, mine, partial(self._result_if_raised, state, side, mine), "win")
            losing = self._standing(state) == other(side)
            for result, amount in found.items():
                if result == "roll-off" and ("win" in found or not losing):
                    continue
                outcome = "you win the Duel" if result == "win" else "the Duel goes to a roll-off"
                chance = Fraction(1) if result == "win" else rolloff if side == "good" else 1 - rolloff
                label = f"{hero.name}: spend {amount} Might ({mine} becomes {mine + amount}): {outcome}"
                actions.append(might_action(hero, amount, label, odds((outcome, chance)), group=hero.id))
        return actions

    def _result_if_raised(self, state: BattleState, side: Side, die: int, amount: int) -> str:
        best = self._best(state)
        before = self._standing(state, dict(best))
        best[side] = max(best[side], die + amount)
        now = self._standing(state, best)
        if now == before:
            return ""
        return "win" if now == side else "roll-off" if now is None else ""

    def _next_bidder(self, state: BattleState) -> Side | None:
        """The losing side bids first; on a dead tie, the side without Priority, then the other."""
        return next_bidder(
            self._standing(state),
            other(state.priority or "good"),
            self.declined,
            lambda side: bool(self._bids(state, side)),
        )

    def _decide(self, ctx: Ctx) -> None:
        state = ctx.state
        best = self._best(state)
        fight = self._fight_values(state)
        now = self._standing(state)
        if now is not None and best["good"] != best["evil"]:
            why = f"highest die {best[now]}"
        elif now is not None:
            why = f"both rolled {best['good']}, higher Fight Value {fight[now]}"
        else:
            rolls = self.rollers(state)
            roller = state.priority or "good"
            face = ctx.dice.d6("duel_rolloff", roller)
            need = rolloff_good_from(rolls)
            now = "good" if face >= need else "evil"
            edge = {
                3: " (Good's Elven weapon: Good wins on 3+)",
                5: " (Evil's Elven weapon: Evil wins on 1-4)",
            }
            why = f"dice and Fight Value tie; {side_name(roller)} rolls {face}{edge.get(need, '')}"
            edged: Side = "good" if need < ROLLOFF_GOOD else "evil"
            if need != ROLLOFF_GOOD and sum(1 for r in rolls if r.side == edged) > 1:
                why += f"; {ELVEN_EDGE_IN_MULTIPLE_COMBAT.says()}"
        self.winner = now
        ctx.log("duel", f"{side_name(now)} wins the Duel ({why}).", winner=now)

    # -- after the Duel --------------------------------------------------------------------------

    def _after_duel(self, ctx: Ctx) -> None:
        """The losers back away (or are Trapped); a charging Cavalry model's win knocks Infantry to
        the ground; Prone winners stand up instead of striking."""
        state = ctx.state
        assert self.winner is not None
        winners = self.side_models(state, self.winner)
        losers = self.side_models(state, other(self.winner))
        self.walled = [m.id for m in self.members(state) if shieldwall(state, m)]
        over_barrier = set(self.across) | {defender for defender, _ in self.across.values()}
        for loser in losers:
            if loser.id not in over_barrier and winners and not back_away(ctx, loser, winners):
                if never_trapped(loser):
                    continue
                self.trapped.append(loser.id)
        chargers = [m for m in winners if m.id in self.charging]
        if chargers:
            for loser in losers:
                if knocked_down_by(state, loser, chargers) and not loser.prone:
                    knock_prone(ctx, loser)
        for model in winners:
            if model.prone and held_by(state, model) is None:
                model.prone = False
                ctx.log(
                    "stand_up", f"{model.name} is Prone: it stands up instead of striking.", model=model.id
                )
                self.stood.append(model.id)
        if self.winner in self.declared.shielding:
            ctx.log("shielding", f"{side_name(self.winner)} Shielded: its models make no Strikes.")

    def _strikers(self, state: BattleState) -> list[tuple[Model, bool]]:
        """Who Strikes, in order (each fighter, then those supporting it), and whether supporting."""
        assert self.winner is not None
        plan = self.plan(state)
        supports = self.declared.supports
        found: list[tuple[Model, bool]] = []
        for model in self.side_models(state, self.winner):
            if model.id in self.stood or not strikes_at_all(state, model, plan):
                continue
            found.append((model, False))
            friend = model.id
            while (behind := next((s for s, f in supports.items() if f == friend), None)) is not None:
                supporter = state.model(behind)
                if supporter.on_board and held_by(state, supporter) is None:
                    found.append((supporter, True))
                friend = behind
        return found

    def _targets_for(self, state: BattleState, striker: Model, supporting: bool) -> list[Model]:
        assert self.winner is not None
        losers = self.side_models(state, other(self.winner))
        if supporting or striker.id == self.centre:
            return losers
        return [m for m in losers if m.id == self.centre]

    def _next_to_allocate(self, state: BattleState) -> tuple[Model, bool] | None:
        for striker, supporting in self._strikers(state):
            if striker.id not in self.allocations and len(self._targets_for(state, striker, supporting)) > 1:
                return striker, supporting
        return None

    def _count(self, state: BattleState, striker: Model, supporting: bool) -> int:
        opponents = self.opponents(state, striker) or self._targets_for(state, striker, supporting)
        return strike_count(state, striker, opponents, self.plan(state), supporting)

    def _strike(self, ctx: Ctx) -> None:
        """Every Strike in order, then the Thrown Rider tests of riders whose mounts fell."""
        state = ctx.state
        self.venom = venom_wounds(state, self.members(state))
        frames: list[Frame] = []
        kept = plan_data(self.plan(state))
        kept["combat"] = [self.centre, *self.leaves]
        for striker, supporting in self._strikers(state):
            targets = self.allocations.get(striker.id)
            if targets is None:
                only = self._targets_for(state, striker, supporting)
                if not only:
                    continue
                targets = [only[0].id] * self._count(state, striker, supporting)
            friend = self.declared.supports.get(striker.id, "")
            walls = {defender: wall for defender, wall in self.across.values()}
            together = state.edition >= STRIKES_EDITION
            for number, target in enumerate(targets, start=1):
                trapped = target in self.trapped
                wall = walls.get(target, "") if state.model(target).side != striker.side else ""
                if together and state.model(target).mount is None:
                    if number > 1 and targets[number - 2] == target:
                        continue
                    strikes = len(list(takewhile(target.__eq__, targets[number - 1 :])))
                    frames.append(StrikeRolls(striker.id, target, supporting, strikes, kept, trapped, wall))
                    continue
                frames.append(
                    StrikeAt(
                        striker.id, target, supporting, number, len(targets), kept, trapped, friend, wall
                    )
                )
        ctx.push(ThrownRiders())
        for frame in reversed(frames):
            ctx.push(frame)

    # -- decisions -------------------------------------------------------------------------------

    def pending(self, state: BattleState) -> Pending:
        if self.stage == "declare":
            fighting = self.fighting(state)
            assert self.declared.asking is not None
            question = self.declared.question(state, fighting, self.declared.asking) or ""
            label = self.declared.label(state, fighting)
            return Pending(
                self.declared.asking, "declare_combat", label, {"question": question.split(":")[0]}
            )
        if self.stage == "banner":
            assert self.banner_side is not None
            label = f"{side_name(self.banner_side)}'s banner: re-roll one die?"
            return Pending(self.banner_side, "banner_reroll", label, {"dice": dict(self.dice.faces)})
        if self.stage == "bidding":
            assert self.bidder is not None
            return Pending(
                self.bidder,
                "duel_might",
                f"{side_name(self.bidder)} is losing the Duel: spend Might?",
                {"dice": dict(self.dice.faces), "boost": dict(self.dice.boost)},
            )
        found = self._next_to_allocate(state)
        assert found is not None and self.winner is not None
        return Pending(
            self.winner,
            "allocate_strikes",
            f"{side_name(self.winner)} chooses whom {found[0].name} strikes",
            {"model": found[0].id},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        if self.stage == "declare":
            return self.declared.options(state, self.fighting(state), side)
        if self.stage == "banner":
            return self.dice.banner_options(state, side, self.rollers(state))
        if self.stage == "bidding":
            choices: list[Option] = list(self._bids(state, side))
            losing = self._standing(state) is not None
            label = "Spend no more: lose the Duel" if losing else "Spend no more: leave it to the roll-off"
            choices.append(Action("keep", label, {"type": "keep"}))
            return choices
        found = self._next_to_allocate(state)
        assert found is not None
        striker, supporting = found
        targets = self._targets_for(state, striker, supporting)
        choices = []
        for split in combinations_with_replacement(
            [t.id for t in targets], self._count(state, striker, supporting)
        ):
            label = ", ".join(f"{split.count(t.id)} at {t.name}" for t in targets if split.count(t.id))
            choices.append(
                Action(
                    "allocate_strikes",
                    f"{striker.name}: {label}",
                    {"type": "allocate_strikes", "model": striker.id, "targets": list(split)},
                )
            )
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        kind = command["type"]
        if self.stage == "declare":
            self.declared.answer(command)
        elif kind == "allocate_strikes":
            self.allocations[command["model"]] = list(command["targets"])
        elif self.stage == "banner":
            assert self.banner_side is not None
            if kind == "reroll":
                self.dice.reroll(ctx, self.banner_side, command)
            else:
                self.dice.banners.remove(self.banner_side)
        elif kind == "keep":
            assert self.bidder is not None
            self.declined.append(self.bidder)
        else:
            hero = ctx.state.model(command["model"])
            before = self.dice.best(hero.id)
            self.dice.boost[hero.id] = self.dice.boost.get(hero.id, 0) + pay_might(
                ctx, hero, command, "on the Duel", before
            )

    def _over_the_barrier(self, ctx: Ctx) -> None:
        """After the Strikes (terrain.md §12.1): an attacker whose defender still stands backs away, whoever won;
        one that won and slew its defender may cross into its place."""
        state = ctx.state
        for attacker_id, (defender_id, wall) in self.across.items():
            attacker, defender = state.model(attacker_id), state.model(defender_id)
            if not attacker.on_board:
                continue
            if defender.on_board:
                back_away(ctx, attacker, [defender])
            elif self.winner == attacker.side:
                ctx.push(CrossIntoPlace(attacker.id, defender.id, wall))

    def _end(self, ctx: Ctx) -> None:
        """The Combat is over: Venom's further Wounds first, then what follows the Combat."""
        self._after_combat(ctx)
        for frame in venom_frames(ctx.state, self.venom):
            ctx.push(frame)

    def _after_combat(self, ctx: Ctx) -> None:
        """Two-handed grips end; after a won Heroic Combat that left no enemy, the winners may move
        or charge."""
        state = ctx.state
        ids = (self.centre, *self.leaves)
        state.effects = [e for e in state.effects if not (e.kind == GRIP and e.target in ids)]
        self._over_the_barrier(ctx)
        if not self.heroic or self.winner is None or self.side_models(state, other(self.winner)):
            return
        movers = [
            m
            for m in self.side_models(state, self.winner)
            if "heroic_combat_move" not in m.benefited
            and not {"War Beast", "Chariot"} & set(m.profile.keywords)
        ]
        if not movers:
            return
        for model in movers:
            model.benefited.append("heroic_combat_move")
        ctx.log(
            "heroic_combat_won",
            f"The Heroic Combat is won and no enemy is left: {', '.join(m.name for m in movers)} may move or charge.",
        )
        ctx.push(SideActivations(self.winner, only=[m.id for m in movers], reason="heroic_combat"))


@dataclass(slots=True)
class CrossIntoPlace(Frame):
    """A model that slew the defender of a barrier may cross it into the defender's place (terrain.md §12.1)."""

    kind = "cross_into_place"
    model: str
    defender: str
    wall: str

    def step(self, ctx: Ctx) -> bool:
        return True

    def pending(self, state: BattleState) -> Pending:
        model = state.model(self.model)
        label = f"{model.name} may cross the {self.wall} into {state.model(self.defender).name}'s place"
        return Pending(model.side, "cross_into_place", label, {"model": model.id})

    def options(self, state: BattleState, side: Side) -> list[Option]:
        model, fallen = state.model(self.model), state.model(self.defender)
        return [
            Action(
                "cross_into_place",
                f"{model.name} crosses the {self.wall} into {fallen.name}'s place",
                {"type": "cross_into_place"},
            ),
            Action("stay", f"{model.name} stays where it is", {"type": "stay"}),
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        model, fallen = ctx.state.model(self.model), ctx.state.model(self.defender)
        ctx.pop(self)
        if command["type"] == "stay":
            ctx.log("stay", f"{model.name} stays where it is.", model=model.id)
            return
        start = model.pos
        model.x, model.y = fallen.pos
        model.across, model.across_at = "", []
        ctx.log(
            "forced_move",
            f"{model.name} crosses the {self.wall} into {fallen.name}'s place.",
            model=model.id,
            path=[list(start), list(model.pos)],
        )
