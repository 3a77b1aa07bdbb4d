"""A special rule the referee does not apply is marked "not refereed" wherever its name is shown:
the profile card, the list builder, the printable list (the unit card: tests/battles/play)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from ..rule_marks import shown
from .conftest import Build, make_profile

RULES = ["Terror", "Skin-changer", "Fly"]


def test_the_profile_card_marks_each_rule_the_referee_does_not_apply(ann: User) -> None:
    client = Client()
    client.force_login(ann)
    hero = make_profile(ann, name="Dunlending Chief", special_rules=RULES)
    html = client.get(f"/profiles/{hero.pk}/").content.decode()
    assert shown(html) == [
        "Terror",
        "Skin-changer (not refereed: players apply it)",
        'Fly (not refereed: flying over models and terrain, past control zones, and the 4" walk)',
    ]
    assert html.count("data-not-refereed") == 2


def test_the_builder_and_the_printable_list_mark_them_too(ann: User, build: Build) -> None:
    client = Client()
    client.force_login(ann)
    chief = make_profile(
        ann, name="Chief", tier="valour", might=1, will=1, fate=1, special_rules=["Combat Synergy"]
    )
    warrior = make_profile(ann, name="Hillman", special_rules=["Skin-changer", "Terror"])
    army = build([(chief, [(warrior, 2, [])])])
    for page in (f"/armies/{army.pk}/", f"/armies/{army.pk}/print/"):
        html = client.get(page).content.decode()
        rules = shown(html)
        assert "Combat Synergy (not refereed: players apply it)" in rules, page
        assert "Skin-changer (not refereed: players apply it)" in rules and "Terror" in rules, page
