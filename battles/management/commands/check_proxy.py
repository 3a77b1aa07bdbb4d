import ipaddress
import json
import urllib.request
from typing import Any

from django.core.management.base import BaseCommand, CommandError

MADE_UP = "203.0.113.77"
"""An address no client has (TEST-NET-3), sent as the client's own in X-Forwarded-For."""


class Command(BaseCommand):
    help = (
        "Ask the site through its proxy which address it sees for you, sending a made-up "
        "X-Forwarded-For: the limits count by that address (docs/deploy.md, 'Behind a proxy')."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("url", help="the site's public address, as players reach it (https://...)")

    def handle(self, *args: Any, **options: Any) -> None:
        url = options["url"].rstrip("/") + "/health/address/"
        request = urllib.request.Request(url, headers={"X-Forwarded-For": MADE_UP})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                seen = str(json.loads(response.read())["address"])
            ipaddress.ip_address(seen)
        except (OSError, ValueError, KeyError) as exc:
            raise CommandError(f"Cannot ask {url}: {exc}") from exc
        if seen == MADE_UP:
            raise CommandError(
                f"The server took the X-Forwarded-For this command made up ({MADE_UP}) as your address: "
                "any client can claim any address and pass every per-address limit. Make the proxy "
                "overwrite the header with the address it sees (nginx: proxy_set_header X-Forwarded-For "
                "$remote_addr;), never append to it."
            )
        if ipaddress.ip_address(seen).is_private and not ipaddress.ip_address(seen).is_loopback:
            self.stdout.write(
                f"Check: the server sees you as {seen}, a private address. On a club's own network that "
                "may be yours; if it is the proxy's, every client shares it (run Daphne with --proxy-headers)."
            )
            return
        if _local(seen):
            raise CommandError(
                f"The server sees you as {seen}, the proxy's own address: every client shares one "
                "address's limits. Run Daphne with --proxy-headers, behind a proxy that sets "
                "X-Forwarded-For to the client's address."
            )
        self.stdout.write(f"OK: the server sees you as {seen}, your own address, and ignores a made-up one.")


def _local(address: str) -> bool:
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return False
    return found.is_loopback
