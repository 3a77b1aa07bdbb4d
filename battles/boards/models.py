"""A board a player built in the editor and saved, to choose for later battles."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from battles.lists.models import ruleset_choices
from rules_core import DEFAULT_RULESET


class SavedBoard(models.Model):
    """Its pieces are as a battle's setup gives its terrain (docs/battle-record.md); its size is
    its ruleset's table."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="boards")
    name = models.CharField(max_length=80)
    ruleset = models.CharField(max_length=20, choices=ruleset_choices, default=DEFAULT_RULESET)
    terrain = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name

    def as_board(self) -> dict[str, Any]:
        """The board as a battle takes it."""
        return {"name": self.name, "terrain": list(self.terrain)}
