"""Pushing to every socket of a battle: one render per variant its sockets need, sent once to its group.

A variant is an audience (good, evil, spectator) in a format (html for pages, json for bots). The
presence store lists the variants the battle's sockets need, so a step is rendered only in those:
a battle watched by bots alone is never rendered as HTML. All of them travel in one message to the
battle's group, as text ready to send; the channel layer carries it once to each server process,
and each socket takes its own variant from it. (A group per variant would not send fewer bytes to a
socket, and would cost a group_send, four Redis round trips, per variant.)
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

from rules_core import BattleState

from . import presence
from .jsontext import dumps
from .models import Battle, BattleEvent
from .presence import Summary
from .presenter import AUDIENCES, legal, render_step, step_json


def group_name(battle_id: int) -> str:
    return f"battle-{battle_id}"


def publish_step(battle: Battle, event: BattleEvent, state: BattleState | None = None) -> None:
    """Send a committed step to the battle's sockets; `state` is the battle after it, when at hand."""
    async_to_sync(_publish)(battle, event, state if state is not None else battle.load_state())


async def _publish(battle: Battle, event: BattleEvent, state: BattleState) -> None:
    """One trip from the submit's thread to the event loop: ask which variants are wanted, make
    them, send them. JSON is made here; HTML back in the submit's thread, as templates may read
    the database."""
    layer = get_channel_layer()
    if layer is None:
        return
    wanted = await presence.store().variants(battle.public_id)
    if not wanted:
        return
    message: dict[str, Any] = {"type": "battle.step", "seq": event.seq, "html": {}, "json": {}}
    for audience in AUDIENCES:
        html, json = (
            presence.variant(audience, "html") in wanted,
            presence.variant(audience, "json") in wanted,
        )
        if not (html or json):
            continue
        actions = legal(state, audience)
        if html:
            message["html"][audience] = await sync_to_async(render_step)(
                battle, state, event, audience, actions
            )
        if json:
            message["json"][audience] = dumps(step_json(state, event, audience, actions))
    await layer.group_send(group_name(battle.id), message)


async def publish_presence(layer: Any, battle_id: int, summary: Summary) -> None:
    html = render_to_string(
        "battles/_presence.html", {"seats": summary.seats, "spectators": summary.spectators}
    )
    message = {
        "type": "battle.presence",
        "seats": summary.seats,
        "spectators": summary.spectators,
        "html": html,
    }
    await layer.group_send(group_name(battle_id), message)
