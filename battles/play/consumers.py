"""The battle websocket: who is connected (a seat or a spectator), commands in, steps out."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any
from urllib.parse import parse_qs

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string

from battles.guards import unstorable
from rules_core import Refused, Side

from . import announce, beacon, catch_up, chat, jsontext, limits, presence, publish
from .claims import CLAIM_MESSAGE, claim_win
from .models import Battle, BattleEvent, Seat, as_side
from .nudges import REMIND_MESSAGE, remind
from .offers import OFFER_MESSAGES, receive_offer
from .persistence import recent_states
from .presenter import audience_of, render_view, step_json, view_json
from .publish import delivering, group_name
from .refusals import ProtocolError, ServerRefusal
from .submit import submit
from .your_battles import session_seat

log = logging.getLogger(__name__)

RESYNC_STEP_LIMIT = 50
"""A JSON client further behind than this gets the whole view instead of the missing steps."""


class DirectDispatch(AsyncWebsocketConsumer):
    """Channels' own dispatch, less its hop to the database thread before every message to close
    stale connections. For a consumer that reaches the database only through database_sync_to_async,
    which does that itself; otherwise a step pushed to a battle's sockets queues one hop per socket
    on the one thread that also runs every submit."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class BattleConsumer(DirectDispatch):
    battle_id: int
    side: Side | None
    played_by_beacon: bool
    format: str
    seen: int = 0
    """The latest step this socket was sent (in a view or a step)."""

    async def connect(self) -> None:
        public_id = self.scope["url_route"]["kwargs"]["public_id"]
        params = parse_qs(self.scope.get("query_string", b"").decode(errors="replace"))
        token = params.get("seat", [""])[0]
        self.format = "json" if params.get("format", [""])[0] == "json" else "html"
        if not token:  # a page's socket: the seat its session holds (views.battle_page), if any
            token = await database_sync_to_async(session_seat)(self.scope, public_id)
            found = await database_sync_to_async(_find)(public_id, token)
            if found is not None and token and found[1] is None:
                found = (found[0], None, found[2])  # a seat since taken away: a spectator, not refused
                token = ""
        else:
            found = await database_sync_to_async(_find)(public_id, token)
        if found is None:
            await refuse(self, UNKNOWN_BATTLE)
            return
        battle_id, side, played_by_beacon = found
        if token and side is None:
            await refuse(self, NOT_A_SEAT)
            return
        if not await self._hold_places(public_id, side):
            await refuse(self, TOO_MANY_SOCKETS)
            return
        self.battle_id, self.public_id, self.side = battle_id, public_id, side
        self.played_by_beacon = played_by_beacon
        self.audience = audience_of(side)
        self.presence: presence.Summary | None = None
        await self.channel_layer.group_add(group_name(battle_id), self.channel_name)
        # Listed before the view is read, so a step committed meanwhile is in the view or sent after it.
        await presence.store().listen(public_id, self._listener())
        await self.accept()
        await self.send_view()
        catch_up.watch(self)
        await self._heartbeat(arrived=True)
        beacon.serving(asyncio.get_running_loop())
        publish.serving(asyncio.get_running_loop())
        if played_by_beacon:
            beacon.wake(battle_id)  # it may be Beacon's decision since before this process began

    async def _hold_places(self, public_id: str, side: Side | None) -> bool:
        """Take this socket's place among its seat's and its address's sockets (False if either
        has as many as it may); the places are renewed by the heartbeat and given back on disconnect."""
        client = self.scope.get("client")  # none on a Unix socket: nothing to count by
        caps = [(f"address:{client[0]}", settings.WS_MAX_SOCKETS_PER_ADDRESS)] if client else []
        if side is not None:
            caps.append((f"seat:{public_id}:{side}", settings.WS_MAX_SOCKETS_PER_SEAT))
        self.held: list[tuple[str, int]] = []
        for key, most in caps:
            if not await limits.store().hold(key, self.channel_name, most, settings.PRESENCE_TTL_SECONDS):
                await self._give_back_places()
                return False
            self.held.append((key, most))
        return True

    async def _give_back_places(self) -> None:
        for key, _ in getattr(self, "held", []):
            await limits.store().release(key, self.channel_name)
        self.held = []

    async def disconnect(self, code: int) -> None:
        await self._give_back_places()
        if hasattr(self, "battle_id"):
            catch_up.unwatch(self)
            await self.channel_layer.group_discard(group_name(self.battle_id), self.channel_name)
            await presence.store().unlisten(self.public_id, self._listener())
            who = presence.member(self.audience, self.channel_name)
            await presence.store().leave(self.public_id, who)
            await announce.presence_changed(self.channel_layer, self.battle_id, self.public_id)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not hasattr(self, "battle_id"):
            return  # a refused socket, accepted only to be closed with its code
        message_id = ""
        try:
            try:
                data, unreadable = self._parse(text_data, bytes_data), None
            except ProtocolError as refusal:
                data, unreadable = {}, refusal
            message_id = _message_id(data)
            await self._check_rate()  # counts unreadable messages too
            if unreadable is not None:
                raise unreadable
            _check_shape(data)
            kind = data.get("type")
            if kind == "command":
                await self._command(data, message_id)
            elif kind == "chat":
                await self._chat(data)
            elif kind in OFFER_MESSAGES:
                await self._offer(data)
            elif kind == CLAIM_MESSAGE:
                await self._claim()
            elif kind == REMIND_MESSAGE:
                await self._remind()
            elif kind == "sync":
                await self._resync(data.get("since"))
            elif kind == "ping":
                await self._heartbeat(arrived=False)
                if self.format == "json":
                    await self._send_json({"type": "pong"})
            else:
                raise ProtocolError("unknown_type", f"Unknown message type {kind!r}.")
        except Refused as refusal:  # the referee's (RuleViolation) or the server's own (refusals.py)
            if refusal.code in ("stale_version", "not_delivered"):
                await self.send_view()  # first, so the error shows on the refreshed page
            await self.send_error(refusal, message_id)
        except Exception:
            log.exception("battle %s: message failed", getattr(self, "battle_id", "?"))
            await self.send_error(
                ServerRefusal("server_error", "Something went wrong on the server; nothing was changed."),
                message_id,
            )

    def _counted_as(self) -> str:
        """Whom this socket's messages (and chat lines) are counted against: its seat, whichever of
        the seat's sockets sends them (and whichever server process holds it); a spectator's socket
        by itself."""
        return f"seat:{self.public_id}:{self.side}" if self.side else f"socket:{self.channel_name}"

    async def _check_rate(self) -> None:
        if not await limits.store().within_rate(self._counted_as(), settings.WS_RATE_PER_SECOND):
            raise ProtocolError("rate_limited", "Too many messages: slow down and try again in a moment.")

    def _parse(self, text_data: str | None, bytes_data: bytes | None) -> dict[str, Any]:
        raw = text_data if text_data is not None else (bytes_data or b"").decode(errors="replace")
        if len(raw.encode()) > settings.WS_MAX_MESSAGE_BYTES:
            raise ProtocolError("too_large", "That message is too large.")
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise ProtocolError("malformed", "That message is not valid JSON.") from exc
        if not isinstance(data, dict):
            raise ProtocolError("malformed", "A message must be a JSON object.")
        return data

    async def _command(self, data: dict[str, Any], message_id: str) -> None:
        if self.side is None:
            raise ProtocolError("spectator", "Spectators watch; only the two players can act.")
        command = data.get("command")
        if not isinstance(command, dict):
            raise ProtocolError("malformed", "A command must be a JSON object with a type.")
        expected = _expected_version(data)
        submitted = await database_sync_to_async(submit)(
            self.battle_id, self.side, command, message_id, expected, later=True
        )
        if submitted.delivery is not None:
            with delivering():
                await asyncio.wrap_future(submitted.delivery)
        if submitted.duplicate:
            await self._answer_duplicate(message_id, submitted.event.seq, expected)

    async def _chat(self, data: dict[str, Any]) -> None:
        channel, text = chat.checked_text(self.audience, data.get("channel"), data.get("text"))
        user = self.scope.get("user")
        account = user.pk if user is not None and user.is_authenticated else None
        client = self.scope.get("client")
        await chat.check_pace(self._counted_as(), client[0] if client else None, account)
        name = ""  # a spectator's account name, if signed in
        if self.side is None and user is not None and account is not None:
            name = str(user.get_username())
        line = await database_sync_to_async(chat.say)(self.battle_id, self.audience, channel, text, name)
        with delivering():
            await self.channel_layer.group_send(group_name(self.battle_id), chat.chat_message(line))

    async def _offer(self, data: dict[str, Any]) -> None:
        """A takeback or rematch offered, or the answer to one (battles/play/offers.py)."""
        if self.side is None:
            raise ProtocolError("spectator", "Spectators watch; only the two players make and answer offers.")
        offer = await database_sync_to_async(receive_offer)(
            self.battle_id, self.side, data, _expected_version(data)
        )
        if self.played_by_beacon and data.get("type") == "offer":
            await database_sync_to_async(beacon.answer)(self.battle_id, offer)

    async def _claim(self) -> None:
        """The win claimed on time (battles/play/claims.py)."""
        if self.side is None:
            raise ProtocolError("spectator", "Spectators watch; only the two players can claim a win.")
        await database_sync_to_async(claim_win)(self.battle_id, self.side)

    async def _remind(self) -> None:
        """The other seat reminded (e-mail, push) of the decision it keeps waiting (battles/play/nudges.py)."""
        if self.side is None:
            raise ProtocolError("spectator", "Spectators watch; only the two players remind each other.")
        text = await database_sync_to_async(remind)(self.battle_id, self.side)
        if self.format == "json":
            await self._send_json({"type": "reminded", "text": text})
        else:
            await self.send(text_data=render_to_string("battles/_remind.html", {"reminded": text}))

    async def _answer_duplicate(self, message_id: str, seq: int, expected: int | None) -> None:
        """A command sent again (a retry after a lost answer): say so, and bring the sender up to date."""
        if self.format == "json":
            await self._send_json({"type": "duplicate", "id": message_id, "seq": seq})
            if expected is not None:
                await self._resync(expected)
        else:
            await self.send_view()

    async def _resync(self, since: Any) -> None:
        if self.format != "json" or not isinstance(since, int) or isinstance(since, bool):
            await self.send_view()
            return
        steps = await database_sync_to_async(_steps_since)(self.battle_id, since)
        if steps is None:
            await self.send_view()
            return
        state, events = steps
        for event in events:
            await self._send_json(step_json(state, event, self.audience))
            self.seen = max(self.seen, event.seq)

    async def catch_up(self) -> None:
        """Sent what this socket missed: a step committed that never reached it (catch_up.py)."""
        await self._resync(self.seen)

    async def _heartbeat(self, arrived: bool) -> None:
        """Renew this socket's presence; tell everyone if it changed or someone's entry expired."""
        who = presence.member(self.audience, self.channel_name)
        summary, expired = await presence.store().touch(self.public_id, who, settings.PRESENCE_TTL_SECONDS)
        for key, most in self.held:
            await limits.store().hold(key, self.channel_name, most, settings.PRESENCE_TTL_SECONDS)
        if arrived or expired or summary != self.presence:
            await announce.presence_changed(self.channel_layer, self.battle_id, self.public_id)

    async def send_view(self) -> None:
        version, text = await database_sync_to_async(_render_view)(self.battle_id, self.audience, self.format)
        self.seen = max(self.seen, version)
        await self.send(text_data=text)

    async def send_error(self, refusal: Refused, message_id: str = "") -> None:
        if self.format == "json":
            await self._send_json({"type": "error", "id": message_id, **refusal.to_dict()})
        else:
            await self.send(text_data=render_to_string("battles/_error.html", refusal.to_dict()))

    # Channels' websocket send narrows AsyncConsumer.send(message); channels-stubs ignore the same.
    async def send(  # type: ignore[override]
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except Disconnected:
            # The browser left while a push was on its way to it: Daphne queues the socket's
            # websocket.disconnect behind the push, and letting this end the consumer would skip
            # disconnect(), so its presence (and its places) would stay until the heartbeat expiry.
            log.debug(
                "battle %s: a push reached a socket that had just closed", getattr(self, "public_id", "?")
            )

    async def _send_json(self, data: dict[str, Any]) -> None:
        await self.send(text_data=jsontext.dumps(data))

    def _listener(self) -> str:
        return presence.listener(self.audience, self.format, self.channel_name)

    async def battle_step(self, message: dict[str, Any]) -> None:
        recent_states.follow(self.battle_id, self.public_id, message["seq"], message.get("step"))
        rendered = message[self.format].get(self.audience)
        if rendered is None:
            # Not rendered for this socket (its listing was lost, say Redis restarted): the whole view.
            await presence.store().listen(self.public_id, self._listener())
            await self.send_view()
        else:
            self.seen = max(self.seen, message["seq"])
            await self.send(text_data=rendered)

    async def battle_chat(self, message: dict[str, Any]) -> None:
        await self.send(text_data=message[self.format])

    async def battle_offer(self, message: dict[str, Any]) -> None:
        rendered = message[self.format].get(self.audience)
        if rendered is not None:
            await self.send(text_data=rendered)

    async def battle_presence(self, message: dict[str, Any]) -> None:
        self.presence = presence.Summary(message["seats"], message["spectators"])
        if self.format == "json":
            await self._send_json(self.presence.to_dict())
        else:
            await self.send(text_data=message["html"])


def _expected_version(data: dict[str, Any]) -> int | None:
    expected = data.get("expected_version")
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)):
        raise ProtocolError("malformed", "expected_version must be a whole number.")
    return expected


UNKNOWN_BATTLE = 4404
"""Close code: no battle has this address (docs/protocol.md)."""
NOT_A_SEAT = 4403
"""Close code: the seat token is no seat of this battle."""
TOO_MANY_SOCKETS = 4429
"""Close code: the seat, or the client's address, has as many sockets open as it may."""


async def refuse(consumer: AsyncWebsocketConsumer, code: int) -> None:
    """Close a new socket with one of the documented close codes. Accepted first: a socket closed
    before it is accepted reaches the browser as an HTTP 403, whatever the code."""
    await consumer.accept()
    await consumer.close(code=code)


class NoSuchAddress(AsyncWebsocketConsumer):
    """Every websocket address that is no battle's (a battle id that is not hex, say): 4404."""

    async def connect(self) -> None:
        await refuse(self, UNKNOWN_BATTLE)


MAX_DEPTH = 16
"""How deeply a message's arrays and objects may nest (a command needs four levels)."""


def _message_id(data: dict[str, Any]) -> str:
    """The id a message gives itself, to name it in the answer: a string or a number, printable (no
    NUL, no lone surrogate, which could not be sent back as JSON), else none."""
    given = data.get("id")
    if not isinstance(given, (str, int)) or isinstance(given, bool):
        return ""
    text = str(given)[:64]
    return text if text.isprintable() else ""


def _check_shape(data: dict[str, Any]) -> None:
    """Refuse a message nested deeper than MAX_DEPTH, or holding what no command needs and the
    server could not store or send back (a NUL character, a lone surrogate)."""
    problem = unstorable(data, MAX_DEPTH)
    if problem is not None:
        raise ProtocolError("malformed", f"That message cannot be taken: it holds {problem}.")


SEAT_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a seat token looks like (models.new_seat_token): anything else is no seat, unasked."""


def _find(public_id: str, token: str) -> tuple[int, Side | None, bool] | None:
    """The battle's id, the side the token's seat plays (None: a spectator, or no seat), and
    whether Beacon plays a side. Beacon's own seat is no one's to take."""
    battle = Battle.objects.filter(public_id=public_id).only("id", "beacon_side").first()
    if battle is None:
        return None
    beacon_plays = bool(battle.beacon_side)
    if not token or not SEAT_TOKEN.fullmatch(token):
        return battle.id, None, beacon_plays
    seat = Seat.objects.filter(battle=battle, token=token).only("side").first()
    side = as_side(seat.side) if seat and seat.side != battle.beacon_side else None
    return battle.id, side, beacon_plays


def _render_view(battle_id: int, audience: str, fmt: str) -> tuple[int, str]:
    """The battle's version, and its whole view as the audience sees it in the format."""
    battle = Battle.objects.get(pk=battle_id)
    state = battle.load_state()
    if fmt == "json":
        return battle.version, jsontext.dumps(view_json(battle, state, audience, battle.version))
    return battle.version, render_view(battle, state, audience, battle.version)


def _steps_since(battle_id: int, since: int) -> tuple[Any, list[BattleEvent]] | None:
    battle = Battle.objects.get(pk=battle_id)
    if since < 0 or since > battle.version or battle.version - since > RESYNC_STEP_LIMIT:
        return None
    events = list(BattleEvent.objects.filter(battle=battle, seq__gt=since).order_by("seq"))
    return battle.load_state(), events
