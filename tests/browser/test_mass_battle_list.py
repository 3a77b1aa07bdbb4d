"""On a phone: build a small mass-battle list (stands, a hero and his Battle Cards), read its printable
view, and start a mass battle from it against the demo host; the battle page opens for its seat."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from battles.models import ArmyList, Battle
from tests.battles.demos import save_example_profiles
from tests.browser.tabletop import connected, sign_up
from tests.browser.test_accessibility import problems

PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).parent / "artifacts"


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_build_a_mass_battle_list_and_take_it_to_battle(browser, live_server_url: str) -> None:
    examples = save_example_profiles()
    eomer, rohan = examples["Eomer, Marshal of the Riddermark"], examples["Warrior of Rohan"]
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()

    sign_up(page, live_server_url, "theoden")
    page.get_by_test_id("new-list-name").fill("Eored")
    page.get_by_test_id("new-list-ruleset").select_option("mass_battle")
    page.get_by_test_id("new-list").click()
    expect(page.get_by_test_id("ruleset")).to_have_text("Mass battle list")
    expect(page.get_by_test_id("points")).to_have_text("0 / 1000")
    expect(page.get_by_test_id("problems")).to_contain_text("A mass-battle list needs at least one hero.")

    page.get_by_test_id("hero-profile").select_option(str(eomer.pk))
    page.get_by_test_id("add-hero").click()
    expect(page.get_by_test_id("problems")).to_contain_text("1 hero for 0 stands")
    page.get_by_test_id("stand-profile").select_option(str(rohan.pk))
    page.get_by_test_id("stand-count").fill("2")
    page.get_by_test_id("add-stands").click()
    expect(page.get_by_test_id("status")).to_have_text("Saved · ready for battle")
    line = page.get_by_test_id("stand-line")
    expect(line.get_by_test_id("stand-facts")).to_have_text('8 models · CF 3 · no SF · Move 6" · Courage 7+')
    line.get_by_label("Bow (+1)").check()
    expect(line.get_by_test_id("stand-facts")).to_contain_text('SF 3 (24")')

    for card, duel_points in [("War Banner (+20)", 130), ("Swift (+10)", 140), ("Bodyguard (+20)", 160)]:
        page.get_by_test_id("hero").get_by_label(card).check()
        expect(page.get_by_test_id("duel-points")).to_contain_text(f"duel points {duel_points}")
    page.get_by_test_id("hero").get_by_label("Shieldwall (+15)").check()
    expect(page.get_by_test_id("problems")).to_contain_text(
        "Eomer, Marshal of the Riddermark carries 4 Battle Cards: at most 3 per hero."
    )
    page.get_by_test_id("hero").get_by_label("Shieldwall (+15)").uncheck()
    expect(page.get_by_test_id("status")).to_have_text("Saved · ready for battle")
    expect(page.get_by_test_id("duel-points")).to_have_text("110 pts + cards 50 · duel points 160")
    expect(page.get_by_test_id("points")).to_have_text("272 / 1000")
    expect(page.get_by_test_id("general")).to_have_text(eomer.name)
    fits_the_phone(page)
    assert problems(page) == []
    page.screenshot(path=str(ARTIFACTS / "mass-list-builder.png"), full_page=True)

    page.get_by_test_id("print").click()
    expect(page.get_by_test_id("cf")).to_have_text("3")
    expect(page.get_by_test_id("sf")).to_have_text('3 (24")')
    expect(page.get_by_test_id("duel-points")).to_have_text("160")
    fits_the_phone(page)
    assert problems(page) == []

    army = ArmyList.objects.get(name="Eored")
    page.goto(live_server_url + "/")
    expect(page.get_by_label("Good army")).not_to_contain_text("Eored")
    page.get_by_label("Name").fill("Fields of the Pelennor")
    page.get_by_test_id("ruleset").select_option("mass_battle")
    expect(page.get_by_label("Good army").locator(f'option[value="list:{army.pk}"]')).to_have_text("Eored")
    expect(page.get_by_label("Evil army")).to_contain_text("Host of Mordor (demo army)")
    expect(page.get_by_label("Name")).to_have_value("Fields of the Pelennor")
    expect(page.get_by_label("Scenario")).to_have_count(0)
    page.get_by_label("Good army").select_option(f"list:{army.pk}")
    page.get_by_label("Evil army").select_option("demo:evil")
    page.get_by_label("You play").select_option("good")
    fits_the_phone(page)
    assert problems(page) == []
    page.get_by_test_id("new-battle").click()
    good_link = page.get_by_test_id("good-link").get_attribute("href")
    assert good_link
    battle = Battle.objects.get(name="Fields of the Pelennor")
    assert battle.ruleset == "mass_battle"

    page.goto(good_link)
    expect(page.get_by_test_id("seat")).to_have_text("You play Good")
    connected(page)
    context.close()
