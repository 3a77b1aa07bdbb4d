"""Several models moved as a block (issue 27): picked by Shift-click, by a box and as "All of this
Warband", dragged together, the referee moving those that may and naming the one that may not; one
takeback undoes the group; "Follow the leader" sends the others along the leader's path in a file."""

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

    # "All of this Warband" picks the five (the table names no Warbands: the army is one); with
    # "Follow the leader" the others walk the leader's path in a file, each as far as its Move.
    expect(good.get_by_test_id("group-bar")).to_be_visible()
    token(good, "w0").click()
    good.get_by_test_id("pick-warband").click()
    expect(good.locator("#board .token.picked")).to_have_count(5)
    expect(good.get_by_test_id("picked-count")).to_have_text("5 picked")
    good.get_by_test_id("follow-leader").click()
    expect(good.get_by_test_id("follow-leader")).to_have_attribute("aria-pressed", "true")
    good.mouse.move(*to_screen(good, 10, 16))
    good.mouse.down()
    good.mouse.move(*to_screen(good, 10, 11), steps=10)
    expect(good.get_by_test_id("drag-distance")).to_contain_text("5 of 5 move")
    good.mouse.up()
    # Warrior 2 a base behind the leader; the others 6" along the file (their Move).
    placed("w0", 10, 11, *played.pages)
    placed("w1", 10, 12.08, *played.pages)
    placed("w2", 10, 14, *played.pages)
    placed("w3", 10, 16, *played.pages)
    placed("w4", 12, 16, *played.pages)
