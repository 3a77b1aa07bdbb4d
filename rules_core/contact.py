"""Where a charge ends: in base contact with its target at the legal place nearest to where the
player dropped the charger (docs/rules/core-summary.md, Movement).

The player drops the charger touching its target, perhaps after drawing corners round a crowd. The
drop is taken as the player's choice of side; if the charger cannot stand there (a rock, a friend,
the Move runs out), the referee walks round the target's base both ways and puts it at the nearest
place it can reach along the same corners. Only when no place round the target is reachable is
the charge refused, with what blocks the place dropped on."""

from __future__ import annotations

import math
from collections.abc import Callable

from .errors import RuleViolation
from .geometry import BASE_CONTACT, Point, dist
from .movement import snap_to_contact
from .state import BattleState, Model

CONTACT_STEPS = 72
"""Places tried round the target's base (every 5 degrees) when the one dropped on is not legal."""

CONTACT_REFINE = 8
"""Halvings of the last step, towards the drop: the place found is within a hundredth of an inch
(on a 2.5" circle) of the nearest legal one."""


def nearest_contact(
    state: BattleState,
    mover: Model,
    target: Model,
    points: list[Point],
    legal: Callable[[list[Point]], object],
) -> list[Point]:
    """The charge path that ends in base contact with `target` nearest the drop (`points[-1]`),
    along the same corners, that `legal` accepts (it raises RuleViolation for a path it refuses).
    A drop further from contact than `SNAP_TO_CONTACT` is refused as short; a charge across a barrier
    the target defends keeps its one place (terrain.md §12.1)."""
    snapped = snap_to_contact(state, mover, target, points)
    try:
        legal(snapped)
        return snapped
    except RuleViolation as refused:
        blocked = refused
    end = snapped[-1]
    reach = mover.radius + target.radius
    if abs(dist(end, target.pos) - reach) > BASE_CONTACT:
        raise blocked  # touching a defended barrier: there is no other side to go round to
    corners = snapped[:-1]
    dropped = math.atan2(end[1] - target.y, end[0] - target.x)
    step = 2 * math.pi / CONTACT_STEPS

    def path_at(angle: float) -> list[Point]:
        return [*corners, (target.x + reach * math.cos(angle), target.y + reach * math.sin(angle))]

    def allowed(angle: float) -> bool:
        try:
            legal(path_at(angle))
        except RuleViolation:
            return False
        return True

    half = CONTACT_STEPS // 2
    for k, sign in [(k, sign) for k in range(1, half + 1) for sign in (1, -1) if k < half or sign > 0]:
        angle = dropped + sign * k * step
        if allowed(angle):
            refused_at, legal_at = angle - sign * step, angle
            for _ in range(CONTACT_REFINE):
                middle = (refused_at + legal_at) / 2
                if allowed(middle):
                    legal_at = middle
                else:
                    refused_at = middle
            return path_at(legal_at)
    raise blocked
