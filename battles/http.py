"""The request as the middleware leaves it, for the type checker: django-htmx adds `htmx`, and a
view behind login_required has a signed-in user."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxRequest(HttpRequest):
    htmx: HtmxDetails


class SignedInRequest(HtmxRequest):
    user: User
