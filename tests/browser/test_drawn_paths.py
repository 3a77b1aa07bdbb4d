"""The path drawn is the path sent (issue 27): a drag round a friend's base is previewed by the
referee and sent exactly as drawn, point for point; a refused one outlines what is in the way."""

from __future__ import annotations

import math

from playwright.sync_api import expect

from battles.models import BattleEvent
from tests.browser.conftest import OpenTable
from tests.browser.skirmish_tables import deploy_and_choose, model, skirmish_table
from tests.browser.tabletop import decide, model_at, pending, placed, to_screen


def round_a_friend() -> dict:
    good = [
        model("aragorn", "Aragorn (Strider)", 8.4, 12),
        model("friend", "Warrior of Minas Tirith", 10, 12),
        model("other", "Warrior of Minas Tirith", 10, 18),
    ]
    return skirmish_table(good, [model("orc", "Mordor Orc Warrior", 20, 3)])


def arc_round_the_friend(steps: int = 48) -> list[tuple[float, float]]:
    """Half a circle 1.1" from the friend's centre (0.12" clear of its base), over its top."""
    return [
        (10 - 1.1 * math.cos(math.pi * i / steps), 12 - 1.1 * math.sin(math.pi * i / steps))
        for i in range(steps + 1)
    ]


def test_a_path_drawn_round_a_base_is_sent_as_drawn_and_a_refused_one_outlines_what_blocks(
    table: OpenTable,
) -> None:
    played = table("Drawn paths", round_a_friend(), dice="6 1")
    good, _evil, spectator = played.pages
    deploy_and_choose(played, "good")
    pending(spectator, "good", "declare_heroic_action")
    decide(good, "Pass")
    pending(spectator, "good", "activate")

    # Straight through the friend: the preview says so and outlines the friend's base.
    good.mouse.move(*to_screen(good, 8.4, 12))
    good.mouse.down()
    good.mouse.move(*to_screen(good, 11.6, 12), steps=12)
    expect(good.get_by_test_id("drag-distance")).to_contain_text("cannot move through Warrior")
    blocker = good.get_by_test_id("drag-blocker")
    expect(blocker).to_have_count(1)
    assert float(blocker.get_attribute("cx")) == 10 and float(blocker.get_attribute("cy")) == 12
    good.mouse.up()
    expect(good.get_by_test_id("error")).to_contain_text("cannot move through Warrior of Minas Tirith 1")
    expect(good.get_by_test_id("drag-blocker")).to_have_count(0)
    placed("aragorn", 8.4, 12, good)

    # Round it, close to its base: accepted, and moved along exactly the points the page showed.
    good.mouse.move(*to_screen(good, 8.4, 12))
    good.mouse.down()
    good.mouse.move(*to_screen(good, 8.9, 12), steps=4)
    for point in arc_round_the_friend():
        good.mouse.move(*to_screen(good, *point))
    good.mouse.move(*to_screen(good, 11.6, 12), steps=4)
    expect(good.get_by_test_id("drag-distance")).to_contain_text('" of 6"')
    shown = good.get_by_test_id("drag-path").get_attribute("points")
    expect(good.get_by_test_id("drag-path")).not_to_have_class("drag-path too-far")
    good.mouse.up()
    for page in played.pages:
        expect(page.get_by_test_id("log")).to_contain_text("Aragorn (Strider) moves")
    sent = BattleEvent.objects.filter(battle=played.battle, command__type="move").get().command["path"]
    drawn = [[float(v) for v in point.split(",")] for point in shown.split()]
    assert drawn[1:] == sent
    assert len(sent) > 10  # the arc's points, not a chord cutting across the friend's base
    assert model_at(spectator, "aragorn") == (sent[-1][0], sent[-1][1])
