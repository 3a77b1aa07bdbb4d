"""What becomes of a beaten stand (§8.8): a Once card may turn the outcome (Hold the Line, Last
Stand), then it recoils 2" pushing friends (destroyed if blocked) or is destroyed, its supporters
fall back, and each hero still attached to a destroyed stand escapes (a Bodyguard roll, then Fate,
Might raising either) to a friendly stand or a place within 6", or is lost."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from ..errors import RuleCode, RuleViolation
from ..frame import Action, Ctx, Frame, Option, Pending, Refusal
from ..geometry import Point
from ..might import available, might_to_reach, pay_might, payer_param, spend
from ..state import BattleState, Model, Side
from .cards import Card, escape_roll, play, turned_outcome
from .constants import ESCAPE_RANGE, ESCAPE_ROLL, MAX_HEROES_PER_STAND, RECOIL
from .field import Obstruction
from .geometry import EDGES, Rect
from .loose import escape_spot_problem, escape_stands
from .losses import destroy_stand, lose_hero, place_loose
from .odds import exact_odds
from .recoil import Recoil, recoil
from .state import MassState, Stand, mass, mass_ctx

Fate = Literal["recoil", "destroyed"]
Cause = Literal["combat", "shooting", "magic"]


def apply_recoil(ctx: Ctx, moved: Recoil, why: str) -> None:
    """Carry out a recoil: the stand and every friend it pushes move; enemy loose heroes in the way
    are overrun (no Terror test: the move is not the stand's choice), friends are put aside."""
    state = mass_ctx(ctx)
    for index, (stand_id, rect) in enumerate(moved.moved):
        stand = state.stand(stand_id)
        start = [stand.x, stand.y, stand.facing]
        stand.place(rect)
        if index == 0:
            ctx.log(
                "stand_recoiled",
                f'{stand.name} {why} {RECOIL:g}".',
                stand=stand.id,
                **{"from": start},
                to=[stand.x, stand.y, stand.facing],
            )
        else:
            ctx.log(
                "stand_pushed",
                f'{stand.name} is pushed back {RECOIL:g}".',
                stand=stand.id,
                **{"from": start},
                to=[stand.x, stand.y, stand.facing],
            )
    mover = state.stand(moved.moved[0][0])
    for hero_id in moved.overrun:
        lose_hero(ctx, state.models[hero_id], f"overrun by {mover.name}", event="hero_overrun")
    for hero_id, spot in moved.displaced:
        hero = state.models[hero_id]
        place_loose(hero, spot)
        ctx.log("hero_moved_aside", f"{hero.name} steps aside for {mover.name}.", hero=hero.id, to=list(spot))


def card_for(
    state: MassState, stand: Stand, fate: Fate, cause: Cause, turned: bool
) -> tuple[Model, Card] | None:
    """The first Once card a hero attached to the stand could play on this outcome (§2.4)."""
    for hero in state.attached(stand.id):
        for held in state.heroes[hero.id].cards:
            card = held.card
            if held.used or card.constant or (card.window == "would_be_destroyed" and cause != "combat"):
                continue
            if turned_outcome(card, fate, turned) is not None:
                return hero, card
    return None


@dataclass(slots=True)
class Repulse(Frame):
    """A beaten stand recoils or is destroyed; its supporters fall back."""

    kind = "repulse"
    stand: str
    fate: Fate
    direction: list[float]
    cause: Cause
    reason: str
    supporters: list[str] = field(default_factory=list)
    turned: bool = False
    declined: bool = False

    def step(self, ctx: Ctx) -> bool:
        state = mass(ctx.state)
        stand = state.stand(self.stand)
        if (
            stand.on_board
            and not self.declined
            and card_for(state, stand, self.fate, self.cause, self.turned)
        ):
            return True
        ctx.pop(self)
        escaping: list[Model] = []
        footprint = stand.rect
        if stand.on_board:
            escaping = self._carry_out(ctx, stand)
        self._fall_back(ctx)
        for hero in reversed(escaping):
            ctx.push(
                Escape(
                    hero.id, [footprint.x, footprint.y, footprint.facing, footprint.width, footprint.depth]
                )
            )
        return False

    def _carry_out(self, ctx: Ctx, stand: Stand) -> list[Model]:
        state = mass_ctx(ctx)
        if self.fate == "recoil":
            moved = recoil(state.field(), stand.id, (self.direction[0], self.direction[1]))
            if isinstance(moved, Recoil):
                apply_recoil(ctx, moved, "recoils")
                return []
            after_all = " after all" if self.turned else ""
            return destroy_stand(ctx, stand, f"its recoil is blocked{after_all}: {moved.message}")
        return destroy_stand(ctx, stand, self.reason)

    def _fall_back(self, ctx: Ctx) -> None:
        """§8.8, 5: supporters of the beaten side move 2" straight back, or stay if they cannot."""
        state = mass_ctx(ctx)
        for stand_id in self.supporters:
            helper = state.stand(stand_id)
            if not helper.on_board:
                continue
            front = helper.rect.front
            moved = recoil(state.field(), helper.id, (-front[0], -front[1]), push=False)
            if isinstance(moved, Obstruction):
                ctx.log("stand_stays", f"{helper.name} cannot fall back: {moved.message}", stand=helper.id)
            else:
                apply_recoil(ctx, moved, "falls back")

    def pending(self, state: BattleState) -> Pending:
        game = mass(state)
        stand = game.stand(self.stand)
        verb = "must recoil" if self.fate == "recoil" else "would be destroyed"
        return Pending(
            stand.side, "play_card", f"{stand.name} {verb}: play a Battle Card?", {"stand": stand.id}
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        stand = game.stand(self.stand)
        found = card_for(game, stand, self.fate, self.cause, self.turned)
        assert found is not None
        hero, card = found
        instead = turned_outcome(card, self.fate, self.turned)
        effect = (
            "it stays in place" if instead == "stay" else "it recoils instead (destroyed if that is blocked)"
        )
        return [
            Action(
                "play_card",
                f"{hero.name} plays {card.name}: {effect}",
                {"type": "play_card", "hero": hero.id, "card": card.key},
                odds=exact_odds(("result", effect, Fraction(1))),
            ),
            Action(
                "pass",
                f"Keep {card.name} for later",
                {"type": "pass"},
                odds=exact_odds(
                    ("result", "it recoils" if self.fate == "recoil" else "it is destroyed", Fraction(1))
                ),
            ),
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass_ctx(ctx)
        if command["type"] == "pass":
            self.declined = True
            return
        hero = state.model(command["hero"])
        info = state.heroes[hero.id]
        held = next(h for h in info.cards if h.key == command["card"])
        info.cards = play(info.cards, held.key, hero.name)
        instead = turned_outcome(held.card, self.fate, self.turned)
        stand = state.stand(self.stand)
        ctx.log(
            "card_played",
            f"{hero.name} plays {held.card.name}: {stand.name} "
            + ("stays where it is." if instead == "stay" else "recoils instead of being destroyed."),
            hero=hero.id,
            card=held.key,
            stand=stand.id,
        )
        if instead == "stay":
            ctx.pop(self)
            return
        self.fate, self.turned = "recoil", True


def escape_chance(rolls: int, might: int) -> Fraction:
    """The chance that one of `rolls` D6 scores 4+ when Might (spent only to turn a miss into an
    escape) can add up to `might` to it: each die misses with (3 - might) / 6."""
    miss = Fraction(max(0, ESCAPE_ROLL - 1 - might), 6)
    return 1 - miss**rolls


def loose_spot(state: MassState, footprint: Rect, hero: Model) -> Point | None:
    """Some place an escaping hero may stand loose (§8.8), if there is one."""
    field_ = state.field()
    for offset in (0.6, 1.5, 3.0, 4.5, ESCAPE_RANGE - 0.2):
        for name in EDGES:
            (ax, ay), (bx, by) = footprint.edge(name)
            nx, ny = footprint.normal(name)
            for t in (0.5, 0.25, 0.75, 0.0, 1.0):
                spot = (
                    ax + (bx - ax) * t + nx * (offset + hero.radius),
                    ay + (by - ay) * t + ny * (offset + hero.radius),
                )
                if escape_spot_problem(field_, footprint, spot, hero.radius, hero.side) is None:
                    return spot
    return None


@dataclass(slots=True)
class Escape(Frame):
    """A hero whose stand was destroyed: a free Bodyguard roll, then Fate point by point, each 4+,
    Might raising a die that fell short; escaped, his owner places him; otherwise he is lost."""

    kind = "escape"
    hero: str
    footprint: list[float]
    """x, y, facing, width, depth of the stand that fell."""
    stage: Literal["start", "fate", "might", "place"] = "start"
    die: int = 0
    purpose: Literal["escape", "fate"] = "escape"

    def rect(self) -> Rect:
        x, y, facing, width, depth = self.footprint
        return Rect(x, y, facing, width, depth)

    def step(self, ctx: Ctx) -> bool:
        state = mass(ctx.state)
        hero = state.model(self.hero)
        if self.stage == "start":
            self.stage = "fate"
            if escape_roll(state.heroes[hero.id].cards) is not None:
                self._roll(ctx, hero, "escape")
        if self.stage in ("might", "place"):
            return self.stage == "might" or self._place(ctx, hero)
        if hero.fate > 0:
            return True
        ctx.pop(self)
        lose_hero(ctx, hero, "his stand was destroyed and he could not escape")
        return False

    def _roll(self, ctx: Ctx, hero: Model, purpose: Literal["escape", "fate"]) -> None:
        self.purpose = purpose
        self.die = ctx.dice.d6(f"{purpose}:{hero.id}", hero.id)
        what = "Bodyguard roll" if purpose == "escape" else "Fate roll"
        made = self.die >= ESCAPE_ROLL
        ctx.log(
            "escape_roll",
            f"{hero.name}'s {what}: {self.die}, {'he escapes' if made else f'short of {ESCAPE_ROLL}'}.",
            hero=hero.id,
            roll=purpose,
            face=self.die,
            success=made,
        )
        if made:
            self.stage = "place"
        elif might_to_reach(hero, self.die, self.die, ESCAPE_ROLL) is not None:
            self.stage = "might"
        else:
            self.stage = "fate"

    def _places(self, state: MassState, hero: Model) -> tuple[list[Stand], Point | None]:
        footprint = self.rect()
        near = escape_stands(state.field(), footprint, hero.side)
        stands = [
            state.stand(s)
            for s in near
            if state.stand(s).monster is None and len(state.attached(s)) < MAX_HEROES_PER_STAND
        ]
        return stands, loose_spot(state, footprint, hero)

    def _place(self, ctx: Ctx, hero: Model) -> bool:
        state = mass_ctx(ctx)
        stands, spot = self._places(state, hero)
        if not stands and spot is None:
            ctx.pop(self)
            lose_hero(ctx, hero, "he escaped his stand but there is nowhere to go")
            return False
        if len(stands) == 1 and spot is None:
            ctx.pop(self)
            self._join(ctx, hero, stands[0])
            return False
        return True

    def _join(self, ctx: Ctx, hero: Model, stand: Stand) -> None:
        state = mass_ctx(ctx)
        state.heroes[hero.id].attached_to = stand.id
        state.heroes[hero.id].changed = True
        place_loose(hero, None)
        ctx.log("hero_escaped", f"{hero.name} escapes and joins {stand.name}.", hero=hero.id, stand=stand.id)

    def pending(self, state: BattleState) -> Pending:
        hero = state.model(self.hero)
        if self.stage == "might":
            return Pending(
                hero.side,
                "escape_might",
                f"{hero.name}'s escape roll of {self.die} falls short: spend Might?",
                {"hero": hero.id, "face": self.die},
            )
        if self.stage == "place":
            return Pending(
                hero.side, "place_escaped", f"Where does {hero.name} escape to?", {"hero": hero.id}
            )
        return Pending(
            hero.side,
            "spend_fate",
            f"{hero.name}'s stand is destroyed: spend Fate to escape?",
            {"hero": hero.id, "fate": hero.fate},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        hero = game.model(self.hero)
        if self.stage == "might":
            amount = might_to_reach(hero, self.die, self.die, ESCAPE_ROLL)
            assert amount is not None
            return [
                Action(
                    "bid",
                    f"{hero.name}: spend {amount} Might ({self.die} becomes {self.die + amount}): he escapes",
                    {"type": "bid", "hero": hero.id, "amount": amount},
                    payer_param(hero, "might", amount),
                    odds=exact_odds(("escaped", "he escapes", Fraction(1))),
                ),
                Action("pass", "Keep the roll", {"type": "pass"}),
            ]
        if self.stage == "place":
            return self._place_options(game, hero)
        might = available(hero, "might")
        return [
            Action(
                "spend_fate",
                f"{hero.name} spends a Fate point: a D6, {ESCAPE_ROLL}+ escapes ({hero.fate} Fate left)",
                {"type": "spend_fate", "hero": hero.id},
                odds=exact_odds(
                    ("escaped", "this die escapes", escape_chance(1, might)),
                    (
                        "escaped_with_all",
                        f"he escapes with all {hero.fate} Fate",
                        escape_chance(hero.fate, might),
                    ),
                ),
            ),
            Action(
                "accept_loss", f"{hero.name} falls with his stand", {"type": "accept_loss", "hero": hero.id}
            ),
        ]

    def _place_options(self, state: MassState, hero: Model) -> list[Option]:
        stands, spot = self._places(state, hero)
        choices: list[Option] = [
            Action(
                "place_escaped",
                f"{hero.name} joins {stand.name}",
                {"type": "place_escaped", "hero": hero.id, "stand": stand.id},
            )
            for stand in stands
        ]
        near = escape_stands(state.field(), self.rect(), hero.side)
        for full in (state.stand(s) for s in near if state.stand(s) not in stands):
            aboard = " and ".join(h.name for h in state.attached(full.id))
            why = f"{full.name} already carries {aboard}: at most {MAX_HEROES_PER_STAND} heroes per stand."
            if full.monster is not None:
                why = f"{full.name} is a Monster hero's stand: no one may join it."
            code: RuleCode = "stand_full" if full.monster is None else "monster_hero"
            choices.append(Refusal({"type": "place_escaped", "hero": hero.id, "stand": full.id}, code, why))
        if spot is not None:
            footprint = self.rect()
            xs = [p[0] for p in footprint.corners]
            ys = [p[1] for p in footprint.corners]
            reach = ESCAPE_RANGE + hero.radius
            zone = [
                max(0.0, min(xs) - reach),
                max(0.0, min(ys) - reach),
                min(state.board.width, max(xs) + reach),
                min(state.board.height, max(ys) + reach),
            ]
            choices.append(
                Action(
                    "place_escaped",
                    f'{hero.name} stands loose within {ESCAPE_RANGE:g}" of where his stand fell',
                    {"type": "place_escaped", "hero": hero.id},
                    {"point": {"type": "point", "zone": zone}},
                )
            )
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass_ctx(ctx)
        hero = state.model(self.hero)
        kind = command["type"]
        if kind == "accept_loss":
            ctx.pop(self)
            lose_hero(ctx, hero, "he falls with his stand")
        elif kind == "spend_fate":
            spend(ctx, hero, "fate", 1, "to escape his destroyed stand")
            self._roll(ctx, hero, "fate")
        elif kind == "bid":
            before = self.die
            self.die += pay_might(ctx, hero, command, f"on his {self.purpose} roll", before)
            ctx.log(
                "escape_roll",
                f"{hero.name} escapes with a {self.die}.",
                hero=hero.id,
                face=self.die,
                success=True,
            )
            self.stage = "place"
        elif kind == "pass":
            self.stage = "fate"
        elif "stand" in command:
            ctx.pop(self)
            self._join(ctx, hero, state.stand(command["stand"]))
        else:
            self._place_loose(ctx, hero, (float(command["point"][0]), float(command["point"][1])))

    def _place_loose(self, ctx: Ctx, hero: Model, at: Point) -> None:
        state = mass_ctx(ctx)
        problem = escape_spot_problem(state.field(), self.rect(), at, hero.radius, hero.side)
        if problem is not None:
            raise RuleViolation(problem.code, f"{hero.name} cannot be placed there: {problem.message}")
        ctx.pop(self)
        state.heroes[hero.id].attached_to = None
        state.heroes[hero.id].changed = True
        place_loose(hero, at)
        ctx.log(
            "hero_escaped",
            f"{hero.name} escapes and stands loose at ({at[0]:g}, {at[1]:g}).",
            hero=hero.id,
            at=[at[0], at[1]],
        )


def direction_from(a: Point, b: Point) -> list[float]:
    """The unit direction from a to b (straight up the board when they coincide)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return [dx / length, dy / length] if length > 1e-9 else [0.0, 1.0]
