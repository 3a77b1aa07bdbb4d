"""The code that writes army lists and profiles: every page that changes one calls a function here,
or an edit of its ruleset's own (battles/rulesets/<key>/lists.py), made inside `changing` with the
helpers here. A change that breaks an editing limit raises BadData with a message for the player
and writes nothing; every change to a list marks the list as updated."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.db.models import Max, Q, QuerySet, RestrictedError

from battles.rulesets import DEFAULT_RULESET, keys, web_ruleset
from rules_core import Listed, side_of, wrong_side

from . import offers
from .army_lists import army_list_named
from .catalogue import catalogue
from .listfile import ListDraft
from .models import FIELDED_KINDS, PROFILE_DATA_FIELDS, ArmyList, Profile, new_share_token
from .profilefile import ProfileFileProblems
from .profiles import BadData, clean_profile

# ---------------------------------------------------------------- whole lists


def new_list(
    owner: Any, name: str, points_limit: int | None, ruleset: str = DEFAULT_RULESET, army_list: str = ""
) -> ArmyList:
    """An empty list for one ruleset, for good, built from one of the game's army lists or of any
    profiles (""); a name the owner already uses gets a number. Without a points limit, the
    ruleset's standard game size."""
    if ruleset not in keys():
        raise BadData(f"There is no ruleset called {ruleset!r}.")
    if army_list and army_list_named(army_list) is None:
        raise BadData(f"There is no army list called {army_list!r}.")
    return ArmyList.objects.create(
        owner=owner,
        name=unused_list_name(owner, name),
        points_limit=points_limit or web_ruleset(ruleset).standard_points,
        ruleset=ruleset,
        built_from=army_list,
    )


def copy_list(owner: Any, army: ArmyList) -> ArmyList:
    return save_list(owner, web_ruleset(army.ruleset).draft_of(army))


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
            owner=owner,
            name=unused_list_name(owner, draft.name),
            points_limit=draft.points_limit,
            ruleset=draft.ruleset,
            built_from=getattr(draft, "built_from", ""),
        )
        web_ruleset(army.ruleset).save_contents(army, draft, profiles)
    return army


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


def for_ruleset(army: ArmyList, ruleset: str) -> None:
    """A list is for one ruleset: a change that belongs to another's lists is refused."""
    if army.ruleset != ruleset:
        rules = web_ruleset(army.ruleset)
        raise BadData(f"{army.name} is a {rules.name.lower()} list: {rules.holds}.")


def fieldable(profile: Profile) -> None:
    """Only a profile the referee can play goes into a list; a mount is bought as an option, a
    part with its group."""
    if profile.not_playable:
        raise BadData(f"{profile.name} cannot be played in battle yet: {profile.not_playable}.")
    if profile.kind not in FIELDED_KINDS:
        kind = (
            "a mount, bought as a rider's option" if profile.kind == "mount" else "bought only with its group"
        )
        raise BadData(f"{profile.name} is {kind}.")


def usable_options(profile: Profile, options: list[str]) -> None:
    """An option the list builder or the referee cannot use yet is refused, saying why."""
    for option in profile.options:
        if option["name"] in options and option.get("not_playable"):
            raise BadData(f"{option['name']} cannot be taken yet: {option['not_playable']}.")


def same_side(army: ArmyList, profile: Profile) -> None:
    """A list fights for one side, and holds only profiles that can be fielded (`fieldable`): a
    profile of the other side is refused."""
    fieldable(profile)
    side, _ = side_of(
        [Listed(p.name, {}, 0, side=p.side) for p in web_ruleset(army.ruleset).profiles_of(army)]
    )
    problem = wrong_side(side, profile.name, profile.side)
    if problem:
        raise BadData(problem)


def make_general(army: ArmyList, leader: Any) -> None:
    """Name the General (a warband's hero, a mass battle's hero: `leader` has `is_general` and
    belongs to `army`), and no other."""
    with changing(army):
        type(leader).objects.filter(army_list=army).exclude(pk=leader.pk).update(is_general=False)
        leader.is_general = True
        leader.save(update_fields=["is_general"])


def remove_part(army: ArmyList, part: Any) -> None:
    """Take a part of the list out of it (a warband, a line of followers or of stands, a hero)."""
    with changing(army):
        part.delete()


def add_to_line(lines: Any, profile: Profile, count: int) -> None:
    """Models (or stands) join the line of the same profile without options, if there is one; else
    they make a new line, last. `lines` is the related manager of a warband's or a list's lines."""
    same = next((line for line in lines.filter(profile=profile) if not line.options), None)
    if same is not None:
        same.count += count
        same.save(update_fields=["count"])
    else:
        lines.create(position=next_position(lines.all()), profile=profile, count=count)


def change_line(line: Any, count: int, options: list[str]) -> None:
    line.count, line.options = count, options
    line.save(update_fields=["count", "options"])


def next_position(items: QuerySet[Any]) -> int:
    return int(items.aggregate(top=Max("position"))["top"] or 0) + 1


# ---------------------------------------------------------------- profiles


CATALOGUE_EXTRAS = ("points_note", "source")
"""What a catalogue row holds beside its profile data."""


def load_catalogue() -> tuple[int, int]:
    """Make the installation's catalogue the repository's: a profile it lacks is added, one it has
    (by catalogue id; a row from before ids, by name) is brought up to date. Players' own profiles
    are never touched; a saved list keeps its rows, and says so where an option it chose is gone.
    Returns how many were added and how many changed."""
    rows = list(Profile.objects.filter(owner=None))
    by_id = {row.catalogue_id: row for row in rows if row.catalogue_id}
    by_name = {row.name: row for row in rows if not row.catalogue_id}
    added: list[Profile] = []
    changed: list[Profile] = []
    for data in catalogue():
        row = by_id.get(data["id"]) or by_name.get(data["name"]) or Profile(owner=None)
        before = (row.to_data(), row.catalogue_id, *(getattr(row, k) for k in CATALOGUE_EXTRAS))
        row.set_data(clean_profile(data))
        row.catalogue_id = data["id"]
        for key in CATALOGUE_EXTRAS:
            setattr(row, key, data.get(key) or "")
        if row.pk is None:
            added.append(row)
        elif before != (row.to_data(), row.catalogue_id, *(getattr(row, k) for k in CATALOGUE_EXTRAS)):
            changed.append(row)
    fields = [*PROFILE_DATA_FIELDS, "variable", "catalogue_id", *CATALOGUE_EXTRAS]
    with transaction.atomic():
        Profile.objects.bulk_create(added, batch_size=200)
        Profile.objects.bulk_update(changed, fields, batch_size=200)
    if added or changed:
        offers.catalogue_changed()
    return len(added), len(changed)


OWN_PROFILES = 1000
"""The most profiles one account keeps of its own: a file that would take it past them is refused."""


def import_profiles(owner: Any, found: list[dict[str, Any]]) -> list[Profile]:
    """Save the checked profiles of a profiles file (battles/lists/profilefile.py) as the owner's own,
    all or none: a name the owner can already use (the catalogue's or their own) is a problem of its
    row, and then nothing is saved; so is a file that would give the owner more than OWN_PROFILES."""
    held = Profile.objects.filter(owner=owner).count()
    if held + len(found) > OWN_PROFILES:
        raise ProfileFileProblems(
            [
                f"You have {held} profiles of your own and the file holds {len(found)}: an account "
                f"keeps at most {OWN_PROFILES}. Delete some first."
            ]
        )
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
