"""On a phone: build a list, export it, import it back, and start a battle with the copy."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from battles.models import ArmyList, Battle
from battles.play.submit import submit
from tests.battles.demos import save_example_profiles

PHONE = {"width": 390, "height": 844}


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_build_export_import_and_battle(browser, live_server_url: str, tmp_path: Path) -> None:
    examples = save_example_profiles()
    eomer, rohan = examples["Eomer, Marshal of the Riddermark"], examples["Warrior of Rohan"]
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = context.new_page()

    page.goto(live_server_url + "/accounts/signup/")
    page.get_by_label("Username").fill("eowyn")
    page.get_by_label("Password", exact=True).fill("shieldmaiden-77")
    page.get_by_label("Password confirmation").fill("shieldmaiden-77")
    page.get_by_test_id("sign-up").click()
    expect(page.get_by_role("heading", name="My army lists")).to_be_visible()

    page.get_by_test_id("new-list-name").fill("Riders of Rohan")
    page.get_by_test_id("new-list").click()
    expect(page.get_by_test_id("problems")).to_contain_text("The list is empty")
    page.get_by_test_id("hero-profile").select_option(str(eomer.pk))
    page.get_by_test_id("add-warband").click()
    warband = page.get_by_test_id("warband")
    expect(warband).to_have_attribute("data-hero", eomer.name)
    expect(page.get_by_test_id("status")).to_have_text("Saved · ready for battle")

    # Too many followers for a Hero of Valour: the problem shows at once, and goes when fixed.
    warband.get_by_test_id("follower-profile").select_option(str(rohan.pk))
    warband.get_by_test_id("follower-count").fill("16")
    warband.get_by_test_id("add-follower").click()
    expect(page.get_by_test_id("problems")).to_contain_text(
        "Eomer, Marshal of the Riddermark, a Hero of Valour, leads 16 followers; "
        "a Hero of Valour may lead at most 15."
    )
    expect(page.get_by_test_id("status")).to_contain_text("Saved as a draft · 1 problem")
    follower = page.get_by_test_id("follower")
    follower.get_by_test_id("count").fill("12")
    follower.get_by_test_id("count").press("Enter")
    expect(page.get_by_test_id("status")).to_have_text("Saved · ready for battle")
    page.get_by_test_id("follower").get_by_label("Bow (+1)").check()
    expect(page.get_by_test_id("problems")).to_contain_text("12 of 12 warriors carry bows; at most 4 may")
    page.get_by_test_id("follower").get_by_label("Bow (+1)").uncheck()
    expect(page.get_by_test_id("points")).to_have_text("182 / 500")
    expect(page.get_by_test_id("break-point")).to_have_text("6.5")
    expect(page.get_by_test_id("general")).to_have_text(eomer.name)
    fits_the_phone(page)

    with page.expect_download() as download:
        page.get_by_test_id("export").click()
    exported = tmp_path / "riders.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text())["name"] == "Riders of Rohan"

    page.goto(live_server_url + "/armies/")
    page.get_by_test_id("import-file").set_input_files(str(exported))
    page.get_by_test_id("import").click()
    expect(page.get_by_test_id("list-name")).to_have_value("Riders of Rohan (2)")
    expect(page.get_by_test_id("points")).to_have_text("182 / 500")
    imported = ArmyList.objects.get(name="Riders of Rohan (2)")

    page.goto(live_server_url + "/")
    fits_the_phone(page)
    page.get_by_label("Name").fill("Fords of Isen")
    page.get_by_label("Good army").select_option(f"list:{imported.pk}")
    page.get_by_label("Evil army").select_option("demo:evil")
    page.get_by_label("You play").select_option("good")
    page.get_by_test_id("new-battle").click()
    good_link = page.get_by_test_id("good-link").get_attribute("href")
    assert good_link
    submit(
        Battle.objects.get(name="Fords of Isen").id, "evil", {"type": "accept_board"}
    )  # Evil takes the board

    page.goto(good_link)
    expect(page.get_by_test_id("seat")).to_have_text("You play Good")
    expect(page.locator("[data-hero=eomer] [data-stat=might]")).to_have_text("3/3")
    expect(page.locator("[data-testid=decision] button", has_text="Deployment done")).to_be_visible()

    page.goto(live_server_url + "/")
    expect(page.get_by_test_id("my-battles")).to_contain_text("Fords of Isen")
    context.close()
