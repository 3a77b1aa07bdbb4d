"""What the battle-table browser tests share: the three seats of a battle on a live server (its dice
scripted per battle when asked), board inches to screen pixels whatever the zoom, and real touch input (Chrome DevTools
Protocol touch events, so the browser's own gesture handling runs as on a phone)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from battles.models import Battle
from battles.play.create import create_battle
from tests.livestack import DaphneServer

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def phone_context(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)


def desktop_context(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport=DESKTOP)


@dataclass
class Table:
    """A battle and one page per seat: Good, Evil and a spectator."""

    battle: Battle
    good: Page
    evil: Page
    spectator: Page
    contexts: list[BrowserContext]

    @property
    def pages(self) -> tuple[Page, Page, Page]:
        return (self.good, self.evil, self.spectator)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def open_table(
    browser: Browser,
    server: DaphneServer,
    name: str,
    setup: dict[str, Any],
    phone: str = "",
    dice: str = "",
    ago: float = 0,
) -> Table:
    """Create a battle from `setup` and open it as Good, Evil and a spectator (`phone` names the
    seat that plays on a phone with touch, if any); with `dice` ("6 1 ..."), the server rolls those
    faces for this battle first; with `ago`, the battle was made that many seconds ago (its clock
    has run since)."""
    battle = create_battle(name, setup)
    if ago:
        battle.created_at -= timedelta(seconds=ago)
        Battle.objects.filter(pk=battle.pk).update(created_at=battle.created_at)
    if dice:
        server.script_dice(battle.public_id, dice)
    tokens = {s.side: s.token for s in battle.seats.all()}
    url = f"{server.url}/battles/{battle.public_id}/"
    pages = []
    contexts = []
    for seat in ("good", "evil", "spectator"):
        context = phone_context(browser) if seat == phone else desktop_context(browser)
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{url}?seat={tokens[seat]}" if seat in tokens else url)
        pages.append(page)
    for page in pages:
        connected(page)
    return Table(battle, *pages, contexts=contexts)


def connected(page: Page) -> None:
    expect(page.locator(".battle-page")).to_have_attribute("data-connected", "true", timeout=20000)


def token(page: Page, model_id: str):
    return page.locator(f'#board [data-model="{model_id}"]')


def to_screen(page: Page, x: float, y: float) -> tuple[float, float]:
    """Where board inches (x, y) are on the screen now, through the board's zoom and pan."""
    point = page.evaluate(
        """([x, y]) => {
            const svg = document.querySelector('#board svg');
            const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
            return [p.x, p.y];
        }""",
        [x, y],
    )
    return point[0], point[1]


def model_at(page: Page, model_id: str) -> tuple[float, float]:
    t = token(page, model_id)
    return float(t.get_attribute("data-x")), float(t.get_attribute("data-y"))


def pending(page: Page, side: str, kind: str) -> None:
    decision = page.get_by_test_id("decision")
    expect(decision).to_have_attribute("data-pending-kind", kind)
    expect(decision).to_have_attribute("data-pending-side", side)


def decide(page: Page, label: str) -> None:
    page.locator("[data-testid=decision] button:visible", has_text=label).first.click()


def seq(page: Page) -> int:
    return int(page.locator("#battle-seq").get_attribute("data-seq"))


def placed(model_id: str, x: float, y: float, *pages: Page) -> None:
    """Each page's board shows the model within 0.15" of (x, y)."""
    for page in pages:
        page.wait_for_function(
            """([id, x, y]) => {
                const t = document.querySelector(`#board [data-model="${id}"]`);
                return t && Math.abs(t.dataset.x - x) < 0.15 && Math.abs(t.dataset.y - y) < 0.15;
            }""",
            arg=[model_id, x, y],
            timeout=10000,
        )


def mouse_drag(page: Page, start: tuple[float, float], end: tuple[float, float], label: str = "") -> None:
    """Press at board inches `start`, drag to `end` (checking the label shown), let go."""
    page.mouse.move(*to_screen(page, *start))
    page.mouse.down()
    page.mouse.move(*to_screen(page, *end), steps=12)
    if label:
        expect(page.get_by_test_id("drag-distance")).to_have_text(re.compile(label))
    page.mouse.up()


class Touch:
    """Fingers on a touch screen, through the DevTools protocol: the browser decides, as on a
    phone, whether a finger's movement scrolls the page or reaches the page's own handlers."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def _send(self, kind: str, points: list[tuple[float, float]]) -> None:
        self.cdp.send(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]},
        )

    def drag(
        self, start: tuple[float, float], end: tuple[float, float], steps: int = 12, hold: bool = False
    ) -> None:
        """One finger from screen point `start` to `end`; `hold` keeps it down at the end."""
        self.gesture([start], [end], steps, hold)

    def gesture(
        self,
        starts: list[tuple[float, float]],
        ends: list[tuple[float, float]],
        steps: int = 12,
        hold: bool = False,
    ) -> None:
        self._send("touchStart", starts)
        for i in range(1, steps + 1):
            f = i / steps
            here = [
                (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
                for a, b in zip(starts, ends, strict=True)
            ]
            self._send("touchMove", here)
            self.page.wait_for_timeout(16)
        if not hold:
            self.release()

    def release(self) -> None:
        self._send("touchEnd", [])

    def tap(self, point: tuple[float, float]) -> None:
        self.page.touchscreen.tap(*point)


def sign_up(page: Page, base_url: str, username: str) -> None:
    page.goto(base_url + "/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(f"{username}-and-a-long-password-7")
    page.get_by_label("Password confirmation").fill(f"{username}-and-a-long-password-7")
    page.get_by_test_id("sign-up").click()
    expect(page.get_by_role("heading", name="My army lists")).to_be_visible()


def new_list(page: Page, name: str, army_list: str = "") -> None:
    """From "My army lists": create an empty list (built from one of the game's army lists when
    given its id) and land in its builder."""
    page.get_by_test_id("new-list-name").fill(name)
    if army_list:
        page.get_by_test_id("new-list-army-list").select_option(army_list)
    page.get_by_test_id("new-list").click()
    expect(page.get_by_test_id("problems")).to_be_visible()
