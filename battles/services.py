"""The only code that writes a battle: create it, and submit one command at a time."""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import JSONField, Q
from django.utils import timezone
from psycopg.types.json import Jsonb

import rules_core
from rules_core import Dice, RuleViolation, SystemDice
from rules_core.setup import number_namesakes

from . import jsontext
from .armies import summarise
from .dice import ScriptFileDice
from .listfile import FollowerDraft, ListDraft, WarbandDraft
from .models import ArmyList, Battle, BattleEvent, Follower, Profile, Seat, Warband
from .profiles import BadData, clean_profile
from .setups import battle_setup


def make_dice() -> Dice:
    """Live dice (scripted from a file when BEACON_DICE_SCRIPT names one: browser tests)."""
    if settings.DICE_SCRIPT_FILE:
        return ScriptFileDice(Path(settings.DICE_SCRIPT_FILE))
    return SystemDice()


class SubmitError(Exception):
    """A submit refused before the rules were asked (stale version, unknown battle ...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Submitted:
    event: BattleEvent
    duplicate: bool


def create_battle(name: str, setup: dict[str, Any]) -> Battle:
    """Make a battle and its two seats. Raises RuleViolation if the setup is unusable.

    Models that share a name are numbered first, so players can tell them apart everywhere."""
    with contextlib.suppress(AttributeError, KeyError, TypeError):  # malformed: new_battle says why
        setup = number_namesakes(setup)
    state = rules_core.new_battle(setup)
    with transaction.atomic():
        battle = Battle.objects.create(name=name, setup=setup, state=state.to_dict(), ruleset=state.ruleset)
        for side in rules_core.SIDES:
            Seat.objects.create(battle=battle, side=side)
    return battle


def submit(
    battle_id: int,
    side: str,
    command: dict[str, Any],
    command_id: str = "",
    expected_version: int | None = None,
    dice: Dice | None = None,
) -> Submitted:
    """Apply one command in one transaction, then broadcast the step once it is committed.

    A command id already applied returns the event it made, without applying it again.
    """
    try:
        return _submit(battle_id, side, command, command_id, expected_version, dice)
    except IntegrityError:
        # Another submit with the same command id won the race: report what it made.
        existing = BattleEvent.objects.filter(battle_id=battle_id, command_id=command_id).first()
        if command_id and existing is not None:
            return Submitted(existing, duplicate=True)
        raise


def _submit(
    battle_id: int,
    side: str,
    command: dict[str, Any],
    command_id: str,
    expected_version: int | None,
    dice: Dice | None,
) -> Submitted:
    with transaction.atomic():
        battle = _lock(battle_id, command_id)
        if battle is None:
            raise SubmitError("unknown_battle", "There is no such battle.")
        # The lock's query said whether the id was seen; a stale version may hide a retry whose
        # first try committed while we waited for the lock, so look again before refusing it.
        stale = expected_version is not None and expected_version != battle.version
        if command_id and (battle.seen_command or stale):
            existing = BattleEvent.objects.filter(battle=battle, command_id=command_id).first()
            if existing is not None:
                return Submitted(existing, duplicate=True)
        if stale:
            raise SubmitError(
                "stale_version",
                "The battle has moved on since your screen last updated; it has been refreshed, "
                "please choose again.",
            )
        outcome = rules_core.apply(recent_states.get(battle), side, command, dice or make_dice())  # type: ignore[arg-type]
        battle.version += 1
        state = outcome.state
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
        _record_step(battle, event)
        transaction.on_commit(lambda: committed(battle, event, state))
    return Submitted(event, duplicate=False)


SNAPSHOT_FIELDS = ("state", "version", "status", "updated_at")


def _record_step(battle: Battle, event: BattleEvent) -> None:
    """Append the event and save the snapshot: on PostgreSQL in one statement (one round trip),
    elsewhere in two. Written in SQL for the same reason as `_lock`: the ORM's save and create
    cost more CPU than the writes themselves, on every command. Values are prepared by the
    models' own fields, so they are stored exactly as the ORM would store them (JSON on PostgreSQL
    written by orjson, see jsontext)."""
    quote = connection.ops.quote_name
    inserted = [f for f in BattleEvent._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(quote(f.column) for f in inserted)
    marks = ", ".join(["%s"] * len(inserted))
    values = [_db_value(f, event) for f in inserted]
    fields = [Battle._meta.get_field(name) for name in SNAPSHOT_FIELDS]
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


LOCKED_FIELDS = ("id", "public_id", "name", "ruleset", "status", "version")
"""What a submit reads of the battle it locks: the setup is never read, and the state only when this
process has not the latest at hand (RecentStates); Django fetches a field left out when it is read."""


def lock_query() -> tuple[str, list[Any]]:
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


def _lock(battle_id: int, command_id: str) -> Battle | None:
    """Lock the battle's row and, in the same query, ask whether `command_id` was applied before
    (`seen_command`). Written in SQL: building it with the ORM took longer than running it (0.5 ms
    of CPU a command)."""
    query, fields = lock_query()
    with _cursor() as cursor:
        cursor.execute(query, [battle_id, command_id, battle_id])
        row = cursor.fetchone()
    if row is None:
        return None
    battle = Battle.from_db(connection.alias, [f.attname for f in fields], row[:-1])
    battle.seen_command = bool(row[-1])  # type: ignore[attr-defined]
    return battle


def _cursor() -> Any:
    """A cursor for the submit's own SQL. On PostgreSQL it sends the parameters apart from the query
    (server-side binding) where the ORM's cursor quotes them into it: quoting the 12 KB snapshot
    cost 0.3 ms of CPU a command, and a statement bound on the server is prepared once per
    connection. It shares the connection, and so the transaction, of the ORM."""
    if connection.vendor != "postgresql":
        return connection.cursor()
    connection.ensure_connection()
    return psycopg.Cursor(connection.connection)


class RecentStates:
    """The state each battle reached in this process's latest committed submit, so the next submit
    need not decode the snapshot. A hit must match the battle's public id and version: a battle that
    another process moved on, or a new battle that reuses an id, is decoded afresh. Sharing a state
    is safe because nothing changes one in place (apply returns a new state)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.states: OrderedDict[int, tuple[str, int, rules_core.BattleState]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, battle: Battle) -> rules_core.BattleState:
        with self.lock:
            hit = self.states.get(battle.id)
        if hit is not None and hit[:2] == (battle.public_id, battle.version):
            return hit[2]
        return battle.load_state()

    def put(self, battle: Battle, state: rules_core.BattleState) -> None:
        with self.lock:
            self.states[battle.id] = (battle.public_id, battle.version, state)
            self.states.move_to_end(battle.id)
            while len(self.states) > self.size:
                self.states.popitem(last=False)


recent_states = RecentStates()


def committed(battle: Battle, event: BattleEvent, state: rules_core.BattleState) -> None:
    recent_states.put(battle, state)
    broadcast_step(battle, event, state)


def broadcast_step(battle: Battle, event: BattleEvent, state: rules_core.BattleState) -> None:
    from .realtime import publish_step

    publish_step(battle, event, state)


def start_battle(
    name: str, armies: dict[str, Any], creator: Any = None, creator_side: str | None = None
) -> Battle:
    """A battle fought by two lists (saved or drafts); the creator, if signed in, may take a seat.

    Raises BadData, naming the list and its problems, if a list is not ready for battle.
    """
    for side in rules_core.SIDES:
        problems = summarise(armies[side]).problems
        if problems:
            raise BadData(
                f"{armies[side].name} is a draft and cannot go to battle yet: " + " ".join(problems)
            )
    setup = battle_setup(armies)
    with transaction.atomic():
        battle = create_battle(name, setup)
        if creator is not None and creator.is_authenticated:
            battle.created_by = creator
            battle.save(update_fields=["created_by"])
            if creator_side in rules_core.SIDES:
                battle.seats.filter(side=creator_side).update(user=creator)
    return battle


def unused_list_name(owner: Any, name: str) -> str:
    """The name, or with " (2)", " (3)" ... if the owner already has a list called that."""
    taken = set(ArmyList.objects.filter(owner=owner).values_list("name", flat=True))
    candidate, number = name[:100], 1
    while candidate in taken:
        number += 1
        suffix = f" ({number})"
        candidate = name[: 100 - len(suffix)] + suffix
    return candidate


def save_list(owner: Any, draft: ListDraft) -> ArmyList:
    """Save a list for its new owner: an import, or a copy of a list. Profiles that the owner can
    already use, with the same characteristics, are reused; any other becomes the owner's own."""
    with transaction.atomic():
        profiles = {id(p): _usable_profile(owner, p) for p in draft.profiles()}
        army = ArmyList.objects.create(
            owner=owner, name=unused_list_name(owner, draft.name), points_limit=draft.points_limit
        )
        for position, w in enumerate(draft.warbands_in_order()):
            warband = Warband.objects.create(
                army_list=army,
                position=position,
                hero=profiles[id(w.hero)],
                hero_options=list(w.hero_options),
                is_general=w.is_general,
            )
            Follower.objects.bulk_create(
                Follower(
                    warband=warband,
                    position=i,
                    profile=profiles[id(f.profile)],
                    count=f.count,
                    options=list(f.options),
                )
                for i, f in enumerate(w.followers_in_order())
            )
    return army


def _usable_profile(owner: Any, profile: Profile) -> Profile:
    if profile.pk is not None and Profile.visible_to(owner).filter(pk=profile.pk).exists():
        return profile
    data = clean_profile(profile.to_data())
    name = data["name"]
    # A profile imported before under a changed name counts as the same profile.
    similar = Profile.visible_to(owner).filter(Q(name=name) | Q(name__startswith=f"{name} (imported"))
    for candidate in similar.order_by("owner_id", "pk"):
        if {**clean_profile(candidate.to_data()), "name": name} == data:
            return candidate
    if similar.filter(name=name).exists():
        data["name"] = _unused_profile_name(owner, name)
    mine = Profile(owner=owner)
    mine.set_data(data)
    mine.save()
    return mine


def _unused_profile_name(owner: Any, name: str) -> str:
    number = 1
    while True:
        suffix = " (imported)" if number == 1 else f" (imported {number})"
        candidate = name[: 100 - len(suffix)] + suffix
        if not Profile.visible_to(owner).filter(name=candidate).exists():
            return candidate
        number += 1


def draft_of(army: ArmyList) -> ListDraft:
    """A saved list as a draft, to copy it (the profiles stay the saved ones)."""
    return ListDraft(
        army.name,
        army.points_limit,
        [
            WarbandDraft(
                w.hero,
                list(w.hero_options),
                w.is_general,
                [FollowerDraft(f.profile, f.count, list(f.options)) for f in w.followers_in_order()],
            )
            for w in army.warbands_in_order()
        ],
    )


__all__ = [
    "BadData",
    "RuleViolation",
    "SubmitError",
    "Submitted",
    "create_battle",
    "draft_of",
    "save_list",
    "start_battle",
    "submit",
    "unused_list_name",
]
