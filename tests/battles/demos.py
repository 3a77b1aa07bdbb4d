"""The demo battles' setups, as `make run` loads them, for tests that need a battle of either ruleset."""

from __future__ import annotations

from typing import Any

from battles.play.create import demo_setup as ruleset_demo


def demo_setup() -> dict[str, Any]:
    """The skirmish demo: Minas Tirith against Mordor."""
    return ruleset_demo("skirmish")


def demo_mass_setup() -> dict[str, Any]:
    """The mass-battle demo: the Riders of Rohan against the Host of Mordor."""
    return ruleset_demo("mass_battle")
