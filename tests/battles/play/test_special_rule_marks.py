"""At the table: the unit card marks a rule the referee does not apply, and the battle page says,
before deployment, which rules in play the players apply themselves."""

from __future__ import annotations

import pytest

from battles.play.create import create_battle
from tests.rules_core.builders import model, profile, setup

from ..rule_marks import shown

pytestmark = pytest.mark.django_db


def hillmen_battle():
    hillman = profile("Hillman", special_rules=["Skin-changer", "Terror"])
    return create_battle(
        "Stalk",
        setup(
            [model("rider", profile("Rider", special_rules=["Fly", "Woodland Creature"]), 10, 10)],
            [model("hill", hillman, 30, 30), model("hill2", hillman, 32, 30)],
        ),
    )


def test_the_unit_card_marks_a_rule_not_refereed_beside_one_that_is(client) -> None:
    battle = hillmen_battle()
    card = client.get(f"/battles/{battle.public_id}/models/hill/").content.decode()
    assert shown(card, "special-rule") == ["Skin-changer (not refereed: players apply it)", "Terror"]


def test_the_battle_page_lists_the_rules_players_apply_themselves_before_deployment(client) -> None:
    battle = hillmen_battle()
    page = client.get(f"/battles/{battle.public_id}/").content.decode()
    assert '<details class="hand-rules" data-testid="hand-rules" open>' in page
    assert shown(page, "hand-rule") == [
        'Fly (not refereed: flying over models and terrain, past control zones, and the 4" walk): Rider',
        "Skin-changer (not refereed: players apply it): Hillman 1, Hillman 2",
    ]


def test_a_stone_thrower_shows_its_stones_as_its_missile_weapon_on_its_token_and_card(client) -> None:
    stones = profile("Goblin", special_rules=['Throw Stones (range 8", Strength 1)'])
    battle = create_battle(
        "Stones", setup([model("rider", profile("Rider"), 10, 10)], [model("gob", stones, 30, 30)])
    )
    card = client.get(f"/battles/{battle.public_id}/models/gob/").content.decode()
    assert 'data-testid="card-missile">Thrown stones: range 8", Strength 1</dd>' in card
    page = client.get(f"/battles/{battle.public_id}/").content.decode()
    token = page.split('data-model="gob"')[1].split("</g>")[0]
    assert 'data-testid="token-missile"' in token
    assert 'data-testid="token-missile"' not in page.split('data-model="rider"')[1].split("</g>")[0]
