"""A seat's nudges: the address and delay its holder leaves on the battle page, and the one-click
unsubscribe link every nudge carries (battles/play/nudges.py)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from ..addresses import confirmed_email
from .models import Battle, PushSubscription, Seat
from .nudges import NUDGE_DELAYS, seat_for_token
from .your_battles import seat_token_of


class NudgeForm(forms.Form):
    email = forms.EmailField(label="E-mail me at", required=False, max_length=254)
    minutes = forms.TypedChoiceField(label="after", choices=NUDGE_DELAYS, coerce=int)


def nudge_context(seat: Seat) -> dict[str, Any]:
    """The seat's nudge settings for its battle page: the address (the account's by default, once
    confirmed: a nudge carries the seat's link, so it goes by default only where the account's owner
    showed their mail arrives; any address typed here is the player's own choice)."""
    default = "" if seat.unsubscribed or seat.email else confirmed_email(seat.user)
    return {
        "email": seat.email or default,
        "on": bool(seat.email) and not seat.unsubscribed,
        "minutes": seat.nudge_minutes,
        "delays": NUDGE_DELAYS,
        "push_key": settings.VAPID_PUBLIC_KEY,
    }


def _seat_of(request: HttpRequest, public_id: str) -> tuple[Battle, Seat]:
    """The battle and the seat the request comes from (its session's, or a `?seat=` it carries); 404 for
    any other."""
    battle = get_object_or_404(Battle, public_id=public_id)
    token = seat_token_of(request, public_id)
    seat = Seat.objects.filter(battle=battle, token=token).first() if token else None
    if seat is None:
        raise Http404("That seat link is not valid for this battle.")
    return battle, seat


@require_POST
def seat_nudges(request: HttpRequest, public_id: str) -> HttpResponse:
    """Save (or, with no address, stop) the seat's nudges; back to the battle page."""
    battle, seat = _seat_of(request, public_id)
    form = NudgeForm(request.POST)
    if not form.is_valid():
        errors = " ".join(str(e) for errs in form.errors.values() for e in errs)
        return HttpResponse(errors, status=400, content_type="text/plain")
    seat.email = form.cleaned_data["email"]
    seat.nudge_minutes = form.cleaned_data["minutes"]
    seat.unsubscribed = False
    seat.save(update_fields=["email", "nudge_minutes", "unsubscribed"])
    return redirect(reverse("battle", args=[battle.public_id]))


@require_POST
def seat_push(request: HttpRequest, public_id: str) -> HttpResponse:
    """Keep a browser's push subscription for the seat (its JSON, as the browser's PushManager
    gives it): the battle then notifies that browser when it waits for the seat."""
    _, seat = _seat_of(request, public_id)
    try:
        data = json.loads(request.body)
        endpoint, keys = data["endpoint"], data["keys"]
        p256dh, auth = keys["p256dh"], keys["auth"]
    except (ValueError, KeyError, TypeError):
        return HttpResponse("A push subscription is JSON with an endpoint and its keys.", status=400)
    fields = (endpoint, p256dh, auth)
    if not all(isinstance(f, str) and f for f in fields) or not endpoint.startswith("https://"):
        return HttpResponse("A push subscription's endpoint is an https address.", status=400)
    if len(endpoint) > 1000 or len(p256dh) > 200 or len(auth) > 100:
        return HttpResponse("That push subscription is too long.", status=400)
    PushSubscription.objects.update_or_create(
        seat=seat, endpoint=endpoint, defaults={"p256dh": p256dh, "auth": auth}
    )
    if seat.unsubscribed:
        seat.unsubscribed = False
        seat.save(update_fields=["unsubscribed"])
    return HttpResponse(status=204)


@csrf_exempt  # the one-click unsubscribe of RFC 8058 comes as a POST from the mail client itself
@require_http_methods(["GET", "POST"])
def unsubscribe_nudges(request: HttpRequest, token: str) -> HttpResponse:
    seat = seat_for_token(token)
    if seat is None:
        raise Http404("That unsubscribe link is not valid.")
    if not seat.unsubscribed:
        seat.unsubscribed = True
        seat.save(update_fields=["unsubscribed"])
    return render(request, "battles/unsubscribed.html", {"battle": seat.battle})
