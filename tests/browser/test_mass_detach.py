"""§6.3 at the table: Eomer's badge dragged off the front of his stand steps him out at its front
edge (his stand activating first), where he then moves as a loose hero."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import OpenTable
from tests.browser.tabletop import placed
from tests.browser.test_mass_battle import drag_badge, to_the_move_phase
from tests.rules_core.mass_battle.battles import hero, setup, stand
from tests.rules_core.mass_battle.fixtures import BASE_25


def test_a_hero_dragged_off_the_front_of_his_stand_steps_out_at_its_front_edge(table: OpenTable) -> None:
    data = setup(
        stand("a", "good", "WR", 30, 20, 0, "eomer"),
        stand("o", "evil", "MO", 30, 40, 180),
        hero("eomer", "good"),
    )
    played = table("Leading from the front", data, dice="6 1")
    good, _, spectator = everyone = played.pages
    to_the_move_phase(everyone)
    drag_badge(good, "eomer", (30, 23))
    placed("eomer", 30, 21 + BASE_25, *everyone)
    expect(spectator.get_by_test_id("log")).to_contain_text("Eomer leaves A.")
