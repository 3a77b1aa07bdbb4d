"""Issue 27's "Done when": a game of three turns between two 13-model Warbands, each side moving its
Warband as a block (placed and turned in deployment, dragged, once following its leader), in which
no drag that the referee's preview showed as legal is refused. The drags and refusals are counted."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from playwright.sync_api import Page, expect

from tests.browser.conftest import OpenTable
from tests.browser.tabletop import decide, model_at, pending, placed, seq, to_screen, token
from tests.browser.test_play_a_turn import profile


def warband(side: str, captain: str, warrior: str, y: float, facing: int) -> list[dict]:
    """A Captain (no Might: no Heroic Action is asked) in the middle of two rows of six."""
    models = [{"id": f"{side}0", "profile": {**profile(captain), "might": 0}, "x": 24.0, "y": y}]
    for i in range(12):
        row, column = divmod(i, 6)
        x = 17.0 + 2.0 * column + (2.0 if column >= 3 else 0.0)
        models.append(
            {"id": f"{side}{i + 1}", "profile": profile(warrior), "x": x, "y": y + facing * 2.0 * row}
        )
    return models


def two_warbands() -> dict:
    good = warband("g", "Boromir of Gondor", "Warrior of Minas Tirith", 44.0, 1)
    evil = warband("e", "Goblin Captain", "Mordor Orc Warrior", 4.0, -1)

    def army(name: str, models: list[dict]) -> dict:
        followers = [m["id"] for m in models[1:]]
        return {
            "name": name,
            "models": models,
            "warbands": [{"captain": models[0]["id"], "followers": followers}],
        }

    return {
        "board": {"width": 48.0, "height": 48.0},
        "terrain": [],
        "deployment": {"good": [0.0, 36.0, 48.0, 48.0], "evil": [0.0, 0.0, 48.0, 12.0]},
        "armies": {"good": army("Minas Tirith", good), "evil": army("Mordor", evil)},
    }


@dataclass
class Count:
    drags: int = 0
    shown_legal: int = 0
    refused: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)


def drag_block(page: Page, leader: str, way: list[tuple[float, float]], count: Count) -> None:
    """Pick the leader's whole Warband, drag the leader along `way`, let go; count the drag and,
    if the preview showed it legal, whether the referee refused it all the same."""
    token(page, leader).click()
    page.get_by_test_id("pick-warband").click()
    expect(page.locator("#board .token.picked")).to_have_count(13)
    before = seq(page)
    page.mouse.move(*to_screen(page, *model_at(page, leader)))
    page.mouse.down()
    for point in way:
        page.mouse.move(*to_screen(page, *point), steps=6)
    label = page.get_by_test_id("drag-distance")
    expect(label).not_to_contain_text("…")
    shown = label.text_content() or ""
    legal = "13 of 13 move" in shown or "13 placed" in shown
    page.mouse.up()
    page.wait_for_function(
        "(before) => +document.querySelector('#battle-seq').dataset.seq > before"
        " || document.querySelector('[data-testid=error]')",
        arg=before,
    )
    count.drags += 1
    count.shown.append(shown)
    count.shown_legal += legal
    error = page.get_by_test_id("error")
    if legal and error.count():
        count.refused.append(f"{leader} {way}: {error.text_content()}")
    going = re.match(r"(\d+) of 13 move", shown)
    if going and leader.startswith("g") and not error.count():
        # Each model the preview showed moving has moved (and activated); the others stayed. (Good
        # moves first: its models are still marked as having acted while Evil moves.)
        moved = page.locator("#board .token.side-good.activated").count()
        if moved != int(going.group(1)):
            count.refused.append(f"{leader} {way}: {going.group(1)} shown moving, {moved} moved")


def finish_moving(page: Page, side: str) -> None:
    """A side whose models all moved has finished; one left to move says it is done."""
    decision = page.get_by_test_id("decision")
    if (
        decision.get_attribute("data-pending-side") == side
        and decision.get_attribute("data-pending-kind") == "activate"
    ):
        decide(page, "Finish moving")


def test_three_turns_of_two_13_model_warbands_take_no_refused_drag_the_preview_showed_legal(
    table: OpenTable,
) -> None:
    played = table("Two Warbands", two_warbands(), dice="6 1 6 1 6 1")
    good, evil, spectator = played.pages
    count = Count()

    # Deployment: each Warband placed as a block; Good's turned a notch about its Captain (E).
    pending(spectator, "good", "deploy")
    drag_block(good, "g0", [(24, 42)], count)
    placed("g0", 24, 42, *played.pages)
    good.keyboard.press("e")
    placed("g1", 24 - 7 * 0.9659, 42 - 7 * 0.2588, spectator)  # 7" left of him, turned 15°
    decide(good, "Deployment done")
    pending(spectator, "evil", "deploy")
    drag_block(evil, "e0", [(24, 6)], count)
    placed("e0", 24, 6, *played.pages)
    decide(evil, "Deployment done")
    pending(spectator, "good", "choose_priority")
    decide(good, "Take Priority")

    for turn in (1, 2, 3):
        pending(spectator, "good", "activate")
        x, y = model_at(good, "g0")
        if turn == 2:
            # The others follow the Captain in a file, round a bend.
            good.get_by_test_id("follow-leader").click()
            drag_block(good, "g0", [(x, y - 3), (x + 2.5, y - 4.5)], count)
            good.get_by_test_id("follow-leader").click()
        else:
            drag_block(good, "g0", [(x, y - 5.9)], count)
        finish_moving(good, "good")
        pending(spectator, "evil", "activate")
        x, y = model_at(evil, "e0")
        drag_block(evil, "e0", [(x, y + 4)], count)
        finish_moving(evil, "evil")
        if turn < 3:
            pending(spectator, "good", "choose_priority")
            decide(good, "Take Priority")

    expect(spectator.get_by_test_id("log")).to_contain_text("End phase of turn 3")
    print(
        f"\nDrags {count.drags}, shown legal {count.shown_legal}, refused after a legal preview {len(count.refused)}"
    )
    assert count.refused == []
    # Every drag previewed all 13 going but the file: the three at its tail that would have to walk
    # through those who stop short (their Move runs out) were named, and stayed.
    assert count.drags == 8 and count.shown_legal == 7
    assert count.shown[4].startswith("10 of 13 move")
