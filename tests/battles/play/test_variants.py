"""A step is rendered only in the variants (audience and format) that a battle's sockets need."""

from __future__ import annotations

import pytest

from battles.play import presence, publish
from tests.battles.conftest import command, connect, create_battle, receive, receive_text, seats
from tests.battles.demos import demo_setup
from tests.conftest import skip_or_fail

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The audiences each HTML render of a step was made for."""
    made: list[str] = []
    real = publish.render_step

    def counting(battle, state, event, audience, actions=None):  # type: ignore[no-untyped-def]
        made.append(audience)
        return real(battle, state, event, audience, actions)

    monkeypatch.setattr(publish, "render_step", counting)
    return made


async def test_bots_alone_get_no_html_rendered_and_a_browser_gets_its_own(scripted_dice, renders) -> None:
    battle = await create_battle("Variants", demo_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    evil = await connect(battle.public_id, tokens["evil"])
    for ws in (good, evil):
        await receive(ws, "view")

    await command(good, {"type": "ready"})
    assert [(await receive(ws))["seq"] for ws in (good, evil)] == [1, 1]
    assert renders == []

    browser = await connect(battle.public_id, "", "html")
    await receive_text(browser, 'data-kind="view"')
    scripted_dice.script.extend([6, 2])
    await command(evil, {"type": "ready"})
    assert [(await receive(ws))["seq"] for ws in (good, evil)] == [2, 2]
    assert 'data-seq="2" data-kind="step"' in await receive_text(browser, 'id="battle-seq"')
    assert renders == ["spectator"]

    await browser.disconnect()
    await command(good, {"type": "priority", "side": "good"})
    assert [(await receive(ws))["seq"] for ws in (good, evil)] == [3, 3]
    assert renders == ["spectator"]
    for ws in (good, evil):
        await ws.disconnect()


async def test_a_socket_left_out_of_a_step_gets_the_whole_view(scripted_dice, monkeypatch) -> None:
    store = presence.MemoryPresence()  # whichever store serves, a listing can be lost: this one shows it
    monkeypatch.setattr(presence, "_store", store)
    battle = await create_battle("Lost listing", demo_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    spectator = await connect(battle.public_id)
    for ws in (good, spectator):
        await receive(ws, "view")
    # As if Redis had lost the spectator's listing: the step is made for the good seat only.
    store.listeners[battle.public_id] = frozenset(
        w for w in store.listeners[battle.public_id] if w.startswith("good.")
    )

    await command(good, {"type": "ready"})
    assert (await receive(good))["seq"] == 1
    view = await receive(spectator, "view")
    assert view["seq"] == 1 and view["pending"]["side"] == "evil"
    assert store.variants(battle.public_id) == {"good.json", "spectator.json"}
    for ws in (good, spectator):
        await ws.disconnect()


async def test_the_memory_store_lists_variants_until_their_sockets_leave() -> None:
    store = presence.MemoryPresence()
    await store.listen("b1", presence.listener("spectator", "html", "c1"))
    await store.listen("b1", presence.listener("spectator", "html", "c2"))
    await store.listen("b1", presence.listener("good", "json", "c3"))
    await store.listen("b2", presence.listener("evil", "json", "c4"))
    assert store.variants("b1") == {"spectator.html", "good.json"}
    await store.unlisten("b1", presence.listener("spectator", "html", "c1"))
    assert store.variants("b1") == {"spectator.html", "good.json"}
    await store.unlisten("b1", presence.listener("spectator", "html", "c2"))
    assert store.variants("b1") == {"good.json"}
    assert store.variants("nobody") == set()


async def test_the_redis_store_lists_variants_for_every_process(settings) -> None:
    if not settings.REDIS_URL:
        skip_or_fail("the Redis presence store needs Redis (REDIS_URL)")
    now = [1000.0]
    store = presence.RedisPresence(
        settings.REDIS_URL, f"{settings.CHANNELS_PREFIX}-variants", clock=lambda: now[0]
    )
    other_process = presence.RedisPresence(
        settings.REDIS_URL, f"{settings.CHANNELS_PREFIX}-variants", clock=lambda: now[0]
    )
    await store.client().delete(store.listeners_key("b1"))
    await store.listen("b1", presence.listener("spectator", "html", "c1"))
    await other_process.listen("b1", presence.listener("evil", "json", "c2"))
    assert other_process.variants("b1") == {"spectator.html", "evil.json"}
    await store.unlisten("b1", presence.listener("spectator", "html", "c1"))
    # The other process trusts what it read for a second (a render nobody reads, at worst) ...
    assert other_process.variants("b1") == {"spectator.html", "evil.json"}
    now[0] += presence.VARIANTS_FRESH_SECONDS
    assert other_process.variants("b1") == {"evil.json"}
    # ... and a socket joining through a process is wanted by that process at once.
    await other_process.listen("b1", presence.listener("good", "html", "c3"))
    assert other_process.variants("b1") == {"evil.json", "good.html"}
    assert 0 < await store.client().ttl(store.listeners_key("b1")) <= presence.LISTENER_TTL_SECONDS
    await store.client().delete(store.listeners_key("b1"))
