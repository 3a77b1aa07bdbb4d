"""Accounts: signing up (signing in and out are Django's own views, routed in battles/urls.py)."""

from __future__ import annotations

import unicodedata

from django import forms
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

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
