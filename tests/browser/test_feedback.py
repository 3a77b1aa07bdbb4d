"""What the table tells a player (issue 27): the shout chosen for a Heroic Move kept when the drag
makes it a charge; figures precise enough to see why; toasts that go; a word when it is not your
decision."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import OpenTable
from tests.browser.skirmish_tables import deploy_and_choose, model, skirmish_table
from tests.browser.tabletop import decide, model_at, mouse_drag, pending, placed, to_screen


def heroic_charge() -> dict:
    good = [
        model("aragorn", "Aragorn (Strider)", 8, 14),
        model("gondor1", "Warrior of Minas Tirith", 10, 16),
        model("gondor2", "Warrior of Minas Tirith", 14, 20),
    ]
    return skirmish_table(
        good, [model("orc1", "Mordor Orc Warrior", 8, 9), model("orc2", "Mordor Orc Warrior", 20, 3)]
    )


def test_the_shout_chosen_for_a_heroic_move_is_kept_when_the_drag_makes_it_a_charge(table: OpenTable) -> None:
    played = table("Shout kept", heroic_charge(), dice="6 1")
    good, _evil, spectator = played.pages
    deploy_and_choose(played, "evil")
    pending(spectator, "good", "declare_heroic_action")
    decide(good, "Aragorn (Strider): Heroic Move")
    expect(good.get_by_test_id("log")).to_contain_text("Aragorn (Strider) declares a Heroic Move.")
    pending(spectator, "good", "heroic_action")

    # The first Shout in Aragorn's actions (the move's) set to With Me, then a drag onto the orc.
    shout = good.locator("#decision-panel select[data-param=shout]").first
    shout.select_option(label="Shout With Me")
    mouse_drag(good, model_at(good, "aragorn"), (8, 9 + 25 / 25.4), label="onto Mordor Orc Warrior")
    for page in played.pages:
        expect(page.get_by_test_id("log")).to_contain_text("Aragorn (Strider) charges Mordor Orc Warrior")
        expect(page.get_by_test_id("log")).to_contain_text('Aragorn (Strider) shouts "With Me"')


def test_toasts_go_a_drag_out_of_turn_says_whose_decision_one_takeback_button_and_its_question_alerts(
    table: OpenTable,
) -> None:
    played = table("Feedback", heroic_charge(), dice="6 1")
    good, evil, spectator = played.pages
    deploy_and_choose(played, "good")
    pending(spectator, "good", "declare_heroic_action")
    decide(good, "Pass")
    pending(spectator, "good", "activate")

    # Evil drags its orc while Good decides: nothing moves, and the page says whose decision it is.
    evil.clock.install()
    mouse_drag(evil, model_at(evil, "orc2"), (18, 5))
    expect(evil.get_by_test_id("error")).to_have_text(
        "Not your decision now: Waiting for Good: Good moves their models."
    )
    # The toast goes by itself.
    evil.clock.run_for(9000)
    expect(evil.get_by_test_id("error")).to_have_count(0)

    # A refusal stays only until the next attempt starts.
    mouse_drag(good, model_at(good, "gondor2"), (14, 12))
    expect(good.get_by_test_id("error")).to_contain_text('can move 6"')
    good.mouse.move(*to_screen(good, *model_at(good, "gondor2")))
    good.mouse.down()
    good.mouse.move(*to_screen(good, 14, 19), steps=6)
    expect(good.get_by_test_id("error")).to_have_count(0)
    good.mouse.up()
    placed("gondor2", 14, 19, *played.pages)

    # One takeback button, the latest; the rest under "more…"; the panel never moves for it.
    panel_top = good.get_by_test_id("decision").bounding_box()["y"]
    expect(good.get_by_test_id("takeback").first).to_have_text(
        "Take back your move of Warrior of Minas Tirith 2?"
    )
    mouse_drag(good, model_at(good, "gondor1"), (10, 18))
    placed("gondor1", 10, 18, *played.pages)
    expect(good.get_by_test_id("takeback").first).to_have_text(
        "Take back your move of Warrior of Minas Tirith 1?"
    )
    expect(good.locator("[data-testid=takeback]:visible")).to_have_count(1)
    assert good.get_by_test_id("takeback").count() > 1
    expect(good.get_by_test_id("takeback-more")).to_be_visible()
    assert good.get_by_test_id("decision").bounding_box()["y"] == panel_top

    # The question alerts the player who must answer it, as a decision does.
    assert not evil.title().startswith("● Your decision")
    good.get_by_test_id("takeback").first.click()
    expect(evil.get_by_test_id("offer-accept")).to_be_visible()
    expect(evil).to_have_title(re.compile("^● Your answer — "))
    evil.get_by_test_id("offer-accept").click()
    placed("gondor1", 10, 16, *played.pages)
    expect(evil).not_to_have_title(re.compile("^● Your"))
