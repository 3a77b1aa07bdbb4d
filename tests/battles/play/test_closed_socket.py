"""A push that reaches a socket which has just closed must not end its consumer: Daphne queues the
socket's websocket.disconnect behind the push, and disconnect() is what gives back its presence."""

from __future__ import annotations

from typing import Any

import pytest
from autobahn.exception import Disconnected

from battles.play.consumers import BattleConsumer


async def test_a_push_to_a_socket_that_has_just_closed_leaves_its_consumer_to_disconnect() -> None:
    sent: list[dict[str, Any]] = []

    async def closed_protocol(message: dict[str, Any]) -> None:
        sent.append(message)
        raise Disconnected("Attempt to send on a closed protocol")

    consumer = BattleConsumer()
    consumer.base_send = closed_protocol
    await consumer.send(text_data='{"type": "presence"}')  # raised before: the consumer died here
    assert sent == [{"type": "websocket.send", "text": '{"type": "presence"}'}]


async def test_any_other_failure_to_send_still_ends_the_consumer() -> None:
    async def broken(message: dict[str, Any]) -> None:
        raise RuntimeError("not a closed socket")

    consumer = BattleConsumer()
    consumer.base_send = broken
    with pytest.raises(RuntimeError):
        await consumer.send(text_data="{}")
