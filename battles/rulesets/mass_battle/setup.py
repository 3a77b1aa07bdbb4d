"""A mass battle's setup from two mass-battle lists, in the referee's setup format
(docs/battle-record.md, "setup of a mass battle"): every stand and hero gets an id and a place.

The mass-battle referee takes the deployment from the setup and each side only confirms it
(`ready`): there is no step in which players move their pieces. So the places given here are where
the battle starts, an automatic legal deployment in each side's zone (§2.5):

- stands in rows across the zone in the list's order, the first row along the zone's front edge
  (nearest the enemy), each row centred, the fronts of a row in line, every stand facing the enemy
  and a little apart from its neighbours; a Monster hero is a stand of his own, after the others;
- every other hero attached to a stand (§2.3), the General to the stand of the front row nearest
  the middle of the table, the others to the next nearest, one a stand (two a stand only if a list
  ever had more heroes than stands).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from battles.lists.army_lists import in_list
from battles.lists.options import listed
from battles.lists.profiles import BadData
from battles.play.create import piece_id
from rules_core import EDITION, SIDES, Board, Side
from rules_core.mass_battle import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    MAX_HEROES_PER_STAND,
    default_zones,
    mass_profile,
    stats_of,
)

from .lists import KEY, stands_of, summarise
from .usual_board import TERRAIN, USUAL_BOARD

BOARD = {"width": BOARD_WIDTH, "height": BOARD_HEIGHT}
GAP = 0.5
"""Inches between neighbouring stands, and between rows: apart, so no contact is made at the start."""
FACING = {"good": 0.0, "evil": 180.0}
"""Toward the enemy: Good's edge is y = 0, so Good faces +y (§2.1)."""


@dataclass
class _Piece:
    """A stand to place: its entry in the setup (a Monster hero's own, for his stand), and its
    footprint's width and depth."""

    entry: dict[str, Any]
    width: float
    depth: float
    monster: bool = False
    row: int = 0


def mass_battle_setup(armies: Mapping[Side, Any], board: dict[str, Any] | None = None) -> dict[str, Any]:
    """`armies` maps "good" and "evil" to a mass-battle list (saved or a draft); `board` is the board
    chosen ({"name", "terrain"}), or None for the field of the wood and the rocky hill. Raises BadData
    if an army cannot stand in its deployment zone."""
    table = Board(BOARD["width"], BOARD["height"])
    zones = default_zones(table)
    taken: set[str] = set()
    chosen = board or {"name": USUAL_BOARD, "terrain": TERRAIN}
    return {
        "ruleset": KEY,
        "edition": EDITION,
        "players_deploy": True,
        "board": {**BOARD, "name": chosen["name"]},
        "terrain": [dict(t) for t in chosen["terrain"]],
        "armies": {side: _army(armies[side], side, zones[side], taken) for side in SIDES},
    }


def _army(army: Any, side: Side, zone: tuple[float, float, float, float], taken: set[str]) -> dict[str, Any]:
    summary = summarise(army)
    pieces: list[_Piece] = []
    built_from = getattr(army, "built_from", "")
    for line in stands_of(army):
        models = listed(in_list(built_from, line.profile), line.options)
        stats = stats_of(models)
        each = stats.models * models.points
        for _ in range(line.count):
            entry = {
                "id": piece_id(line.profile, taken),
                "name": _stand_name(line.profile.name, line.options),
                "profile": mass_profile(models),
                "points": each,
                "heroes": [],
            }
            pieces.append(_Piece(entry, stats.width, stats.depth))
    heroes: list[dict[str, Any]] = []
    to_attach: list[dict[str, Any]] = []
    result: dict[str, Any] = {"name": army.name}
    for line in summary.hero_lines:
        entry = {
            "id": piece_id(line.listed, taken),
            "profile": mass_profile(line.listed),
            "points": line.points,
            "cards": [card.name for card in line.cards],
        }
        heroes.append(entry)
        if line.general:
            result["general"] = entry["id"]
        if line.monster:
            stats = stats_of(line.listed)
            pieces.append(_Piece(entry, stats.width, stats.depth, monster=True))
        elif line.general:
            to_attach.insert(0, entry)
        else:
            to_attach.append(entry)
    stands = [p for p in pieces if not p.monster]
    _number_namesakes([p.entry for p in stands])
    _deploy(pieces, side, zone, army.name)
    _attach(to_attach, stands, army.name)
    return {**result, "stands": [p.entry for p in stands], "heroes": heroes}


def _stand_name(profile: str, options: list[str]) -> str:
    """What players call a stand: its profile, with its options when it has some."""
    return f"{profile} ({', '.join(options)})" if options else profile


def _number_namesakes(entries: list[dict[str, Any]]) -> None:
    """Stands of the same name are numbered, so every log line and button names one stand."""
    names = [e["name"] for e in entries]
    seen: dict[str, int] = {}
    for entry in entries:
        name = entry["name"]
        if names.count(name) > 1:
            seen[name] = seen.get(name, 0) + 1
            entry["name"] = f"{name} {seen[name]}"


def _deploy(pieces: list[_Piece], side: Side, zone: tuple[float, float, float, float], army: str) -> None:
    """Rows across the zone, the first along its front edge; each row centred, its fronts in line."""
    x0, y0, x1, y1 = zone
    rows: list[list[_Piece]] = [[]]
    width = -GAP
    for piece in pieces:
        if rows[-1] and width + GAP + piece.width > x1 - x0:
            rows.append([])
            width = -GAP
        rows[-1].append(piece)
        width += GAP + piece.width
    back = 0.0
    for number, row in enumerate(rows):
        depth = max((p.depth for p in row), default=0.0)
        span = sum(p.width for p in row) + GAP * (len(row) - 1)
        x = (x0 + x1 - span) / 2
        for piece in row:
            # Good's front edge is the zone's far side from its own table edge (y1), Evil's is y0.
            centre = back + piece.depth / 2
            piece.entry["x"] = round(x + piece.width / 2, 3)
            piece.entry["y"] = round(y1 - centre if side == "good" else y0 + centre, 3)
            piece.entry["facing"] = FACING[side]
            piece.row = number
            x += piece.width + GAP
        back += depth + GAP
    if back - GAP > y1 - y0 + 1e-9:
        raise BadData(f"{army} ({len(pieces)} stands) does not fit in its deployment zone.")


def _attach(heroes: list[dict[str, Any]], stands: list[_Piece], army: str) -> None:
    """Each hero to a stand, nearest the middle of the front row first (the General first)."""
    if not stands and heroes:
        raise BadData(f"{army} has heroes but no stand for them to join.")
    middle = BOARD_WIDTH / 2
    order = sorted(stands, key=lambda p: (p.row, abs(p.entry["x"] - middle), p.entry["x"]))
    for number, hero in enumerate(heroes):
        if number >= len(order) * MAX_HEROES_PER_STAND:
            raise BadData(f"{army} has more heroes than its stands can carry.")
        order[number % len(order)].entry["heroes"].append(hero["id"])
