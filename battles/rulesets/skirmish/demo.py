"""The skirmish demo armies, as list files: Minas Tirith against Mordor."""

from __future__ import annotations

from typing import Any

from battles.lists.demo import demo_document

from .lists import KEY

DEMO_POINTS_LIMIT = 350


def _document(name: str, warbands: list[dict[str, Any]]) -> dict[str, Any]:
    used = {w["hero"] for w in warbands} | {f["profile"] for w in warbands for f in w["followers"]}
    return demo_document(KEY, name, DEMO_POINTS_LIMIT, {"warbands": warbands}, used)


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
