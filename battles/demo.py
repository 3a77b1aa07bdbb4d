"""The demo battle: two small armies from the catalogue on a board with a little terrain."""

from __future__ import annotations

from typing import Any

from .catalogue import profile

DEMO_TERRAIN = [
    {
        "name": "Rocky outcrop",
        "polygon": [[20, 20], [28, 20], [28, 26], [20, 26]],
        "blocks_sight": True,
        "impassable": True,
    },
    {"name": "Ruined wall", "polygon": [[6, 23], [14, 23], [14, 24], [6, 24]]},
    {"name": "Wood", "polygon": [[34, 18], [42, 18], [44, 26], [36, 28]], "difficult": True},
]


def _row(prefix: str, name: str, count: int, x0: float, y: float, gap: float = 2.0) -> list[dict[str, Any]]:
    return [
        {"id": f"{prefix}{i + 1}", "profile": profile(name), "x": x0 + i * gap, "y": y} for i in range(count)
    ]


def demo_setup() -> dict[str, Any]:
    good = [
        {"id": "aragorn", "profile": profile("Aragorn (Strider)"), "x": 20.0, "y": 40.0},
        {"id": "boromir", "profile": profile("Boromir of Gondor"), "x": 28.0, "y": 40.0},
        *_row("gondor", "Warrior of Minas Tirith", 4, 17.0, 42.0, 2.5),
        *_row("gondor-bow", "Warrior of Minas Tirith (bow)", 2, 27.0, 42.0, 2.5),
    ]
    evil = [
        {"id": "gothmog", "profile": profile("Gothmog"), "x": 24.0, "y": 8.0},
        {"id": "troll", "profile": profile("Cave Troll"), "x": 32.0, "y": 8.0},
        *_row("orc", "Mordor Orc Warrior", 4, 17.0, 6.0, 2.5),
        *_row("orc-bow", "Mordor Orc Archer", 2, 27.0, 5.0, 2.5),
    ]
    return {
        "board": {"width": 48.0, "height": 48.0},
        "terrain": DEMO_TERRAIN,
        "armies": {
            "good": {"name": "Minas Tirith", "models": good},
            "evil": {"name": "Mordor", "models": evil},
        },
    }
