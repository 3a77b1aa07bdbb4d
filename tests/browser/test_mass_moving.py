"""Moving stands as the referee sees them (§6.2, §6.5, §7), in one visit of Good's desktop seat: a
drag onto a friend is refused, saying what blocks and outlining it; a rider dragged straight past two
friends in its way is sent round them in the four legs the referee found, the legs it showed; a
stand let go just short of an enemy's front charges it, the drag showing the combat's odds; in the
Shoot phase a tap on the bowmen then on an enemy shoots at it (Enter on a stand taps it too)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import OpenTable
from tests.browser.tabletop import decide, pending, placed
from tests.browser.test_mass_battle import (
    drag_board,
    everywhere,
    pass_declarations,
    stand_at,
    to_the_move_phase,
)
from tests.rules_core.mass_battle.battles import setup, stand
from tests.rules_core.mass_battle.fixtures import profile

RIDERS = profile("Rider of Rohan", 3, 3, 4, move=10.0, keywords=["Cavalry"], points=13)


def riders(ident: str, x: float, y: float) -> dict:
    return {**stand(ident, "good", "WR", x, y, 0), "profile": RIDERS["name"]}


def test_a_rider_goes_round_two_friends_a_stand_dropped_short_charges_and_a_tap_shoots(
    table: OpenTable,
) -> None:
    data = setup(
        riders("a", 30, 20),
        stand("b", "good", "WR", 26.2, 22, 0),  # 0.2" into A's way, on its left
        stand("c", "good", "WR", 33.8, 26.5, 0),  # and further on, 0.2" on its right
        stand("d", "good", "WR", 45, 22.5, 0),
        stand("e", "evil", "MO", 45, 30, 180),
        stand("f", "good", "BW", 60, 20, 0),
        stand("g", "evil", "MO", 60, 33, 180),
    )
    data["profiles"].append(RIDERS)
    played = table("Round, in and at them", data, dice="6 1")
    good, _, spectator = everyone = played.pages
    to_the_move_phase(everyone)

    # Onto a friend: refused, B named and outlined; the stand stays until put back.
    drag_board(good, (30, 20), (29, 22.5))
    expect(good.get_by_test_id("stage-text")).to_have_text("A cannot move through B.")
    expect(good.get_by_test_id("drag-blocker")).to_be_visible()
    expect(good.get_by_test_id("stage-send")).to_have_count(0)
    good.get_by_test_id("stage-reset").click()
    assert stand_at(spectator, "a") == (30.0, 20.0)

    # Straight past B and C it would cross both: the referee's way round them, in four legs.
    drag_board(good, (30, 20), (29.7, 28.7), stage=r'9\.5" of 10" in 4 legs', legs=4)
    placed("a", 29.7, 28.7, *everyone)
    everywhere(everyone, 'A moves 9.5"')

    # Let go 0.4" short of E's front: a charge, its odds shown before letting go.
    drag_board(good, (45, 22.5), (45, 27.6), stage=r"Charges the front edge of E.*E is destroyed \d+%")
    everywhere(everyone, "D charges E's front")
    placed("d", 45, 28, *everyone)

    # The Shoot phase: the bowmen, then the enemy: a volley.
    decide(good, "Finish moving")
    pending(spectator, "evil", "activate")
    decide(played.evil, "Finish moving")
    pass_declarations(everyone, "shoot")
    good.locator('#board .stand[data-stand="f"]').click()
    good.locator('#board .stand[data-stand="g"]').click()
    everywhere(everyone, "against G")
    expect(good.get_by_test_id("unit-card")).not_to_contain_text(re.compile("^G"))
    # From the keyboard, Enter on a stand taps it: the spectator opens the bowmen's card.
    spectator.locator('#board .stand[data-stand="f"]').focus()
    spectator.keyboard.press("Enter")
    expect(spectator.get_by_test_id("unit-card").locator("h2")).to_contain_text("F")
