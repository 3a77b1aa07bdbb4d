"""An army counted in stands and heroes (§2.5, §13, §14): the list's limits, the General, starting
strength, losses, Broken and the 25% rout; victory points at the turn limit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import RuleViolation
from ..tiers import tier_rank
from .cards import check_cards
from .constants import (
    BROKEN_FRACTION,
    LOSS_PER_GENERAL,
    LOSS_PER_HERO,
    LOSS_PER_STAND,
    MIN_HEROES,
    ROUT_FRACTION,
    STANDS_PER_HERO,
)


@dataclass(frozen=True, slots=True)
class HeroEntry:
    """What the list rules read of a hero: who, his tier, his list points, his cards."""

    id: str
    name: str
    tier: str | None
    points: int
    cards: tuple[str, ...] = ()


def max_heroes(stands: int) -> int:
    """§2.5: at most one hero per two stands, rounded up."""
    return math.ceil(stands / STANDS_PER_HERO)


def list_problems(stands: int, heroes: Sequence[HeroEntry], points: int, points_limit: int) -> list[str]:
    """§2.5 and §2.4, what a list builder shows before a list may be used: every problem in words."""
    problems: list[str] = []
    if len(heroes) < MIN_HEROES:
        problems.append("A mass-battle list needs at least one hero.")
    allowed = max_heroes(stands)
    if len(heroes) > allowed:
        problems.append(
            f"{_count(len(heroes), 'hero', 'heroes')} for {_count(stands, 'stand', 'stands')}: at most one "
            f"hero per {STANDS_PER_HERO} stands (rounded up), so {allowed}."
        )
    if points > points_limit:
        problems.append(f"The list costs {points} points, over its limit of {points_limit}.")
    for hero in heroes:
        try:
            check_cards(hero.name, hero.cards)
        except RuleViolation as refused:
            problems.append(refused.message)
    return problems


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def choose_general(heroes: Sequence[HeroEntry], named: str | None = None) -> str:
    """The General (§2.5, core-summary): the hero named, else the highest tier; between heroes of one
    tier the costlier, then the first listed."""
    if named is not None:
        if not any(h.id == named for h in heroes):
            raise RuleViolation("unknown_general", f"The General {named!r} is not one of this army's heroes.")
        return named

    def rank(hero: HeroEntry) -> tuple[int, int]:
        return (-tier_rank(hero.tier), -hero.points)

    return min(heroes, key=rank).id


def starting_strength(stands: int, heroes: int) -> int:
    """§2.5: stands and heroes, one each (the General too)."""
    return stands + heroes


def loss(hero: bool, general: bool = False) -> int:
    """§2.5: what a side loses: a stand destroyed or fled 1, a hero lost 1, the General 2."""
    if not hero:
        return LOSS_PER_STAND
    return LOSS_PER_GENERAL if general else LOSS_PER_HERO


def is_broken(losses: int, strength: int) -> bool:
    """§13: losses above half the starting strength (checked at the start of a turn)."""
    return losses > strength * BROKEN_FRACTION


def is_routed(losses: int, strength: int) -> bool:
    """§14: down to 25% or less of the starting strength. The General counts 2 when lost but 1 in
    the strength, so what is left never goes below 0."""
    return max(0, strength - losses) <= strength * ROUT_FRACTION


def victory_points(stands_lost: Sequence[int], heroes_lost: Sequence[int], general_lost: int | None) -> int:
    """§14, what a side scores from its enemy's losses: the points of the stands destroyed or fled,
    the duel points of the heroes lost, and the General's duel points once more if he fell."""
    return sum(stands_lost) + sum(heroes_lost) + (general_lost or 0)
