"""The demo battles' setups, as `make run` loads them, for tests that need a battle of either ruleset."""

from __future__ import annotations

from typing import Any

from battles.rulesets import web_ruleset


def demo_setup() -> dict[str, Any]:
    """The skirmish demo: Minas Tirith against Mordor."""
    return web_ruleset("skirmish").demo_setup()


def demo_mass_setup() -> dict[str, Any]:
    """The mass-battle demo: the Riders of Rohan against the Host of Mordor."""
    return web_ruleset("mass_battle").demo_setup()
