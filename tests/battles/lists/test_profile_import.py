"""Profiles in bulk: a JSON or CSV file of profiles in the catalogue's format becomes the player's
own, checked like an army-list import; every problem is listed with its row, and a file with any
problem saves nothing."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from battles.lists import services
from battles.lists.examples import examples
from battles.models import Profile

from .test_army_pages import signed_in

HEADER = (
    "name,side,tier,move,fight,shoot,strength,defence,attacks,wounds,courage,intelligence,might,will,fate,"
    "points,keywords,wargear,options,missile,heroic_actions,mount"
)
CSV = f"""{HEADER}
Dol Amroth Knight,good,,6,4,4,3,6,1,1,4,7,,,,12,Infantry;Man,Sword;Heavy armour;Shield,"Lance, 2; Horse, 10",,,
Imrahil,good,valour,6,6,4,4,6,3,3,6,4,3,1,1,115,Man,Sword;Heavy armour,"Shield, 5",,heroic_strike,Armoured horse
Ranger of Ithilien,good,,6,3,3,3,3,1,1,3,7,,,,8,,Sword,,"Bow, 24, 2",,
"""


def upload(client: Client, name: str, content: str | bytes) -> Any:
    raw = content.encode() if isinstance(content, str) else content
    return client.post("/profiles/import/", {"file": SimpleUploadedFile(name, raw)})


def problems(response: Any) -> list[str]:
    listed = response.content.decode().split('data-testid="import-problems">')[1].split("</ul>")[0]
    return [html.unescape(p) for p in re.findall(r"<li>(.*?)</li>", listed)]


@pytest.fixture
def client(ann) -> Client:
    return signed_in(ann)


def test_a_csv_file_of_profiles_becomes_the_players_own(client: Client, ann) -> None:
    response = upload(client, "gondor.csv", CSV)
    assert response.status_code == 302 and response["Location"] == "/profiles/"
    knight = Profile.objects.get(name="Dol Amroth Knight")
    assert knight.owner == ann and knight.side == "good" and knight.tier == ""
    assert knight.keywords == ["Infantry", "Man"] and knight.wargear == ["Sword", "Heavy armour", "Shield"]
    assert knight.options == [
        {"name": "Lance", "points": 2, "missile": None},
        {"name": "Horse", "points": 10, "missile": None},
    ]
    imrahil = Profile.objects.get(name="Imrahil")
    assert (imrahil.tier, imrahil.might, imrahil.mount) == ("valour", 3, "Armoured horse")
    assert imrahil.heroic_actions == ["heroic_strike"] and imrahil.keywords == ["Man", "Hero"]
    ranger = Profile.objects.get(name="Ranger of Ithilien")
    assert ranger.missile == {"name": "Bow", "range": 24.0, "strength": 2}
    page = client.get("/profiles/").content.decode()
    assert "Imported 3 profiles." in page and "Ranger of Ithilien" in page


def test_a_json_file_in_the_catalogues_format_is_imported(client: Client) -> None:
    mine = [{**p, "name": f"{p['name']} (club copy)"} for p in examples()[:2]]
    assert upload(client, "club.json", json.dumps({"profiles": mine})).status_code == 302
    assert Profile.objects.filter(name__endswith="(club copy)").count() == 2


def test_every_problem_is_listed_with_its_row_and_nothing_is_saved(client: Client) -> None:
    bad = CSV.replace("Imrahil,good,valour,6,6", "Imrahil,good,valour,6,eleven").replace(
        "Ranger of Ithilien,good", "Ranger of Ithilien,"
    )
    bad += "Dol Amroth Knight,good,,6,4,4,3,6,1,1,4,7,,,,12,,Sword;Lembas,,,,\n"
    response = upload(client, "bad.csv", bad)
    assert response.status_code == 400
    assert problems(response) == [
        "Row 3: fight must be a number, not 'eleven'.",
        'Row 4: Ranger of Ithilien: say which side it fights for: "side" is "good" or "evil".',
        "Row 5: Dol Amroth Knight: Wargear: 'Lembas' is not wargear the referee knows (a named blade is a "
        "Sword or Hand weapon; its rules are special rules). The names are in docs/battle-record.md.",
    ]
    assert "Nothing was imported: 3 problems in the file." in response.content.decode()
    assert not Profile.objects.filter(owner__isnull=False).exists()


def test_a_name_already_in_use_or_repeated_is_a_problem_of_its_row(client: Client, profiles) -> None:
    rows = [
        {**examples()[0], "points": 1},
        {**examples()[0], "name": "Twin"},
        {**examples()[0], "name": "Twin"},
    ]
    response = upload(client, "clash.json", json.dumps(rows))
    assert problems(response) == ["Profile 3: Twin is already the profile of profile 2."]
    response = upload(client, "clash.json", json.dumps(rows[:2]))
    assert problems(response) == [
        "Profile 1: there is already a profile called Aragorn (Strider); rename it in the file."
    ]
    assert not Profile.objects.filter(owner__isnull=False).exists()


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("x.csv", "name,side,colour\nA,good,red\n", "Row 1: unknown columns colour"),
        ("x.csv", "name,side\nA,good\n", "Row 1: the columns move, fight, shoot"),
        ("x.json", "{not json", "The file is not valid JSON"),
        ("x.json", '{"armies": []}', 'A JSON file is a list of profiles, or an object with "profiles".'),
        ("x.json", "[]", "The file holds no profiles."),
        ("x.csv", b"\xff\xfe", "The file is not UTF-8 text."),
        ("x.csv", f"{HEADER}\n{'x' * (129 * 1024)},good\n", "The file cannot be read as CSV"),
        ("x.csv", f"{HEADER}\nA\x00,good\n", "The file holds a NUL character."),
        ("x.json", "[" * 1000 + "]" * 1000, "The file is not valid JSON"),
        (
            "x.json",
            "[" * 100 + "]" * 100,
            "The file holds arrays or objects nested more than 64 levels deep.",
        ),
        ("x.json", '[{"name": "Half \\ud800"}]', "The file holds a lone surrogate (half a character)."),
        (
            "x.json",
            '[{"name": "Nul \\u0000"}]',
            "Profile 1: The profile's name must be plain text, without control characters.",
        ),
    ],
)
def test_a_file_that_is_no_profiles_file_says_why(
    client: Client, name: str, content: Any, problem: str
) -> None:
    response = upload(client, name, content)
    assert response.status_code == 400 and problems(response)[0].startswith(problem)


def test_only_a_signed_in_player_imports(client: Client) -> None:
    assert Client().post("/profiles/import/", {}).status_code == 302
    assert client.post("/profiles/import/", {}).status_code == 400


def test_a_file_holds_at_most_200_profiles(client: Client) -> None:
    """The cap is the file's: 201 rows are refused whole, 200 are taken."""
    rows = [{**examples()[0], "name": f"Copy {n}"} for n in range(201)]
    response = upload(client, "many.json", json.dumps(rows))
    assert response.status_code == 400
    assert problems(response) == ["The file holds 201 profiles; at most 200 at once."]
    assert upload(client, "many.json", json.dumps(rows[:200])).status_code == 302
    assert Profile.objects.filter(name__startswith="Copy ").count() == 200


def test_an_account_keeps_only_so_many_profiles_of_its_own(client: Client, monkeypatch) -> None:
    monkeypatch.setattr(services, "OWN_PROFILES", 3)
    rows = [{**examples()[0], "name": f"Copy {n}"} for n in range(2)]
    assert upload(client, "two.json", json.dumps(rows)).status_code == 302
    more = [{**examples()[0], "name": f"More {n}"} for n in range(2)]
    response = upload(client, "more.json", json.dumps(more))
    assert problems(response) == [
        "You have 2 profiles of your own and the file holds 2: an account keeps at most 3. Delete some first."
    ]
    assert not Profile.objects.filter(name__startswith="More ").exists()


def test_importing_profiles_is_throttled_per_account(ann, settings) -> None:
    settings.THROTTLE_IMPORTS = 2
    codes = []
    for n in range(3):  # a new address each time: the account is counted
        client = Client(REMOTE_ADDR=f"10.3.0.{n}")
        client.force_login(ann)
        rows = [{**examples()[0], "name": f"Round {n}"}]
        codes.append(upload(client, "one.json", json.dumps(rows)).status_code)
    assert codes == [302, 302, 429]
    assert Profile.objects.filter(name__startswith="Round ").count() == 2
