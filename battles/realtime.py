"""Pushing to every socket of a battle: one render per audience, sent once to the battle's group."""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

from .models import Battle, BattleEvent
from .presence import Summary
from .presenter import AUDIENCES, render_step, step_json


def group_name(battle_id: int) -> str:
    return f"battle-{battle_id}"


def publish_step(battle: Battle, event: BattleEvent) -> None:
    state = battle.load_state()
    message = {
        "type": "battle.step",
        "seq": event.seq,
        "html": {aud: render_step(battle, state, event, aud) for aud in AUDIENCES},
        "json": {aud: step_json(state, event, aud) for aud in AUDIENCES},
    }
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group_name(battle.id), message)


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
