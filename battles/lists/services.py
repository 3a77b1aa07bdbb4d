"""The only code that writes army lists and profiles: every page that changes one calls a function
here. A change that breaks an editing limit raises BadData with a message for the player and writes
nothing; every change to a list marks the list as updated."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.db.models import Max, Q, QuerySet, RestrictedError

from .catalogue import catalogue
from .listfile import FollowerDraft, ListDraft, WarbandDraft
from .models import ArmyList, Follower, Profile, Warband, new_share_token
from .profiles import BadData, clean_profile
from .rules import MAX_MODELS, MAX_WARBANDS, summarise

# ---------------------------------------------------------------- whole lists


def new_list(owner: Any, name: str, points_limit: int) -> ArmyList:
    """An empty list; a name the owner already uses gets a number."""
    return ArmyList.objects.create(owner=owner, name=unused_list_name(owner, name), points_limit=points_limit)


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


def save_list(owner: Any, draft: ListDraft) -> ArmyList:
    """Save a list for its new owner: an import, or a copy of a list. Profiles that the owner can
    already use, with the same characteristics, are reused; any other becomes the owner's own."""
    with transaction.atomic():
        profiles = {id(p): _usable_profile(owner, p) for p in draft.profiles()}
        army = ArmyList.objects.create(
            owner=owner, name=unused_list_name(owner, draft.name), points_limit=draft.points_limit
        )
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


def _usable_profile(owner: Any, profile: Profile) -> Profile:
    if profile.pk is not None and Profile.visible_to(owner).filter(pk=profile.pk).exists():
        return profile
    data = clean_profile(profile.to_data())
    name = data["name"]
    # A profile imported before under a changed name counts as the same profile.
    similar = Profile.visible_to(owner).filter(Q(name=name) | Q(name__startswith=f"{name} (imported"))
    for candidate in similar.order_by("owner_id", "pk"):
        if {**clean_profile(candidate.to_data()), "name": name} == data:
            return candidate
    if similar.filter(name=name).exists():
        data["name"] = _unused_profile_name(owner, name)
    return save_profile(_profile(owner, data))


def _unused_profile_name(owner: Any, name: str) -> str:
    number = 1
    while True:
        suffix = " (imported)" if number == 1 else f" (imported {number})"
        candidate = name[: 100 - len(suffix)] + suffix
        if not Profile.visible_to(owner).filter(name=candidate).exists():
            return candidate
        number += 1


def draft_of(army: ArmyList) -> ListDraft:
    """A saved list as a draft, to copy it (the profiles stay the saved ones)."""
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


def add_warband(army: ArmyList, hero: Profile) -> None:
    with changing(army):
        if army.warbands.count() >= MAX_WARBANDS:
            raise BadData(f"A list holds at most {MAX_WARBANDS} warbands.")
        _check_models_after(army, 1)
        Warband.objects.create(army_list=army, position=_next_position(army.warbands.all()), hero=hero)


def make_general(army: ArmyList, warband: Warband) -> None:
    with changing(army):
        army.warbands.exclude(pk=warband.pk).update(is_general=False)
        warband.is_general = True
        warband.save(update_fields=["is_general"])


def remove_warband(army: ArmyList, warband: Warband) -> None:
    with changing(army):
        warband.delete()


def set_hero_options(army: ArmyList, warband: Warband, options: list[str]) -> None:
    with changing(army):
        warband.hero_options = options
        warband.save(update_fields=["hero_options"])


def add_followers(army: ArmyList, warband: Warband, profile: Profile, count: int) -> None:
    """Followers join the warband's followers of the same profile without options, if it has some."""
    with changing(army):
        _check_models_after(army, count)
        same = next((f for f in warband.followers.filter(profile=profile) if not f.options), None)
        if same is not None:
            same.count += count
            same.save(update_fields=["count"])
        else:
            Follower.objects.create(
                warband=warband,
                position=_next_position(warband.followers.all()),
                profile=profile,
                count=count,
            )


def change_followers(army: ArmyList, follower: Follower, count: int, options: list[str]) -> None:
    with changing(army):
        _check_models_after(army, count - follower.count)
        follower.count = count
        follower.options = options
        follower.save(update_fields=["count", "options"])


def remove_followers(army: ArmyList, follower: Follower) -> None:
    with changing(army):
        follower.delete()


def _check_models_after(army: ArmyList, added: int) -> None:
    models = summarise(army).models + added
    if models > MAX_MODELS:
        raise BadData(f"A list holds at most {MAX_MODELS} models; this would make {models}.")


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
