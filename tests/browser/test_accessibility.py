"""axe-core (through axe-playwright-python) finds no serious or critical accessibility problem on
the lobby, the battle page as a player and as a spectator, the list builder, a replay and the
account's pages."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser.tabletop import (
    connected,
    decide,
    desktop_context,
    new_list,
    open_table,
    pending,
    phone_context,
    sign_up,
    token,
)
from tests.browser.test_play_a_turn import close_quarters

pytestmark = pytest.mark.django_db(transaction=True)

BLOCKING = ("serious", "critical")


def problems(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {', '.join(str(n['target']) for n in v['nodes'][:3])}"
        for v in results.response["violations"]
        if v.get("impact") in BLOCKING
    ]


def test_no_serious_accessibility_problem_on_any_page(browser, shared_server) -> None:
    table = open_table(browser, shared_server, "Accessible", close_quarters(), phone="evil")
    good, evil, spectator = table.pages
    found: dict[str, list[str]] = {}

    # The battle page for a player on a desktop, a player on a phone, and a spectator, with a
    # model's card open and the tape measuring.
    token(good, "orc1").click()
    expect(good.get_by_test_id("unit-card")).to_be_visible()
    found["battle (Good)"] = problems(good)
    found["battle (Evil, phone)"] = problems(evil)
    spectator.get_by_test_id("tape").click()
    token(spectator, "gondor1").click()
    token(spectator, "orc1").click()
    expect(spectator.get_by_test_id("tape-readout")).to_contain_text("can see")
    found["battle (spectator)"] = problems(spectator)

    # A screen reader hears what the battle now waits for.
    decide(good, "Deployment done")
    pending(evil, "evil", "deploy")
    expect(evil.get_by_test_id("announcer")).to_have_text("Your decision: Evil deploys their army")
    expect(spectator.get_by_test_id("announcer")).to_have_text("Waiting for Evil: Evil deploys their army.")

    # The replay of that battle.
    spectator.goto(f"{shared_server.url}/battles/{table.battle.public_id}/replay/?step=1")
    expect(spectator.get_by_test_id("replay-position")).to_have_text("Step 1 of 1")
    token(spectator, "orc1").click()  # cards (and the tape) work on a replay too
    expect(spectator.get_by_test_id("unit-card")).to_contain_text("Mordor Orc Warrior 1")
    found["replay"] = problems(spectator)
    table.close()

    # The lobby, and the list builder of a new list (signed up on a phone).
    context = phone_context(browser)
    page = context.new_page()
    page.goto(shared_server.url + "/")
    found["lobby"] = problems(page)
    page.goto(shared_server.url + "/accounts/signup/")
    found["sign up"] = problems(page)
    page.goto(shared_server.url + "/accounts/password-reset/")
    found["forgot your password"] = problems(page)
    sign_up(page, shared_server.url, "eomer")
    new_list(page, "Rohan")
    found["list builder"] = problems(page)
    page.goto(shared_server.url + "/accounts/")
    email_form = page.locator("form:has([data-testid=change-email])")
    email_form.get_by_label("E-mail").fill("eomer@example.org")
    email_form.get_by_label("Your password").fill("eomer-and-a-long-password-7")
    page.get_by_test_id("change-email").click()
    expect(page.get_by_test_id("email-status")).to_contain_text("eomer@example.org is not confirmed yet")
    found["account"] = problems(page)
    page.goto(shared_server.url + "/accounts/confirm-email/cut-short/")
    expect(page.get_by_test_id("confirm-link-refused")).to_contain_text("Nothing was confirmed.")
    found["confirmation link refused"] = problems(page)
    context.close()

    desktop = desktop_context(browser)
    page = desktop.new_page()
    page.goto(shared_server.url + "/battles/live/")
    found["live battles"] = problems(page)
    desktop.close()
    assert {name: issues for name, issues in found.items() if issues} == {}


def test_a_whole_deployment_by_keyboard_alone(browser, shared_server) -> None:
    table = open_table(browser, shared_server, "Keyboard", close_quarters())
    good = table.good
    # Tab to a model on the board, arrow keys place it, Enter sends it; focus stays on it.
    good.locator("body").click(position={"x": 5, "y": 5})
    for _ in range(40):
        good.keyboard.press("Tab")
        if good.evaluate("document.activeElement.dataset.model") == "gondor1":
            break
    expect(token(good, "gondor1")).to_be_focused()
    good.keyboard.press("ArrowUp")
    good.keyboard.press("Shift+ArrowUp")
    expect(good.get_by_test_id("drag-distance")).to_be_visible()
    good.keyboard.press("Enter")
    expect(table.spectator.get_by_test_id("log")).to_contain_text("Warrior of Minas Tirith 1 is placed.")
    expect(token(good, "gondor1")).to_be_focused()
    assert float(token(good, "gondor1").get_attribute("data-y")) == pytest.approx(14.75)
    # Enter on the panel's button confirms; focus lands on the panel, not the page's body.
    good.get_by_role("button", name="Deployment done").focus()
    good.keyboard.press("Enter")
    pending(table.spectator, "evil", "deploy")
    assert good.evaluate("document.activeElement !== document.body")
    connected(good)
    table.close()
