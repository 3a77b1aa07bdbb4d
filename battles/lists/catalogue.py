"""The catalogue: every 2024 profile, read from `catalogue_data/profiles.json` in this repository
(made from a transcription of the books by `catalogue_data/convert.py`; its format is
docs/catalogue-format.md), and the mounts among them that a profile may ride or a list buy.

Each entry is profile data (battles/lists/profiles.py) with the catalogue's own keys beside it:
`id` (stable, what an installation's rows are matched by), `points_note`, `part_of`, `source`.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from .examples import example_side

CATALOGUE_FILE = Path(__file__).parent / "catalogue_data" / "profiles.json"
GOOD, EVIL = "good", "evil"
SIDE_NAMES = {GOOD: "Good", EVIL: "Evil"}
MOUNT = "mount"
"""The kind of a mount's profile: ridden, never fielded alone."""


@cache
def _text() -> str:
    return CATALOGUE_FILE.read_text(encoding="utf-8")


def catalogue() -> list[dict[str, Any]]:
    """Every catalogue profile as data (a fresh copy each call: the caller may change it)."""
    profiles: list[dict[str, Any]] = json.loads(_text())["profiles"]
    return profiles


@cache
def _mounts() -> dict[str, dict[str, Any]]:
    return {
        p["name"]: p for p in catalogue() if p["kind"] in (MOUNT, "chariot") or "Chariot" in p["keywords"]
    }


MOUNTS = _mounts()
"""Mounts a profile may ride or a list buy, by name: the catalogue's mount profiles (Horse,
Armoured horse, Snowmane, Fell Beast ...) and its chariots (not playable yet), as a Cavalry model's
`mount` in the battle setup."""


@cache
def _sides() -> dict[str, str]:
    return {p["name"]: p["side"] for p in catalogue() if p["side"]}


def catalogue_side(name: str) -> str | None:
    """The side of a catalogue (or example) profile by its name, or None for a name neither has."""
    return _sides().get(name) or example_side(name)


RULES_KEYS = (
    "name", "move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage", "intelligence",
    "might", "will", "fate", "keywords", "special_rules", "wargear",
)  # fmt: skip


def mount_profile(name: str) -> dict[str, Any]:
    """A known mount as rules_core reads a mount's profile."""
    mount = MOUNTS[name]
    return {**{key: mount[key] for key in RULES_KEYS}, "base_mm": float(mount["base_mm"]), "tier": None}
