"""Nudges: an e-mail to a player the battle has waited for while they were away.

A seat may leave an e-mail address (an account's, or a guest's for this battle) and a delay. When
a decision, or a takeback or rematch question, has waited for that seat longer than its delay and
the seat has no socket open, one e-mail goes: the battle's name, whose decision it is, what is
asked, and the seat's link. Never more than one per waiting decision (what it was about is kept on
the seat, claimed before the mail goes, so two sweeping processes never both send it), never to a
spectator (only seats have addresses), and never again after the link in it unsubscribed the seat.
The other player may remind the seat once per waiting decision, which sends the same e-mail at once.

The sweep (`send_due_nudges`) runs in each server process every NUDGE_EVERY_SECONDS
(config/asgi.py), or from `manage.py send_nudges`.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from asgiref.sync import async_to_sync
from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import close_old_connections
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from rules_core import side_name

from . import presence
from .clocks import clock_view
from .models import Battle, BattleEvent, Offer, PushSubscription, Seat
from .offer_views import OffersView, other
from .refusals import SubmitError

log = logging.getLogger(__name__)

REMIND_MESSAGE = "remind"
"""The websocket message of a seat reminding the other seat of its waiting decision (docs/protocol.md)."""
UNSUBSCRIBE_SALT = "beacon.nudges.unsubscribe"
NUDGE_DELAYS = [(15, "15 minutes"), (60, "an hour"), (240, "4 hours"), (1440, "a day")]
"""The delays a seat may choose, in minutes."""


@dataclass(frozen=True)
class Waiting:
    """What the battle waits for a seat to do: `key` names it (one nudge per key), `since` when it
    began waiting."""

    side: str
    key: str
    since: datetime
    asked: bool
    """A takeback or rematch question (else a decision)."""
    offer: Offer | None = None
    label: str = ""


def waiting(battle: Battle) -> Waiting | None:
    """What the battle waits for now, and from whom: an offer waiting for its answer first, else the
    decision; None once it is over."""
    offer = Offer.objects.filter(battle=battle, status=Offer.Status.PENDING).order_by("-id").first()
    if offer is not None and (offer.kind == Offer.Kind.REMATCH or offer.at_version == battle.version):
        return Waiting(other(offer.side), f"offer:{offer.id}", offer.created_at, True, offer)
    if battle.status != Battle.Status.ACTIVE:
        return None
    latest = (
        BattleEvent.objects.filter(battle=battle, seq=battle.version).only("pending", "created_at").first()
    )
    if latest is not None:
        pending, since = latest.pending, latest.created_at
    else:
        pending, since = battle.load_state().pending.to_dict(), battle.created_at
    side = pending.get("side")
    if side not in ("good", "evil"):
        return None
    return Waiting(side, f"step:{battle.version}", since, False, label=str(pending.get("label", "")))


def reachable(seat: Seat) -> bool:
    """Whether a nudge can reach the seat: an address, or a browser it allowed, and not unsubscribed."""
    if seat.unsubscribed:
        return False
    return bool(seat.email) or PushSubscription.objects.filter(seat=seat).exists()


def has_socket(battle: Battle, side: str) -> bool:
    summaries = async_to_sync(presence.store().summaries)([battle.public_id])
    summary = summaries.get(battle.public_id)
    return summary is not None and summary.seats.get(side, False)


def absolute(path: str) -> str:
    return settings.BEACON_BASE_URL.rstrip("/") + path


def unsubscribe_link(seat: Seat) -> str:
    token = signing.dumps(seat.pk, salt=UNSUBSCRIBE_SALT)
    return absolute(reverse("unsubscribe_nudges", args=[token]))


def seat_for_token(token: str) -> Seat | None:
    try:
        pk = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    return Seat.objects.filter(pk=pk).first()


@dataclass(frozen=True)
class Nudge:
    """What a nudge says, by e-mail and by push: the battle's name, whose decision it is, what is
    asked, the seat's link."""

    seat: Seat
    subject: str
    lines: list[str]
    link: str

    @property
    def what(self) -> str:
        return self.lines[2]

    def mail(self) -> EmailMessage:
        unsubscribe = unsubscribe_link(self.seat)
        body = [
            *self.lines,
            "",
            f"Play on: {self.link}",
            "",
            "You get one e-mail for each decision or question that waits for you while you are away.",
            f"No more e-mails for this battle: {unsubscribe}",
        ]
        return EmailMessage(
            self.subject,
            "\n".join(body),
            to=[self.seat.email],
            headers={
                "List-Unsubscribe": f"<{unsubscribe}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
        )

    def send(self) -> None:
        """By e-mail if the seat left an address, and to every browser it allowed to be notified."""
        if self.seat.email:
            self.mail().send()
        push(self)


def nudge_for(battle: Battle, seat: Seat, wait: Waiting, reminded: bool = False) -> Nudge:
    who = side_name(seat.side)  # type: ignore[arg-type]
    if wait.offer is not None:
        asked = OffersView(battle, battle.load_state(), seat.side).offer_text(wait.offer)
        subject = f"{battle.name}: {who}, your answer is asked"
        what = f"Your answer is asked: {asked}"
    else:
        subject = f"{battle.name}: {who}, it is your decision"
        what = f"It is {who}'s decision: {wait.label}."
    lines = [f"{battle.name}", "", what]
    view = clock_view(battle, seat.side)
    if view is not None:
        mine = view.of(seat.side)
        if mine is not None:
            lines.append(f"Your clock: {mine.text} left." if not mine.flagged else "Your time has run out.")
    if reminded:
        lines.append(f"{side_name(other(seat.side))} reminds you.")  # type: ignore[arg-type]
    return Nudge(seat, subject, lines, absolute(f"/battles/{battle.public_id}/?seat={seat.token}"))


def webpush(**kwargs: Any) -> Any:
    """pywebpush's `webpush`, imported on the first push: it brings in aiohttp, a third of the
    time a server or a test process takes to start, for a site that may never push."""
    from pywebpush import webpush as send

    return send(**kwargs)


def push(nudge: Nudge) -> None:
    """The nudge to each browser of the seat (Web Push, with this site's VAPID keys); a browser the
    push service no longer knows is forgotten. Without keys, nothing is pushed."""
    if not settings.VAPID_PRIVATE_KEY:
        return
    from pywebpush import WebPushException

    data = json.dumps({"title": nudge.subject, "body": nudge.what, "url": nudge.link})
    for subscription in PushSubscription.objects.filter(seat=nudge.seat):
        try:
            webpush(
                subscription_info=subscription.info(),
                data=data,
                vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.VAPID_SUBJECT},
                timeout=10,
                ttl=86_400,
            )
        except WebPushException as exc:
            if exc.response is not None and exc.response.status_code in (404, 410):
                subscription.delete()
            else:
                log.warning("push to seat %s failed: %s", nudge.seat.pk, exc)


def _claim(seat: Seat, field: str, key: str) -> bool:
    """Mark the seat as nudged (or reminded) about `key`, unless it already was: True if this call did."""
    return bool(Seat.objects.filter(pk=seat.pk).exclude(**{field: key}).update(**{field: key}))


def send_due_nudges(now: datetime | None = None) -> int:
    """Send every nudge that is due; returns how many went."""
    now = now or timezone.now()
    sent = 0
    in_play = Q(battle__status=Battle.Status.ACTIVE) | Q(battle__offers__status=Offer.Status.PENDING)
    reachable_seats = ~Q(email="") | Q(push_subscriptions__isnull=False)
    seats = (
        Seat.objects.filter(in_play, reachable_seats, unsubscribed=False).select_related("battle").distinct()
    )
    for seat in seats:
        battle = seat.battle
        wait = waiting(battle)
        if wait is None or wait.side != seat.side or wait.key in (seat.nudged_for, seat.reminded_for):
            continue
        if now - wait.since < timedelta(minutes=seat.nudge_minutes) or has_socket(battle, seat.side):
            continue
        if _claim(seat, "nudged_for", wait.key):
            nudge_for(battle, seat, wait).send()
            sent += 1
    return sent


def remind(battle_id: int, side: str) -> str:
    """`side` reminds the other seat of the decision (or question) waiting for it: the nudge's
    e-mail at once, once per waiting decision. Raises SubmitError (`no_reminder`) saying why not."""
    battle = Battle.objects.get(pk=battle_id)
    them = other(side)
    name = side_name(them)  # type: ignore[arg-type]
    wait = waiting(battle)
    if wait is None or wait.side != them:
        raise SubmitError(
            "no_reminder", f"The battle is not waiting for {name}: there is nothing to remind them of."
        )
    seat = Seat.objects.get(battle=battle, side=them)
    if not reachable(seat):
        raise SubmitError("no_reminder", f"{name} has left no e-mail address (nor browser) for reminders.")
    if not _claim(seat, "reminded_for", wait.key):
        raise SubmitError("no_reminder", f"{name} has been reminded of this decision already.")
    nudge_for(battle, seat, wait, reminded=True).send()
    return f"{name} has been reminded."


def remind_context(battle: Battle, audience: str, step: BattleEvent | None = None) -> dict[str, Any] | None:
    """The Remind button for a seat whose opponent the battle waits for, reachable and not reminded
    of this decision yet; None when there is none to show. With the `step` being pushed, what waits
    is that step's decision, new (so not reminded yet): one query, and only for the seat that waits."""
    if audience not in ("good", "evil") or battle.status != Battle.Status.ACTIVE:
        return None
    them = other(audience)
    if step is not None and step.seq == battle.version and step.pending.get("side") != them:
        return None
    seat = Seat.objects.filter(battle=battle, side=them).only("email", "unsubscribed", "reminded_for").first()
    if seat is None or not reachable(seat):
        return None
    if step is None or step.seq != battle.version:
        wait = waiting(battle)
        if wait is None or wait.side != them or wait.key == seat.reminded_for:
            return None
    return {"name": side_name(them)}  # type: ignore[arg-type]


def start_sweeping() -> None:
    """Send the due nudges every NUDGE_EVERY_SECONDS from a thread of this server process (several
    processes may all sweep: each nudge is claimed before it goes)."""
    every = settings.NUDGE_EVERY_SECONDS
    if every <= 0:
        return

    def sweep() -> None:
        while True:
            time.sleep(every)
            try:
                send_due_nudges()
            except Exception:
                log.exception("sending nudges failed; trying again in %s s", every)
            finally:
                close_old_connections()

    threading.Thread(target=sweep, name="beacon-nudges", daemon=True).start()
