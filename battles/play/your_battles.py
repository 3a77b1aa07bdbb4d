"""Getting back to your seat: the battles this browser holds a seat of, and whose decision each waits for.

A guest who opens a seat link has it kept in their session, so the lobby's "Your battles" offers the
seat again ("Resume as Good") from the same browser, without the link; a signed-in player's battles
(those they created or hold a seat of) are listed too. Each row says whose decision the battle
waits for, and marks those waiting for you: a battle can be left and taken up days later.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.http import HttpRequest
from django.urls import reverse

from .clocks import ClockView, SideClock, clock_view
from .models import Battle, Seat

SEATS_KEY = "seats"
"""The session's seats: {battle public id: seat token}, the latest opened last."""
CREATED_KEY = "created_battles"
"""The session's battles created by a guest, whose links page it may see again."""
KEPT = 50


def remember_seat(request: HttpRequest, battle: Battle, token: str) -> None:
    """Keep the seat link just opened in the session (a valid token of this battle)."""
    seats = dict(request.session.get(SEATS_KEY, {}))
    if seats.get(battle.public_id) == token and list(seats)[-1] == battle.public_id:
        return
    seats.pop(battle.public_id, None)
    seats[battle.public_id] = token
    request.session[SEATS_KEY] = dict(list(seats.items())[-KEPT:])


def seat_token_of(request: HttpRequest, public_id: str) -> str:
    """The seat a request comes from: its session's (a seat link is exchanged for the session on the
    battle page, battles/play/views.py), else a `?seat=` it carries itself ("" if neither)."""
    return session_seat(request, public_id) or request.GET.get("seat", "")


def session_seat(session_of: HttpRequest | Any, public_id: str) -> str:
    """The seat token this browser's session holds for the battle ("" if none): from a request, or
    a websocket's scope (its `session`)."""
    session = session_of.session if isinstance(session_of, HttpRequest) else session_of.get("session")
    if session is None:
        return ""
    return str(dict(session.get(SEATS_KEY, {})).get(public_id, ""))


def seat_link(request: HttpRequest, battle: Battle, token: str) -> str:
    return request.build_absolute_uri(reverse("battle", args=[battle.public_id])) + f"?seat={token}"


@dataclass
class Row:
    battle: Battle
    side: str
    """The side this browser holds ("good", "evil"), or "" for a battle it only created."""
    play: str
    waiting_for: str
    """Whose decision the battle waits for ("good", "evil"), or "" once over."""
    links: bool
    clock: ClockView | None = None

    @property
    def yours(self) -> bool:
        """Whether the battle waits for this seat's decision."""
        return bool(self.side) and self.waiting_for == self.side

    @property
    def waiting_clock(self) -> SideClock | None:
        """The clock of the side the battle waits for (a chess clock's time, or the decision's)."""
        return self.clock.of(self.waiting_for) if self.clock is not None else None

    @property
    def time_left(self) -> float:
        """Seconds left to the side the battle waits for; no clock: as if endless."""
        waiting = self.waiting_clock
        return waiting.left if waiting is not None else math.inf


def your_battles(request: HttpRequest) -> list[Row]:
    """The seats this session holds and, signed in, every battle the user created or holds a seat of:
    those waiting for you first, the least time left first (a battle without a clock after those
    with one), then the others in play, then the finished, the latest first."""
    user = request.user
    session_seats: dict[str, str] = request.session.get(SEATS_KEY, {})
    created: list[str] = request.session.get(CREATED_KEY, [])
    query = Q(public_id__in=[*session_seats, *created])
    if user.is_authenticated:
        query |= Q(created_by=user) | Q(seats__user=user)
    battles = Battle.objects.filter(query).distinct().prefetch_related("seats")
    battles = battles.order_by("status", "-updated_at")[:KEPT]  # in play first, then finished
    rows = []
    for battle in battles:
        tokens = {seat.token: seat for seat in battle.seats.all()}
        seat: Seat | None = tokens.get(session_seats.get(battle.public_id, ""))
        if seat is None and user.is_authenticated:
            seat = next((s for s in battle.seats.all() if s.user_id == user.pk), None)
        pending = battle.load_state().pending
        mine = (user.is_authenticated and battle.created_by_id == user.pk) or battle.public_id in created
        rows.append(
            Row(
                battle=battle,
                side=seat.side if seat else "",
                play=f"{reverse('battle', args=[battle.public_id])}?seat={seat.token}" if seat else "",
                waiting_for=pending.side or "",
                links=mine,
                clock=clock_view(battle, seat.side if seat else "spectator"),
            )
        )
    rows.sort(key=lambda row: (not row.yours, row.time_left if row.yours else 0))
    return rows
