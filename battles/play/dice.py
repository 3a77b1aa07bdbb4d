"""Dice for a live server: random, or scripted per battle for browser tests.

In local development only (BEACON_DEV=1; config/settings.py refuses it otherwise), BEACON_DICE_SCRIPT
names a directory. A battle whose `<public_id>.json` is there (a JSON list of faces, [6, 1, 2]) rolls
from it: each roll takes the next faces and the rest is written back; once the list is empty, or for a
battle with no file, the dice are random. So one server can play any number of scripted battles
side by side. Without the setting, every roll is random."""

from __future__ import annotations

import fcntl
import json
import random
from pathlib import Path

from django.conf import settings

from rules_core import Dice, SystemDice


def make_dice(public_id: str) -> Dice:
    """The dice of one submit to the battle `public_id`."""
    if settings.DICE_SCRIPT_DIR:
        script = Path(settings.DICE_SCRIPT_DIR) / f"{public_id}.json"
        if script.exists():
            return ScriptFileDice(script)
    return SystemDice()


class ScriptFileDice(Dice):
    """Faces from a file, read and written back at each roll under a lock on the file (submits take
    no lock of the battle, and two may roll for one battle at once)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.fallback = random.SystemRandom()

    def _faces(self, count: int, purpose: str) -> list[int]:
        with self.path.open("r+") as file:
            fcntl.flock(file, fcntl.LOCK_EX)
            script = [int(face) for face in json.loads(file.read())]
            file.seek(0)
            file.write(json.dumps(script[count:]))
            file.truncate()
        taken = script[:count]
        return taken + [self.fallback.randint(1, 6) for _ in range(count - len(taken))]
