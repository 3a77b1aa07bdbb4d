"""Steps committed in threads are handed to the loop that serves the sockets and sent from there in
the order they were committed (battles/play/publish.py), the committing thread not waiting."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from battles.play import presence, publish


async def test_a_battles_steps_are_sent_in_the_order_committed_without_the_thread_waiting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[int] = []
    first_may_go = asyncio.Event()

    class Layer:
        async def group_send(self, group: str, message: dict[str, Any]) -> None:
            if message["seq"] == 1:
                await first_may_go.wait()  # the first step's send is slow (Redis busy)
            sent.append(message["seq"])

    monkeypatch.setattr(publish, "get_channel_layer", Layer)
    monkeypatch.setattr(presence, "store", lambda: SimpleNamespace(variants=lambda battle: {"x"}))
    monkeypatch.setattr(publish, "step_message", lambda battle, event, state, wanted: {"seq": event.seq})
    publish.serving(asyncio.get_running_loop())
    battle = SimpleNamespace(id=1, public_id="b1")

    def commit_two() -> list[Any]:
        return [publish.publish_step(battle, SimpleNamespace(seq=n), None, False) for n in (1, 2)]  # type: ignore[arg-type]

    deliveries = await asyncio.to_thread(commit_two)  # the thread returned with both under way
    for _ in range(20):
        await asyncio.sleep(0)
    assert sent == []  # the second waits for the first
    first_may_go.set()
    await asyncio.wrap_future(deliveries[1])
    assert sent == [1, 2]
