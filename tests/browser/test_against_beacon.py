"""A newcomer plays Beacon on a phone, without an account: New battle, "Beacon plays Evil" with the
coach, and three whole turns, Beacon answering each of Good's steps by itself while a spectator
watches."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from battles.models import Battle
from tests.browser.tabletop import connected, desktop_context, phone_context, seq

FINISHING = ("ready", "end_moves", "end_shooting", "pass", "keep", "priority", "roll_off", "fight",
             "pair", "choose_combat", "take_wound", "spend_fate", "no_resist", "strike_part")  # fmt: skip
"""What the newcomer chooses when it is Good's decision: whatever ends the step soonest."""


def turn_of(page: Page) -> int:
    found = re.search(r"Turn (\d+)", page.get_by_test_id("status").inner_text())
    return int(found.group(1)) if found else 0


def play_good(page: Page) -> None:
    """One of Good's decisions, from the panel's buttons; then wait for the battle to move on."""
    before = seq(page)
    buttons = page.locator("[data-testid=decision] button[data-testid=action]:visible")
    kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
    chosen = next((kinds.index(k) for k in FINISHING if k in kinds), 0)
    buttons.nth(chosen).click()
    page.wait_for_function("(before) => Number(document.querySelector('#battle-seq').dataset.seq) > before",
                           arg=before, timeout=20000)  # fmt: skip


def test_a_newcomer_plays_three_turns_against_beacon_on_a_phone(browser, live_server_url) -> None:
    phone = phone_context(browser)
    page = phone.new_page()
    page.goto(f"{live_server_url}/battles/new/")
    page.locator("select[name=beacon]").select_option("evil")
    page.locator("select[name=beacon_strength]").select_option("recruit")
    page.locator("input[name=coach]").check()
    page.get_by_test_id("new-battle").click()
    connected(page)
    expect(page.get_by_test_id("seat")).to_contain_text("You play Good")
    expect(page.get_by_test_id("beacon-seat")).to_contain_text("Beacon (Recruit) plays Evil")
    battle = Battle.objects.get()
    watcher = desktop_context(browser)
    spectator = watcher.new_page()
    spectator.goto(f"{live_server_url}/battles/{battle.public_id}/")
    connected(spectator)

    decision = page.get_by_test_id("decision")
    page.get_by_test_id("ask-coach").click()  # the coach: Beacon's choice for Good, not played
    expect(page.get_by_test_id("coach-answer")).to_contain_text("Beacon would: Deployment done")
    for _ in range(300):
        if turn_of(page) > 3 or page.get_by_test_id("status").inner_text().find("wins") >= 0:
            break
        expect(decision).to_have_attribute("data-pending-side", re.compile("good|^$"), timeout=20000)
        if decision.get_attribute("data-pending-side") != "good":
            break  # the battle is over
        play_good(page)
    assert turn_of(page) > 3 or Battle.objects.get().status == Battle.Status.FINISHED
    beacon_steps = battle.events.filter(side="evil", command_id__startswith="beacon-").count()
    assert beacon_steps >= 3, "Beacon played its own decisions"
    expect(spectator.get_by_test_id("status")).to_contain_text(f"Turn {turn_of(page)}")
    phone.close()
    watcher.close()
