"""A forgotten password reset by e-mail: the address given at sign-up or on the Account page, once
confirmed (tests/battles/test_email_confirmation.py), a link mailed through the configured backend
(here Django's in-memory outbox), working once; the same answer whether or not an account has the
address, confirmed; throttled per address and per e-mail address."""

from __future__ import annotations

import re
import threading

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.mail.backends import locmem
from django.test import Client

from battles import throttle
from battles.accounts import mails_sent
from battles.addresses import confirm

pytestmark = [pytest.mark.django_db]

OLD, NEW = "correct-horse-9", "battle-horn-77"


def signs_in(password: str, username: str = "ann") -> bool:
    answer = Client().post("/accounts/login/", {"username": username, "password": password})
    return answer.status_code == 302


def sent() -> list[mail.EmailMessage]:
    """The mails sent so far (each goes after its page has answered)."""
    mails_sent()
    return mail.outbox


def confirmed(username: str) -> None:
    """The account's address confirmed (as its link does), and the mails so far left behind."""
    confirm(User.objects.get(username=username))
    sent().clear()


def player(username: str, email: str = "") -> User:
    user = User.objects.create_user(username, email=email, password=OLD)
    if email:
        confirmed(username)
    return user


def page(response) -> str:
    """What a page shows, less the CSRF token every page carries (new for each client)."""
    return re.sub(r'"X-CSRFToken": "[^"]*"', "", response.content.decode())


def reset_link(message: mail.EmailMessage) -> str:
    links = re.findall(r"https?://\S+", str(message.body))
    assert len(links) == 1, message.body
    return links[0]


def test_a_player_who_gave_an_address_at_sign_up_resets_a_forgotten_password(settings) -> None:
    settings.BEACON_BASE_URL = "https://beacon.example.org/"
    signing_up = Client()
    form = {"username": "ann", "email": "Ann@Example.ORG", "password1": OLD, "password2": OLD}
    assert signing_up.post("/accounts/signup/", form).status_code == 302
    assert User.objects.get(username="ann").email == "Ann@example.org"  # the domain's case is no one's
    confirmed("ann")

    browser = Client()
    sign_in = browser.get("/accounts/login/").content.decode()
    assert 'href="/accounts/password-reset/"' in sign_in and "Forgot your password?" in sign_in
    asked = browser.post("/accounts/password-reset/", {"email": "ann@example.org"}, follow=True)
    assert asked.redirect_chain == [("/accounts/password-reset/sent/", 302)]
    assert "a link to choose a new password is on its way" in asked.content.decode()

    [message] = sent()
    assert message.to == ["Ann@example.org"] and message.subject == "Reset your Beacon password"
    assert message.from_email == settings.DEFAULT_FROM_EMAIL
    assert '"ann"' in message.body and "works once, for 3 days" in message.body
    link = reset_link(message)
    assert link.startswith("https://beacon.example.org/accounts/reset/")  # never the asker's Host
    path = link.removeprefix("https://beacon.example.org")

    # The link's token goes into the session, and the page it leads to carries none.
    opened = browser.get(path)
    assert opened.status_code == 302 and opened["Location"].endswith("/set-password/")
    choose = browser.get(opened["Location"])
    assert "Choose a new password" in choose.content.decode()
    mismatched = browser.post(opened["Location"], {"new_password1": NEW, "new_password2": NEW + "x"})
    assert mismatched.status_code == 200 and "password fields didn" in mismatched.content.decode()
    done = browser.post(opened["Location"], {"new_password1": NEW, "new_password2": NEW}, follow=True)
    assert done.redirect_chain == [("/accounts/reset/done/", 302)]
    assert "Your password is changed" in done.content.decode()

    assert signs_in(NEW) and not signs_in(OLD)
    # The account signed in at sign-up is signed out there: that browser knew the old password.
    assert signing_up.get("/accounts/").status_code == 302

    again = Client().get(path)
    assert again.status_code == 200 and "This link no longer works" in again.content.decode()
    assert again.context["validlink"] is False
    assert signs_in(NEW)


def test_an_address_without_an_account_gets_the_same_answer_and_no_mail() -> None:
    player("ann", "ann@example.org")
    player("bob")  # no address: cannot be reset
    User.objects.create_user("cy", email="cy@example.org", password=OLD)  # never confirmed
    known = Client().post("/accounts/password-reset/", {"email": "ANN@example.org"}, follow=True)
    assert len(sent()) == 1
    for unknown in ("nobody@example.org", "bob@example.org", "cy@example.org"):
        answer = Client().post("/accounts/password-reset/", {"email": unknown}, follow=True)
        assert answer.redirect_chain == known.redirect_chain
        assert page(answer) == page(known)
    assert len(sent()) == 1


def test_asking_for_resets_is_throttled_per_address_and_per_e_mail_address(settings) -> None:
    player("ann", "ann@example.org")
    settings.THROTTLE_PASSWORD_RESETS_PER_EMAIL = 2
    settings.THROTTLE_PASSWORD_RESETS = 4

    # From many addresses, one player's address gets no more mails than its limit...
    for n in range(throttle.PASSWORD_RESET_EMAIL.most):
        answer = Client(REMOTE_ADDR=f"10.0.0.{n}").post(
            "/accounts/password-reset/", {"email": "ann@example.org"}
        )
        assert answer.status_code == 302
    flooding = Client(REMOTE_ADDR="10.0.0.99").post(
        "/accounts/password-reset/", {"email": " Ann@Example.org"}
    )
    assert flooding.status_code == 429 and "Too many attempts" in flooding.content.decode()
    assert len(sent()) == throttle.PASSWORD_RESET_EMAIL.most
    # ... and an address with no account is counted alike: the refusal tells no one which has one.
    for n in range(throttle.PASSWORD_RESET_EMAIL.most):
        Client(REMOTE_ADDR=f"10.0.1.{n}").post("/accounts/password-reset/", {"email": "nobody@example.org"})
    refused = Client(REMOTE_ADDR="10.0.1.99").post(
        "/accounts/password-reset/", {"email": "nobody@example.org"}
    )
    assert refused.status_code == 429 and page(refused) == page(flooding)

    # Locked out she is not: each mail sent holds a link that works.
    browser = Client()
    opened = browser.get(reset_link(sent()[0]).removeprefix(settings.BEACON_BASE_URL.rstrip("/")))
    browser.post(opened["Location"], {"new_password1": NEW, "new_password2": NEW})
    assert signs_in(NEW)

    # One address asking for many accounts' resets is stopped at its own limit.
    asker = Client(REMOTE_ADDR="10.0.2.1")
    for n in range(throttle.PASSWORD_RESET.most):
        assert asker.post("/accounts/password-reset/", {"email": f"p{n}@example.org"}).status_code == 302
    assert asker.post("/accounts/password-reset/", {"email": "p99@example.org"}).status_code == 429


def test_the_account_page_sets_changes_and_removes_the_address_once_the_password_is_given() -> None:
    User.objects.create_user("ann", password=OLD)
    browser = Client()
    browser.post("/accounts/login/", {"username": "ann", "password": OLD})
    page = browser.get("/accounts/").content.decode()
    assert "Your account has none: a forgotten password cannot be reset." in page

    wrong = browser.post(
        "/accounts/", {"change_email": "1", "email": "ann@example.org", "password": "not-it"}
    )
    assert wrong.status_code == 422 and "your e-mail address is unchanged" in wrong.content.decode()
    assert User.objects.get(username="ann").email == ""
    bad = browser.post("/accounts/", {"change_email": "1", "email": "ann@", "password": OLD})
    assert bad.status_code == 422 and User.objects.get(username="ann").email == ""

    saved = browser.post(
        "/accounts/", {"change_email": "1", "email": "ann@example.org", "password": OLD}, follow=True
    )
    assert "Your e-mail address is now ann@example.org." in saved.content.decode()
    assert 'value="ann@example.org"' in saved.content.decode()
    [confirming] = sent()  # a link to confirm it (tests/battles/test_email_confirmation.py)
    assert confirming.to == ["ann@example.org"] and "Confirm" in confirming.subject
    confirmed("ann")
    Client().post("/accounts/password-reset/", {"email": "ann@example.org"})
    assert [m.to for m in sent()] == [["ann@example.org"]]

    removed = browser.post("/accounts/", {"change_email": "1", "email": "", "password": OLD}, follow=True)
    assert "a forgotten password cannot be reset" in removed.content.decode()
    Client().post("/accounts/password-reset/", {"email": "ann@example.org"})
    assert len(sent()) == 1


def test_signing_up_without_an_address_is_allowed_and_says_what_it_costs() -> None:
    page = Client().get("/accounts/signup/").content.decode()
    assert "E-mail (optional)" in page and "so without one it cannot be reset" in page
    form = {"username": "bob", "email": "", "password1": OLD, "password2": OLD}
    assert Client().post("/accounts/signup/", form).status_code == 302
    assert User.objects.get(username="bob").email == ""


class HeldBackend(locmem.EmailBackend):
    """The outbox, behind a mail server that answers only once the test lets it."""

    release = threading.Event()

    def send_messages(self, messages):  # type: ignore[no-untyped-def]
        self.release.wait(timeout=10)
        return super().send_messages(messages)


def test_the_page_answers_before_the_mail_goes_so_its_time_tells_nothing(settings) -> None:
    """A mail server's delay would tell an address with an account from one without: the page
    answers first, and the mail goes after."""
    settings.EMAIL_BACKEND = f"{__name__}.HeldBackend"
    HeldBackend.release.clear()
    player("ann", "ann@example.org")
    answer = Client().post("/accounts/password-reset/", {"email": "ann@example.org"})
    assert answer.status_code == 302
    assert mail.outbox == []  # answered while the mail server still holds the mail
    HeldBackend.release.set()
    mails_sent()
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]
