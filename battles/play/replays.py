"""The battle as it stood after any of its steps (a replay, and the table's questions with `?step=`),
at a cost that does not grow with the battle's length.

A replay starts from the nearest state at hand at or before the step asked for: a checkpoint
(`StateCheckpoint`, kept every `CHECKPOINT_EVERY` steps by each step's own write, and filled in by
a replay for battles older than checkpoints), or a state this process replayed lately. So a step
costs at most `CHECKPOINT_EVERY` entries applied, and the next step of a replay one. A takeback
returns to the state before the oldest step it undid (its event lists them), found the same way.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict

from rules_core import BattleState, Roll, load_state, new_battle
from rules_core.clock import CLAIM_TIME
from rules_core.record import Entry, replay_entry, steps
from rules_core.takeback import TAKEBACK, restored

from .models import Battle, BattleEvent, StateCheckpoint
from .records import battle_record

CHECKPOINT_EVERY = 50
"""Steps between two checkpoints: a replay applies at most this many entries."""

log = logging.getLogger(__name__)

KEPT = 128
"""States this process keeps of the steps it replayed lately (a replay stepped through, one by one)."""


class ReplayedStates:
    """The states of steps this process replayed lately, by battle (its id and public id) and step;
    the oldest forgotten first. A battle's past steps never change, so a hit is always right."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self.states: OrderedDict[tuple[int, str, int], BattleState] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, battle: Battle, step: int) -> BattleState | None:
        with self.lock:
            return self.states.get((battle.id, battle.public_id, step))

    def put(self, battle: Battle, step: int, state: BattleState) -> None:
        with self.lock:
            key = (battle.id, battle.public_id, step)
            self.states[key] = state
            self.states.move_to_end(key)
            while len(self.states) > self.size:
                self.states.popitem(last=False)


replayed = ReplayedStates()
_replaying = [threading.RLock() for _ in range(16)]
"""One battle is replayed by one thread at a time (a crowd asking for it waits and then finds the
states that replay kept), striped by battle so the locks are few."""


def state_at(battle: Battle, step: int) -> BattleState:
    """The battle after `step` steps (0: as it was set up; past its last step: now).
    Raises rules_core.record.RecordError if its events do not replay."""
    if step >= battle.version:
        return battle.load_state()
    step = max(0, step)
    hit = replayed.get(battle, step)
    if hit is not None:
        return hit
    with _replaying[battle.id % len(_replaying)]:
        hit = replayed.get(battle, step)
        if hit is not None:
            return hit
        state = _replay(battle, step)
        # Kept before the lock is let go: a thread waiting on it must find this state, not replay again.
        replayed.put(battle, step, state)
    return state


def _replay(battle: Battle, step: int) -> BattleState:
    start, state = _start(battle, step)
    events = BattleEvent.objects.filter(battle_id=battle.id, seq__gt=start, seq__lte=step).order_by("seq")
    filled: list[StateCheckpoint] = []
    passed = {start: state}
    for event in events.only("seq", "side", "command", "rolls", "events"):
        if event.command.get("type") == CLAIM_TIME:
            return _whole_record_to(battle, step)
        if event.command.get("type") == TAKEBACK:
            back_to = min(event.events[0]["undone"]) - 1
            before = passed.get(back_to)
            state = restored(state_at(battle, back_to) if before is None else before, state)
        else:
            entry = Entry(event.side, event.command, [Roll.from_dict(r) for r in event.rolls])
            state = replay_entry(state, event.seq, entry).state
        passed[event.seq] = state
        if event.seq % CHECKPOINT_EVERY == 0:
            filled.append(StateCheckpoint(battle_id=battle.id, step=event.seq, state=state.to_dict()))
    if filled:
        StateCheckpoint.objects.bulk_create(filled, ignore_conflicts=True)
    _replayed(battle, step, start, len(passed) - 1)
    return state


def _replayed(battle: Battle, step: int, start: int, entries: int) -> None:
    """One line a replay (at LOG_LEVEL=DEBUG): what a crowd of `?step=` requests costs, counted."""
    log.debug(
        "replayed battle %s to step %d from step %d: %d entries", battle.public_id, step, start, entries
    )


def _whole_record_to(battle: Battle, step: int) -> BattleState:
    """The battle after `step`, the record replayed from its start: for a claim on time, judged by
    the clocks as they ran from the battle's start (a claim ends the battle, so it is met only by a
    replay of the battle's end)."""
    state = new_battle(battle.setup)
    for number, (_, outcome) in enumerate(steps(battle_record(battle)), start=1):
        if number > step:
            break
        state = outcome.state
    _replayed(battle, step, 0, battle.version)
    return state


def _start(battle: Battle, step: int) -> tuple[int, BattleState]:
    """The latest step at or before `step` whose state is at hand, and that state."""
    checkpoint = StateCheckpoint.objects.filter(battle_id=battle.id, step__lte=step).order_by("-step").first()
    floor = checkpoint.step if checkpoint is not None else 0
    for earlier in range(step, floor, -1):
        hit = replayed.get(battle, earlier)
        if hit is not None:
            return earlier, hit
    if checkpoint is not None:
        return checkpoint.step, load_state(checkpoint.state)
    return 0, new_battle(battle.setup)
