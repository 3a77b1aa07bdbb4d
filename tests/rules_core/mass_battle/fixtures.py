"""Shapes and profiles for the mass battle's tests: the spec's fixture stands and heroes (§17)."""

from __future__ import annotations

from typing import Any

from rules_core.mass_battle.field import Field, HeroBase, StandShape
from rules_core.mass_battle.geometry import Rect
from rules_core.state import MM_PER_INCH, Terrain

BASE_25 = 25 / MM_PER_INCH / 2
"""The radius of a 25 mm base (the spec rounds it to 0.492")."""


def stand(ident: str, side: str, x: float, y: float, facing: float, **extra: Any) -> StandShape:
    width, depth = extra.pop("width", 4.0), extra.pop("depth", 2.0)
    return StandShape(
        ident, extra.pop("name", ident.upper()), side, Rect(x, y, facing, width, depth), **extra
    )


def hero(ident: str, side: str, x: float, y: float, radius: float = BASE_25) -> HeroBase:
    return HeroBase(ident, ident.replace("_", " ").title(), side, (x, y), radius)


def board(*pieces: StandShape | HeroBase | Terrain, width: float = 72.0, height: float = 48.0) -> Field:
    return Field(
        width,
        height,
        stands=tuple(p for p in pieces if isinstance(p, StandShape)),
        heroes=tuple(p for p in pieces if isinstance(p, HeroBase)),
        terrain=tuple(p for p in pieces if isinstance(p, Terrain)),
    )


def square(name: str, x0: float, y0: float, x1: float, y1: float, **flags: bool) -> Terrain:
    return Terrain(name.lower(), name, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], **flags)


def profile(name: str, fight: int, strength: int, defence: int, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": name,
        "move": 6.0,
        "fight": fight,
        "shoot": 4,
        "strength": strength,
        "defence": defence,
        "attacks": 1,
        "wounds": 1,
        "courage": 7,
        "intelligence": 7,
    }
    data.update(extra)
    return data


def hero_profile(name: str, points: int, might: int, will: int, fate: int, **extra: Any) -> dict[str, Any]:
    return profile(
        name, 5, 4, 5, might=might, will=will, fate=fate, points=points, **{"tier": "valour", **extra}
    )


WARRIOR_OF_ROHAN = profile("Warrior of Rohan", 3, 3, 4, courage=7, points=6)
WARRIOR_OF_MINAS_TIRITH = profile("Warrior of Minas Tirith", 4, 3, 5, points=8)
MORDOR_ORC = profile("Mordor Orc Warrior", 3, 3, 4, shoot=5, courage=8, points=5)
BOWMEN = profile("Bowmen", 3, 3, 4, missile={"name": "Bow", "range": 18.0, "strength": 2}, points=6)
CAVE_TROLL = profile("Cave Troll", 6, 6, 6, base_mm=40.0, special_rules=["Terror"], points=75)

EOWYN = hero_profile("Eowyn", 60, 2, 2, 3, tier="fortitude")
WITCH_KING = hero_profile("Witch-king of Angmar", 150, 3, 18, 3, tier="legend", special_rules=["Terror"])
BOROMIR = hero_profile("Boromir of Gondor", 95, 6, 1, 0)
GOTHMOG = hero_profile("Gothmog", 120, 3, 3, 1)
EOMER = hero_profile("Eomer", 110, 3, 3, 3)
HALETH = hero_profile("Haleth", 30, 1, 1, 2, tier="minor")
HAMA = hero_profile("Hama", 60, 2, 1, 1, tier="fortitude")
GOBLIN_CAPTAIN = hero_profile("Goblin Captain", 40, 2, 1, 1, tier="minor")
GRINNAH = hero_profile("Grinnah", 50, 2, 1, 1, tier="minor")
