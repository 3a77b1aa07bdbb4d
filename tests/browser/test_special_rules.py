"""Honesty about special rules at the table: a unit card marks the rule the referee does not apply
beside one it does, and the page lists before deployment the rules players apply themselves."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.tabletop import open_table, token
from tests.rules_core.builders import model, profile, setup

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_card_marks_a_rule_not_refereed_and_the_page_lists_the_rules_to_apply_by_hand(
    browser, shared_server
) -> None:
    hillman = profile("Hillman", special_rules=["Skin-changer", "Terror"])
    battle_setup = setup(
        [model("rider", profile("Rider", special_rules=["Woodland Creature"]), 10, 10)],
        [model("hill", hillman, 30, 30)],
    )
    table = open_table(browser, shared_server, "Stalk", battle_setup)
    good = table.pages[0]
    listed = good.get_by_test_id("hand-rules")
    expect(listed).to_have_attribute("open", "")
    expect(listed.get_by_test_id("hand-rule")).to_have_text(
        ["Skin-changer (not refereed: players apply it): Hillman"]
    )

    token(good, "hill").click()
    rules = good.get_by_test_id("unit-card").get_by_test_id("special-rule")
    expect(rules).to_have_text(["Skin-changer (not refereed: players apply it)", "Terror"])
    expect(rules.nth(0)).to_have_attribute("data-not-refereed", "")
    expect(rules.nth(1)).not_to_have_attribute("data-not-refereed", "")
    table.close()
