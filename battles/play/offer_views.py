"""What each audience sees of the offers between the players: the takebacks a player may ask for
now, the offer waiting for an answer, the one just declined, and once the battle is over the
rematch. The same view serves the page, the pushes and JSON clients."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rules_core import BattleState
from rules_core.takeback import offer_text, undoable

from .clocks import cache
from .models import Battle, BattleEvent, Offer, Seat

TAKEBACK_WINDOW = 64
"""How many of the latest events are read to find the steps a side may take back: a takeback goes
back a few steps, so this is plenty even after several takebacks in a row."""
RECENT_OFFERS = 6


@dataclass(frozen=True)
class TakebackChoice:
    steps: int
    text: str
    """What it goes back over, as a player reads it: "your move of Aragorn"."""


def other(side: str) -> str:
    return "evil" if side == "good" else "good"


def recent_log(battle: Battle) -> list[BattleEvent]:
    """The battle's latest events, oldest first: enough to tell what a side may take back. (Not
    through `battle.events`: with only() the related manager reads each row's battle_id again.)"""
    latest = (
        BattleEvent.objects.filter(battle_id=battle.id)
        .order_by("-seq")
        .only("seq", "side", "command", "rolls")
    )
    return list(latest[:TAKEBACK_WINDOW])[::-1]


def takeback_choices(events: list[BattleEvent], side: str, state: BattleState) -> list[TakebackChoice]:
    """Each takeback `side` may ask for, one step back, two steps back, ..."""
    positions = undoable(events, side)
    return [
        TakebackChoice(count, offer_text(events, positions[:count], state))
        for count in range(1, len(positions) + 1)
    ]


class OffersView:
    """The offers as `audience` sees them. `latest` is the step being pushed, if any: a step lapses
    every takeback offer, so then no offer is read from the database, and the log is read only if
    the step may be taken back by this seat."""

    def __init__(
        self,
        battle: Battle,
        state: BattleState,
        audience: str,
        latest: BattleEvent | None = None,
        go: bool = False,
    ) -> None:
        self.battle, self.state, self.audience, self.latest = battle, state, audience, latest
        self.go = go
        """Whether this is the push of an accepted rematch: the page goes to the new battle."""

    @property
    def seat(self) -> str | None:
        return self.audience if self.audience in ("good", "evil") else None

    @cached_property
    def timed(self) -> bool:
        """Whether the battle has a clock: a takeback may then ask for the time back too."""
        return cache.control(self.battle).timed

    @cached_property
    def recent(self) -> list[Offer]:
        if self.latest is not None:
            return []
        return list(self.battle.offers.order_by("-id")[:RECENT_OFFERS])

    def _current(self, offer: Offer) -> bool:
        return offer.kind == Offer.Kind.REMATCH or offer.at_version == self.battle.version

    @cached_property
    def pending(self) -> Offer | None:
        return next((o for o in self.recent if o.status == Offer.Status.PENDING and self._current(o)), None)

    @cached_property
    def declined(self) -> Offer | None:
        """The offer declined at this point of the battle, if any (it cannot be made again)."""
        return next((o for o in self.recent if o.status == Offer.Status.DECLINED and self._current(o)), None)

    @cached_property
    def accepted_rematch(self) -> Offer | None:
        return next(
            (o for o in self.recent if o.kind == Offer.Kind.REMATCH and o.status == Offer.Status.ACCEPTED),
            None,
        )

    @cached_property
    def log(self) -> list[BattleEvent]:
        return recent_log(self.battle)

    def _may_take_back_latest(self) -> bool:
        """Whether the pushed step leaves anything this seat could take back (no query)."""
        latest = self.latest
        if latest is None or latest.command.get("type") == "takeback":
            return True
        return latest.side == self.seat and not latest.rolls

    @cached_property
    def takebacks(self) -> list[TakebackChoice]:
        """The takebacks this seat may ask for now: none for a spectator, while an offer waits, or
        once the battle is over; none again for the step a takeback of this seat was declined at."""
        seat = self.seat
        if seat is None or self.state.result is not None or self.pending is not None:
            return []
        if self.declined is not None and self.declined.side == seat:
            return []
        if not self._may_take_back_latest():
            return []
        return takeback_choices(self.log, seat, self.state)

    def offer_text(self, offer: Offer) -> str:
        """What an offer asks, as everyone reads it."""
        who = offer.side.capitalize()
        if offer.kind == Offer.Kind.REMATCH:
            return f"{who} offers a rematch{', sides swapped' if offer.swap else ''}."
        positions = undoable(self.log, offer.side)[: offer.steps]
        time = ", and the time it took" if offer.time_back else ""
        if len(positions) < offer.steps:
            return f"{who} asks to take back {offer.steps} steps{time}."
        return f"{who} asks to take back {offer_text(self.log, positions, self.state, 'their')}{time}."

    @cached_property
    def question(self) -> str:
        return self.offer_text(self.pending) if self.pending else ""

    @cached_property
    def declined_text(self) -> str:
        offer = self.declined
        if offer is None:
            return ""
        what = "rematch" if offer.kind == Offer.Kind.REMATCH else "takeback"
        return f"{other(offer.side).capitalize()} declined {offer.side.capitalize()}'s {what}."

    @property
    def to_answer(self) -> bool:
        """Whether this seat answers the waiting offer."""
        return self.pending is not None and self.seat == other(self.pending.side)

    @property
    def rematch_choices(self) -> bool:
        """Whether this seat may offer a rematch now."""
        return (
            self.seat is not None
            and self.state.result is not None
            and self.pending is None
            and self.accepted_rematch is None
            and not (self.declined is not None and self.declined.side == self.seat)
        )

    @cached_property
    def rematch_link(self) -> str:
        """Where this audience finds the accepted rematch: its own seat's link, or to watch it."""
        offer = self.accepted_rematch
        if offer is None or offer.rematch is None:
            return ""
        url = f"/battles/{offer.rematch.public_id}/"
        if self.seat is None:
            return url
        side = other(self.seat) if offer.swap else self.seat
        seat = Seat.objects.filter(battle=offer.rematch, side=side).only("token").first()
        return f"{url}?seat={seat.token}" if seat else url

    @property
    def shows_anything(self) -> bool:
        return bool(
            self.pending or self.declined_text or self.takebacks or self.rematch_choices or self.rematch_link
        )

    def to_json(self) -> dict[str, Any]:
        pending = self.pending
        return {
            "type": "offers",
            "seq": self.battle.version,
            "pending": {
                "offer": pending.kind,
                "side": pending.side,
                "steps": pending.steps,
                "swap": pending.swap,
                "time_back": pending.time_back,
                "text": self.question,
            }
            if pending
            else None,
            "declined": self.declined_text or None,
            "takeback": [{"steps": c.steps, "text": c.text} for c in self.takebacks],
            "rematch": self.rematch_link or None,
        }
