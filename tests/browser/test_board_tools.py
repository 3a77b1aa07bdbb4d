"""The board people can read and handle (issue 14), in three browsers: Good on a desktop, Evil on a
phone with touch, a spectator. Zoom and pan by wheel, pinch, drag and buttons without changing a
distance the rules use; labels that match the panel and light up both ways; any model's card for
anyone; the tape and line of sight answered by the referee; a charge dropped near its target; the
keyboard alone; and the README's screenshots."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tabletop import (
    Table,
    Touch,
    connected,
    decide,
    model_at,
    mouse_drag,
    open_table,
    pending,
    placed,
    to_screen,
    token,
)
from tests.browser.test_play_a_turn import close_quarters, screenshots_dir

pytestmark = pytest.mark.django_db(transaction=True)

ROCK = {
    "name": "Rocky outcrop",
    "polygon": [[18.5, 11], [21.5, 11], [21.5, 13], [18.5, 13]],
    "blocks_sight": True,
    "impassable": True,
}


def table_setup() -> dict:
    """close_quarters with a rock between the two archers, so neither can see the other."""
    setup = close_quarters()
    setup["terrain"] = [*setup["terrain"], ROCK]
    return setup


def view_width(page: Page) -> float:
    return float(page.get_by_test_id("board").get_attribute("viewBox").split()[2])


def view_box(page: Page) -> list[float]:
    return [float(v) for v in page.get_by_test_id("board").get_attribute("viewBox").split()]


def to_good_moves(table: Table) -> None:
    """Both deploy as they stand, Good gets Priority, both pass: Good moves first."""
    decide(table.good, "Deployment done")
    pending(table.spectator, "evil", "deploy")
    decide(table.evil, "Deployment done")
    for page in table.pages:
        expect(page.get_by_test_id("decision")).to_have_attribute("data-pending-kind", "choose_priority")
    if table.spectator.get_by_test_id("decision").get_attribute("data-pending-side") == "good":
        decide(table.good, "Take Priority")
    else:
        decide(table.evil, "Give Priority to Good")
    pending(table.spectator, "evil", "declare_heroic_action")
    decide(table.evil, "Pass")
    pending(table.spectator, "good", "declare_heroic_action")
    decide(table.good, "Pass")
    pending(table.spectator, "good", "activate")


def test_zoom_and_pan_by_wheel_buttons_drag_and_pinch_never_change_a_distance(browser, shared_server) -> None:
    table = open_table(browser, shared_server, "Zoom", table_setup(), phone="evil")
    good, evil, spectator = table.pages
    assert view_box(good) == [0, 0, 24, 24]

    # Desktop: the wheel zooms where the pointer is, a drag on empty board pans, buttons zoom and fit.
    good.mouse.move(*to_screen(good, 12, 12))
    good.mouse.wheel(0, -400)
    expect(good.get_by_test_id("board")).not_to_have_attribute("viewBox", "0 0 24 24")
    zoomed = view_box(good)
    assert zoomed[2] < 24 and zoomed[0] < 12 < zoomed[0] + zoomed[2]
    good.mouse.move(*to_screen(good, 4 + zoomed[0], 4 + zoomed[1]))
    good.mouse.down()
    good.mouse.move(*to_screen(good, 6 + zoomed[0], 6 + zoomed[1]), steps=6)
    good.mouse.up()
    panned = view_box(good)
    assert panned[2] == pytest.approx(zoomed[2]) and panned[0] == pytest.approx(zoomed[0] - 2, abs=0.3)
    good.get_by_role("button", name="Zoom in").click()
    assert view_width(good) == pytest.approx(panned[2] / 1.5, abs=0.01)
    good.get_by_test_id("zoom-fit").click()
    assert view_box(good) == [0, 0, 24, 24]

    # Zoomed in, a move is measured as before: 2" on the board is 2" in the log.
    good.get_by_role("button", name="Zoom in").click()
    good.get_by_role("button", name="Zoom in").click()
    to_good_moves(table)
    mouse_drag(good, model_at(good, "gondor2"), (16, 14), label=r'^2\.0" of 6"')
    placed("gondor2", 16, 14, *table.pages)
    expect(spectator.get_by_test_id("log")).to_contain_text('Warrior of Minas Tirith 2 moves 2.0".')
    # The server's re-rendered board keeps the player's zoom, and so does a reload.
    assert view_width(good) == pytest.approx(24 / 2.25, abs=0.01)
    good.reload()
    connected(good)
    assert view_width(good) == pytest.approx(24 / 2.25, abs=0.01)

    # Phone: two fingers pinch to zoom, one finger on empty board pans.
    touch = Touch(evil)
    evil.get_by_test_id("board").scroll_into_view_if_needed()
    centre = to_screen(evil, 12, 12)
    touch.gesture(
        [(centre[0] - 30, centre[1]), (centre[0] + 30, centre[1])],
        [(centre[0] - 90, centre[1]), (centre[0] + 90, centre[1])],
    )
    pinched = view_box(evil)
    assert pinched[2] == pytest.approx(8, abs=0.5)
    touch.drag(
        to_screen(evil, pinched[0] + 2, pinched[1] + 2), to_screen(evil, pinched[0] + 4, pinched[1] + 2)
    )
    assert view_box(evil)[0] == pytest.approx(pinched[0] - 2, abs=0.3)

    # At 390 px the area in play shows a 25 mm base at 32 CSS px or more: easy to tap.
    evil.get_by_test_id("zoom-play").click()
    width = token(evil, "orc1").locator("circle.base").bounding_box()["width"]
    assert width >= 32
    touch.tap(to_screen(evil, *model_at(evil, "orc1")))
    expect(evil.get_by_test_id("unit-card")).to_contain_text("Mordor Orc Warrior 1")
    table.close()


def test_labels_match_the_panel_highlight_both_ways_and_any_model_shows_its_card(
    browser, shared_server
) -> None:
    setup = table_setup()
    orcs = setup["armies"]["evil"]["models"]
    orcs[1]["y"], orcs[2]["x"], orcs[2]["y"] = 11.0, 14.0, 11.0  # both within a charge of gondor1
    table = open_table(browser, shared_server, "Who is who", setup)
    good, evil, spectator = table.pages

    # Every token shows a short label that matches its name in the panel and the log.
    expect(token(good, "gondor2").get_by_test_id("token-label")).to_have_text("2")
    expect(token(good, "aragorn").get_by_test_id("token-label")).to_have_text("A")
    expect(good.locator('details[data-group="gondor2"] > summary')).to_have_text("Warrior of Minas Tirith 2")
    expect(token(good, "gondor-bow").get_by_test_id("token-missile")).to_have_count(1)
    expect(good.get_by_test_id("board-text")).to_contain_text(
        "Warrior of Minas Tirith (bow), Good (Sword, Heavy armour, Bow), "
        "can act (arrow keys move it, Enter sends): 1/1 Wounds; "
        '20.0" from the left edge, 16.0" from the top.'
    )

    # Hovering a panel entry lights up its token, and hovering a token lights up its panel entry.
    good.locator('details[data-group="gondor1"] > summary').hover()
    expect(token(good, "gondor1")).to_have_class(re.compile(r"\blinked\b"))
    token(good, "gondor2").hover()
    expect(good.locator('details[data-group="gondor2"]')).to_have_class(re.compile(r"\blinked\b"))
    expect(token(good, "gondor1")).not_to_have_class(re.compile(r"\blinked\b"))

    # Cards: Good opens an enemy's, Evil its own, the spectator any; each is the model as it stands.
    token(good, "orc-bow").click()
    card = good.get_by_test_id("unit-card")
    expect(card).to_contain_text("Mordor Orc Warrior (bow)")
    expect(card.get_by_test_id("card-missile")).to_have_text('Orc bow: range 18", Strength 2')
    expect(card.locator("table.stats")).to_contain_text("3/5+")
    token(evil, "gothmog").click()
    expect(evil.get_by_test_id("unit-card")).to_contain_text("Might3/3")
    token(spectator, "aragorn").click()
    expect(spectator.get_by_test_id("unit-card")).to_contain_text("Aragorn (Strider)")
    expect(spectator.get_by_test_id("unit-card").get_by_test_id("card-wounds")).to_have_text("3/3")
    spectator.get_by_role("button", name="Close the card of Aragorn (Strider)").click()
    expect(spectator.get_by_test_id("unit-card")).to_have_count(0)

    # Hovering a hero's card lights up its token.
    good.locator('.hero-card[data-hero="gothmog"]').hover()
    expect(token(good, "gothmog")).to_have_class(re.compile(r"\blinked\b"))

    # Identical models are never two identical choices: each charge target names one model.
    to_good_moves(table)
    labels = good.evaluate(
        """() => JSON.parse(document.getElementById('legal-actions').textContent)
            .filter(a => a.kind === 'charge' && a.group === 'gondor1')
            .flatMap(a => a.params.target.options.map(o => o.label))"""
    )
    assert sorted(labels) == ["Mordor Orc Warrior 1", "Mordor Orc Warrior 2"]

    # "Ask the referee for a test" has no token on the board; it opens and closes like any other.
    tests = good.locator('details[data-group="tests"]')
    expect(tests.locator("summary")).to_have_text("Ask the referee for a test")
    tests.locator("summary").click()
    expect(tests).to_have_attribute("open", "")
    expect(tests.locator("input[name='t.reason']")).to_be_visible()
    tests.locator("summary").press("Enter")
    expect(tests).not_to_have_attribute("open", "")
    table.close()


def test_the_tape_and_line_of_sight_answer_with_the_referees_geometry(browser, shared_server) -> None:
    table = open_table(browser, shared_server, "Tape", table_setup(), phone="evil")
    good, evil, spectator = table.pages
    from rules_core.measure import measure

    state = table.battle.load_state()
    # The spectator measures from the Good archer to the Orc archer: the rock blocks the view.
    spectator.get_by_test_id("tape").click()
    expect(spectator.get_by_test_id("tape")).to_have_attribute("aria-pressed", "true")
    mouse_drag(spectator, model_at(spectator, "gondor-bow"), model_at(spectator, "orc-bow"))
    readout = spectator.get_by_test_id("tape-readout")
    expected = measure(state, state.model("gondor-bow"), state.model("orc-bow"))
    expect(readout).to_contain_text(f'{expected.distance:.2f}" (base edge to base edge)')
    expect(readout).to_contain_text(
        "Warrior of Minas Tirith (bow) cannot see Mordor Orc Warrior (bow): Rocky outcrop blocks the view."
    )
    expect(spectator.get_by_test_id("tape-label")).to_contain_text("out of sight")

    # Good taps one model and then another: it sees Gothmog, and may shoot it as far as range goes.
    good.get_by_test_id("tape").click()
    token(good, "gondor-bow").click()
    token(good, "gothmog").click()
    expect(good.get_by_test_id("tape-readout")).to_contain_text(
        "Warrior of Minas Tirith (bow) can see Gothmog."
    )
    expect(good.get_by_test_id("unit-card")).to_have_count(0)  # measuring, not opening cards

    # On the phone, a finger draws the tape from a point to a point.
    evil.get_by_test_id("tape").click()
    touch = Touch(evil)
    evil.get_by_test_id("board").scroll_into_view_if_needed()
    touch.drag(to_screen(evil, 2, 20), to_screen(evil, 5, 16))
    expect(evil.get_by_test_id("tape-readout")).to_contain_text(': 5.00".')
    evil.get_by_test_id("tape").click()
    expect(evil.get_by_test_id("tape-readout")).to_be_hidden()
    table.close()


def test_a_charge_dropped_near_its_target_snaps_a_refused_one_says_why_and_the_keyboard_moves(
    browser, shared_server
) -> None:
    table = open_table(browser, shared_server, "Charges", table_setup(), phone="evil")
    good, evil, spectator = table.pages
    to_good_moves(table)

    # Too far: the referee's reason, in its own figures, and the model goes back.
    mouse_drag(good, model_at(good, "gondor2"), (20, 8.8))
    expect(good.get_by_test_id("error")).to_have_text(
        'Mordor Orc Warrior (bow) is 8.0" away; Warrior of Minas Tirith 2\'s Move is 6".'
    )
    placed("gondor2", 16, 16, good)

    # Dropped 0.4" short of Gothmog: a charge, into base contact.
    contact = 25 / 25.4
    mouse_drag(good, model_at(good, "aragorn"), (8, 8 + contact + 0.4), label="onto Gothmog")
    for page in table.pages:
        expect(page.get_by_test_id("log")).to_contain_text("Aragorn (Strider) charges Gothmog")
    placed("aragorn", 8, 8 + contact, spectator)

    # The keyboard alone: focus a warrior, arrow keys set where it goes, Enter sends it.
    warrior = token(good, "gondor1")
    warrior.focus()
    good.keyboard.press("ArrowUp")
    good.keyboard.press("ArrowUp")
    expect(good.get_by_test_id("drag-distance")).to_contain_text('2.0" of 6"')
    good.keyboard.press("Enter")
    placed("gondor1", 12, 14, *table.pages)
    # Focus stays on the model that moved, not on the page's body.
    expect(token(good, "gondor1")).to_be_focused()
    # The tape measures the battle as it stands, with a number stepper in the panel too (its
    # data-step was once read as a replay's step, so the tape measured the battle's start).
    good.evaluate(
        """document.getElementById('decision-panel').insertAdjacentHTML(
            'beforeend', '<button type="button" data-step="-1">-</button>')"""
    )
    good.get_by_test_id("tape").click()
    token(good, "gondor1").click()
    token(good, "orc1").click()
    expect(good.get_by_test_id("tape-readout")).to_contain_text('5.02" (base edge to base edge)')
    good.get_by_test_id("tape").click()
    token(good, "gondor1").focus()
    decide(good, "Finish moving")

    # Evil drags on the phone; the README's phone screenshot catches the move being dragged.
    pending(evil, "evil", "activate")
    evil.get_by_test_id("zoom-play").click()
    touch = Touch(evil)
    start = to_screen(evil, *model_at(evil, "orc2"))
    touch.drag(start, to_screen(evil, 17, 10.5), steps=10, hold=True)
    expect(evil.get_by_test_id("drag-distance")).to_contain_text('" of 6"')
    shots = screenshots_dir()
    evil.screenshot(path=str(shots / "battle-phone.png"))
    touch.release()
    placed("orc2", 17, 10.5, *table.pages)
    good.screenshot(path=str(shots / "battle-desktop.png"))
    table.close()
