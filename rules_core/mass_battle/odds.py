"""Odds as the mass battle sends them (§15): every chance exact, as a numerator and a denominator
worked out by enumerating the dice, with the rounded figure beside it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def chance(p: Fraction) -> dict[str, Any]:
    """One chance: exact (numerator / denominator) and rounded."""
    return {"p": round(float(p), 4), "numerator": p.numerator, "denominator": p.denominator}


def exact_odds(*outcomes: tuple[str, str, Fraction], **extra: Any) -> dict[str, Any]:
    """The odds of a decision: each outcome's key (for programs), label (for players) and chance;
    `extra` adds named chances or facts (e.g. "hero_lost")."""
    data: dict[str, Any] = {
        "outcomes": [{"key": key, "label": label, **chance(p)} for key, label, p in outcomes]
    }
    for name, value in extra.items():
        data[name] = chance(value) if isinstance(value, Fraction) else value
    return data
