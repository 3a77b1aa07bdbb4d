"""The demo battles' setups, as `make run` loads them, for tests that need a battle of either ruleset;
and the example profiles, for tests that build lists of known figures."""

from __future__ import annotations

from typing import Any

from battles.lists.examples import examples
from battles.lists.profiles import clean_profile
from battles.models import Profile
from battles.play.create import demo_setup as ruleset_demo


def demo_setup() -> dict[str, Any]:
    """The skirmish demo: Minas Tirith against Mordor."""
    return ruleset_demo("skirmish")


def demo_mass_setup() -> dict[str, Any]:
    """The mass-battle demo: the Riders of Rohan against the Host of Mordor."""
    return ruleset_demo("mass_battle")


def save_example_profiles() -> dict[str, Profile]:
    """The example profiles as the catalogue's (no owner), by name: fixed figures a test can count
    on, where the 2024 catalogue's may change with a newer transcription."""
    made = {}
    for data in examples():
        profile = Profile(owner=None)
        profile.set_data(clean_profile(data))
        profile.save()
        made[profile.name] = profile
    return made
