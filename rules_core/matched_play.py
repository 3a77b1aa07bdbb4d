"""Matched play's public face, for the web app: the scenarios Beacon referees (`scenarios.catalogue`),
their zones and markers, the Victory Points as scored now, and what each audience may see of the
secret picks (`scenarios.secrets`)."""

from __future__ import annotations

from .scenarios.catalogue import CATALOGUE, POOLS, pool_of, spec_of
from .scenarios.data import MARKER_RADIUS, Zone
from .scenarios.ending import describe_pick
from .scenarios.scoring import score
from .scenarios.secrets import REFEREE, command_for, hidden_from, state_for

__all__ = [
    "CATALOGUE",
    "MARKER_RADIUS",
    "POOLS",
    "REFEREE",
    "Zone",
    "command_for",
    "describe_pick",
    "hidden_from",
    "pool_of",
    "score",
    "spec_of",
    "state_for",
]
