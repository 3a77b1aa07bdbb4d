"""Fight phase in three browsers: a Declare Heroic Actions loop, then Might bidding in a Duel between
two Heroes (worked example 59, Gothmog against Eomer), with the server's dice scripted."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from battles.lists.examples import examples
from tests.browser.conftest import OpenTable
from tests.browser.test_play_a_turn import screenshots_dir

CONTACT = 25 / 25.4
# Priority: Good 6, Evil 1. Duel: Eomer 2, 3, 4; Gothmog 1, 3. Eomer's Strikes: 1, 1, 1.
# Turn 2's Priority: Good 6, Evil 1.
SCRIPT = "6 1 2 3 4 1 3 1 1 1 6 1"


def profile(name: str) -> dict:
    return next(p for p in examples() if p["name"] == name)


def duel_setup() -> dict:
    gothmog = {**profile("Gothmog"), "fight": 5, "attacks": 2}
    eomer = {**profile("Eomer, Marshal of the Riddermark"), "name": "Eomer", "fight": 6, "attacks": 3}
    warrior = profile("Warrior of Minas Tirith")
    orc = profile("Mordor Orc Warrior")
    return {
        "board": {"width": 24.0, "height": 24.0},
        "deployment": {"good": [0, 0, 24, 24], "evil": [0, 0, 24, 24]},
        "armies": {
            "good": {"name": "Rohan", "models": [
                {"id": "eomer", "profile": eomer, "x": 10.0, "y": 12.0},
                {"id": "rider", "profile": warrior, "x": 20.0, "y": 20.0},
            ]},
            "evil": {"name": "Mordor", "models": [
                {"id": "gothmog", "profile": gothmog, "x": 10.0 + CONTACT, "y": 12.0},
                {"id": "orc", "profile": orc, "x": 20.0, "y": 3.0},
            ]},
        },
    }  # fmt: skip


def decide(page: Page, label: str) -> None:
    page.locator("[data-testid=decision] button:visible", has_text=label).first.click()


def waiting(page: Page, side: str, kind: str) -> None:
    decision = page.get_by_test_id("decision")
    expect(decision).to_have_attribute("data-pending-side", side)
    expect(decision).to_have_attribute("data-pending-kind", kind)


def everywhere(pages: tuple[Page, ...], text: str) -> None:
    for page in pages:
        expect(page.get_by_test_id("log")).to_contain_text(text)


def might_on_cards(pages: tuple[Page, ...], hero: str, shown: str) -> None:
    for page in pages:
        expect(page.locator(f"[data-hero={hero}] [data-stat=might]")).to_have_text(shown)


def test_fight_phase_declarations_and_duel_bidding_in_three_browsers(table: OpenTable) -> None:
    played = table("Pelennor duel", duel_setup(), dice=SCRIPT)
    good, evil, spectator = everyone = played.pages

    decide(good, "Deployment done")
    waiting(spectator, "evil", "deploy")
    decide(evil, "Deployment done")
    waiting(spectator, "good", "choose_priority")
    decide(good, "Take Priority")
    # Only the two warriors can move: each side finishes moving; nobody can shoot.
    waiting(spectator, "good", "activate")
    decide(good, "Finish moving")
    waiting(spectator, "evil", "activate")
    decide(evil, "Finish moving")

    # The Fight phase's Declare Heroic Actions step: Evil (without Priority) first.
    waiting(spectator, "evil", "declare_heroic_action")
    expect(good.locator("[data-testid=decision] button")).to_have_count(0)
    decide(evil, "Gothmog: Heroic Combat")
    everywhere(everyone, "Gothmog declares a Heroic Combat.")
    might_on_cards(everyone, "gothmog", "2/3")
    waiting(spectator, "good", "declare_heroic_action")
    decide(good, "Pass")
    everywhere(everyone, "Good passes.")
    everywhere(everyone, "Both players have passed: the Declare Heroic Actions step ends.")
    everywhere(everyone, "Duel: Eomer rolls 2, 3, 4; Gothmog rolls 1, 3.")

    # The Duel: the losing side bids first, back and forth, as in example 59.
    bids = [
        (evil, "evil", "Gothmog: spend 2 Might (3 becomes 5)", "gothmog", "0/3"),
        (good, "good", "Eomer: spend 1 Might (4 becomes 5)", "eomer", "2/3"),
    ]
    for page, side, label, hero, left in bids:
        waiting(spectator, side, "duel_might")
        if page is evil:
            evil.screenshot(path=str(screenshots_dir() / "duel-might.png"), full_page=True)
        decide(page, label)
        might_on_cards(everyone, hero, left)
    # Gothmog has no Might left: the bidding is over and Eomer wins.
    everywhere(everyone, "Good wins the Duel (both rolled 5, higher Fight Value 6).")
    everywhere(everyone, 'Gothmog backs away 1".')
    waiting(spectator, "good", "choose_priority")
