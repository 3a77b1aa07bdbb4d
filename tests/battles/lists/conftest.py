"""Army list fixtures: the catalogue in the database, users, and a quick way to build a list."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from battles.lists.catalogue import catalogue
from battles.lists.profiles import clean_profile
from battles.models import ArmyList, Follower, Profile, Warband
from tests.rules_core import builders

Build = Callable[..., ArmyList]


@pytest.fixture
def profiles(db: None) -> dict[str, Profile]:
    """The example catalogue, by name."""
    made = {}
    for data in catalogue():
        profile = Profile(owner=None)
        profile.set_data(clean_profile(data))
        profile.save()
        made[profile.name] = profile
    return made


@pytest.fixture
def ann(db: None) -> User:
    return User.objects.create_user("ann", password="correct-horse-9")


@pytest.fixture
def bob(db: None) -> User:
    return User.objects.create_user("bob", password="correct-horse-9")


def make_profile(owner: Any = None, name: str = "Custom", **data: Any) -> Profile:
    """A saved profile: a plain warrior worth 10 points unless told otherwise."""
    profile = Profile(owner=owner)
    profile.set_data(clean_profile(builders.profile(name, **{"points": 10, **data})))
    profile.save()
    return profile


@pytest.fixture
def build(ann: User, profiles: dict[str, Profile]) -> Build:
    """build([("Aragorn (Strider)", [("Warrior of Minas Tirith", 4, ["Bow"])]), ...], general=0)"""

    def _build(
        warbands: list[tuple[str | Profile, list[tuple[str | Profile, int, list[str]]]]],
        general: int | None = None,
        points_limit: int = 500,
        owner: User = ann,
        hero_options: dict[int, list[str]] | None = None,
    ) -> ArmyList:
        def lookup(p: str | Profile) -> Profile:
            return p if isinstance(p, Profile) else profiles[p]

        army = ArmyList.objects.create(owner=owner, name="Test list", points_limit=points_limit)
        for i, (hero, followers) in enumerate(warbands):
            warband = Warband.objects.create(
                army_list=army,
                position=i,
                hero=lookup(hero),
                is_general=(i == general),
                hero_options=(hero_options or {}).get(i, []),
            )
            for j, (profile, count, options) in enumerate(followers):
                Follower.objects.create(
                    warband=warband, position=j, profile=lookup(profile), count=count, options=options
                )
        return ArmyList.with_contents().get(pk=army.pk)

    return _build
