"""A stand's properties, derived from its models' profile (§2.2): its kind and footprint, how many
models it holds, its Combat and Shooting Factors, Move, Courage, Terror.

One profile (with its options) per stand, so every model of a stand carries the same weapons: it
shoots (has an SF) exactly when its profile has a missile weapon.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..special_rules import TERROR, of
from ..state import Profile
from .constants import (
    COMBAT_FACTOR_DIVISOR,
    HUGE_BASE_MM,
    LARGE_BASE_MM,
    LARGE_DEPTH,
    MODELS_PER_STAND,
    SHOOTING_FACTOR_BASE,
    STAND_DEPTH,
    STAND_FRONTAGE,
    StandType,
)


def is_monster(profile: Profile) -> bool:
    """The Monster keyword: a large stand at least (§2.2); a Monster hero is a stand of his own (§2.3)."""
    return "Monster" in profile.keywords


def stand_type(profile: Profile) -> StandType:
    """Huge: one model on a base of 60 mm or more; large: a Monster; cavalry: the Cavalry keyword
    (riders stand on their mounts' 40 mm bases, yet four of them make a cavalry stand, §2.2); large
    again: any other model on a base of 40 mm or more; infantry otherwise."""
    if profile.base_mm >= HUGE_BASE_MM:
        return "huge"
    if is_monster(profile):
        return "large"
    if "Cavalry" in profile.keywords:
        return "cavalry"
    if profile.base_mm >= LARGE_BASE_MM:
        return "large"
    return "infantry"


def footprint(kind: StandType) -> tuple[float, float]:
    """Width and depth: 4" by 2", or 4" by 3" for large and huge stands."""
    return STAND_FRONTAGE, LARGE_DEPTH if kind in ("large", "huge") else STAND_DEPTH


def combat_factor(profile: Profile) -> int:
    """floor((Fight + Strength + Defence) / 3): Mordor Orc 3, Warrior of Minas Tirith 4, Cave Troll 6."""
    return int(profile.fight + profile.strength + profile.defence) // COMBAT_FACTOR_DIVISOR


def shooting_factor(profile: Profile) -> int | None:
    """7 - Shoot Value (3+ gives 4, 4+ gives 3, 5+ gives 2) for a stand with a missile weapon; None
    for one without, or whose models could not hit (Shoot Value 7+)."""
    if profile.missile is None:
        return None
    factor = SHOOTING_FACTOR_BASE - int(profile.shoot)
    return factor if factor >= 1 else None


def causes_terror(profile: Profile) -> bool:
    """A stand causes Terror by its rule with no keyword (a stand has no keywords to test one by)."""
    return any(not use.param.keyword for use in of(profile, TERROR) if use.param is not None)


@dataclass(frozen=True, slots=True)
class StandStats:
    """What the rules read of a stand, worked out once from its profile."""

    kind: StandType
    models: int
    width: float
    depth: float
    combat_factor: int
    shooting_factor: int | None
    shooting_range: float
    move: float
    courage: int
    terror: bool

    @property
    def cavalry(self) -> bool:
        return self.kind == "cavalry"


def stand_stats(profile: Profile) -> StandStats:
    kind = stand_type(profile)
    width, depth = footprint(kind)
    sf = shooting_factor(profile)
    return StandStats(
        kind=kind,
        models=MODELS_PER_STAND[kind],
        width=width,
        depth=depth,
        combat_factor=combat_factor(profile),
        shooting_factor=sf,
        shooting_range=profile.missile.range if profile.missile is not None and sf is not None else 0.0,
        move=float(profile.move),
        courage=int(profile.courage),
        terror=causes_terror(profile),
    )
