"""A mass-battle list's contents: lines of stands, and its heroes with their Battle Cards."""

from __future__ import annotations

from django.db import models

from battles.lists.models import CONTENTS, ArmyList, Profile, ProfileLine


class StandLine(ProfileLine):
    """Stands of one profile with the same options, in a mass-battle list. How many models a stand
    holds follows from the profile (rules_core.mass_battle.stands)."""

    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="stand_lines")

    def __str__(self) -> str:
        return f"{self.count} stands of {self.profile.name}"


class ListHero(models.Model):
    """A hero of a mass-battle list, with his options and the Battle Cards bought for him (their
    keys in rules_core.mass_battle.cards)."""

    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="heroes")
    position = models.PositiveIntegerField(default=0)
    profile = models.ForeignKey(Profile, on_delete=models.RESTRICT, related_name="+")
    options = models.JSONField(default=list, blank=True)
    cards = models.JSONField(default=list, blank=True)
    is_general = models.BooleanField(default=False)

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return self.profile.name


CONTENTS["mass_battle"] = [  # each line and hero with its profile, a query each
    models.Prefetch("stand_lines", StandLine.objects.select_related("profile")),
    models.Prefetch("heroes", ListHero.objects.select_related("profile")),
]
