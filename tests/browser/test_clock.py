"""The clock in three browsers (Good, Evil, a spectator): both clocks show everywhere, the deciding
side's counts down live and stops once it has decided, the other's then runs; a side out of time is
flagged on every screen, and the opponent, and only it, claims the win."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import OpenTable
from tests.browser.test_play_a_turn import button, close_quarters, pending

HOUR = 3600


def timed(out_of_time: str = "claim") -> dict:
    setup = close_quarters()
    setup["clock"] = {"kind": "chess", "total": HOUR, "increment": 60, "out_of_time": out_of_time}
    return setup


def clock(page: Page, side: str):
    return page.get_by_test_id(f"clock-time-{side}")


def counts_down(page: Page, side: str) -> None:
    shown = clock(page, side).inner_text()
    expect(clock(page, side)).not_to_have_text(shown, timeout=5000)


def test_both_clocks_count_on_every_screen_and_only_the_deciding_side_runs(table: OpenTable) -> None:
    played = table("Timed", timed(), ago=600)
    good, _, spectator = everyone = played.pages
    for page in everyone:
        expect(page.get_by_test_id("clock-rule")).to_have_text(
            "Chess clock: 1:00:00 + 60 s a turn; out of time, the opponent may claim the win."
        )
        expect(page.get_by_test_id("clock-good")).to_have_class("clock side-good running")
        expect(clock(page, "evil")).to_have_text("1:00:00")
        counts_down(page, "good")
    expect(clock(spectator, "good")).to_have_text(re.compile(r"^(49|50):\d\d$"))
    button(good, "Deployment done").click()
    pending(spectator, "evil", "deploy")
    for page in everyone:
        expect(page.get_by_test_id("clock-evil")).to_have_class("clock side-evil running")
        counts_down(page, "evil")
    stopped = clock(spectator, "good").inner_text()
    for page in everyone:
        expect(clock(page, "good")).to_have_text(stopped)
    for page in everyone:
        expect(page.get_by_test_id("claim-win")).to_have_count(0 if page is spectator else 1)
        expect(page.get_by_test_id("claim-win")).to_be_hidden()


def test_out_of_time_the_flag_shows_everywhere_and_the_opponent_claims_the_win(table: OpenTable) -> None:
    played = table("Out of time", timed(), ago=HOUR - 2)
    good, evil, _ = everyone = played.pages
    for page in everyone:
        expect(page.get_by_test_id("flag-good")).to_be_visible(timeout=10000)
        expect(clock(page, "good")).to_have_text("0:00")
    expect(good.get_by_test_id("claim-win")).to_be_hidden()
    evil.get_by_test_id("claim-win").click()
    for page in everyone:
        expect(page.get_by_test_id("status")).to_contain_text("Evil wins: Good ran out of time.")
    expect(evil.get_by_test_id("claim-win")).to_have_count(0)
