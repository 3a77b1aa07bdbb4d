"""The tape and the line-of-sight check any player or spectator may use at any time.

It asks the very functions the referee asks when it checks a move, a charge or a shot, so a
measurement never disagrees with a later refusal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import RuleViolation
from .geometry import Point, dist, segment_crosses_polygon
from .shooting import missile_of, why_cannot_shoot, why_not_target
from .sight import sight
from .state import BattleState, Board, Model
from .terrain import describe

End = Model | Point


@dataclass(frozen=True)
class Measurement:
    """From one end to the other: a model (edge of its base) or a point on the board.

    `visible` and `blocked_by` are given when both ends are models; `shot` says whether the first
    could shoot the second now ("" when it could), when the first has a missile weapon; `terrain`
    names each piece the tape crosses, with its kind and height."""

    distance: float
    ends: tuple[dict[str, Any], dict[str, Any]]
    visible: bool | None = None
    blocked_by: list[str] = field(default_factory=list)
    shot: str | None = None
    terrain: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"distance": round(self.distance, 2), "from": self.ends[0], "to": self.ends[1]}
        if self.visible is not None:
            data["visible"] = self.visible
            data["blocked_by"] = self.blocked_by
        if self.shot is not None:
            data["shot"] = self.shot
        if self.terrain:
            data["terrain"] = self.terrain
        return data


def board_point(board: Board, text: str) -> Point:
    """A point on the board written "x,y" in inches (a tape's end that is no piece)."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise RuleViolation("bad_target", f"{text!r} is neither a piece nor a point on the board.") from None
    if not (0 <= x <= board.width and 0 <= y <= board.height):
        raise RuleViolation("bad_target", "That point is off the board.")
    return (x, y)


def _describe(end: End) -> dict[str, Any]:
    if isinstance(end, Model):
        return {"model": end.id, "name": end.name, "at": [end.x, end.y]}
    return {"point": [end[0], end[1]]}


def _gap(a: End, b: End) -> float:
    """Edge of base to edge of base; from a base to a point, from its edge (0 inside it)."""
    if isinstance(a, Model) and isinstance(b, Model):
        return a.distance_to(b)
    centre_a, radius_a = (a.pos, a.radius) if isinstance(a, Model) else (a, 0.0)
    centre_b, radius_b = (b.pos, b.radius) if isinstance(b, Model) else (b, 0.0)
    return max(0.0, dist(centre_a, centre_b) - radius_a - radius_b)


def crossed(state: BattleState, a: End, b: End) -> list[str]:
    """Each piece the straight line between the two ends crosses, as a player reads it."""
    start = a.pos if isinstance(a, Model) else a
    end = b.pos if isinstance(b, Model) else b
    pieces = [p for p in state.terrain if segment_crosses_polygon(start, end, p.polygon)]
    return [describe(p) for p in sorted(pieces, key=lambda p: min(dist(start, c) for c in p.polygon))]


def measure(state: BattleState, a: End, b: End) -> Measurement:
    ends = (_describe(a), _describe(b))
    terrain = crossed(state, a, b)
    if not (isinstance(a, Model) and isinstance(b, Model)):
        return Measurement(_gap(a, b), ends, terrain=terrain)
    seen = sight(state, a, b)
    visible = seen.visible
    blockers = [] if visible else [p.name for p in seen.blocked_by]
    shot = None
    if missile_of(a) is not None and a.side != b.side:
        shot = why_cannot_shoot(state, a) or why_not_target(state, a, b) or ""
    return Measurement(a.distance_to(b), ends, visible, blockers, shot, terrain)
