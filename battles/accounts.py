"""Accounts: signing up, the account's page (its password changed, the account deleted); signing in
and out are Django's own views, routed in battles/urls.py."""

from __future__ import annotations

import unicodedata

from django import forms
from django.contrib import messages
from django.contrib.auth import login, logout, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm, UserCreationForm
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


class SignUpForm(UserCreationForm[User]):
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


@login_required
def account(request: SignedInRequest) -> HttpResponse:
    """The account's page: its password changed (the old one asked first), or the account deleted."""
    password_form = PasswordChangeForm(
        request.user, request.POST if "change_password" in request.POST else None
    )
    if request.method == "POST" and "change_password" in request.POST and password_form.is_valid():
        password_form.save()
        update_session_auth_hash(request, password_form.user)  # this browser stays signed in
        messages.success(request, "Your password is changed.")
        return redirect("account")
    status = 422 if password_form.errors else 200
    return render(request, "registration/account.html", {"password_form": password_form}, status=status)


@login_required
@require_POST
def delete_account(request: SignedInRequest) -> HttpResponse:
    """Delete the account and what is only its own (army lists, profiles, boards), once its password
    is given. Battles are kept, for the other player and the record: the account's name leaves them
    (the battles it created and the seats it held name no one; its spectators' chat lines are
    shown as a spectator's)."""
    user = request.user
    if not user.check_password(str(request.POST.get("password", ""))):
        form = PasswordChangeForm(user)
        error = "That is not your password: nothing was deleted."
        return render(
            request, "registration/account.html", {"password_form": form, "delete_error": error}, status=422
        )
    with transaction.atomic():
        ChatLine.objects.filter(author="spectator", name=user.get_username()).update(name="")
        user.delete()  # lists, profiles and boards go with it; battles and seats let go of it
    logout(request)
    messages.success(request, "Your account is deleted, with your army lists, profiles and boards.")
    return redirect("lobby")
