"""What anyone at the table may ask at any time, players and spectators alike: a piece's card, the
tape and line of sight between two pieces or points, and what a move would do (a drag's preview),
each answered by the battle's ruleset with the referee's own rules; and a player, the coach."""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render

import rules_core
from battles.rulesets import web_ruleset

from . import beacon
from .models import Battle, Seat, as_side
from .presenter import odds_view
from .replays import state_at
from .your_battles import seat_token_of


async def coach_view(request: HttpRequest, public_id: str) -> HttpResponse:
    """The coach: what Beacon would do for the asking seat (its session's) now, with its odds and
    why, without playing it; in a battle whose creator chose the coach, to a player at their decision.
    Beacon thinks it where it thinks its own moves (battles/play/beacon.py), off this process."""
    turn = await database_sync_to_async(_coached)(request, public_id)
    if turn is None:
        return render(request, "battles/_coach.html", {"waiting": True})
    suggestion = await beacon.think(turn)
    shown = {
        **suggestion,
        "command_json": json.dumps(suggestion["command"]),
        "odds_rows": odds_view(suggestion["odds"]),
    }
    return render(request, "battles/_coach.html", {"suggestion": shown})


def _coached(request: HttpRequest, public_id: str) -> beacon.Turn | None:
    battle = get_object_or_404(Battle, public_id=public_id)
    token = seat_token_of(request, public_id)
    seat = Seat.objects.filter(battle=battle, token=token).first() if token else None
    if not battle.coach or seat is None or seat.side == battle.beacon_side:
        raise Http404("The coach answers the players of a battle that has one.")
    return beacon.coached_turn(battle, as_side(seat.side))


def _state(request: HttpRequest, public_id: str) -> rules_core.BattleState:
    """The battle now, or as it stood after `?step=N` (a replay shows that step)."""
    battle = get_object_or_404(Battle, public_id=public_id)
    step = request.GET.get("step")
    if step is None:
        return battle.load_state()
    try:
        number = int(step)
    except ValueError as exc:
        raise Http404("No such step.") from exc
    return state_at(battle, number)


def model_card(request: HttpRequest, public_id: str, model_id: str) -> HttpResponse:
    """A piece's card; `?against=<model>` adds the odds of the two fighting each other, and
    `?format=json` gives those odds as the referee counts them (exact fractions too)."""
    state = _state(request, public_id)
    against = request.GET.get("against", "")
    if request.GET.get("format") == "json" and model_id in state.models:
        return _odds_json(state, model_id, against)
    card = web_ruleset(state.ruleset).piece_card(state, model_id, against)
    if card is None:
        raise Http404("No such model in this battle.")
    template, context = card
    return render(request, template, context)


def _odds_json(state: rules_core.BattleState, model_id: str, against: str) -> JsonResponse:
    odds_between = rules_core.find_ruleset(state.ruleset).odds_between
    if odds_between is None:
        refusal = {"code": "not_allowed", "message": "This ruleset counts no odds between two models."}
        return JsonResponse(refusal, status=400)
    try:
        odds = odds_between(state, model_id, against)
    except rules_core.RuleViolation as exc:
        return JsonResponse(exc.to_dict(), status=400)
    return JsonResponse({"model": model_id, "against": against, "odds": odds})


def measure_view(request: HttpRequest, public_id: str) -> JsonResponse:
    """The tape between `?from=` and `?to=`: a piece's id, or "x,y" in inches."""
    state = _state(request, public_id)
    tape = rules_core.find_ruleset(state.ruleset).tape
    try:
        data = tape(state, request.GET.get("from", ""), request.GET.get("to", ""))
    except rules_core.RuleViolation as exc:
        return JsonResponse({"error": exc.message}, status=400)
    return JsonResponse(data)


def move_preview(request: HttpRequest, public_id: str) -> JsonResponse:
    """What a move would do (`?command=` the JSON command a drag is about to send), by the rule that
    will judge it: the ruleset's own `preview` (the path the piece will take, its length against its
    Move, what it would overrun, a charge's end ...), or the refusal it would give. Changes nothing."""
    state = _state(request, public_id)
    try:
        command = json.loads(request.GET.get("command", ""))
    except ValueError:
        command = None
    if not isinstance(command, dict):
        refusal = {"ok": False, "code": "malformed_command", "message": "That move cannot be read."}
        return JsonResponse(refusal, status=400)
    return JsonResponse(rules_core.find_ruleset(state.ruleset).preview(state, command))
