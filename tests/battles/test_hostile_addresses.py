"""Addresses no page has, sent on purpose: a plain refusal, never a server error."""

from __future__ import annotations

import pytest
from django.test import Client

from battles.play.create import create_battle
from tests.battles.demos import demo_setup

pytestmark = [pytest.mark.django_db]


@pytest.mark.parametrize(
    "address",
    [
        "/battles/{id}/?seat=%00",
        "/battles/{id}/record.json?seat=%00",
        "/battles/{id}%00/",
        "/battles/%00/",
        "/armies/shared/%00/",
        "/?next=%00",
    ],
)
def test_a_nul_character_in_an_address_is_refused_plainly(address: str) -> None:
    battle = create_battle("Target", demo_setup())
    response = Client(raise_request_exception=False).get(address.format(id=battle.public_id))
    assert response.status_code == 400
    assert "NUL character" in response.content.decode()
