"""The Magical Powers a battle is played with: chosen at New battle, kept in its setup and record,
said on every screen of it (a player's, a spectator's, the replay)."""

from __future__ import annotations

import json
import re

import pytest

from battles.play.models import Battle

pytestmark = pytest.mark.django_db
SAID = 'data-testid="powers-setting"'


def _options(page: bytes, field: str) -> list[str]:
    select = re.search(rf'<select name="{field}"[^>]*>(.*?)</select>', page.decode(), re.S)
    return re.findall(r'<option value="([^"]*)"', select.group(1)) if select else []


def test_the_2024_powers_are_chosen_at_new_battle_and_said_on_every_screen_of_the_battle(client) -> None:
    assert _options(client.get("/battles/new/").content, "powers") == ["classic", "2024"]
    assert _options(client.get("/battles/new/?ruleset=mass_battle").content, "powers") == []  # one way
    assert client.post("/battles/new/", {"name": "Fords", "powers": "2024"}).status_code == 302
    assert client.post("/battles/new/", {"name": "Ford", "powers": "classic"}).status_code == 302
    battle, classic = Battle.objects.get(name="Fords"), Battle.objects.get(name="Ford")
    assert (battle.setup["powers"], classic.setup["powers"]) == ("2024", "classic")
    record = json.loads(client.get(f"/battles/{battle.public_id}/record.json").content)
    assert record["setup"]["powers"] == "2024"
    seat = battle.seats.get(side="good").token
    for url in ["/", f"/?seat={seat}", "/replay/"]:
        page = client.get(f"/battles/{battle.public_id}{url}", follow=True).content.decode()
        assert SAID in page and "2024 Magical Powers" in page, url
        assert (
            "Not refereed in their 2024 form" in page.split(SAID)[1].split("</details>")[0]
        )  # what it leaves out, said
        assert SAID not in client.get(f"/battles/{classic.public_id}{url}").content.decode()


def test_powers_a_battle_cannot_be_played_with_are_refused(client) -> None:
    response = client.post("/battles/new/", {"name": "Odd", "powers": "2030"})
    assert response.status_code == 422 and not Battle.objects.filter(name="Odd").exists()
