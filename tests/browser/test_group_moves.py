"""Several models moved as a block (issue 27): picked by Shift-click and by a box, dragged together,
the referee moving those that may and naming the one that may not; one takeback undoes the group."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import OpenTable
from tests.browser.skirmish_tables import deploy_and_choose, model, skirmish_table
from tests.browser.tabletop import model_at, pending, placed, to_screen, token

ROCK = {"name": "Rock", "polygon": [[17, 12], [19, 12], [19, 14], [17, 14]], "impassable": True}


def test_five_models_move_as_a_block_one_named_that_may_not_and_one_takeback_undoes_them(
    table: OpenTable,
) -> None:
    line = [model(f"w{i}", "Warrior of Minas Tirith", 10 + 2 * i, 16) for i in range(5)]
    setup = skirmish_table(line, [model("orc", "Mordor Orc Warrior", 20, 2)], terrain=(ROCK,))
    played = table("Block", setup, dice="6 1")
    good, evil, spectator = played.pages
    deploy_and_choose(played, "good")
    pending(spectator, "good", "activate")

    # Three by Shift-click, two more by a Shift-drag box round them.
    good.keyboard.down("Shift")
    for ident in ("w0", "w1", "w2"):
        token(good, ident).click()
    good.mouse.move(*to_screen(good, 15, 15))
    good.mouse.down()
    good.mouse.move(*to_screen(good, 19.5, 17), steps=6)
    good.mouse.up()
    good.keyboard.up("Shift")
    expect(good.locator("#board .token.picked")).to_have_count(5)

    # Dragged 4" up the board as a block: Warrior 5 would walk into the rock.
    good.mouse.move(*to_screen(good, *model_at(good, "w0")))
    good.mouse.down()
    good.mouse.move(*to_screen(good, 10, 12), steps=10)
    expect(good.get_by_test_id("drag-distance")).to_contain_text("4 of 5 move")
    expect(good.get_by_test_id("drag-distance")).to_contain_text("cannot move through Rock")
    expect(good.get_by_test_id("drag-blocker")).to_have_count(1)
    good.mouse.up()
    for i in range(4):
        placed(f"w{i}", 10 + 2 * i, 12, *played.pages)
    placed("w4", 18, 16, *played.pages)
    for page in played.pages:
        expect(page.get_by_test_id("log")).to_contain_text(
            "Warrior of Minas Tirith 5 stays where it is: Warrior of Minas Tirith 5 cannot move through Rock."
        )
    expect(good.locator("#board .token.picked")).to_have_count(0)

    # One takeback puts all four back.
    expect(good.get_by_test_id("takeback").first).to_have_text("Take back your group's move (5 models)?")
    good.get_by_test_id("takeback").first.click()
    evil.get_by_test_id("offer-accept").click()
    for i in range(5):
        placed(f"w{i}", 10 + 2 * i, 16, *played.pages)
