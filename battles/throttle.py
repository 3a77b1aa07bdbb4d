"""Throttling the forms worth guessing at or flooding: signing in (here and in the admin), signing
up, asking for a password reset, mailing a link to confirm an e-mail address, importing army lists
and profiles, creating battles.

Attempts are counted in Django's cache (Redis when REDIS_URL is set, so every server process counts
the same attempts), per client address and per signed-in account (one account from many addresses
is counted as one), and, for signing in, per address and username together.
An attempt takes its place in the count before it is tried, in one atomic step (the cache's incr),
so however many arrive at once, no more than the limit are tried. Once a count reaches its limit,
the form is refused (429, with a plain message) until its window, which began at the first attempt
counted, has passed; even the right password waits. A sign-in that succeeds gives its place back:
only failures count.

No count is kept per username alone: a lockout by name could be aimed, by anyone who knows a
player's name, at that player. Guessing one player's password is limited per address (as the
username's count from that address), guessing many players' from one address by the address's own
count (`THROTTLE_SIGN_IN_FAILURES_PER_ADDRESS`, higher, as a club's players may share an address).

A password reset is counted per address and per e-mail address asked for (so per account), whether
or not an account has that address: the count says nothing of which addresses have accounts. Its
limit per e-mail address caps the mails a stranger can have sent to a player, and locks no one out:
each mail sent holds a link that works (until a password is chosen with one of them).

A link to confirm an e-mail address (at sign-up, on a change of address, or sent again from the
Account page) is counted per client address, per account and per e-mail address it goes to: an
address given by a stranger (or by many strangers' accounts) gets few mails it did not ask for.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from contextlib import suppress
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
"""Failed sign-ins as one username, per address."""
SIGN_IN_ADDRESS = Limit("THROTTLE_SIGN_IN_FAILURES_PER_ADDRESS", 15 * 60, "signing in")
"""Failed sign-ins as anyone, per address."""
SIGN_UP = Limit("THROTTLE_SIGN_UPS", 60 * 60, "signing up")
PASSWORD_RESET = Limit("THROTTLE_PASSWORD_RESETS", 60 * 60, "asking for a password reset")
"""Password resets asked for, per address."""
PASSWORD_RESET_EMAIL = Limit("THROTTLE_PASSWORD_RESETS_PER_EMAIL", 60 * 60, "asking for a password reset")
"""Password resets asked for one e-mail address, from anywhere."""
CONFIRMATION_MAILS = Limit(
    "THROTTLE_CONFIRMATION_MAILS", 60 * 60, "sending links to confirm an e-mail address"
)
"""Confirmation links mailed, per client address and per account."""
CONFIRMATION_MAILS_PER_EMAIL = Limit(
    "THROTTLE_CONFIRMATION_MAILS_PER_EMAIL", 60 * 60, "sending links to confirm an e-mail address"
)
"""Confirmation links mailed to one e-mail address, for any account."""
IMPORT = Limit("THROTTLE_IMPORTS", 60 * 60, "importing army lists")
NEW_BATTLE = Limit("THROTTLE_BATTLES", 60 * 60, "creating battles")

namespace = "throttle"
"""The start of every key (the tests give each test its own)."""


def _key(kind: str, who: str) -> str:
    return f"{namespace}:{kind}:{who}"


def _address(request: HttpRequest) -> str:
    """The client's address: Daphne's, which behind a proxy is the client's own only when Daphne
    runs with --proxy-headers (docs/deploy.md)."""
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def _take(kind: str, who: str, limit: Limit) -> bool:
    """Take a place in `who`'s count of attempts, in one atomic step; False if the count had
    reached its limit (the attempt is then not to be tried)."""
    key = _key(kind, who)
    cache.add(key, 0, limit.seconds)
    try:
        taken = int(cache.incr(key))
    except ValueError:  # expired between the two calls: this is the window's first attempt
        cache.add(key, 1, limit.seconds)
        taken = 1
    return taken <= limit.most


def _give_back(kind: str, who: str) -> None:
    with suppress(ValueError):  # expired meanwhile: nothing left to give back
        cache.decr(_key(kind, who))


def _refused(request: HttpRequest, limit: Limit) -> HttpResponse:
    minutes = max(1, limit.seconds // 60)
    message = (
        f"Too many attempts at {limit.doing} from here: wait a while (up to {minutes} minutes) and try again."
    )
    return render(request, "throttled.html", {"message": message}, status=429)


View = Callable[..., HttpResponseBase]
V = TypeVar("V", bound=View)


def throttled_posts(kind: str, limit: Limit) -> Callable[[V], V]:
    """Count a view's POSTs per client address and per signed-in account, each before it is tried,
    and refuse one once either count has reached the limit."""

    def decorate(view: V) -> V:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method != "POST":
                return view(request, *args, **kwargs)
            counted = [(kind, _address(request))]
            if request.user.is_authenticated:
                counted.append((f"{kind}-account", str(request.user.pk)))
            if not all(_take(counted_as, who, limit) for counted_as, who in counted):
                return _refused(request, limit)
            return view(request, *args, **kwargs)

        return cast(V, wrapper)

    return decorate


def _hashed(*parts: str) -> str:
    """A key part for what a client wrote (a name, an e-mail address): any text, a space or a NUL."""
    return hashlib.sha256(" ".join(parts).encode(errors="replace")).hexdigest()


def _take_all(request: HttpRequest, counts: list[tuple[str, str, Limit]]) -> HttpResponse | None:
    """Take a place in each count; if one has reached its limit, give back the places taken and
    answer the refusal."""
    taken: list[tuple[str, str]] = []
    for kind, who, limit in counts:
        if not _take(kind, who, limit):
            for given in taken:
                _give_back(*given)
            return _refused(request, limit)
        taken.append((kind, who))
    return None


def throttled_password_resets(view: V) -> V:
    """The password-reset form: each request counted per address and per e-mail address asked for."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        email = str(request.POST.get("email", "")).strip().casefold()
        counts = [
            ("reset-address", _address(request), PASSWORD_RESET),
            ("reset-email", _hashed(email), PASSWORD_RESET_EMAIL),
        ]
        return _take_all(request, counts) or view(request, *args, **kwargs)

    return cast(V, wrapper)


def confirmation_mail_refused(request: HttpRequest, email: str) -> HttpResponse | None:
    """Count a confirmation link about to be mailed to `email` for the signed-in account: per
    client address, per account and per e-mail address. The refusal (429) if a count had reached
    its limit (the link is then not to be sent), else None."""
    return _take_all(
        request,
        [
            ("confirm-address", _address(request), CONFIRMATION_MAILS),
            ("confirm-account", str(request.user.pk), CONFIRMATION_MAILS),
            ("confirm-email", _hashed(email.casefold()), CONFIRMATION_MAILS_PER_EMAIL),
        ],
    )


def throttled_sign_in(view: V) -> V:
    """A sign-in view (ours or the admin's) whose attempts are counted per address and per address
    and username; a POST that does not redirect failed, and one that does gives its places back."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        address = _address(request)
        username = str(request.POST.get("username", "")).strip().lower()
        counts = [
            ("sign-in-address", address, SIGN_IN_ADDRESS),
            ("sign-in-name", _hashed(address, username), SIGN_IN),
        ]
        refused = _take_all(request, counts)
        if refused is not None:
            return refused
        response = view(request, *args, **kwargs)
        if response.status_code != 200:
            for kind, who, _ in counts:
                _give_back(kind, who)
        return response

    return cast(V, wrapper)
