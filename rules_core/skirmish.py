"""The skirmish game's public face: its `Ruleset`, and what its table and its army lists may ask of
the referee. The web app's skirmish code reads the referee through this module (and the shared
public modules: `rules_core`, `rules_core.record`, `rules_core.takeback`, `rules_core.scenarios`).

- `preview(state, command)`: what a move or charge would do, by the rule that will judge it
  (the command carried out on a copy as far as its first die: `engine.dry_run`).
- `tape(state, a, b)`: distance, sight and whether a shot is open, between two ends.
- the list rules (`summarise` and its plain-data list), the deployment zones, the move tolerances.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import characteristics as now
from .army_lists import Listed, is_bow, side_of, wrong_side
from .battlefield import is_engaged
from .crossing import chance_odds, percent_over
from .engine import dry_run, legal_actions
from .errors import RuleViolation
from .geometry import Point
from .group_move import GROUP_MOVE
from .heroic import HEROIC_ACTIONS
from .matchup import odds_between
from .measure import End, board_point, measure
from .movement import MOVE_TOLERANCE, SNAP_TO_CONTACT, path_cost, point_along
from .ruleset import Ruleset
from .setup import POWERS_SETTINGS, board_needs, default_zones, new_battle, number_namesakes
from .skirmish_list import (
    STANDARD_POINTS,
    ListedWarband,
    SkirmishList,
    Summary,
    WarbandSummary,
    bow_limit,
    summarise,
)
from .state import BattleState, Model, Terrain
from .terrain import Crossing, crossings, kind_label, load_piece, over, room_at, slows, stretches
from .tiers import TIERS, tier_name

__all__ = [
    "HEROIC_ACTIONS",
    "MOVE_TOLERANCE",
    "SKIRMISH",
    "SNAP_TO_CONTACT",
    "STANDARD_POINTS",
    "TIERS",
    "Listed",
    "ListedWarband",
    "SkirmishList",
    "Summary",
    "WarbandSummary",
    "bow_limit",
    "default_zones",
    "is_bow",
    "is_engaged",
    "preview",
    "room_for",
    "side_of",
    "summarise",
    "tape",
    "tier_name",
    "wrong_side",
]

MOVES = ("move", "charge")


def room_for(terrain: list[dict[str, Any]]) -> Callable[[float, float, float], bool]:
    """Whether a setup may put a model's base (x, y, radius) somewhere among its `terrain` pieces."""
    room = room_at(load_piece(i, p) for i, p in enumerate(terrain))
    return lambda x, y, radius: room((x, y), radius)


def preview(state: BattleState, command: dict[str, Any]) -> dict[str, Any]:
    """{"ok": True, "path": the points the model will follow (a charge ends in base contact),
    "length": the Move it uses, "allowance": the Move it has, "then": what the referee asks next
    when the move needs a die first (a Terror test)} or {"ok": False, "code", "message"}."""
    if command.get("type") == GROUP_MOVE:
        return _group_preview(state, command)
    model = state.models.get(str(command.get("model", "")))
    if model is None or command.get("type") not in MOVES:
        return _refused(RuleViolation("malformed_command", "Only a model's move or charge has a preview."))
    try:
        run = dry_run(state, model.side, command)
    except RuleViolation as refused:
        return _refused(refused)
    except (KeyError, TypeError, ValueError) as bad:
        return _refused(RuleViolation("malformed_command", f"That move cannot be read: {bad}."))
    moved = any(e.get("type") in MOVES and e.get("model") == model.id for e in run.events)
    points = _planned_path(run.events, run.state, model.id)
    allowance = _allowance(state, model, command)
    data: dict[str, Any] = {
        "ok": True,
        "path": [list(p) for p in points],
        "length": round(path_cost(state, model, points), 3),
        "allowance": allowance,
    }
    notes = terrain_notes(state, model, points)
    if notes:
        data["terrain"] = notes
    if run.stopped_for and not moved:
        data["then"] = _first_roll(run.stopped_for)
    return data


def _group_preview(state: BattleState, command: dict[str, Any]) -> dict[str, Any]:
    """{"ok": True, "moves": [each model's answer]}: {"model", "ok": True, "path", "length"} for
    one that will move, {"model", "ok": False, "code", "message", "blocking"} for one that will
    stay, and {"model", "ok": True, "then"} for those after a die the group waits for; or the
    refusal of the whole command."""
    moves = command.get("moves")
    first = (
        state.models.get(str(moves[0].get("model")))
        if isinstance(moves, list) and moves and isinstance(moves[0], dict)
        else None
    )
    if first is None:
        return _refused(
            RuleViolation("malformed_command", "A group's move names its models and their paths.")
        )
    try:
        run = dry_run(state, first.side, command)
    except RuleViolation as refused:
        return _refused(refused)
    answers: dict[str, dict[str, Any]] = {}
    for event in run.events:
        ident = str(event.get("model", ""))
        if event.get("type") == "move" and ident in state.models:
            points = [(float(x), float(y)) for x, y in event["path"]]
            length = round(path_cost(state, state.models[ident], points), 3)
            answers[ident] = {"model": ident, "ok": True, "path": event["path"], "length": length}
        elif event.get("type") == "group_refused":
            answers[ident] = {
                "model": ident,
                "ok": False,
                **{key: event[key] for key in ("code", "message", "blocking")},
            }
    later = {"ok": True, "then": _first_roll(run.stopped_for)} if run.stopped_for else {"ok": True}
    return {
        "ok": True,
        "moves": [answers.get(m["model"], {"model": m["model"], **later}) for m in command["moves"]],
    }


def terrain_notes(state: BattleState, model: Model, points: list[Point]) -> list[dict[str, Any]]:
    """What the path meets, where the base reaches it: each wall or face it crosses, with the test
    it needs there, that test's chances and what climbing it costs; each hill it goes up; each
    difficult piece it enters."""
    notes = [_crossing_note(model, points, c) for c in crossings(state, model, points)]
    for piece in state.terrain:
        entered = _entry(points, piece, model)
        if entered is None or piece.barrier or (piece.raised and piece.climbable):
            continue
        if piece.raised:
            says = f'Up the {piece.name} ({piece.height or 0:g}" high): open ground, no test'
        elif slows(piece, model):
            factor = "four times" if model.mount is not None else "double"
            says = (
                f"Into the {piece.name} ({kind_label(piece)}): each inch with the base in it costs {factor}"
            )
        else:
            continue
        notes.append(_note(entered, piece, "", says))
    return notes


def _note(at: Point, piece: Terrain, test: str, says: str) -> dict[str, Any]:
    return {
        "at": [round(at[0], 3), round(at[1], 3)],
        "piece": piece.name,
        "kind": kind_label(piece),
        "height": piece.height,
        "test": test,
        "says": says,
    }


def _crossing_note(model: Model, points: list[Point], crossing: Crossing) -> dict[str, Any]:
    at = point_along(points, crossing.start)
    if crossing.test == "refused":
        return _note(
            at, crossing.piece, "refused", f"Cannot cross the {crossing.piece.name}: {crossing.reason}"
        )
    if not crossing.needs_test:
        return _note(at, crossing.piece, "free", f"{crossing.what()}: no test needed")
    says = f"{crossing.what()}: a {crossing.test.capitalize()} test, {percent_over(model, crossing)}"
    if crossing.test == "climb":
        says += f' (the climb costs {crossing.cost + crossing.end - crossing.start:.1f}" of Move)'
    return {**_note(at, crossing.piece, crossing.test, says), "odds": chance_odds(model, crossing)}


def _entry(points: list[Point], piece: Terrain, model: Model) -> Point | None:
    """Where along the path the base first reaches a piece it did not start over."""
    if over(model, piece):
        return None
    for part in stretches(points, piece.polygon, model.radius):
        if part.place != "clear":
            return point_along(points, part.start)
    return None


def _first_roll(purpose: str) -> str:
    """What the referee rolls before the model moves, as the preview says it."""
    if purpose in ("courage", "intelligence"):
        return f"a {purpose.capitalize()} test first"
    return f"a roll first ({purpose.replace('_', ' ')})"


def _planned_path(events: list[dict[str, Any]], after: BattleState, model_id: str) -> list[Point]:
    """The path the referee moves (or, waiting on a die or at a wall, will move) the model along."""
    moved: list[Point] = []
    for event in events:
        if event.get("type") in MOVES and event.get("model") == model_id:
            moved.extend((float(x), float(y)) for x, y in event["path"][1 if moved else 0 :])
    for frame in reversed(after.stack):
        path = getattr(frame, "path", None)
        if getattr(frame, "model", None) == model_id and path and getattr(frame, "stage", "") != "after":
            rest = [(float(x), float(y)) for x, y in path]
            return moved + rest[1:] if moved else rest
    return moved


def _allowance(state: BattleState, model: Model, command: dict[str, Any]) -> float:
    """The Move the legal action offers this model now (what remains, if it goes on moving)."""
    for action in legal_actions(state, model.side):
        if action.command.get("type") == command.get("type") and action.command.get("model") == model.id:
            return float(action.params.get("path", {}).get("max_length", 0.0))
    return now.move_allowance(state, model)


def _refused(refused: RuleViolation) -> dict[str, Any]:
    data: dict[str, Any] = {"ok": False, "code": refused.code, "message": refused.message}
    if refused.blocking:
        data["blocking"] = refused.blocking
    return data


def _end(state: BattleState, text: str) -> End:
    """A model's id (on the board) or "x,y" in inches on the board."""
    model = state.models.get(text)
    if model is None:
        return board_point(state.board, text)
    if not model.on_board:
        raise RuleViolation("bad_target", f"{model.name} is no longer on the board.")
    return model


def tape(state: BattleState, a: str, b: str) -> dict[str, Any]:
    """The tape between two ends (see `measure`); RuleViolation for an end that is not there."""
    data: dict[str, Any] = measure(state, _end(state, a), _end(state, b)).to_dict()
    return data


SKIRMISH = Ruleset(
    key="skirmish",
    name="Skirmish",
    state_class=BattleState,
    new_battle=new_battle,
    prepare_setup=number_namesakes,
    board_needs=board_needs,
    heroic_actions=HEROIC_ACTIONS,
    standard_points=STANDARD_POINTS,
    summarise_list=summarise,
    preview=preview,
    tape=tape,
    odds_between=odds_between,
    scenarios=True,
    powers_settings=POWERS_SETTINGS,
)
