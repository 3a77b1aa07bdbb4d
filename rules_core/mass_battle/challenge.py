"""Challenges (§8.3, §11): two stands in front contact, each with a hero who has not duelled this
turn, may fight a duel instead of their combat, if both sides agree. Heroic Challenges are offered
first; then the player with Priority issues challenges one at a time and passes, then the other
player; the other side accepts with a hero of its own or declines. Accepted, the duel is fought at
once and both stands watch until the End phase; declined, the pair is not challenged again this
turn (and a Heroic Challenger's stand gains +1 in that combat)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..frame import Action, Ctx, Frame, Option, Pending, Refusal
from ..state import SIDES, BattleState, Effect, Model, Side, other, side_name
from .duel import Duel
from .field import Obstruction, contacts_of
from .lasting import CHALLENGE_DECLINED
from .odds import exact_odds
from .outcomes import duel_odds
from .pairs import Pair
from .state import MassState, Stand, mass, mass_ctx


def front_partner(state: MassState, stand: Stand) -> Stand | None:
    """The enemy stand in front contact with this one, if any."""
    front = contacts_of(state.field(), stand.id).front
    return state.stand(front[0]) if front else None


def champions(state: MassState, stand: Stand) -> list[Model]:
    """Heroes attached to a stand who may still fight a duel this turn."""
    return [h for h in state.attached(stand.id) if not state.heroes[h.id].dueled]


def pair_key(state: MassState, a: Stand, b: Stand) -> str:
    good, evil = (a, b) if a.side == "good" else (b, a)
    return f"{good.id}|{evil.id}"


def challenge_problem(state: MassState, stand: Stand, done: list[str]) -> Obstruction | None:
    """§8.3: why this stand's heroes may not challenge now."""
    partner = front_partner(state, stand)
    if partner is None:
        contacts = contacts_of(state.field(), stand.id)
        touching = contacts.flank or contacts.rear or contacts.striking
        why = (
            "its contact with the enemy is not frontal"
            if touching
            else "it is not in front contact with an enemy stand"
        )
        return Obstruction("challenge_not_frontal", f"{stand.name} cannot challenge: {why}.")
    if stand.watching or partner.watching or pair_key(state, stand, partner) in done:
        return Obstruction(
            "already_challenged", f"{stand.name} and {partner.name} have had their challenge this turn."
        )
    if not champions(state, stand):
        return Obstruction(
            "challenge_needs_heroes", f"{stand.name} has no hero left to fight a duel this turn."
        )
    if not champions(state, partner):
        return Obstruction("challenge_needs_heroes", f"{partner.name} has no hero to answer a challenge.")
    return None


def eligible(state: MassState, side: Side, done: list[str]) -> list[tuple[Stand, Stand]]:
    """The side's stands that may challenge now, with the enemy stand each would challenge."""
    found = []
    for stand in state.army_stands(side):
        if state.attached(stand.id) and challenge_problem(state, stand, done) is None:
            partner = front_partner(state, stand)
            assert partner is not None
            found.append((stand, partner))
    return found


def death_odds(state: MassState, first: Model, second: Model) -> dict[str, Any]:
    """§9, before the dice: the chance each hero dies (no Might), the Éowyn rule included."""
    a, b = duel_odds(state.heroes[first.id].duel_points, state.heroes[second.id].duel_points)
    return exact_odds((first.id, f"{first.name} dies", a), (second.id, f"{second.name} dies", b))


def issue_options(state: MassState, side: Side, done: list[str]) -> list[Option]:
    choices: list[Option] = []
    for stand in state.army_stands(side):
        heroes = state.attached(stand.id)
        if not heroes:
            continue
        problem = challenge_problem(state, stand, done)
        for hero in heroes:
            command = {"type": "issue_challenge", "stand": stand.id, "hero": hero.id}
            if problem is not None:
                choices.append(Refusal(command, problem.code, problem.message))
                continue
            if state.heroes[hero.id].dueled:
                choices.append(
                    Refusal(command, "already_challenged", f"{hero.name} has fought a duel this turn.")
                )
                continue
            partner = front_partner(state, stand)
            assert partner is not None
            foes = champions(state, partner)
            worst = max(foes, key=lambda f: state.heroes[f.id].duel_points)
            choices.append(
                Action(
                    "issue_challenge",
                    f"{hero.name} ({state.heroes[hero.id].duel_points} points) challenges {partner.name} "
                    f"({', '.join(f'{f.name} {state.heroes[f.id].duel_points}' for f in foes)})",
                    command,
                    odds=death_odds(state, hero, worst),
                    group=stand.id,
                )
            )
    choices.append(Action("pass", "Issue no (more) challenges", {"type": "pass"}))
    return choices


def issue(ctx: Ctx, stand: Stand, hero: Model, heroic: bool) -> Pair:
    state = mass_ctx(ctx)
    partner = front_partner(state, stand)
    assert partner is not None
    how = "a Heroic Challenge" if heroic else "a challenge"
    ctx.log(
        "challenge_issued",
        f"{hero.name} issues {how} to {partner.name}.",
        hero=hero.id,
        stand=stand.id,
        target=partner.id,
        heroic=heroic,
    )
    good, evil = (stand, partner) if stand.side == "good" else (partner, stand)
    ctx.push(ChallengeAnswer([good.id, evil.id], hero.id, heroic))
    return good.id, evil.id


@dataclass(slots=True)
class ChallengeStep(Frame):
    kind = "challenge_step"
    stage: Literal["heroic", "issue"] = "heroic"
    to_issue: str = ""
    passed: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)
    """Pairs challenged this turn (accepted or declined): "good stand|evil stand"."""
    offered: list[str] = field(default_factory=list)
    """Heroic Challengers whose challenge has been offered."""

    def step(self, ctx: Ctx) -> bool:
        state = mass_ctx(ctx)
        if self.stage == "heroic":
            if self._heroic(ctx):
                return False
            self.stage, self.to_issue = "issue", state.priority or "good"
        while len(self.passed) < 2:
            side: Side = "good" if self.to_issue == "good" else "evil"
            if side not in self.passed and eligible(state, side, self.done):
                return True
            if side not in self.passed:
                self.passed.append(side)
            self.to_issue = other(side)
        ctx.pop(self)
        return False

    def _heroic(self, ctx: Ctx) -> bool:
        """Offer the next Heroic Challenge (§11: before any other); True if one was offered."""
        state = mass_ctx(ctx)
        first = state.priority or "good"
        for side in (first, other(first)):
            for hero in (m for m in state.models.values() if m.on_board and m.side == side):
                stand = state.stand_of(hero)
                if hero.heroic.get("fight") != "heroic_challenge" or hero.id in self.offered or stand is None:
                    continue
                self.offered.append(hero.id)
                if challenge_problem(state, stand, self.done) is None and not state.heroes[hero.id].dueled:
                    partner = front_partner(state, stand)
                    assert partner is not None
                    self.done.append(pair_key(state, stand, partner))
                    issue(ctx, stand, hero, heroic=True)
                    return True
        return False

    def pending(self, state: BattleState) -> Pending:
        side: Side = "good" if self.to_issue == "good" else "evil"
        return Pending(side, "issue_challenge", f"{side_name(side)} may issue challenges", {"phase": "fight"})

    def options(self, state: BattleState, side: Side) -> list[Option]:
        return issue_options(mass(state), side, self.done)

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass_ctx(ctx)
        side: Side = "good" if self.to_issue == "good" else "evil"
        if command["type"] == "pass":
            ctx.log("challenge_pass", f"{side_name(side)} issues no more challenges.", side=side)
            self.passed.append(side)
            self.to_issue = other(side)
            return
        stand = state.stand(command["stand"])
        partner = front_partner(state, stand)
        assert partner is not None
        self.done.append(pair_key(state, stand, partner))
        issue(ctx, stand, state.model(command["hero"]), heroic=False)


@dataclass(slots=True)
class ChallengeAnswer(Frame):
    kind = "mass_challenge_answer"
    pair: list[str]
    challenger: str
    heroic: bool = False

    def _stands(self, state: MassState) -> tuple[Stand, Stand]:
        challenger = state.model(self.challenger)
        mine = next(state.stand(s) for s in self.pair if state.stand(s).side == challenger.side)
        theirs = next(state.stand(s) for s in self.pair if s != mine.id)
        return mine, theirs

    def step(self, ctx: Ctx) -> bool:
        return True

    def pending(self, state: BattleState) -> Pending:
        game = mass(state)
        challenger = game.model(self.challenger)
        _, theirs = self._stands(game)
        return Pending(
            theirs.side,
            "answer_challenge",
            f"{side_name(theirs.side)} answers {challenger.name}'s challenge to {theirs.name}",
            {"challenger": challenger.id, "pair": list(self.pair), "heroic": self.heroic},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        challenger = game.model(self.challenger)
        mine, theirs = self._stands(game)
        choices: list[Option] = [
            Action(
                "answer_challenge",
                f"{hero.name} ({game.heroes[hero.id].duel_points} points) accepts {challenger.name}'s challenge "
                f"({game.heroes[challenger.id].duel_points} points)",
                {"type": "answer_challenge", "accept": True, "hero": hero.id},
                odds=death_odds(game, hero, challenger),
                group=hero.id,
            )
            for hero in champions(game, theirs)
        ]
        cost = f": {mine.name} gains +1 in their combat" if self.heroic else ""
        choices.append(
            Action(
                "answer_challenge",
                f"Decline the challenge{cost}",
                {"type": "answer_challenge", "accept": False},
            )
        )
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass_ctx(ctx)
        challenger = state.model(self.challenger)
        mine, theirs = self._stands(state)
        ctx.pop(self)
        if not command["accept"]:
            ctx.log(
                "challenge_declined",
                f"{side_name(theirs.side)} declines {challenger.name}'s challenge.",
                hero=challenger.id,
                stand=theirs.id,
                heroic=self.heroic,
            )
            if self.heroic:
                label = f"Heroic Challenge declined ({challenger.name})"
                state.effects.append(Effect(CHALLENGE_DECLINED, challenger.id, label, mine.id, "end"))
            return
        champion = state.model(command["hero"])
        mine.watching = theirs.watching = True
        ctx.log(
            "challenge_accepted",
            f"{champion.name} accepts {challenger.name}'s challenge: {mine.name} and {theirs.name} watch the duel.",
            hero=champion.id,
            challenger=challenger.id,
            pair=list(self.pair),
        )
        heroes: dict[str, str] = {challenger.side: challenger.id, champion.side: champion.id}
        ctx.push(Duel(heroes=heroes, challenge=True, challenger=challenger.id if self.heroic else ""))


def any_eligible(state: MassState) -> bool:
    return any(eligible(state, side, []) for side in SIDES)
