"""How a submit reads and writes a battle's rows, in SQL written by hand for speed: the lock, the
step record (the new event and the snapshot), and this process's cache of the latest states.

Written in SQL because the ORM cost more CPU than the database's own work, on every command:
building the lock query took longer than running it (0.5 ms), and `save` and `create` more than
the writes. Values are still prepared by the models' own fields, so they are stored exactly as the
ORM would store them. Every statement runs on the ORM's connection, in its transaction.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

import psycopg
from django.db import connection
from django.db.models import Field, JSONField
from psycopg.types.json import Jsonb

from rules_core import BattleState

from . import jsontext
from .models import Battle, BattleEvent, StateCheckpoint
from .replays import CHECKPOINT_EVERY

LOCKED_FIELDS = ("id", "public_id", "name", "ruleset", "status", "version")
"""What a submit reads of the battle it locks: the setup is never read, and the state only when this
process has not the latest at hand (RecentStates); Django fetches a field left out when it is read."""

SNAPSHOT_FIELDS = ("state", "version", "status", "updated_at")
"""What a step changes of the battle's row."""


class Locked(NamedTuple):
    battle: Battle
    seen_command: bool
    """Whether an event of this battle already carries the command id asked about."""


def lock_query() -> tuple[str, list[Field[Any, Any]]]:
    """The lock's SQL, and its fields: parameters are the battle id, the command id, the battle id.

    The command id is looked up by the partial unique index `command_applied_once` (ids that are
    not empty). A statement bound on the server is prepared, and PostgreSQL soon plans it once for
    any values: "NOT command_id = ''" lets that plan use the index too; without it, it read every
    event of the battle, so a step cost more the longer the battle."""
    quote = connection.ops.quote_name
    fields = [f for f in Battle._meta.concrete_fields if f.attname in LOCKED_FIELDS]
    columns = ", ".join(quote(f.column) for f in fields)
    events = quote(BattleEvent._meta.db_table)
    seen = f"EXISTS(SELECT 1 FROM {events} WHERE battle_id = %s AND command_id = %s AND NOT command_id = '')"
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return f"SELECT {columns}, {seen} FROM {quote(Battle._meta.db_table)} WHERE id = %s{lock}", fields


def lock_battle(battle_id: int, command_id: str) -> Locked | None:
    """Lock the battle's row until the transaction ends and, in the same query, ask whether
    `command_id` was applied before. None if there is no such battle."""
    query, fields = lock_query()
    with _cursor() as cursor:
        cursor.execute(query, [battle_id, command_id, battle_id])
        row = cursor.fetchone()
    if row is None:
        return None
    battle = Battle.from_db(connection.alias, [f.attname for f in fields], row[:-1])
    return Locked(battle, bool(row[-1]))


def applied_event(battle_id: int, command_id: str) -> BattleEvent | None:
    """The event that a command id made, if one did."""
    return BattleEvent.objects.filter(battle_id=battle_id, command_id=command_id).first()


def record_step(battle: Battle, event: BattleEvent) -> None:
    """Append the event and save the snapshot: on PostgreSQL in one statement (one round trip),
    elsewhere in two. JSON is written by orjson on PostgreSQL (see jsontext). Every
    `CHECKPOINT_EVERY` steps the snapshot is kept as a checkpoint too, for replays."""
    _append_and_save(battle, event)
    if battle.version % CHECKPOINT_EVERY == 0:
        StateCheckpoint.objects.create(battle_id=battle.id, step=battle.version, state=battle.state)


def _append_and_save(battle: Battle, event: BattleEvent) -> None:
    quote = connection.ops.quote_name
    inserted = [f for f in BattleEvent._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(quote(f.column) for f in inserted)
    marks = ", ".join(["%s"] * len(inserted))
    values = [_db_value(f, event) for f in inserted]
    fields = [f for f in Battle._meta.concrete_fields if f.attname in SNAPSHOT_FIELDS]
    sets = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    snapshot = [_db_value(f, battle) for f in fields]
    insert = f"INSERT INTO {quote(BattleEvent._meta.db_table)} ({columns}) VALUES ({marks}) RETURNING id"
    update = f"UPDATE {quote(Battle._meta.db_table)} SET {sets} WHERE id = %s"
    with _cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"WITH e AS ({insert}) {update} RETURNING (SELECT id FROM e)", [*values, *snapshot, battle.id]
            )
        else:
            cursor.execute(insert, values)
            event.pk = cursor.fetchone()[0]
            cursor.execute(update, [*snapshot, battle.id])
            return
        event.pk = cursor.fetchone()[0]


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


class RecentStates:
    """The state each battle reached in this process's latest committed submit, so the next submit
    need not decode the snapshot. A hit must match the battle's public id and version: a battle that
    another process moved on, or a new battle that reuses an id, is decoded afresh. Sharing a state
    is safe because nothing changes one in place (apply returns a new state)."""

    def __init__(self, size: int = 256, kept: int = 32, versions: int = 12) -> None:
        self.size = size
        self.states: OrderedDict[int, tuple[str, int, BattleState]] = OrderedDict()
        self.kept, self.versions = kept, versions
        self.earlier: OrderedDict[int, tuple[str, dict[int, BattleState]]] = OrderedDict()
        """The states of the `versions` latest steps of the `kept` battles moved on latest, for a
        takeback (battles/play/offers.py): the state it returns to is the state at the version
        before the oldest step it undoes. A miss costs a replay of the record, never a wrong state."""
        self.lock = threading.Lock()

    def get(self, battle: Battle) -> BattleState:
        with self.lock:
            hit = self.states.get(battle.id)
        if hit is not None and hit[:2] == (battle.public_id, battle.version):
            return hit[2]
        return battle.load_state()

    def put(self, battle: Battle, state: BattleState) -> None:
        with self.lock:
            self.states[battle.id] = (battle.public_id, battle.version, state)
            self.states.move_to_end(battle.id)
            while len(self.states) > self.size:
                self.states.popitem(last=False)
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

    def at(self, battle: Battle, version: int) -> BattleState | None:
        """The battle's state at `version`, if this process made it lately (or holds it)."""
        with self.lock:
            public_id, versions = self.earlier.get(battle.id, ("", {}))
            return versions.get(version) if public_id == battle.public_id else None


recent_states = RecentStates()
