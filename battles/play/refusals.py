"""The server's own refusals: what the websocket and the submit refuse before, or instead of, asking
the referee. Each code is declared here once with its meaning, as the referee's are in
rules_core/errors.py (RULE_CODES); docs/protocol.md lists both, and a test holds them together.
Every refusal a client meets is a rules_core.Refused: a stable `code` and a `message` to show."""

from __future__ import annotations

from typing import Literal

from rules_core import Refused

ServerCode = Literal[
    "malformed",
    "unknown_type",
    "too_large",
    "rate_limited",
    "spectator",
    "unknown_battle",
    "stale_version",
    "busy",
    "server_error",
    "not_delivered",
    "chat_empty",
    "chat_too_long",
    "chat_flood",
    "chat_wrong_channel",
    "offer_pending",
    "offer_declined",
    "no_offer",
    "no_reminder",
]

SERVER_CODES: dict[ServerCode, str] = {
    "malformed": (
        "The message is not JSON or not an object, holds a NUL or a lone surrogate or nests too deep, "
        "or its command, expected_version or chat line (its channel or text) is of the wrong kind. "
        "The error carries the message's id, if it gave a printable one."
    ),
    "unknown_type": "The message's type is none the server knows.",
    "too_large": "The message is larger than the server takes (WS_MAX_MESSAGE_BYTES).",
    "rate_limited": (
        "The seat (over all its sockets), or the spectator's socket, "
        "sent more messages in a second than the server takes (WS_RATE_PER_SECOND)."
    ),
    "spectator": "A spectator sent a command: only the two players act.",
    "unknown_battle": "The battle the command is for does not exist (any more).",
    "stale_version": "The command was chosen on a screen the battle has moved on from; the whole view comes first.",
    "busy": "Other commands kept moving the battle on while this one was tried (five times): not applied; try again.",
    "server_error": "The server failed to handle the message; nothing was changed.",
    "not_delivered": (
        "The message was carried out and recorded (a step, an offer or its answer, a chat line), but "
        "the battle's other screens could not be told at once; the whole view comes first, and every "
        "screen catches up within seconds."
    ),
    "chat_empty": "A chat line with nothing in it (or only spaces): nothing was said.",
    "chat_too_long": "A chat line longer than 500 characters: nothing was said.",
    "chat_flood": (
        "More than 5 chat lines in 10 seconds from one seat (over all its sockets), one spectator's "
        "socket or one signed-in account, or more than 10 from one client address: this one was not said."
    ),
    "chat_wrong_channel": "A spectator wrote to the players' chat, or a player to the spectators': not said.",
    "offer_pending": "An offer (a takeback or a rematch) already waits for an answer: one at a time.",
    "offer_declined": "The same offer was declined at this point of the battle: it is not made again.",
    "no_offer": "There is no offer for this seat to answer (it lapsed when the battle moved on), or no such offer.",
    "no_reminder": (
        "The other seat cannot be reminded now: the battle is not waiting for it, it left no e-mail "
        "address, or it was reminded of this decision already."
    ),
}
"""What each of the server's own refusal codes means, in one line."""


class ServerRefusal(Refused):
    """A refusal of the server's own, with one of its declared codes."""

    code: ServerCode

    def __init__(self, code: ServerCode, message: str) -> None:
        super().__init__(code, message)


class ProtocolError(ServerRefusal):
    """A websocket message refused before it reached a battle (malformed, too large, too many ...)."""


class SubmitError(ServerRefusal):
    """A command refused before the rules were asked (a stale version, an unknown battle)."""


class Undelivered(ServerRefusal):
    """What the sender sent is committed, but it could not be pushed to the battle's sockets."""

    def __init__(self) -> None:
        super().__init__(
            "not_delivered",
            "Done and recorded, but the other screens could not be told at once: they will catch up "
            "in a few seconds.",
        )


def stale_version() -> SubmitError:
    return SubmitError(
        "stale_version",
        "The battle has moved on since your screen last updated; it has been refreshed, please choose again.",
    )
