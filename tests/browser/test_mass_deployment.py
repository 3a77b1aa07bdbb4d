"""Deployment at the table (§2.5): Evil, on a desktop, sees its zone drawn, drags a stand to a new
place in it, turns another with the keyboard, takes Gothmog off his stand to stand loose, and is
refused a place outside its zone; it confirms, and Good, on a phone, sees that deployment and moves a
stand by touch before confirming; the second confirmation rolls for Priority. Each place is the
referee's preview while dragging."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.battles.demos import demo_mass_setup
from tests.browser.conftest import OpenTable
from tests.browser.tabletop import Touch, decide, pending, placed, to_screen
from tests.browser.test_mass_battle import drag_badge, drag_board, stand_at


def test_each_side_deploys_its_stands_and_heroes_in_its_zone_evil_first(table: OpenTable) -> None:
    played = table("Deploying", demo_mass_setup(), dice="6 1", phone="good")
    good, evil, spectator = everyone = played.pages
    pending(spectator, "evil", "deploy")
    expect(evil.get_by_test_id("zone")).to_have_attribute("y", "36.0")

    # A drag puts the bow stand down where it is let go, as everyone sees.
    drag_board(evil, (40.5, 37), (55.5, 41), label="place it here")
    placed("mordor-orc-warrior-4", 55.5, 41, *everyone)
    # Turned with the keys and sent with Enter.
    stand = evil.locator('#board .stand[data-stand="mordor-orc-warrior-4"]')
    stand.focus()
    for key in ("e", "e", "Enter"):
        evil.keyboard.press(key)
    expect(spectator.locator('#board .stand[data-stand="mordor-orc-warrior-4"]')).to_have_attribute(
        "data-facing", "210.0"
    )
    # Gothmog off his stand, loose in the zone.
    drag_badge(evil, "gothmog", (20, 44))
    expect(spectator.locator('[data-testid=loose-hero][data-hero="gothmog"]')).to_be_visible()
    # Outside the zone: the referee's preview says why while dragging, and the stand stays.
    drag_board(evil, (27, 37), (27, 25), stage="inside your deployment zone")
    expect(evil.get_by_test_id("stage-send")).to_have_count(0)
    assert stand_at(spectator, "mordor-orc-warrior-1") == (27.0, 37.0)
    decide(evil, "Deployment done")

    # Good, on a phone, sees Evil's deployment and its own zone, and moves a stand by touch.
    pending(spectator, "good", "deploy")
    expect(good.locator('[data-testid=loose-hero][data-hero="gothmog"]')).to_be_visible()
    expect(good.get_by_test_id("zone")).to_have_attribute("y", "0.0")
    good.locator('[data-stand="warrior-of-rohan-1"]').scroll_into_view_if_needed()
    Touch(good).drag(to_screen(good, 27, 11), to_screen(good, 18, 9))
    placed("warrior-of-rohan-1", 18, 9, *everyone)
    decide(good, "Deployment done")
    pending(spectator, "good", "choose_priority")
