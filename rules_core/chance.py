"""How a chance reads to a player: a whole percentage that never claims certainty it lacks."""

from __future__ import annotations

from fractions import Fraction


def percent(chance: Fraction | float) -> str:
    """ "100%" and "0%" only when certain; ">99%" and "<1%" for what rounds to them but is not."""
    p = float(chance)
    if p >= 1:
        return "100%"
    if p <= 0:
        return "0%"
    if p >= 0.995:
        return ">99%"
    if p < 0.005:
        return "<1%"
    return f"{p:.0%}"


def dice_count(count: int) -> str:
    """ "1 die", "3 dice"."""
    return f"{count} {'die' if count == 1 else 'dice'}"
