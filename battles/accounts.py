"""Accounts: signing up, the account's page (its e-mail address and password changed, the account
deleted), an e-mail address confirmed by the link mailed to it (battles/addresses.py), a forgotten
password reset by e-mail to a confirmed address; signing in and out, and the reset's tokens and
pages, are Django's own views, routed in battles/urls.py."""

from __future__ import annotations

import logging
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm, PasswordResetForm, UserCreationForm, UsernameField
from django.contrib.auth.models import User
from django.core.mail import EmailMessage
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from .addresses import (
    ConfirmedAddress,
    LinkRefused,
    confirm,
    confirmation_token,
    is_confirmed,
    link_days,
    link_period,
    user_to_confirm,
)
from .http import SignedInRequest
from .models import ChatLine
from .throttle import confirmation_mail_refused

log = logging.getLogger(__name__)

RESERVED_NAMES = {
    "good",
    "evil",
    "spectator",
    "spectators",
    "players",
    "referee",
    "beacon",
    "admin",
    "moderator",
}
"""Names the site itself speaks with (the sides, the audiences, the referee): an account called
"Good" would seem to speak for the Good player in the spectators' chat."""


def _normalized(email: str) -> str:
    return User.objects.normalize_email(email.strip())


class SignUpForm(UserCreationForm[User]):
    email = forms.EmailField(
        label="E-mail (optional)",
        required=False,
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta:
        model = User
        fields = ("username", "email")
        field_classes = {"username": UsernameField}

    def clean_email(self) -> str:
        return _normalized(self.cleaned_data["email"])

    def clean_username(self) -> str:
        username = str(super().clean_username())
        if unicodedata.normalize("NFKC", username).casefold().strip(".@+-_") in RESERVED_NAMES:
            raise forms.ValidationError(
                f"“{username}” is a name the site itself uses (a side, the spectators, the referee): choose another."
            )
        return username


def sign_up(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        if user.email:
            _start_confirming(request, user)
        return redirect("army_lists")
    return render(request, "registration/signup.html", {"form": form}, status=422 if form.errors else 200)


class EmailForm(forms.Form):
    """The account's e-mail address, changed once its password is given: whoever could change it
    without the password could then reset the password to one of their own."""

    email = forms.EmailField(
        label="E-mail",
        required=False,
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password = forms.CharField(
        label="Your password", widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, user: User, *args: Any, **kwargs: Any) -> None:
        self.user = user
        super().__init__(*args, **kwargs)
        self.fields["email"].initial = user.email

    def clean_email(self) -> str:
        return _normalized(self.cleaned_data["email"])

    def clean_password(self) -> str:
        password = str(self.cleaned_data["password"])
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password: your e-mail address is unchanged.")
        return password


def _account_page(
    request: SignedInRequest,
    password_form: PasswordChangeForm | None = None,
    email_form: EmailForm | None = None,
    delete_error: str = "",
) -> HttpResponse:
    forms_shown = {
        "password_form": password_form or PasswordChangeForm(request.user),
        "email_form": email_form or EmailForm(request.user),
    }
    failed = delete_error or any(form.errors for form in forms_shown.values())
    return render(
        request,
        "registration/account.html",
        {
            **forms_shown,
            "delete_error": delete_error,
            "email_confirmed": is_confirmed(request.user),
            "days": link_days(),
        },
        status=422 if failed else 200,
    )


@login_required
def account(request: SignedInRequest) -> HttpResponse:
    """The account's page: its e-mail address or its password changed (the password asked first),
    or the account deleted."""
    if request.method == "POST" and "change_password" in request.POST:
        password_form = PasswordChangeForm(request.user, request.POST)
        if not password_form.is_valid():
            return _account_page(request, password_form=password_form)
        password_form.save()
        update_session_auth_hash(request, password_form.user)  # this browser stays signed in
        messages.success(request, "Your password is changed.")
        return redirect("account")
    if request.method == "POST" and "change_email" in request.POST:
        email_form = EmailForm(request.user, request.POST)
        if not email_form.is_valid():
            return _account_page(request, email_form=email_form)
        user = request.user
        if email_form.cleaned_data["email"] == user.email:
            messages.info(request, "Your e-mail address is unchanged.")
            return redirect("account")
        user.email = email_form.cleaned_data["email"]
        with transaction.atomic():
            user.save(update_fields=["email"])
            ConfirmedAddress.objects.filter(user=user).delete()  # the new one needs its own link
        if user.email:
            messages.success(request, f"Your e-mail address is now {user.email}.")
            _start_confirming(request, user)
        else:
            messages.success(
                request, "Your account has no e-mail address now: a forgotten password cannot be reset."
            )
        return redirect("account")
    return _account_page(request)


@login_required
@require_POST
def delete_account(request: SignedInRequest) -> HttpResponse:
    """Delete the account and what is only its own (army lists, profiles, boards), once its password
    is given. Battles are kept, for the other player and the record: the account's name leaves them
    (the battles it created and the seats it held name no one; its spectators' chat lines are
    shown as a spectator's)."""
    user = request.user
    if not user.check_password(str(request.POST.get("password", ""))):
        return _account_page(request, delete_error="That is not your password: nothing was deleted.")
    with transaction.atomic():
        ChatLine.objects.filter(author="spectator", name=user.get_username()).update(name="")
        user.delete()  # lists, profiles and boards go with it; battles and seats let go of it
    logout(request)
    messages.success(request, "Your account is deleted, with your army lists, profiles and boards.")
    return redirect("lobby")


_mailer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="account-mail")
"""Sends the accounts' mails (password resets, address confirmations), one at a time, after the
page has answered (those still queued go before the process exits)."""


def mail_after_answer(what: str, subject: str, body: str, context: dict[str, Any], to_email: str) -> None:
    """Mail `to_email` the templates `subject` and `body` rendered with `context` (its `user`, the
    account the mail is about), from a thread of its own: a mail server's delay would otherwise
    tell, by the time the page takes, an address with an account from one without. A failure is
    logged ("Failed to send the password reset e-mail to account 12"), as Django's own send_mail
    does."""
    _mailer.submit(_send, what, (subject, body), context, to_email)


def _send(what: str, templates: tuple[str, str], context: dict[str, Any], to_email: str) -> None:
    subject = "".join(render_to_string(templates[0], context).splitlines())
    body = render_to_string(templates[1], context)
    try:
        EmailMessage(subject, body, to=[to_email]).send()
    except Exception:
        log.exception("Failed to send the %s e-mail to account %s", what, context["user"].pk)


def mails_sent() -> None:
    """Wait until every mail asked for so far has gone (or failed)."""
    _mailer.submit(lambda: None).result()


class ResetForm(PasswordResetForm):
    """Django's reset form, mailing only the accounts whose address is confirmed (the same page
    answers either way), through `mail_after_answer`."""

    def get_users(self, email: str) -> Any:
        return (user for user in super().get_users(email) if is_confirmed(user))

    def send_mail(self, *args: Any, **_: Any) -> None:
        """Django's save calls it with the templates, the context, whom from (None, the site's
        DEFAULT_FROM_EMAIL) and whom to (and no HTML template: the view names none)."""
        subject, body, context, _from, to_email = args
        mail_after_answer("password reset", subject, body, context, to_email)


class PasswordReset(auth_views.PasswordResetView):
    """A forgotten password: a link to choose a new one, mailed to each account with the address
    given (Django's tokens: the link works once, and for `PASSWORD_RESET_TIMEOUT`). The page after
    is the same whether or not an account has that address; the throttle counts every request
    (battles/throttle.py, `throttled_password_resets`)."""

    email_template_name = "registration/password_reset_email.txt"
    form_class = ResetForm

    def form_valid(self, form: Any) -> HttpResponse:
        # The link starts with the site's address as players reach it, as the nudges' links do,
        # never with the Host header of whoever asked.
        self.extra_email_context = {"base_url": _base_url(), "days": link_days()}
        return super().form_valid(form)


class PasswordResetSent(auth_views.PasswordResetDoneView):
    """The same page whether or not an account has the address given."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "days": link_days()}


def _base_url() -> str:
    return str(settings.BEACON_BASE_URL).rstrip("/")


def _mail_confirmation(user: User) -> None:
    link = _base_url() + reverse("confirm_email", args=[confirmation_token(user)])
    context = {"user": user, "email": user.email, "link": link, "days": link_days()}
    mail_after_answer(
        "address confirmation",
        "registration/confirm_email_subject.txt",
        "registration/confirm_email.txt",
        context,
        user.email,
    )


def _start_confirming(request: HttpRequest, user: User) -> None:
    """Mail a link to confirm the account's new address to it, unless too many went lately (the
    throttle's counts); tell the player which."""
    if confirmation_mail_refused(request, user.email) is not None:
        messages.warning(
            request,
            f"No link to confirm {user.email} was sent now: too many have gone to it, or from here, "
            "in the last hour. Send one from your Account page later.",
        )
        return
    _mail_confirmation(user)
    messages.success(
        request,
        f"A link to confirm {user.email} is on its way to it: follow it within {link_period()}. "
        "Until then, a forgotten password cannot be reset there.",
    )


@login_required
@require_POST
def send_confirmation(request: SignedInRequest) -> HttpResponse:
    """The Account page's "Send the link again" (throttled: battles/throttle.py)."""
    user = request.user
    if not user.email:
        messages.info(request, "Your account has no e-mail address to confirm.")
    elif is_confirmed(user):
        messages.info(request, f"{user.email} is already confirmed.")
    else:
        refused = confirmation_mail_refused(request, user.email)
        if refused is not None:
            return refused
        _mail_confirmation(user)
        messages.success(request, f"A new link to confirm {user.email} is on its way to it.")
    return redirect("account")


@require_http_methods(["GET", "POST"])
def confirm_email(request: HttpRequest, token: str) -> HttpResponse:
    """The link mailed to an address: a page asking to confirm it (a mail scanner that opens links
    confirms nothing), and the button that does; a link tampered with, expired, or for an address
    the account no longer has gets a page saying so. No sign-in needed: the link is the proof."""
    try:
        user = user_to_confirm(token)
    except LinkRefused as refused:
        return render(request, "registration/confirm_email.html", {"refused": refused}, status=400)
    if request.method == "POST":
        confirm(user)
        messages.success(
            request,
            f"{user.email} is confirmed: a forgotten password of “{user.get_username()}” can be reset there.",
        )
        return redirect("account")
    context = {"account": user, "already": is_confirmed(user)}
    return render(request, "registration/confirm_email.html", context)
