"""Magic in three browsers: Gandalf casts Immobilise from the panel, Evil is asked to resist with the
chance shown, and every page shows the power on the captain's card; dice scripted on the server."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import OpenTable

# Priority: Good 6, Evil 1. Immobilise cast with a 5; the captain's one Resist die shows 2.
SCRIPT = "6 1 5 2"


def stats(name: str, **extra) -> dict:
    base = {
        "name": name,
        "move": 6.0,
        "fight": 4,
        "shoot": 4,
        "strength": 4,
        "defence": 5,
        "attacks": 1,
        "wounds": 1,
        "courage": 5,
        "intelligence": 5,
    }
    return {**base, **extra}  # fmt: skip


def setup() -> dict:
    gandalf = stats(
        "Gandalf", might=0, will=6, fate=3, tier="legend", keywords=["Infantry", "Hero"],
        powers=[{"name": "Immobilise", "range": 12.0, "casting": 3}], wounds=3,
    )  # fmt: skip
    captain = stats(
        "Orc captain", might=0, will=1, fate=0, tier="minor", keywords=["Infantry", "Hero"], wounds=2
    )
    return {
        "board": {"width": 24.0, "height": 24.0},
        "deployment": {"good": [0, 0, 24, 24], "evil": [0, 0, 24, 24]},
        "armies": {
            "good": {"name": "White Council", "models": [{"id": "gandalf", "profile": gandalf, "x": 12, "y": 20}]},
            "evil": {"name": "Moria", "models": [
                {"id": "captain", "profile": captain, "x": 12.0, "y": 12.0},
                {"id": "orc", "profile": stats("Orc"), "x": 3.0, "y": 3.0},
            ]},
        },
    }  # fmt: skip


def decide(page: Page, label: str) -> None:
    page.locator("[data-testid=decision] button:visible", has_text=label).first.click()


def waiting(page: Page, side: str, kind: str) -> None:
    decision = page.get_by_test_id("decision")
    expect(decision).to_have_attribute("data-pending-side", side)
    expect(decision).to_have_attribute("data-pending-kind", kind)


def test_a_cast_a_resist_and_the_power_in_play_in_three_browsers(table: OpenTable) -> None:
    played = table("Dimrill Dale", setup(), dice=SCRIPT)
    good, evil, spectator = everyone = played.pages

    decide(good, "Deployment done")
    waiting(spectator, "evil", "deploy")
    decide(evil, "Deployment done")
    waiting(spectator, "good", "choose_priority")
    decide(good, "Take Priority")  # Gandalf has no Might: no Heroic Actions to declare

    # Good's Move phase: the panel offers the power, its target and Will, and the chance to cast.
    waiting(spectator, "good", "activate")
    cast = good.locator("form[data-kind=cast]")
    expect(cast).to_contain_text("1 Will")
    expect(cast.locator("select[name='p.target'] option")).to_have_text(["Orc captain"])
    cast.locator("button[type=submit]").click()
    for page in everyone:
        expect(page.get_by_test_id("log")).to_contain_text(
            "Gandalf casts Immobilise at Orc captain: needs 3+, rolls 5: cast."
        )

    # Evil is asked whether to resist, with the chance to do it.
    waiting(spectator, "evil", "resist")
    resist = evil.locator("form[data-kind=resist]").first
    expect(resist.get_by_test_id("odds")).to_contain_text("the power is resisted")
    expect(resist.get_by_test_id("odds")).to_contain_text("33%")
    expect(good.locator("form[data-kind=resist]")).to_have_count(0)
    decide(evil, "Orc captain: resist with 1 Will")
    for page in everyone:
        expect(page.get_by_test_id("log")).to_contain_text("needing 5: not enough.")
        card = page.locator("[data-hero=captain]")
        expect(card.get_by_test_id("effects")).to_contain_text("Immobilise")
        expect(card.locator("[data-stat=will]")).to_have_text("0/1")
        expect(page.locator("[data-model=captain]")).to_have_class(re.compile(r"\baffected\b"))

    # Gandalf cast before moving: his activation goes on, and he may still move or stay.
    waiting(spectator, "good", "activate")
    decide(good, "Gandalf stays put")
    for page in everyone:
        expect(page.get_by_test_id("log")).to_contain_text("Gandalf stays where it is.")
