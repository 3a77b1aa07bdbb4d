"""With the whole 2024 catalogue: a Kingdom of Rohan list built from its army list, Théoden on
Snowmane at a desktop's width, then the same list on a phone (touch), where Éomer joins on Firefoot."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from battles.lists import services
from battles.models import Profile
from tests.browser.tabletop import new_list, sign_up

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def _pk(catalogue_id: str) -> str:
    return str(Profile.objects.get(owner=None, catalogue_id=catalogue_id).pk)


def _fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_rohan_list_from_its_army_list_with_heroes_on_their_named_horses(
    browser, live_server_url: str
) -> None:
    services.load_catalogue()
    desktop = browser.new_context(viewport=DESKTOP)
    page = desktop.new_page()
    sign_up(page, live_server_url, "theodwyn")
    new_list(page, "Riders of the Mark", "kingdom-of-rohan")
    expect(page.get_by_test_id("army-list")).to_contain_text("Kingdom of Rohan")
    expect(page.get_by_test_id("army-list")).to_contain_text("Army bonus: Home of the Horse Lords")
    heroes = page.get_by_test_id("hero-profile")
    expect(heroes.locator("option").first).to_have_text("Théoden, King of Rohan · Hero of Legend · 75 pts")
    expect(heroes).not_to_contain_text("Gandalf")  # not of this army list

    heroes.select_option(_pk("theoden-king-of-rohan"))
    page.get_by_test_id("add-warband").click()
    theoden = page.locator("[data-testid=warband][data-hero='Théoden, King of Rohan']")
    expect(theoden.get_by_test_id("is-general")).to_have_text("General")  # the list's highest tier
    theoden.get_by_label("Snowmane (+20)", exact=True).check()
    expect(theoden.locator("header").get_by_test_id("mount")).to_have_text("mount: Snowmane")
    expect(page.get_by_test_id("points")).to_have_text("95 / 500")
    theoden.get_by_test_id("follower-profile").select_option(_pk("rider-of-rohan"))
    theoden.get_by_test_id("follower-count").fill("12")
    theoden.get_by_test_id("add-follower").click()
    riders = theoden.get_by_test_id("follower")
    expect(riders).to_have_attribute("data-profile", "Rider of Rohan")
    expect(riders.get_by_test_id("mount")).to_have_text("mount: Horse")
    expect(page.get_by_test_id("bows")).to_have_text("0 of at most 4")  # Riders are exempt here
    expect(page.get_by_test_id("status")).to_have_text("Saved · ready for battle")
    # One horse at a time: the armoured Snowmane as well is a problem, and goes when unticked.
    theoden.get_by_label("Snowmane with armour (+25)").check()
    expect(page.get_by_test_id("problems")).to_contain_text(
        "Théoden, King of Rohan may take Snowmane with armour or Snowmane, not both, in Kingdom of Rohan."
    )
    theoden.get_by_label("Snowmane (+20)", exact=True).uncheck()
    expect(page.get_by_test_id("status")).to_have_text("Saved · ready for battle")
    expect(theoden.locator("header").get_by_test_id("mount")).to_have_text("mount: Snowmane with armour")
    _fits(page, DESKTOP["width"])
    list_url = page.url

    phone = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, storage_state=desktop.storage_state()
    )
    desktop.close()
    page = phone.new_page()
    page.goto(list_url)
    expect(page.get_by_test_id("points")).to_have_text(f"{75 + 25 + 12 * 14} / 500")
    page.get_by_test_id("hero-profile").select_option(_pk("eomer-marshal-of-the-riddermark"))
    page.get_by_test_id("add-warband").tap()
    eomer = page.locator("[data-testid=warband][data-hero='Éomer, Marshal of the Riddermark']")
    eomer.get_by_label("Firefoot (+20)", exact=True).tap()
    expect(eomer.locator("header").get_by_test_id("mount")).to_have_text("mount: Firefoot")
    expect(page.get_by_test_id("points")).to_have_text(f"{75 + 25 + 12 * 14 + 110 + 20} / 500")
    expect(page.get_by_test_id("models")).to_have_text("14")
    expect(page.get_by_test_id("status")).to_have_text("Saved · ready for battle")
    _fits(page, PHONE["width"])

    page.get_by_role("link", name="Printable view").tap()
    expect(page.get_by_test_id("printable")).to_contain_text(
        "Théoden, King of Rohan with Snowmane with armour"
    )
    expect(page.get_by_test_id("printable")).to_contain_text("Éomer, Marshal of the Riddermark with Firefoot")
    _fits(page, PHONE["width"])
    phone.close()
