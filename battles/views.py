"""Pages: the lobby, a new battle's links, and the battle page itself."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from . import services
from .demo import demo_setup
from .models import Battle, Seat
from .presenter import audience_of, render_page_parts

CREATED_KEY = "created_battles"


def lobby(request: HttpRequest) -> HttpResponse:
    battles = Battle.objects.order_by("status", "-updated_at")[:50]
    return render(request, "battles/lobby.html", {"battles": battles})


@require_POST
def new_battle(request: HttpRequest) -> HttpResponse:
    name = (request.POST.get("name") or "").strip()[:120] or f"Battle {Battle.objects.count() + 1}"
    battle = services.create_battle(name, demo_setup())
    created = request.session.get(CREATED_KEY, [])
    request.session[CREATED_KEY] = [*created, battle.public_id][-50:]
    return redirect("battle_links", public_id=battle.public_id)


def battle_links(request: HttpRequest, public_id: str) -> HttpResponse:
    battle = get_object_or_404(Battle, public_id=public_id)
    if public_id not in request.session.get(CREATED_KEY, []):
        raise Http404("Only whoever created a battle sees its seat links.")
    base = request.build_absolute_uri(reverse("battle", args=[battle.public_id]))
    seats = {seat.side: f"{base}?seat={seat.token}" for seat in battle.seats.all()}
    return render(
        request,
        "battles/links.html",
        {"battle": battle, "good_link": seats["good"], "evil_link": seats["evil"], "spectate_link": base},
    )


def battle_page(request: HttpRequest, public_id: str) -> HttpResponse:
    battle = get_object_or_404(Battle, public_id=public_id)
    token = request.GET.get("seat", "")
    side = None
    if token:
        seat = Seat.objects.filter(battle=battle, token=token).first()
        if seat is None:
            raise Http404("That seat link is not valid for this battle.")
        side = seat.side
    state = battle.load_state()
    ctx = render_page_parts(battle, state, audience_of(side), battle.version)
    ctx["seat_token"] = token
    return render(request, "battles/battle.html", ctx)
