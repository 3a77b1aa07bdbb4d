"""Takebacks in three browsers (Good, Evil, a spectator): Good asks to take back a move, everyone
sees the question, Evil accepts and the model is back for everyone; a second takeback declined
stays declined and is not offered again; after a step that rolled dice, nothing is offered and the
server refuses a takeback asked for anyway. Server dice scripted."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import OpenTable
from tests.browser.tabletop import placed
from tests.browser.test_play_a_turn import button, close_quarters, drag, pending, screenshots_dir

PRIORITY = "6 1"  # Good wins the Priority roll


def takebacks(page: Page):
    return page.get_by_test_id("takeback")


def ask_anyway(page: Page) -> None:
    """What a player whose page offers no takeback could still send (a stale page, a bot)."""
    page.evaluate(
        """() => {
            const form = document.createElement('form');
            form.setAttribute('ws-send', '');
            form.setAttribute('data-message', '{"type": "offer", "offer": "takeback", "steps": 1}');
            form.innerHTML = '<button type="submit" data-testid="forged">Take back</button>';
            document.querySelector('.battle-tools').appendChild(form);
            htmx.process(form);
        }"""
    )
    page.get_by_test_id("forged").click()


def test_a_takeback_accepted_one_declined_and_none_after_dice(table: OpenTable) -> None:
    played = table("Takebacks", close_quarters(), dice=PRIORITY)
    good, evil, spectator = everyone = played.pages

    # Deployment: Evil's confirmation rolls for Priority, so nobody may take anything back.
    button(good, "Deployment done").click()
    pending(spectator, "evil", "deploy")
    expect(takebacks(good)).to_have_text(["Take back your confirmation of deployment?"])
    button(evil, "Deployment done").click()
    pending(spectator, "good", "choose_priority")
    for page in everyone:
        expect(takebacks(page)).to_have_count(0)
    ask_anyway(evil)
    expect(evil.get_by_test_id("error")).to_have_text(
        "Your last step rolled dice, and dice are dice: it cannot be taken back, nor anything before it."
    )
    button(good, "Take Priority").click()
    pending(spectator, "evil", "declare_heroic_action")
    button(evil, "Pass").click()
    button(good, "Pass").click()
    pending(spectator, "good", "activate")

    # Good moves Aragorn and thinks better of it.
    drag(good, "aragorn", (8, 12))
    placed("aragorn", 8, 12, *everyone)
    # Good's pass before it was Good's too, and rolled nothing: it may go back that far.
    expect(takebacks(good)).to_have_text(
        ["Take back your move of Aragorn (Strider)?", "Take back your last 2 steps, back to your pass?"]
    )
    for page in (evil, spectator):
        expect(takebacks(page)).to_have_count(0)
    takebacks(good).first.click()
    for page in everyone:
        expect(page.get_by_test_id("offer-question")).to_have_text(
            "Good asks to take back their move of Aragorn (Strider)."
        )
    expect(good.get_by_test_id("offer-waiting")).to_be_visible()
    evil.locator(".side-panel").screenshot(path=str(screenshots_dir() / "takeback-offer.png"))
    expect(good.get_by_test_id("offer-accept")).to_have_count(0)
    expect(spectator.get_by_test_id("offer-accept")).to_have_count(0)
    evil.get_by_test_id("offer-accept").click()
    placed("aragorn", 8, 14, *everyone)
    for page in everyone:
        expect(page.get_by_test_id("offer")).to_have_count(0)
        log = page.get_by_test_id("log")
        expect(log).to_contain_text("Good took back their move of Aragorn (Strider)")
        expect(log.locator("[data-undone]")).to_contain_text("(taken back)")
    pending(spectator, "good", "activate")

    # A second move, a second takeback: Evil declines, and it is not offered again.
    drag(good, "gondor2", (16, 14))
    placed("gondor2", 16, 14, *everyone)
    expect(takebacks(good).first).to_have_text("Take back your move of Warrior of Minas Tirith 2?")
    takebacks(good).first.click()
    expect(evil.get_by_test_id("offer-question")).to_have_text(
        "Good asks to take back their move of Warrior of Minas Tirith 2."
    )
    evil.get_by_test_id("offer-decline").click()
    for page in everyone:
        expect(page.get_by_test_id("offer-declined")).to_have_text("Evil declined Good's takeback.")
    expect(takebacks(good)).to_have_count(0)
    placed("gondor2", 16, 14, *everyone)
    pending(spectator, "good", "activate")
