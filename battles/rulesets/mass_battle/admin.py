"""A mass-battle list's stands and heroes in the admin."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from .models import ListHero, StandLine


class StandLineInline(admin.TabularInline[StandLine, Any]):
    model = StandLine
    extra = 0


class ListHeroInline(admin.TabularInline[ListHero, Any]):
    model = ListHero
    extra = 0
