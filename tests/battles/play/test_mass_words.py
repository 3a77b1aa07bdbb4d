"""A mass battle read as its players read it: a whole battle between the demo armies, played by the
bot on seeded dice, and every text each seat and a spectator is shown at every step (the decision
panel and its odds, the log and its dice, the board's labels and titles, the end screen) holds no
piece id, no dice purpose and none of the odds' fraction fields."""

from __future__ import annotations

import copy
import html
import re
from html.parser import HTMLParser

import pytest
from django.test import Client

import rules_core
from battles.models import Battle
from battles.play import presenter
from battles.play.create import create_battle
from battles.play.presenter import AUDIENCES, render_step
from battles.play.submit import submit
from rules_core import SeededDice
from rules_core.mass_battle.state import MassState
from tests.battles.demos import demo_mass_setup
from tests.rules_core.mass_battle.battles import Game, hero, setup, stand
from tests.rules_core.mass_battle.bot import MassBot

pytestmark = [pytest.mark.django_db]

SHOWN_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder", "value")
INTERNAL_WORDS = re.compile(r"numerator|denominator|\bP:|\bp\b\s*[:=]|\w+:\w+[-\w]*\d", re.IGNORECASE)


class ShownText(HTMLParser):
    """The text a player can read on a rendered fragment: text nodes and the attributes a browser
    shows (titles, labels); scripts' and hidden templates' insides are not read."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skipping += 1
        shown = dict(attrs)
        for name in SHOWN_ATTRIBUTES:
            if shown.get(name) and not (name == "value" and tag != "input"):
                self.parts.append(str(shown[name]))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.parts.append(data.strip())


def shown_text(fragment: str) -> list[str]:
    reader = ShownText()
    reader.feed(fragment)
    return [html.unescape(p) for p in reader.parts]


def leaks(texts: list[str], ids: set[str]) -> list[str]:
    """The texts that name a piece by its id or carry an internal word."""
    found = []
    id_words = re.compile(
        r"(?<![\w-])(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")(?![\w-])"
    )
    for text in texts:
        hyphenated = [m for m in id_words.findall(text.lower()) if "-" in m]
        exact = [m for m in id_words.findall(text) if "-" not in m]
        if hyphenated or exact or INTERNAL_WORDS.search(text):
            found.append(text)
    return found


@pytest.mark.long(15)
def test_no_text_a_player_reads_in_a_whole_mass_battle_names_an_id_or_an_internal_word() -> None:
    """...and its end screen speaks in mass-battle terms (`end_screen_in_mass_terms`)."""
    battle = create_battle("Words", demo_mass_setup())
    state = battle.load_state()
    ids = set(state.models) | set(state.stands)
    bot = MassBot(seed=28)
    seen: dict[str, list[str]] = {}
    for step in range(1500):
        if state.result is not None:
            break
        side, command, _ = bot.play(state, SeededDice(step))
        submit(battle.id, side, command, dice=SeededDice(step))
        battle = Battle.objects.get(pk=battle.pk)
        state = battle.load_state()
        event = battle.events.order_by("-seq").first()
        assert event is not None
        for audience in AUDIENCES:
            for text in leaks(shown_text(render_step(battle, state, event, audience)), ids):
                seen.setdefault(text, []).append(f"step {event.seq} ({audience}, {event.command['type']})")
    assert state.result is not None, "the battle did not end"
    client = Client()
    page = client.get(f"/battles/{battle.public_id}/").content.decode()
    end_screen_in_mass_terms(battle, state, page)
    for text in leaks(shown_text(page), ids):
        seen.setdefault(text, []).append("the end page")
    enemy = {
        "good": next(iter(state.army_stands("evil")), None),
        "evil": next(iter(state.army_stands("good")), None),
    }
    for step in (state.step // 2, state.step):
        for piece in sorted(ids):
            side = state.models[piece].side if piece in state.models else state.stands[piece].side
            against = enemy[side].id if enemy[side] else ""
            card = client.get(f"/battles/{battle.public_id}/models/{piece}/?step={step}&against={against}")
            for text in leaks(shown_text(card.content.decode()), ids):
                seen.setdefault(text, []).append(f"{piece}'s card at step {step}")
    assert not seen, "\n".join(
        f"{text!r} at {where[0]} (and {len(where) - 1} more)" for text, where in seen.items()
    )


def test_a_combats_might_prompt_names_the_stand_that_may_lose_a_hero_and_gives_percentages() -> None:
    """Boromir's stand A rolls a natural 1 against Gothmog's B: the Might prompt says A loses a hero
    (certain now), by its name and as a percentage; the fractions stay in the JSON."""
    data = setup(
        stand("a", "good", "MT", 30, 20, 0, "boromir"),
        stand("b", "evil", "MO", 30, 22, 180, "gothmog"),
        hero("boromir", "good"),
        hero("gothmog", "evil"),
    )
    battle = create_battle("Risk", copy.deepcopy(data))
    game = Game(data)
    game.script += [1, 4]
    game.pass_until("combat_might")
    panel = shown_text(presenter.render_view(battle, game.state, "good", game.state.step))
    assert "A loses a hero (a natural 1)" in panel and "100%" in panel
    assert "B loses a hero (a natural 1)" in panel and "0%" in panel
    bid = next(a for a in rules_core.legal_actions(game.state, "good") if a.kind == "pass")
    assert bid.odds["hero_lost"]["a"] == {"p": 1.0, "numerator": 1, "denominator": 1}


def end_screen_in_mass_terms(battle: Battle, state: MassState, page: str) -> None:
    """§1: no Wounds; each hero standing (with his stand, or loose) or lost, and why; the Might he
    spent, bids included; the Battle Cards he played; and among the moments the latest stands
    destroyed and heroes lost."""
    heroes = shown_text(page.split('data-testid="end-heroes"')[1].split("</div>")[0])
    lines = [t for t in heroes if t.startswith(":")]
    assert lines and not any("Wounds" in t for t in heroes)
    assert all(t.startswith((": Standing, with", ": Standing, loose", ": Lost: ")) for t in lines), lines
    events = [e for step in battle.events.order_by("seq") for e in step.events]
    for hero_id, model in state.models.items():
        bids = (
            e["amount"]
            for e in events
            if e["type"] == "spend" and e.get("model") == hero_id and e["stat"] == "might"
        )
        line = next(t for t in lines if heroes[heroes.index(t) - 1] == model.name)
        assert f"Spent Might {sum(bids)}," in line, (model.name, line)
        assert all(held.card.name in line for held in state.heroes[hero_id].cards if held.used)
    moments = page.split('data-testid="end-moments"')[1].split("</div>")[0]
    wanted = [e["text"] for e in events if e["type"] in ("stand_destroyed", "hero_lost")]
    assert wanted and all(html.escape(text, quote=False) in moments for text in wanted[-6:])
