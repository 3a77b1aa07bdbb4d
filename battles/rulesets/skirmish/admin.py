"""A skirmish list's warbands and followers in the admin."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from .models import Follower, Warband


class WarbandInline(admin.TabularInline[Warband, Any]):
    model = Warband
    extra = 0
    show_change_link = True


class FollowerInline(admin.TabularInline[Follower, Warband]):
    model = Follower
    extra = 0


class WarbandAdmin(admin.ModelAdmin[Warband]):
    list_display = ("__str__", "army_list", "is_general")
    inlines = [FollowerInline]
