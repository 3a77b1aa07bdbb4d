"""The tape of a mass battle, for anyone at the table (§3): edge to edge between stands, heroes (an
attached hero from his stand's footprint) and points; whether one piece can see the other; whether a
stand could shoot another now. It asks the functions the referee asks (`shape_of`, `gap`,
`in_sight`, the Shoot phase's checks), so a measurement never disagrees with a later refusal."""

from __future__ import annotations

from typing import Any

from ..errors import RuleViolation
from ..geometry import Point
from ..measure import board_point
from ..state import BattleState
from .geometry import Rect
from .shooting import target_problem, why_cannot_shoot
from .sight import base_points, in_sight, sight_points
from .state import MassState, Shape, gap, mass, shape_of

End = str | Point
"""A stand's or hero's id, or a point on the board."""


def _shape(state: MassState, end: End) -> Shape:
    return shape_of(state, end) if isinstance(end, str) else (end, 0.0)


def _points(shape: Shape) -> list[Point]:
    return sight_points(shape) if isinstance(shape, Rect) else base_points(*shape)


def _describe(state: MassState, end: End) -> dict[str, Any]:
    if isinstance(end, str):
        shape = shape_of(state, end)
        centre = shape.centre if isinstance(shape, Rect) else shape[0]
        return {"model": end, "name": state.name_of(end), "at": list(centre)}
    return {"point": list(end)}


def _own_stand(state: MassState, piece: str) -> str:
    """The stand a piece is, or is attached to ("" for a loose hero)."""
    if piece in state.stands:
        return piece
    carrier = state.stand_of(state.models[piece])
    return carrier.id if carrier is not None else ""


def measure_mass(state: MassState, a: End, b: End) -> dict[str, Any]:
    """{"distance", "from", "to"}, and between two pieces "visible" (other stands and sight-blocking
    terrain block; loose heroes never do) and, from a stand that could shoot, "shot": "" if it may
    shoot the other now, else why not."""
    first, second = _shape(state, a), _shape(state, b)
    data: dict[str, Any] = {
        "distance": round(gap(first, second), 2),
        "from": _describe(state, a),
        "to": _describe(state, b),
    }
    if not (isinstance(a, str) and isinstance(b, str)):
        return data
    own = {_own_stand(state, a), _own_stand(state, b)}
    others = [s.id for s in state.army_stands("good") + state.army_stands("evil") if s.id not in own]
    data["visible"] = in_sight(state.field(), _points(first), _points(second), others)
    data["blocked_by"] = []
    shooter, target = state.stands.get(a), state.stands.get(b)
    if (
        shooter is not None
        and target is not None
        and shooter.side != target.side
        and shooter.stats.shooting_factor
    ):
        problem = target_problem(state, shooter, target)
        data["shot"] = why_cannot_shoot(state, shooter) or (problem.message if problem else "")
    return data


def _end(state: MassState, text: str) -> End:
    """A stand or hero on the board, or "x,y" in inches on the board."""
    if text not in state.stands and text not in state.models:
        return board_point(state.board, text)
    found = state.piece(text)
    if found is None or not found[2]:
        raise RuleViolation("bad_target", f"{state.name_of(text)} is no longer on the board.")
    return text


def tape(state: BattleState, a: str, b: str) -> dict[str, Any]:
    """The tape between two ends named as text (see `measure_mass`); RuleViolation for an end
    that is not there."""
    game = mass(state)
    return measure_mass(game, _end(game, a), _end(game, b))
