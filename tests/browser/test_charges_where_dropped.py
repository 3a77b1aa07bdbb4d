"""Charges where the player drops them (issue 27): the page sends the point dropped on, and the
referee puts the charger in base contact at the legal place nearest it; a tap on an enemy charges
from the nearest side the charger can reach."""

from __future__ import annotations

import math

from playwright.sync_api import expect

from tests.browser.conftest import OpenTable
from tests.browser.skirmish_tables import deploy_and_choose, model, skirmish_table
from tests.browser.tabletop import model_at, mouse_drag, pending, placed, token

OUTCROP = {"name": "Rocky outcrop", "polygon": [[20, 23], [23, 23], [23, 26], [20, 26]], "impassable": True}
TROLL_R = 40 / 2 / 25.4
BASE_R = 25 / 2 / 25.4


def crowd() -> dict:
    """The issue's Cave Troll by the outcrop's corner; an orc whose way to a warrior a friend blocks."""
    good = [
        model("warrior-2", "Warrior of Minas Tirith", 20, 26.7),
        model("warrior-3", "Warrior of Minas Tirith", 6, 14),
        model("warrior-far", "Warrior of Minas Tirith", 32, 33),
    ]
    evil = [
        model("troll", "Cave Troll", 18, 22.8),
        model("orc-a", "Mordor Orc Warrior", 6, 10),
        model("orc-b", "Mordor Orc Warrior", 6.6, 12.9),
    ]
    return skirmish_table(good, evil, size=36.0, terrain=(OUTCROP,))


def test_the_cave_troll_lands_where_it_was_dropped_and_a_tap_charges_round_a_friend(table: OpenTable) -> None:
    played = table("Crowded charges", crowd(), dice="6 1")
    _good, evil, spectator = played.pages
    deploy_and_choose(played, "evil")
    pending(spectator, "evil", "activate")

    # Dropped touching Warrior 2 and clear of the rock: the troll charges to that very spot (the page
    # used to send the straight line's contact point, on the rock's corner, and it was refused).
    mouse_drag(evil, model_at(evil, "troll"), (19.05, 25.85), label="onto Warrior of Minas Tirith")
    for page in played.pages:
        expect(page.get_by_test_id("log")).to_contain_text("Cave Troll charges Warrior of Minas Tirith")
    placed("troll", 19.05, 25.85, *played.pages)
    expect(evil.get_by_test_id("error")).to_have_count(0)

    # A tap on the orc, then on Warrior 3: its friend stands on the side facing it, so it charges
    # to the nearest place round the warrior it can reach.
    token(evil, "orc-a").click()
    token(evil, "warrior-3").click()
    for page in played.pages:
        expect(page.get_by_test_id("log")).to_contain_text(
            "Mordor Orc Warrior 1 charges Warrior of Minas Tirith 2"
        )
    orc = model_at(spectator, "orc-a")
    assert abs(math.dist(orc, (6, 14)) - 2 * BASE_R) < 0.02
    assert math.dist(orc, (6.6, 12.9)) >= 2 * BASE_R - 0.02
    assert math.dist(model_at(spectator, "troll"), OUTCROP["polygon"][3]) >= TROLL_R - 0.02
