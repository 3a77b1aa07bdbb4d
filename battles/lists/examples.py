"""The example profiles of the core summary: a small army of each side for the demos and the tests.

Characteristics are the community transcription quoted in `docs/rules/core-summary.md`;
tiers, keywords, wargear and powers marked there as "check" are sensible defaults. The catalogue an
installation loads is the 2024 one (battles/lists/catalogue.py); these are not in it.
"""

from __future__ import annotations

from typing import Any

BOW = {"name": "Bow", "range": 24.0, "strength": 2}
ORC_BOW = {"name": "Orc bow", "range": 18.0, "strength": 2}
ELF_BOW = {"name": "Elf bow", "range": 24.0, "strength": 3}

LEGEND, VALOUR, FORTITUDE, MINOR = "legend", "valour", "fortitude", "minor"

# Wargear the example warriors may buy, with points: defaults (check) kept here, in one place.
# An option that names a missile weapon gives the model that weapon.
SHIELD = {"name": "Shield", "points": 1}
SPEAR = {"name": "Spear", "points": 1}
WARRIOR_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "Warrior of Minas Tirith": [SHIELD, SPEAR, {"name": "Bow", "points": 1, "missile": BOW}],
    "Warrior of Rohan": [SHIELD, {"name": "Bow", "points": 1, "missile": BOW}],
    "Mordor Orc Warrior": [SHIELD, SPEAR, {"name": "Orc bow", "points": 1, "missile": ORC_BOW}],
}
# Heroes that are not named characters, so a list may take several.
NOT_UNIQUE = {"Goblin Captain"}

GOOD, EVIL = "good", "evil"
EVIL_PROFILES = {
    "Witch-king of Angmar", "Gothmog", "Azog the Defiler", "Bolg", "Goblin Captain", "Grinnah", "Cave Troll",
    "Mordor Orc Warrior",
}  # fmt: skip
"""The examples' Evil profiles; every other one fights for Good."""

# What the example warriors' printed profiles carry (check): their Defence already counts it, so a
# bought shield adds +1 (docs/battle-record.md, "Wargear").
PRINTED_WARGEAR: dict[str, list[str]] = {
    "Warrior of Minas Tirith": ["Sword", "Heavy armour"],
    "Warrior of Rohan": ["Sword", "Armour"],
    "Mordor Orc Warrior": ["Orc blade", "Armour"],
}


def example_side(name: str) -> str | None:
    """The side of an example profile by its name, or None for a name the examples do not have."""
    if name in EVIL_PROFILES:
        return EVIL
    return GOOD if any(row[0] == name for row in _TABLE) else None


# name, (move, fight, shoot, strength, defence, attacks, wounds, courage, intelligence),
# (might, will, fate), points, extras
_TABLE: list[tuple[str, tuple[float, ...], tuple[int, int, int] | None, int, dict[str, Any]]] = [
    ("Aragorn (Strider)", (6, 7, 3, 4, 5, 3, 3, 4, 3), (3, 3, 3), 160, {"tier": LEGEND}),
    ("Boromir of Gondor", (6, 7, 4, 4, 5, 3, 3, 4, 5), (6, 1, 0), 95, {"tier": VALOUR}),
    (
        "Gandalf the Grey",
        (6, 5, 4, 4, 5, 2, 3, 3, 3),
        (3, 6, 3),
        170,
        {
            "tier": LEGEND,
            "powers": [
                {"name": "Immobilise", "range": 12.0, "casting": 3},
                {"name": "Strengthen Will", "range": 12.0, "casting": 4},
                {"name": "Sorcerous Blast", "range": 12.0, "casting": 5},
                {"name": "Blinding Light", "range": 6.0, "casting": 2},
            ],
        },
    ),
    (
        "Gandalf the White",
        (6, 6, 4, 4, 6, 3, 3, 3, 3),
        (3, 6, 3),
        200,
        {
            "tier": LEGEND,
            "heroic_actions": ["heroic_resolve"],
            "powers": [
                {"name": "Immobilise", "range": 12.0, "casting": 3},
                {"name": "Strengthen Will", "range": 12.0, "casting": 4},
                {"name": "Sorcerous Blast", "range": 12.0, "casting": 5},
                {"name": "Terrifying Aura", "range": 0.0, "casting": 2},
            ],
        },
    ),
    (
        "Witch-king of Angmar",
        (6, 6, 4, 4, 8, 3, 1, 4, 4),
        (3, 18, 3),
        150,
        {
            "tier": LEGEND,
            "keywords": ["Spirit"],
            "special_rules": ["Terror"],
            "heroic_actions": ["heroic_channelling"],
            "powers": [
                {"name": "Compel", "range": 12.0, "casting": 4},
                {"name": "Sap Will", "range": 12.0, "casting": 4},
                {"name": "Transfix", "range": 12.0, "casting": 3},
                {"name": "Black Dart", "range": 12.0, "casting": 5},
            ],
        },
    ),
    ("Gothmog", (6, 5, 5, 4, 6, 2, 3, 5, 4), (3, 3, 1), 120, {"tier": VALOUR}),
    ("Eomer, Marshal of the Riddermark", (6, 6, 4, 4, 6, 3, 3, 4, 5), (3, 3, 3), 110, {"tier": VALOUR}),
    ("Eowyn", (6, 5, 4, 4, 4, 2, 2, 4, 5), (2, 2, 3), 60, {"tier": FORTITUDE}),
    ("Haleth, Son of Hama", (6, 3, 4, 3, 4, 1, 2, 6, 7), (1, 1, 2), 30, {"tier": MINOR}),
    ("Hama, Captain of Rohan", (6, 5, 4, 4, 6, 2, 2, 6, 6), (2, 1, 1), 60, {"tier": FORTITUDE}),
    ("Thorin Oakenshield", (5, 6, 4, 4, 7, 3, 3, 4, 5), (3, 3, 3), 100, {"tier": LEGEND, "base_mm": 25}),
    ("Azog the Defiler", (6, 7, 4, 5, 5, 3, 3, 5, 5), (3, 3, 1), 175, {"tier": LEGEND, "base_mm": 40}),
    ("Bolg", (6, 7, 4, 5, 7, 3, 3, 5, 5), (3, 3, 1), 175, {"tier": VALOUR, "base_mm": 40}),
    ("Beorn", (6, 6, 4, 5, 5, 3, 3, 3, 4), (3, 3, 3), 200, {"tier": LEGEND, "base_mm": 40}),
    ("Bilbo Baggins", (4, 3, 3, 2, 3, 1, 2, 4, 4), (2, 3, 3), 55, {"tier": FORTITUDE, "base_mm": 20}),
    ("Frodo Baggins", (4, 3, 3, 2, 3, 1, 2, 4, 5), (2, 3, 3), 55, {"tier": VALOUR, "base_mm": 20}),
    (
        "Tauriel",
        (6, 6, 3, 4, 5, 3, 2, 4, 4),
        (3, 2, 3),
        90,
        {"tier": VALOUR, "heroic_actions": ["heroic_accuracy"], "missile": ELF_BOW},
    ),
    (
        "Goblin Captain",
        (5, 3, 5, 4, 4, 2, 2, 7, 7),
        (2, 1, 1),
        40,
        {"tier": MINOR, "heroic_actions": ["heroic_march"]},
    ),
    ("Grinnah", (5, 3, 5, 4, 4, 2, 2, 7, 7), (2, 1, 1), 50, {"tier": MINOR}),
    ("Cave Troll", (6, 6, 4, 6, 6, 3, 3, 6, 9), None, 75, {"base_mm": 40, "special_rules": ["Terror"]}),
    ("Mordor Orc Warrior", (6, 3, 5, 3, 4, 1, 1, 8, 8), None, 5, {}),
    ("Warrior of Minas Tirith", (6, 4, 4, 3, 5, 1, 1, 7, 7), None, 8, {}),
    ("Warrior of Rohan", (6, 3, 4, 3, 4, 1, 1, 7, 6), None, 6, {}),
]

STAT_NAMES = ("move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage", "intelligence")


def examples() -> list[dict[str, Any]]:
    """Every example profile as profile data (battles/lists/profiles.py), checked there when used."""
    profiles = []
    for name, stats, mwf, points, extra in _TABLE:
        data: dict[str, Any] = {"name": name, **dict(zip(STAT_NAMES, stats, strict=True))}
        data["move"] = float(data["move"])
        for key in STAT_NAMES[1:]:
            data[key] = int(data[key])
        data["might"], data["will"], data["fate"] = mwf or (0, 0, 0)
        data.update(extra)
        data["keywords"] = ["Infantry", *extra.get("keywords", [])]
        data["tier"] = extra.get("tier")
        data["base_mm"] = int(extra.get("base_mm", 25))
        data["points"] = points
        data["unique"] = name not in NOT_UNIQUE
        data["options"] = [{"missile": None, **o} for o in WARRIOR_OPTIONS.get(name, [])]
        data["wargear"] = list(PRINTED_WARGEAR.get(name, []))
        data["side"] = EVIL if name in EVIL_PROFILES else GOOD
        profiles.append(data)
    return profiles
