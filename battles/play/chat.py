"""Chat at a battle: the players' chat (the two seats talk; everyone reads it) and the spectators'
chat (spectators talk; players read it, or hide it on their page).

A line is text only: kept as typed (trimmed), shown escaped, links never made clickable. It is stored
with the battle, so the view a socket gets on connect or reconnect carries the latest lines, and
the replay shows those said up to its step; it is not a step of the battle and takes no `seq`.
Everything refused here (empty, too long, too many too fast, the wrong chat) stores nothing.
"""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from . import jsontext, limits
from .models import Battle, ChatLine
from .refusals import ServerRefusal

MAX_CHARS = 500
LINES_PER_WINDOW = 5
WINDOW_SECONDS = 10
"""A seat, over all its sockets (or a spectator's socket), and a signed-in account over all its
sockets, may say LINES_PER_WINDOW lines in each window of WINDOW_SECONDS of the clock (limits.py
counts them); the next is refused as flooding."""
LINES_PER_ADDRESS = 10
"""What one client address may say in a window, whatever its sockets and accounts (a club's
spectators may share one address)."""
SHOWN = 100
"""Lines of each chat a page or view carries (the latest); the replay shows as many."""

PHRASES = ("Good game", "Thinking...", "Back in 5")
"""One-click lines offered to the players."""

CHANNELS = {ChatLine.Channel.PLAYERS.value, ChatLine.Channel.SPECTATORS.value}


class ChatRefusal(ServerRefusal):
    """A chat line refused: nothing was stored."""


def checked_text(audience: str, channel: Any, text: Any) -> tuple[str, str]:
    """The chat and text of a line `audience` may say, or ChatRefusal saying why not."""
    if not isinstance(channel, str) or channel not in CHANNELS or not isinstance(text, str):
        raise ChatRefusal(
            "malformed", 'A chat message needs a channel ("players" or "spectators") and a text.'
        )
    if audience == "spectator" and channel == ChatLine.Channel.PLAYERS:
        raise ChatRefusal(
            "chat_wrong_channel",
            "The players' chat is for the two players: spectators talk in the spectators' chat.",
        )
    if audience != "spectator" and channel == ChatLine.Channel.SPECTATORS:
        raise ChatRefusal(
            "chat_wrong_channel",
            "The spectators' chat is for spectators: players talk in the players' chat.",
        )
    cleaned = _with_few_line_breaks("".join(c for c in text.strip() if c.isprintable() or c == "\n"))
    if not cleaned.strip():
        raise ChatRefusal("chat_empty", "Type something to say first: an empty line is not sent.")
    if len(cleaned) > MAX_CHARS:
        raise ChatRefusal(
            "chat_too_long",
            f"That line is {len(cleaned)} characters long: a chat line holds at most {MAX_CHARS}.",
        )
    return channel, cleaned


LINE_BREAKS = 4
"""The most line breaks a line keeps (a short verse, a list); past them they are spaces."""


def _with_few_line_breaks(text: str) -> str:
    """Blank lines dropped and at most LINE_BREAKS breaks kept: a line of 498 breaks would fill
    everyone's chat with nothing."""
    rows = [row.strip() for row in text.split("\n") if row.strip()]
    return "\n".join(rows[:LINE_BREAKS]) + (
        "" if len(rows) <= LINE_BREAKS else " " + " ".join(rows[LINE_BREAKS:])
    )


async def check_pace(counted_as: str, address: str | None = None, account: int | None = None) -> None:
    """Count a line about to be said by `counted_as` (the seat, or a spectator's socket, as the
    socket's messages are counted), by its client's `address` and its signed-in `account`; or
    refuse it as flooding if any of them has said too many."""
    counts = [(f"chat:{counted_as}", LINES_PER_WINDOW)]
    if address:
        counts.append((f"chat-address:{address}", LINES_PER_ADDRESS))
    if account is not None:
        counts.append((f"chat-account:{account}", LINES_PER_WINDOW))
    for key, most in counts:
        if not await limits.store().within_rate(key, most, WINDOW_SECONDS):
            raise ChatRefusal(
                "chat_flood",
                f"Too many lines too fast: at most {most} in {WINDOW_SECONDS:g} seconds. "
                f"Wait {limits.seconds_left(WINDOW_SECONDS)} s and say it again.",
            )


def say(battle_id: int, audience: str, channel: str, text: str, name: str = "") -> ChatLine:
    """Store a checked line (checked_text) at the battle's current step."""
    version = Battle.objects.filter(pk=battle_id).values_list("version", flat=True).first()
    if version is None:
        raise ChatRefusal("unknown_battle", "There is no such battle.")
    return ChatLine.objects.create(
        battle_id=battle_id, channel=channel, author=audience, name=name, text=text, after_seq=version
    )


def shown_lines(battle: Battle, up_to_seq: int | None = None) -> dict[str, list[ChatLine]]:
    """The latest lines of each chat, oldest first; for a replay, those said up to its step."""
    lines = {}
    for channel in (ChatLine.Channel.PLAYERS, ChatLine.Channel.SPECTATORS):
        query = ChatLine.objects.filter(battle=battle, channel=channel)
        if up_to_seq is not None:
            query = query.filter(after_seq__lte=up_to_seq)
        lines[channel.value] = list(query.order_by("-id")[:SHOWN])[::-1]
    return lines


def who(line: ChatLine) -> str:
    """Whom a line is shown from."""
    if line.author == "spectator":
        return line.name or "Spectator"
    return line.get_author_display()


def line_json(line: ChatLine) -> dict[str, Any]:
    return {
        "type": "chat",
        "channel": line.channel,
        "author": line.author,
        "name": who(line),
        "text": line.text,
        "seq": line.after_seq,
        "at": line.created_at.isoformat(),
    }


def lines_json(lines: dict[str, list[ChatLine]]) -> list[dict[str, Any]]:
    """Both chats' lines in the order they were said (a JSON view's `chat`)."""
    return [line_json(line) for line in sorted((x for chat in lines.values() for x in chat), key=_order)]


def _order(line: ChatLine) -> int:
    return line.pk


def chat_context(lines: dict[str, list[ChatLine]]) -> dict[str, Any]:
    """What the chat partials show: each chat's lines, and the phrases offered."""
    return {channel: [line_json(line) for line in chat] for channel, chat in lines.items()} | {
        "phrases": PHRASES
    }


def chat_message(line: ChatLine) -> dict[str, Any]:
    """The line for the battle's group: as HTML (appended to its chat) and as JSON."""
    html = render_to_string("battles/_chat_push.html", {"line": line_json(line)})
    return {"type": "battle.chat", "html": html, "json": jsontext.dumps(line_json(line))}
