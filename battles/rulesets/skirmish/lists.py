"""A skirmish list's web side: its drafts, its contents in the list file, its edits, and the list
as the referee's list rules read it (`rules_core.skirmish.summarise`).

Drafts are shaped like a saved list (`warbands_of` reads either), so one check serves a saved
list, a copy and an import alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from battles.lists import services
from battles.lists.army_lists import in_list, list_rules
from battles.lists.listfile import distinct, profile_named, profiles_data, read_options
from battles.lists.models import ArmyList, Profile
from battles.lists.options import MAX_COUNT, listed, unique_hero
from battles.lists.profiles import BadData
from rules_core import skirmish

from .models import Follower, Warband

KEY = "skirmish"
MAX_WARBANDS = 30
MAX_MODELS = 150
"""What one list may hold: enough for any real game, small enough to fit on a board."""


@dataclass
class FollowerDraft:
    profile: Profile
    count: int
    options: list[str]


@dataclass
class WarbandDraft:
    hero: Profile
    hero_options: list[str]
    is_general: bool
    followers: list[FollowerDraft] = field(default_factory=list)

    def followers_in_order(self) -> list[FollowerDraft]:
        return self.followers


@dataclass
class SkirmishDraft:
    """A skirmish list that is not (or not yet) saved: shaped like a saved one for the list rules."""

    ruleset: ClassVar[str] = KEY
    name: str
    points_limit: int
    warbands: list[WarbandDraft]
    built_from: str = ""
    """The game's army list it is built from, or "" for any profiles."""

    def profiles(self) -> list[Profile]:
        return distinct([p for w in self.warbands for p in [w.hero, *(f.profile for f in w.followers)]])


def warbands_of(army: Any) -> list[Any]:
    """A list's warbands in order, saved (`Warband`) or drafted (`WarbandDraft`)."""
    return list(army.warbands.all()) if isinstance(army, ArmyList) else list(army.warbands)


def profiles_of(army: Any) -> list[Profile]:
    return [p for w in warbands_of(army) for p in [w.hero, *(f.profile for f in w.followers_in_order())]]


def as_referee_list(army: Any) -> skirmish.SkirmishList:
    """The list as the referee's list rules read it: each profile as its army list fields it, with
    that list's own rules."""
    built_from = army.built_from
    return skirmish.SkirmishList(
        int(army.points_limit),
        tuple(
            skirmish.ListedWarband(
                listed(in_list(built_from, w.hero), list(w.hero_options)),
                tuple(
                    listed(in_list(built_from, f.profile), list(f.options), f.count)
                    for f in w.followers_in_order()
                ),
                bool(w.is_general),
            )
            for w in warbands_of(army)
        ),
        list_rules(built_from),
    )


def heroes_may_follow(army: Any) -> bool:
    """Whether the list's army list lets heroes follow another hero (the army as one warband, or a
    hero the list says may join another's warband: Legolas joining Aragorn, Gríma Saruman)."""
    rules = list_rules(army.built_from)
    return rules is not None and rules.offers_heroes_as_followers({p.catalogue_id for p in profiles_of(army)})


def summarise(army: Any) -> skirmish.Summary:
    return skirmish.summarise(as_referee_list(army))


def draft_of(army: ArmyList) -> SkirmishDraft:
    return SkirmishDraft(
        army.name,
        army.points_limit,
        [
            WarbandDraft(
                w.hero,
                list(w.hero_options),
                w.is_general,
                [FollowerDraft(f.profile, f.count, list(f.options)) for f in w.followers_in_order()],
            )
            for w in warbands_of(army)
        ],
        army.built_from,
    )


def save_contents(army: ArmyList, draft: SkirmishDraft, profiles: Mapping[int, Profile]) -> None:
    for position, w in enumerate(draft.warbands):
        warband = Warband.objects.create(
            army_list=army,
            position=position,
            hero=profiles[id(w.hero)],
            hero_options=list(w.hero_options),
            is_general=w.is_general,
        )
        Follower.objects.bulk_create(
            Follower(
                warband=warband,
                position=i,
                profile=profiles[id(f.profile)],
                count=f.count,
                options=list(f.options),
            )
            for i, f in enumerate(w.followers_in_order())
        )


# ---------------------------------------------------------------- the list file


def export_contents(army: Any) -> dict[str, Any]:
    warbands = [
        {
            "hero": w.hero.name,
            "hero_options": list(w.hero_options),
            "general": bool(w.is_general),
            "followers": [
                {"profile": f.profile.name, "count": f.count, "options": list(f.options)}
                for f in w.followers_in_order()
            ],
        }
        for w in warbands_of(army)
    ]
    return {"warbands": warbands, "profiles": profiles_data(profiles_of(army))}


def parse_contents(doc: dict[str, Any], name: str, limit: int, profiles: dict[str, Profile]) -> SkirmishDraft:
    raw_warbands = doc.get("warbands")
    if not isinstance(raw_warbands, list) or len(raw_warbands) > MAX_WARBANDS:
        raise BadData(f'"warbands" must be a list of at most {MAX_WARBANDS} warbands.')
    warbands = [_warband(i + 1, w, profiles) for i, w in enumerate(raw_warbands)]
    models = sum(1 + sum(f.count for f in w.followers) for w in warbands)
    if models > MAX_MODELS:
        raise BadData(f"The list has {models} models; a list holds at most {MAX_MODELS}.")
    return SkirmishDraft(name, limit, warbands)


def _warband(number: int, raw: Any, profiles: dict[str, Profile]) -> WarbandDraft:
    where = f"Warband {number}"
    if not isinstance(raw, dict):
        raise BadData(f"{where} must be an object.")
    hero = profile_named(raw.get("hero"), profiles, where)
    if not hero.is_hero:
        raise BadData(f"{where} is led by {hero.name}, who is not a hero.")
    followers_raw = raw.get("followers", [])
    if not isinstance(followers_raw, list):
        raise BadData(f"{where}: followers must be a list.")
    warband = WarbandDraft(
        hero, read_options(raw.get("hero_options", []), hero, where), raw.get("general") is True
    )
    for f in followers_raw:
        if not isinstance(f, dict):
            raise BadData(f"{where}: each follower must be an object.")
        profile = profile_named(f.get("profile"), profiles, where)
        count = f.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            raise BadData(
                f"{where}: the number of {profile.name} must be a whole number from 1 to {MAX_COUNT}."
            )
        warband.followers.append(
            FollowerDraft(profile, count, read_options(f.get("options", []), profile, where))
        )
    return warband


# ---------------------------------------------------------------- edits


def add_warband(army: ArmyList, hero: Profile) -> None:
    with services.changing(army):
        services.for_ruleset(army, KEY)
        services.same_side(army, hero)
        if army.warbands.count() >= MAX_WARBANDS:
            raise BadData(f"A list holds at most {MAX_WARBANDS} warbands.")
        _check_models_after(army, 1)
        Warband.objects.create(
            army_list=army, position=services.next_position(army.warbands.all()), hero=hero
        )


def set_hero_options(army: ArmyList, warband: Warband, options: list[str]) -> None:
    with services.changing(army):
        services.usable_options(in_list(army.built_from, warband.hero), options)
        warband.hero_options = options
        warband.save(update_fields=["hero_options"])


def add_followers(army: ArmyList, warband: Warband, profile: Profile, count: int) -> None:
    """Followers join the warband's followers of the same profile without options, if it has some."""
    with services.changing(army):
        services.for_ruleset(army, KEY)
        services.same_side(army, profile)
        _check_models_after(army, count)
        same = sum(f.count for f in warband.followers_in_order() if f.profile_id == profile.pk)
        _one_if_unique(profile, same + count)
        services.add_to_line(warband.followers, profile, count)


def change_followers(army: ArmyList, follower: Follower, count: int, options: list[str]) -> None:
    with services.changing(army):
        _check_models_after(army, count - follower.count)
        _one_if_unique(follower.profile, count)
        services.usable_options(in_list(army.built_from, follower.profile), options)
        services.change_line(follower, count, options)


def _one_if_unique(profile: Profile, count: int) -> None:
    """A unique hero follows once at most (the builder offers no count for him)."""
    if count > 1 and unique_hero(profile):
        raise BadData(f"{profile.name} is unique: an army has one at most.")


def _check_models_after(army: ArmyList, added: int) -> None:
    # Each warband's hero and its followers, as the summary counts them (without checking the list).
    models = sum(1 + sum(f.count for f in w.followers_in_order()) for w in warbands_of(army)) + added
    if models > MAX_MODELS:
        raise BadData(f"A list holds at most {MAX_MODELS} models; this would make {models}.")
