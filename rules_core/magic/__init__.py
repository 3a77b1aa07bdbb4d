"""Magical Powers: casting, resisting, durations, and every power (registered by theme)."""

from . import aid, auras, counter, harm, hinder, in_2024  # noqa: F401  (each module registers its powers)
from .casting import CastFrame, begin_cast, cast_options, why_cannot_cast
from .registry import POWERS, Cast, PowerSpec, spec_for

__all__ = [
    "POWERS",
    "Cast",
    "CastFrame",
    "PowerSpec",
    "begin_cast",
    "cast_options",
    "spec_for",
    "why_cannot_cast",
]
