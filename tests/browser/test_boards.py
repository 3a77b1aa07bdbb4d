"""A board built in the editor, chosen for a battle, accepted by the other player, and the same
terrain on both boards: the builder at desktop width, the other player on a phone; and the editor
itself on a phone, its pieces moved by a finger."""

from __future__ import annotations

from pathlib import Path

from django.core.management import call_command
from playwright.sync_api import Page, expect

from battles.boards.models import SavedBoard
from tests.browser.tabletop import (
    DESKTOP,
    PHONE,
    Touch,
    connected,
    desktop_context,
    pending,
    phone_context,
    sign_up,
)

SHOTS = Path(__file__).parent / "artifacts"


def on_screen(page: Page, x: float, y: float) -> tuple[float, float]:
    """Where the editor's board inches (x, y) are on the screen."""
    point = page.evaluate(
        """([x, y]) => {
            const svg = document.querySelector("[data-testid=editor-board]");
            const p = svg.createSVGPoint(); p.x = x; p.y = y;
            const s = p.matrixTransform(svg.getScreenCTM());
            return [s.x, s.y];
        }""",
        [x, y],
    )
    return float(point[0]), float(point[1])


def pieces(page: Page) -> list[str]:
    return page.locator("[data-testid=editor-board] [data-testid=terrain] polygon").evaluate_all(
        "els => els.map(e => e.getAttribute('points'))"
    )


def terrain_on_board(page: Page) -> list[str]:
    return page.locator("#board [data-testid=terrain]").evaluate_all(
        "els => els.map(e => e.dataset.kind + ' ' + e.dataset.points)"
    )


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_a_board_built_in_the_editor_is_accepted_and_both_players_see_it(
    browser, live_server_url: str
) -> None:
    call_command("load_demo", verbosity=0)
    builder = desktop_context(browser)
    page = builder.new_page()
    sign_up(page, live_server_url, "theoden")

    page.goto(live_server_url + "/boards/new/")
    page.get_by_test_id("board-name").fill("Edoras plain")
    page.get_by_test_id("add-wood").click()
    page.get_by_test_id("add-wall").click()
    expect(page.get_by_test_id("selected-piece")).to_be_enabled()
    expect(page.locator("#piece-kind")).to_have_text('Wall (wall, 1" high)')
    # The wall was added on the wood at the centre: drag it 10" south, turn it, make it longer.
    page.mouse.move(*on_screen(page, 24, 24))
    page.mouse.down()
    page.mouse.move(*on_screen(page, 24, 34), steps=10)
    page.mouse.up()
    wall = pieces(page)[1]
    assert all(29.5 < float(p.split(",")[1]) < 34.5 for p in wall.split())
    page.get_by_test_id("rotate-right").click()
    page.get_by_test_id("rotate-right").click()
    page.get_by_test_id("grow").click()
    assert pieces(page)[1] != wall
    page.get_by_test_id("piece-height").fill("0.7")
    page.get_by_test_id("piece-height").press("Enter")
    expect(page.locator("#piece-kind")).to_have_text('Wall (wall, 0.7" high)')
    page.get_by_test_id("add-building").click()
    page.get_by_test_id("delete-piece").click()
    assert len(pieces(page)) == 2
    page.get_by_test_id("save-board").click()
    expect(page.get_by_test_id("board-saved")).to_have_text("Saved.")
    expect(page.get_by_test_id("board-checks")).to_contain_text("A battle without a scenario: fair.")
    expect(page.get_by_test_id("board-checks")).to_contain_text("Domination: fair.")
    page.screenshot(path=str(SHOTS / "board-editor.png"))
    saved = SavedBoard.objects.get(name="Edoras plain")
    assert [p["kind"] for p in saved.terrain] == ["wood", "wall"] and saved.terrain[1]["height"] == 0.7

    page.goto(live_server_url + "/")
    page.get_by_label("Name").fill("Edoras")
    page.get_by_label("Board").select_option(f"saved:{saved.pk}")
    page.get_by_label("You play").select_option("good")
    page.get_by_test_id("new-battle").click()
    good_link = page.get_by_test_id("good-link").get_attribute("href")
    evil_link = page.get_by_test_id("evil-link").get_attribute("href")

    page.goto(good_link)
    connected(page)
    phone = phone_context(browser)
    evil = phone.new_page()
    evil.goto(evil_link)
    connected(evil)
    pending(evil, "evil", "accept_board")
    expect(evil.get_by_test_id("decision")).to_contain_text(
        "Evil: accept the board (Edoras plain) or ask for another"
    )
    evil.locator("[data-testid=decision] button", has_text="Accept Edoras plain").click()
    for seat in (page, evil):
        pending(seat, "good", "deploy")
    expected = [f"{p['kind']} " + " ".join(f"{x:g},{y:g}" for x, y in p["polygon"]) for p in saved.terrain]
    assert terrain_on_board(page) == terrain_on_board(evil) == expected
    expect(evil.get_by_test_id("terrain-legend")).to_contain_text("Wall")
    fits(evil)
    evil.screenshot(path=str(SHOTS / "board-accepted-phone.png"))
    builder.close()
    phone.close()


def test_the_editor_on_a_phone_places_and_moves_a_piece_by_touch(browser, live_server_url: str) -> None:
    phone = phone_context(browser)
    page = phone.new_page()
    page.goto(live_server_url + "/boards/new/")
    fits(page)
    page.get_by_test_id("add-hill").tap()
    before = pieces(page)[0]
    page.locator("[data-testid=editor-board]").scroll_into_view_if_needed()
    Touch(page).drag(on_screen(page, 24, 24), on_screen(page, 12, 12))
    after = pieces(page)[0]
    assert after != before
    xs = [float(p.split(",")[0]) for p in after.split()]
    assert 4 < sum(xs) / len(xs) < 16  # the hill's middle moved from 24" to about 12"
    expect(page.get_by_test_id("save-board")).to_have_count(0)  # not signed in: nothing to save to
    phone.close()
    assert DESKTOP and PHONE


def test_a_move_over_a_wall_shows_its_jump_and_the_player_jumps_from_the_panel(table) -> None:
    """The drag says the test a wall needs where the move meets it; dropped, the model stops at the
    wall and the panel offers the Jump with its chance, or stopping, or another way."""
    from tests.browser.test_board_tools import to_good_moves
    from tests.browser.test_play_a_turn import button, close_quarters, drag

    setup = close_quarters()
    setup["edition"] = 2
    setup["terrain"].append(
        {"kind": "wall", "name": "Old wall", "polygon": [[10, 13.5], [14, 13.5], [14, 13.75], [10, 13.75]]}
    )
    played = table("Over the wall", setup, dice="6 1 6")
    to_good_moves(played)
    good = played.good
    drag(good, "gondor1", (12, 12.3), 'Jump the Old wall \\(1" high\\): a Jump test, 83% over')
    expect(good.get_by_test_id("decision")).to_contain_text(
        'Jump the Old wall (1" high): a Jump test (83% over)'
    )
    expect(button(good, "stops here")).to_be_visible()
    button(good, "Jump the Old wall").click()
    for page in played.pages:
        page.wait_for_function(
            """() => { const t = document.querySelector('#board [data-model="gondor1"]');
                       return t && Math.abs(t.dataset.y - 12.3) < 0.05; }""",
            timeout=10000,
        )
    expect(played.spectator.get_by_test_id("log")).to_contain_text(
        'Jump test at the Old wall (1" high): rolls 6'
    )


def test_the_board_pages_have_no_serious_accessibility_problem(browser, live_server_url: str) -> None:
    from tests.browser.test_accessibility import problems

    found: dict[str, list[str]] = {}
    for name, context in (("desktop", desktop_context(browser)), ("phone", phone_context(browser))):
        page = context.new_page()
        page.goto(live_server_url + "/boards/")
        found[f"library ({name})"] = problems(page)
        page.goto(live_server_url + "/boards/new/?from=library:village")
        page.get_by_test_id("add-rocks").click()
        found[f"editor ({name})"] = problems(page)
        context.close()
    assert found == {key: [] for key in found}
