"""A step of a replay, asked for by any page (`?step=` on the replay, the tape, a card, a preview),
costs no more the longer the battle: counted in entries the server replays, not timed."""

from __future__ import annotations

import asyncio
import http.client
import json
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

import rules_core.record
from battles.models import Battle, StateCheckpoint
from battles.play import persistence, replays
from battles.play.create import create_battle
from battles.play.offers import answer_offer, make_offer
from battles.play.records import battle_record
from battles.play.replays import CHECKPOINT_EVERY, state_at
from battles.play.submit import submit
from rules_core.record import steps
from tests.battles.demos import demo_setup
from tests.battles.play.conftest import new_battle
from tests.livestack import DaphneServer, JsonSocket

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


def test_a_replayed_state_is_kept_before_the_next_thread_may_replay_the_battle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A crowd asking for one step waits on the battle's replay lock: the state must be kept while
    the lock is still held, or a thread let in between finds nothing and replays the step again
    (seen as a step replayed twice by the real-server crowd below on a loaded machine)."""
    battle = long_battle(12)
    monkeypatch.setattr(replays, "replayed", replays.ReplayedStates())
    lock = replays._replaying[battle.id % len(replays._replaying)]
    held_while_kept: list[bool] = []
    keep = replays.replayed.put

    def put(*args, **kwargs):
        held_while_kept.append(lock._is_owned())  # type: ignore[attr-defined]
        return keep(*args, **kwargs)

    monkeypatch.setattr(replays.replayed, "put", put)
    state_at(battle, 5)
    assert held_while_kept == [True]


REPLAYED = re.compile(r"replayed battle (\w+) to step (\d+) from step (\d+): (\d+) entries")


@pytest.mark.long(12)
@pytest.mark.django_db(transaction=True)
def test_a_crowd_of_step_requests_to_a_real_server_replays_a_bounded_number_of_entries() -> None:
    """Through Daphne, as the finding was seen: clients asking a long battle for many past steps at
    once, while another battle is played. Counted in the replays the server logs, not timed."""
    long = long_battle(2 * CHECKPOINT_EVERY + 10)
    assert StateCheckpoint.objects.filter(battle=long).count() == 2  # kept by the steps themselves
    other, tokens = new_battle()
    server = DaphneServer(extra_env={"LOG_LEVEL": "DEBUG", "NUDGE_EVERY_SECONDS": "0"}).start()
    asked = [long.version - back for back in range(1, 25)]  # some past the last checkpoint, some before
    pages = [
        "replay/?step={}",
        f"models/{WARRIOR}/?step={{}}",
        f"measure/?from={WARRIOR}&to=0,0&step={{}}",
        "preview/?command=%7B%7D&step={}",  # a command to preview that is no command: refused after the replay
    ]

    def crowd(client_number: int) -> list[int]:
        client = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        answers = []
        for n, step in enumerate(asked):
            page = pages[(n + client_number) % len(pages)]
            client.request("GET", f"/battles/{long.public_id}/" + page.format(step))
            answer = client.getresponse()
            answer.read()
            answers.append(answer.status)
        client.close()
        return answers

    async def play_the_other_battle() -> int:
        good = JsonSocket(server.url, other.public_id, tokens["good"])
        await good.open()
        played = 0
        at = other.state["models"][WARRIOR]
        for n in range(10):
            place = {"type": "place", "model": WARRIOR, "at": [at["x"], at["y"] + 0.5 * (n % 2)]}
            sent = await good.command(place, expected_version=n)
            answer = await good.next_message()
            assert answer["type"] in ("step", "view") and answer.get("id", sent) == sent, answer
            played += 1
        await good.close()
        return played

    try:
        with ThreadPoolExecutor(4) as pool:
            crowds = [pool.submit(crowd, n) for n in range(4)]
            played = asyncio.run(play_the_other_battle())
            answers = [status for asked_by in crowds for status in asked_by.result()]
    finally:
        server.stop()
    assert played == 10 and set(answers) <= {200, 400} and len(answers) == 4 * len(asked)
    replays = [match.groups() for match in REPLAYED.finditer(server.log_path.read_text(errors="replace"))]
    assert replays, "the server logged no replay (LOG_LEVEL=DEBUG)"
    by_battle = {public_id for public_id, *_ in replays}
    assert by_battle == {long.public_id}  # the other battle's steps replayed nothing
    # Each step asked for replayed once, by one client, the others finding it kept; and never more
    # entries than between two checkpoints, however late the step.
    assert sorted(int(step) for _, step, _, _ in replays) == sorted(asked)
    assert max(int(entries) for *_, entries in replays) <= CHECKPOINT_EVERY


def test_a_checkpoint_costs_its_step_one_statement_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cost docs/performance.md gives: a step that keeps a checkpoint writes it in a second
    statement; every other step's writes are as they were (one statement on PostgreSQL)."""
    monkeypatch.setattr(persistence, "CHECKPOINT_EVERY", 3)
    battle = create_battle("Counted", demo_setup())
    statements = []
    for _ in range(4):
        at = Battle.objects.get(pk=battle.pk).state["models"][WARRIOR]
        with CaptureQueriesContext(connection) as queries:
            submit(battle.id, "good", {"type": "place", "model": WARRIOR, "at": [at["x"], at["y"] + 0.5]})
        statements.append(len(queries))
    assert statements[2] == statements[1] + 1 == statements[3] + 1
    assert list(StateCheckpoint.objects.filter(battle=battle).values_list("step", flat=True)) == [3]
