"""The board a mass battle is fought on when its creator chooses no other: its name (the board
choices show it) and its terrain, in no man's land, clear of both zones."""

from __future__ import annotations

from typing import Any

USUAL_BOARD = "The wood and the rocky hill"

TERRAIN: list[dict[str, Any]] = [
    {"name": "Wood", "polygon": [[14, 20], [23, 19], [25, 27], [15, 28]], "difficult": True},
    {
        "name": "Rocky hill",
        "polygon": [[47, 21], [54, 20], [56, 26], [49, 28]],
        "blocks_sight": True,
        "impassable": True,
    },
]
