"""A skirmish list's contents: warbands, each led by a hero, and their followers."""

from __future__ import annotations

from django.db import models

from battles.lists.models import CONTENTS, ArmyList, Profile, ProfileLine


class Warband(models.Model):
    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="warbands")
    position = models.PositiveIntegerField(default=0)
    hero = models.ForeignKey(Profile, on_delete=models.RESTRICT, related_name="+")
    hero_options = models.JSONField(default=list, blank=True)
    is_general = models.BooleanField(default=False)

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return f"{self.hero.name}'s warband"

    def followers_in_order(self) -> list[Follower]:
        return list(self.followers.all())


class Follower(ProfileLine):
    """Some models of one profile, with the same options, in a hero's warband."""

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="followers")

    def __str__(self) -> str:
        return f"{self.count} x {self.profile.name}"


CONTENTS["skirmish"] = [  # two queries: warbands with their heroes, followers with their profiles
    models.Prefetch("warbands", Warband.objects.select_related("hero")),
    models.Prefetch("warbands__followers", Follower.objects.select_related("profile")),
]
