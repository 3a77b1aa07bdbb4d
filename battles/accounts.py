"""Accounts: signing up, the account's page (its e-mail address and password changed, the account
deleted), a forgotten password reset by e-mail; signing in and out, and the reset's tokens and
pages, are Django's own views, routed in battles/urls.py."""

from __future__ import annotations

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
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from .http import SignedInRequest
from .models import ChatLine

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
        {**forms_shown, "delete_error": delete_error},
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
        request.user.email = email_form.cleaned_data["email"]
        request.user.save(update_fields=["email"])
        messages.success(
            request,
            f"Your e-mail address is now {request.user.email}."
            if request.user.email
            else "Your account has no e-mail address now: a forgotten password cannot be reset.",
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


def reset_link_days() -> int:
    """How long a password-reset link works, in days (Django's `PASSWORD_RESET_TIMEOUT`)."""
    return max(1, settings.PASSWORD_RESET_TIMEOUT // (24 * 60 * 60))


_mailer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="reset-mail")
"""Sends the reset mails, one at a time, after the page has answered (those still queued go before
the process exits)."""


class ResetForm(PasswordResetForm):
    def send_mail(self, *args: Any, **kwargs: Any) -> None:
        """Rendered and sent by a thread of its own: a mail server's delay would otherwise tell,
        by the time the page takes, an address with an account from one without. A failure is
        logged, as Django's own send_mail does."""
        _mailer.submit(super().send_mail, *args, **kwargs)


def reset_mails_sent() -> None:
    """Wait until every reset mail asked for so far has gone (or failed)."""
    _mailer.submit(lambda: None).result()


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
        self.extra_email_context = {
            "base_url": settings.BEACON_BASE_URL.rstrip("/"),
            "days": reset_link_days(),
        }
        return super().form_valid(form)


class PasswordResetSent(auth_views.PasswordResetDoneView):
    """The same page whether or not an account has the address given."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "days": reset_link_days()}
