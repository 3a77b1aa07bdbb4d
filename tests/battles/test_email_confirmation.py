"""An account's e-mail address confirmed by the link mailed to it (battles/addresses.py): given at
sign-up or on the Account page, it is unconfirmed, gets no password-reset mail and is not a battle's
nudge address by default until its link is followed; a changed address needs its own link; a link
tampered with, expired or for an old address confirms nothing and says why; sending the link again
is throttled."""

from __future__ import annotations

import time
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core import signing
from django.test import Client

from battles import throttle
from battles.addresses import confirmation_token, is_confirmed
from battles.models import Seat
from battles.play.create import create_battle
from battles.play.nudges import unsubscribe_link
from tests.battles.demos import demo_setup
from tests.battles.test_password_reset import OLD, page, reset_link, sent

pytestmark = [pytest.mark.django_db]

BASE = "https://beacon.example.org"


@pytest.fixture(autouse=True)
def _site_address(settings) -> None:
    settings.BEACON_BASE_URL = BASE + "/"


def sign_up(username: str, email: str, address: str = "127.0.0.1") -> tuple[Client, str]:
    """The browser that signed up (signed in), and the page it was shown then."""
    browser = Client(REMOTE_ADDR=address)
    form = {"username": username, "email": email, "password1": OLD, "password2": OLD}
    welcome = browser.post("/accounts/signup/", form, follow=True)
    assert welcome.redirect_chain[0][1] == 302
    return browser, welcome.content.decode()


def path_of(link: str) -> str:
    assert link.startswith(BASE + "/accounts/confirm-email/"), link  # never the asker's Host
    return link.removeprefix(BASE)


def resets_mailed(email: str) -> int:
    """How many reset mails asking for a reset to `email` sends (the page answers alike)."""
    before = len(sent())
    Client().post("/accounts/password-reset/", {"email": email})
    return len(sent()) - before


def test_an_address_given_at_sign_up_is_confirmed_by_its_link_and_only_then_gets_resets() -> None:
    browser, welcome = sign_up("ann", "ann@example.org")
    assert "A link to confirm ann@example.org is on its way to it: follow it within 3 days." in welcome

    [message] = sent()
    assert message.to == ["ann@example.org"] and message.subject == "Confirm your e-mail address for Beacon"
    assert '"ann"' in message.body and "works for 3 days" in message.body
    link = path_of(reset_link(message))
    assert "ann@example.org" not in link  # the address is not written in a link that reaches logs

    account = browser.get("/accounts/").content.decode()
    assert "is not confirmed yet" in account and 'data-testid="send-confirmation"' in account
    # Unconfirmed: a reset mails nothing, and the page says the same as for an unknown address.
    asked = Client().post("/accounts/password-reset/", {"email": "ann@example.org"}, follow=True)
    unknown = Client().post("/accounts/password-reset/", {"email": "nobody@example.org"}, follow=True)
    assert page(asked) == page(unknown) and sent() == [message]

    # Opening the link asks (a mail scanner that opens it confirms nothing); the button confirms,
    # in any browser, signed in or not.
    opened = Client().get(link)
    assert opened.status_code == 200
    assert "Confirm <strong>ann@example.org</strong> as the address of the Beacon account “ann”" in page(
        opened
    )
    assert not is_confirmed(User.objects.get(username="ann"))
    confirmed = Client().post(link, follow=True)
    assert confirmed.redirect_chain[0] == ("/accounts/", 302)  # to sign in, then the Account page
    assert "ann@example.org is confirmed" in confirmed.content.decode()
    assert is_confirmed(User.objects.get(username="ann"))
    assert "<strong>ann@example.org</strong> is confirmed." in browser.get("/accounts/").content.decode()
    assert 'data-testid="send-confirmation"' not in browser.get("/accounts/").content.decode()

    assert resets_mailed("ann@example.org") == 1
    assert sent()[-1].subject == "Reset your Beacon password"
    again = Client().get(link)
    assert again.status_code == 200 and "ann@example.org is already confirmed" in again.content.decode()


def test_a_changed_address_needs_its_own_link_and_the_old_one_confirms_nothing() -> None:
    browser, _ = sign_up("ann", "ann@example.org")
    first = path_of(reset_link(sent()[0]))
    browser.post(first)
    battle = create_battle("Fords of Isen", demo_setup())
    seat = Seat.objects.get(battle=battle, side="evil")
    Seat.objects.filter(pk=seat.pk).update(user=User.objects.get(username="ann"))

    def nudge_address() -> str:
        battle_page = browser.get(f"/battles/{battle.public_id}/?seat={seat.token}", follow=True)
        field = page(battle_page).split('data-testid="nudge-email"')[0].rsplit("<input", 1)[1]
        return field.split('value="')[1].split('"')[0]

    assert nudge_address() == "ann@example.org"  # confirmed: the battle's nudges offer it

    changed = browser.post(
        "/accounts/", {"change_email": "1", "email": "ann@new.example.org", "password": OLD}, follow=True
    ).content.decode()
    assert "Your e-mail address is now ann@new.example.org." in changed
    assert "A link to confirm ann@new.example.org is on its way" in changed
    assert "<strong>ann@new.example.org</strong> is not confirmed yet" in changed
    second = sent()[-1]
    assert second.to == ["ann@new.example.org"]
    # Neither address gets a reset now; the battle's nudges offer no address by default.
    assert resets_mailed("ann@new.example.org") == 0 and resets_mailed("ann@example.org") == 0
    assert nudge_address() == ""

    for method in (Client().get, Client().post):
        old = method(first)
        assert old.status_code == 400 and "This link is for another address" in old.content.decode()
        assert 'role="alert"' in old.content.decode() and "Nothing was confirmed." in old.content.decode()
    assert not is_confirmed(User.objects.get(username="ann"))

    browser.post(path_of(reset_link(second)))
    assert resets_mailed("ann@new.example.org") == 1
    assert nudge_address() == "ann@new.example.org"

    # A slip and back: the address given again is confirmed again only by a link, as any new one.
    for email in ("ann@nwe.example.org", "ann@new.example.org"):
        browser.post("/accounts/", {"change_email": "1", "email": email, "password": OLD})
    assert sent()[-1].to == ["ann@new.example.org"]
    assert not is_confirmed(User.objects.get(username="ann")) and resets_mailed("ann@new.example.org") == 0


def test_a_link_tampered_with_cut_short_or_expired_is_refused_with_a_page_that_says_why() -> None:
    sign_up("ann", "ann@example.org")
    user = User.objects.get(username="ann")
    token = confirmation_token(user)
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    other_salt = unsubscribe_link(Seat(pk=user.pk)).rsplit("/", 2)[-2]  # signed, for something else
    for bad in (flipped, token[:-6], other_salt):
        for method in (Client().get, Client().post):
            refused = method(f"/accounts/confirm-email/{bad}/")
            assert refused.status_code == 400
            assert "This link is not valid" in refused.content.decode()
            assert "changed, or cut short when it was copied" in refused.content.decode()

    four_days_ago = signing.b62_encode(int(time.time()) - 4 * 24 * 60 * 60)
    with mock.patch.object(signing.TimestampSigner, "timestamp", return_value=four_days_ago):
        expired = confirmation_token(user)
    for method in (Client().get, Client().post):
        refused = method(f"/accounts/confirm-email/{expired}/")
        assert refused.status_code == 400 and "This link has expired" in refused.content.decode()
        assert "A confirmation link works for 3 days. Send a new one from your Account page." in page(refused)
    assert not is_confirmed(User.objects.get(username="ann"))


def test_sending_the_link_again_is_throttled_per_account_and_per_address_mailed(settings) -> None:
    settings.THROTTLE_CONFIRMATION_MAILS_PER_EMAIL = 2
    settings.THROTTLE_CONFIRMATION_MAILS = 3
    browser, _ = sign_up("ann", "ann@example.org")  # the first link
    again = browser.post("/accounts/confirm-email/send/", follow=True)
    assert "A new link to confirm ann@example.org is on its way to it." in again.content.decode()
    assert len(sent()) == throttle.CONFIRMATION_MAILS_PER_EMAIL.most
    refused = browser.post("/accounts/confirm-email/send/")
    assert refused.status_code == 429
    assert "Too many attempts at sending links to confirm an e-mail address" in refused.content.decode()
    assert len(sent()) == 2

    # Another account giving the same address, from elsewhere: no more mail to it this hour.
    stranger, warned = sign_up("bob", "ann@example.org", address="10.0.0.7")
    assert "No link to confirm ann@example.org was sent now: too many have gone to it" in warned
    assert stranger.post("/accounts/confirm-email/send/").status_code == 429
    assert len(sent()) == 2

    # Every link sent still works: the throttle locks no one out.
    browser.post(path_of(reset_link(sent()[0])))
    assert is_confirmed(User.objects.get(username="ann"))
    confirmed = browser.post("/accounts/confirm-email/send/", follow=True).content.decode()
    assert "ann@example.org is already confirmed." in confirmed and len(sent()) == 2

    # One account mailing links to address after address is stopped at its own limit.
    for email in ("ann@b.example.org", "ann@c.example.org"):
        changed = browser.post(
            "/accounts/", {"change_email": "1", "email": email, "password": OLD}, follow=True
        )
    assert [m.to for m in sent()[2:]] == [["ann@b.example.org"]]
    assert "No link to confirm ann@c.example.org was sent now" in changed.content.decode()
