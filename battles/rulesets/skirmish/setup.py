"""A battle's setup from two army lists: every model gets an id and a starting place in its zone.

Players may keep those places (press "Deployment done") or move models within their zone. With a
scenario, the setup names it and carries the armies' Warbands, General and points instead, and
the players deploy Warband by Warband (the referee lays each out first).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from battles.lists.army_lists import extra_models, in_list, list_rules
from battles.lists.options import battle_models, rules_model
from battles.lists.profiles import BadData
from battles.play.create import piece_id
from rules_core import BOARD_LIBRARY, DEFAULT_BOARD, EDITION, MM_PER_INCH, SIDES, Board, Side
from rules_core.skirmish import SKIRMISH, default_zones, room_for

from .lists import warbands_of

Room = Callable[[float, float, float], bool]

GAP = 0.25  # inches between neighbouring bases, so no two models touch


def battle_setup(
    armies: Mapping[Side, Any], scenario: str = "", board: dict[str, Any] | None = None
) -> dict[str, Any]:
    """`armies` maps "good" and "evil" to a list (saved or a draft); `scenario` names one of
    rules_core's scenarios, or "" for none; `board` is the board chosen ({"name", "terrain"}), or
    None for the library's first (Farmstead). Raises BadData if an army cannot stand in its
    deployment zone (without a scenario)."""
    width, height = SKIRMISH.board_size
    chosen = board or default_board(width, height)
    zones = default_zones(Board(width, height))
    taken: set[str] = set()
    room = room_for(chosen["terrain"])
    setup: dict[str, Any] = {
        "edition": EDITION,
        "board": {"width": width, "height": height, "name": chosen["name"]},
        "terrain": [dict(t) for t in chosen["terrain"]],
        "armies": {
            side: _muster(armies[side], side, zones[side], taken, bool(scenario), room) for side in SIDES
        },
    }
    if scenario:
        setup["scenario"] = scenario
    return setup


def default_board(width: float, height: float) -> dict[str, Any]:
    """The library's first board, for a battle whose creator chose none."""
    library = BOARD_LIBRARY[DEFAULT_BOARD]
    return {"name": library.name, "terrain": library.terrain(Board(width, height))}


def _muster(
    army: Any, side: str, zone: list[float], taken: set[str], by_warband: bool, room: Room
) -> dict[str, Any]:
    """The army's models, each with an id; placed in rows in its zone, or (`by_warband`, for a
    scenario) with its Warbands, General and points, for the players to deploy."""
    models: list[dict[str, Any]] = []
    warbands: list[dict[str, Any]] = []
    general = ""
    built_from = getattr(army, "built_from", "")
    for warband in warbands_of(army):
        units = battle_models(in_list(built_from, warband.hero), list(warband.hero_options))
        for follower in warband.followers_in_order():
            for _ in range(follower.count):
                units.extend(battle_models(in_list(built_from, follower.profile), list(follower.options)))
        ids = [piece_id(profile, taken) for profile, _, _ in units]
        models.extend(
            {"id": model_id, **rules_model(profile, options), "points": points, **_extra(profile, options)}
            for model_id, (profile, options, points) in zip(ids, units, strict=True)
        )
        warbands.append({"captain": ids[0], "followers": ids[1:]})
        if warband.is_general:
            general = ids[0]
    rules = list_rules(built_from)
    divisor = (
        {"break_point_divisor": rules.break_point_divisor} if rules and rules.break_point_divisor != 2 else {}
    )
    if not by_warband:
        for model in models:
            del model["points"]
        _place(models, side, zone, room)
        return {"name": army.name, "models": models, **divisor}
    return {
        "name": army.name,
        "models": models,
        "warbands": warbands,
        **({"general": general} if general else {}),
        **divisor,
    }


def _extra(profile: Any, options: list[str]) -> dict[str, int]:
    """How many more models its army list counts the model as, when it does (Éowyn carrying Merry)."""
    extra = extra_models(profile, options)
    return {"extra_models": extra} if extra else {}


def _base(model: dict[str, Any]) -> float:
    """A model's base across in mm: a mounted model stands on its mount's base when that is larger."""
    return max(float(model["profile"]["base_mm"]), float(model.get("mount", {}).get("base_mm", 0)))


def _place(models: list[dict[str, Any]], side: str, zone: list[float], room: Room) -> None:
    """Rows across the zone, front row nearest the middle of the board, each row centred, leaving
    out the places terrain takes (a wall, a building). The rows and the models in them are a
    base's width apart, so that each model can leave down the lane beside it; an army too large for
    that stands closer."""
    across = max(_base(m) for m in models) / MM_PER_INCH
    spots = _spots(side, zone, room, across, 2 * across + GAP)
    if len(spots) < len(models):
        spots = _spots(side, zone, room, across, across + GAP)
    if len(spots) < len(models):
        raise BadData(f"The {side} army ({len(models)} models) does not fit in its deployment zone.")
    for model, (x, y) in zip(models, spots, strict=False):
        model["x"], model["y"] = round(x, 3), round(y, 3)


def _spots(side: str, zone: list[float], room: Room, across: float, step: float) -> list[tuple[float, float]]:
    """Every place for a base `across` inches wide in rows `step` apart across `zone`, front row first."""
    x0, y0, x1, y1 = zone
    spots: list[tuple[float, float]] = []
    depth = step / 2
    while depth + across / 2 <= y1 - y0 + 1e-9:
        y = y0 + depth if side == "good" else y1 - depth
        row = [(x0 + step / 2 + i * step, y) for i in range(int((x1 - x0) / step))]
        middle = (x0 + x1) / 2
        row.sort(key=lambda p: abs(p[0] - middle))
        spots += [p for p in row if room(p[0], p[1], (across + GAP) / 2)]
        depth += step
    return spots
