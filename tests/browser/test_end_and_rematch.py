"""The end of a battle in three browsers (Good, Evil, a spectator): after a Heroic Duel, Evil
concedes; every screen shows who won and why, the casualties, each hero's fate and what he spent,
the duel among the moments, and the dice each side rolled against the average; the in-play controls
are gone. Good offers a rematch with sides swapped, Evil accepts, and both players' pages open the
new battle in each other's old seats. Server dice scripted (tests/browser/test_heroic_duel.py)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from battles.models import Battle
from tests.browser.conftest import OpenTable
from tests.browser.tabletop import connected
from tests.browser.test_heroic_duel import SCRIPT, decide, duel_setup, waiting
from tests.browser.test_play_a_turn import screenshots_dir


def test_the_end_screen_and_a_rematch_with_sides_swapped(table: OpenTable) -> None:
    played = table("Pelennor duel", duel_setup(), dice=SCRIPT)
    good, evil, spectator = everyone = played.pages

    decide(good, "Deployment done")
    waiting(spectator, "evil", "deploy")
    decide(evil, "Deployment done")
    waiting(spectator, "good", "choose_priority")
    decide(good, "Take Priority")
    waiting(spectator, "good", "activate")
    decide(good, "Finish moving")
    waiting(spectator, "evil", "activate")
    decide(evil, "Finish moving")
    waiting(spectator, "evil", "declare_heroic_action")
    decide(evil, "Gothmog: Heroic Combat")
    waiting(spectator, "good", "declare_heroic_action")
    decide(good, "Pass")
    waiting(spectator, "evil", "duel_might")
    decide(evil, "Gothmog: spend 2 Might (3 becomes 5)")
    waiting(spectator, "good", "duel_might")
    decide(good, "Eomer: spend 1 Might (4 becomes 5)")
    waiting(spectator, "good", "choose_priority")

    evil.get_by_test_id("concede").click()
    evil.get_by_test_id("concede-confirm").click()

    for page in everyone:
        end = page.get_by_test_id("end-screen")
        expect(end.get_by_role("heading", name="Good wins")).to_be_visible()
        expect(page.get_by_test_id("end-reason")).to_have_text("Evil conceded.")
        expect(page.get_by_test_id("end-casualties-good")).to_have_text("Rohan: 0 of 2 models lost")
        expect(page.get_by_test_id("end-casualties-evil")).to_have_text("Mordor: 0 of 2 models lost")
        expect(page.get_by_test_id("end-hero")).to_have_text(
            [
                re.compile(r"^Eomer: Unbowed, 3 of 3 Wounds left\. Spent Might 1, Will 0, Fate 0\.$"),
                re.compile(r"^Gothmog: Unbowed, \d of \d Wounds left\. Spent Might 3, Will 0, Fate 0\.$"),
            ]
        )
        expect(page.get_by_test_id("end-moments")).to_contain_text(
            "Good wins the Duel (both rolled 5, higher Fight Value 6)."
        )
        expect(page.get_by_test_id("end-dice-evil")).to_contain_text("Evil rolled 4 dice, averaging 1.50")
        expect(page.get_by_test_id("end-dice-good")).to_contain_text("Good rolled")
        # The in-play controls are gone: nothing to decide, concede or take back.
        expect(page.get_by_test_id("concede")).to_have_count(0)
        expect(page.get_by_test_id("takeback")).to_have_count(0)
        expect(page.locator("[data-testid=decision] button")).to_have_count(0)
    expect(spectator.get_by_test_id("offer-rematch")).to_have_count(0)

    spectator.locator(".side-panel").screenshot(path=str(screenshots_dir() / "end-screen.png"))

    # The rematch: Good offers it with sides swapped, Evil accepts, both pages open the new battle.
    good.get_by_test_id("offer-rematch-swapped").click()
    for page in everyone:
        expect(page.get_by_test_id("offer-question")).to_have_text("Good offers a rematch, sides swapped.")
    evil.locator("#offers").screenshot(path=str(screenshots_dir() / "rematch-offer.png"))
    evil.get_by_test_id("offer-accept").click()
    rematch = re.compile(r"/battles/(?!" + played.battle.public_id + r")\w+/$")
    for page, now_plays in ((good, "Evil"), (evil, "Good")):
        page.wait_for_url(rematch)
        connected(page)
        expect(page.get_by_test_id("seat")).to_have_text(f"You play {now_plays}")
        expect(page.get_by_test_id("end-screen")).not_to_have_text(re.compile("wins"))
    expect(spectator.get_by_test_id("rematch-link")).to_have_text("Watch the rematch")
    new = Battle.objects.exclude(pk=played.battle.pk).get()
    assert new.name == "Pelennor duel (rematch)" and new.version == 0
    assert spectator.get_by_test_id("rematch-link").get_attribute("href") == f"/battles/{new.public_id}/"
