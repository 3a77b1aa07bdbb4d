"""What `manage.py check --deploy` checks beyond Django's own: settings of this site a deployment
must give (docs/deploy.md)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.checks import CheckMessage, Tags, register
from django.core.checks import Warning as CheckWarning


@register(Tags.security, deploy=True)
def links_in_e_mails(app_configs: Any, **kwargs: Any) -> list[CheckMessage]:
    """The links mailed to players (a password reset, a nudge) start with BEACON_BASE_URL: left at
    its local default they would lead to the player's own machine."""
    host = urlsplit(settings.BEACON_BASE_URL).hostname or ""
    if urlsplit(settings.BEACON_BASE_URL).scheme == "https" and host not in ("", "localhost", "127.0.0.1"):
        return []
    return [
        CheckWarning(
            f"BEACON_BASE_URL is {settings.BEACON_BASE_URL!r}: the links in password-reset and nudge "
            "e-mails start with it.",
            hint="Set BEACON_BASE_URL to the site's address as players reach it, e.g. https://beacon.example.org.",
            id="beacon.W001",
        )
    ]
