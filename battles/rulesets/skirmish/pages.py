"""What a skirmish list's builder and printable view show: each warband with its hero's and
followers' points, the totals and every problem (the referee's list rules), and what may be added."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html

from battles.lists.army_lists import army_list_named, extra_models, in_list
from battles.lists.models import ArmyList
from battles.lists.offers import builder_offers
from battles.lists.options import chosen_mount, unique_hero, unit_points

from .lists import heroes_may_follow, profiles_of, summarise, warbands_of


def builder_context(army: ArmyList, user: Any, words: str = "") -> dict[str, Any]:
    """The builder: each warband with its profiles as the list's army list fields them, and what
    `user` may add (built from an army list, its heroes by their tier in it and its warriors), those
    whose name or keywords hold the `words` searched for (battles/lists/offers.py)."""
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
                    "unique": unique_hero(profile),
                    "counts_as": 1 + extra_models(profile, f.options),
                }
            )
        warbands.append(
            {
                "warband": warband,
                "hero": hero,
                "line": line,
                "hero_points": unit_points(hero, warband.hero_options),
                "mount": chosen_mount(hero, warband.hero_options),
                "counts_as": 1 + extra_models(hero, warband.hero_options),
                # Named, or the General by the list's rules (the highest tier, the army list's choice).
                "general": warband.is_general or summary.general == hero.name,
                "followers": followers,
            }
        )
    offers = builder_offers(built_from, summary.side or "", user).found(words)
    follower_options = (
        format_html(
            '<optgroup label="Heroes">{}</optgroup><optgroup label="Warriors">{}</optgroup>',
            offers.hero_options,
            offers.warrior_options,
        )
        if heroes_may_follow(army)  # the army may be one warband, or a hero may join another
        else offers.warrior_options
    )
    return {
        "summary": summary,
        "warbands": warbands,
        "offers": offers,
        "follower_options": follower_options,
        "army_list": army_list_named(built_from),
        "words": words,
    }


def print_context(army: ArmyList) -> dict[str, Any]:
    profiles = {p.pk: p for p in profiles_of(army)}
    return {"summary": summarise(army), "profiles": list(profiles.values())}
