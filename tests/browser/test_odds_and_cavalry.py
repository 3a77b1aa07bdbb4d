"""Odds before you commit, in three browsers: Good sees the odds of a charge on its target before
charging, and the unit card weighs any two enemies; then the Fight: a Shielding prompt with the
odds of each answer, and Strikes on a mounted hero with the choice of rider or mount (wargear.md
§1, §6.3), the server's dice scripted."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.battles.play.mounted_duel import CONTACT, DUEL_AND_STRIKES, PRIORITY, mounted_duel_setup
from tests.browser.conftest import OpenTable
from tests.browser.tabletop import decide, mouse_drag, pending, token

# The Thrown Rider test after the Warg falls, Aragorn's second Strike, then dice to spare.
SCRIPT = " ".join(str(f) for f in [*PRIORITY, *DUEL_AND_STRIKES, 1, 1, *[3] * 20])


def odds_of(block, label: str) -> str:
    """The figure shown beside `label` in a block of odds."""
    row = block.locator("dt", has_text=label).first
    return str(row.locator("xpath=following-sibling::dd[1]").inner_text())


def everywhere(pages: tuple[Page, ...], text: str) -> None:
    for page in pages:
        expect(page.get_by_test_id("log")).to_contain_text(text)


@pytest.mark.long(10)
def test_odds_before_a_charge_a_shielding_prompt_and_a_strike_at_the_rider_or_the_mount(
    table: OpenTable,
) -> None:
    played = table("Warg riders", mounted_duel_setup(), dice=SCRIPT)
    good, evil, spectator = everyone = played.pages

    decide(good, "Deployment done")
    pending(spectator, "evil", "deploy")
    decide(evil, "Deployment done")
    pending(spectator, "good", "choose_priority")
    decide(good, "Take Priority")
    for side, page in (("evil", evil), ("good", good)):
        pending(spectator, side, "declare_heroic_action")
        decide(page, "Pass")
    pending(spectator, "good", "activate")

    # Before the charge, Aragorn's charge names its target with the odds of that fight, exactly
    # counted: 445/648 to win the Duel, 445/972 Wounds expected on the Captain.
    charge = good.locator('form.action-charge[data-group="aragorn"]')
    target = charge.get_by_test_id("odds-for")
    expect(target).to_have_count(1)
    expect(target.locator("strong")).to_have_text("Orc Captain")
    assert odds_of(target, "Good wins the Duel") == "69%"
    assert odds_of(target, "Expected Wounds on Orc Captain") == "0.46"
    assert odds_of(target, "Orc Captain is slain") == "8%"
    expect(evil.get_by_test_id("option-odds")).to_have_count(0)  # the other side sees no decision

    # The unit card weighs the two as they stand, for anyone (here the spectator).
    token(spectator, "captain").click()
    card = spectator.get_by_test_id("unit-card")
    expect(card.get_by_test_id("card-mount")).to_contain_text("Warg")
    card.get_by_text("Odds of a fight").click()
    card.locator("select[data-card-against]").select_option("aragorn")
    odds = spectator.locator('[data-testid=card-odds] dl[data-against="aragorn"]')
    expect(odds).to_be_visible()
    assert odds_of(odds, "Evil wins the Duel") == "31%"

    # Dragged onto the Captain, the token's label says the chance to win before letting go.
    mouse_drag(good, (10.0, 14.0), (10.0, 10.0 + CONTACT), label="onto Orc Captain · Duel 69%")
    everywhere(everyone, "Aragorn charges Orc Captain")
    decide(good, "Finish moving")
    pending(spectator, "evil", "activate")
    decide(evil, "Finish moving")
    for side, page in (("evil", evil), ("good", good)):
        pending(spectator, side, "declare_heroic_action")
        decide(page, "Pass")

    # Aragorn carries a shield: the referee asks, with the odds of each answer.
    pending(spectator, "good", "declare_combat")
    shield = good.locator("form.action-shield", has_text="Shield: double the dice")
    fight = good.locator("form.action-shield", has_text="Fight without Shielding")
    assert odds_of(shield.get_by_test_id("odds"), "Good wins the Duel") == "88%"
    assert odds_of(shield.get_by_test_id("odds"), "Orc Captain is slain") == "0%"
    assert odds_of(fight.get_by_test_id("odds"), "Good wins the Duel") == "69%"
    decide(good, "Fight without Shielding")
    everywhere(everyone, "Duel: Aragorn rolls 6, 2; Orc Captain rolls 1, 3.")

    # Each Strike on the mounted Captain: the rider or the Warg, with the odds of each.
    pending(spectator, "good", "strike_part")
    expect(good.get_by_test_id("decision")).to_contain_text("the rider or the mount?")
    rider = good.locator("form.action-strike_part", has_text="Strike Orc Captain (5+)")
    mount = good.locator("form.action-strike_part", has_text="Strike Warg (4+)")
    assert odds_of(rider.get_by_test_id("odds"), "Orc Captain is wounded") == "33%"
    assert odds_of(mount.get_by_test_id("odds"), "Warg is slain") == "50%"
    decide(good, "Strike Warg (4+)")
    everywhere(everyone, "Warg is slain; Orc Captain must take a Thrown Rider test.")
    everywhere(everyone, "Orc Captain's Thrown Rider test: rolls 1, Knocked Flying.")
    pending(spectator, "evil", "thrown_rider")
