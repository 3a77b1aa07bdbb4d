"""The four defects that stopped play (issue 14), each driven as a player meets it: the panel's
disclosures by mouse, keyboard and touch; a touch drag on a phone; the stylesheet on a desktop;
conceding only after a second, explicit step."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tabletop import (
    Touch,
    connected,
    desktop_context,
    model_at,
    new_list,
    open_table,
    pending,
    placed,
    sign_up,
    to_screen,
    token,
)
from tests.browser.test_play_a_turn import close_quarters

pytestmark = pytest.mark.django_db(transaction=True)


def is_open(group) -> bool:
    return bool(group.evaluate("details => details.open"))


def test_panel_disclosures_open_and_close_by_mouse_keyboard_and_touch(browser, shared_server) -> None:
    table = open_table(browser, shared_server, "Disclosures", close_quarters(), phone="evil")
    good, evil = table.good, table.evil

    # Four models to deploy: each one's actions are folded under its name.
    group = good.locator('details[data-group="gondor1"]')
    summary = group.locator("summary")
    assert not is_open(group)
    summary.click()
    expect(group).to_have_attribute("open", "")
    expect(token(good, "gondor1")).to_have_class(re.compile(r"\bselected\b"))
    summary.click()
    expect(group).not_to_have_attribute("open", "")

    other = good.locator('details[data-group="gondor2"]')
    other.locator("summary").focus()
    good.keyboard.press("Enter")
    expect(other).to_have_attribute("open", "")
    good.keyboard.press("Space")
    expect(other).not_to_have_attribute("open", "")

    # ("Ask the referee for a test", offered from the Move phase on, is opened in test_board_tools.)

    good.locator("[data-testid=decision] button", has_text="Deployment done").click()
    pending(evil, "evil", "deploy")
    touch = Touch(evil)
    orc = evil.locator('details[data-group="orc2"]')
    orc.locator("summary").scroll_into_view_if_needed()
    box = orc.locator("summary").bounding_box()
    touch.tap((box["x"] + 20, box["y"] + box["height"] / 2))
    expect(orc).to_have_attribute("open", "")
    touch.tap((box["x"] + 20, box["y"] + box["height"] / 2))
    expect(orc).not_to_have_attribute("open", "")
    table.close()


def test_a_touch_drag_moves_a_model_on_a_phone(browser, shared_server) -> None:
    table = open_table(browser, shared_server, "Touch drag", close_quarters(), phone="good")
    good = table.good
    good.locator("#board").scroll_into_view_if_needed()
    touch = Touch(good)
    scrolled = good.evaluate("window.scrollY")
    touch.drag(to_screen(good, *model_at(good, "gondor1")), to_screen(good, 12, 14), steps=15)
    placed("gondor1", 12, 14, *table.pages)
    expect(table.spectator.get_by_test_id("log")).to_contain_text("Warrior of Minas Tirith 1 is placed.")
    # The finger moved the model, not the page.
    assert good.evaluate("window.scrollY") == scrolled
    table.close()


def test_conceding_takes_a_second_explicit_step_and_the_button_goes_when_the_battle_ends(
    browser, shared_server
) -> None:
    table = open_table(browser, shared_server, "Concede", close_quarters())
    good, evil, spectator = table.pages
    expect(spectator.get_by_test_id("concede")).to_have_count(0)
    good.get_by_test_id("concede").click()
    confirm = good.get_by_test_id("concede-confirm")
    expect(confirm).to_be_visible()
    expect(good.get_by_test_id("status")).not_to_contain_text("wins")
    good.get_by_test_id("concede-cancel").click()
    expect(confirm).to_be_hidden()
    good.wait_for_timeout(300)
    expect(spectator.get_by_test_id("status")).not_to_contain_text("wins")

    good.get_by_test_id("concede").click()
    confirm.click()
    for page in table.pages:
        expect(page.get_by_test_id("status")).to_contain_text("Evil wins")
    for page in (good, evil):
        expect(page.get_by_test_id("concede")).to_have_count(0)
    good.reload()
    expect(good.get_by_test_id("concede")).to_have_count(0)
    table.close()


def style(page: Page, selector: str, prop: str) -> str:
    # Read in one call inside the page: a push may replace the element between Playwright finding
    # it and evaluating on it, which fails the check with "element is not attached".
    page.locator(selector).first.wait_for(state="attached")
    return page.evaluate(
        "([sel, prop]) => getComputedStyle(document.querySelector(sel)).getPropertyValue(prop)",
        [selector, prop],
    )


def test_the_stylesheet_applies_on_a_desktop(browser, shared_server) -> None:
    context = desktop_context(browser)
    page = context.new_page()
    page.goto(shared_server.url + "/accounts/signup/")
    form = "form.stack.narrow"
    assert style(page, form, "display") == "flex"
    assert style(page, form, "max-width") == "384px"
    sign_up(page, shared_server.url, "boromir")
    # "Sign out" reads as a link in the header, not a bare white button.
    sign_out = "[data-testid=sign-out]"
    assert style(page, sign_out, "background-color") == "rgba(0, 0, 0, 0)"
    assert style(page, sign_out, "color") == "rgb(255, 255, 255)"

    new_list(page, "Gondor")
    assert style(page, ".summary", "background-color") == "rgb(255, 255, 255)"
    assert style(page, ".summary dl", "display") == "grid"
    assert style(page, ".actions", "display") == "flex"

    # The battle page's status line: each army on its own, not run together.
    page.goto(shared_server.url + "/")
    page.get_by_test_id("new-battle").click()
    page.get_by_test_id("spectate-link").click()
    connected(page)
    assert style(page, ".status .armies", "display") == "flex"
    assert style(page, ".status .armies", "column-gap") == "16px"
    context.close()
