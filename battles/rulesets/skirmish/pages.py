"""What a skirmish list's builder and printable view show: each warband with its hero's and
followers' points, the totals and every problem (the referee's list rules), and what may be added."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from battles.lists.army_lists import army_list_named, in_list, offered
from battles.lists.models import ArmyList, Profile
from battles.lists.options import chosen_mount, unit_points
from battles.lists.search import matching
from rules_core import tier_name

from .lists import profiles_of, summarise, warbands_of

OFFER_FIELDS = ("name", "owner_id", "points", "tier", "keywords", "side", "catalogue_id")


def builder_context(army: ArmyList, visible: QuerySet[Profile], words: str = "") -> dict[str, Any]:
    """The builder: each warband with its profiles as the list's army list fields them, and what
    may be added (built from an army list, its heroes by their tier in it and its warriors), those
    whose name or keywords hold the `words` searched for."""
    summary = summarise(army)
    built_from = army.built_from
    warbands = []
    for warband, line in zip(warbands_of(army), summary.warbands, strict=True):
        hero = in_list(built_from, warband.hero)
        followers = []
        for f in warband.followers_in_order():
            profile = in_list(built_from, f.profile)
            each = unit_points(profile, f.options)
            followers.append(
                {
                    "follower": f,
                    "profile": profile,
                    "each": each,
                    "total": each * f.count,
                    "mount": chosen_mount(profile, f.options),
                }
            )
        warbands.append(
            {
                "warband": warband,
                "hero": hero,
                "line": line,
                "hero_points": unit_points(hero, warband.hero_options),
                "mount": chosen_mount(hero, warband.hero_options),
                "followers": followers,
            }
        )
    # What an offer shows, and a search reads: not a profile's options, rules and wargear.
    visible = visible.order_by("owner_id", "name").only(*OFFER_FIELDS)
    if summary.side:  # a list fights for one side: only its side's profiles are offered
        visible = visible.filter(side__in=[summary.side, ""])
    if built_from:
        heroes, warriors = offered(built_from, visible)
        found = {p.pk for p in matching(visible, words)}
        return {
            "summary": summary,
            "warbands": warbands,
            "heroes": [(p, tier_name(tier)) for p, tier in heroes if p.pk in found],
            "warriors": [p for p in warriors if p.pk in found],
            "army_list": army_list_named(built_from),
            "words": words,
        }
    return {
        "summary": summary,
        "warbands": warbands,
        "heroes": [(p, tier_name(p.tier)) for p in matching(visible.exclude(tier=""), words)],
        "warriors": matching(visible.filter(tier=""), words),
        "words": words,
    }


def print_context(army: ArmyList) -> dict[str, Any]:
    profiles = {p.pk: p for p in profiles_of(army)}
    return {"summary": summarise(army), "profiles": list(profiles.values())}
