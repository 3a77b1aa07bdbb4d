"""Exact odds of a fight, by enumeration: the chance to win the Duel, the Wounds each model may
suffer and the chance it is slain, with the wargear, Might, banners and Heroic Actions in play.

Every chance is a Fraction; `might.odds` turns them into what a legal action carries (rounded for
the page, and exactly). What the odds suppose, where a player has a choice:
- Might: both sides bid in the Duel until one cannot beat the other (never above 6); no Might is
  counted on To Wound rolls, and the target spends every Fate point it has (4+ each).
- A banner: a side that is losing after the roll (or tied for the roll-off, when it has more than
  one die) re-rolls one die, the losing side first: one more die of its best-scoring model's kind,
  keeping its best (a side with one die re-rolls it).
- Strikes: all the winners' Strikes that can reach a model go to it; nobody is Trapped but a
  Prone model (or one a charging Cavalry model knocks to the ground; an Unyielding model on foot
  stays up on a 4+, so each way counts half).
- Before the sides declare: no Shielding, one-handed weapons, and every supporter the referee would
  seat supporting.
- Heroic Actions in play count as they stand (a Heroic Challenge, Heroic Strength, Heroic Defence);
  a Heroic Strike whose D3 is still to roll counts each face. Before a charge, the charger's terrain
  (for its bonuses and lance) is where it stands.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

from .cavalry import charge_bonus_lost, is_cavalry, knocked_down_by, monstrous
from .characteristics import HEROIC_STRIKE_DIE, MAX_CHARACTERISTIC, heroic_strike_to_roll
from .duel import Plan, Roller, banner_for, reroll_order, rollers, rolloff_good_from, side_fight, standing
from .might import available, exact, odds
from .movement import stays_up_chance
from .state import SIDES, BattleState, Model, Side, other
from .strikes import strike_count, strike_terms, strikes_at_all
from .support import candidates, supportable
from .wounds import Hit, WoundNeed, heroic_defence, part_defence, to_wound_need, wounds_suffered

SideState = tuple[int, int]
"""A side's highest die and the highest its Might could raise a die to (0: no dice)."""


@cache
def best_of(dice: int, scores: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """How many of the 6**dice throws give each highest score (0 with no dice)."""
    if dice == 0:
        return ((0, 1),)
    found = []
    below = 0
    for value in range(1, 7):
        upto = sum(1 for s in scores if s <= value) ** dice
        if upto != below:
            found.append((value, upto - below))
        below = upto
    return tuple(found)


def _reach(best: int, might: int) -> int:
    return min(6, best + might) if best else 0


Rolls = tuple[tuple[int, tuple[int, ...], int], ...]
"""A side's rollers as (dice, face scores, Might)."""


@cache
def side_states(rolls: Rolls) -> tuple[tuple[SideState, int], ...]:
    """How many throws of a side's dice give each (highest die, highest reach with Might)."""
    states: dict[SideState, int] = {(0, 0): 1}
    for dice, scores, might in rolls:
        after: dict[SideState, int] = {}
        for (best, reach), count in states.items():
            for value, ways in best_of(dice, scores):
                key = (max(best, value), max(reach, _reach(value, might)))
                after[key] = after.get(key, 0) + count * ways
        states = after
    return tuple(states.items())


@dataclass(frozen=True)
class Banner:
    """How a side's banner re-roll changes its dice: one die of `scores` (Might `might`)."""

    scores: tuple[int, ...]
    might: int
    single: bool

    def rerolled(self, state: SideState) -> Iterable[SideState]:
        """The side's dice after the re-roll, one for each face (each as likely)."""
        best, reach = state
        for score in self.scores:
            if self.single:
                yield score, _reach(score, self.might)
            else:
                yield max(best, score), max(reach, _reach(score, self.might))


OUT_OF = 216
"""What `Duel.after_roll` counts out of: a banner each (6 faces) and the roll-off (6 faces)."""


@dataclass(frozen=True)
class Duel:
    """A Duel roll to come: each side's rollers, Fight Values, banners and the roll-off face from
    which Good wins. Worked out in whole numbers and cached: the same fight is asked about often."""

    rolls: tuple[Rolls, Rolls]
    fight: tuple[int, int]
    banners: tuple[Banner | None, Banner | None]
    rolloff_from: int
    first_on_tie: Side

    def good_wins(self) -> Fraction:
        return _good_wins(self)

    def good_wins_from(self, states: dict[Side, SideState], used: frozenset[Side] = frozenset()) -> Fraction:
        """Good's chance from these dice: banner re-rolls still to come, then Might, then the roll-off."""
        return Fraction(_after_roll(self, states["good"], states["evil"], used), OUT_OF)


def _index(side: Side) -> int:
    return 0 if side == "good" else 1


@cache
def _good_wins(duel: Duel) -> Fraction:
    good, evil = side_states(duel.rolls[0]), side_states(duel.rolls[1])
    total = sum(cg * ce * _after_roll(duel, g, e, frozenset()) for g, cg in good for e, ce in evil)
    throws = 6 ** sum(d for d, _, _ in (*duel.rolls[0], *duel.rolls[1]))
    return Fraction(total, throws * OUT_OF)


@cache
def _after_roll(duel: Duel, good: SideState, evil: SideState, used: frozenset[Side]) -> int:
    """Good's chance out of 216 from these dice: the banners' re-rolls (the losing side first, on a tie
    the side without Priority; a side with one die keeps a tie), Might bidding, then the roll-off."""
    fight: dict[Side, int] = {"good": duel.fight[0], "evil": duel.fight[1]}
    now = standing({"good": good[0], "evil": evil[0]}, fight)
    for side in reroll_order(now, duel.first_on_tie):
        banner = duel.banners[_index(side)]
        if banner is None or side in used or (now is None and banner.single):
            continue
        mine = good if side == "good" else evil
        total = 0
        for after in banner.rerolled(mine):
            pair = (after, evil) if side == "good" else (good, after)
            total += _after_roll(duel, *pair, used | {side})
        return total // 6
    winner = standing({"good": good[1], "evil": evil[1]}, fight)
    if winner is not None:
        return OUT_OF if winner == "good" else 0
    return OUT_OF // 6 * (7 - duel.rolloff_from)


def rolloff_chance(rolls: list[Roller]) -> Fraction:
    return Fraction(7 - rolloff_good_from(rolls), 6)


def banner_of(rolls: list[Roller], side: Side) -> Banner | None:
    """The side's banner re-roll as the odds count it: a die of its best-scoring model's kind."""
    mine = [r for r in rolls if r.side == side and r.dice]
    if not mine:
        return None
    best = max(mine, key=lambda r: (sum(min(6, s + r.might) for s in r.scores), r.might))
    return Banner(best.scores, best.might, sum(r.dice for r in mine) == 1)


def _rolls(rolls: list[Roller], side: Side) -> Rolls:
    return tuple((r.dice, r.scores, r.might) for r in rolls if r.side == side)


def duel_of(state: BattleState, rolls: list[Roller], with_banner: set[Side]) -> Duel:
    """The Duel these rollers make (`with_banner`: the sides that may re-roll a die)."""
    good, evil = (banner_of(rolls, s) if s in with_banner else None for s in SIDES)
    return Duel(
        (_rolls(rolls, "good"), _rolls(rolls, "evil")),
        (side_fight(rolls, "good"), side_fight(rolls, "evil")),
        (good, evil),
        rolloff_good_from(rolls),
        other(state.priority or "good"),
    )


# -- Strikes and Wounds -----------------------------------------------------------------------------


def roll_chance(
    need: WoundNeed | None, bonus: int, reroll: bool, natural_six: bool, reroll_ones: bool = False
) -> Fraction:
    """The chance one To Wound roll wounds (both dice of a 6/x): failed dice re-rolled once
    (`reroll`), or failed natural 1s (`reroll_ones`)."""
    if need is None:
        return Fraction(0)
    if natural_six:
        return Fraction(1, 6) ** (2 if need.second else 1)

    def die(wanted: int) -> Fraction:
        p = Fraction(sum(1 for face in range(1, 7) if face + bonus >= wanted), 6)
        if reroll:
            return 1 - (1 - p) ** 2
        return p + Fraction(1, 6) * p if reroll_ones and 1 + bonus < wanted else p

    return die(6) * die(need.second) if need.second else die(need.first)


def final_faces(wanted: int, bonus: int, reroll: bool, reroll_ones: bool) -> list[tuple[Fraction, int]]:
    """The face a die ends on, and how likely, once a failed die (or a failed 1) is re-rolled."""
    found: list[tuple[Fraction, int]] = []
    for face in range(1, 7):
        if face + bonus < wanted and (reroll or (reroll_ones and face == 1)):
            found.extend((Fraction(1, 36), again) for again in range(1, 7))
        else:
            found.append((Fraction(1, 6), face))
    return found


def hit_of(
    need: WoundNeed | None,
    bonus: int,
    reroll: bool,
    natural_six: bool,
    reroll_ones: bool,
    amounts: tuple[int, ...],
    six_amount: int = 0,
) -> Hit:
    """A To Wound roll as the odds count it: its chance to wound (as `roll_chance`) and, with
    `six_amount`, the share of it that comes with a natural 6 on either die."""
    chance = roll_chance(need, bonus, reroll, natural_six, reroll_ones)
    if not six_amount or need is None or chance == 0:
        return ((chance, amounts),)
    if natural_six:
        return ((chance, (max(six_amount, *amounts),)),)
    wanted = [6, need.second] if need.second else [need.first]
    dice = [final_faces(w, bonus, reroll, reroll_ones) for w in wanted]
    sixes = Fraction(0)
    if len(dice) == 1:
        sixes = sum((p for p, face in dice[0] if face == 6 and face + bonus >= wanted[0]), Fraction(0))
    else:
        for p1, f1 in dice[0]:
            if f1 + bonus < wanted[0]:
                continue
            for p2, f2 in dice[1]:
                if f2 + bonus >= wanted[1] and 6 in (f1, f2):
                    sixes += p1 * p2
    kinds = [(sixes, (max(six_amount, *amounts),)), (chance - sixes, amounts)]
    return tuple((p, a) for p, a in kinds if p)


@dataclass(frozen=True)
class FightOdds:
    """Each side's chance to win the Duel; for each model, the Wounds it may suffer and the chance
    it is slain if the other side wins and strikes it with all it can."""

    win: dict[Side, Fraction]
    wounds: dict[str, Fraction]
    slain: dict[str, Fraction]


def fight_odds(
    state: BattleState, fighters: list[Model], opponents_of: dict[str, list[Model]], plan: Plan
) -> FightOdds:
    rolls = rollers(state, fighters, opponents_of, plan)
    models = [*fighters, *(state.model(s) for s, _ in plan.supports)]
    banners = {s for s in SIDES if banner_for(state, s, [m for m in models if m.side == s])}
    good = sum(
        (p * duel_of(state, variant, banners).good_wins() for p, variant in _heroic_strikes(state, rolls)),
        Fraction(0),
    )
    win: dict[Side, Fraction] = {"good": good, "evil": 1 - good}
    wounds: dict[str, Fraction] = {}
    slain: dict[str, Fraction] = {}
    for target in fighters:
        winners = other(target.side)
        expected, dies = Fraction(0), Fraction(0)
        for chance, knocked in _falls(state, target, fighters, plan):
            hits = tuple(_hits(state, target, fighters, opponents_of, plan, knocked))
            more, slays = wounds_suffered(hits, target.wounds, available(target, "fate"))
            expected, dies = expected + chance * more, dies + chance * slays
        wounds[target.id], slain[target.id] = win[winners] * expected, win[winners] * dies
    return FightOdds(win, wounds, slain)


def _heroic_strikes(state: BattleState, rolls: list[Roller]) -> list[tuple[Fraction, list[Roller]]]:
    """The rollers with each face of the Heroic Strikes' D3 still to roll, and how likely each is."""
    waiting = [
        i
        for i, r in enumerate(rolls)
        if not r.supports and heroic_strike_to_roll(state, state.model(r.model))
    ]
    variants = []
    for faces in product(HEROIC_STRIKE_DIE, repeat=len(waiting)):
        variant = list(rolls)
        for index, face in zip(waiting, faces, strict=True):
            variant[index] = replace(
                variant[index], fight=min(MAX_CHARACTERISTIC, variant[index].fight + face)
            )
        variants.append((Fraction(1, len(HEROIC_STRIKE_DIE) ** len(waiting)), variant))
    return variants


def _falls(
    state: BattleState, target: Model, fighters: list[Model], plan: Plan
) -> list[tuple[Fraction, bool]]:
    """Whether the winners' charge knocks `target` down, with each chance: an Unyielding model on
    foot stays up on a 4+."""
    chargers = [m for m in fighters if m.side != target.side and m.id in plan.charging]
    if not (chargers and knocked_down_by(state, target, chargers)):
        return [(Fraction(1), False)]
    up = stays_up_chance(target)
    return [(1 - up, True), (up, False)] if up else [(Fraction(1), True)]


def _hits(
    state: BattleState,
    target: Model,
    fighters: list[Model],
    opponents_of: dict[str, list[Model]],
    plan: Plan,
    knocked: bool,
) -> list[Hit]:
    """Every To Wound roll the other side makes on `target` if all that can reach it strike it
    (`knocked`: the charge knocked it down)."""
    side = other(target.side)
    two_handed = target.id in plan.two_handed
    natural_six = heroic_defence(state, target)
    strikers = [
        (m, False) for m in fighters if m.side == side and any(o.id == target.id for o in opponents_of[m.id])
    ]
    strikers += [(state.model(s), True) for s, _ in plan.supports if state.model(s).side == side]
    hits: list[Hit] = []
    for striker, supporting in strikers:
        if not strikes_at_all(state, striker, plan):
            continue
        terms = strike_terms(
            state, striker, target, "rider", plan, knocked, supporting, opponents_of.get(striker.id, [target])
        )
        defence = terms.defence or part_defence(state, target, "rider", two_handed=two_handed)
        need = to_wound_need(terms.strength, defence)
        hit = hit_of(
            need, terms.bonus, terms.reroll, natural_six, terms.reroll_ones, terms.amounts(), terms.six_wounds
        )
        count = strike_count(state, striker, opponents_of.get(striker.id, [target]), plan, supporting)
        hits.extend([hit] * (count * terms.rolls))
    return hits


# -- plans the referee would make, and odds as legal actions carry them ----------------------------


def default_plan(
    state: BattleState,
    fighters: list[Model],
    opponents_of: dict[str, list[Model]],
    charged: dict[str, Model | None],
    **chosen: Any,
) -> Plan:
    """The Combat as the referee would set it up before anyone declares: who charged, which cavalry
    keep their charge bonuses, and supporters where they can (`chosen` overrides any field)."""
    charging = frozenset(
        m.id
        for m in fighters
        if (monstrous(m) and charged.get(m.id) is not None)
        or (is_cavalry(m) and charge_bonus_lost(state, m, opponents_of[m.id], charged.get(m.id)) is None)
    )
    plan = Plan(charged=frozenset(k for k, v in charged.items() if v is not None), charging=charging)
    if "supports" not in chosen:
        supports: dict[str, str] = {}
        placed = True
        while placed:  # a pike may support a pike seated on the way
            placed = False
            for supporter in candidates(state, fighters, supports):
                friends = supportable(state, supporter, fighters, False, supports)
                if friends:
                    supports[supporter.id] = friends[0].id
                    placed = True
                    break
        plan = Plan(plan.shielding, plan.two_handed, tuple(supports.items()), plan.charged, plan.charging)
    fields = {**plan.__dict__, **chosen}
    return Plan(**fields)


def odds_data(state: BattleState, result: FightOdds, side: Side, models: list[Model]) -> dict[str, Any]:
    """Odds as a legal action carries them: `outcomes` (the side wins the Duel; each model is
    slain), and `expected` Wounds on each model, every figure rounded and exact."""
    chances = [(f"{side.capitalize()} wins the Duel", result.win[side])]
    chances += [(f"{m.name} is slain", result.slain[m.id]) for m in models]
    data = odds(*chances)
    data["expected"] = [
        {
            "label": f"Wounds on {m.name}",
            "value": round(float(result.wounds[m.id]), 4),
            "exact": exact(result.wounds[m.id]),
        }
        for m in models
    ]
    return data
