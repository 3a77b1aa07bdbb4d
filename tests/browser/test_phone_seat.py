"""A phone is a seat (issue 27): the decision panel a sheet over the board, pulled up and down;
the board framed on what the decision is about, its target in view and its bases large enough to
touch; no page wider than the screen; every control at least 44 px."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import OpenTable
from tests.browser.skirmish_tables import deploy_and_choose, model, skirmish_table
from tests.browser.tabletop import pending, token

NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"
SMALL_CONTROLS = """() => Array.from(document.querySelectorAll(
        'button, .button, select, summary, input:not([type=checkbox]):not([type=radio]):not([type=hidden])'))
    .filter(el => el.offsetParent !== null && getComputedStyle(el).visibility !== 'hidden')
    .filter(el => el.getBoundingClientRect().height < 43.5)
    .map(el => (el.getAttribute('data-testid') || el.tagName) + ': ' + el.textContent.trim().slice(0, 30))"""


def view_box(page: Page) -> list[float]:
    return [float(v) for v in page.get_by_test_id("board").get_attribute("viewBox").split()]


def swipe(page: Page, handle: Locator, dy: float) -> None:
    """A finger drawn `dy` px down (up if negative) from the middle of `handle`: real touch events
    (Chrome DevTools Protocol), so the browser may take the gesture for a scroll, as a phone does."""
    box = handle.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    touch = "Input.dispatchTouchEvent"
    cdp.send(touch, {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 6):
        cdp.send(touch, {"type": "touchMove", "touchPoints": [{"x": x, "y": y + dy * step / 5}]})
    cdp.send(touch, {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def pull_down(page: Page, handle: Locator) -> None:
    """The handle dragged 190 px down by the mouse."""
    box = handle.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 100, box["y"] + 10)
    page.mouse.down()
    page.mouse.move(box["x"] + 100, box["y"] + 200, steps=5)
    page.mouse.up()


def test_the_phone_seat_sheet_framing_widths_and_fingertip_controls(table: OpenTable) -> None:
    good = [
        model("gondor1", "Warrior of Minas Tirith", 6, 20),
        model("gondor2", "Warrior of Minas Tirith", 4, 22),
    ]
    evil = [model("orc1", "Mordor Orc Warrior", 6, 14.5), model("orc2", "Mordor Orc Warrior", 20, 3)]
    played = table("Phone seat", skirmish_table(good, evil), dice="6 1", phone="good")
    phone, _, spectator = played.pages
    deploy_and_choose(played, "good")
    pending(spectator, "good", "activate")

    # The decision frames the models that can act, bases large enough to touch.
    expect(phone.get_by_test_id("board")).not_to_have_attribute("viewBox", "0 0 24 24")
    x, y, w, h = view_box(phone)
    for mx, my in ((6, 20), (4, 22)):
        assert x < mx < x + w and y < my < y + h
    px_per_inch = phone.get_by_test_id("board").bounding_box()["width"] / w
    assert px_per_inch * 25 / 25.4 >= 30  # a 25 mm base about a fingertip wide
    # A model chosen, "Area in play" keeps it and its target (the orc within a charge) in view.
    phone.get_by_test_id("zoom-fit").click()
    token(phone, "gondor1").tap()
    expect(token(phone, "gondor1")).to_have_class(re.compile("selected"))
    phone.get_by_test_id("zoom-play").click()
    x, y, w, h = view_box(phone)
    for mx, my in ((6, 20), (6, 14.5)):
        assert x < mx < x + w and y < my < y + h

    # The panel is a sheet at the foot of the screen, over the board, which stays in view.
    panel = phone.get_by_test_id("decision")
    height = phone.viewport_size["height"]
    box = panel.bounding_box()
    assert abs(box["y"] + box["height"] - height) < 1.5
    assert phone.get_by_test_id("board").bounding_box()["y"] < box["y"]
    handle = phone.get_by_test_id("sheet-handle")
    page_el = phone.locator(".battle-page")
    handle.click()
    expect(page_el).to_have_attribute("data-sheet", "middle")
    middle = panel.bounding_box()["height"]
    assert middle > box["height"]
    handle.click()
    expect(page_el).to_have_attribute("data-sheet", "up")
    assert panel.bounding_box()["height"] > middle
    # Pulled down by its handle, a notch.
    pull_down(phone, handle)
    expect(page_el).to_have_attribute("data-sheet", "middle")
    assert abs(panel.bounding_box()["height"] - middle) < 1.5
    # And on from the middle to the foot (once lost: over the panel, which scrolls, the browser took
    # the pull for a scroll and cancelled the pointer); then back up a notch by a finger.
    pull_down(phone, handle)
    expect(page_el).to_have_attribute("data-sheet", "down")
    swipe(phone, handle, -150)
    expect(page_el).to_have_attribute("data-sheet", "middle")

    # Every control a fingertip; no page wider than the screen.
    small = phone.evaluate(SMALL_CONTROLS)
    assert small == []
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)
    base = phone.url.split("/battles/")[0]
    for path in (
        "/",
        "/armies/",
        "/boards/",
        "/battles/live/",
        "/battles/new/",
        f"/battles/{played.battle.public_id}/replay/",
    ):
        phone.goto(base + path)
        assert phone.evaluate(NO_SIDEWAYS_SCROLL), path
        assert phone.evaluate(SMALL_CONTROLS) == [], path
