"""Finding profiles in a catalogue of hundreds: by name or keyword (race, faction, unit type), side,
kind, whether the referee can play them, and the army list they are in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import QuerySet

from .army_lists import army_list_named
from .models import Profile

KIND_CHOICES = [("", "Any kind"), ("model", "Models"), ("group", "Groups"), ("mount", "Mounts"),
                ("part", "Parts of groups"), ("siege-engine", "Siege engines"), ("chariot", "Chariots")]  # fmt: skip


def matching(profiles: QuerySet[Profile], words: str) -> list[Profile]:
    """The profiles whose name or a keyword holds every word searched for, in order."""
    wanted = words.casefold().split()
    if not wanted:
        return list(profiles)
    return [p for p in profiles if all(w in " ".join([p.name, *p.keywords]).casefold() for w in wanted)]


def filtered(profiles: QuerySet[Profile], query: Mapping[str, Any]) -> list[Profile]:
    """The profiles page's filters, from its query: `q` (words), `side`, `kind`, `playable`
    ("yes" or "no") and `army_list` (an army list's id)."""
    side, kind, playable = (str(query.get(key, "")) for key in ("side", "kind", "playable"))
    if side in ("good", "evil"):
        profiles = profiles.filter(side__in=[side, ""])
    if kind in dict(KIND_CHOICES) and kind:
        profiles = profiles.filter(kind=kind)
    if playable == "yes":
        profiles = profiles.filter(not_playable="")
    elif playable == "no":
        profiles = profiles.exclude(not_playable="")
    army_list = army_list_named(str(query.get("army_list", "")))
    if army_list is not None:
        profiles = profiles.filter(catalogue_id__in=[e["profile"] for e in army_list["entries"]])
    return matching(profiles, str(query.get("q", ""))[:100])
