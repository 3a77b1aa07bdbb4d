"""The replay as a player drives it (issue 27): icons drawn, not font glyphs; the arrow keys, Home and
End; a scrubber; autoplay; the log at the step shown."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import OpenTable
from tests.browser.skirmish_tables import deploy_and_choose, model, skirmish_table
from tests.browser.tabletop import model_at, mouse_drag, pending, placed, seq


def test_the_replay_steps_by_keys_scrubber_and_autoplay_with_the_log_at_the_step(table: OpenTable) -> None:
    good = [
        model("gondor1", "Warrior of Minas Tirith", 10, 16),
        model("gondor2", "Warrior of Minas Tirith", 14, 16),
    ]
    played = table("Replayed", skirmish_table(good, [model("orc1", "Mordor Orc Warrior", 12, 4)]), dice="6 1")
    seat, _, spectator = played.pages
    deploy_and_choose(played, "good")
    pending(spectator, "good", "activate")
    mouse_drag(seat, model_at(seat, "gondor1"), (10, 13))
    placed("gondor1", 10, 13, spectator)
    mouse_drag(seat, model_at(seat, "gondor2"), (14, 13))
    placed("gondor2", 14, 13, spectator)
    pending(spectator, "evil", "activate")
    steps = seq(spectator)

    page = spectator
    page.clock.install()
    page.goto(f"{page.url.split('?')[0]}replay/?step={steps}")
    position = page.get_by_test_id("replay-position")
    expect(position).to_have_text(f"Step {steps} of {steps}")
    # Icons are drawn: no character a font may lack.
    nav = page.get_by_test_id("replay-nav")
    expect(nav.locator("svg.icon")).to_have_count(6)
    assert not any(glyph in nav.inner_text() for glyph in "⏮⏭◀▶")
    # The log opens at the step shown, that step marked.
    log = page.get_by_test_id("log")
    expect(log.locator("li.step.current")).to_have_attribute("data-seq", str(steps))
    at_the_end = (
        "() => { const l = document.getElementById('dice-log');"
        " return l.scrollTop + l.clientHeight >= l.scrollHeight - 1; }"
    )
    assert page.evaluate(at_the_end)

    page.keyboard.press("ArrowLeft")
    expect(position).to_have_text(f"Step {steps - 1} of {steps}")
    expect(log.locator("li.step.current")).to_have_attribute("data-seq", str(steps - 1))
    page.keyboard.press("Home")
    expect(position).to_have_text(f"Step 0 of {steps}")
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(f"Step 1 of {steps}")
    page.keyboard.press("End")
    expect(position).to_have_text(f"Step {steps} of {steps}")

    page.get_by_test_id("replay-scrubber").fill("2")
    expect(position).to_have_text(f"Step 2 of {steps}")
    placed("gondor1", 10, 16, page)

    page.get_by_test_id("replay-play").click()
    expect(page.get_by_test_id("replay-play")).to_have_attribute("aria-pressed", "true")
    for step in (3, 4):
        page.clock.run_for(1600)
        expect(position).to_have_text(f"Step {step} of {steps}")
    placed("gondor1", 10, 13, page)
    page.get_by_test_id("replay-play").click()
    expect(page.get_by_test_id("replay-play")).to_have_attribute("aria-pressed", "false")
    page.clock.run_for(3200)
    expect(position).to_have_text(f"Step 4 of {steps}")
