"""Dice for a live server: random, or scripted through a file for browser tests. Set
BEACON_DICE_SCRIPT to a file of faces ("6 1 2 ..."); each roll takes the next faces from it and
rolls real dice once it is empty. Without the setting, every roll is random."""

from __future__ import annotations

import random
from pathlib import Path

from django.conf import settings

from rules_core import Dice, SystemDice


def make_dice() -> Dice:
    """The dice of one submit."""
    if settings.DICE_SCRIPT_FILE:
        return ScriptFileDice(Path(settings.DICE_SCRIPT_FILE))
    return SystemDice()


class ScriptFileDice(Dice):
    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.fallback = random.SystemRandom()

    def _faces(self, count: int, purpose: str) -> list[int]:
        script = self.path.read_text().split() if self.path.exists() else []
        taken = [int(face) for face in script[:count]]
        self.path.write_text(" ".join(script[count:]))
        return taken + [self.fallback.randint(1, 6) for _ in range(count - len(taken))]
