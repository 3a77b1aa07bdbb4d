"""Beacon at the table: the server plays a battle's Beacon seat (`rules_core.bot`) whenever the
battle waits for that seat's decision, at a human pace, through `submit` like any player.

How many bots stay out of the way of human battles on the same process:

- Nothing in a human's path waits for a bot. A committed step only wakes the battle's player:
  `after_step` runs in the thread that committed it and hands the battle's id to the event loop
  (`call_soon_threadsafe`, a few microseconds).
- On the loop, a battle has at most one player task (`_play`). It reads the battle (in the database
  thread, one query), waits the human pace (`asyncio.sleep`: no thread, no CPU), then has the bot
  think in another process (a `ProcessPoolExecutor` of `BEACON_THINKERS` processes; 0 thinks in a
  thread instead, for development). The bot's CPU is spent outside the serving process, so neither
  the event loop nor the database thread that runs every human submit shares it, nor the GIL; only
  plain data crosses (the state's data in, the command out). Bots of many battles queue for the
  thinkers, not for the server.
- The command goes through `submit` with a command id made of the battle's version and that
  version expected: another process that plays the same step gets the first one's event back (a
  duplicate), never a second step; a step in between (a takeback) makes it stale, and the task reads
  the battle again.
- A server restarted in the middle of a battle goes on when a socket opens it (the consumer wakes it).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from rules_core import BattleState, RuleViolation, Side
from rules_core.bot import DEFAULT_STRENGTH, STRENGTHS, Strength, suggest_from_data

from .models import Battle, Offer, as_side
from .persistence import recent_states
from .refusals import SubmitError

log = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None
_again: dict[int, bool] = {}
"""The battles whose player task runs on the loop: woken again while it ran (it looks once more)."""
_tasks: set[asyncio.Task[None]] = set()
_thinkers: Executor | None = None


def strength_of(name: str) -> Strength:
    for strength in STRENGTHS:
        if strength == name:
            return strength
    raise ValueError(f"{name!r} is not one of Beacon's strengths")


def serving(loop: asyncio.AbstractEventLoop) -> None:
    """The event loop that serves this process's sockets, where the players' tasks run."""
    global _loop
    _loop = loop


def after_step(battle: Battle, state: BattleState) -> None:
    """A step of `battle` has committed (in this thread): if it is now Beacon's decision, wake its
    player on the loop."""
    loop = _loop
    due = battle.beacon_side and state.result is None and state.pending.side == battle.beacon_side
    if due and loop is not None and not loop.is_closed():
        loop.call_soon_threadsafe(wake, battle.id, context=contextvars.Context())


def wake(battle_id: int) -> None:
    """On the loop: start the battle's player, or have the running one look again."""
    if battle_id in _again:
        _again[battle_id] = True
        return
    _again[battle_id] = False
    # A context of its own: not the waker's, whose asgiref markers (a sync thread at work, a
    # consumer's executor) would make the task's database calls refuse to run.
    task = asyncio.get_running_loop().create_task(_play(battle_id), context=contextvars.Context())
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


@dataclass(frozen=True)
class Turn:
    version: int
    side: Side
    strength: Strength
    data: dict[str, Any]
    seed: int


def _turn(battle_id: int) -> Turn | None:
    """Beacon's decision in the battle now, or None when it is not Beacon's to make."""
    fields = ("id", "public_id", "state", "version", "status", "beacon_side", "beacon_strength")
    battle = Battle.objects.filter(pk=battle_id).only(*fields).first()
    if battle is None or not battle.beacon_side or battle.status != Battle.Status.ACTIVE:
        return None
    state = recent_states.get(battle)
    if state.result is not None or state.pending.side != battle.beacon_side:
        return None
    return Turn(battle.version, as_side(battle.beacon_side), strength_of(battle.beacon_strength),
                battle.state, seed_of(battle))  # fmt: skip


def seed_of(battle: Battle) -> int:
    """The seed of Beacon's random choices in a battle (the coach uses it too: the same choices)."""
    return battle.id


async def _play(battle_id: int) -> None:
    from .submit import submit  # which wakes Beacon after each step (after_step): imported when playing

    try:
        while True:
            turn = await database_sync_to_async(_turn)(battle_id)
            if turn is None:
                if _again.get(battle_id):
                    _again[battle_id] = False
                    continue
                return
            await asyncio.sleep(settings.BEACON_PAUSE_SECONDS)
            chosen = await think(turn)
            command_id = f"beacon-{turn.version}"
            try:
                await database_sync_to_async(submit)(
                    battle_id, turn.side, chosen["command"], command_id, turn.version
                )
            except SubmitError as refused:
                if refused.code != "stale_version":
                    raise
    except RuleViolation:
        log.exception("battle %s: the referee refused Beacon's command", battle_id)
    except BrokenProcessPool:
        global _thinkers
        _thinkers = None  # a thinker died (killed, out of memory): the next wake starts new ones
        log.exception("battle %s: Beacon's thinkers stopped; it plays again when next woken", battle_id)
    except Exception:
        log.exception("battle %s: Beacon could not play", battle_id)
    finally:
        _again.pop(battle_id, None)


async def think(turn: Turn) -> dict[str, Any]:
    """Beacon's suggestion for the turn (`rules_core.bot.Suggestion.to_dict`), thought in the thinkers."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(
        thinkers(), suggest_from_data, turn.data, turn.side, turn.strength, turn.seed
    )


def coached_turn(battle: Battle, side: Side) -> Turn | None:
    """The coach's question for `side`: its decision now, as Beacon would weigh it (Beacon's strength
    in a battle against it, else the strongest; the seed Beacon plays the battle with), so that what
    the coach suggests is what Beacon would play. None when it is not that side's decision."""
    state = recent_states.get(battle)
    if state.result is not None or state.pending.side != side:
        return None
    strength = strength_of(battle.beacon_strength) if battle.beacon_strength else DEFAULT_STRENGTH
    return Turn(battle.version, side, strength, battle.state, seed_of(battle))


def answer(battle_id: int, offer: Offer) -> None:
    """Beacon's answer to its opponent's offer: yes, to a takeback (a learner takes back a misclick)
    and to a rematch (Beacon plays it too, the other side if they swap)."""
    from .offers import answer_offer  # which makes a rematch a new battle, and wakes Beacon in it

    battle = Battle.objects.only("id", "beacon_side").get(pk=battle_id)
    if battle.beacon_side and offer.side != battle.beacon_side and offer.status == Offer.Status.PENDING:
        answer_offer(battle_id, as_side(battle.beacon_side), True)


def thinkers() -> Executor | None:
    """Where the bot thinks: processes of their own (None: the loop's threads)."""
    global _thinkers
    if _thinkers is None and settings.BEACON_THINKERS > 0:
        context = multiprocessing.get_context("spawn")  # a child with a clean slate: no loop, no sockets
        _thinkers = ProcessPoolExecutor(settings.BEACON_THINKERS, mp_context=context)
    return _thinkers
