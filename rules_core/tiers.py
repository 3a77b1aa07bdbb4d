"""Heroic tiers (core rules, "Heroes"): the one home of what a tier is called, how it ranks ("the
same tier or higher": a Heroic Challenge, the General), and how many followers a hero of that tier
may lead in a skirmish list. Every ruleset and the list builder read them from here."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Tier:
    key: str
    name: str
    rank: int
    """Higher ranks are higher tiers; a warrior (no tier) ranks 0."""
    followers: int
    """The most followers a hero of this tier may lead in a skirmish warband."""


TIERS: tuple[Tier, ...] = (
    Tier("legend", "Hero of Legend", 5, 18),
    Tier("valour", "Hero of Valour", 4, 15),
    Tier("fortitude", "Hero of Fortitude", 3, 12),
    Tier("minor", "Minor Hero", 2, 6),
    Tier("independent", "Independent Hero", 1, 0),
)
"""Highest first."""

BY_KEY = {tier.key: tier for tier in TIERS}
WARRIOR = "Warrior"
"""What a model with no tier is called."""


def tier_rank(key: str | None) -> int:
    """A tier's rank; 0 for a warrior or a tier nobody knows."""
    tier = BY_KEY.get(key or "")
    return tier.rank if tier else 0


def tier_name(key: str | None) -> str:
    tier = BY_KEY.get(key or "")
    return tier.name if tier else WARRIOR


def follower_limit(key: str | None) -> int:
    tier = BY_KEY.get(key or "")
    return tier.followers if tier else 0
