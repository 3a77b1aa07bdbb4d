"""Three browsers on one battle: Good, Evil and a spectator see every step of the declaration loop."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]


def action(page: Page, label: str):
    return page.locator("[data-testid=decision] button", has_text=label)


def waiting_for(page: Page, side: str, label: str) -> None:
    expect(page.get_by_test_id("waiting")).to_have_text(f"Waiting for {side}: {label}.")


def connected(page: Page) -> None:
    expect(page.locator(".battle-page")).to_have_attribute("data-connected", "true")


def test_declare_pass_pass_shows_on_every_page(browser, live_server_url: str) -> None:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    good, evil, spectator = (c.new_page() for c in contexts)

    good.goto(live_server_url + "/")
    good.get_by_test_id("new-battle").click()
    good_link = good.get_by_test_id("good-link").get_attribute("href")
    evil_link = good.get_by_test_id("evil-link").get_attribute("href")
    spectate_link = good.get_by_test_id("spectate-link").get_attribute("href")
    assert good_link and evil_link and spectate_link

    good.goto(good_link)
    evil.goto(evil_link)
    spectator.goto(spectate_link)
    for page in (good, evil, spectator):
        connected(page)
    expect(good.get_by_test_id("seat")).to_have_text("You play Good")
    expect(evil.get_by_test_id("seat")).to_have_text("You play Evil")
    expect(spectator.get_by_test_id("seat")).to_have_text("Spectating")

    # Deployment: the models are already placed; each side confirms.
    waiting_for(evil, "Good", "Good deploys their army")
    action(good, "Deployment done").click()
    waiting_for(spectator, "Evil", "Evil deploys their army")
    action(evil, "Deployment done").click()

    # Whoever won the Priority roll gives it to Evil, so Good (without Priority) declares first.
    for page in (good, evil, spectator):
        expect(page.get_by_test_id("decision")).to_have_attribute("data-pending-kind", "choose_priority")
    if good.get_by_test_id("decision").get_attribute("data-pending-side") == "good":
        action(good, "Give Priority to Evil").click()
    else:
        action(evil, "Take Priority").click()
    for page in (good, evil, spectator):
        expect(page.get_by_test_id("status")).to_contain_text("Evil has Priority")
    first, second = good, evil
    first_side, second_side = "Good", "Evil"
    hero_id, hero_name = "aragorn", "Aragorn (Strider)"

    for page in (second, spectator):
        waiting_for(page, first_side, f"{first_side} declares a Heroic Action or passes")
    expect(second.locator("[data-testid=decision] button")).to_have_count(0)

    # 1. Declare
    action(first, f"{hero_name}: Heroic Move").click()
    declared = f"{hero_name} declares a Heroic Move."
    for page in (good, evil, spectator):
        expect(page.get_by_test_id("log")).to_contain_text(declared)
        expect(page.locator(f"[data-hero={hero_id}] [data-stat=might]")).to_have_text("2/3")
    for page in (first, spectator):
        waiting_for(page, second_side, f"{second_side} declares a Heroic Action or passes")
    expect(action(second, "Pass")).to_be_visible()

    # 2. Pass
    action(second, "Pass").click()
    for page in (good, evil, spectator):
        expect(page.get_by_test_id("log")).to_contain_text(f"{second_side} passes.")
    for page in (second, spectator):
        waiting_for(page, first_side, f"{first_side} declares a Heroic Action or passes")

    # 3. Pass: both have passed in succession, the step ends and the Heroic Move comes first.
    action(first, "Pass").click()
    for page in (good, evil, spectator):
        expect(page.get_by_test_id("log")).to_contain_text(
            "Both players have passed: the Declare Heroic Actions step ends."
        )
        expect(page.get_by_test_id("decision")).to_have_attribute("data-pending-kind", "heroic_action")
    for page in (second, spectator):
        waiting_for(page, first_side, f"{first_side} resolves a Heroic Move")

    shots = (
        ROOT / "docs" / "screenshots"
        if os.environ.get("UPDATE_SCREENSHOTS")
        else ROOT / "tests" / "browser" / "artifacts"
    )
    shots.mkdir(parents=True, exist_ok=True)
    first.screenshot(path=str(shots / "battle-page.png"), full_page=True)
    for context in contexts:
        context.close()
