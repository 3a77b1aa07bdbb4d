"""The demo armies: two small lists from the catalogue, for anyone who has no list of their own."""

from __future__ import annotations

from typing import Any

from .catalogue import catalogue
from .listfile import FORMAT, VERSION, ListDraft, parse_list

DEMO_POINTS_LIMIT = 350


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
DEMO_CHOICES = {"good": "Minas Tirith (demo army)", "evil": "Mordor (demo army)"}


def demo_army(which: str) -> ListDraft:
    return parse_list(DEMO_DOCUMENTS[which])
