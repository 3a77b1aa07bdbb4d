"""Every random number the referee uses comes from a Dice object, and every roll is recorded.

Live play uses SystemDice; tests use ScriptedDice; replays use RecordedDice, which also checks
that each roll is asked for the same purpose as when it was first made.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordMismatch


@dataclass(slots=True)
class Roll:
    """One throw of one or more D6: why, by whom, and the faces that came up.

    `at` is how many of the step's events came before it, so a log can show each roll beside the
    event it belongs to (-1 when not known)."""

    purpose: str
    roller: str
    faces: list[int]
    at: int = -1

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"purpose": self.purpose, "roller": self.roller, "faces": list(self.faces)}
        if self.at >= 0:
            data["at"] = self.at
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Roll:
        faces = [int(f) for f in data["faces"]]
        return cls(str(data["purpose"]), str(data.get("roller", "")), faces, int(data.get("at", -1)))


@dataclass
class Dice:
    """Base class: subclasses supply `_faces`; `roll` records every throw in `rolls`."""

    rolls: list[Roll] = field(default_factory=list)
    events_so_far: Callable[[], int] | None = None

    def roll(self, count: int, purpose: str, roller: str) -> list[int]:
        faces = self._faces(count, purpose)
        at = self.events_so_far() if self.events_so_far is not None else -1
        self.rolls.append(Roll(purpose, roller, faces, at))
        return list(faces)

    def d6(self, purpose: str, roller: str) -> int:
        return self.roll(1, purpose, roller)[0]

    def d3(self, purpose: str, roller: str) -> int:
        """A D3 is a D6 halved, rounding up; the D6 face is what the record keeps."""
        return (self.d6(purpose, roller) + 1) // 2

    def take_rolls(self) -> list[Roll]:
        taken, self.rolls = self.rolls, []
        return taken

    def _faces(self, count: int, purpose: str) -> list[int]:
        raise NotImplementedError


@dataclass
class SystemDice(Dice):
    source: random.Random = field(default_factory=random.SystemRandom)

    def _faces(self, count: int, purpose: str) -> list[int]:
        return [self.source.randint(1, 6) for _ in range(count)]


class SeededDice(SystemDice):
    """Reproducible random dice for bots and property tests."""

    def __init__(self, seed: int) -> None:
        super().__init__(source=random.Random(seed))


class DiceExhausted(Exception):
    """A scripted test asked for more dice than it scripted."""


class ScriptedDice(Dice):
    """Faces given in advance, taken in order. A test that scripts too few fails loudly."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        super().__init__()
        self.script = [int(f) for f in faces]
        for face in self.script:
            if not 1 <= face <= 6:
                raise ValueError(f"a D6 shows 1 to 6, not {face}")

    def _faces(self, count: int, purpose: str) -> list[int]:
        if len(self.script) < count:
            raise DiceExhausted(f"the script ran out of dice for {purpose!r} (needed {count})")
        taken, self.script = self.script[:count], self.script[count:]
        return taken

    @property
    def unused(self) -> list[int]:
        return list(self.script)


class RecordedDice(Dice):
    """Replays the rolls of a battle-record entry, checking each is asked for the same reason."""

    def __init__(self, recorded: Iterable[Roll]) -> None:
        super().__init__()
        self.recorded = list(recorded)

    def _faces(self, count: int, purpose: str) -> list[int]:
        if not self.recorded:
            raise RecordMismatch(f"the record has no roll for {purpose!r}")
        expected = self.recorded.pop(0)
        if expected.purpose != purpose or len(expected.faces) != count:
            raise RecordMismatch(
                f"the record rolled {len(expected.faces)} dice for {expected.purpose!r}, "
                f"the rules now ask {count} for {purpose!r}"
            )
        if any(not 1 <= face <= 6 for face in expected.faces):
            raise RecordMismatch(f"the record's roll for {purpose!r} has a face that is not 1 to 6")
        return list(expected.faces)

    @property
    def unused(self) -> list[Roll]:
        return list(self.recorded)
