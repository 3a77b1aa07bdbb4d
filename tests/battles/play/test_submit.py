"""submit: the state it reuses from this process's last commit, and a retry with a stale version."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection, transaction

from battles.models import Battle, BattleEvent
from battles.play import persistence
from battles.play.create import create_battle
from battles.play.publish import replayable
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
    public_id, version, state, _ = persistence.recent_states.states[battle.id]
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


def _at_step_2_while_this_process_holds_step_1(scripted_dice) -> Battle:
    """A demo battle that another process moved on to step 2 (both sides ready) while this one
    still holds the state after step 1."""
    return _moved_on_elsewhere(scripted_dice)[0]


def _moved_on_elsewhere(scripted_dice) -> tuple[Battle, BattleEvent]:
    """As above, with the event of step 2 that the other process committed."""
    battle = create_battle("Moved on", demo_setup())
    submit(battle.id, "good", {"type": "ready"})
    known_here = dict(persistence.recent_states.states)
    persistence.recent_states.states.clear()  # another process applies the next command
    scripted_dice.script.extend([6, 2])
    step_2 = submit(battle.id, "evil", {"type": "ready"}).event
    persistence.recent_states.states.update(known_here)
    return battle, step_2


def _reads_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    reads: list[int] = []
    read = persistence.read_battle

    def counted(battle_id: int) -> tuple[Battle, BattleState] | None:
        reads.append(battle_id)
        return read(battle_id)

    monkeypatch.setattr("battles.play.submit.read_battle", counted)
    return reads


def test_a_step_another_process_pushed_is_replayed_here_not_read_back(scripted_dice, monkeypatch) -> None:
    """Each player's socket on its own server process: the battle moves on in the other process
    every other step. The step it pushed to this process's sockets is replayed on the state held
    here, so the next command is judged on step 2 without reading the battle back."""
    battle, step_2 = _moved_on_elsewhere(scripted_dice)
    persistence.recent_states.follow(battle.id, battle.public_id, 2, replayable(step_2))
    reads = _reads_counted(monkeypatch)
    _snapshot_never_read(monkeypatch)
    submit(battle.id, "good", {"type": "priority", "side": "good"})
    assert reads == [] and Battle.objects.get(pk=battle.id).version == 3
    held = persistence.recent_states.states[battle.id]
    assert held.version == 3
    assert held.state.to_dict() == BattleState.from_dict(Battle.objects.get(pk=battle.id).state).to_dict()


def test_a_pushed_step_that_does_not_follow_what_is_held_drops_it(scripted_dice) -> None:
    battle, step_2 = _moved_on_elsewhere(scripted_dice)
    recent = persistence.recent_states
    recent.follow(battle.id, battle.public_id, 1, replayable(step_2))  # its own step: held already
    assert battle.id in recent.states and battle.id not in recent.followed
    recent.follow(battle.id, battle.public_id, 3, replayable(step_2))  # step 2 never came: a gap
    assert battle.id not in recent.states
    submit(battle.id, "good", {"type": "priority", "side": "good"})  # read back, and judged on step 2
    recent.follow(battle.id, battle.public_id, 4, None)  # a takeback made elsewhere: nothing to replay
    assert battle.id not in recent.states


def test_a_followed_step_that_does_not_replay_here_is_read_instead(scripted_dice, monkeypatch) -> None:
    battle, step_2 = _moved_on_elsewhere(scripted_dice)
    garbled = {**(replayable(step_2) or {}), "rolls": []}  # the dice it rolled lost on the way
    persistence.recent_states.follow(battle.id, battle.public_id, 2, garbled)
    reads = _reads_counted(monkeypatch)
    submit(battle.id, "good", {"type": "priority", "side": "good"})
    assert reads == [battle.id] and Battle.objects.get(pk=battle.id).version == 3


def test_a_refusal_made_on_a_guess_reads_the_battle_once(scripted_dice, monkeypatch) -> None:
    """The client knows step 2, this process holds step 1: the stale version is checked against
    the battle as read, and the command tried again on that read."""
    battle = _at_step_2_while_this_process_holds_step_1(scripted_dice)
    reads = _reads_counted(monkeypatch)
    submit(battle.id, "good", {"type": "priority", "side": "good"}, "p-1", expected_version=2)
    assert reads == [battle.id] and Battle.objects.get(pk=battle.id).version == 3


def test_a_battle_moved_on_by_another_process_is_read_from_its_snapshot(scripted_dice) -> None:
    battle = _at_step_2_while_this_process_holds_step_1(scripted_dice)

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


def test_a_retry_without_a_version_is_a_duplicate_even_where_the_rules_would_take_it_twice() -> None:
    battle = create_battle("Placed twice", demo_setup())
    place = {"type": "place", "model": "aragorn", "at": [24.0, 40.0]}
    applied = submit(battle.id, "good", place, "place-once")
    again = submit(battle.id, "good", place, "place-once")
    assert again.duplicate and again.event.pk == applied.event.pk
    assert (
        Battle.objects.get(pk=battle.id).version == 1
        and BattleEvent.objects.filter(battle=battle).count() == 1
    )


def test_a_write_over_a_battle_moved_on_meanwhile_is_tried_again_on_it(scripted_dice) -> None:
    """What this process holds is a guess: Evil's Ready is legal on the battle it holds (step 1), but
    another process moved the battle on to step 2 first, where Evil is ready already: the write
    finds the battle moved on, and the command is judged again on step 2 and refused there."""
    battle = _at_step_2_while_this_process_holds_step_1(scripted_dice)
    scripted_dice.script.extend([3, 4])  # the try on step 1 rolls for Priority
    with pytest.raises(RuleViolation):
        submit(battle.id, "evil", {"type": "ready"})
    assert Battle.objects.get(pk=battle.id).version == 2
    assert BattleEvent.objects.filter(battle=battle).count() == 2


def test_a_battle_that_keeps_moving_on_asks_the_sender_to_try_again(monkeypatch) -> None:
    battle = create_battle("Busy", demo_setup())
    monkeypatch.setattr("battles.play.submit.record_step", lambda battle, event: False)
    with pytest.raises(SubmitError) as refused:
        submit(battle.id, "good", {"type": "ready"})
    assert refused.value.code == "busy"
    assert Battle.objects.get(pk=battle.id).version == 0
