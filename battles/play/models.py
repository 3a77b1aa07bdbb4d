"""The live-play models: battles (their state snapshot), seats and the append-only log of battle events."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.conf import settings
from django.db import models

from rules_core import DEFAULT_RULESET, SIDES, BattleState, Side, load_state

from . import jsontext

SIDE_CHOICES = [("good", "Good"), ("evil", "Evil")]


def as_side(name: str) -> Side:
    """A side's name as the referee types it; ValueError if it names no side."""
    for side in SIDES:
        if side == name:
            return side
    raise ValueError(f"{name!r} is not a side")


class JSONTextField(models.TextField[dict[str, Any], dict[str, Any]]):
    """JSON kept as plain text: the value is a dict in Python, as with JSONField, but the database
    stores the text as written instead of parsing it into jsonb. For the state snapshot, rewritten
    whole (12 KB) by every command and only ever read whole: on PostgreSQL the write took about
    0.35 ms instead of 0.5-0.9 ms as jsonb."""

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        return None if value is None else jsontext.loads(value)

    def to_python(self, value: Any) -> Any:
        return jsontext.loads(value) if isinstance(value, (str, bytes)) else value

    def get_prep_value(self, value: Any) -> Any:
        return None if value is None else jsontext.dumps(value)

    def value_to_string(self, obj: Any) -> str:
        return jsontext.dumps(self.value_from_object(obj))


def new_public_id() -> str:
    return uuid.uuid4().hex[:12]


class Battle(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"

    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    name = models.CharField(max_length=120)
    ruleset = models.CharField(max_length=30, default=DEFAULT_RULESET)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    setup = models.JSONField()
    state = JSONTextField()
    version = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="created_battles",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    beacon_side = models.CharField(max_length=10, choices=SIDE_CHOICES, blank=True)
    """The side Beacon, the server, plays ("" when two people play): battles/play/beacon.py."""
    beacon_strength = models.CharField(max_length=10, blank=True)
    """How well Beacon plays it: a key of `rules_core.bot.STRENGTHS`."""
    coach = models.BooleanField(default=False)
    """The players may ask "What would Beacon do?" beside their decisions (chosen at New battle)."""

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.name

    def load_state(self) -> BattleState:
        return load_state(self.state)


def new_seat_token() -> str:
    return secrets.token_urlsafe(24)


class Seat(models.Model):
    """A side of a battle. Whoever holds the token plays that side; an account is optional."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="seats")
    side = models.CharField(max_length=10, choices=SIDE_CHOICES)
    token = models.CharField(max_length=64, unique=True, default=new_seat_token)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    email = models.EmailField(blank=True)
    """Where a nudge goes when the battle has waited for this seat (an account's address, or a
    guest's for this battle); blank: none (battles/play/nudges.py)."""
    nudge_minutes = models.PositiveIntegerField(default=60)
    """How long a decision or a question waits for this seat before the nudge goes."""
    unsubscribed = models.BooleanField(default=False)
    """The holder asked for no more nudges (the link in every nudge)."""
    nudged_for = models.CharField(max_length=40, blank=True)
    """What the seat was last nudged about ("step:41", "offer:7"): one nudge per waiting decision."""
    reminded_for = models.CharField(max_length=40, blank=True)
    """What the other player last reminded the seat of: one reminder per waiting decision."""

    class Meta:
        constraints = [models.UniqueConstraint(fields=["battle", "side"], name="one_seat_per_side")]

    def __str__(self) -> str:
        return f"{self.battle} ({self.side})"


class PushSubscription(models.Model):
    """A browser the seat's holder allowed to be notified when the battle waits for them (Web Push,
    the nudges' second channel: battles/play/nudges.py)."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["seat", "endpoint"], name="one_subscription_per_browser")
        ]

    def __str__(self) -> str:
        return f"{self.seat}: {self.endpoint[:40]}"

    def info(self) -> dict[str, Any]:
        """The subscription as the push service's client takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class BattleEvent(models.Model):
    """One applied command with the dice it rolled and what happened: the battle record's entries."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    side = models.CharField(max_length=10, choices=SIDE_CHOICES)
    command_id = models.CharField(max_length=64, blank=True)
    command = models.JSONField()
    rolls = models.JSONField(default=list)
    events = models.JSONField(default=list)
    pending = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["battle", "seq"], name="one_event_per_seq"),
            models.UniqueConstraint(
                fields=["battle", "command_id"],
                condition=~models.Q(command_id=""),
                name="command_applied_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.battle} #{self.seq}"


class StateCheckpoint(models.Model):
    """The battle's state after one of its steps, kept every `replays.CHECKPOINT_EVERY` steps so
    that a replay of any step starts near it (battles/play/replays.py), whatever the battle's length."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="checkpoints")
    step = models.PositiveIntegerField()
    state = JSONTextField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["battle", "step"], name="one_checkpoint_per_step")]

    def __str__(self) -> str:
        return f"{self.battle} after #{self.step}"


class ChatLine(models.Model):
    """A line said at a battle, in the players' chat or the spectators' (battles/play/chat.py)."""

    class Channel(models.TextChoices):
        PLAYERS = "players", "Players"
        SPECTATORS = "spectators", "Spectators"

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="chat_lines")
    channel = models.CharField(max_length=10, choices=Channel.choices)
    author = models.CharField(max_length=10, choices=[*SIDE_CHOICES, ("spectator", "Spectator")])
    name = models.CharField(max_length=150, blank=True)
    """Whom the line is shown from: a spectator's account name; blank for a seat or a guest spectator."""
    text = models.CharField(max_length=500)
    after_seq = models.PositiveIntegerField()
    """The battle's step when it was said: a replay at step N shows the lines said up to N."""
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["battle", "channel", "id"], name="chat_by_battle")]

    def __str__(self) -> str:
        return f"{self.battle} {self.channel}: {self.text[:40]}"


class Offer(models.Model):
    """A player's offer that the other player answers: to take back steps while the battle is in
    play, or a rematch once it is over. A takeback offer is made at a version of the battle and
    lapses when the battle moves on from it; written only by `battles/play/offers.py`."""

    class Kind(models.TextChoices):
        TAKEBACK = "takeback", "Takeback"
        REMATCH = "rematch", "Rematch"

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for an answer"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="offers")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    side = models.CharField(max_length=10, choices=SIDE_CHOICES)
    at_version = models.PositiveIntegerField()
    steps = models.PositiveSmallIntegerField(default=0)
    """A takeback's: how many of the side's latest steps it undoes."""
    swap = models.BooleanField(default=False)
    """A rematch's: the players change sides."""
    time_back = models.BooleanField(default=False)
    """A takeback's: the clocks go back too, to what they read before the steps it undoes."""
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    rematch = models.ForeignKey(Battle, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    """An accepted rematch's new battle."""
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.battle} {self.kind} by {self.side} ({self.status})"
