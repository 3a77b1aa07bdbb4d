"""How a submit reads and writes a battle's rows, in SQL written by hand for speed: the step record
(the new event and the snapshot, if no one moved the battle on), and this process's cache of the
latest states; and the lock a takeback holds.

Written in SQL because the ORM cost more CPU than the database's own work, on every command:
building the lock query took longer than running it (0.5 ms), and `save` and `create` more than
the writes. Values are still prepared by the models' own fields, so they are stored exactly as the
ORM would store them. Every statement runs on the ORM's connection, in its transaction.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any, NamedTuple

import psycopg
from django.db import connection
from django.db.models import JSONField
from django.utils import timezone
from psycopg.types.json import Jsonb

from rules_core import BattleState, Outcome, Roll
from rules_core.record import Entry, RecordError, replay_entry

from . import jsontext
from .models import Battle, BattleEvent, StateCheckpoint
from .refusals import stale_version
from .replays import CHECKPOINT_EVERY

log = logging.getLogger(__name__)

LOCKED_FIELDS = ("id", "public_id", "name", "ruleset", "status", "version", "beacon_side", "coach")
"""What a submit reads of its battle: the setup is never read, and the state only when this process
has not the latest at hand (RecentStates); Django fetches a field left out when it is read."""

SNAPSHOT_FIELDS = ("state", "version", "status", "updated_at")
"""What a step changes of the battle's row."""


def lock_battle(battle_id: int) -> Battle | None:
    """The battle (its LOCKED_FIELDS), its row locked until the transaction ends; None if there is
    no such battle. For what must see the battle stand still while it decides (a takeback's plan);
    a submit takes no lock (record_step)."""
    return Battle.objects.select_for_update().only(*LOCKED_FIELDS).filter(pk=battle_id).first()


def read_battle(battle_id: int) -> tuple[Battle, BattleState] | None:
    """The battle (its LOCKED_FIELDS) and its state as committed, without a lock; None if there is
    no such battle."""
    battle = Battle.objects.only(*LOCKED_FIELDS, "state").filter(pk=battle_id).first()
    return None if battle is None else (battle, battle.load_state())


def applied_event(battle_id: int, command_id: str) -> BattleEvent | None:
    """The event that a command id made, if one did."""
    return BattleEvent.objects.filter(battle_id=battle_id, command_id=command_id).first()


def record_step(battle: Battle, event: BattleEvent) -> bool:
    """Append the event and save the snapshot, if the battle is still at the version before the
    event's (and is the same battle): True if so; False, with nothing written, if another submit
    moved it on first. On PostgreSQL in one statement (one round trip, a transaction of its own
    when none is open), elsewhere in two (the caller holds a transaction). JSON is written by orjson
    on PostgreSQL (see jsontext). Every `CHECKPOINT_EVERY` steps the snapshot is kept as a
    checkpoint too, for replays (a second statement; a checkpoint lost to a crash between the two
    is filled in by the next replay that passes it)."""
    if not _append_and_save(battle, event):
        return False
    if battle.version % CHECKPOINT_EVERY == 0:
        checkpoint = StateCheckpoint(battle_id=battle.id, step=battle.version, state=battle.state)
        StateCheckpoint.objects.bulk_create([checkpoint], ignore_conflicts=True)
    return True


class _Statements(NamedTuple):
    """A step's write in one database's SQL, made once per process: making it cost more CPU a step
    (quoting, column types) than binding its values."""

    inserted: list[Any]
    """The event's fields written (all but its id)."""
    saved: list[Any]
    """The battle's fields a step changes (SNAPSHOT_FIELDS)."""
    update: str
    insert: str
    both: str
    """PostgreSQL: the update and the insert in one statement, the insert only if the update held."""


@cache
def _statements(vendor: str) -> _Statements:
    quote = connection.ops.quote_name
    inserted = [f for f in BattleEvent._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(quote(f.column) for f in inserted)
    saved = [f for f in Battle._meta.concrete_fields if f.attname in SNAPSHOT_FIELDS]
    sets = ", ".join(f"{quote(f.column)} = %s" for f in saved)
    update = (
        f"UPDATE {quote(Battle._meta.db_table)} SET {sets} "
        f"WHERE id = %s AND {quote('version')} = %s AND {quote('public_id')} = %s"
    )
    marks = ", ".join(["%s"] * len(inserted))
    insert = f"INSERT INTO {quote(BattleEvent._meta.db_table)} ({columns}) VALUES ({marks}) RETURNING id"
    both = ""
    if vendor == "postgresql":
        # The event's values are typed by casts: in INSERT ... SELECT the server cannot infer them.
        typed = ", ".join(f"CAST(%s AS {f.db_type(connection)})" for f in inserted)
        both = (
            f"WITH moved AS ({update} RETURNING id) "
            f"INSERT INTO {quote(BattleEvent._meta.db_table)} ({columns}) "
            f"SELECT {typed} FROM moved RETURNING id"
        )
    return _Statements(inserted, saved, update, insert, both)


def _append_and_save(battle: Battle, event: BattleEvent) -> bool:
    sql = _statements(connection.vendor)
    values = [_db_value(f, event) for f in sql.inserted]
    current = [*(_db_value(f, battle) for f in sql.saved), battle.id, event.seq - 1, battle.public_id]
    with _cursor() as cursor:
        if sql.both:
            cursor.execute(sql.both, [*current, *values])
            row = cursor.fetchone()
            if row is None:
                return False
            event.pk = row[0]
            return True
        cursor.execute(sql.update, current)
        if cursor.rowcount != 1:
            return False
        cursor.execute(sql.insert, values)
        event.pk = cursor.fetchone()[0]
        return True


def next_step(
    battle: Battle, side: str, command: dict[str, Any], outcome: Outcome, command_id: str = ""
) -> BattleEvent:
    """The battle's next step, made of the referee's outcome, as the event to record; the battle
    (not yet saved) now holds its new snapshot, version and status."""
    state = outcome.state
    battle.version += 1
    event = BattleEvent(
        battle=battle,
        seq=battle.version,
        side=side,
        command_id=command_id,
        command=command,
        rolls=[r.to_dict() for r in outcome.rolls],
        events=outcome.events,
        pending=state.pending.to_dict(),
        created_at=timezone.now(),
    )
    battle.state = state.to_dict()
    battle.updated_at = event.created_at
    if state.result is not None:
        battle.status = Battle.Status.FINISHED
    return event


def record_locked_step(battle: Battle, event: BattleEvent) -> None:
    """record_step for a step worked out under the battle's lock (lock_battle): no submit can have
    moved the battle on, except where the database locks no rows (SQLite), and then the step is
    refused as made on a battle that has moved on."""
    if not record_step(battle, event):
        raise stale_version()


def _db_value(field: Any, instance: Any) -> Any:
    value = getattr(instance, field.attname)
    if isinstance(field, JSONField) and connection.vendor == "postgresql":
        return Jsonb(value, dumps=jsontext.dumps_bytes)
    return field.get_db_prep_save(value, connection)


@contextmanager
def _cursor() -> Iterator[Any]:
    """A cursor for the submit's own SQL. On PostgreSQL it sends the parameters apart from the query
    (server-side binding) where the ORM's cursor quotes them into it: quoting the 12 KB snapshot
    cost 0.3 ms of CPU a command, and a statement bound on the server is prepared once per
    connection. It shares the connection, and so the transaction, of the ORM, and raises the ORM's
    errors (a unique violation is Django's IntegrityError, as from the ORM's own cursor)."""
    with connection.wrap_database_errors:
        if connection.vendor != "postgresql":
            with connection.cursor() as cursor:
                yield cursor
            return
        connection.ensure_connection()
        with psycopg.Cursor(connection.connection) as cursor:
            yield cursor


class Recent(NamedTuple):
    public_id: str
    version: int
    state: BattleState
    row: tuple[Any, ...]
    """The battle's LOCKED_FIELDS as that submit left them."""


class Followed(NamedTuple):
    """A step another process committed, as its push brought it here: enough to replay it."""

    seq: int
    side: str
    command: dict[str, Any]
    rolls: list[dict[str, Any]]


FOLLOWED_MOST = 8
"""Steps of other processes kept to replay on a battle's state held here; past that, the battle is
read again when next needed (a read costs less than this many replays)."""


class RecentStates:
    """The state each battle reached in this process's latest committed submit, so the next submit
    need not read the battle or decode its snapshot. A hit is a guess that no other process moved
    the battle on since: a submit's write holds only if the battle is still at that version
    (record_step), and a refusal made on a guess is checked against the database. Sharing a state
    is safe because nothing changes one in place (apply returns a new state).

    A battle played through two processes (each player's socket on its own) moves on in the other
    process every other step: the steps the other process pushes are followed (`follow`) and
    replayed on the state held here when next needed, as the record replays, so the guess stays
    right without reading the battle back."""

    def __init__(self, size: int = 256, kept: int = 32, versions: int = 12) -> None:
        self.size = size
        self.states: OrderedDict[int, Recent] = OrderedDict()
        self.followed: dict[int, tuple[Followed, ...]] = {}
        """By battle, the steps after the state held of it that other processes committed, in order."""
        self.kept, self.versions = kept, versions
        self.earlier: OrderedDict[int, tuple[str, dict[int, BattleState]]] = OrderedDict()
        """The states of the `versions` latest steps of the `kept` battles moved on latest, for a
        takeback (battles/play/offers.py): the state it returns to is the state at the version
        before the oldest step it undoes. A miss costs a replay of the record, never a wrong state."""
        self.lock = threading.Lock()

    def get(self, battle: Battle) -> BattleState:
        hit = self._caught_up(battle.id)
        if hit is not None and hit[:2] == (battle.public_id, battle.version):
            return hit.state
        return battle.load_state()

    def latest(self, battle_id: int) -> tuple[Battle, BattleState] | None:
        """The battle (its LOCKED_FIELDS) and its state as this process last committed them, or
        followed them since, if it holds them."""
        hit = self._caught_up(battle_id)
        if hit is None:
            return None
        return Battle.from_db(connection.alias, list(LOCKED_FIELDS), hit.row), hit.state

    def forget(self, battle_id: int) -> None:
        with self.lock:
            self.states.pop(battle_id, None)
            self.followed.pop(battle_id, None)

    def follow(self, battle_id: int, public_id: str, seq: int, step: dict[str, Any] | None) -> None:
        """Step `seq` of the battle reached this process's sockets (`step`: its side, command and
        rolls, None for a step no command makes: a takeback, a claim on time). One that follows
        what is held here is kept, to be replayed when next needed; one held already (this
        process's own) is passed over; any other (a gap, a step that does not replay, too many
        waiting) drops the battle, to be read again."""
        with self.lock:
            hit = self.states.get(battle_id)
            if hit is None or hit.public_id != public_id:
                return
            waiting = self.followed.get(battle_id, ())
            known = hit.version + len(waiting)
            if seq <= known:
                return
            if step is not None and seq == known + 1 and len(waiting) < FOLLOWED_MOST:
                followed = Followed(seq, str(step["side"]), dict(step["command"]), list(step["rolls"]))
                self.followed[battle_id] = (*waiting, followed)
                return
            del self.states[battle_id]
            self.followed.pop(battle_id, None)

    def _caught_up(self, battle_id: int) -> Recent | None:
        """What this process holds of the battle, the steps it followed replayed (and kept)."""
        with self.lock:
            hit = self.states.get(battle_id)
            waiting = self.followed.get(battle_id, ())
        if hit is None or not waiting:
            return hit
        state = hit.state
        try:
            for step in waiting:
                entry = Entry(step.side, step.command, [Roll.from_dict(r) for r in step.rolls])
                state = replay_entry(state, step.seq, entry).state
        except RecordError as exc:
            # A committed step that does not replay here: read the battle (and say so: the
            # record is meant to replay).
            log.warning("battle %s: a followed step did not replay (%s); reading it", battle_id, exc)
            self.forget(battle_id)
            return None
        battle = Battle.from_db(connection.alias, list(LOCKED_FIELDS), hit.row)
        battle.version = waiting[-1].seq
        if state.result is not None:
            battle.status = Battle.Status.FINISHED
        with self.lock:
            if self.states.get(battle_id) is not hit:
                return None  # moved on here meanwhile: read it
            return self._put(battle, state)

    def put(self, battle: Battle, state: BattleState) -> None:
        with self.lock:
            self._put(battle, state)

    def _put(self, battle: Battle, state: BattleState) -> Recent:
        row = tuple(getattr(battle, name) for name in LOCKED_FIELDS)
        before = self.states.get(battle.id)
        waiting = self.followed.pop(battle.id, ()) if before and before.public_id == battle.public_id else ()
        held = self.states[battle.id] = Recent(battle.public_id, battle.version, state, row)
        self.states.move_to_end(battle.id)
        later = tuple(s for s in waiting if s.seq > battle.version)
        if later and later[0].seq == battle.version + 1:
            self.followed[battle.id] = later
        while len(self.states) > self.size:
            dropped, _ = self.states.popitem(last=False)
            self.followed.pop(dropped, None)
        public_id, versions = self.earlier.get(battle.id, (battle.public_id, {}))
        if public_id != battle.public_id:
            versions = {}
        versions[battle.version] = state
        for old in sorted(versions)[: -self.versions]:
            del versions[old]
        self.earlier[battle.id] = (battle.public_id, versions)
        self.earlier.move_to_end(battle.id)
        while len(self.earlier) > self.kept:
            self.earlier.popitem(last=False)
        return held

    def at(self, battle: Battle, version: int) -> BattleState | None:
        """The battle's state at `version`, if this process made it lately (or holds it)."""
        with self.lock:
            public_id, versions = self.earlier.get(battle.id, ("", {}))
            return versions.get(version) if public_id == battle.public_id else None


recent_states = RecentStates()
