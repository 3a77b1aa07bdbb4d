"""A small battle for the odds before a charge, a Shielding prompt and a rider-or-mount choice:
Aragorn (shield, on foot) 3" from an Orc Captain riding a Warg. Shared by the panel tests and the
browser test, which script the same dice."""

from __future__ import annotations

from typing import Any

CONTACT = 25 / 25.4
"""Centre-to-centre distance of two 25mm bases in contact."""

PRIORITY = [6, 1]
"""Good 6, Evil 1: Good chooses Priority."""
DUEL_AND_STRIKES = [6, 2, 1, 3, 4]
"""The Duel: Aragorn rolls 6, 2; the Orc Captain 1, 3 (Good wins). Aragorn's first Strike, at the
Warg, needs 4+: 4 slays it."""


def _profile(name: str, **values: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": name, "move": 6.0, "fight": 4, "shoot": 4, "strength": 4, "defence": 5, "attacks": 2,
        "wounds": 2, "courage": 4, "intelligence": 4, "might": 0, "will": 0, "fate": 0,
        "keywords": ["Infantry"], "tier": None, "base_mm": 25.0, "missile": None, "heroic_actions": [],
        "powers": [], "special_rules": [], "wargear": ["sword"],
    }  # fmt: skip
    return {**base, **values}


def mounted_duel_setup() -> dict[str, Any]:
    aragorn = _profile(
        "Aragorn", fight=6, might=1, tier="legend", keywords=["Infantry", "Hero"], wargear=["sword", "shield"]
    )
    captain = _profile("Orc Captain", might=1, tier="minor", keywords=["Cavalry", "Hero"])
    warg = _profile("Warg", fight=3, defence=4, attacks=1, wounds=1, move=10.0, keywords=[], wargear=[])
    far = _profile("Far", attacks=1, wounds=1)
    return {
        "board": {"width": 24.0, "height": 24.0},
        "deployment": {"good": [0, 0, 24, 24], "evil": [0, 0, 24, 24]},
        "armies": {
            "good": {"name": "Rangers", "models": [
                {"id": "aragorn", "profile": aragorn, "x": 10.0, "y": 14.0},
                {"id": "far", "profile": far, "x": 22.0, "y": 22.0},
            ]},
            "evil": {"name": "Warg riders", "models": [
                {"id": "captain", "profile": captain, "mount": warg, "x": 10.0, "y": 10.0},
                {"id": "far-orc", "profile": {**far, "name": "Far orc"}, "x": 22.0, "y": 2.0},
            ]},
        },
    }  # fmt: skip


CHARGE = {
    "type": "charge",
    "model": "aragorn",
    "target": "captain",
    "path": [[10.0, 14.0], [10.0, 10.0 + CONTACT]],
}

TO_THE_SHIELDING_PROMPT: list[tuple[str, dict[str, Any]]] = [
    ("good", {"type": "ready"}),
    ("evil", {"type": "ready"}),
    ("good", {"type": "priority", "side": "good"}),
    ("evil", {"type": "pass"}),
    ("good", {"type": "pass"}),
    ("good", CHARGE),
    ("good", {"type": "end_moves"}),
    ("evil", {"type": "end_moves"}),
    ("evil", {"type": "pass"}),
    ("good", {"type": "pass"}),
]
"""Deployment, Priority, Aragorn's charge and the Fight phase's Heroic Actions passed: Good is asked
whether Aragorn Shields."""
FIGHT = ("good", {"type": "shield", "shield": False})
