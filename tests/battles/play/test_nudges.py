"""E-mail nudges (Django's locmem backend): one e-mail for a decision or question that has waited for
a seat longer than its delay while the seat has no socket open, never two for the same one, never
to anyone but that seat; the link in it unsubscribes in one click; the other player may remind the
seat once per waiting decision."""

from __future__ import annotations

import json
from datetime import timedelta
from types import SimpleNamespace

import pytest
from channels.db import database_sync_to_async
from django.core import mail
from django.test import Client
from django.utils import timezone
from pywebpush import WebPushException

from battles.models import Battle, PushSubscription, Seat
from battles.play import nudges
from battles.play.create import create_battle
from battles.play.nudges import send_due_nudges
from battles.play.offers import make_offer
from battles.play.submit import submit
from tests.battles.conftest import connect, receive, receive_text, seats
from tests.battles.demos import demo_setup
from tests.battles.play.test_consumer import three_sockets
from tests.battles.play.test_takebacks import refusal

pytestmark = [pytest.mark.django_db(transaction=True)]

WARRIOR = "warrior-of-minas-tirith-1"


def battle_with_addresses(minutes: int = 60) -> Battle:
    battle = create_battle("Fords of Isen", demo_setup())
    Seat.objects.filter(battle=battle, side="good").update(email="good@example.org", nudge_minutes=minutes)
    Seat.objects.filter(battle=battle, side="evil").update(email="evil@example.org", nudge_minutes=minutes)
    return battle


def later(minutes: float):
    return timezone.now() + timedelta(minutes=minutes)


def test_a_nudge_goes_once_to_the_seat_waited_for_after_its_delay() -> None:
    battle = battle_with_addresses()
    submit(battle.id, "good", {"type": "ready"})
    assert send_due_nudges(later(59)) == 0
    assert send_due_nudges(later(61)) == 1
    (sent,) = mail.outbox
    evil = Seat.objects.get(battle=battle, side="evil")
    assert sent.to == ["evil@example.org"]
    assert sent.subject == "Fords of Isen: Evil, it is your decision"
    assert "It is Evil's decision: Evil deploys their army." in sent.body
    assert f"/battles/{battle.public_id}/?seat={evil.token}" in sent.body
    assert sent.extra_headers["List-Unsubscribe"].startswith("<http")
    assert send_due_nudges(later(500)) == 0  # one per waiting decision
    assert len(mail.outbox) == 1


def test_no_nudge_while_the_seat_has_a_socket_open_and_none_to_the_other_seat() -> None:
    battle = battle_with_addresses()

    async def with_a_socket() -> int:
        tokens = await seats(battle)
        good = await connect(battle.public_id, tokens["good"])
        await receive(good, "view")
        sent = await database_sync_to_async(send_due_nudges)(later(120))
        await good.disconnect()
        return sent

    from asgiref.sync import async_to_sync

    assert async_to_sync(with_a_socket)() == 0  # Good decides, and has the battle open
    assert send_due_nudges(later(120)) == 1 and mail.outbox[0].to == ["good@example.org"]


def test_a_question_waiting_for_an_answer_is_nudged_too() -> None:
    battle = battle_with_addresses(minutes=15)
    at = Battle.objects.get(pk=battle.pk).state["models"][WARRIOR]
    submit(battle.id, "good", {"type": "place", "model": WARRIOR, "at": [at["x"], at["y"] + 1]})
    make_offer(battle.id, "good", "takeback", 1)
    assert send_due_nudges(later(16)) == 1
    (sent,) = mail.outbox
    assert sent.to == ["evil@example.org"] and sent.subject == "Fords of Isen: Evil, your answer is asked"
    assert (
        "Your answer is asked: Good asks to take back their placing of Warrior of Minas Tirith 1."
        in sent.body
    )


def test_the_link_in_a_nudge_unsubscribes_in_one_click(client: Client) -> None:
    battle = battle_with_addresses()
    assert send_due_nudges(later(61)) == 1
    link = next(line for line in mail.outbox[0].body.splitlines() if "/nudges/unsubscribe/" in line)
    path = link[link.index("/nudges/") :]
    page = client.get(path)
    assert page.status_code == 200 and "No more e-mails for Fords of Isen" in page.content.decode()
    at = Battle.objects.get(pk=battle.pk).state["models"][WARRIOR]
    submit(battle.id, "good", {"type": "place", "model": WARRIOR, "at": [at["x"], at["y"] + 1]})
    assert send_due_nudges(later(600)) == 0  # a new decision waits for Good: no e-mail now
    assert len(mail.outbox) == 1
    assert client.post(path).status_code == 200  # a mail client's one-click POST, without a CSRF token
    assert client.get("/nudges/unsubscribe/forged/").status_code == 404


def test_a_seat_leaves_its_address_and_delay_on_the_battle_page(client: Client) -> None:
    battle = create_battle("Fords of Isen", demo_setup())
    seat = Seat.objects.get(battle=battle, side="evil")
    page = client.get(f"/battles/{battle.public_id}/?seat={seat.token}", follow=True).content.decode()
    assert 'data-testid="nudge-form"' in page
    assert 'data-testid="nudge-form"' not in Client().get(f"/battles/{battle.public_id}/").content.decode()
    url = f"/battles/{battle.public_id}/nudges/?seat={seat.token}"
    assert client.post(url, {"email": "not an address", "minutes": "60"}).status_code == 400
    assert client.post(url, {"email": "evil@example.org", "minutes": "240"}).status_code == 302
    seat.refresh_from_db()
    assert (seat.email, seat.nudge_minutes) == ("evil@example.org", 240)
    assert (
        Client().post(f"/battles/{battle.public_id}/nudges/?seat=forged", {"minutes": "60"}).status_code
        == 404
    )


async def test_the_other_player_reminds_once_per_decision_and_never_a_spectator() -> None:
    battle = await database_sync_to_async(battle_with_addresses)()
    good, evil, spectator = await three_sockets(battle)
    await good.send_json_to({"type": "remind", "id": "r1"})
    assert "not waiting for Evil" in (await refusal(good))["message"]  # it is Good's own decision
    await evil.send_json_to({"type": "remind", "id": "r2"})
    assert (await receive(evil, "reminded"))["text"] == "Good has been reminded."
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["good@example.org"]
    assert "Evil reminds you." in mail.outbox[0].body
    await evil.send_json_to({"type": "remind", "id": "r3"})
    error = await refusal(evil)
    assert (error["code"], error["message"]) == (
        "no_reminder",
        "Good has been reminded of this decision already.",
    )
    await spectator.send_json_to({"type": "remind", "id": "r4"})
    assert (await refusal(spectator))["code"] == "spectator"
    assert len(mail.outbox) == 1
    for ws in (good, evil, spectator):
        await ws.disconnect()


async def test_the_page_offers_remind_only_to_the_seat_whose_opponent_it_waits_for() -> None:
    battle = await database_sync_to_async(battle_with_addresses)()
    good, evil, spectator = await three_sockets(battle, fmt="html")
    views = [await ws.receive_from(timeout=5) for ws in (good, evil, spectator)]
    assert ["Remind Good" in view for view in views] == [False, True, False]
    await good.send_json_to({"type": "command", "id": "c1", "command": {"type": "ready"}})
    pushes = [await receive_text(ws, 'data-kind="step"') for ws in (good, evil, spectator)]
    assert ["Remind Evil" in push for push in pushes] == [True, False, False]
    assert not any("Remind Good" in push for push in pushes)
    for ws in (good, evil, spectator):
        await ws.disconnect()


SUBSCRIPTION = {"endpoint": "https://push.example.org/send/abc", "keys": {"p256dh": "BKey", "auth": "secret"}}


def test_a_seat_lets_its_browser_be_notified_by_push(client: Client) -> None:
    battle = create_battle("Fords of Isen", demo_setup())
    seat = Seat.objects.get(battle=battle, side="evil")
    url = f"/battles/{battle.public_id}/push/?seat={seat.token}"
    assert client.post(url, json.dumps(SUBSCRIPTION), content_type="application/json").status_code == 204
    assert client.post(url, json.dumps(SUBSCRIPTION), content_type="application/json").status_code == 204
    assert [s.info() for s in seat.push_subscriptions.all()] == [SUBSCRIPTION]
    bad = {**SUBSCRIPTION, "endpoint": "http://push.example.org/plain"}
    assert client.post(url, json.dumps(bad), content_type="application/json").status_code == 400
    assert client.post(url, "not json", content_type="application/json").status_code == 400
    forged = f"/battles/{battle.public_id}/push/?seat=forged"
    assert client.post(forged, json.dumps(SUBSCRIPTION), content_type="application/json").status_code == 404


def test_a_due_nudge_is_pushed_to_the_seats_browsers_and_a_gone_one_forgotten(monkeypatch, settings) -> None:
    settings.VAPID_PRIVATE_KEY = "private-key"
    settings.VAPID_SUBJECT = "mailto:referee@example.org"
    pushed: list[dict] = []

    def webpush(**kwargs):
        pushed.append(kwargs)
        if kwargs["subscription_info"]["endpoint"].endswith("gone"):
            raise WebPushException("Push failed: 410 Gone", response=SimpleNamespace(status_code=410))

    monkeypatch.setattr(nudges, "webpush", webpush)
    battle = create_battle("Fords of Isen", demo_setup())
    good = Seat.objects.get(battle=battle, side="good")
    PushSubscription.objects.create(
        seat=good, endpoint="https://push.example.org/send/abc", p256dh="k", auth="a"
    )
    PushSubscription.objects.create(
        seat=good, endpoint="https://push.example.org/send/gone", p256dh="k", auth="a"
    )
    assert send_due_nudges(later(61)) == 1
    assert mail.outbox == []  # no address: the browsers only
    assert [p["subscription_info"]["endpoint"][-4:] for p in pushed] == ["/abc", "gone"]
    data = json.loads(pushed[0]["data"])
    assert data == {
        "title": "Fords of Isen: Good, it is your decision",
        "body": "It is Good's decision: Good deploys their army.",
        "url": f"http://127.0.0.1:8000/battles/{battle.public_id}/?seat={good.token}",
    }
    assert pushed[0]["vapid_private_key"] == "private-key"
    assert pushed[0]["vapid_claims"] == {"sub": "mailto:referee@example.org"}
    assert [s.endpoint[-4:] for s in good.push_subscriptions.all()] == ["/abc"]
