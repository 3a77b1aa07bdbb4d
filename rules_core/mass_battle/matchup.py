"""What a stand combat's two sides bring before any die is rolled (§8.5): each side's Combat Factor
and modifiers (a hero attached, a cavalry charge, rear support, overlaps, enemies on a flank or the
rear, difficult ground, cards, Heroic Actions), the margin that destroys, whether a natural 1 costs
a hero; the result a pair of totals gives (§8.8), and the odds of every result (§15).

Below the combat itself (combat.py) so that what a charge would bring can be worked out before it
is made (a charge's odds, activation.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any, Literal

from ..geometry import point_in_polygon
from ..state import SIDES, BattleState, Model, Side, other
from ..terrain import slows_stands
from .cards import combat_modifiers, ignores_overlaps
from .constants import (
    CAVALRY_CHARGE_BONUS,
    DESTROY_MARGIN,
    DIFFICULT_TERRAIN_PENALTY,
    FLANK_PENALTY,
    FURY_COMBAT_BONUS,
    HERO_ATTACHED_BONUS,
    HEROIC_STRENGTH_DESTROY_MARGIN,
    MIN_COMBAT_TOTAL,
    OVERLAP_PENALTY,
    REAR_PENALTY,
    REAR_SUPPORT_BONUS,
)
from .field import contacts_of
from .geometry import Rect
from .lasting import combat_effects
from .odds import chance, exact_odds
from .outcomes import beaten
from .pairs import Pair, supporters_against
from .state import MassState, Stand

FACES = range(1, 7)


def in_difficult(state: MassState, stand: Stand) -> bool:
    return any(slows_stands(t) and point_in_polygon((stand.x, stand.y), t.polygon) for t in state.terrain)


def heroic(state: BattleState, stand_heroes: list[Model], kind: str) -> list[Model]:
    """The heroes of a stand under a Heroic Action's effect of this kind."""
    return [h for h in stand_heroes if any(e.kind == kind and e.source == h.id for e in state.effects)]


@dataclass(frozen=True, slots=True)
class Setup:
    """What a combat's sides bring before the dice: modifiers and the rules that decide its result."""

    modifiers: dict[str, list[tuple[str, int]]]
    factor: dict[str, int]
    caught: dict[str, str]
    """Each side's stand, if an enemy is on its flank or rear: "flank" or "rear" ("" if not)."""
    margin: dict[str, int]
    """The winning margin that destroys the other side's stand (3; 2 with Heroic Strength)."""
    defended: dict[str, bool]
    """Heroic Defence: the side's stand is never destroyed by the result itself."""
    hero_at_risk: dict[str, bool]
    """§8.7: a natural 1 would cost that side's stand a hero."""
    unrolled_strikes: dict[str, int]
    """Heroic Strikes whose D3 is not rolled yet, per side (for odds before the dice)."""
    helpers: dict[str, list[tuple[str, str, int]]] = field(default_factory=dict)
    """Each side's modifiers that another stand brings (rear support, an overlap, an enemy on a
    flank or the rear): that stand, what it does, the modifier. For the page's contact overlay;
    a combat in progress does not keep them."""


def combat_setup(state: MassState, pair: Pair, out: list[str]) -> Setup:
    field_ = state.field()
    stands = {"good": state.stand(pair[0]), "evil": state.stand(pair[1])}
    mods: dict[str, list[tuple[str, int]]] = {}
    brought: dict[str, list[tuple[str, str, int]]] = {}
    caught: dict[str, str] = {}
    at_risk: dict[str, bool] = {}
    for side in SIDES:
        me, foe = stands[side], stands[other(side)]
        heroes = state.attached(me.id)
        found: list[tuple[str, int]] = []
        if heroes:
            found.append(("hero attached", HERO_ATTACHED_BONUS))
        if me.stats.cavalry and me.charged and not (in_difficult(state, me) or in_difficult(state, foe)):
            found.append(("cavalry charge", CAVALRY_CHARGE_BONUS))
        mine = contacts_of(field_, me.id)
        bringing: list[tuple[str, str, int]] = []
        if mine.rear_support is not None:
            found.append((f"rear support by {state.stand(mine.rear_support).name}", REAR_SUPPORT_BONUS))
            bringing.append((mine.rear_support, "rear support", REAR_SUPPORT_BONUS))
        if not ignores_overlaps(state.hands(me.id)):
            for enemy, _ in mine.overlaps:
                if enemy not in out:
                    found.append((f"overlap by {state.stand(enemy).name}", OVERLAP_PENALTY))
                    bringing.append((enemy, "overlap", OVERLAP_PENALTY))
        if any(e == foe.id for e, _ in mine.flank):
            found.append(("opponent on its flank", FLANK_PENALTY))
        if foe.id in mine.rear:
            found.append(("opponent on its rear", REAR_PENALTY))
        helpers = supporters_against(field_, me.id, foe.id, out)
        for enemy, flank in helpers:
            where, value = ("flank", FLANK_PENALTY) if flank else ("rear", REAR_PENALTY)
            found.append((f"{state.stand(enemy).name} on its {where}", value))
            bringing.append((enemy, f"on its {where}", value))
        brought[side] = bringing
        if in_difficult(state, me):
            found.append(("in difficult terrain", DIFFICULT_TERRAIN_PENALTY))
        found += combat_modifiers(state.hands(me.id))
        if me.fury:
            found.append(("Fury of the Charge", FURY_COMBAT_BONUS))
        found += combat_effects(state, me)
        for hero in heroic(state, heroes, "heroic_strike"):
            strike = next(e for e in state.effects if e.kind == "heroic_strike" and e.source == hero.id)
            if strike.value:
                found.append((f"Heroic Strike ({hero.name})", strike.value))
        mods[side] = found
        caught[side] = "flank" if mine.flank else "rear" if mine.rear else ""
        enemies_near = [foe.id, *(e for e, _ in helpers)]
        at_risk[side] = bool(heroes) and any(state.attached(e) for e in enemies_near)
    return Setup(
        modifiers=mods,
        factor={s: stands[s].stats.combat_factor for s in SIDES},
        caught=caught,
        margin={
            s: HEROIC_STRENGTH_DESTROY_MARGIN
            if heroic(state, state.attached(stands[s].id), "heroic_strength")
            else DESTROY_MARGIN
            for s in SIDES
        },
        defended={s: bool(heroic(state, state.attached(stands[s].id), "heroic_defence")) for s in SIDES},
        hero_at_risk=at_risk,
        helpers=brought,
        unrolled_strikes={
            s: sum(
                1
                for h in heroic(state, state.attached(stands[s].id), "heroic_strike")
                if not next(e for e in state.effects if e.kind == "heroic_strike" and e.source == h.id).value
            )
            for s in SIDES
        },
    )


def result_of(
    setup: Setup, totals: dict[str, int]
) -> tuple[Side | None, Literal["tie", "recoil", "destroyed"], int]:
    """Who loses, what becomes of it, and by how much (§8.8 with Heroic Strength and Defence)."""
    if totals["good"] == totals["evil"]:
        return None, "tie", 0
    loser: Side = "good" if totals["good"] < totals["evil"] else "evil"
    margin = abs(totals["good"] - totals["evil"])
    fate = beaten(margin, bool(setup.caught[loser]), setup.margin[other(loser)], setup.defended[loser])
    return loser, fate, margin


def totals_of(setup: Setup, faces: dict[str, int], extra: dict[str, int]) -> dict[str, int]:
    return {
        s: max(
            MIN_COMBAT_TOTAL,
            faces[s] + setup.factor[s] + sum(v for _, v in setup.modifiers[s]) + extra.get(s, 0),
        )
        for s in SIDES
    }


def describe(names: dict[str, str], loser: Side | None, fate: str) -> str:
    if loser is None:
        return "a tie"
    return f"{names[loser]} {'is destroyed' if fate == 'destroyed' else 'recoils'}"


def pre_roll_odds(state: MassState, setup: Setup, pair: Pair) -> dict[str, Any]:
    """§15: the chance of each result of a combat about to be fought, by enumerating both dice
    (and any Heroic Strike D3 still to roll), and each side's chance of losing a hero to a 1."""
    names = {"good": state.stand(pair[0]).name, "evil": state.stand(pair[1]).name}
    counts: dict[str, Fraction] = {}
    strikes = {s: list(product((1, 2, 3), repeat=setup.unrolled_strikes[s])) for s in SIDES}
    weight = Fraction(1, 36 * len(strikes["good"]) * len(strikes["evil"]))
    for good, evil, sg, se in product(FACES, FACES, strikes["good"], strikes["evil"]):
        totals = totals_of(setup, {"good": good, "evil": evil}, {"good": sum(sg), "evil": sum(se)})
        loser, fate, _ = result_of(setup, totals)
        label = describe(names, loser, fate)
        counts[label] = counts.get(label, Fraction(0)) + weight
    risk = {
        pair[i]: chance(Fraction(1, 6) if setup.hero_at_risk[s] else Fraction(0)) for i, s in enumerate(SIDES)
    }
    return exact_odds(
        *((label, label, p) for label, p in sorted(counts.items(), key=lambda kv: -kv[1])), hero_lost=risk
    )


def charge_odds(
    state: MassState, stand: Stand, target: Stand, end: Rect, fury: bool = False
) -> dict[str, Any]:
    """§15 for a charge not yet made: the odds of the combat `stand` would fight `target` from the
    conformed pose `end`, as the board would stand after it (its charge bonus, supports, flanks and
    overlaps), worked out on a copy of the state."""
    after = state.clone()
    charger = after.stand(stand.id)
    charger.place(end)
    charger.charged = True
    charger.fury = fury
    pair: Pair = (charger.id, target.id) if charger.side == "good" else (target.id, charger.id)
    return pre_roll_odds(after, combat_setup(after, pair, []), pair)
