"""Playing together (issue 19), with Good, Evil and a spectator in three browsers: the chat both
ways with a spectator reading, the "your decision" alert on the waiting seat only, and a guest
finding their seat again from the lobby after closing the tab."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.battles.demos import demo_setup
from tests.browser.conftest import ARTIFACTS
from tests.browser.tabletop import connected, desktop_context, open_table, pending

pytestmark = pytest.mark.django_db(transaction=True)

MARK = "● Your decision — "

# Notifications and sound as a page meets them, recorded: the tab is in the background (hidden),
# notifications are allowed, and every notification shown and sound played is counted.
RECORDER = """
window.__notes = []; window.__chimes = 0;
Object.defineProperty(document, "hidden", { get: () => true });
window.Notification = function (title, options) { window.__notes.push(title); };
window.Notification.permission = "granted";
window.Notification.requestPermission = () => Promise.resolve("granted");
window.AudioContext = function () {
  this.currentTime = 0; this.destination = {};
  this.createOscillator = () => ({
    frequency: {}, connect: (g) => g, start: () => { window.__chimes += 1; }, stop: () => {},
  });
  this.createGain = () => ({ gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d });
};
"""


def chat_lines(page: Page, channel: str):
    return page.get_by_test_id(f"chat-{channel}").get_by_test_id("chat-line")


def test_players_chat_both_ways_and_a_spectator_reads_and_talks(browser, shared_server) -> None:
    table = open_table(browser, shared_server, "Talk", demo_setup())
    good, evil, spectator = table.pages

    good.get_by_test_id("chat-input-players").fill("Ready when you are <b>ok</b> https://example.com")
    good.get_by_test_id("chat-input-players").press("Enter")
    for page in table.pages:
        line = chat_lines(page, "players").last
        expect(line).to_have_text("Good Ready when you are <b>ok</b> https://example.com")
        expect(line.locator("a, b:not(.who)")).to_have_count(0)  # text only: no link, no markup
    expect(good.get_by_test_id("chat-input-players")).to_have_value("")

    evil.get_by_test_id("chat-phrase").filter(has_text="Good game").click()
    for page in table.pages:
        expect(chat_lines(page, "players").last).to_have_text("Evil Good game")

    # The spectator reads the players' chat but cannot write in it; the spectators' chat is theirs.
    expect(spectator.get_by_test_id("chat-input-players")).to_have_count(0)
    expect(good.get_by_test_id("chat-input-spectators")).to_have_count(0)
    spectator.get_by_test_id("chat-input-spectators").fill("What a start")
    spectator.get_by_test_id("chat-send-spectators").click()
    for page in table.pages:
        expect(chat_lines(page, "spectators").last).to_have_text("Spectator What a start")

    # A line of spaces is refused with a clear error, and the typed text is given back.
    good.get_by_test_id("chat-input-players").fill("   ")
    good.get_by_test_id("chat-send-players").click()
    expect(good.get_by_test_id("error")).to_have_text(re.compile("Type something to say first"))
    expect(good.get_by_test_id("chat-input-players")).to_have_value("   ")
    expect(chat_lines(evil, "players")).to_have_count(2)

    # Good hides the spectators' chat; the page remembers it. Evil still sees it.
    good.get_by_test_id("hide-spectator-chat").check()
    expect(good.get_by_test_id("chat-spectators")).to_be_hidden()
    good.reload()
    connected(good)
    expect(good.get_by_test_id("hide-spectator-chat")).to_be_checked()
    expect(good.get_by_test_id("chat-spectators")).to_be_hidden()
    expect(chat_lines(good, "players")).to_have_count(2)  # what was said is kept with the battle
    expect(evil.get_by_test_id("chat-spectators")).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    evil.screenshot(path=str(ARTIFACTS / "chat.png"), full_page=True)
    table.close()


def test_the_decision_alert_is_on_the_waiting_seat_only(browser, shared_server) -> None:
    table = open_table(browser, shared_server, "Alerts", demo_setup())
    good, evil, spectator = table.pages
    for page in (evil, spectator):  # record what the background tab would show and play
        page.add_init_script(RECORDER)
        page.reload()
        connected(page)

    def alerted(page: Page, on: bool) -> None:
        if on:
            expect(page).to_have_title(re.compile("^" + MARK + "Alerts · Beacon$"))
            expect(page.locator("#favicon")).to_have_attribute("href", re.compile(r"favicon-alert\.svg$"))
        else:
            expect(page).to_have_title("Alerts · Beacon")
            expect(page.locator("#favicon")).to_have_attribute("href", re.compile(r"/favicon\.svg$"))

    pending(good, "good", "deploy")
    alerted(good, True)
    alerted(evil, False)
    alerted(spectator, False)

    expect(evil.get_by_test_id("decision-sound")).not_to_be_checked()
    evil.get_by_test_id("decision-sound").check()  # off unless turned on; remembered in this browser
    evil.reload()
    connected(evil)
    expect(evil.get_by_test_id("decision-sound")).to_be_checked()
    chimes_before = evil.evaluate("window.__chimes")

    good.locator("[data-testid=decision] button", has_text="Deployment done").click()
    pending(evil, "evil", "deploy")
    alerted(evil, True)
    alerted(good, False)
    alerted(spectator, False)
    # The title changes in the same moment the sound plays and the notification shows.
    assert evil.evaluate("window.__notes") == ["Your decision — Beacon"]
    assert evil.evaluate("window.__chimes") == chimes_before + 1
    assert spectator.evaluate("window.__notes") == [] and spectator.evaluate("window.__chimes") == 0
    expect(spectator.get_by_test_id("decision-sound")).to_have_count(0)
    table.close()


def test_a_guest_resumes_from_the_lobby_without_the_link(browser, shared_server) -> None:
    context = desktop_context(browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(shared_server.url + "/")
    page.get_by_test_id("new-battle").click()
    good_link = page.get_by_test_id("good-link").get_attribute("href")
    evil_link = page.get_by_test_id("evil-link").get_attribute("href")
    page.goto(good_link)
    connected(page)

    # The holder can copy the seat link again from the battle page.
    page.get_by_test_id("seat-link-toggle").click()
    expect(page.get_by_test_id("seat-link")).to_have_value(good_link)
    page.get_by_test_id("copy-seat-link").click()
    expect(page.get_by_test_id("copy-seat-link")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == good_link
    page.close()  # the tab is gone, and the link with it

    # Good deploys first, so the lobby says the battle waits for this guest.
    lobby = context.new_page()
    lobby.goto(shared_server.url + "/")
    row = lobby.get_by_test_id("your-battle").first
    expect(row.get_by_test_id("whose-decision")).to_have_text("● Your decision")
    row.get_by_test_id("resume").filter(has_text="Resume as Good").click()
    connected(lobby)
    expect(lobby.get_by_test_id("seat")).to_have_text(re.compile("You play Good"))
    lobby.locator("[data-testid=decision] button", has_text="Deployment done").click()
    pending(lobby, "evil", "deploy")

    # Now it waits for Evil: the lobby says so.
    lobby.goto(shared_server.url + "/")
    expect(lobby.get_by_test_id("your-battle").first.get_by_test_id("whose-decision")).to_have_text(
        "Waiting for Evil"
    )
    stranger = desktop_context(browser)
    other = stranger.new_page()
    other.goto(shared_server.url + "/")
    expect(other.get_by_test_id("resume")).to_have_count(0)
    assert evil_link
    stranger.close()
    context.close()
