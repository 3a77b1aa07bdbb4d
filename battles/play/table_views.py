"""What anyone at the table may ask at any time, players and spectators alike: a model's card, and
the tape and line of sight between two models or points (measured by the referee's own geometry)."""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render

import rules_core
from rules_core.mass_battle.preview import preview
from rules_core.mass_battle.state import MassState
from rules_core.mass_battle.tape import End as MassEnd
from rules_core.mass_battle.tape import measure_mass
from rules_core.measure import End, measure

from .mass_presenter import stand_view
from .models import Battle
from .presenter import unit_card
from .records import battle_record
from .views import state_after


def _state(request: HttpRequest, public_id: str) -> rules_core.BattleState:
    """The battle now, or as it stood after `?step=N` (a replay shows that step)."""
    battle = get_object_or_404(Battle, public_id=public_id)
    step = request.GET.get("step")
    if step is None:
        return battle.load_state()
    try:
        number = max(0, int(step))
    except ValueError as exc:
        raise Http404("No such step.") from exc
    return state_after(battle_record(battle), number)


def model_card(request: HttpRequest, public_id: str, model_id: str) -> HttpResponse:
    """A model's card; `?against=<model>` adds the odds of the two fighting each other, and
    `?format=json` gives those odds as the referee counts them (exact fractions too)."""
    state = _state(request, public_id)
    if isinstance(state, MassState) and model_id in state.stands:
        stand = stand_view(state, state.stands[model_id], set())
        return render(request, "battles/_stand_card.html", {"stand": stand})
    against = request.GET.get("against", "")
    card = unit_card(state, model_id, against)
    if card is None:
        raise Http404("No such model in this battle.")
    if request.GET.get("format") == "json":
        return _odds_json(state, model_id, against)
    return render(request, "battles/_unit_card.html", {"card": card})


def _odds_json(state: rules_core.BattleState, model_id: str, against: str) -> JsonResponse:
    try:
        odds = rules_core.odds_between(state, model_id, against)
    except rules_core.RuleViolation as exc:
        return JsonResponse(exc.to_dict(), status=400)
    return JsonResponse({"model": model_id, "against": against, "odds": odds})


class BadEnd(ValueError):
    pass


def _end(state: rules_core.BattleState, text: str) -> End:
    """A model id (on the board) or "x,y" in inches on the board."""
    model = state.models.get(text)
    if model is not None:
        if not model.on_board:
            raise BadEnd(f"{model.name} is no longer on the board.")
        return model
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError as exc:
        raise BadEnd(f"{text!r} is neither a model nor a point on the board.") from exc
    if not (0 <= x <= state.board.width and 0 <= y <= state.board.height):
        raise BadEnd("That point is off the board.")
    return (x, y)


def _mass_end(state: MassState, text: str) -> MassEnd:
    """A stand or hero on the board, or "x,y" in inches on the board."""
    if text in state.stands or text in state.models:
        found = state.piece(text)
        if found is None or not found[2]:
            raise BadEnd(f"{state.name_of(text)} is no longer on the board.")
        return text
    end = _end(state, text)  # not a piece: a point, or BadEnd
    assert isinstance(end, tuple)
    return end


def measure_view(request: HttpRequest, public_id: str) -> JsonResponse:
    state = _state(request, public_id)
    if isinstance(state, MassState):
        try:
            ends = [_mass_end(state, request.GET.get(k, "")) for k in ("from", "to")]
        except BadEnd as exc:
            return JsonResponse({"error": str(exc)}, status=400)
        return JsonResponse(measure_mass(state, *ends))
    try:
        a, b = _end(state, request.GET.get("from", "")), _end(state, request.GET.get("to", ""))
    except BadEnd as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    data: dict[str, Any] = measure(state, a, b).to_dict()
    return JsonResponse(data)


def mass_preview(request: HttpRequest, public_id: str) -> JsonResponse:
    """What a mass-battle move would do (`?command=` the JSON command a drag is about to send):
    the referee's own `preview`, its swept area, length, overruns, a charge's conformed pose, or
    the refusal it would give. Changes nothing."""
    state = _state(request, public_id)
    if not isinstance(state, MassState):
        refusal = {"ok": False, "code": "not_allowed", "message": "Only a mass battle has move previews."}
        return JsonResponse(refusal, status=400)
    try:
        command = json.loads(request.GET.get("command", ""))
    except ValueError:
        command = None
    if not isinstance(command, dict):
        refusal = {"ok": False, "code": "malformed_command", "message": "That move cannot be read."}
        return JsonResponse(refusal, status=400)
    return JsonResponse(preview(state, command))
