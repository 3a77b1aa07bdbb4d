"""What the dice decide, as pure arithmetic: a duel's deaths (§9), a stand's combat total (§8.5) and
what becomes of a beaten stand (§8.8, §11), with exact odds by enumerating the dice.

The engine's fight and duel frames roll, ask for re-rolls, cards and Might, then ask these.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import product
from typing import Literal

from .constants import DESTROY_MARGIN, MIN_COMBAT_TOTAL

DeathReason = Literal["lower total", "equal totals", "natural 1"]
Fate = Literal["recoil", "destroyed"]
FACES = range(1, 7)


def duel_deaths(
    natural: tuple[int, int], raised: tuple[int, int], points: tuple[int, int]
) -> tuple[list[DeathReason], list[DeathReason]]:
    """§9, why each of the two heroes dies (no reason: he lives). Totals are the raised dice (after
    Might) plus duel points: the lower dies, equal totals kill both; and, independently, a hero whose
    natural face is 1 dies whatever his total (the Éowyn rule)."""
    first, second = raised[0] + points[0], raised[1] + points[1]
    reasons: tuple[list[DeathReason], list[DeathReason]] = ([], [])
    if first == second:
        reasons[0].append("equal totals")
        reasons[1].append("equal totals")
    else:
        reasons[0 if first < second else 1].append("lower total")
    for i in (0, 1):
        if natural[i] == 1:
            reasons[i].append("natural 1")
    return reasons


def duel_odds(first: int, second: int) -> tuple[Fraction, Fraction]:
    """§9, the chance that each hero dies, with duel points `first` and `second` and no Might."""
    deaths = [0, 0]
    for faces in product(FACES, FACES):
        for i, why in enumerate(duel_deaths(faces, faces, (first, second))):
            deaths[i] += bool(why)
    return Fraction(deaths[0], 36), Fraction(deaths[1], 36)


def combat_total(die: int, factor: int, modifiers: Iterable[int]) -> int:
    """§8.5: die + Combat Factor + modifiers, never below 1."""
    return max(MIN_COMBAT_TOTAL, die + factor + sum(modifiers))


def sum_said(terms: Iterable[tuple[int, str]], total: int | None = None) -> str:
    """A total as the log says it, each term named: "5 (die) + 3 (CF) - 1 (overlap by B) = 7".
    Terms of 0 after the first are left out; `total` (the sum by default) is said as given, with why
    when a floor raised it (§8.5)."""
    named = [(value, what) for i, (value, what) in enumerate(terms) if i == 0 or value]
    text = " ".join(
        f"{value} ({what})" if i == 0 else f"{'+' if value >= 0 else '-'} {abs(value)} ({what})"
        for i, (value, what) in enumerate(named)
    )
    added = sum(value for value, _ in named)
    total = added if total is None else total
    floor = " (a total is never below 1)" if total != added else ""
    return f"{text} = {total}{floor}"


def beaten(margin: int, caught: bool, destroy_margin: int = DESTROY_MARGIN, defended: bool = False) -> Fate:
    """§8.8 with §11, what becomes of a stand beaten by `margin` (1 or more): destroyed when the
    winner's margin reaches `destroy_margin` (3; 2 against a Heroic Strength) or when it is `caught`
    with an enemy on its flank or rear; otherwise it recoils. Heroic Defence (`defended`) makes every
    loss a recoil (a blocked recoil still destroys it: that is the recoil's business)."""
    if defended:
        return "recoil"
    return "destroyed" if margin >= destroy_margin or caught else "recoil"


def result_odds(
    lead: int, caught: tuple[bool, bool] = (False, False), destroy_margin: int = DESTROY_MARGIN
) -> dict[str, Fraction]:
    """The chance of each result class of a combat, by enumerating both dice: `lead` is how much more
    the first stand adds to its die than the second (factors and modifiers). Keys: "tie", and for
    each stand ("first", "second") "<stand> recoils" and "<stand> destroyed"."""
    counts: dict[str, int] = {"tie": 0}
    for a, b in product(FACES, FACES):
        margin = (a + lead) - b
        if margin == 0:
            counts["tie"] += 1
            continue
        loser = 1 if margin > 0 else 0
        fate = beaten(abs(margin), caught[loser], destroy_margin)
        key = f"{('first', 'second')[loser]} {'recoils' if fate == 'recoil' else 'destroyed'}"
        counts[key] = counts.get(key, 0) + 1
    return {key: Fraction(n, 36) for key, n in counts.items()}
