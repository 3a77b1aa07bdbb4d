"""The demo armies: two small lists from the catalogue for each ruleset, for anyone who has no list of
their own."""

from __future__ import annotations

from typing import Any

from .catalogue import catalogue
from .listfile import FORMAT, VERSION, ListDraft, MassListDraft, parse_list
from .models import MASS_BATTLE, SKIRMISH

DEMO_POINTS_LIMIT = 350
DEMO_MASS_POINTS_LIMIT = 600


def _document(name: str, warbands: list[dict[str, Any]]) -> dict[str, Any]:
    used = {w["hero"] for w in warbands} | {f["profile"] for w in warbands for f in w["followers"]}
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": name,
        "points_limit": DEMO_POINTS_LIMIT,
        "warbands": warbands,
        "profiles": [p for p in catalogue() if p["name"] in used],
    }


def _mass_document(name: str, stands: list[dict[str, Any]], heroes: list[dict[str, Any]]) -> dict[str, Any]:
    used = {s["profile"] for s in stands} | {h["profile"] for h in heroes}
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": MASS_BATTLE,
        "name": name,
        "points_limit": DEMO_MASS_POINTS_LIMIT,
        "stands": stands,
        "heroes": heroes,
        "profiles": [p for p in catalogue() if p["name"] in used],
    }


def _followers(profile: str, count: int, *options: str) -> dict[str, Any]:
    return {"profile": profile, "count": count, "options": list(options)}


DEMO_DOCUMENTS = {
    "good": _document(
        "Minas Tirith",
        [
            {
                "hero": "Aragorn (Strider)",
                "general": True,
                "followers": [_followers("Warrior of Minas Tirith", 4, "Shield")],
            },
            {"hero": "Boromir of Gondor", "followers": [_followers("Warrior of Minas Tirith", 2, "Bow")]},
        ],
    ),
    "evil": _document(
        "Mordor",
        [
            {
                "hero": "Gothmog",
                "general": True,
                "followers": [
                    _followers("Cave Troll", 1),
                    _followers("Mordor Orc Warrior", 4, "Shield"),
                    _followers("Mordor Orc Warrior", 2, "Orc bow"),
                ],
            }
        ],
    ),
}


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
DEMO_CHOICES = {
    SKIRMISH: {"good": "Minas Tirith (demo army)", "evil": "Mordor (demo army)"},
    MASS_BATTLE: {"good": "Riders of Rohan (demo army)", "evil": "Host of Mordor (demo army)"},
}
"""The demo armies offered for a battle of each ruleset, by side."""


def demo_army(which: str, ruleset: str = SKIRMISH) -> ListDraft | MassListDraft:
    documents = DEMO_MASS_DOCUMENTS if ruleset == MASS_BATTLE else DEMO_DOCUMENTS
    return parse_list(documents[which])
