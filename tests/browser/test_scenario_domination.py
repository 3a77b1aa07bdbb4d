"""Domination in three browsers (Good, Evil, a spectator), from the first roll-off to the end
screen: markers dragged into place, the deployment zones chosen and Warbands deployed by
dragging, the VP tally on every screen as it changes, the battle ending at the end of the turn an
army falls to a quarter, and the end screen's Victory Points line by line. Server dice scripted."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import OpenTable
from tests.browser.tabletop import decide, model_at, mouse_drag, pending, placed, token
from tests.browser.test_play_a_turn import screenshots_dir
from tests.rules_core.builders import profile
from tests.rules_core.scenario_table import BOW, army, leader, scenario_setup

SCRIPT = " ".join(
    [
        "6 1",  # the roll-off to place markers: Good
        "6 1",  # the roll-off for deployment zones: Good
        "6 1",  # turn 1's Priority: Good chooses
        "6 6 6 6",  # two arrows, two Orcs slain
        "6 1",  # turn 2's Priority
        "6 6",  # the third Orc falls: Mordor is down to 1 of 4
    ]
)
LONG_BOW = {**BOW, "range": 36.0}


def setup() -> dict:
    good = army(
        "Minas Tirith",
        [
            ("g-general", leader("Faramir")),
            ("g-archer-1", profile("Ranger 1", missile=LONG_BOW)),
            ("g-archer-2", profile("Ranger 2", missile=LONG_BOW)),
        ],
    )
    evil = army(
        "Mordor",
        [
            ("e-general", leader("Shagrat")),
            ("e-orc-1", profile("Orc 1")),
            ("e-orc-2", profile("Orc 2")),
            ("e-orc-3", profile("Orc 3")),
        ],
    )
    return scenario_setup("domination", good, evil)


def place_marker(page: Page, marker: str, at: tuple[float, float], everyone: tuple[Page, ...]) -> None:
    proposal = page.get_by_test_id("marker-proposal")
    expect(proposal).to_have_attribute("data-model", marker)
    mouse_drag(page, model_at(page, marker), at)
    for other in everyone:
        expect(other.locator(f'[data-marker="{marker}"]')).to_have_count(1)


def deploy(page: Page, places: dict[str, tuple[float, float]], everyone: tuple[Page, ...]) -> None:
    for model_id, at in places.items():
        mouse_drag(page, model_at(page, model_id), at)
        placed(model_id, *at, *everyone)
    decide(page, "Warband deployed")


def vp(pages: tuple[Page, ...], good: int, evil: int) -> None:
    for page in pages:
        expect(page.get_by_test_id("vp-good")).to_have_text(f"Good {good} VP")
        expect(page.get_by_test_id("vp-evil")).to_have_text(f"Evil {evil} VP")


def shoot(page: Page, archer: str, target: str, spectator: Page, text: str) -> None:
    token(page, archer).click()
    token(page, target).click()
    expect(spectator.get_by_test_id("log")).to_contain_text(text)


@pytest.mark.long(12)
def test_domination_from_the_first_roll_off_to_the_end_screen(table: OpenTable) -> None:
    played = table("Domination", setup(), dice=SCRIPT)
    good, evil, spectator = played.pages
    everyone = played.pages
    for page in everyone:
        expect(page.get_by_test_id("scenario")).to_contain_text("Domination")
        expect(page.locator('[data-marker="centre"]')).to_have_count(1)
    vp(everyone, 0, 0)

    # The markers: the roll-off, then each player drags the marker it places.
    pending(spectator, "good", "roll_off")
    decide(good, "Roll off to place objective markers")
    expect(spectator.get_by_test_id("log")).to_contain_text(
        "Roll-off to place objective markers: Good rolls 6, Evil rolls 1. Good wins."
    )
    expect(evil.get_by_test_id("marker-proposal")).to_have_count(0)
    place_marker(good, "m2", (12, 36), everyone)
    place_marker(evil, "m3", (12, 12), everyone)
    place_marker(good, "m4", (36, 36), everyone)
    place_marker(evil, "m5", (36, 12), everyone)

    # Good wins the roll-off for zones and takes the southern half; the zone shows on the board.
    pending(spectator, "good", "choose_zone")
    decide(good, "Deploy along the bottom edge (south)")
    pending(spectator, "good", "deploy")
    for page in everyone:
        expect(page.locator("#board .zone.side-good").first).to_be_visible()
    deploy(good, {"g-general": (24, 27), "g-archer-1": (20, 30), "g-archer-2": (28, 30)}, everyone)
    pending(spectator, "evil", "deploy")
    deploy(
        evil,
        {"e-general": (24, 16), "e-orc-1": (20, 16), "e-orc-2": (28, 16), "e-orc-3": (19, 12)},
        everyone,
    )
    # Faramir alone within 3" of the centre marker, and counting three as the General.
    vp(everyone, 3, 0)
    good.screenshot(path=str(screenshots_dir() / "scenario-domination.png"), full_page=True)

    # Turn 1: two Orcs fall to arrows.
    pending(spectator, "good", "choose_priority")
    decide(good, "Take Priority")
    pending(spectator, "good", "activate")
    decide(good, "Finish moving")
    pending(spectator, "evil", "activate")
    decide(evil, "Finish moving")
    pending(spectator, "good", "shoot")
    shoot(good, "g-archer-1", "e-orc-1", spectator, "Orc 1 is slain.")
    shoot(good, "g-archer-2", "e-orc-2", spectator, "Orc 2 is slain.")
    # 2 of 4 left at the end of turn 1: not yet a quarter, the battle goes on.
    pending(spectator, "good", "choose_priority")
    decide(good, "Take Priority")
    decide(good, "Finish moving")
    pending(spectator, "evil", "activate")
    decide(evil, "Finish moving")
    pending(spectator, "good", "shoot")
    shoot(good, "g-archer-1", "e-orc-3", spectator, "Orc 3 is slain.")
    decide(good, "Finish shooting")

    # The end of turn 2: Mordor is at a quarter; the end screen, the same for everyone.
    for page in everyone:
        end = page.get_by_test_id("end-screen")
        expect(end).to_contain_text("Good wins")
        expect(end).to_contain_text("Mordor is down to 25% or fewer of its models at the end of turn 2")
        expect(end.get_by_test_id("end-vp")).to_contain_text("Good 6 VP · Evil 0 VP")
        rows = end.get_by_test_id("vp-row")
        expect(rows).to_have_count(7)  # five markers, the General, Broken
        expect(rows.filter(has_text="Centre marker")).to_contain_text("3")
        expect(rows.filter(has_text="Broken and yours not")).to_contain_text("3")
        expect(page.get_by_test_id("log")).to_contain_text("Victory Points: Good 6, Evil 0.")
    spectator.screenshot(path=str(screenshots_dir() / "scenario-end-screen.png"), full_page=True)
