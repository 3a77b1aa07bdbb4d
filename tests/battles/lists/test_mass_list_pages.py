"""The mass-battle list pages as a player uses them: a new list for a ruleset, the builder with its
problems as the list grows, edits refused with their reason, the printable view with each stand's
factors and each hero's duel points, and the lists page saying which ruleset each list is for."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from battles.models import ArmyList
from battles.rulesets.mass_battle.models import ListHero, StandLine

from .conftest import Build, BuildMass, make_profile
from .test_army_pages import HTMX, problems, signed_in, texts

EOMER = "Eomer, Marshal of the Riddermark"
HAMA = "Hama, Captain of Rohan"


@pytest.fixture
def client(ann: User) -> Client:
    return signed_in(ann)


def new_mass_list(client: Client, name: str = "Riders", limit: str = "") -> ArmyList:
    response = client.post("/armies/new/", {"name": name, "ruleset": "mass_battle", "points_limit": limit})
    assert response.status_code == 302
    return ArmyList.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def test_building_a_mass_list_shows_totals_and_problems_as_it_grows(client: Client, profiles) -> None:
    army = new_mass_list(client)
    assert (army.ruleset, army.points_limit) == ("mass_battle", 1000)  # the standard game, §2.5
    page = client.get(f"/armies/{army.pk}/")
    assert texts(page.content, "ruleset") == ["Mass battle list"]
    assert problems(page.content) == ["A mass-battle list needs at least one hero."]

    step = client.post(f"/armies/{army.pk}/heroes/", {"profile": profiles[EOMER].pk}, **HTMX)
    assert step.status_code == 200 and step.content.decode().startswith('<div id="builder"')
    assert problems(step.content) == [
        "1 hero for 0 stands: at most one hero per 2 stands (rounded up), so 0."
    ]
    step = client.post(
        f"/armies/{army.pk}/stands/", {"profile": profiles["Warrior of Rohan"].pk, "count": 2}, **HTMX
    )
    assert problems(step.content) == []
    assert texts(step.content, "status") == ["Saved · ready for battle"]
    assert texts(step.content, "stand-facts") == ['8 models · CF 3 · no SF · Move 6" · Courage 7+']
    assert texts(step.content, "stand-points") == ["48 pts a stand · 96"]
    assert texts(step.content, "points") == ["206 / 1000"]
    assert texts(step.content, "heroes") == ["1 of at most 1"]
    assert texts(step.content, "general") == [EOMER]
    assert texts(step.content, "strength") == ["3"]
    assert texts(step.content, "broken-at") == ["2 losses"]

    line = StandLine.objects.get(army_list=army)
    step = client.post(f"/armies/{army.pk}/stands/{line.pk}/", {"count": 3, "options": ["Bow"]}, **HTMX)
    assert texts(step.content, "stand-facts") == ['8 models · CF 3 · SF 3 (24") · Move 6" · Courage 7+']
    assert texts(step.content, "stand-points") == ["56 pts a stand · 168"]

    eomer = ListHero.objects.get(army_list=army)
    step = client.post(
        f"/armies/{army.pk}/heroes/{eomer.pk}/",
        {"cards": ["war_banner", "swift", "bodyguard", "shieldwall"]},
        **HTMX,
    )
    assert problems(step.content) == [f"{EOMER} carries 4 Battle Cards: at most 3 per hero."]
    step = client.post(f"/armies/{army.pk}/heroes/{eomer.pk}/", {"cards": ["war_banner", "swift"]}, **HTMX)
    assert problems(step.content) == []
    assert texts(step.content, "duel-points") == ["110 pts + cards 30 · duel points 140"]
    assert texts(step.content, "points") == ["308 / 1000"]

    client.post(f"/armies/{army.pk}/heroes/", {"profile": profiles[HAMA].pk}, **HTMX)
    hama = ListHero.objects.get(army_list=army, profile=profiles[HAMA])
    step = client.post(f"/armies/{army.pk}/heroes/{hama.pk}/general/", **HTMX)
    assert texts(step.content, "general") == [HAMA]
    step = client.post(f"/armies/{army.pk}/heroes/{hama.pk}/remove/", **HTMX)
    assert texts(step.content, "general") == [EOMER]
    step = client.post(f"/armies/{army.pk}/stands/{line.pk}/remove/", **HTMX)
    assert texts(step.content, "stands") == ["0"]


def test_adding_the_same_stands_again_adds_to_their_line(
    client: Client, build_mass: BuildMass, profiles
) -> None:
    army = build_mass([("Warrior of Rohan", 2, [])], [(EOMER, [])])
    client.post(f"/armies/{army.pk}/stands/", {"profile": profiles["Warrior of Rohan"].pk, "count": 3})
    assert [(s.profile.name, s.count) for s in StandLine.objects.filter(army_list=army)] == [
        ("Warrior of Rohan", 5)
    ]


def test_a_list_fields_at_most_48_stands(client: Client, build_mass: BuildMass, profiles) -> None:
    army = build_mass([("Warrior of Rohan", 40, [])], [(EOMER, [])])
    url = f"/armies/{army.pk}/stands/"
    response = client.post(url, {"profile": profiles["Warrior of Minas Tirith"].pk, "count": 9}, **HTMX)
    assert texts(response.content, "error") == ["A list fields at most 48 stands; this would make 49."]
    client.post(url, {"profile": profiles["Warrior of Minas Tirith"].pk, "count": 8}, **HTMX)
    assert texts(client.get(f"/armies/{army.pk}/").content, "stands") == ["48"]


BAD_EDITS = [
    ("stands/", {"profile": "HERO"}, "Choose a warrior"),
    ("stands/", {"profile": "WARRIOR", "count": "0"}, "Count:"),
    ("stands/S/", {"count": "2", "options": ["Oliphaunt"]}, "Oliphaunt is not an option of Warrior of Rohan"),
    ("heroes/", {"profile": "WARRIOR"}, "Choose a hero"),
    ("heroes/", {"profile": "OTHERS"}, "Choose a hero"),
    ("heroes/H/", {"cards": ["one_ring"]}, "one_ring is not a Battle Card."),
    ("heroes/H/", {"options": ["Horse"]}, "Horse is not an option of Eomer"),
    (
        "warbands/",
        {"profile": "HERO"},
        "Riders is a mass battle list: it has stands and heroes, not warbands.",
    ),
]


@pytest.mark.parametrize(("path", "data", "message"), BAD_EDITS)
def test_a_bad_edit_says_why_and_changes_nothing(
    client: Client, build_mass: BuildMass, profiles, bob, path: str, data: dict[str, Any], message: str
) -> None:
    army = build_mass([("Warrior of Rohan", 2, [])], [(EOMER, ["swift"])], name="Riders")
    line, hero = army.stand_lines.all()[0], army.heroes.all()[0]
    others = make_profile(bob, name="Bob's hero", tier="minor", might=1)
    ids = {"WARRIOR": profiles["Warrior of Rohan"].pk, "HERO": profiles[HAMA].pk, "OTHERS": others.pk}
    data = {k: str(ids.get(v, v)) if isinstance(v, str) else v for k, v in data.items()}
    url = f"/armies/{army.pk}/" + path.replace("S/", f"{line.pk}/").replace("H/", f"{hero.pk}/")
    before = _snapshot(army)
    response = client.post(url, data, **HTMX)
    assert response.status_code == 422
    assert message in " ".join(texts(response.content, "error")).replace("&#x27;", "'")
    assert _snapshot(army) == before


def test_a_skirmish_list_takes_no_stands_or_heroes(client: Client, build: Build, profiles) -> None:
    army = build([("Boromir of Gondor", [])])
    for path, data in [
        ("stands/", {"profile": profiles["Warrior of Rohan"].pk, "count": 1}),
        ("heroes/", {"profile": profiles[EOMER].pk}),
    ]:
        response = client.post(f"/armies/{army.pk}/{path}", data, **HTMX)
        assert texts(response.content, "error") == [
            "Test list is a skirmish list: it has warbands, not stands."
        ]
    assert not StandLine.objects.exists() and not ListHero.objects.exists()


def _snapshot(army: ArmyList) -> Any:
    army.refresh_from_db()
    return (
        army.name,
        army.points_limit,
        [(s.profile_id, s.count, s.options) for s in StandLine.objects.filter(army_list=army)],
        [(h.profile_id, h.options, h.cards, h.is_general) for h in ListHero.objects.filter(army_list=army)],
        army.warbands.count(),
    )


def test_nobody_else_can_change_a_mass_list(build_mass: BuildMass, bob) -> None:
    army = build_mass([("Warrior of Rohan", 2, [])], [(EOMER, [])])
    line, hero = army.stand_lines.all()[0], army.heroes.all()[0]
    other = signed_in(bob)
    for url, data in [
        (f"/armies/{army.pk}/stands/", {"profile": line.profile.pk, "count": 1}),
        (f"/armies/{army.pk}/stands/{line.pk}/", {"count": 9}),
        (f"/armies/{army.pk}/stands/{line.pk}/remove/", {}),
        (f"/armies/{army.pk}/heroes/{hero.pk}/", {"cards": ["swift"]}),
        (f"/armies/{army.pk}/heroes/{hero.pk}/general/", {}),
        (f"/armies/{army.pk}/heroes/{hero.pk}/remove/", {}),
    ]:
        assert other.post(url, data).status_code == 404
    assert _snapshot(army)[2:4] == ([(line.profile_id, 2, [])], [(hero.profile_id, [], [], False)])


def test_the_printable_view_shows_factors_and_duel_points(client: Client, build_mass: BuildMass) -> None:
    army = build_mass(
        [("Warrior of Rohan", 2, ["Bow"]), ("Cave Troll", 1, [])],
        [(EOMER, ["war_banner"]), (HAMA, [])],
        general=0,
        name="Riders",
    )
    html = client.get(f"/armies/{army.pk}/print/").content
    assert texts(html, "print-summary") == [
        "Mass battle · 452 / 1000 points · 3 stands, 2 heroes · strength 5, broken at 3 losses · General: "
        f"{EOMER}"
    ]
    assert texts(html, "cf") == ["3", "6"]
    assert texts(html, "sf") == ['3 (24")', "\u2013"]
    assert texts(html, "duel-points") == ["130", "60"]
    page = html.decode()
    assert "2 \u00d7 Warrior of Rohan with Bow" in page and "1 \u00d7 Cave Troll (Terror)" in page
    assert "War Banner (20)" in page and "Once per Fight phase his stand may re-roll" in page
    assert page.count('data-testid="profile-card"') == 4


def test_a_shared_mass_list_and_a_duplicate(client: Client, build_mass: BuildMass) -> None:
    army = build_mass([("Warrior of Rohan", 2, ["Shield"])], [(EOMER, ["swift"]), (HAMA, [])], general=1)
    page = client.post(f"/armies/{army.pk}/share/", {"share": "on"}, **HTMX)
    (link,) = texts(page.content, "share-url")
    shared = Client().get(link.removeprefix("http://testserver"))
    assert texts(shared.content, "duel-points") == ["120", "60"]
    assert "hx-post" not in shared.content.decode()

    client.post(f"/armies/{army.pk}/duplicate/")
    copy = ArmyList.with_contents().exclude(pk=army.pk).get()
    assert (copy.name, copy.ruleset) == ("Test host (2)", "mass_battle")
    assert [(s.profile.name, s.count, s.options) for s in copy.stand_lines.all()] == [
        ("Warrior of Rohan", 2, ["Shield"])
    ]
    assert [(h.profile.name, h.cards, h.is_general) for h in copy.heroes.all()] == [
        (EOMER, ["swift"], False),
        (HAMA, [], True),
    ]


def test_the_lists_page_says_which_ruleset_each_list_is_for(
    client: Client, build: Build, build_mass: BuildMass
) -> None:
    build([("Boromir of Gondor", [])])
    build_mass([("Warrior of Rohan", 4, [])], [(EOMER, [])])
    page = client.get("/armies/").content
    assert sorted(texts(page, "list-ruleset")) == ["Mass battle", "Skirmish"]
    assert "4 stands, 1 hero" in page.decode()
    skirmish = client.post("/armies/new/", {"name": "Band", "ruleset": "skirmish", "points_limit": ""})
    assert ArmyList.objects.get(pk=skirmish["Location"].strip("/").split("/")[-1]).points_limit == 500
    refused = client.post("/armies/new/", {"name": "Odd", "ruleset": "chess"})
    assert refused.status_code == 422 and "Ruleset:" in texts(refused.content, "error")[0]
