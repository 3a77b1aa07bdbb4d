"""The Shoot phase (§7), and the opposed roll a blast from a Magical Power shares with it (§12).

A stand with a Shooting Factor that did not charge, is not engaged and has not shot may shoot one
enemy stand in range (from its front edge), at least partly ahead of that edge, in sight and not
engaged. Shooter D6 + SF (-1 if it moved) against target D6 + CF (+1 in cover): higher recoils the
target, higher by 3 destroys it. Heroic Accuracy re-rolls the shooting die once; then heroes on
either stand bid Might on their stand's die (§10).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from ..frame import Action, Ctx, Frame, Option, Pending, Refusal
from ..geometry import point_in_polygon
from ..state import BattleState, Model, Side, other, side_name
from ..terrain import hides_from_stands, slows_stands
from .aftermath import Repulse, direction_from
from .bidding import Faces, OpposedRoll
from .constants import (
    CHANNELLED_BLAST_BONUS,
    MAGIC_BLAST_FACTOR,
    SHOOTER_MOVED_PENALTY,
    SHOOTING_DESTROY_MARGIN,
    TARGET_IN_COVER_BONUS,
)
from .field import Obstruction, wrong_side
from .geometry import ahead_of_front, front_distance
from .losses import check_wiped_out
from .odds import exact_odds
from .outcomes import sum_said
from .sight import stands_see
from .state import MassState, Stand, mass, mass_ctx, shape_of, stand_engaged

FACES = range(1, 7)


def why_cannot_shoot(state: MassState, stand: Stand) -> str | None:
    if stand.stats.shooting_factor is None:
        return f"{stand.name} has no missile weapons."
    if stand.shot:
        return f"{stand.name} has already shot this turn."
    if stand.charged:
        return f"{stand.name} charged this turn and cannot shoot."
    if stand_engaged(state, stand):
        return f"{stand.name} is in combat and cannot shoot."
    return None


def target_problem(state: MassState, shooter: Stand, target: Stand) -> Obstruction | None:
    """§7: in range from the front edge, partly ahead of it, in sight, not in a melee."""
    if stand_engaged(state, target):
        return Obstruction("target_engaged", f"{target.name} is in combat: nobody shoots into a melee.")
    reach = shooter.stats.shooting_range
    gap = front_distance(shooter.rect, target.rect)
    if gap > reach + 1e-6:
        return Obstruction(
            "not_in_range", f'{target.name} is {gap:.1f}" away: {shooter.name} shoots {reach:g}".'
        )
    if not ahead_of_front(shooter.rect, target.rect):
        return Obstruction("not_in_range", f"{target.name} is not ahead of {shooter.name}'s front edge.")
    if not stands_see(state.field(), shooter.id, target.id):
        return Obstruction("no_line_of_sight", f"{shooter.name} cannot see {target.name}.")
    return None


def in_cover(state: MassState, stand: Stand) -> bool:
    """§7: the target's centre is in terrain that blocks sight or is difficult."""
    return any(
        (hides_from_stands(t) or slows_stands(t)) and point_in_polygon((stand.x, stand.y), t.polygon)
        for t in state.terrain
    )


def shot_options(
    state: MassState, shooters: list[Stand], shout: dict[str, Any] | None = None
) -> list[Option]:
    """Every shot the stands could take, allowed or refused with the reason; and the enemy loose
    heroes, whom nobody may shoot (§6.4)."""
    choices: list[Option] = []
    for shooter in shooters:
        reason = why_cannot_shoot(state, shooter)
        command = {"type": "shoot", "stand": shooter.id}
        if reason is not None:
            if shooter.stats.shooting_factor is not None:
                choices.append(Refusal(command, "cannot_shoot", reason))
            continue
        for friend in state.army_stands(shooter.side):
            if friend.id != shooter.id:
                refused = wrong_side(friend.name, True, "a stand shoots only at enemy stands")
                choices.append(Refusal({**command, "target": friend.id}, refused.code, refused.message))
        for target in state.army_stands(other(shooter.side)):
            problem = target_problem(state, shooter, target)
            aimed = {**command, "target": target.id}
            if problem is not None:
                choices.append(Refusal(aimed, problem.code, problem.message))
                continue
            choices.append(
                Action(
                    "shoot",
                    f"{shooter.name} shoots at {target.name}",
                    aimed,
                    dict(shout or {}),
                    odds=volley_odds(state, shooter.id, target.id),
                    group=shooter.id,
                )
            )
        for hero in state.loose(other(shooter.side)):
            choices.append(
                Refusal(
                    {**command, "target": hero.id},
                    "loose_hero_untargetable",
                    f"{hero.name} is a lone hero: stands do not shoot at him.",
                )
            )
    return choices


def any_shot(state: MassState, shooters: list[Stand]) -> bool:
    """Whether any of the stands has a shot to take (stopping at the first)."""
    return any(
        target_problem(state, shooter, target) is None
        for shooter in shooters
        for target in state.army_stands(other(shooter.side))
    )


def attack_terms(state: MassState, attacker: str, channelled: bool) -> list[tuple[int, str]]:
    """What the attacking side adds to its die, each term named: a stand's SF (-1 if it moved), or
    a blast's 4 (+1 channelled)."""
    stand = state.stands.get(attacker)
    if stand is not None:
        assert stand.stats.shooting_factor is not None
        return [
            (stand.stats.shooting_factor, "SF"),
            (SHOOTER_MOVED_PENALTY if stand.moved else 0, "it moved"),
        ]
    return [(MAGIC_BLAST_FACTOR, "blast"), (CHANNELLED_BLAST_BONUS if channelled else 0, "channelled")]


def defence_terms(state: MassState, target: Stand) -> list[tuple[int, str]]:
    return [
        (target.stats.combat_factor, "CF"),
        (TARGET_IN_COVER_BONUS if in_cover(state, target) else 0, "in cover"),
    ]


def attack_factor(state: MassState, attacker: str, channelled: bool) -> int:
    return sum(value for value, _ in attack_terms(state, attacker, channelled))


def defence_factor(state: MassState, target: Stand) -> int:
    return sum(value for value, _ in defence_terms(state, target))


def result_of(margin: int) -> Literal["none", "recoil", "destroyed"]:
    if margin >= SHOOTING_DESTROY_MARGIN:
        return "destroyed"
    return "recoil" if margin > 0 else "none"


def describe(target: str, result: str) -> str:
    return {"none": "no effect", "recoil": f"{target} recoils", "destroyed": f"{target} is destroyed"}[result]


def volley_odds(state: MassState, attacker: str, target: str, channelled: bool = False) -> dict[str, Any]:
    """The chance of each result of a shot or blast, by enumerating both dice (no Might)."""
    factor = attack_factor(state, attacker, channelled)
    stand = state.stand(target)
    defence = defence_factor(state, stand)
    counts: dict[str, Fraction] = {}
    for a in FACES:
        for b in FACES:
            label = describe(stand.name, result_of(a + factor - b - defence))
            counts[label] = counts.get(label, Fraction(0)) + Fraction(1, 36)
    return exact_odds(*((k, k, p) for k, p in counts.items()))


def accurate(state: MassState, stand: Stand) -> Model | None:
    """Heroic Accuracy on a hero attached to the shooting stand, or Take Aim on it (§11): the hero
    whose action lets it re-roll its shooting die once."""
    for effect in state.effects:
        if effect.kind == "heroic_accuracy" and effect.target in {h.id for h in state.attached(stand.id)}:
            return state.models[effect.target]
        if effect.kind == "take_aim" and effect.target == stand.id:
            return state.models[effect.source]
    return None


@dataclass(slots=True)
class Volley(OpposedRoll):
    """A stand's shot, or a caster's blast (Black Dart and the like, §12), at an enemy stand."""

    kind = "volley"
    attacker: str = ""
    """The shooting stand, or the casting hero."""
    target: str = ""
    channelled: bool = False
    stage: Literal["roll", "reroll", "bidding"] = "roll"
    sides: dict[str, str] = field(default_factory=dict)
    """Which piece rolls for each side."""

    def _side_of(self, state: BattleState, role: Literal["attacker", "target"]) -> Side:
        game = mass(state)
        target = game.stand(self.target)
        return other(target.side) if role == "attacker" else target.side

    def bidders(self, state: BattleState, side: Side) -> list[Model]:
        game = mass(state)
        piece = self.sides[side]
        if piece in game.stands:
            return game.attached(piece)
        return [game.models[piece]]

    def totals(self, state: BattleState, faces: Faces) -> dict[str, int]:
        game = mass(state)
        attacking = self._side_of(state, "attacker")
        factor = attack_factor(game, self.attacker, self.channelled)
        return {
            attacking: faces[attacking] + factor,
            other(attacking): faces[other(attacking)] + defence_factor(game, game.stand(self.target)),
        }

    def outcome(self, state: BattleState, faces: Faces) -> str:
        totals = self.totals(state, faces)
        attacking = self._side_of(state, "attacker")
        return describe(
            mass(state).stand(self.target).name, result_of(totals[attacking] - totals[other(attacking)])
        )

    def best_for(self, state: BattleState, side: Side) -> str:
        name = mass(state).stand(self.target).name
        return describe(name, "destroyed" if side == self._side_of(state, "attacker") else "none")

    def die_name(self, state: BattleState, side: Side) -> str:
        return "the shooting die" if side == self._side_of(state, "attacker") else "the target's die"

    def _name(self, state: MassState) -> str:
        piece = self.attacker
        return state.stands[piece].name if piece in state.stands else state.models[piece].name

    def step(self, ctx: Ctx) -> bool:
        state = mass_ctx(ctx)
        target = state.stand(self.target)
        attacking = self._side_of(state, "attacker")
        if self.stage == "roll":
            self.sides = {attacking: self.attacker, target.side: target.id}
            what = "blast" if self.attacker in state.models else "shoot"
            self.natural[attacking] = ctx.dice.d6(f"{what}:{self.attacker}", self.attacker)
            self.natural[target.side] = ctx.dice.d6(f"{what}:{target.id}", target.id)
            ctx.log(
                "volley_roll",
                f"{self._name(state)} rolls {self._said(state, attacking)} against {target.name}'s "
                f"{self._said(state, target.side)}.",
                attacker=self.attacker,
                target=target.id,
                natural={self.attacker: self.natural[attacking], target.id: self.natural[target.side]},
            )
            self.stage = "reroll" if self._can_reroll(state) else "bidding"
        if self.stage == "reroll":
            return True
        if self.next_bid(state) is not None:
            return True
        ctx.pop(self)
        self._resolve(ctx)
        return False

    def _said(self, state: MassState, side: Side) -> str:
        """A side's total as it stands, each term named ("4 (die) + 3 (SF) - 1 (it moved) = 6")."""
        attacking = self._side_of(state, "attacker")
        terms = (
            attack_terms(state, self.attacker, self.channelled)
            if side == attacking
            else defence_terms(state, state.stand(self.target))
        )
        return sum_said([(self.natural[side], "die"), (self.boost.get(side, 0), "Might"), *terms])

    def _can_reroll(self, state: MassState) -> bool:
        stand = state.stands.get(self.attacker)
        return (
            stand is not None
            and accurate(state, stand) is not None
            and self.outcome(state, self.faces()) != describe(state.stand(self.target).name, "destroyed")
        )

    def _resolve(self, ctx: Ctx) -> None:
        state = mass_ctx(ctx)
        target = state.stand(self.target)
        attacking = self._side_of(state, "attacker")
        totals = self.totals(state, self.faces())
        result = result_of(totals[attacking] - totals[target.side])
        name = self._name(state)
        ctx.log(
            "volley",
            f"{name}: {self._said(state, attacking)} against {target.name}'s {self._said(state, target.side)}: "
            f"{describe(target.name, result)}.",
            attacker=self.attacker,
            target=target.id,
            dice={self.attacker: self.faces()[attacking], target.id: self.faces()[target.side]},
            natural={self.attacker: self.natural[attacking], target.id: self.natural[target.side]},
            totals={self.attacker: totals[attacking], target.id: totals[target.side]},
            result=result,
        )
        if result == "none":
            return
        if self.attacker in state.stands:
            front = state.stand(self.attacker).rect.front
            direction, cause, by = [front[0], front[1]], "shooting", f"shot by {name}"
        else:
            start = shape_of(state, self.attacker)
            centre = start.centre if not isinstance(start, tuple) else start[0]
            direction, cause, by = direction_from(centre, (target.x, target.y)), "magic", f"blasted by {name}"
        margin = totals[attacking] - totals[target.side]
        ctx.push(Repulse(target.id, result, direction, cause, f"{by} (beaten by {margin})"))  # type: ignore[arg-type]

    def pending(self, state: BattleState) -> Pending:
        game = mass(state)
        target = game.stand(self.target)
        totals = self.totals(state, self.faces())
        if self.stage == "reroll":
            side = other(target.side)
            return Pending(
                side, "reroll", f"{self._name(game)} may re-roll its shooting die", {"target": target.id}
            )
        bidder = self.next_bid(state)
        assert bidder is not None
        return Pending(
            bidder,
            "shot_might",
            f"{side_name(bidder)} may spend Might on the shot at {target.name}",
            {"attacker": self.attacker, "target": target.id, "totals": totals},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        if self.stage == "reroll":
            stand = game.stand(self.attacker)
            hero = accurate(game, stand)
            assert hero is not None
            counts: dict[str, Fraction] = {}
            for face in FACES:
                faces = self.faces()
                faces[side] = face
                label = self.outcome(state, faces)
                counts[label] = counts.get(label, Fraction(0)) + Fraction(1, 6)
            return [
                Action(
                    "reroll",
                    f"{hero.name}'s Heroic Accuracy: re-roll the {self.natural[side]}",
                    {"type": "reroll", "hero": hero.id},
                    odds=exact_odds(*((k, k, p) for k, p in counts.items())),
                ),
                Action("pass", "Keep the die", {"type": "pass"}),
            ]
        return self.bid_options(state, side)

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass_ctx(ctx)
        if self.stage == "reroll":
            self.stage = "bidding"
            if command["type"] == "reroll":
                side = self._side_of(state, "attacker")
                before = self.natural[side]
                self.natural[side] = ctx.dice.d6(f"reroll:{self.attacker}", self.attacker)
                hero = state.model(command["hero"])
                ctx.log(
                    "reroll",
                    f"{hero.name}'s Heroic Accuracy: the {before} is re-rolled: {self.natural[side]}.",
                    stand=self.attacker,
                    hero=hero.id,
                    before=before,
                    face=self.natural[side],
                )
            return
        bidder = self.next_bid(state)
        assert bidder is not None
        self.take_bid(ctx, bidder, command)


@dataclass(slots=True)
class MassShooting(Frame):
    """A side's stands shoot one at a time until it says it is done (or none can). With `only`,
    just those stands (Loose: friends shooting with a Heroic Shoot)."""

    kind = "mass_shooting"
    side: Side
    only: list[str] = field(default_factory=list)
    finished: bool = False

    def shooters(self, state: MassState) -> list[Stand]:
        stands = [s for s in state.army_stands(self.side) if why_cannot_shoot(state, s) is None]
        return [s for s in stands if s.id in self.only] if self.only else stands

    def step(self, ctx: Ctx) -> bool:
        state = mass_ctx(ctx)
        if check_wiped_out(ctx):
            return False
        if self.finished or not any_shot(state, self.shooters(state)):
            ctx.pop(self)
            return False
        return True

    def pending(self, state: BattleState) -> Pending:
        game = mass(state)
        return Pending(
            self.side,
            "shoot",
            f"{side_name(self.side)} shoots" + (" (Loose!)" if self.only else ""),
            {"phase": "shoot", "stands": [s.id for s in self.shooters(game)]},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        choices = shot_options(mass(state), self.shooters(mass(state)))
        choices.append(Action("end_shooting", "Finish shooting", {"type": "end_shooting"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        if command["type"] == "end_shooting":
            ctx.log("end_shooting", f"{side_name(self.side)} finishes shooting.", side=self.side)
            self.finished = True
            return
        begin_shot(ctx, command)


def begin_shot(ctx: Ctx, command: dict[str, Any]) -> None:
    state = mass_ctx(ctx)
    shooter = state.stand(command["stand"])
    shooter.shot = True
    ctx.push(Volley(attacker=shooter.id, target=command["target"]))
