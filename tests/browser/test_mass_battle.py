"""A mass battle from two army lists, played in three browsers (Good, Evil, a spectator) with the
server's dice scripted: deploy, move and turn a stand, detach and attach heroes, an overrun, a charge
that ends in the conformed pose, a challenge accepted and fought, a combat won with a Might bid, and
the end of the battle. The lists are list files (docs/army-list-format.md), deployed by the server
as every battle from lists is; both armies then walk toward each other over three turns."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from battles.lists.examples import examples
from battles.lists.listfile import FORMAT, VERSION, parse_list
from battles.rulesets.mass_battle.setup import mass_battle_setup
from tests.battles.play.test_mass_words import leaks
from tests.browser.conftest import OpenTable
from tests.browser.tabletop import Touch, decide, pending, placed, to_screen
from tests.browser.test_accessibility import problems
from tests.browser.test_play_a_turn import screenshots_dir
from tests.rules_core.mass_battle.battles import hero as rules_hero
from tests.rules_core.mass_battle.battles import setup as rules_setup
from tests.rules_core.mass_battle.battles import stand as rules_stand
from tests.rules_core.mass_battle.fixtures import BASE_25

# Priority of turn 1 and 2: Good 1, Evil 6 (Evil takes it). The challenge's duel: Eomer 4,
# Gothmog 3. Turn 3's Priority: Good 6, Evil 1; the Broken orcs' Courage tests as they finish moving:
# 6 6 and 6 6, passed. Turn 3's combat: Good's stand 2, Evil's 4.
SCRIPT = "1 6 1 6 4 3 6 1 6 6 6 6 2 4"

GOOD_STAND = ("warrior-of-rohan-1", "warrior-of-rohan-2", "warrior-of-rohan-3")
ORCS = ("mordor-orc-warrior-1", "mordor-orc-warrior-2", "mordor-orc-warrior-3")


def mass_list(name: str, stand: str, heroes: list[dict[str, Any]]) -> Any:
    used = {stand} | {h["profile"] for h in heroes}
    return parse_list(
        {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": "mass_battle",
            "name": name,
            "points_limit": 1000,
            "stands": [{"profile": stand, "count": 3, "options": ["Shield"]}],
            "heroes": heroes,
            "profiles": [p for p in examples() if p["name"] in used],
        }
    )


def hero(profile: str, *cards: str, general: bool = False) -> dict[str, Any]:
    return {"profile": profile, "options": [], "cards": list(cards), "general": general}


def from_lists() -> dict[str, Any]:
    """Three stands a side, deployed side by side (x 31.5, 36, 40.5; Good's at y 11 facing Evil's at
    y 37); Eomer (General, Captain of the Line: 130 duel points) on Good's middle stand, Hama on its
    left; Gothmog (General, 120) on Evil's middle stand, a Goblin Captain (Swift: 9" loose) on its left."""
    good = mass_list(
        "Riders of the Mark",
        "Warrior of Rohan",
        [
            hero("Eomer, Marshal of the Riddermark", "Captain of the Line", general=True),
            hero("Hama, Captain of Rohan"),
        ],
    )
    evil = mass_list(
        "Host of Mordor",
        "Mordor Orc Warrior",
        [hero("Gothmog", general=True), hero("Goblin Captain", "Swift")],
    )
    return mass_battle_setup({"good": good, "evil": evil})


def stand_at(page: Page, stand: str) -> tuple[float, float]:
    el = page.locator(f'#board .stand[data-stand="{stand}"]')
    return float(el.get_attribute("data-x")), float(el.get_attribute("data-y"))


def drag_board(
    page: Page,
    *points: tuple[float, float],
    label: str = "",
    stage: str = "",
    legs: int = 0,
    hold: bool = False,
) -> None:
    """Press at the first board point, drag through the others, check what the drag shows, let go
    (unless told to `hold`)."""
    page.mouse.move(*to_screen(page, *points[0]))
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*to_screen(page, *point), steps=10)
    if label:
        expect(page.get_by_test_id("drag-distance")).to_contain_text(re.compile(label))
    if stage:
        expect(page.get_by_test_id("stage-text")).to_contain_text(re.compile(stage))
    if legs:
        expect(page.get_by_test_id("move-legs")).to_have_attribute("data-legs", str(legs))
    if not hold:
        page.mouse.up()


def drag_badge(page: Page, hero_id: str, to: tuple[float, float]) -> None:
    box = page.locator(f'#board .hero-badge[data-hero="{hero_id}"]').bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(*to_screen(page, *to), steps=10)
    page.mouse.up()


def choose(page: Page, label: str) -> None:
    """Choose an action in the panel, unfolding the piece's actions it is listed under."""
    button = page.locator("#decision-panel button", has_text=label).first
    summary = button.locator("xpath=ancestor::details[1]/summary")
    if summary.count() and not button.is_visible():
        summary.click()
    button.click()


def everywhere(pages: tuple[Page, ...], text: str) -> None:
    for page in pages:
        expect(page.get_by_test_id("log")).to_contain_text(text)


def pass_declarations(table: tuple[Page, Page, Page], until: str) -> None:
    """Each side asked to declare a Heroic Action passes, until the battle waits for `until`."""
    good, evil, spectator = table
    decision = spectator.get_by_test_id("decision")
    for _ in range(8):
        expect(decision).to_have_attribute(
            "data-pending-kind", re.compile(f"^({until}|declare_heroic_action)$")
        )
        kind = decision.get_attribute("data-pending-kind")
        if kind == until:
            return
        assert kind == "declare_heroic_action", kind
        side = decision.get_attribute("data-pending-side")
        before = int(spectator.locator("#battle-seq").get_attribute("data-seq"))
        decide(good if side == "good" else evil, "Pass")
        spectator.wait_for_function(f"() => +document.querySelector('#battle-seq').dataset.seq > {before}")
    raise AssertionError(f"never came to {until}")


def to_the_move_phase(table: tuple[Page, Page, Page]) -> None:
    """A battle set up as before players deployed: both confirm (Good first), Good takes Priority
    (the dice say Good chooses), both pass their declarations."""
    good, evil, spectator = table
    decide(good, "Deployment done")
    pending(spectator, "evil", "deploy")
    decide(evil, "Deployment done")
    decide(good, "Take Priority")
    pass_declarations(table, "activate")


def no_internal_names(pages: tuple[Page, ...], ids: set[str]) -> None:
    """Nothing a player reads on these pages names a piece by its id, a roll's purpose or an odds
    fraction field (tests/battles/play/test_mass_words.py's words): the page's text as shown, and the
    titles a pointer shows."""
    for page in pages:
        texts = page.evaluate(
            """() => [document.body.innerText,
                      ...Array.from(document.querySelectorAll('[title]'), el => el.getAttribute('title')),
                      ...Array.from(document.querySelectorAll('svg title'), el => el.textContent)]"""
        )
        assert leaks(texts, ids) == [], page.url


@pytest.mark.long(15)
def test_a_pair_deploys_fights_three_turns_and_finishes_a_mass_battle_from_their_lists(
    table: OpenTable,
) -> None:
    """The issue's "done when": Good on a desktop, Evil on a phone (the decision a sheet over the
    board), a spectator; each side deploys (Evil moves a stand by touch, Good stands Hama loose),
    three turns are fought and the battle ends, and nothing any of them reads names an id, a dice
    purpose or an odds fraction."""
    played = table("Fields of the Mark", from_lists(), dice=SCRIPT, phone="evil")
    good, evil, spectator = everyone = played.pages
    state = played.battle.load_state()
    ids = set(state.models) | set(getattr(state, "stands", {}))

    # The board: stands with their models and Combat Factor, heroes as badges, the army bar.
    for page in everyone:
        expect(page.get_by_test_id("stand")).to_have_count(6)
        expect(page.get_by_test_id("hero-badge")).to_have_count(4)
        expect(page.get_by_test_id("army-good")).to_contain_text("lost 0 of 5")
    expect(good.locator('[data-stand="warrior-of-rohan-2"] [data-testid=stand-factors]')).to_have_text(
        "8 · CF 3"
    )
    expect(spectator.locator('[data-hero="eomer"] [data-testid=battle-card]')).to_have_text(
        "Captain of the Line"
    )
    # Captain of the Line acts in combat: idle until his stand is in contact.
    expect(spectator.locator('[data-hero="eomer"] [data-testid=battle-card]')).to_have_class(
        re.compile("idle")
    )
    expect(spectator.locator('.hero-card[data-hero="eomer"] [data-stat=duel-points]')).to_have_text("130")

    # Deployment (§2.5): Evil, on the phone, moves its right stand by touch and confirms; Good
    # stands Hama loose in its zone and confirms; Evil takes Priority.
    pending(spectator, "evil", "deploy")
    expect(evil.get_by_test_id("sheet-handle")).to_be_visible()
    evil.locator("#board").scroll_into_view_if_needed()
    Touch(evil).drag(to_screen(evil, 40.5, 37), to_screen(evil, 45, 38))
    placed("mordor-orc-warrior-3", 45, 38, *everyone)
    decide(evil, "Deployment done")
    pending(spectator, "good", "deploy")
    drag_badge(good, "hama", (36.5, 9.0))
    expect(spectator.locator('[data-testid=loose-hero][data-hero="hama"]')).to_be_visible()
    placed("hama", 36.5, 9.0, *everyone)
    decide(good, "Deployment done")
    pending(spectator, "evil", "choose_priority")
    no_internal_names(everyone, ids)
    decide(evil, "Take Priority")
    pass_declarations(everyone, "activate")

    # Turn 1, Evil: the middle stand marches 6" (the preview shows the length against its Move).
    drag_board(evil, (36, 37), (36, 31), label=r'6\.0" of 6"')
    placed("mordor-orc-warrior-2", 36, 31, *everyone)
    # The Goblin Captain leaves his stand (his badge dragged off its front: the stand activates,
    # and he steps out at its front edge, §6.3) and walks on, loose.
    drag_badge(evil, "goblin-captain-1", (31.5, 34))
    everywhere(everyone, "Goblin Captain leaves Mordor Orc Warrior (Shield) 1.")
    placed("goblin-captain-1", 31.5, 36 - BASE_25, *everyone)
    for page in everyone:
        expect(
            page.locator('[data-testid=loose-hero][data-hero="goblin-captain-1"] [data-testid=warning-ring]')
        ).to_be_visible()
    goblin = evil.locator('[data-testid=loose-hero][data-hero="goblin-captain-1"]')
    start = (float(goblin.get_attribute("data-x")), float(goblin.get_attribute("data-y")))
    drag_board(evil, start, (29.0, 32.6))
    placed("goblin-captain-1", 29.0, 32.6, *everyone)
    decide(evil, "End Goblin Captain's activation")
    choose(evil, "Mordor Orc Warrior (Shield) 1 holds")
    decide(evil, "Finish moving")
    pending(spectator, "good", "activate")

    # Good: the middle stand marches; the right one is turned with its handle, then moved; the left
    # one marches.
    drag_board(good, (36, 11), (36, 17), label=r'6\.0" of 6"')
    placed("warrior-of-rohan-2", 36, 17, *everyone)
    drag_board(good, (40.5, 13), (41.53, 13.82), stage="facing|of 6")
    expect(good.get_by_test_id("ghost")).to_be_visible()
    drag_board(good, (40.5, 11), (40.5, 15))
    placed("warrior-of-rohan-3", 40.5, 15, *everyone)
    for page in everyone:
        expect(page.locator('[data-stand="warrior-of-rohan-3"]')).to_have_attribute("data-facing", "20.0")
    drag_board(good, (31.5, 11), (31.5, 17))
    placed("warrior-of-rohan-1", 31.5, 17, *everyone)
    decide(good, "Finish moving")  # Hama stays where he stood

    # Turn 2: Evil has Priority again; the Goblin Captain runs ahead, the orcs' middle marches.
    pending(spectator, "evil", "choose_priority")
    decide(evil, "Take Priority")
    pass_declarations(everyone, "activate")
    drag_board(evil, (29.0, 32.6), (30.0, 23.7))
    placed("goblin-captain-1", 30.0, 23.7, *everyone)
    drag_board(evil, (36, 31), (36, 25))
    placed("mordor-orc-warrior-2", 36, 25, *everyone)
    decide(evil, "Finish moving")
    pending(spectator, "good", "activate")

    # Good: the left stand's march crosses the Goblin Captain: the preview warns before letting go.
    drag_board(good, (31.5, 17), (30.5, 22.9), stage="will overrun Goblin Captain")
    everywhere(everyone, "Goblin Captain is lost: overrun by Warrior of Rohan (Shield) 1.")
    expect(spectator.get_by_test_id("losses-evil")).to_have_text("1")
    # The middle stand charges the orcs: the preview shows the conformed pose, the edge it hits and
    # the combat's odds.
    drag_board(
        good,
        (36, 17),
        (36, 26),
        stage=r"Charges the front edge of Mordor Orc Warrior \(Shield\) 2.*%",
        hold=True,
    )
    no_internal_names((good,), ids)
    good.mouse.up()
    everywhere(everyone, "Warrior of Rohan (Shield) 2 charges Mordor Orc Warrior (Shield) 2's front")
    placed("warrior-of-rohan-2", 36, 23, *everyone)
    # Hama joins the turned stand (dragged onto it).
    drag_board(good, (36.5, 9.0), (40.5, 15))
    everywhere(everyone, "Hama, Captain of Rohan joins Warrior of Rohan (Shield) 3")
    expect(spectator.locator('[data-stand="warrior-of-rohan-3"] [data-testid=hero-badge]')).to_have_count(1)

    # The Fight phase: the contact and its modifiers; Evil issues no challenge, Good does.
    pass_declarations(everyone, "issue_challenge")
    expect(spectator.get_by_test_id("contact")).to_contain_text("hero attached +1")
    expect(spectator.get_by_test_id("contact")).to_contain_text("Captain of the Line +1")
    expect(spectator.locator('[data-hero="eomer"] [data-testid=battle-card]')).to_have_class(
        re.compile("lit")
    )
    decide(evil, "Issue no (more) challenges")
    pending(spectator, "good", "issue_challenge")
    choose(good, "Eomer, Marshal of the Riddermark (130 points) challenges")
    pending(spectator, "evil", "answer_challenge")
    expect(evil.get_by_test_id("challenge-prompt")).to_contain_text(
        "Challenge from Eomer, Marshal of the Riddermark (130 duel points)"
    )
    expect(spectator.get_by_test_id("challenge-prompt")).to_contain_text(
        "Evil accepts with one of its heroes"
    )
    no_internal_names(everyone, ids)
    choose(evil, "Gothmog (120 points) accepts")
    for page in everyone:
        expect(page.get_by_test_id("last-duel")).to_contain_text("lower total")
        expect(page.get_by_test_id("duel-result")).to_contain_text("Gothmog dies")
        expect(page.locator('[data-stand="mordor-orc-warrior-2"]')).to_be_visible()
    expect(spectator.get_by_test_id("losses-evil")).to_have_text("3")

    # Turn 3: the Host of Mordor is Broken; nobody moves; the stands still in contact fight.
    pending(spectator, "good", "choose_priority")
    everywhere(everyone, "Host of Mordor is Broken")
    decide(good, "Take Priority")
    pass_declarations(everyone, "activate")
    decide(good, "Finish moving")
    pending(spectator, "evil", "activate")
    decide(evil, "Finish moving")
    pass_declarations(everyone, "combat_might")
    for page in everyone:
        expect(page.get_by_test_id("combat-panel")).to_contain_text("Combat in progress")
    no_internal_names(everyone, ids)
    # The README's picture: the spectator's board zoomed in on the combat, the panels beside it.
    for _ in range(2):
        spectator.locator("[data-zoom=in]").first.click()
    spectator.screenshot(path=str(screenshots_dir() / "mass-battle.png"), full_page=True)
    choose(good, "spend 3 Might (2 becomes 5)")
    for page in everyone:
        expect(page.get_by_test_id("combat-result")).to_contain_text(
            "Mordor Orc Warrior (Shield) 2 is destroyed"
        )
        expect(page.get_by_test_id("status")).to_contain_text("Good wins")
    expect(spectator.locator('.hero-card[data-hero="eomer"] [data-stat=might]')).to_have_text("0")
    no_internal_names(everyone, ids)


def test_a_stand_moved_by_touch_on_a_phone(table: OpenTable) -> None:
    played = table("Phone march", from_lists(), dice="1 6", phone="evil")
    good, evil, spectator = played.pages
    decide(evil, "Deployment done")
    pending(spectator, "good", "deploy")
    decide(good, "Deployment done")
    decide(evil, "Take Priority")
    pass_declarations(played.pages, "activate")
    touch = Touch(evil)
    # The phone framed the stands that may act: the whole board again, to test the smallest zoom.
    expect(evil.get_by_test_id("board")).not_to_have_attribute("data-zoom", "1.00")
    evil.locator("[data-zoom=fit]").first.click()
    evil.locator('[data-stand="mordor-orc-warrior-3"]').scroll_into_view_if_needed()
    # At the fit zoom the turn handle is a few pixels across; a finger's width around it turns the
    # stand: its hit area is at least 44 px square, and a finger pressed 18 px off the handle's
    # centre, on the side away from the stand, turns it.
    handle = evil.locator('[data-stand="mordor-orc-warrior-3"] [data-testid=turn-handle]').bounding_box()
    hit = evil.locator('[data-testid=turn-hit][data-turns="mordor-orc-warrior-3"]').bounding_box()
    assert handle is not None and hit is not None
    assert handle["width"] < 10, "the fit zoom shows the whole board"
    assert hit["width"] >= 44 and hit["height"] >= 44, hit
    centre = (handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
    touch.drag((centre[0], centre[1] - 18), (centre[0] + 30, centre[1] - 18), hold=True)
    expect(evil.get_by_test_id("stage-text")).to_contain_text("of 6")
    touch.release()
    evil.get_by_test_id("stage-reset").click()
    expect(evil.get_by_test_id("ghost")).to_have_count(0)
    touch.drag(to_screen(evil, 40.5, 37), to_screen(evil, 40.5, 33), hold=True)
    expect(evil.get_by_test_id("drag-distance")).to_contain_text('4.0" of 6"')
    touch.release()
    placed("mordor-orc-warrior-3", 40.5, 33, *played.pages)
    assert stand_at(spectator, "mordor-orc-warrior-3") == (40.5, 33.0)


def test_a_stand_turned_and_moved_with_the_keyboard(table: OpenTable) -> None:
    played = table("Keyboard march", from_lists(), dice="6 1")
    good, evil, spectator = played.pages
    decide(evil, "Deployment done")
    pending(spectator, "good", "deploy")
    decide(good, "Deployment done")
    decide(good, "Take Priority")
    pass_declarations(played.pages, "activate")
    stand = good.locator('#board .stand[data-stand="warrior-of-rohan-3"]')
    stand.focus()
    for key in ("e", "e", "ArrowDown", "ArrowDown", "ArrowDown"):
        good.keyboard.press(key)
    expect(good.get_by_test_id("stage-text")).to_contain_text('of 6"')
    expect(good.get_by_test_id("ghost")).to_be_visible()
    good.keyboard.press("Enter")
    placed("warrior-of-rohan-3", 40.5, 14, *played.pages)
    expect(spectator.locator('[data-stand="warrior-of-rohan-3"]')).to_have_attribute("data-facing", "30.0")
    # A turn on the spot: Q turns the other way.
    good.locator('#board .stand[data-stand="warrior-of-rohan-1"]').focus()
    good.keyboard.press("q")
    good.keyboard.press("q")
    good.keyboard.press("Enter")
    expect(spectator.locator('[data-stand="warrior-of-rohan-1"]')).to_have_attribute("data-facing", "330.0")
    placed("warrior-of-rohan-1", 31.5, 11, spectator)


def test_a_declined_challenge_a_stand_caught_on_its_flank_and_its_hero_escaping_where_tapped(
    table: OpenTable,
) -> None:
    """The rules' T8b at the table: Evil declines Eomer's challenge; the orcs, with Hama's riders on
    their flank, lose and are destroyed; Gothmog spends Fate to escape and Evil taps where he stands."""
    data = rules_setup(
        rules_stand("a", "good", "WR", 30, 20, 0, "eomer"),
        rules_stand("b", "evil", "MO", 30, 22, 180, "gothmog"),
        rules_stand("d", "good", "WR", 33, 23, 270, "hama"),
        rules_hero("eomer", "good"),
        rules_hero("gothmog", "evil"),
        rules_hero("hama", "good"),
    )
    # Priority: Good 6, Evil 1. Combat: A 3, B 3. Gothmog's Fate die: 5.
    played = table("Caught on the flank", data, dice="6 1 3 3 5")
    good, evil, spectator = everyone = played.pages
    to_the_move_phase(everyone)
    decide(good, "Finish moving")
    pending(spectator, "evil", "activate")
    decide(evil, "Finish moving")
    pass_declarations(everyone, "issue_challenge")
    # The contacts: B is caught between A's front and D on its flank.
    expect(spectator.get_by_test_id("contact")).to_contain_text("D on its flank -1")
    # On the board: D's line to B labelled with its modifier, and A's net modifier (+1, its hero).
    expect(spectator.get_by_test_id("helper-label")).to_have_text("-1 on its flank")
    expect(spectator.get_by_test_id("net-modifier")).to_have_text(re.compile(r"^\+1"))
    choose(good, "Eomer (110 points) challenges")
    pending(spectator, "evil", "answer_challenge")
    decide(evil, "Decline the challenge")
    pending(spectator, "evil", "combat_might")
    expect(evil.get_by_test_id("combat-panel")).to_contain_text("Combat in progress")
    decide(evil, "Spend no more Might")
    for page in everyone:
        expect(page.get_by_test_id("combat-result")).to_contain_text("B is destroyed")
    pending(spectator, "evil", "spend_fate")
    decide(evil, "Gothmog spends a Fate point")
    pending(spectator, "evil", "place_escaped")
    evil.mouse.click(*to_screen(evil, 30, 27))
    placed("gothmog", 30, 27, *everyone)
    expect(spectator.locator('[data-testid=loose-hero][data-hero="gothmog"]')).to_be_visible()


def test_no_serious_accessibility_problem_on_a_mass_battle(table: OpenTable) -> None:
    played = table("Accessible mass battle", from_lists(), phone="evil")
    good, evil, spectator = played.pages
    spectator.locator('#board .stand[data-stand="warrior-of-rohan-2"]').click()
    expect(spectator.get_by_test_id("unit-card")).to_contain_text(
        "Eomer, Marshal of the Riddermark (130 duel points)"
    )
    found = {"good": problems(good), "evil (phone)": problems(evil), "spectator": problems(spectator)}
    assert found == {"good": [], "evil (phone)": [], "spectator": []}


def test_a_loose_hero_dragged_onto_another_charges_him_and_their_duel_is_shown(table: OpenTable) -> None:
    """The rules' T1 at the table: Haleth, loose, is dragged onto the Goblin Captain; in the Fight
    phase their duel is fought and shown (6 + 30 against 2 + 40: Haleth dies, lower total)."""
    data = rules_setup(rules_hero("haleth", "good", 20, 20), rules_hero("goblin_captain", "evil", 20, 25))
    played = table("Loose duel", data, dice="6 1 6 2")
    good, evil, spectator = everyone = played.pages
    decide(good, "Deployment done")
    pending(spectator, "evil", "deploy")
    decide(evil, "Deployment done")
    decide(good, "Take Priority")
    pass_declarations(everyone, "activate")
    for page in everyone:
        expect(
            page.locator('[data-testid=loose-hero][data-hero="haleth"] [data-testid=badge-stats]')
        ).to_have_text("1/1/2 · 30")
    drag_board(good, (20, 20), (20, 24.8))
    everywhere(everyone, "Haleth")
    placed("haleth", 20, 24.016, *everyone)
    decide(good, "Finish moving")
    pending(spectator, "evil", "activate")
    decide(evil, "Finish moving")
    for page in everyone:
        expect(page.get_by_test_id("last-duel")).to_contain_text("Haleth")
        expect(page.get_by_test_id("duel-result")).to_contain_text("Haleth dies")
    expect(spectator.get_by_test_id("last-duel")).to_contain_text("lower total")
    expect(spectator.get_by_test_id("losses-good")).to_have_text("1")
