"""Profiles, battles, seats and the append-only log of battle events."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.conf import settings
from django.db import models

from rules_core import BattleState

SIDES = [("good", "Good"), ("evil", "Evil")]


class Profile(models.Model):
    """A model's characteristics, from the catalogue or made by a user."""

    name = models.CharField(max_length=100)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="profiles"
    )
    move = models.FloatField(default=6)
    fight = models.PositiveSmallIntegerField()
    shoot = models.PositiveSmallIntegerField()
    strength = models.PositiveSmallIntegerField()
    defence = models.PositiveSmallIntegerField()
    attacks = models.PositiveSmallIntegerField()
    wounds = models.PositiveSmallIntegerField()
    courage = models.PositiveSmallIntegerField()
    intelligence = models.PositiveSmallIntegerField()
    might = models.PositiveSmallIntegerField(default=0)
    will = models.PositiveSmallIntegerField(default=0)
    fate = models.PositiveSmallIntegerField(default=0)
    keywords = models.JSONField(default=list, blank=True)
    tier = models.CharField(max_length=20, blank=True)
    base_mm = models.PositiveSmallIntegerField(default=25)
    points = models.PositiveIntegerField(default=0)
    missile = models.JSONField(null=True, blank=True)
    heroic_actions = models.JSONField(default=list, blank=True)
    powers = models.JSONField(default=list, blank=True)
    special_rules = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def to_rules(self) -> dict[str, Any]:
        """The profile as rules_core reads it."""
        return {
            "name": self.name,
            "move": self.move,
            "fight": self.fight,
            "shoot": self.shoot,
            "strength": self.strength,
            "defence": self.defence,
            "attacks": self.attacks,
            "wounds": self.wounds,
            "courage": self.courage,
            "intelligence": self.intelligence,
            "might": self.might,
            "will": self.will,
            "fate": self.fate,
            "keywords": list(self.keywords),
            "tier": self.tier or None,
            "base_mm": float(self.base_mm),
            "missile": self.missile,
            "heroic_actions": list(self.heroic_actions),
            "powers": list(self.powers),
            "special_rules": list(self.special_rules),
        }


def new_public_id() -> str:
    return uuid.uuid4().hex[:12]


class Battle(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"

    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    name = models.CharField(max_length=120)
    ruleset = models.CharField(max_length=30, default="skirmish")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    setup = models.JSONField()
    state = models.JSONField()
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.name

    def load_state(self) -> BattleState:
        return BattleState.from_dict(self.state)


def new_seat_token() -> str:
    return secrets.token_urlsafe(24)


class Seat(models.Model):
    """A side of a battle. Whoever holds the token plays that side; an account is optional."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="seats")
    side = models.CharField(max_length=10, choices=SIDES)
    token = models.CharField(max_length=64, unique=True, default=new_seat_token)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["battle", "side"], name="one_seat_per_side")]

    def __str__(self) -> str:
        return f"{self.battle} ({self.side})"


class BattleEvent(models.Model):
    """One applied command with the dice it rolled and what happened: the battle record's entries."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    side = models.CharField(max_length=10, choices=SIDES)
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
