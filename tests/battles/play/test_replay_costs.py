"""A step of a replay, asked for by any page (`?step=` on the replay, the tape, a card, a preview),
costs no more the longer the battle: counted in entries the server replays, not timed."""

from __future__ import annotations

import json

import pytest
from django.test import Client

import rules_core.record
from battles.models import Battle, StateCheckpoint
from battles.play import replays
from battles.play.create import create_battle
from battles.play.offers import answer_offer, make_offer
from battles.play.records import battle_record
from battles.play.replays import CHECKPOINT_EVERY, state_at
from battles.play.submit import submit
from rules_core.record import steps
from tests.battles.demos import demo_setup

pytestmark = [pytest.mark.django_db]

WARRIOR = "warrior-of-minas-tirith-1"


def long_battle(length: int) -> Battle:
    """A battle in deployment, Good's warrior placed back and forth `length` times, every fifth
    placing taken back."""
    battle = create_battle("Long", demo_setup())
    while battle.version < length:
        at = battle.state["models"][WARRIOR]
        dy = 0.5 if at["y"] < 40 else -0.5
        submit(battle.id, "good", {"type": "place", "model": WARRIOR, "at": [at["x"], at["y"] + dy]})
        if battle.version % 5 == 3:
            make_offer(battle.id, "good", "takeback", 1)
            answer_offer(battle.id, "evil", True)
        battle = Battle.objects.get(pk=battle.pk)
    return battle


@pytest.fixture
def replayed_entries(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every entry the server replays from now on (the referee's apply, called by a replay)."""
    applied: list[int] = []
    apply = rules_core.record.apply

    def counting(*args, **kwargs):
        applied.append(1)
        return apply(*args, **kwargs)

    monkeypatch.setattr(rules_core.record, "apply", counting)
    monkeypatch.setattr(replays, "replayed", replays.ReplayedStates())
    return applied


def forget_replays(counted: list[int]) -> None:
    """Nothing replayed yet, nothing kept: as a server that just started."""
    counted.clear()
    replays.replayed.states.clear()


def test_every_step_replays_to_the_state_the_whole_record_gives() -> None:
    battle = long_battle(2 * CHECKPOINT_EVERY + 7)
    record = json.loads(json.dumps(battle_record(battle)))
    whole = [outcome.state.to_dict() for _, outcome in steps(record)]
    replays.replayed.states.clear()
    for step in (3, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 9, 2 * CHECKPOINT_EVERY + 1, 8, 2):
        assert state_at(battle, step).to_dict() == whole[step - 1], step
    assert state_at(battle, 0).to_dict() == rules_core.new_battle(battle.setup).to_dict()
    assert state_at(battle, battle.version + 5).to_dict() == battle.state


@pytest.mark.long(4)
def test_a_crowd_asking_for_late_steps_replays_a_bounded_number_of_entries(
    client: Client, replayed_entries: list[int]
) -> None:
    battle = long_battle(3 * CHECKPOINT_EVERY + 10)
    forget_replays(replayed_entries)
    assert StateCheckpoint.objects.filter(battle=battle).count() == 3  # kept by the steps themselves
    base = f"/battles/{battle.public_id}"
    late = battle.version - 1
    asked = [
        f"{base}/replay/?step={late}",
        f"{base}/measure/?from={WARRIOR}&to=0,0&step={late}",
        f"{base}/models/{WARRIOR}/?step={late}",
        f"{base}/preview/?command=%7B%7D&step={late}",
    ]
    for url in asked * 10:
        response = client.get(url)
        assert response.status_code in (200, 400), url
    # One replay of at most a checkpoint's worth of entries; the crowd after it finds it kept.
    assert 0 < len(replayed_entries) <= CHECKPOINT_EVERY
    replayed_entries.clear()
    for step in range(late, late - 20, -1):
        client.get(f"{base}/replay/?step={step}")
        assert len(replayed_entries) <= CHECKPOINT_EVERY
        replayed_entries.clear()


def test_a_battle_older_than_checkpoints_gains_them_from_its_first_replay(
    client: Client, replayed_entries: list[int]
) -> None:
    battle = long_battle(2 * CHECKPOINT_EVERY + 5)
    StateCheckpoint.objects.filter(battle=battle).delete()
    forget_replays(replayed_entries)
    client.get(f"/battles/{battle.public_id}/replay/?step={battle.version - 1}")
    assert sorted(StateCheckpoint.objects.filter(battle=battle).values_list("step", flat=True)) == [
        CHECKPOINT_EVERY,
        2 * CHECKPOINT_EVERY,
    ]
    forget_replays(replayed_entries)
    client.get(f"/battles/{battle.public_id}/replay/?step={battle.version - 2}")
    assert len(replayed_entries) <= CHECKPOINT_EVERY
