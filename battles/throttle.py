"""Throttling the forms worth guessing at or flooding: signing in (here and in the admin), signing
up, importing army lists.

Attempts are counted in Django's cache (Redis when REDIS_URL is set, so every server process counts
the same attempts), per client address and, for signing in, per username too: guessing one
player's password from many addresses is stopped as well as one address guessing many players'.
Once a count reaches its limit, the form is refused (429, with a plain message) until its window,
which began at the first attempt counted, has passed; even the right password waits.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar, cast

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render


@dataclass(frozen=True)
class Limit:
    setting: str
    """The setting that says how many attempts are counted within the window before the next is refused."""
    seconds: int
    """The window, from the first attempt counted."""
    doing: str
    """What is refused, for the message: "signing in"."""

    @property
    def most(self) -> int:
        return int(getattr(settings, self.setting))


SIGN_IN = Limit("THROTTLE_SIGN_IN_FAILURES", 15 * 60, "signing in")
"""Failed sign-ins, per username and per address."""
SIGN_UP = Limit("THROTTLE_SIGN_UPS", 60 * 60, "signing up")
IMPORT = Limit("THROTTLE_IMPORTS", 60 * 60, "importing army lists")

namespace = "throttle"
"""The start of every key (the tests give each test its own)."""


def _key(kind: str, who: str) -> str:
    return f"{namespace}:{kind}:{who}"


def _address(request: HttpRequest) -> str:
    """The client's address: Daphne's, which behind a proxy is the client's own only when Daphne
    runs with --proxy-headers (docs/deploy.md)."""
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def _count(kind: str, who: str, limit: Limit) -> None:
    key = _key(kind, who)
    if cache.add(key, 1, limit.seconds):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.add(key, 1, limit.seconds)


def _reached(kind: str, who: str, limit: Limit) -> bool:
    return int(cache.get(_key(kind, who), 0)) >= limit.most


def _refused(request: HttpRequest, limit: Limit) -> HttpResponse:
    minutes = max(1, limit.seconds // 60)
    message = (
        f"Too many attempts at {limit.doing} from here: wait a while (up to {minutes} minutes) and try again."
    )
    return render(request, "throttled.html", {"message": message}, status=429)


View = Callable[..., HttpResponseBase]
V = TypeVar("V", bound=View)


def throttled_posts(kind: str, limit: Limit) -> Callable[[V], V]:
    """Count a view's POSTs per client address, and refuse one once the address's count has
    reached the limit."""

    def decorate(view: V) -> V:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method != "POST":
                return view(request, *args, **kwargs)
            address = _address(request)
            if _reached(kind, address, limit):
                return _refused(request, limit)
            response = view(request, *args, **kwargs)
            _count(kind, address, limit)
            return response

        return cast(V, wrapper)

    return decorate


def throttled_sign_in(view: V) -> V:
    """A sign-in view (ours or the admin's) whose failed attempts are counted per address and per
    username: a POST that does not redirect failed."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        names = [("address", _address(request))]
        username = str(request.POST.get("username", "")).strip().lower()
        if username:  # hashed: a key holds any name, a space or a NUL as well
            names.append(("username", hashlib.sha256(username.encode(errors="replace")).hexdigest()))
        if any(_reached(f"sign-in-{kind}", who, SIGN_IN) for kind, who in names):
            return _refused(request, SIGN_IN)
        response = view(request, *args, **kwargs)
        if response.status_code == 200:
            for kind, who in names:
                _count(f"sign-in-{kind}", who, SIGN_IN)
        return response

    return cast(V, wrapper)
