"""`manage.py check_proxy`: whether the server counts its limits by each client's own address, asked
of a real server as a player reaches it (docs/deploy.md, "Behind a proxy")."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tests.livestack import DaphneServer

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("daphne_args", "said"),
    [
        (("--proxy-headers",), "took the X-Forwarded-For this command made up"),  # trusted as sent
        ((), "the proxy's own address: every client shares one address's limits"),
    ],
    ids=["forwarded-for-trusted-from-anyone", "no-proxy-headers"],
)
def test_a_wrong_proxy_set_up_is_named(daphne_args: tuple[str, ...], said: str) -> None:
    server = DaphneServer(daphne_args=daphne_args).start()
    try:
        with pytest.raises(CommandError, match=said):
            call_command("check_proxy", server.url)
    finally:
        server.stop()
