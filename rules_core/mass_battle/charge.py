"""Charges (§6.5): which edge of the target a charge may contact, where the charger ends (conformed),
and the way there, which the server chooses: straight to the end pose, or straight to a point
before the contacted edge and then straight in."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from .constants import CONTROL_ZONE
from .field import Field, Obstruction, edge_taken
from .geometry import Edge, Rect, charge_edge, conformed_pose, rect_distance, turn_between
from .moves import StandMove, control_zone_problem, plan_stand_move
from .sweep import Pose, overlaps, pose_of, sweep

APPROACH_STEPS = (0.5, 1.0, 2.0, 3.0, 4.0)
"""How far before the contacted edge a charge may straighten up, when going straight at the end
pose would cross something (the target's corner, another stand)."""

EDGE_NAMES: dict[Edge, str] = {"front": "front", "rear": "rear", "left": "left flank", "right": "right flank"}


@dataclass(frozen=True, slots=True)
class ChargePlan:
    """A charge the server has found a way for: its `move` ends in the conformed pose, touching the
    target's `edge`."""

    target: str
    edge: Edge
    move: StandMove

    @property
    def poses(self) -> tuple[Pose, ...]:
        return self.move.poses

    def summary(self) -> dict[str, Any]:
        """The move's summary (its `end` is the conformed pose), with the target and its edge."""
        return {**self.move.summary(), "target": self.target, "edge": self.edge}


def plan_charge(field: Field, charger_id: str, target_id: str, allowance: float) -> ChargePlan | Obstruction:
    """A charge by `charger_id` on `target_id` with up to `allowance` inches of Move."""
    charger, target = field.stand(charger_id), field.stand(target_id)
    edge = charge_edge(target.rect, charger.rect.centre)
    end = conformed_pose(charger.rect, target.rect, edge)
    where = f"{target.name}'s {EDGE_NAMES[edge]}"
    for other in field.stands:
        if other.id in (charger_id, target_id):
            continue
        if edge_taken(target.rect, edge, other.rect) or overlaps((end.polygon,), other.rect.polygon):
            return Obstruction(
                "charge_edge_not_free",
                f"{charger.name} cannot charge {where}: {other.name} is there.",
                other.id,
            )
    enemies = [e.id for e in field.enemy_stands(charger.side)]
    near_end = [e for e in enemies if rect_distance(end, field.stand(e).rect) < CONTROL_ZONE]
    elsewhere = {target_id, *(e for e in enemies if e not in near_end)}
    first: Obstruction | None = None
    for poses in _ways(end):
        planned = plan_stand_move(
            field, charger_id, poses, allowance, target=target_id, zones_ignored=near_end
        )
        if isinstance(planned, StandMove) and near_end:
            # §6.2: only the conforming approach may pass beside the target's neighbours.
            before = sweep(charger.rect, before_contact(pose_of(charger.rect), poses))
            planned = control_zone_problem(field, charger, before, elsewhere) or planned
        if isinstance(planned, StandMove):
            return ChargePlan(target=target_id, edge=edge, move=planned)
        first = first or planned
    assert first is not None
    return replace(
        first, code="charge_unreachable", message=f"{charger.name} cannot reach {where}: {first.message}"
    )


def before_contact(start: Pose, poses: list[Pose]) -> list[Pose]:
    """A charge's way up to CONTROL_ZONE short of its end along its last leg: what it sweeps before
    the conforming approach, which may end beside the target's neighbours (§6.2)."""
    prev = poses[-2] if len(poses) > 1 else start
    end = poses[-1]
    length = math.dist((prev.x, prev.y), (end.x, end.y))
    if length <= CONTROL_ZONE:
        return poses[:-1]
    f = (length - CONTROL_ZONE) / length
    short = Pose(
        prev.x + (end.x - prev.x) * f,
        prev.y + (end.y - prev.y) * f,
        prev.facing + turn_between(prev.facing, end.facing) * f,
    )
    return [*poses[:-1], short]


def _ways(end: Rect) -> list[list[Pose]]:
    f = end.front
    straight_in = [
        [Pose(end.x - f[0] * k, end.y - f[1] * k, end.facing), pose_of(end)] for k in APPROACH_STEPS
    ]
    return [[pose_of(end)], *straight_in]
