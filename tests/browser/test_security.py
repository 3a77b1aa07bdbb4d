"""The Content Security Policy: every kind of page works under it, and nothing on one breaks it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.tabletop import new_list, sign_up

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " at " + e.lineNumber);
});
"""


def violations(page: Page) -> list[str]:
    return list(page.evaluate("window.__csp"))


def test_every_kind_of_page_passes_the_content_security_policy(browser: Any, live_server_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
    seen: list[str] = []

    def visit(path: str) -> None:
        page.goto(live_server_url + path)
        seen.extend(f"{path}: {v}" for v in violations(page))

    response = page.goto(live_server_url + "/")
    assert response is not None
    assert "script-src 'self'" in (response.headers.get("content-security-policy") or "")
    for path in ("/", "/accounts/login/", "/battles/live/", "/profiles/", "/admin/login/"):
        visit(path)

    sign_up(page, live_server_url, "warden")
    seen.extend(f"signed up: {v}" for v in violations(page))
    new_list(page, "Watch")
    seen.extend(f"builder: {v}" for v in violations(page))
    page.goto(page.url.rstrip("/") + "/print/")
    page.get_by_role("button", name="Print").is_visible()
    seen.extend(f"print: {v}" for v in violations(page))

    # The boards: the library's drawings, and the editor's script placing a piece.
    visit("/boards/")
    visit("/boards/new/")
    page.get_by_test_id("add-wood").click()
    expect(page.locator("[data-testid=editor-board] [data-testid=terrain]")).to_have_count(1)
    seen.extend(f"editor: {v}" for v in violations(page))

    # A battle: its board drawn by board.js, its steps over the websocket, swapped in by htmx.
    visit("/")
    page.get_by_label("You play").select_option("")  # set up for two others: no board to agree first
    page.get_by_test_id("new-battle").click()
    good_link = page.get_by_test_id("good-link").get_attribute("href")
    assert good_link
    page.goto(good_link)
    expect(page.locator(".battle-page")).to_have_attribute("data-connected", "true")
    page.locator("[data-testid=decision] button", has_text="Deployment done").click()
    expect(page.get_by_test_id("waiting")).to_contain_text("Waiting for Evil")
    expect(page.locator("#board svg text").first).to_be_attached()
    seen.extend(f"battle: {v}" for v in violations(page))

    # A mass battle's page: its own stylesheet and script.
    visit("/?ruleset=mass_battle")
    page.get_by_test_id("new-battle").click()
    mass_link = page.get_by_test_id("good-link").get_attribute("href")
    assert mass_link
    page.goto(mass_link)
    expect(page.locator(".battle-page")).to_have_attribute("data-connected", "true")
    expect(page.locator("#board [data-stand]").first).to_be_attached()
    seen.extend(f"mass battle: {v}" for v in violations(page))

    assert seen == [] and console == []
    context.close()
