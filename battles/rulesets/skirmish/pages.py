"""What a skirmish list's builder and printable view show: each warband with its hero's and
followers' points, the totals and every problem (the referee's list rules), and what may be added."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from battles.lists.models import ArmyList, Profile
from battles.lists.options import unit_points
from rules_core import tier_name

from .lists import profiles_of, summarise, warbands_of


def builder_context(army: ArmyList, visible: QuerySet[Profile]) -> dict[str, Any]:
    summary = summarise(army)
    warbands = []
    for warband, line in zip(warbands_of(army), summary.warbands, strict=True):
        followers = []
        for f in warband.followers_in_order():
            each = unit_points(f.profile, f.options)
            followers.append({"follower": f, "each": each, "total": each * f.count})
        warbands.append(
            {
                "warband": warband,
                "line": line,
                "hero_points": unit_points(warband.hero, warband.hero_options),
                "followers": followers,
            }
        )
    visible = visible.order_by("owner_id", "name")
    if summary.side:  # a list fights for one side: only its side's profiles are offered
        visible = visible.filter(side__in=[summary.side, ""])
    return {
        "summary": summary,
        "warbands": warbands,
        "heroes": [(p, tier_name(p.tier)) for p in visible.exclude(tier="")],
        "warriors": visible.filter(tier=""),
    }


def print_context(army: ArmyList) -> dict[str, Any]:
    profiles = {p.pk: p for p in profiles_of(army)}
    return {"summary": summarise(army), "profiles": list(profiles.values())}
