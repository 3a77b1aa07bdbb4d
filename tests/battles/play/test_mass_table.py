"""A mass battle's page, replay, record and table tools: stands drawn with their front, models and
factors; heroes on them or loose; the army bar; the Fight phase's contacts with their modifiers and
the last combat; a move's preview (the referee's own) and a stand's card; replays step by step and
the exported record replays to the saved battle."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from battles.models import Battle
from battles.play.create import create_battle
from battles.play.records import battle_record
from battles.play.submit import submit
from rules_core import ScriptedDice
from rules_core.record import replay
from tests.battles.demos import demo_mass_setup, demo_setup
from tests.rules_core.mass_battle.battles import hero, setup, stand

pytestmark = [pytest.mark.django_db]

RIDERS = "warrior-of-rohan-1"
OPENING = (
    ("evil", {"type": "ready"}, []),
    ("good", {"type": "ready"}, [6, 1]),
    ("good", {"type": "priority", "side": "good"}, []),
    ("evil", {"type": "pass"}, []),
    ("good", {"type": "pass"}, []),
)


def play(battle: Battle, *steps: tuple[str, dict, list[int]]) -> Battle:
    for side, command, faces in steps:
        submit(battle.id, side, command, dice=ScriptedDice(faces))
    return Battle.objects.get(pk=battle.pk)


def test_the_battle_page_draws_stands_heroes_and_the_army_bar(client: Client) -> None:
    battle = create_battle("Demo", demo_mass_setup())
    good = battle.seats.get(side="good")
    page = client.get(f"/battles/{battle.public_id}/?seat={good.token}", follow=True).content.decode()
    assert page.count('data-testid="stand"') == 10
    # Eomer's stand: 8 models, Combat Factor 3, its front edge drawn, Eomer a badge on it.
    assert 'data-stand="warrior-of-rohan-3"' in page
    assert "8 · CF 3</text>" in page
    assert page.count('data-testid="front-edge"') == 10
    assert 'data-hero="eomer" data-name="Eomer, Marshal of the Riddermark" data-testid="hero-badge"' in page
    # The bow stand shows its Shooting Factor; the army bar its strength, Break Point and VP.
    assert "8 · CF 3 · SF 3</text>" in page
    assert "Riders of Rohan: 5 stands, 2 heroes · lost" in page
    assert "(Break Point 3.5)" in page and "0 VP" in page
    assert "Turn 0 of 8" in page
    # Beside each badge: Might, Will and Fate left, and duel points.
    assert 'data-testid="badge-stats">3/3/3 · 130</text>' in page
    # Each hero's duel points and Battle Cards.
    assert 'data-stat="duel-points">130<' in page
    assert "War Banner" in page


def test_a_loose_hero_has_a_warning_ring_and_the_fight_shows_contacts() -> None:
    client = Client()
    data = setup(
        stand("a", "good", "MT", 30, 20, 0, "boromir"),
        stand("b", "evil", "MO", 30, 22, 180, "gothmog"),
        hero("boromir", "good"),
        hero("gothmog", "evil"),
        hero("grinnah", "evil", 50, 30),
    )
    battle = create_battle("Contact", data)
    page = client.get(f"/battles/{battle.public_id}/").content.decode()
    assert 'data-testid="loose-hero"' in page and 'data-testid="warning-ring"' in page
    assert "loose: an enemy stand crossing him kills him" in page
    battle = play(
        battle,
        ("good", {"type": "ready"}, []),
        ("evil", {"type": "ready"}, [6, 1]),
        ("good", {"type": "priority", "side": "good"}, []),
    )
    for _ in range(12):
        pending = battle.load_state().pending
        if pending.kind == "issue_challenge" or pending.side is None:
            break
        done = {"activate": "end_moves", "shoot": "end_shooting"}.get(pending.kind, "pass")
        battle = play(battle, (pending.side, {"type": done}, []))
    assert battle.load_state().phase == "fight"
    page = client.get(f"/battles/{battle.public_id}/").content.decode()
    assert 'data-testid="contact"' in page
    assert "<strong>A</strong>: CF 4, hero attached +1" in page
    # Both stands have a hero and an enemy hero in front contact: a natural 1 costs each a hero.
    assert page.count('data-testid="natural-one"') == 2
    assert page.count("⚠ a natural 1 costs a hero") == 2


def cards_shown(page: str, hero_id: str) -> dict[str, str]:
    """A hero card's Battle Cards as shown: name -> lit, idle, ready or used."""
    card = page.split(f'data-testid="hero-card" data-hero="{hero_id}"')[1].split("</ul>")[0]
    shown = {}
    for item in card.split('<li class="battle-card ')[1:]:
        classes, name = item.split('"', 1)[0], item.split(">", 1)[1].split("<", 1)[0]
        shown[name] = classes.split()[1]
    return shown


def test_a_constant_card_is_lit_only_while_the_referee_says_it_applies(client: Client) -> None:
    """Eomer's stand is in contact with the orcs, Hama's is not: both carry Captain of the Line,
    lit on Eomer's card only; Hama's Bodyguard is lit (he is attached), his Swift idle (he is not
    loose); Haleth, loose, has his Swift lit and his Mighty Blow (a Once card) ready."""
    data = setup(
        stand("a", "good", "WR", 30, 20, 0, "eomer"),
        stand("b", "evil", "MO", 30, 22, 180),
        stand("c", "good", "WR", 50, 20, 0, "hama"),
        hero("eomer", "good", cards=["Captain of the Line", "Shieldwall"]),
        hero("hama", "good", cards=["Captain of the Line", "Bodyguard", "Swift"]),
        hero("haleth", "good", 10, 10, cards=["Swift", "Mighty Blow"]),
    )
    battle = create_battle("Cards", data)
    page = client.get(f"/battles/{battle.public_id}/").content.decode()
    assert cards_shown(page, "eomer") == {"Captain of the Line": "lit", "Shieldwall": "lit"}
    assert cards_shown(page, "hama") == {"Captain of the Line": "idle", "Bodyguard": "lit", "Swift": "idle"}
    assert cards_shown(page, "haleth") == {"Swift": "lit", "Mighty Blow": "ready"}


def test_a_move_preview_is_the_referees_and_bad_input_is_refused(client: Client) -> None:
    battle = play(create_battle("Preview", demo_mass_setup()), *OPENING)
    url = f"/battles/{battle.public_id}/preview/"
    move = {"type": "move_stand", "stand": RIDERS, "via": [[27, 15]], "facing": 0}
    answer = client.get(url, {"command": json.dumps(move)}).json()
    assert answer["ok"] and answer["length"] == 4.0 and answer["allowance"] == 6.0
    assert answer["end"] == [27.0, 15.0, 0.0] and answer["area"]
    far = client.get(url, {"command": json.dumps({**move, "via": [[27, 30]]})}).json()
    assert far == {
        "ok": False,
        "code": "move_too_long",
        "message": 'Warrior of Rohan (Shield) 1 can move 6" but that move needs 19.0".',
    }
    assert client.get(url, {"command": "{broken"}).status_code == 400
    assert client.get(url, {"command": "[1]"}).json()["code"] == "malformed_command"
    unknown = client.get(url, {"command": json.dumps({**move, "stand": "nobody"})}).json()
    assert unknown["ok"] is False and unknown["code"] == "malformed_command"
    skirmish = create_battle("Skirmish", demo_setup())
    refused = client.get(f"/battles/{skirmish.public_id}/preview/", {"command": json.dumps(move)})
    assert refused.json()["ok"] is False and refused.json()["code"] == "malformed_command"  # no stands there
    assert Battle.objects.get(pk=battle.pk).version == len(OPENING)


def test_a_stand_card_for_anyone(client: Client) -> None:
    battle = create_battle("Card", demo_mass_setup())
    card = client.get(f"/battles/{battle.public_id}/models/warrior-of-rohan-3/").content.decode()
    assert "Warrior of Rohan (Shield) 3" in card
    assert "Eomer, Marshal of the Riddermark (130 duel points)" in card
    assert '<td>8</td><td>3</td><td>\u2013</td><td>6"</td><td>7+</td>' in card  # no Shooting Factor
    hero_card = client.get(f"/battles/{battle.public_id}/models/eomer/")
    assert hero_card.status_code == 200


def test_each_stand_has_one_name_and_a_short_board_label_shown_with_it_and_hero_badges_differ(
    client: Client,
) -> None:
    """The activation list, the stand's card, the board's title and the log call a stand by one
    name, and the list and the card show the short label it carries on the board; Gothmog and the
    Goblin Captain, both G, carry badges that differ."""
    battle = play(create_battle("Names", demo_mass_setup()), *OPENING)
    good = battle.seats.get(side="good")
    page = client.get(f"/battles/{battle.public_id}/?seat={good.token}", follow=True).content.decode()
    name = "Warrior of Rohan (Shield) 2"
    group = page.split('data-group="warrior-of-rohan-2"')[1].split("</summary>")[0]
    assert f"{name} <span" in group and 'data-testid="board-label"' in group and ">WR(S) 2</span>" in group
    assert (
        f'data-name="{name}"' in page
        and '<text class="stand-label" dy="-0.45em" data-testid="stand-label">WR(S) 2</text>' in page
    )
    assert f"<title>{name}, Good:" in page
    card = client.get(f"/battles/{battle.public_id}/models/warrior-of-rohan-2/").content.decode()
    assert f"{name} <span" in card and ">WR(S) 2</span>" in card
    labels = dict(
        re.findall(
            r'data-hero="([\w-]+)" data-name="[^"]*" data-testid="hero-badge"[^>]*>\s*'
            r'<circle r="0.6"/><text dy="0.05">(\w+)<',
            page,
        )
    )
    assert labels == {"eomer": "Eo", "hama": "Ha", "gothmog": "Got", "goblin-captain-1": "Gob"}
    battle = play(
        battle,
        ("good", {"type": "move_stand", "stand": "warrior-of-rohan-2", "via": [[31.5, 13]], "facing": 0}, []),
    )
    log = client.get(f"/battles/{battle.public_id}/").content.decode().split('id="dice-log"')[1]
    assert name in log and "warrior-of-rohan-2" not in log.replace("data-", "")


def test_a_mass_battle_replays_step_by_step_and_its_record_replays(client: Client) -> None:
    battle = play(
        create_battle("Replay", demo_mass_setup()),
        *OPENING,
        ("good", {"type": "move_stand", "stand": RIDERS, "via": [[27, 15]], "facing": 0}, []),
    )
    before = client.get(f"/battles/{battle.public_id}/replay/?step=5").content.decode()
    assert 'data-name="Warrior of Rohan (Shield) 1" data-x="27.0" data-y="11.0"' in before
    after = client.get(f"/battles/{battle.public_id}/replay/?step=6").content.decode()
    assert 'data-x="27.0" data-y="15.0"' in after
    assert "Warrior of Rohan (Shield) 1 moves 4.0" in after
    record = json.loads(client.get(f"/battles/{battle.public_id}/record.json").content)
    assert record == battle_record(battle)
    assert replay(record).to_dict() == battle.state


def test_the_tape_measures_stands_and_heroes_with_the_referees_geometry(client: Client) -> None:
    battle = create_battle("Tape", demo_mass_setup())
    url = f"/battles/{battle.public_id}/measure/"
    across = client.get(url, {"from": RIDERS, "to": "mordor-orc-warrior-1"}).json()
    assert across["distance"] == 24.0 and across["visible"] is True
    assert across["from"]["name"] == "Warrior of Rohan (Shield) 1"
    # An attached hero is measured from his stand's footprint; a point from its place.
    eomer = client.get(url, {"from": "eomer", "to": "36,20"}).json()
    assert eomer["distance"] == 8.0 and "visible" not in eomer
    # A bow stand says whether it could shoot the other now, in the Shoot phase's own words.
    bows = client.get(url, {"from": "warrior-of-rohan-4", "to": "mordor-orc-warrior-4"}).json()
    assert bows["shot"] == ""
    assert client.get(url, {"from": "nobody", "to": RIDERS}).status_code == 400


def test_a_card_says_which_special_rules_have_no_effect_in_the_mass_battle(client: Client) -> None:
    """mass-battle.md keeps Terror (and Fly's faster Heroic March): every other rule a profile has
    does nothing there, and each card says so; nobody is asked to apply one by hand."""
    data = demo_mass_setup()
    evil, good = data["armies"]["evil"], data["armies"]["good"]
    troll = next(s for s in evil["stands"] if s["id"] == "cave-troll-1")
    troll["profile"] = {**troll["profile"], "special_rules": ["Terror", "Hatred (Man)"]}
    eomer = next(h for h in good["heroes"] if h["id"] == "eomer")
    eomer["profile"] = {**eomer["profile"], "special_rules": ["Fly", "Expert Rider"]}
    battle = create_battle("Rules", data)
    card = client.get(f"/battles/{battle.public_id}/models/cave-troll-1/").content.decode()
    rules = card.split('data-testid="special-rules">')[1].split("</dd>")[0]
    assert 'data-testid="special-rule">Terror</span>' in rules  # refereed: no note
    assert 'Hatred (Man) <small class="rule-note">(no effect in the mass battle)</small>' in rules
    page = client.get(f"/battles/{battle.public_id}/").content.decode()
    hero = page.split('data-testid="hero-card" data-hero="eomer"')[1].split("</div>")[0]
    assert (
        'Fly <small class="rule-note">(in the mass battle only +5&quot; to its Heroic March)</small>' in hero
    )
    assert 'Expert Rider <small class="rule-note">(no effect in the mass battle)</small>' in hero
    assert 'data-testid="hand-rules"' not in page
