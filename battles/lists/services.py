"""The only code that writes army lists and profiles: every page that changes one calls a function
here. A change that breaks an editing limit raises BadData with a message for the player and writes
nothing; every change to a list marks the list as updated."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.db.models import Max, Q, QuerySet, RestrictedError

from rules_core.mass_battle.constants import STANDARD_ARMY_POINTS

from .catalogue import catalogue
from .listfile import FollowerDraft, HeroDraft, ListDraft, MassListDraft, StandDraft, WarbandDraft
from .mass_rules import MAX_HEROES, MAX_STANDS, is_monster, summarise_mass
from .models import (
    MASS_BATTLE,
    RULESETS,
    SKIRMISH,
    ArmyList,
    Follower,
    ListHero,
    Profile,
    StandLine,
    Warband,
    new_share_token,
)
from .profilefile import ProfileFileProblems
from .profiles import BadData, clean_profile
from .rules import DEFAULT_POINTS_LIMIT, MAX_MODELS, MAX_WARBANDS, side_of, summarise, wrong_side

STANDARD_POINTS = {SKIRMISH: DEFAULT_POINTS_LIMIT, MASS_BATTLE: STANDARD_ARMY_POINTS}
"""A new list's points limit when its maker names none."""

# ---------------------------------------------------------------- whole lists


def new_list(owner: Any, name: str, points_limit: int | None, ruleset: str = SKIRMISH) -> ArmyList:
    """An empty list for one ruleset, for good; a name the owner already uses gets a number.
    Without a points limit, the ruleset's standard game size."""
    if ruleset not in dict(RULESETS):
        raise BadData(f"There is no ruleset called {ruleset!r}.")
    return ArmyList.objects.create(
        owner=owner,
        name=unused_list_name(owner, name),
        points_limit=points_limit or STANDARD_POINTS[ruleset],
        ruleset=ruleset,
    )


def copy_list(owner: Any, army: ArmyList) -> ArmyList:
    return save_list(owner, draft_of(army))


def delete_list(army: ArmyList) -> None:
    army.delete()


def unused_list_name(owner: Any, name: str) -> str:
    """The name, or with " (2)", " (3)" ... if the owner already has a list called that."""
    taken = set(ArmyList.objects.filter(owner=owner).values_list("name", flat=True))
    candidate, number = name[:100], 1
    while candidate in taken:
        number += 1
        suffix = f" ({number})"
        candidate = name[: 100 - len(suffix)] + suffix
    return candidate


def save_list(owner: Any, draft: ListDraft | MassListDraft) -> ArmyList:
    """Save a list for its new owner: an import, or a copy of a list. Profiles that the owner can
    already use, with the same characteristics, are reused; any other becomes the owner's own."""
    with transaction.atomic():
        profiles = {id(p): _usable_profile(owner, p) for p in draft.profiles()}
        army = ArmyList.objects.create(
            owner=owner,
            name=unused_list_name(owner, draft.name),
            points_limit=draft.points_limit,
            ruleset=draft.ruleset,
        )
        if isinstance(draft, MassListDraft):
            _save_mass_contents(army, draft, profiles)
            return army
        for position, w in enumerate(draft.warbands_in_order()):
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
    return army


def _save_mass_contents(army: ArmyList, draft: MassListDraft, profiles: dict[int, Profile]) -> None:
    StandLine.objects.bulk_create(
        StandLine(
            army_list=army,
            position=i,
            profile=profiles[id(s.profile)],
            count=s.count,
            options=list(s.options),
        )
        for i, s in enumerate(draft.stands_in_order())
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
        for i, h in enumerate(draft.heroes_in_order())
    )


def _usable_profile(owner: Any, profile: Profile) -> Profile:
    if profile.pk is not None and Profile.visible_to(owner).filter(pk=profile.pk).exists():
        return profile
    data = clean_profile(profile.to_data())
    name = data["name"]
    # A profile imported before under a changed name counts as the same profile.
    similar = Profile.visible_to(owner).filter(Q(name=name) | Q(name__startswith=f"{name} (imported"))
    for candidate in similar.order_by("owner_id", "pk"):
        if _same_profile(candidate, name, data):
            return candidate
    if similar.filter(name=name).exists():
        data["name"] = _unused_profile_name(owner, name)
    return save_profile(_profile(owner, data))


def _same_profile(candidate: Profile, name: str, data: dict[str, Any]) -> bool:
    """Whether a saved profile is the same as checked data under `name` (one saved before sides
    counted, with none, is not: it is kept for its owner to say)."""
    try:
        return {**clean_profile(candidate.to_data()), "name": name} == data
    except BadData:
        return False


def _unused_profile_name(owner: Any, name: str) -> str:
    number = 1
    while True:
        suffix = " (imported)" if number == 1 else f" (imported {number})"
        candidate = name[: 100 - len(suffix)] + suffix
        if not Profile.visible_to(owner).filter(name=candidate).exists():
            return candidate
        number += 1


def draft_of(army: ArmyList) -> ListDraft | MassListDraft:
    """A saved list as a draft, to copy it (the profiles stay the saved ones)."""
    if army.is_mass_battle:
        return MassListDraft(
            army.name,
            army.points_limit,
            [StandDraft(s.profile, s.count, list(s.options)) for s in army.stands_in_order()],
            [
                HeroDraft(h.profile, list(h.options), list(h.cards), h.is_general)
                for h in army.heroes_in_order()
            ],
        )
    return ListDraft(
        army.name,
        army.points_limit,
        [
            WarbandDraft(
                w.hero,
                list(w.hero_options),
                w.is_general,
                [FollowerDraft(f.profile, f.count, list(f.options)) for f in w.followers_in_order()],
            )
            for w in army.warbands_in_order()
        ],
    )


# ---------------------------------------------------------------- changes to a list


@contextmanager
def changing(army: ArmyList) -> Iterator[None]:
    """One change to a list, all or nothing, after which the list counts as updated."""
    with transaction.atomic():
        yield
        army.save(update_fields=["updated_at"])


def change_settings(army: ArmyList, name: str, points_limit: int) -> None:
    with changing(army):
        army.name, army.points_limit = name, points_limit
        army.save(update_fields=["name", "points_limit"])


def share_list(army: ArmyList, shared: bool) -> None:
    """Shared, a list can be read (and brought to battle) by anyone with its link; unshared, the
    old link stops working."""
    with changing(army):
        army.share_token = new_share_token() if shared else None
        army.save(update_fields=["share_token"])


def _for_ruleset(army: ArmyList, ruleset: str) -> None:
    """A list is for one ruleset: a change that belongs to the other's lists is refused."""
    if army.ruleset != ruleset:
        kind = dict(RULESETS)[army.ruleset].lower()
        raise BadData(
            f"{army.name} is a {kind} list: "
            + (
                "it has stands and heroes, not warbands."
                if army.is_mass_battle
                else "it has warbands, not stands."
            )
        )


def _same_side(army: ArmyList, profile: Profile) -> None:
    """A list fights for one side: a profile of the other side is refused."""
    if army.is_mass_battle:
        profiles = [
            *(s.profile for s in army.stands_in_order()),
            *(h.profile for h in army.heroes_in_order()),
        ]
    else:
        profiles = [
            p for w in army.warbands_in_order() for p in [w.hero, *(f.profile for f in w.followers.all())]
        ]
    problem = wrong_side(side_of(profiles)[0], profile)
    if problem:
        raise BadData(problem)


def add_warband(army: ArmyList, hero: Profile) -> None:
    with changing(army):
        _for_ruleset(army, SKIRMISH)
        _same_side(army, hero)
        if army.warbands.count() >= MAX_WARBANDS:
            raise BadData(f"A list holds at most {MAX_WARBANDS} warbands.")
        _check_models_after(army, 1)
        Warband.objects.create(army_list=army, position=_next_position(army.warbands.all()), hero=hero)


def make_general(army: ArmyList, leader: Warband | ListHero) -> None:
    """Name the General: a warband's hero (skirmish) or a hero (mass battle), and no other."""
    with changing(army):
        heroes = army.warbands if isinstance(leader, Warband) else army.heroes
        heroes.exclude(pk=leader.pk).update(is_general=False)
        leader.is_general = True
        leader.save(update_fields=["is_general"])


def remove_part(army: ArmyList, part: Warband | Follower | StandLine | ListHero) -> None:
    """Take a warband, a line of followers or of stands, or a hero out of the list."""
    with changing(army):
        part.delete()


def set_hero_options(army: ArmyList, warband: Warband, options: list[str]) -> None:
    with changing(army):
        warband.hero_options = options
        warband.save(update_fields=["hero_options"])


def add_followers(army: ArmyList, warband: Warband, profile: Profile, count: int) -> None:
    """Followers join the warband's followers of the same profile without options, if it has some."""
    with changing(army):
        _for_ruleset(army, SKIRMISH)
        _same_side(army, profile)
        _check_models_after(army, count)
        _add_to_line(warband.followers, profile, count)


def change_followers(army: ArmyList, follower: Follower, count: int, options: list[str]) -> None:
    with changing(army):
        _check_models_after(army, count - follower.count)
        _change_line(follower, count, options)


def _add_to_line(lines: Any, profile: Profile, count: int) -> None:
    """Models (or stands) join the line of the same profile without options, if there is one; else
    they make a new line, last. `lines` is the related manager of a warband's or a list's lines."""
    same = next((line for line in lines.filter(profile=profile) if not line.options), None)
    if same is not None:
        same.count += count
        same.save(update_fields=["count"])
    else:
        lines.create(position=_next_position(lines.all()), profile=profile, count=count)


def _change_line(line: Follower | StandLine, count: int, options: list[str]) -> None:
    line.count, line.options = count, options
    line.save(update_fields=["count", "options"])


def _check_models_after(army: ArmyList, added: int) -> None:
    models = summarise(army).models + added
    if models > MAX_MODELS:
        raise BadData(f"A list holds at most {MAX_MODELS} models; this would make {models}.")


# ---------------------------------------------------------------- changes to a mass-battle list


def add_stands(army: ArmyList, profile: Profile, count: int) -> None:
    """Stands join the list's line of the same profile without options, if it has one."""
    with changing(army):
        _for_ruleset(army, MASS_BATTLE)
        _same_side(army, profile)
        _check_stands_after(army, count)
        _add_to_line(army.stand_lines, profile, count)


def change_stands(army: ArmyList, line: StandLine, count: int, options: list[str]) -> None:
    with changing(army):
        _check_stands_after(army, count - line.count)
        _change_line(line, count, options)


def add_hero(army: ArmyList, profile: Profile) -> None:
    with changing(army):
        _for_ruleset(army, MASS_BATTLE)
        _same_side(army, profile)
        if army.heroes.count() >= MAX_HEROES:
            raise BadData(f"A list holds at most {MAX_HEROES} heroes.")
        if is_monster(profile):
            _check_stands_after(army, 1)
        ListHero.objects.create(army_list=army, position=_next_position(army.heroes.all()), profile=profile)


def equip_hero(army: ArmyList, hero: ListHero, options: list[str], cards: list[str]) -> None:
    """A hero's options and Battle Cards (card keys), as the builder's form sends them."""
    with changing(army):
        hero.options, hero.cards = options, cards
        hero.save(update_fields=["options", "cards"])


def _check_stands_after(army: ArmyList, added: int) -> None:
    stands = summarise_mass(army).stands + added
    if stands > MAX_STANDS:
        raise BadData(f"A list fields at most {MAX_STANDS} stands; this would make {stands}.")


def _next_position(items: QuerySet[Any]) -> int:
    return int(items.aggregate(top=Max("position"))["top"] or 0) + 1


# ---------------------------------------------------------------- profiles


def load_catalogue() -> int:
    """Add the catalogue's profiles that are missing (by name); one already there, perhaps edited in
    the admin, is kept as it is. Returns how many were added."""
    added = 0
    for data in catalogue():
        if not Profile.objects.filter(name=data["name"], owner=None).exists():
            save_profile(_profile(None, clean_profile(data)))
            added += 1
    return added


def import_profiles(owner: Any, found: list[dict[str, Any]]) -> list[Profile]:
    """Save the checked profiles of a profiles file (battles/lists/profilefile.py) as the owner's own,
    all or none: a name the owner can already use (the catalogue's or their own) is a problem of its
    row, and then nothing is saved."""
    names = [data["name"] for data in found]
    taken = set(Profile.visible_to(owner).filter(name__in=names).values_list("name", flat=True))
    clashes = [
        f"{data['row']}: there is already a profile called {data['name']}; rename it in the file."
        for data in found
        if data["name"] in taken
    ]
    if clashes:
        raise ProfileFileProblems(clashes)
    with transaction.atomic():
        return [
            save_profile(_profile(owner, {k: v for k, v in data.items() if k != "row"})) for data in found
        ]


def _profile(owner: Any, data: dict[str, Any]) -> Profile:
    profile = Profile(owner=owner)
    profile.set_data(data)
    return profile


def save_profile(profile: Profile) -> Profile:
    """A player's own profile, new or changed (its data checked by clean_profile first)."""
    profile.save()
    return profile


def delete_profile(profile: Profile) -> None:
    try:
        profile.delete()
    except RestrictedError:
        raise BadData(f"{profile.name} is in one of your lists; take it out of them first.") from None
