"""A battle's clock at the table: chosen with the battle, read from its timestamps, shown to both
seats and spectators, stopped on the side that has decided; a claim on time is judged by the
server's clock and ends the battle; running out in a friendly battle only flags it."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from battles.models import Battle, BattleEvent
from battles.play.create import create_battle as create_battle_now
from battles.play.records import battle_record
from battles.play.submit import submit
from rules_core.record import replay
from tests.battles.conftest import command, create_battle, receive, saved
from tests.battles.demos import demo_setup
from tests.battles.play.test_consumer import step_everywhere, three_sockets
from tests.battles.play.test_takebacks import refusal

pytestmark = [pytest.mark.django_db(transaction=True)]

HOUR = 3600


def timed_setup(out_of_time: str = "claim", kind: str = "chess") -> dict:
    setup = demo_setup()
    if kind == "chess":
        setup["clock"] = {"kind": "chess", "total": HOUR, "increment": 60, "out_of_time": out_of_time}
    else:
        setup["clock"] = {"kind": "correspondence", "days": 2, "out_of_time": out_of_time}
    return setup


async def made_ago(battle: Battle, seconds: float) -> None:
    """The battle was made `seconds` ago (before any socket read its clock)."""
    when = timezone.now() - timedelta(seconds=seconds)
    await database_sync_to_async(Battle.objects.filter(pk=battle.pk).update)(created_at=when)


async def test_the_clock_runs_only_on_the_deciding_side_and_every_audience_sees_it() -> None:
    battle = await create_battle("Timed", timed_setup())
    await made_ago(battle, 600)
    everyone = await three_sockets(battle)
    good = everyone[0]
    await command(good, {"type": "ready"})
    steps = await step_everywhere(everyone)
    clocks = [step["clock"] for step in steps]
    assert {c["running"] for c in clocks} == {"evil"}
    spent = clocks[0]["left"]["good"]
    assert HOUR - 660 < spent <= HOUR - 600  # Good's ten minutes (and this test's few seconds)
    assert {c["left"]["good"] for c in clocks} == {spent}  # stopped: the same to everyone
    assert clocks[0]["left"]["evil"] > HOUR - 60 and clocks[0]["flagged"] == {"good": None, "evil": None}
    assert (await saved(battle)).version == 1
    for ws in everyone:
        await ws.disconnect()


async def test_a_claim_before_time_runs_out_is_refused_and_changes_nothing() -> None:
    battle = await create_battle("Timed", timed_setup())
    good, evil, spectator = await three_sockets(battle)
    await evil.send_json_to({"type": "claim", "id": "c1"})
    error = await refusal(evil)
    assert (error["code"], error["message"]) == (
        "not_allowed",
        "Good still has time: there is no win to claim.",
    )
    await spectator.send_json_to({"type": "claim", "id": "c2"})
    assert (await refusal(spectator))["code"] == "spectator"
    assert (await saved(battle)).version == 0
    for ws in (good, evil, spectator):
        await ws.disconnect()


async def test_out_of_time_the_opponent_claims_the_win_and_the_record_replays_it() -> None:
    battle = await create_battle("Timed", timed_setup())
    await made_ago(battle, HOUR + 5)
    everyone = await three_sockets(battle)
    good, evil, _ = everyone
    await good.send_json_to({"type": "claim", "id": "c1"})
    assert (await refusal(good))["message"] == "Evil still has time: there is no win to claim."
    await evil.send_json_to({"type": "claim", "id": "c2"})
    steps = await step_everywhere(everyone)
    assert steps[0]["command"] == {"type": "claim_time"} and steps[0]["side"] == "evil"
    end = steps[0]["events"][-1]
    assert end["type"] == "battle_end" and end["winner"] == "evil" and end["code"] == "out_of_time"
    stored = await saved(battle)
    assert stored.status == "finished" and stored.state["result"]["reason"] == "Good ran out of time"
    record = json.loads(json.dumps(await database_sync_to_async(battle_record)(stored)))
    assert record["entries"][-1]["command"] == {"type": "claim_time"} and record["started"]
    assert replay(record).to_dict() == stored.state
    for ws in everyone:
        await ws.disconnect()


async def test_a_friendly_battle_out_of_time_goes_on_with_the_flag_in_the_record() -> None:
    battle = await create_battle("Friendly", timed_setup("flag", kind="correspondence"))
    await made_ago(battle, 3 * 86_400)
    everyone = await three_sockets(battle)
    good, evil, _ = everyone
    await evil.send_json_to({"type": "claim", "id": "c1"})
    assert "only flagged" in (await refusal(evil))["message"]
    await command(good, {"type": "ready"})
    step = (await step_everywhere(everyone))[0]
    assert step["clock"]["flagged"]["good"] is not None and step["clock"]["running"] == "evil"
    stored = await saved(battle)
    record = await database_sync_to_async(battle_record)(stored)
    assert record["clock"]["flagged"]["good"] == step["clock"]["flagged"]["good"]
    assert record["clock"]["flagged"]["evil"] is None and stored.status == "active"
    for ws in everyone:
        await ws.disconnect()


async def test_the_page_shows_both_clocks_and_the_claim_only_to_a_seat() -> None:
    battle = await create_battle("Timed", timed_setup())
    good, evil, spectator = await three_sockets(battle, fmt="html")
    views = [await ws.receive_from(timeout=5) for ws in (good, evil, spectator)]
    for view in views:
        assert 'data-testid="clock-good"' in view and 'data-testid="clock-evil"' in view
        assert "Chess clock: 1:00:00 + 60 s a turn; out of time, the opponent may claim the win." in view
    assert 'data-testid="claim-form"' in views[1] and 'data-testid="claim-form"' not in views[2]
    for ws in (good, evil, spectator):
        await ws.disconnect()


async def test_a_battle_without_a_clock_shows_none() -> None:
    battle = await create_battle("Untimed", demo_setup())
    good, evil, spectator = await three_sockets(battle)
    await command(good, {"type": "ready"})
    assert "clock" not in (await receive(good))
    for ws in (good, evil, spectator):
        await ws.disconnect()


async def take_back(good, evil, everyone, time_back: bool) -> dict:
    message = {"type": "offer", "id": "o1", "offer": "takeback", "steps": 1}
    if time_back:
        message["time_back"] = True
    await good.send_json_to(message)
    offers, _, _ = [await receive(ws, "offers") for ws in (evil, good, everyone[2])]
    assert offers["pending"]["time_back"] is time_back
    assert offers["pending"]["text"].endswith(
        ", and the time it took." if time_back else "Warrior of Minas Tirith 1."
    )
    await evil.send_json_to({"type": "answer", "id": "a1", "accept": True})
    return (await step_everywhere(everyone))[0]


@pytest.mark.parametrize("time_back", [False, True])
async def test_a_takeback_gives_time_back_only_when_both_agree(time_back: bool) -> None:
    battle = await create_battle("Timed", timed_setup())
    await made_ago(battle, 600)
    everyone = await three_sockets(battle)
    good, evil, _ = everyone
    at = (await saved(battle)).state["models"]["warrior-of-minas-tirith-1"]
    await command(good, {"type": "place", "model": "warrior-of-minas-tirith-1", "at": [at["x"], at["y"] + 1]})
    placed = (await step_everywhere(everyone))[0]["clock"]["left"]["good"]
    step = await take_back(good, evil, everyone, time_back)
    assert step["command"] == {"type": "takeback", "steps": 1, **({"time_back": True} if time_back else {})}
    left = step["clock"]["left"]["good"]
    if time_back:
        assert left == HOUR  # as before the step it undid: Good's first decision, at the start
    else:
        assert left <= placed < HOUR - 599  # the ten minutes stay spent
    stored = await saved(battle)
    record = json.loads(json.dumps(await database_sync_to_async(battle_record)(stored)))
    assert replay(record).to_dict() == stored.state
    for ws in everyone:
        await ws.disconnect()


@pytest.mark.parametrize(
    ("posted", "clock"),
    [
        (
            {"clock": "chess", "clock_minutes": "45", "clock_increment": "30", "out_of_time": "flag"},
            {"kind": "chess", "total": 2700, "increment": 30, "out_of_time": "flag"},
        ),
        (
            {"clock": "correspondence", "clock_days": "3"},
            {"kind": "correspondence", "days": 3, "out_of_time": "claim"},
        ),
        ({"clock": "none"}, None),
    ],
)
def test_the_clock_is_chosen_with_a_new_battle(client, posted: dict, clock: dict | None) -> None:
    response = client.post("/battles/new/", {"name": "Timed", **posted})
    assert response.status_code == 302
    assert Battle.objects.get(name="Timed").setup.get("clock") == clock


def test_a_clock_out_of_bounds_is_refused_and_makes_no_battle(client) -> None:
    response = client.post("/battles/new/", {"name": "Timed", "clock": "chess", "clock_minutes": "0"})
    assert response.status_code == 422
    assert "greater than or equal to 1" in response.content.decode()
    assert not Battle.objects.filter(name="Timed").exists()


def test_live_battles_show_the_time_left_to_the_side_waited_for(client) -> None:
    battle = create_battle_now("Timed", timed_setup(kind="correspondence"))
    untimed = create_battle_now("Untimed", demo_setup())
    for listed in (battle, untimed):  # the live page lists a battle once a seat has played in it
        submit(listed.id, "good", {"type": "ready"})
    BattleEvent.objects.filter(battle=battle).update(created_at=timezone.now() - timedelta(hours=3))
    page = client.get("/battles/live/").content.decode()
    row = page.split(f'data-battle="{battle.public_id}"')[1].split("</tr>")[0]
    assert re.search(r"\(1 d 2[01] h left to decide\)", row)  # two days a decision, three hours gone
    assert "left" not in page.split(f'data-battle="{untimed.public_id}"')[1].split("</tr>")[0]
