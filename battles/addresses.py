"""An account's e-mail address, confirmed: its owner followed the link mailed to it, so mail sent
there reaches whoever holds the account. Only a confirmed address is sent password-reset links and
offered as a battle's nudge address; an address given at sign-up or on the Account page is
unconfirmed until its link is followed.

The link's token is signed (Django's signing, with a timestamp) and names the account and a digest
of the address it was sent to: it confirms nothing once the account's address is another, and works
for `PASSWORD_RESET_TIMEOUT`, as long as a reset link."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.core import signing
from django.db import models
from django.utils.crypto import salted_hmac

if TYPE_CHECKING:
    from django.contrib.auth.models import User

CONFIRM_SALT = "beacon.accounts.confirm-email"


class ConfirmedAddress(models.Model):
    """The address an account's owner last confirmed. The account's address (`User.email`) is
    confirmed while it is this one: an address changed anywhere (the Account page, the admin) is
    not, until its own link is followed."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="confirmed_address"
    )
    email = models.EmailField(max_length=254)


def is_confirmed(user: User) -> bool:
    return bool(user.email) and ConfirmedAddress.objects.filter(user=user, email=user.email).exists()


def confirmed_email(user: User | None) -> str:
    """The account's address if it is confirmed, else ""."""
    return user.email if user is not None and is_confirmed(user) else ""


def confirm(user: User) -> None:
    ConfirmedAddress.objects.update_or_create(user=user, defaults={"email": user.email})


def _digest(email: str) -> str:
    """Names the address in the link without writing it there (links reach access logs)."""
    return salted_hmac(CONFIRM_SALT, email).hexdigest()[:24]


def confirmation_token(user: User) -> str:
    return signing.dumps([user.pk, _digest(user.email)], salt=CONFIRM_SALT)


class LinkRefused(Exception):
    """A confirmation link that confirms nothing; its message says why, for the page."""

    def __init__(self, title: str, why: str) -> None:
        super().__init__(why)
        self.title = title
        self.why = why


def link_days() -> int:
    """How long a link mailed by the accounts pages works, in days (`PASSWORD_RESET_TIMEOUT`)."""
    return max(1, settings.PASSWORD_RESET_TIMEOUT // (24 * 60 * 60))


def link_period() -> str:
    """How long a link works, in words: "3 days"."""
    days = link_days()
    return f"{days} day{'' if days == 1 else 's'}"


def user_to_confirm(token: str) -> User:
    """The account whose current address the token confirms; LinkRefused if it confirms none."""
    from django.contrib.auth.models import User

    try:
        pk, digest = signing.loads(token, salt=CONFIRM_SALT, max_age=settings.PASSWORD_RESET_TIMEOUT)
    except signing.SignatureExpired:
        raise LinkRefused(
            "This link has expired",
            f"A confirmation link works for {link_period()}. Send a new one from your Account page.",
        ) from None
    except signing.BadSignature:
        raise LinkRefused(
            "This link is not valid",
            "It was changed, or cut short when it was copied. Open it from the e-mail again, "
            "or send a new one from your Account page.",
        ) from None
    user = User.objects.filter(pk=pk).first()
    if user is None or not user.email or _digest(user.email) != digest:
        raise LinkRefused(
            "This link is for another address",
            "The account's e-mail address has changed since this link was sent (or the account "
            "was deleted): only the link sent to its current address confirms it.",
        )
    return user
