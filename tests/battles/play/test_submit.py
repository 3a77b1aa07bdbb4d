"""submit: the state it reuses from this process's last commit, and a retry with a stale version."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection, transaction

from battles.models import Battle, BattleEvent
from battles.play import persistence
from battles.play.create import create_battle
from battles.play.refusals import SubmitError
from battles.play.submit import submit
from rules_core import BattleState, RuleViolation
from tests.battles.demos import demo_setup
from tests.conftest import skip_or_fail

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_recent_states() -> None:
    persistence.recent_states.states.clear()


def _snapshot_never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(battle: Battle) -> None:
        raise AssertionError("the snapshot was decoded")

    monkeypatch.setattr(Battle, "load_state", refuse)


def test_the_next_submit_reuses_the_state_this_process_committed(scripted_dice, monkeypatch) -> None:
    battle = create_battle("Reuse", demo_setup())
    submit(battle.id, "good", {"type": "ready"})
    _snapshot_never_read(monkeypatch)
    scripted_dice.script.extend([6, 2])
    submit(battle.id, "evil", {"type": "ready"})
    saved = Battle.objects.get(pk=battle.id)
    public_id, version, state = persistence.recent_states.states[battle.id]
    assert (public_id, version) == (saved.public_id, saved.version) == (battle.public_id, 2)
    assert BattleState.from_dict(saved.state).to_dict() == state.to_dict()


def test_the_step_is_stored_as_it_was_made(scripted_dice) -> None:
    battle = create_battle("Stored", demo_setup())
    submit(battle.id, "good", {"type": "ready"})
    scripted_dice.script.extend([6, 2])
    made = submit(battle.id, "evil", {"type": "ready"}, "cmd-2", expected_version=1).event
    stored = BattleEvent.objects.get(battle_id=battle.id, seq=2)
    assert (stored.pk, stored.side, stored.command_id, stored.command) == (
        made.pk,
        "evil",
        "cmd-2",
        {"type": "ready"},
    )
    assert [face for r in stored.rolls for face in r["faces"]] == [6, 2]
    assert (stored.rolls, stored.events, stored.pending) == (made.rolls, made.events, made.pending)
    assert stored.pending["side"] in ("good", "evil")


def test_a_battle_moved_on_by_another_process_is_read_from_its_snapshot(scripted_dice) -> None:
    battle = create_battle("Moved on", demo_setup())
    submit(battle.id, "good", {"type": "ready"})
    known_here = dict(persistence.recent_states.states)
    persistence.recent_states.states.clear()  # another process applies the next command
    scripted_dice.script.extend([6, 2])
    submit(battle.id, "evil", {"type": "ready"})
    persistence.recent_states.states.update(known_here)  # this process still holds step 1

    # Only the state after step 2 offers Good the Priority choice; step 1's would refuse it.
    submit(battle.id, "good", {"type": "priority", "side": "good"})
    assert Battle.objects.get(pk=battle.id).version == 3


def test_a_rolled_back_submit_leaves_no_state_behind(scripted_dice) -> None:
    battle = create_battle("Rolled back", demo_setup())
    with pytest.raises(RuntimeError), transaction.atomic():
        submit(battle.id, "good", {"type": "ready"})
        raise RuntimeError("the caller's transaction fails")
    assert battle.id not in persistence.recent_states.states
    with pytest.raises(RuleViolation):
        submit(battle.id, "evil", {"type": "ready"})  # still Good's deployment
    assert submit(battle.id, "good", {"type": "ready"}).event.seq == 1


def test_a_retry_after_the_battle_moved_on_is_a_duplicate_not_stale(scripted_dice) -> None:
    battle = create_battle("Retry", demo_setup())
    first = str(uuid.uuid4())
    applied = submit(battle.id, "good", {"type": "ready"}, first, expected_version=0)
    again = submit(battle.id, "good", {"type": "ready"}, first, expected_version=0)
    assert again.duplicate and again.event.seq == applied.event.seq == 1
    with pytest.raises(SubmitError) as refused:
        submit(battle.id, "evil", {"type": "ready"}, str(uuid.uuid4()), expected_version=0)
    assert refused.value.code == "stale_version"


def _needs_postgresql(what: str) -> None:
    if connection.vendor != "postgresql":
        skip_or_fail(f"{what} (DATABASE_URL)")


def test_the_prepared_lock_finds_a_command_id_by_index_however_long_the_battle() -> None:
    """psycopg prepares the lock after a few submits and PostgreSQL then keeps one plan for any
    values: that plan must look the command id up in its index, not read every event of the battle."""
    _needs_postgresql("the plan of a prepared statement is PostgreSQL's")
    query, _ = persistence.lock_query()
    for number in (1, 2, 3):
        query = query.replace("%s", f"${number}", 1)
    with connection.cursor() as cursor:
        cursor.execute("SET plan_cache_mode = force_generic_plan")
        cursor.execute(f"PREPARE beacon_lock (bigint, text, bigint) AS {query}")
        cursor.execute("EXPLAIN EXECUTE beacon_lock (1, 'a-command-id', 1)")
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("DEALLOCATE beacon_lock")
        cursor.execute("RESET plan_cache_mode")
    assert "command_applied_once" in plan, plan


def test_the_snapshot_is_json_text_compressed_with_lz4_on_postgresql() -> None:
    """Every command rewrites the 12 KB snapshot: as text, not parsed into jsonb, and with lz4,
    PostgreSQL writes it faster than with its defaults."""
    _needs_postgresql("column types and compression are PostgreSQL's")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT format_type(atttypid, atttypmod), attcompression FROM pg_attribute "
            "WHERE attrelid = 'battles_battle'::regclass AND attname = 'state'"
        )
        assert cursor.fetchone() == ("text", "l")
