"""Which stand is which, in the browser: a stand's name is the same in the activation list, its card
and the log, each showing the short label it carries on the board; the label stays about 12 screen
pixels high at any zoom, the models and factors appear only once the stand is wide enough on the
screen to hold them, and heroes' badges differ (Gothmog and the Goblin Captain)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.battles.demos import demo_mass_setup
from tests.browser.conftest import OpenTable
from tests.browser.tabletop import decide, pending

NAME = "Warrior of Rohan (Shield) 2"
STAND = '#board .stand[data-stand="warrior-of-rohan-2"]'


def screen_height(page: Page, selector: str) -> float:
    return float(page.locator(selector).evaluate("el => el.getBoundingClientRect().height"))


def test_a_stand_has_one_name_and_a_label_readable_at_any_zoom(table: OpenTable) -> None:
    played = table("Names", demo_mass_setup(), dice="6 1")
    good, evil, spectator = played.pages
    decide(evil, "Deployment done")
    pending(good, "good", "deploy")
    decide(good, "Deployment done")
    decide(good, "Take Priority")
    pending(evil, "evil", "declare_heroic_action")
    decide(evil, "Pass")
    pending(good, "good", "declare_heroic_action")
    decide(good, "Pass")
    pending(good, "good", "activate")

    # The board: the label about 12 px high whether the whole board shows or it is zoomed in; the
    # factors only when zoomed in, where the stand is wide enough on the screen.
    label, factors = f"{STAND} [data-testid=stand-label]", f"{STAND} [data-testid=stand-factors]"
    expect(good.locator(label)).to_have_text("WR(S) 2")
    assert 9 <= screen_height(good, label) <= 16
    expect(good.locator(factors)).to_be_hidden()
    for _ in range(3):
        good.locator('[data-zoom="in"]').click()
    expect(good.locator(factors)).to_be_visible()
    assert 9 <= screen_height(good, label) <= 16
    badges = good.locator("#board [data-testid=hero-badge] text:not(.badge-stats)").all_text_contents()
    assert sorted(badges) == ["Eo", "Gob", "Got", "Ha"]

    # One name: the activation list, the card and the log, the list and the card with the label.
    group = good.locator('[data-testid=action-group][data-group="warrior-of-rohan-2"] summary')
    expect(group).to_have_text(f"{NAME} WR(S) 2")
    spectator.locator(STAND).click()
    expect(spectator.get_by_test_id("unit-card").locator("h2")).to_have_text(f"{NAME} WR(S) 2")
    group.click()
    good.locator('[data-group="warrior-of-rohan-2"] button', has_text="Activate").first.click()
    expect(spectator.get_by_test_id("log")).to_contain_text(NAME)
