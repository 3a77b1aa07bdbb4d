"""Where models and markers may stand before the battle: deployment zones, placing a model, and the
referee's first layout of a Warband, which its player then adjusts."""

from __future__ import annotations

import math

from ..errors import RuleCode, RuleViolation
from ..geometry import point_polygon_distance
from ..legacy import LAYOUT_EDITION
from ..state import BattleState, Board, Model
from ..terrain import keeps_markers_off, no_standing
from .data import Zone
from .spec import Deploy

GAP = 0.25
"""Inches between neighbouring bases in the referee's first layout."""
WARBAND_REACH = 6.0
"""Every model of a Warband deploys within this distance of its Captain."""
OVERLAP_TOLERANCE = 1e-3


def edge_zones(deploy: Deploy, board: Board) -> dict[str, list[Zone]]:
    """Strips along the top (north) and bottom (south) edges."""
    depth, width, height = deploy.depth, board.width, board.height
    return {
        "north": [Zone("north", "along the top edge (north)", "rect", [(0.0, 0.0), (width, depth)])],
        "south": [
            Zone("south", "along the bottom edge (south)", "rect", [(0.0, height - depth), (width, height)])
        ],
    }


CORNERS = {
    "nw": ("the top-left corner (north-west)", 0.0, 0.0),
    "ne": ("the top-right corner (north-east)", 1.0, 0.0),
    "se": ("the bottom-right corner (south-east)", 1.0, 1.0),
    "sw": ("the bottom-left corner (south-west)", 0.0, 1.0),
}
OPPOSITE = {"nw": "se", "se": "nw", "ne": "sw", "sw": "ne"}


def corner_zone(key: str, deploy: Deploy, board: Board) -> Zone:
    label, fx, fy = CORNERS[key]
    return Zone(key, label, "disc", [(fx * board.width, fy * board.height)], deploy.depth)


def zone_choices(deploy: Deploy, board: Board) -> dict[str, list[Zone]]:
    """What the roll-off winner may choose: an edge's strip, or two opposite corners (A first)."""
    if deploy.kind == "edges":
        return edge_zones(deploy, board)
    return {
        f"{a}-{OPPOSITE[a]}": [corner_zone(a, deploy, board), corner_zone(OPPOSITE[a], deploy, board)]
        for a in CORNERS
    }


def other_choice(deploy: Deploy, board: Board, chosen: str) -> dict[str, list[Zone]]:
    """What is left for the other side: the other strip, or the other two corners in either order."""
    if deploy.kind == "edges":
        return {key: zones for key, zones in edge_zones(deploy, board).items() if key != chosen}
    taken = set(chosen.split("-"))
    return {
        key: zones for key, zones in zone_choices(deploy, board).items() if not set(key.split("-")) & taken
    }


def centre_band(zone: Zone, band: float, board: Board) -> Zone:
    """The part of an edge's strip wholly within `band` inches of the centre line."""
    middle = board.height / 2
    if zone.key == "north":
        return Zone(
            "north-band",
            f'within {band:g}" of the centre line',
            "rect",
            [(0.0, middle - band), (board.width, middle)],
        )
    return Zone(
        "south-band",
        f'within {band:g}" of the centre line',
        "rect",
        [(0.0, middle), (board.width, middle + band)],
    )


def describe(zones: list[Zone]) -> str:
    """Where a side deploys, as "Deploy ..." ends: "along the top edge (north)", or "in the
    top-left corner (north-west) as A and the bottom-right corner (south-east) as B"."""
    if len(zones) == 1:
        return zones[0].label
    return "in " + " and ".join(f"{z.label} as {'AB'[i]}" for i, z in enumerate(zones))


# -- placing models ---------------------------------------------------------------------------------


def on_board(board: Board, x: float, y: float, r: float) -> bool:
    return r - 1e-9 <= x <= board.width - r + 1e-9 and r - 1e-9 <= y <= board.height - r + 1e-9


def why_not_here(
    state: BattleState, model: Model, zone: Zone, enemy_gap: float = 0.0
) -> tuple[RuleCode, str] | None:
    """Why `model` may not stand where it is now in a deployment `zone` (None: it may)."""
    if not (
        zone.holds(model.x, model.y, model.radius) and on_board(state.board, model.x, model.y, model.radius)
    ):
        return "outside_zone", f"{model.name} must stand wholly inside the deployment zone ({zone.label})."
    piece = no_standing(state, model)
    if piece is not None:
        return "impassable", f"{model.name} cannot stand on {piece.name}."
    for other_model in state.models.values():
        if other_model.id == model.id or not other_model.on_board or other_model.x < 0:
            continue
        apart = math.hypot(model.x - other_model.x, model.y - other_model.y)
        if apart < model.radius + other_model.radius - OVERLAP_TOLERANCE:
            return "overlap", f"{model.name} would stand on {other_model.name}."
        if enemy_gap and other_model.side != model.side and model.distance_to(other_model) < enemy_gap - 1e-9:
            return "near_enemy", f'{model.name} must deploy at least {enemy_gap:g}" from {other_model.name}.'
    return None


def place(
    state: BattleState, model: Model, at: tuple[float, float], zone: Zone, enemy_gap: float = 0.0
) -> None:
    """Put `model` at `at` in `zone`, or refuse (the state is a copy: the engine drops it)."""
    model.x, model.y = at
    refused = why_not_here(state, model, zone, enemy_gap)
    if refused is not None:
        raise RuleViolation(*refused)


def too_far_from_captain(state: BattleState, captain: Model | None, models: list[Model]) -> str | None:
    if captain is None:
        return None
    for model in models:
        if model.id != captain.id and model.distance_to(captain) > WARBAND_REACH + 1e-6:
            gap = model.distance_to(captain)
            return (
                f'{model.name} is {gap:.1f}" from {captain.name}: every model of a Warband deploys '
                f'within {WARBAND_REACH:g}" of its Captain.'
            )
    return None


def lay_out(state: BattleState, models: list[Model], zone: Zone, enemy_gap: float = 0.0) -> None:
    """The referee's first layout of a Warband (the first model is its Captain): the Captain at the
    free spot nearest the middle of the zone, the others at the free spots nearest him. A model
    with no free spot left stays off the board. The spots are a square grid a base's width (and
    GAP) apart, so every model can leave it: half a step aside to the middle of four neighbours, then
    straight on down the lane between two columns (edition 2's grid was half as wide: `legacy`)."""
    if not models:
        return
    across = max(m.radius for m in models) * 2
    step = across * 2 + GAP if state.edition >= LAYOUT_EDITION else across + GAP
    x0, y0, x1, y1 = zone.bounds(state.board.width, state.board.height)
    spots = [
        (x0 + step / 2 + i * step, y0 + step / 2 + j * step)
        for i in range(int((x1 - x0) / step))
        for j in range(int((y1 - y0) / step))
    ]
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    captain: Model | None = None
    for model in models:
        home = centre if captain is None else captain.pos
        model.x = model.y = -1.0
        for spot in sorted(spots, key=lambda p: math.hypot(p[0] - home[0], p[1] - home[1])):
            model.x, model.y = spot
            if why_not_here(state, model, zone, enemy_gap) is None:
                spots.remove(spot)
                break
            model.x = model.y = -1.0
        if captain is None and model.x >= 0:
            captain = model


def marker_clash(
    state: BattleState,
    at: tuple[float, float],
    radius: float,
    others: list[tuple[str, tuple[float, float]]],
    gap: float,
    edge_gap: float,
) -> str | None:
    """Why an objective marker may not go at `at` (None: it may): `others` are the markers placed,
    each by the name the board and the panel give it."""
    x, y = at
    edge = min(x, y, state.board.width - x, state.board.height - y) - radius
    if edge < edge_gap - 1e-6:
        return (
            f'An objective marker must be at least {edge_gap:g}" from every edge of the board '
            f'(this is {max(0.0, edge):.1f}").'
        )
    for name, (ox, oy) in others:
        apart = math.hypot(x - ox, y - oy) - 2 * radius
        if apart < gap - 1e-6:
            return (
                f'An objective marker must be at least {gap:g}" from every other marker '
                f'(the {name} is {max(0.0, apart):.1f}" away).'
            )
    for piece in state.terrain:
        if keeps_markers_off(piece) and point_polygon_distance(at, piece.polygon) < radius:
            return f"An objective marker cannot go on {piece.name}, where no model can touch it."
    return None
