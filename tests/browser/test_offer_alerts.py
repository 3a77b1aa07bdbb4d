"""A takeback or a rematch question alerts the player who must answer it as a decision does: the
tab's title and badge, the sound (when turned on) and a notification in the background; the player
who asked, and the spectator, are not alerted."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.battles.demos import demo_setup
from tests.browser.tabletop import connected, open_table, pending
from tests.browser.test_playing_together import RECORDER

pytestmark = pytest.mark.django_db(transaction=True)

ASKED = "● Your answer — "


def title(page: Page, mark: str) -> None:
    expect(page).to_have_title(re.compile("^" + re.escape(mark) + "Questions · Beacon$"))


def test_a_takeback_and_a_rematch_question_alert_the_seat_that_answers(browser, shared_server) -> None:
    table = open_table(browser, shared_server, "Questions", demo_setup())
    good, evil, spectator = table.pages
    for page in (evil, spectator):
        page.add_init_script(RECORDER)
        page.reload()
        connected(page)
    evil.get_by_test_id("decision-sound").check()
    chimes = evil.evaluate("window.__chimes")

    good.locator("[data-testid=decision] button", has_text="Deployment done").click()
    pending(evil, "evil", "deploy")
    title(evil, "● Your decision — ")
    good.get_by_test_id("takeback").click()
    title(evil, ASKED)
    expect(evil.locator("#favicon")).to_have_attribute("href", re.compile(r"favicon-alert\.svg$"))
    assert evil.evaluate("window.__notes") == ["Your decision — Beacon", "Your answer — Beacon"]
    assert evil.evaluate("window.__chimes") == chimes + 2
    title(good, "")
    assert spectator.evaluate("window.__notes") == [] and spectator.evaluate("window.__chimes") == 0

    evil.get_by_test_id("offer-decline").click()
    title(evil, "● Your decision — ")  # back to the decision it still has

    good.get_by_test_id("concede").click()
    good.get_by_test_id("concede-confirm").click()
    expect(evil.get_by_test_id("status")).to_contain_text("Evil wins")
    title(evil, "")
    good.get_by_test_id("offer-rematch").click()
    title(evil, ASKED)
    assert evil.evaluate("window.__notes")[-1] == "Your answer — Beacon"
    title(good, "")
    expect(spectator).to_have_title("Questions · Beacon")
    table.close()
