"""A mass-battle list's web side: its drafts, its contents in the list file, its edits, and the list
as the referee's list rules read it (`rules_core.mass_battle.summarise`, §2.2-2.5).

Drafts are shaped like a saved list (`stands_of` and `heroes_of` read either), so one check serves a
saved list, a copy and an import alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from battles.lists import services
from battles.lists.army_lists import army_lists, entry_of, in_list
from battles.lists.listfile import (
    an_object,
    distinct,
    profile_named,
    profiles_data,
    read_options,
    shown,
    whole_number,
)
from battles.lists.models import ArmyList, Profile
from battles.lists.options import listed
from battles.lists.profiles import BadData
from rules_core import Listed
from rules_core import mass_battle as referee

from .models import ListHero, StandLine

KEY = "mass_battle"
MAX_STANDS = 48
"""The most stands one list fields, a Monster hero's own stand included: what always fits in a
side's deployment zone (72" by 12"), even all of them large (4" by 3")."""
MAX_HEROES = 24
"""The most heroes one list holds: one per two stands of the fullest list."""
MAX_CARDS_LISTED = 20
"""The most Battle Cards a hero's entry may list in a file (the rules allow three; more is a problem
the builder shows, many more is no list at all)."""


@dataclass
class StandDraft:
    profile: Profile
    count: int
    options: list[str]


@dataclass
class HeroDraft:
    profile: Profile
    options: list[str]
    cards: list[str]
    """Card keys (rules_core.mass_battle's `CARDS`)."""
    is_general: bool


@dataclass
class MassDraft:
    """A mass-battle list that is not (or not yet) saved: shaped like a saved one for its list rules."""

    ruleset: ClassVar[str] = KEY
    name: str
    points_limit: int
    stands: list[StandDraft]
    heroes: list[HeroDraft]
    built_from: str = ""
    """The game's army list it is built from, or "" for any profiles."""

    def profiles(self) -> list[Profile]:
        return distinct([line.profile for line in self.stands] + [hero.profile for hero in self.heroes])


def stands_of(army: Any) -> list[Any]:
    """A list's lines of stands in order, saved (`StandLine`) or drafted (`StandDraft`)."""
    return list(army.stand_lines.all()) if isinstance(army, ArmyList) else list(army.stands)


def heroes_of(army: Any) -> list[Any]:
    """A list's heroes in order, saved (`ListHero`) or drafted (`HeroDraft`)."""
    return list(army.heroes.all()) if isinstance(army, ArmyList) else list(army.heroes)


def profiles_of(army: Any) -> list[Profile]:
    return [*(s.profile for s in stands_of(army)), *(h.profile for h in heroes_of(army))]


def as_referee_list(army: Any) -> referee.MassList:
    """The list as the referee's list rules read it: each profile as its army list fields it (its
    tier, price and options there); a profile of no entry of that list is a problem."""
    built_from = army.built_from

    def fielded(profile: Profile, options: list[str], count: int = 1) -> Listed:
        found = listed(in_list(built_from, profile), options, count)
        if built_from and entry_of(built_from, profile) is None:
            named = army_lists()[built_from]["name"]
            return replace(
                found, problems=(*found.problems, f"{profile.name} is not in the {named} army list.")
            )
        return found

    return referee.MassList(
        int(army.points_limit),
        tuple(fielded(line.profile, list(line.options), line.count) for line in stands_of(army)),
        tuple(
            referee.ListedHero(fielded(h.profile, list(h.options)), tuple(h.cards), bool(h.is_general))
            for h in heroes_of(army)
        ),
    )


def summarise(army: Any) -> referee.MassSummary:
    return referee.summarise(as_referee_list(army))


def fields_own_stand(profile: Profile, built_from: str = "") -> bool:
    """A Monster hero is fielded as a stand of his own (§2.3)."""
    return referee.fields_own_stand(listed(in_list(built_from, profile), []))


def draft_of(army: ArmyList) -> MassDraft:
    return MassDraft(
        army.name,
        army.points_limit,
        [StandDraft(s.profile, s.count, list(s.options)) for s in stands_of(army)],
        [HeroDraft(h.profile, list(h.options), list(h.cards), h.is_general) for h in heroes_of(army)],
        army.built_from,
    )


def save_contents(army: ArmyList, draft: MassDraft, profiles: Mapping[int, Profile]) -> None:
    StandLine.objects.bulk_create(
        StandLine(
            army_list=army,
            position=i,
            profile=profiles[id(s.profile)],
            count=s.count,
            options=list(s.options),
        )
        for i, s in enumerate(draft.stands)
    )
    ListHero.objects.bulk_create(
        ListHero(
            army_list=army,
            position=i,
            profile=profiles[id(h.profile)],
            options=list(h.options),
            cards=list(h.cards),
            is_general=h.is_general,
        )
        for i, h in enumerate(draft.heroes)
    )


# ---------------------------------------------------------------- the list file


def export_contents(army: Any) -> dict[str, Any]:
    lines, heroes = stands_of(army), heroes_of(army)
    return {
        "stands": [{"profile": s.profile.name, "count": s.count, "options": list(s.options)} for s in lines],
        "heroes": [
            {
                "profile": h.profile.name,
                "options": list(h.options),
                "cards": [card.name for card in referee.known_cards(h.cards)],
                "general": bool(h.is_general),
            }
            for h in heroes
        ],
        "profiles": profiles_data([*(h.profile for h in heroes), *(s.profile for s in lines)]),
    }


def parse_contents(doc: dict[str, Any], name: str, limit: int, profiles: dict[str, Profile]) -> MassDraft:
    raw_stands, raw_heroes = doc.get("stands"), doc.get("heroes")
    if not isinstance(raw_stands, list) or len(raw_stands) > MAX_STANDS:
        raise BadData(f'"stands" must be a list of at most {MAX_STANDS} lines of stands.')
    if not isinstance(raw_heroes, list) or len(raw_heroes) > MAX_HEROES:
        raise BadData(f'"heroes" must be a list of at most {MAX_HEROES} heroes.')
    stands = [_stand_line(i + 1, raw, profiles) for i, raw in enumerate(raw_stands)]
    heroes = [_hero(i + 1, raw, profiles) for i, raw in enumerate(raw_heroes)]
    fielded = sum(line.count for line in stands) + sum(fields_own_stand(h.profile) for h in heroes)
    if fielded > MAX_STANDS:
        raise BadData(f"The list fields {fielded} stands; a list fields at most {MAX_STANDS}.")
    return MassDraft(name, limit, stands, heroes)


def _stand_line(number: int, raw: Any, profiles: dict[str, Profile]) -> StandDraft:
    where = f"Stands {number}"
    line = an_object(raw, where)
    profile = profile_named(line.get("profile"), profiles, where)
    if profile.is_hero:
        raise BadData(f"{where}: {profile.name} is a hero; list him among the heroes.")
    _not_a_group(profile)
    count = line.get("count")
    if not isinstance(count, int) or not whole_number(count, 1, MAX_STANDS):
        raise BadData(
            f"{where}: the number of stands of {profile.name} must be a whole number from 1 to {MAX_STANDS}."
        )
    return StandDraft(profile, count, read_options(line.get("options", []), profile, where))


def _hero(number: int, raw: Any, profiles: dict[str, Profile]) -> HeroDraft:
    where = f"Hero {number}"
    entry = an_object(raw, where)
    profile = profile_named(entry.get("profile"), profiles, where)
    if not profile.is_hero:
        raise BadData(f"{where}: {profile.name} is not a hero; field him in stands.")
    cards = entry.get("cards", [])
    if (
        not isinstance(cards, list)
        or len(cards) > MAX_CARDS_LISTED
        or not all(isinstance(c, str) for c in cards)
    ):
        raise BadData(f"{where}: the Battle Cards of {profile.name} must be a list of card names.")
    found = referee.known_cards(cards)
    if len(found) < len(cards):
        unknown = next(c for c in cards if not referee.known_cards([c]))
        names = ", ".join(card.name for card in referee.CARDS.values())
        raise BadData(
            f"{where}: {profile.name} carries {shown(unknown)}, which is no Battle Card (cards: {names})."
        )
    return HeroDraft(
        profile,
        read_options(entry.get("options", []), profile, where),
        [card.key for card in found],
        entry.get("general") is True,
    )


# ---------------------------------------------------------------- edits


def _not_a_group(profile: Profile, built_from: str = "") -> None:
    """A stand is models of one profile (§2.2): a group of models is fielded only as heroes."""
    if profile.kind == "group":
        raise BadData(
            referee.unfieldable_group(listed(in_list(built_from, profile), []))
            or f"{profile.name} is a group of heroes: add it among the heroes."
        )


def _fieldable_group(profile: Profile, built_from: str) -> None:
    """A group of heroes is fielded as heroes of their own; one with a warrior or a beast is refused."""
    if profile.kind == "group":
        why = referee.unfieldable_group(listed(in_list(built_from, profile), []))
        if why:
            raise BadData(why)


def add_stands(army: ArmyList, profile: Profile, count: int) -> None:
    """Stands join the list's line of the same profile without options, if it has one."""
    with services.changing(army):
        services.for_ruleset(army, KEY)
        services.same_side(army, profile)
        _not_a_group(profile, army.built_from)
        _check_stands_after(army, count)
        services.add_to_line(army.stand_lines, profile, count)


def change_stands(army: ArmyList, line: StandLine, count: int, options: list[str]) -> None:
    with services.changing(army):
        _check_stands_after(army, count - line.count)
        services.usable_options(in_list(army.built_from, line.profile), options)
        services.change_line(line, count, options)


def add_hero(army: ArmyList, profile: Profile) -> None:
    with services.changing(army):
        services.for_ruleset(army, KEY)
        services.same_side(army, profile)
        _fieldable_group(profile, army.built_from)
        if army.heroes.count() >= MAX_HEROES:
            raise BadData(f"A list holds at most {MAX_HEROES} heroes.")
        if fields_own_stand(profile, army.built_from):
            _check_stands_after(army, 1)
        ListHero.objects.create(
            army_list=army, position=services.next_position(army.heroes.all()), profile=profile
        )


def equip_hero(army: ArmyList, hero: ListHero, options: list[str], cards: list[str]) -> None:
    """A hero's options and Battle Cards (card keys), as the builder's form sends them."""
    with services.changing(army):
        hero.options, hero.cards = options, cards
        hero.save(update_fields=["options", "cards"])


def _check_stands_after(army: ArmyList, added: int) -> None:
    stands = summarise(army).stands + added
    if stands > MAX_STANDS:
        raise BadData(f"A list fields at most {MAX_STANDS} stands; this would make {stands}.")
