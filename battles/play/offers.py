"""Offers between the players, and their answers: a takeback while the battle is in play, a rematch
once it is over. Like a submit, each runs in one transaction that locks the battle's row, so an
offer, its answer and a command sent at the same moment are taken one after the other: an accepted
takeback moves the battle on (a command chosen before it is then stale), and a command committed
first lapses the takeback offer (its answer is then refused).

An accepted takeback is a step of the battle like any command: a new event with the next seq,
`{"type": "takeback", "steps": N}` from the side that asked (docs/battle-record.md). Its state is
the battle's before the oldest step it undoes, as a replay of the record finds it
(battles/play/replays.py), so the live battle and its replay cannot disagree.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.template.loader import render_to_string

from rules_core import BattleState, RuleViolation, Side
from rules_core.takeback import TAKEBACK, check, plan, restore

from . import beacon, presence
from .clocks import cache
from .create import create_battle
from .jsontext import dumps
from .models import Battle, BattleEvent, Offer, Seat, as_side
from .offer_views import OffersView, other, recent_log
from .persistence import lock_battle, next_step, recent_states, record_locked_step
from .presenter import AUDIENCES
from .publish import delivering, group_name, publish_step
from .refusals import SubmitError, stale_version
from .replays import state_at

OFFER_MESSAGES = ("offer", "answer")
"""The websocket messages of offers (docs/protocol.md)."""


def receive_offer(battle_id: int, side: Side, data: dict[str, Any], expected_version: int | None) -> Offer:
    """An `offer` or `answer` message from a seat's socket, checked and carried out."""
    if data.get("type") == "answer":
        accept = data.get("accept")
        if not isinstance(accept, bool):
            raise SubmitError("malformed", "An answer says accept: true or false.")
        return answer_offer(battle_id, side, accept, expected_version)
    return make_offer(
        battle_id,
        side,
        str(data.get("offer")),
        data.get("steps", 1),
        data.get("swap") is True,
        expected_version,
        data.get("time_back") is True,
    )


def make_offer(
    battle_id: int,
    side: Side,
    kind: str,
    steps: Any = 1,
    swap: bool = False,
    expected_version: int | None = None,
    time_back: bool = False,
) -> Offer:
    """`side` offers a takeback of its `steps` latest steps (`time_back`: and the time they took,
    on a battle with a clock), or a rematch. Raises SubmitError or the referee's RuleViolation (a
    takeback that cannot be), and then changes nothing."""
    with transaction.atomic():
        battle = _locked(battle_id, expected_version)
        view = OffersView(battle, recent_states.get(battle), side)
        if view.pending is not None:
            raise SubmitError(
                "offer_pending",
                f"{view.question} One offer at a time: it waits for an answer first.",
            )
        if view.declined is not None and view.declined.side == side:
            raise SubmitError(
                "offer_declined", f"{view.declined_text} It cannot be asked again for the same step."
            )
        if kind == Offer.Kind.TAKEBACK:
            if view.state.result is not None:
                raise RuleViolation("battle_over", "The battle is over: nothing can be taken back.")
            check(recent_log(battle), side, steps)
            offer = Offer(
                battle=battle,
                kind=kind,
                side=side,
                at_version=battle.version,
                steps=steps,
                time_back=time_back and cache.control(battle).timed,
            )
        elif kind == Offer.Kind.REMATCH:
            if view.state.result is None:
                raise SubmitError("no_offer", "A rematch is offered once the battle is over.")
            if view.accepted_rematch is not None:
                raise SubmitError("offer_pending", "The rematch has been agreed already.")
            offer = Offer(battle=battle, kind=kind, side=side, at_version=battle.version, swap=bool(swap))
        else:
            raise SubmitError("no_offer", f"There is no offer called {kind!r}: a takeback or a rematch.")
        offer.save()
        transaction.on_commit(lambda: _publish_offers(battle))
    return offer


def answer_offer(battle_id: int, side: Side, accept: bool, expected_version: int | None = None) -> Offer:
    """`side` accepts or declines the offer waiting for its answer."""
    with transaction.atomic():
        battle = _locked(battle_id, expected_version)
        view = OffersView(battle, recent_states.get(battle), side)
        offer = view.pending
        if offer is None:
            raise SubmitError(
                "no_offer", "There is no offer waiting for an answer: the battle has moved on since."
            )
        if offer.side == side:
            raise SubmitError("no_offer", "Your own offer is for your opponent to answer.")
        offer.status = Offer.Status.ACCEPTED if accept else Offer.Status.DECLINED
        if not accept:
            offer.save(update_fields=["status"])
            transaction.on_commit(lambda: _publish_offers(battle))
        elif offer.kind == Offer.Kind.TAKEBACK:
            offer.save(update_fields=["status"])
            event, new_state = _take_back(battle, offer)
            transaction.on_commit(lambda: _taken_back(battle, event, new_state))
        else:
            offer.rematch = _rematch(battle, offer)
            offer.save(update_fields=["status", "rematch"])
            transaction.on_commit(lambda: _publish_offers(battle, go=True))
    return offer


def _locked(battle_id: int, expected_version: int | None) -> Battle:
    battle = lock_battle(battle_id)
    if battle is None:
        raise SubmitError("unknown_battle", "There is no such battle.")
    if expected_version is not None and expected_version != battle.version:
        raise stale_version()
    return battle


def _take_back(battle: Battle, offer: Offer) -> tuple[BattleEvent, BattleState]:
    """The takeback as the battle's next step. It returns to the state at the version before the
    oldest step it undoes: this process's, if it made that step lately (RecentStates.at); else the
    battle record replayed with the takeback, which gives the same state, only slower."""
    command: dict[str, Any] = {"type": TAKEBACK, "steps": offer.steps}
    if offer.time_back:
        command["time_back"] = True  # both agreed: the clocks go back too (rules_core.clock)
    now = recent_states.get(battle)
    log = recent_log(battle)
    positions, text = plan(log, offer.side, offer.steps, now)
    undone = [log[p].seq for p in positions]
    before = recent_states.at(battle, min(undone) - 1)
    if before is None:
        before = state_at(battle, min(undone) - 1)
    outcome = restore(before, now, offer.side, undone, text)
    event = next_step(battle, offer.side, command, outcome)
    record_locked_step(battle, event)
    return event, outcome.state


def _taken_back(battle: Battle, event: BattleEvent, state: BattleState) -> None:
    recent_states.put(battle, state)
    with delivering():
        publish_step(battle, event, state)
    beacon.after_step(battle, state)


def _publish_offers(battle: Battle, go: bool = False) -> None:
    with delivering():
        publish_offers(battle, go)


def _rematch(battle: Battle, offer: Offer) -> Battle:
    """The new battle: the same setup (the same lists, board and scenario), each player in the seat
    of the side they play in it (the other side's, if the offer swapped)."""
    new = create_battle(f"{battle.name} (rematch)"[:120], battle.setup)
    if battle.created_by_id is not None:
        new.created_by_id = battle.created_by_id
        new.save(update_fields=["created_by"])
    if battle.beacon_side or battle.coach:  # Beacon plays again, the other side if they swap
        plays = as_side(battle.beacon_side) if battle.beacon_side else None
        new.beacon_side = (other(plays) if offer.swap else plays) if plays else ""
        new.beacon_strength, new.coach = battle.beacon_strength, battle.coach
        new.save(update_fields=["beacon_side", "beacon_strength", "coach"])
    users = dict(Seat.objects.filter(battle=battle).values_list("side", "user_id"))
    for side, user in users.items():
        if user is not None:
            Seat.objects.filter(battle=new, side=other(side) if offer.swap else side).update(user_id=user)
    return new


def publish_offers(battle: Battle, go: bool = False) -> None:
    """Send every socket of the battle the offers as it sees them (after an offer or an answer)."""
    layer = get_channel_layer()
    if layer is None:
        return
    wanted = presence.store().variants(battle.public_id)
    if not wanted:
        return
    state = battle.load_state()
    message: dict[str, Any] = {"type": "battle.offer", "html": {}, "json": {}}
    for audience in AUDIENCES:
        view = OffersView(battle, state, audience, go=go)
        if presence.variant(audience, "html") in wanted:
            message["html"][audience] = render_to_string("battles/_offers.html", {"offers": view})
        if presence.variant(audience, "json") in wanted:
            message["json"][audience] = dumps(view.to_json())
    async_to_sync(layer.group_send)(group_name(battle.id), message)
