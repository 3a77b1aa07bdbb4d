"""The mass-battle demo armies, as list files: the Riders of Rohan against the Host of Mordor."""

from __future__ import annotations

from typing import Any

from battles.lists.demo import demo_document

from .lists import KEY

DEMO_MASS_POINTS_LIMIT = 600


def _mass_document(name: str, stands: list[dict[str, Any]], heroes: list[dict[str, Any]]) -> dict[str, Any]:
    used = {s["profile"] for s in stands} | {h["profile"] for h in heroes}
    return demo_document(KEY, name, DEMO_MASS_POINTS_LIMIT, {"stands": stands, "heroes": heroes}, used)


def _stands(profile: str, count: int, *options: str) -> dict[str, Any]:
    return {"profile": profile, "count": count, "options": list(options)}


def _hero(profile: str, *cards: str, general: bool = False) -> dict[str, Any]:
    return {"profile": profile, "options": [], "cards": list(cards), "general": general}


DEMO_MASS_DOCUMENTS = {
    "good": _mass_document(
        "Riders of Rohan",
        [
            _stands("Warrior of Rohan", 3, "Shield"),
            _stands("Warrior of Rohan", 1, "Bow"),
            _stands("Warrior of Minas Tirith", 1, "Shield"),
        ],
        [
            _hero("Eomer, Marshal of the Riddermark", "War Banner", general=True),
            _hero("Hama, Captain of Rohan", "Bodyguard"),
        ],
    ),
    "evil": _mass_document(
        "Host of Mordor",
        [
            _stands("Mordor Orc Warrior", 3, "Shield"),
            _stands("Mordor Orc Warrior", 1, "Orc bow"),
            _stands("Cave Troll", 1),
        ],
        [_hero("Gothmog", "Mighty Blow", general=True), _hero("Goblin Captain", "Fury of the Charge")],
    ),
}
