"""Pages: the lobby, creating a battle and its links, the battle page, live battles, replays and
records."""

from __future__ import annotations

import json
import logging

from asgiref.sync import async_to_sync
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

import rules_core
from battles.http import HtmxRequest
from battles.lists.profiles import BadData
from battles.rulesets import web_ruleset
from battles.throttle import NEW_BATTLE, throttled_posts
from rules_core import RuleViolation
from rules_core.record import RecordError

from . import presence
from .chat import chat_context, shown_lines
from .clocks import clock_view
from .create import start_battle
from .forms import BattleForm
from .models import Battle, Seat, as_side
from .nudge_views import nudge_context
from .presenter import LOG_LIMIT, audience_of, context, log_steps, render_page_parts
from .records import battle_record
from .replays import state_at
from .your_battles import CREATED_KEY, remember_seat, seat_link, session_seat, your_battles

log = logging.getLogger(__name__)


def listed() -> QuerySet[Battle]:
    """The battles the lobby and the live page list: a signed-in player's, and an anonymous one only
    once a step has been played in it (by a seat: a player has joined), so battles made in bulk to
    fill the lists with their names are not shown."""
    return Battle.objects.filter(Q(created_by__isnull=False) | Q(version__gt=0))


def lobby(request: HttpRequest) -> HttpResponse:
    battles = listed().order_by("status", "-updated_at")[:50]
    return render(
        request,
        "battles/lobby.html",
        {
            "battles": battles,
            "form": BattleForm(request.user, ruleset=request.GET.get("ruleset")),
            "my_battles": your_battles(request),
        },
    )


@throttled_posts("new-battle", NEW_BATTLE)
def new_battle(request: HtmxRequest) -> HttpResponse:
    """Choose the ruleset, two armies of it (lists, or the demo armies) and, signed in, the side
    you play. Choosing another ruleset (htmx) answers the form again, with that ruleset's armies."""
    form = BattleForm(
        request.user,
        request.POST or None,
        ruleset=request.GET.get("ruleset"),
        initial={"name": request.GET.get("name", "")},
    )
    if request.method != "POST":
        template = "battles/_new_battle_form.html" if request.htmx else "battles/new_battle.html"
        return render(request, template, {"form": form})
    error = ""
    if form.is_valid():
        typed = "".join(c for c in form.cleaned_data["name"] or "" if c.isprintable())
        name = typed.strip() or f"Battle {Battle.objects.count() + 1}"
        beacon = (as_side(form.beacon_plays), form.beacon_level) if form.beacon_plays else None
        you = ({"good": "evil", "evil": "good"}[beacon[0]]) if beacon else form.cleaned_data.get("seat")
        try:
            battle = start_battle(
                name,
                form.armies,
                request.user,
                you,
                form.scenario_key,
                form.board_choice,
                form.time_control(),
                beacon,
                form.coached,
                form.powers_choice,
            )
        except (BadData, RuleViolation) as exc:
            error = str(exc)
        else:
            created = request.session.get(CREATED_KEY, [])
            request.session[CREATED_KEY] = [*created, battle.public_id][-50:]
            if beacon is None:
                return redirect("battle_links", public_id=battle.public_id)
            # Against Beacon there is nobody to send a link to: straight to the table, in your seat.
            seat = battle.seats.get(side=you)
            return redirect(f"{reverse('battle', args=[battle.public_id])}?seat={seat.token}")
    else:
        error = " ".join(str(e) for errors in form.errors.values() for e in errors)
    return render(request, "battles/new_battle.html", {"form": form, "error": error}, status=422)


def battle_links(request: HttpRequest, public_id: str) -> HttpResponse:
    battle = get_object_or_404(Battle, public_id=public_id)
    mine = request.user.is_authenticated and battle.created_by_id == request.user.pk
    if not mine and public_id not in request.session.get(CREATED_KEY, []):
        raise Http404("Only whoever created a battle sees its seat links.")
    base = request.build_absolute_uri(reverse("battle", args=[battle.public_id]))
    # Beacon's seat is the server's: its link is nobody's to hold.
    seats = {
        seat.side: "" if seat.side == battle.beacon_side else f"{base}?seat={seat.token}"
        for seat in battle.seats.all()
    }
    return render(
        request,
        "battles/links.html",
        {"battle": battle, "good_link": seats["good"], "evil_link": seats["evil"], "spectate_link": base},
    )


def _viewer(battle: Battle, token: str) -> str:
    """Whose eyes a request has: the side of the seat its token holds, else a spectator's."""
    if not token:
        return "spectator"
    seat = Seat.objects.filter(battle=battle, token=token).first()
    if seat is None:
        raise Http404("That seat link is not valid for this battle.")
    return seat.side


def battle_page(request: HttpRequest, public_id: str) -> HttpResponse:
    """The battle as a seat or a spectator sees it. A seat link (`?seat=`) is exchanged for the
    session at once: its token kept there, the browser sent on to the address without it, so the
    token is in no later log line, history entry or referrer; the page, its socket and its record
    link find the seat in the session."""
    battle = get_object_or_404(Battle, public_id=public_id)
    if "seat" in request.GET:
        token = request.GET["seat"]
        if _viewer(battle, token) != "spectator":
            remember_seat(request, battle, token)
        return redirect("battle", public_id=battle.public_id)
    token = session_seat(request, battle.public_id)
    viewer = _viewer_or_spectator(battle, token)
    side = viewer if viewer in ("good", "evil") else None
    state = battle.load_state()
    ctx = render_page_parts(battle, state, audience_of(side), battle.version)
    ctx["hand_rules"] = rules_core.rules_to_apply_by_hand(state)
    if side:
        ctx["seat_link"] = seat_link(request, battle, token)
        ctx["nudge"] = nudge_context(Seat.objects.select_related("user").get(battle=battle, token=token))
    return render(request, "battles/battle.html", ctx)


def _viewer_or_spectator(battle: Battle, token: str) -> str:
    """Whose eyes the session's seat gives (a spectator's, if it is no seat of the battle now)."""
    try:
        return _viewer(battle, token)
    except Http404:
        return "spectator"


LIVE_LIMIT = 100


def live_battles(request: HtmxRequest) -> HttpResponse:
    """Battles in play (turn, phase, whose decision and its time left, who is watching) and finished
    ones to replay."""
    active = list(listed().filter(status=Battle.Status.ACTIVE).order_by("-updated_at")[:LIVE_LIMIT])
    finished = list(listed().filter(status=Battle.Status.FINISHED).order_by("-updated_at")[:LIVE_LIMIT])
    try:
        here = async_to_sync(presence.store().summaries)([b.public_id for b in active])
    except Exception:  # the presence store (Redis) out of reach: the battles without who watches
        log.warning("live battles: the presence store is out of reach", exc_info=True)
        here = {}
    rows = []
    for battle in active:
        state = battle.load_state()
        rows.append(
            {
                "battle": battle,
                "state": state,
                "pending": state.pending,
                "presence": here.get(battle.public_id),
                "clock": clock_view(battle, "spectator"),
            }
        )
    finished_rows = [{"battle": b, "result": b.state.get("result") or {}} for b in finished]
    template = "battles/_live_tables.html" if request.htmx else "battles/live.html"
    return render(request, template, {"rows": rows, "finished": finished_rows})


def battle_replay(request: HttpRequest, public_id: str) -> HttpResponse:
    """The battle as it stood after any step, with the steps up to it."""
    battle = get_object_or_404(Battle, public_id=public_id)
    last = battle.version
    try:
        step = max(0, min(last, int(request.GET.get("step", last))))
    except ValueError:
        step = last
    try:
        state = state_at(battle, step)
    except RecordError as exc:
        ctx = {"battle": battle, "error": str(exc)}
        return render(request, "battles/replay_broken.html", ctx, status=500)
    looked_back = web_ruleset(state.ruleset).recent_steps
    shown = max(looked_back, LOG_LIMIT)
    events = list(battle.events.filter(seq__gt=step - shown, seq__lte=step).order_by("seq"))
    ctx = context(battle, state, "spectator", step, recent=events[-looked_back:] if looked_back else [])
    ctx["log"] = log_steps(state, events[-LOG_LIMIT:])
    ctx["chat"] = chat_context(shown_lines(battle, step))
    ctx.update({"step": step, "last": last, "prev": max(0, step - 1), "next": min(last, step + 1)})
    return render(request, "battles/replay.html", ctx)


def battle_record_file(request: HttpRequest, public_id: str) -> HttpResponse:
    """The record for whoever asks: a seat (the session's, or `?seat=`) sees its own secret picks,
    anyone else none until the battle reveals them."""
    battle = get_object_or_404(Battle, public_id=public_id)
    token = request.GET.get("seat") or session_seat(request, battle.public_id)
    viewer = _viewer(battle, token) if "seat" in request.GET else _viewer_or_spectator(battle, token)
    body = json.dumps(battle_record(battle, viewer), indent=1)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="battle-{battle.public_id}.json"'
    return response
