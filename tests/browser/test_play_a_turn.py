"""Good on a desktop, Evil on a phone and a spectator play a whole turn: drag to deploy, move and
charge (the distance shows while dragging), tap an enemy to charge or shoot, choose from the
panel, fight, and carry on after the server is killed (kill -9) and started again."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from battles.lists.examples import examples
from battles.models import Battle
from tests.browser.conftest import ARTIFACTS, OpenTable
from tests.browser.tabletop import placed as at
from tests.livestack import DaphneServer

BOARD = 24.0


def profile(name: str, bow: dict | None = None) -> dict:
    """A catalogue profile as the referee reads it, with a bow if given."""
    found = next(p for p in examples() if p["name"] == name)
    return {**found, "name": f"{name} (bow)", "missile": bow} if bow else found


BOW = {"name": "Bow", "range": 24.0, "strength": 2}
ORC_BOW = {"name": "Orc bow", "range": 18.0, "strength": 2}


def close_quarters() -> dict:
    """Two small forces 6-8" apart on a 24" board, each with a bow: charges and shots are in reach."""

    def model(model_id: str, name: str, x: float, y: float, bow: dict | None = None) -> dict:
        return {"id": model_id, "profile": profile(name, bow), "x": x, "y": y}

    return {
        "board": {"width": BOARD, "height": BOARD},
        "terrain": [{"name": "Boulder", "polygon": [[1, 11], [3, 11], [3, 13], [1, 13]], "impassable": True}],
        "armies": {
            "good": {
                "name": "Minas Tirith",
                "models": [
                    model("aragorn", "Aragorn (Strider)", 8, 14),
                    model("gondor1", "Warrior of Minas Tirith", 12, 16),
                    model("gondor2", "Warrior of Minas Tirith", 16, 16),
                    model("gondor-bow", "Warrior of Minas Tirith", 20, 16, BOW),
                ],
            },
            "evil": {
                "name": "Mordor",
                "models": [
                    model("gothmog", "Gothmog", 8, 8),
                    model("orc1", "Mordor Orc Warrior", 12, 8),
                    model("orc2", "Mordor Orc Warrior", 16, 8),
                    model("orc-bow", "Mordor Orc Warrior", 20, 8, ORC_BOW),
                ],
            },
        },
    }


def screenshots_dir() -> Path:
    root = Path(__file__).resolve().parents[2]
    shots = root / "docs" / "screenshots" if os.environ.get("UPDATE_SCREENSHOTS") else ARTIFACTS
    shots.mkdir(parents=True, exist_ok=True)
    return shots


def token(page: Page, model_id: str):
    return page.locator(f'#board [data-model="{model_id}"]')


def screen_point(page: Page, x: float, y: float) -> tuple[float, float]:
    """Where board inches (x, y) are on the screen (asked of the board as it is now: a push may
    have just replaced it)."""
    from tests.browser.tabletop import to_screen

    return to_screen(page, x, y)


def drag(page: Page, model_id: str, to: tuple[float, float], expect_label: str | None = None) -> None:
    """Press on a token, drag it to board inches `to`, check the distance shown, and let go. The
    board is brought into view first: a click in the panel below it may have scrolled it away, and
    a mouse pressed outside the window presses nothing."""
    page.locator("#board").scroll_into_view_if_needed()
    t = token(page, model_id)
    start = screen_point(page, float(t.get_attribute("data-x")), float(t.get_attribute("data-y")))
    end = screen_point(page, *to)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=12)
    if expect_label:
        expect(page.get_by_test_id("drag-distance")).to_have_text(re.compile(expect_label))
    page.mouse.up()


def button(page: Page, label: str):
    return page.locator("[data-testid=decision] button", has_text=label)


def pending(page: Page, side: str, kind: str) -> None:
    decision = page.get_by_test_id("decision")
    expect(decision).to_have_attribute("data-pending-kind", kind)
    expect(decision).to_have_attribute("data-pending-side", side)


def seq(page: Page) -> int:
    return int(page.locator("#battle-seq").get_attribute("data-seq"))


def answer_until(kind: str, players: dict[str, Page], watcher: Page) -> None:
    """Whatever else the rules ask first (pairing combats, their order, Strikes ...), the side asked
    takes its first offer, until the battle waits for `kind`."""
    decision = watcher.get_by_test_id("decision")
    for _ in range(20):
        if decision.get_attribute("data-pending-kind") == kind:
            return
        side = decision.get_attribute("data-pending-side")
        before = seq(watcher)
        players[side].locator("[data-testid=decision] button:visible").first.click()
        # A function, not an expression: Playwright evals an expression in the page, which the
        # Content Security Policy refuses.
        watcher.wait_for_function(f"() => +document.querySelector('#battle-seq').dataset.seq > {before}")
    raise AssertionError(f"the battle never came to {kind}")


def connected(*pages: Page) -> None:
    for page in pages:
        expect(page.locator(".battle-page")).to_have_attribute("data-connected", "true", timeout=20000)


@pytest.mark.long(20)
def test_two_players_and_a_spectator_play_a_turn_and_survive_a_restart(
    table: OpenTable, daphne: DaphneServer
) -> None:
    played = table("Close quarters", close_quarters(), phone="evil", server=daphne.start())
    good, evil, spectator = everyone = played.pages
    battle = played.battle

    presence = spectator.get_by_test_id("presence")
    expect(presence).to_have_attribute("data-good", "online")
    expect(presence).to_have_attribute("data-evil", "online")
    expect(presence).to_have_attribute("data-spectators", "1")
    expect(presence).to_contain_text("1 watching")

    # Deployment: Good drags a warrior forward inside its zone, then both sides confirm.
    expect(good.get_by_test_id("zone")).to_be_visible()
    drag(good, "gondor1", (12, 14))
    at("gondor1", 12, 14, *everyone)
    expect(spectator.get_by_test_id("log")).to_contain_text("Warrior of Minas Tirith 1 is placed.")
    button(good, "Deployment done").click()
    pending(spectator, "evil", "deploy")
    button(evil, "Deployment done").click()

    # The Priority roll is live (a tie rolls again): each die, who rolled it and why, is in every log.
    for page in everyone:
        for side in ("Good", "Evil"):
            expect(page.get_by_test_id("roll").filter(has_text=f"{side} rolls").first).to_contain_text(
                "for priority"
            )
    expect(spectator.get_by_test_id("decision")).to_have_attribute("data-pending-kind", "choose_priority")
    if good.get_by_test_id("decision").get_attribute("data-pending-side") == "good":
        button(good, "Take Priority").click()
    else:
        button(evil, "Give Priority to Good").click()
    expect(spectator.get_by_test_id("status")).to_contain_text("Good has Priority")
    pending(spectator, "evil", "declare_heroic_action")
    expect(spectator.get_by_test_id("waiting")).to_have_text(
        "Waiting for Evil: Evil declares a Heroic Action or passes."
    )
    button(evil, "Pass").click()
    button(good, "Pass").click()
    pending(spectator, "good", "activate")

    # Good moves a warrior by dragging it; the distance used shows while dragging.
    drag(good, "gondor2", (16, 14), expect_label=r'^[12]\.\d" of 6"')
    at("gondor2", 16, 14, *everyone)
    expect(spectator.get_by_test_id("log")).to_contain_text('Warrior of Minas Tirith 2 moves 2.0".')

    # kill -9 mid-battle: every page reconnects on its own and nothing is lost.
    daphne.kill()
    for page in everyone:
        expect(page.locator(".battle-page")).to_have_attribute("data-connected", "false", timeout=20000)
    daphne.start()
    connected(*everyone)
    at("gondor2", 16, 14, *everyone)
    pending(evil, "good", "activate")

    # Aragorn charges by being dragged onto Gothmog.
    drag(good, "aragorn", (8, 8.5), expect_label="onto Gothmog")
    for page in everyone:
        expect(page.get_by_test_id("log")).to_contain_text("Aragorn (Strider) charges Gothmog")

    # Good taps a warrior, then taps an enemy: a charge into base contact.
    token(good, "gondor1").click()
    expect(token(good, "gondor1")).to_have_class(re.compile(r"\bselected\b"))
    token(good, "orc1").click()
    for page in everyone:
        log = page.get_by_test_id("log")
        expect(log).to_contain_text("Warrior of Minas Tirith 1 charges Mordor Orc Warrior 1")
        expect(token(page, "orc1")).to_have_class(re.compile(r"\bengaged\b"))
    button(good, "Finish moving").click()

    # Evil, on the phone, moves an orc by dragging it, then finishes.
    pending(evil, "evil", "activate")
    drag(evil, "orc2", (17, 10), expect_label=r'" of 6"')
    at("orc2", 17, 10, *everyone)
    button(evil, "Finish moving").click()
    expect(spectator.get_by_test_id("decision")).not_to_have_attribute("data-pending-kind", "activate")

    # Shoot: Good taps its archer, then the Orc archer; Evil picks a target from the panel.
    players = {"good": good, "evil": evil}
    answer_until("shoot", players, spectator)
    pending(spectator, "good", "shoot")
    token(good, "gondor-bow").click()
    token(good, "orc-bow").click()
    expect(spectator.get_by_test_id("log")).to_contain_text(
        "Warrior of Minas Tirith (bow) shoots at Mordor Orc Warrior (bow)"
    )
    expect(spectator.get_by_test_id("roll").filter(has_text="for to hit")).to_have_count(1)
    evil.wait_for_function(f"() => +document.querySelector('#battle-seq').dataset.seq >= {seq(spectator)}")
    decision = evil.get_by_test_id("decision")
    if (
        decision.get_attribute("data-pending-side") == "evil"
        and decision.get_attribute("data-pending-kind") == "shoot"
    ):
        # (Unless Good's arrow slew the Orc archer: then the battle has moved on to the Fight phase.)
        group = evil.locator('details[data-group="orc-bow"]')
        if not group.evaluate("details => details.open"):
            group.locator("summary").click()
        group.locator("button:visible").first.click()
        expect(spectator.get_by_test_id("log")).to_contain_text("Mordor Orc Warrior (bow) shoots at")

    # Fight: two combats; the duel dice and Strikes show in every log.
    answer_until("choose_priority", players, spectator)
    for page in everyone:
        expect(page.get_by_test_id("log")).to_contain_text("Duel:")
        expect(page.get_by_test_id("roll").filter(has_text="for duel").first).to_be_visible()
    for page in everyone:
        expect(page.get_by_test_id("status")).to_contain_text("Turn 2")
        expect(page.get_by_test_id("log")).to_contain_text("Turn 2 begins.")

    assert evil.evaluate("document.documentElement.scrollWidth") <= 390
    saved = Battle.objects.get(pk=battle.pk)
    assert saved.state["turn"] == 2
    assert saved.events.filter(command__type="charge").count() == 2
    assert saved.events.filter(command__type="shoot").count() >= 1
