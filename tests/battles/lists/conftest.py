"""Army list fixtures: the catalogue in the database, users, and a quick way to build a list."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from battles.lists.profiles import clean_profile
from battles.models import ArmyList, Profile
from battles.rulesets.mass_battle.models import ListHero, StandLine
from battles.rulesets.skirmish.models import Follower, Warband
from tests.battles.demos import save_example_profiles
from tests.rules_core import builders

Build = Callable[..., ArmyList]
BuildMass = Callable[..., ArmyList]


@pytest.fixture
def profiles(db: None) -> dict[str, Profile]:
    """The example catalogue, by name."""
    return save_example_profiles()


@pytest.fixture
def ann(db: None) -> User:
    return User.objects.create_user("ann", password="correct-horse-9")


@pytest.fixture
def bob(db: None) -> User:
    return User.objects.create_user("bob", password="correct-horse-9")


def make_profile(owner: Any = None, name: str = "Custom", **data: Any) -> Profile:
    """A saved profile: a plain Good warrior worth 10 points unless told otherwise."""
    profile = Profile(owner=owner)
    profile.set_data(clean_profile(builders.profile(name, **{"points": 10, "side": "good", **data})))
    profile.save()
    return profile


def make_monster_hero(owner: Any) -> Profile:
    """A Monster hero (a stand of his own in a mass battle): a Balrog of 300 points."""
    return make_profile(
        owner,
        name="Balrog",
        tier="legend",
        might=3,
        will=3,
        fate=3,
        base_mm=100,
        keywords=["Monster"],
        points=300,
    )


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


@pytest.fixture
def build_mass(ann: User, profiles: dict[str, Profile]) -> BuildMass:
    """build_mass([("Warrior of Rohan", 4, ["Shield"])], [("Eomer, Marshal of the Riddermark", ["War Banner"])],
    general=0): a saved mass-battle list of lines of stands and heroes with their cards."""

    def _build(
        stands: list[tuple[str | Profile, int, list[str]]],
        heroes: list[tuple[str | Profile, list[str]]],
        general: int | None = None,
        points_limit: int = 1000,
        owner: User = ann,
        hero_options: dict[int, list[str]] | None = None,
        name: str = "Test host",
    ) -> ArmyList:
        def lookup(p: str | Profile) -> Profile:
            return p if isinstance(p, Profile) else profiles[p]

        army = ArmyList.objects.create(
            owner=owner, name=name, points_limit=points_limit, ruleset="mass_battle"
        )
        for i, (profile, count, options) in enumerate(stands):
            StandLine.objects.create(
                army_list=army, position=i, profile=lookup(profile), count=count, options=options
            )
        for i, (hero, cards) in enumerate(heroes):
            ListHero.objects.create(
                army_list=army,
                position=i,
                profile=lookup(hero),
                cards=cards,
                is_general=(i == general),
                options=(hero_options or {}).get(i, []),
            )
        return ArmyList.with_contents().get(pk=army.pk)

    return _build
