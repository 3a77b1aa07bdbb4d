"""Chat at a battle over the websocket: the players' chat and the spectators', live, kept with the
battle for a reconnect, text only; every bad line refused with a clear error and nothing stored."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from battles.models import Battle, ChatLine
from battles.play import chat, limits
from tests.battles.conftest import connect, create_battle, nothing_but_presence, receive, receive_text, seats
from tests.battles.demos import demo_setup
from tests.battles.play.test_consumer import socket_to

pytestmark = [pytest.mark.django_db(transaction=True)]


async def table(battle: Battle, fmt: str = "json") -> tuple[WebsocketCommunicator, ...]:
    tokens = await seats(battle)
    sockets = (
        await connect(battle.public_id, tokens["good"], fmt),
        await connect(battle.public_id, tokens["evil"], fmt),
        await connect(battle.public_id, "", fmt),
    )
    if fmt == "json":
        for ws in sockets:
            await receive(ws, "view")
    return sockets


async def say(ws: WebsocketCommunicator, channel: str, text: object) -> None:
    await ws.send_json_to({"type": "chat", "id": "line-1", "channel": channel, "text": text})


@database_sync_to_async
def stored(battle: Battle) -> list[tuple[str, str, str]]:
    return list(ChatLine.objects.filter(battle=battle).values_list("channel", "author", "text"))


async def test_players_talk_both_ways_and_a_spectator_reads_them(scripted_dice) -> None:
    battle = await create_battle("Talk", demo_setup())
    good, evil, spectator = await table(battle)
    await say(good, "players", "  Good luck!  ")
    for ws in (good, evil, spectator):
        line = await receive(ws, "chat")
        assert {k: line[k] for k in ("channel", "author", "name", "text", "seq")} == {
            "channel": "players",
            "author": "good",
            "name": "Good",
            "text": "Good luck!",
            "seq": 0,
        }
    await say(evil, "players", "Good game")
    for ws in (good, evil, spectator):
        assert (await receive(ws, "chat"))["text"] == "Good game"
    await say(spectator, "spectators", "What a start")
    for ws in (good, evil, spectator):
        line = await receive(ws, "chat")
        assert (line["channel"], line["author"], line["name"]) == ("spectators", "spectator", "Spectator")
    assert await stored(battle) == [
        ("players", "good", "Good luck!"),
        ("players", "evil", "Good game"),
        ("spectators", "spectator", "What a start"),
    ]

    # A socket that connects (or reconnects) gets what was said with the view.
    late = await connect(battle.public_id)
    view = await receive(late, "view")
    assert [(c["author"], c["text"]) for c in view["chat"]] == [
        ("good", "Good luck!"),
        ("evil", "Good game"),
        ("spectator", "What a start"),
    ]


async def test_a_browser_gets_the_line_escaped_with_its_link_left_as_text(scripted_dice) -> None:
    battle = await create_battle("Escaped", demo_setup())
    _, evil, spectator = await table(battle, fmt="html")
    await say(evil, "players", '<script>alert("x")</script> see https://example.com')
    text = await receive_text(spectator, '<ol id="chat-players" hx-swap-oob')
    assert text.startswith('<ol id="chat-players" hx-swap-oob="beforeend">')
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; see https://example.com" in text
    assert "<script>" not in text and "<a " not in text

    again = await connect(battle.public_id, "", "html")  # the view carries the chats' lines
    view = await receive_text(again, 'id="battle-seq"')
    assert '<ol id="chat-players"' in view and "&lt;script&gt;" in view
    assert '<ol id="chat-spectators"' in view


@pytest.mark.parametrize(
    ("who", "channel", "text", "code", "says"),
    [
        ("good", "players", "", "chat_empty", "Type something to say first"),
        ("good", "players", "   \n  ", "chat_empty", "Type something to say first"),
        ("evil", "players", "x" * 501, "chat_too_long", "at most 500"),
        (
            "spectator",
            "players",
            "Move Aragorn!",
            "chat_wrong_channel",
            "The players' chat is for the two players",
        ),
        ("good", "spectators", "Hello crowd", "chat_wrong_channel", "players talk in the players' chat"),
        ("good", "everyone", "Hello", "malformed", 'a channel ("players" or "spectators")'),
        ("good", "players", ["not", "text"], "malformed", "and a text"),
    ],
)
async def test_a_bad_line_is_refused_to_its_sender_and_stores_nothing(
    scripted_dice, who, channel, text, code, says
) -> None:
    battle = await create_battle("Bad lines", demo_setup())
    good, evil, spectator = await table(battle)
    sender = {"good": good, "evil": evil, "spectator": spectator}[who]
    await say(sender, channel, text)
    error = await receive(sender, "error")
    assert (error["code"], error["id"]) == (code, "line-1")
    assert says in error["message"]
    assert await stored(battle) == []
    for ws in (good, evil, spectator):
        if ws is not sender:
            assert await nothing_but_presence(ws)


async def test_a_line_of_exactly_500_characters_is_said(scripted_dice) -> None:
    battle = await create_battle("Long line", demo_setup())
    good, _, _ = await table(battle)
    await say(good, "players", "y" * 500)
    assert len((await receive(good, "chat"))["text"]) == 500


@pytest.mark.usefixtures("limits_store")
async def test_a_seat_says_exactly_its_lines_over_all_its_sockets(scripted_dice, monkeypatch) -> None:
    """Two tabs of one seat used to say 5 lines each in 10 seconds: the seat's lines are counted
    together now, whichever tab (and server process) says them, and its flood holds back no one else."""
    now = [1_000_000.0]  # the start of a 10-second window
    monkeypatch.setattr(limits.store(), "clock", lambda: now[0])
    battle = await create_battle("Flood", demo_setup())
    tokens = await seats(battle)
    tabs = [await connect(battle.public_id, tokens["good"]) for _ in range(2)]
    evil = await connect(battle.public_id, tokens["evil"])
    for ws in (*tabs, evil):
        await receive(ws, "view")
    for n in range(chat.LINES_PER_WINDOW):
        await say(tabs[n % 2], "players", f"line {n}")
        for ws in tabs:
            await receive(ws, "chat")

    now[0] += 3
    await say(tabs[1], "players", "one too many")
    error = await receive(tabs[1], "error")
    assert (error["code"], error["id"], error["message"]) == (
        "chat_flood",
        "line-1",
        "Too many lines too fast: at most 5 in 10 seconds. Wait 7 s and say it again.",
    )
    await say(tabs[0], "players", "from the other tab")
    assert (await receive(tabs[0], "error"))["code"] == "chat_flood"
    assert [text for _, _, text in await stored(battle)] == [f"line {n}" for n in range(5)]

    await say(evil, "players", "My turn to talk")
    heard = [(await receive(evil, "chat"))["text"] for _ in range(6)]
    assert heard == [*(f"line {n}" for n in range(5)), "My turn to talk"]

    now[0] += 7  # the next window
    await say(tabs[1], "players", "Sorry, I was excited")
    assert (await receive(tabs[1], "chat"))["text"] == "My turn to talk"
    assert (await receive(tabs[1], "chat"))["text"] == "Sorry, I was excited"
    for ws in (*tabs, evil):
        await ws.disconnect()


@pytest.mark.usefixtures("limits_store")
async def test_each_spectators_socket_says_its_own_lines(scripted_dice, monkeypatch) -> None:
    """A spectator has no seat to count by: each socket gets its own 5 lines in 10 seconds."""
    now = [1_000_000.0]
    monkeypatch.setattr(limits.store(), "clock", lambda: now[0])
    battle = await create_battle("Crowd talk", demo_setup())
    watchers = [await connect(battle.public_id) for _ in range(2)]
    for ws in watchers:
        await receive(ws, "view")
    for watcher in watchers:
        for n in range(chat.LINES_PER_WINDOW):
            await say(watcher, "spectators", f"line {n}")
            for ws in watchers:
                await receive(ws, "chat")
    await say(watchers[0], "spectators", "one too many")
    assert (await receive(watchers[0], "error"))["code"] == "chat_flood"
    assert len(await stored(battle)) == 2 * chat.LINES_PER_WINDOW
    for ws in watchers:
        await ws.disconnect()


async def spectator_at(public_id: str, address: str) -> WebsocketCommunicator:
    ws = socket_to(f"/ws/battles/{public_id}/?format=json", address)
    connected, _ = await ws.connect(timeout=10)
    assert connected
    await receive(ws, "view")
    return ws


@pytest.mark.usefixtures("limits_store")
async def test_one_address_says_only_so_many_lines_whatever_its_sockets(scripted_dice, monkeypatch) -> None:
    """200 sockets from one address said 200 lines in 1.5 s: the address has its own count."""
    now = [1_000_000.0]
    monkeypatch.setattr(limits.store(), "clock", lambda: now[0])
    battle = await create_battle("Flooded", demo_setup())
    crowd = [await spectator_at(battle.public_id, "10.9.9.9") for _ in range(chat.LINES_PER_ADDRESS + 2)]
    answers = []
    for n, ws in enumerate(crowd):
        await say(ws, "spectators", f"buy now {n}")
        while True:  # past the lines the sockets before it said
            message = await ws.receive_json_from(timeout=5)
            if message["type"] == "error" or message.get("text") == f"buy now {n}":
                answers.append(message["type"])
                break
    assert answers.count("chat") == chat.LINES_PER_ADDRESS
    assert answers[chat.LINES_PER_ADDRESS :] == ["error", "error"]
    assert len(await stored(battle)) == chat.LINES_PER_ADDRESS
    elsewhere = await spectator_at(battle.public_id, "10.9.9.10")  # another address talks as ever
    await say(elsewhere, "spectators", "hello")
    assert (await receive(elsewhere, "chat"))["text"] == "hello"
    for ws in [*crowd, elsewhere]:
        await ws.disconnect()


def test_the_replay_shows_what_was_said_up_to_its_step(client) -> None:
    from battles.play.create import create_battle as make
    from battles.play.submit import submit

    battle = make("Replayed talk", demo_setup())
    chat.say(battle.id, "good", "players", "Ready when you are")
    submit(battle.id, "good", {"type": "ready"})
    chat.say(battle.id, "spectator", "spectators", "Here we go")
    at_start = client.get(f"/battles/{battle.public_id}/replay/?step=0").content.decode()
    assert "Ready when you are" in at_start and "Here we go" not in at_start
    after = client.get(f"/battles/{battle.public_id}/replay/?step=1").content.decode()
    assert "Ready when you are" in after and "Here we go" in after
    assert 'data-chat="players"' not in after  # read-only: no form to say anything
