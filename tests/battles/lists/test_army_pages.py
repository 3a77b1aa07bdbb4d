"""The list pages as a player uses them: building, problems as you go, ownership, sharing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from battles.models import ArmyList, Battle, Profile
from battles.rulesets.skirmish.models import Follower, Warband

from .conftest import Build, make_profile

HTMX = {"HTTP_HX_REQUEST": "true"}


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def texts(html: bytes, testid: str) -> list[str]:
    return [
        re.sub(r"\s+", " ", t).strip()
        for t in re.findall(rf'data-testid="{testid}"[^>]*>(.*?)</', html.decode(), re.S)
    ]


def problems(html: bytes) -> list[str]:
    block = re.search(r'data-testid="problems">(.*?)</ul>', html.decode(), re.S)
    return re.findall(r"<li>(.*?)</li>", block.group(1)) if block else []


@pytest.fixture
def client(ann: User) -> Client:
    return signed_in(ann)


def new_list(client: Client, name: str = "Gondor", limit: int = 500) -> ArmyList:
    response = client.post("/armies/new/", {"name": name, "points_limit": limit})
    assert response.status_code == 302
    return ArmyList.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def test_building_a_list_shows_totals_and_problems_as_it_grows(client: Client, profiles) -> None:
    army = new_list(client, limit=300)
    page = client.get(f"/armies/{army.pk}/")
    assert problems(page.content) == ["The list is empty: add a hero to lead a warband."]
    assert "Saved as a draft" in texts(page.content, "status")[0]

    step = client.post(f"/armies/{army.pk}/warbands/", {"profile": profiles["Boromir of Gondor"].pk}, **HTMX)
    assert step.status_code == 200 and step.content.decode().startswith('<div id="builder"')
    warband = Warband.objects.get(army_list=army)
    step = client.post(
        f"/armies/{army.pk}/warbands/{warband.pk}/followers/",
        {"profile": profiles["Warrior of Minas Tirith"].pk, "count": 16},
        **HTMX,
    )
    assert texts(step.content, "points") == ["223 / 300"]
    assert texts(step.content, "break-point") == ["8.5"]
    assert texts(step.content, "general") == ["Boromir of Gondor"]
    assert problems(step.content) == [
        "Boromir of Gondor, a Hero of Valour, leads 16 followers; a Hero of Valour may lead at most 15."
    ]
    follower = Follower.objects.get()
    step = client.post(
        f"/armies/{army.pk}/followers/{follower.pk}/", {"count": 15, "options": ["Bow", "Shield"]}, **HTMX
    )
    assert texts(step.content, "bows") == ["15 of at most 5"]
    assert problems(step.content) == [
        "15 of 15 warriors carry bows; at most 5 may (a third of the warriors, rounded up)."
    ]
    step = client.post(
        f"/armies/{army.pk}/followers/{follower.pk}/", {"count": 15, "options": ["Shield"]}, **HTMX
    )
    assert problems(step.content) == []
    assert texts(step.content, "status") == ["Saved · ready for battle"]
    assert texts(step.content, "points") == ["230 / 300"]


def test_adding_the_same_warriors_again_adds_to_their_line(client: Client, build: Build, profiles) -> None:
    army = build([("Boromir of Gondor", [("Warrior of Minas Tirith", 2, [])])])
    warband = army.warbands.all()[0]
    client.post(
        f"/armies/{army.pk}/warbands/{warband.pk}/followers/",
        {"profile": profiles["Warrior of Minas Tirith"].pk, "count": 3},
    )
    lines = Follower.objects.filter(warband=warband)
    assert [(f.profile.name, f.count) for f in lines] == [("Warrior of Minas Tirith", 5)]


def test_naming_the_general_and_removing_warbands(client: Client, build: Build) -> None:
    army = build([("Aragorn (Strider)", []), ("Gandalf the Grey", [])])
    first, second = army.warbands.all()
    page = client.post(f"/armies/{army.pk}/warbands/{second.pk}/general/", **HTMX)
    assert texts(page.content, "general") == ["Gandalf the Grey"]
    page = client.post(f"/armies/{army.pk}/warbands/{second.pk}/remove/", **HTMX)
    assert texts(page.content, "general") == ["Aragorn (Strider)"]
    assert list(Warband.objects.filter(army_list=army)) == [first]


BAD_EDITS = [
    ("warbands/", {"profile": "not-a-number"}, "Choose a hero"),
    ("warbands/", {"profile": "WARRIOR"}, "Choose a hero"),
    ("warbands/", {"profile": "OTHERS"}, "Choose a hero"),
    ("warbands/WB/followers/", {"profile": "HERO"}, "Choose a warrior"),
    ("warbands/WB/followers/", {"profile": "WARRIOR", "count": "0"}, "Count:"),
    ("warbands/WB/followers/", {"profile": "WARRIOR", "count": "150"}, "Count:"),
    ("followers/F/", {"count": "-3"}, "Count:"),
    ("followers/F/", {"count": "three"}, "Count: Enter a whole number."),
    ("followers/F/", {"count": "2", "options": ["Balrog whip"]}, "Balrog whip is not an option of Warrior"),
    ("warbands/WB/options/", {"options": ["Shield"]}, "Shield is not an option of Boromir"),
    ("settings/", {"name": "", "points_limit": "500"}, "Name:"),
    ("settings/", {"name": "Ok", "points_limit": "-1"}, "Points limit:"),
    ("settings/", {"name": "x" * 101, "points_limit": "500"}, "Name:"),
]


@pytest.mark.parametrize(("path", "data", "message"), BAD_EDITS)
def test_a_bad_edit_says_why_and_changes_nothing(
    client: Client, build: Build, profiles, bob, path: str, data: dict[str, Any], message: str
) -> None:
    army = build([("Boromir of Gondor", [("Warrior of Minas Tirith", 2, [])]), ("Boromir of Gondor", [])])
    warband = army.warbands.all()[0]
    follower = warband.followers_in_order()[0]
    others = make_profile(bob, name="Bob's hero", tier="minor", might=1)
    ids = {
        "WARRIOR": profiles["Warrior of Minas Tirith"].pk,
        "HERO": profiles["Aragorn (Strider)"].pk,
        "OTHERS": others.pk,
    }
    data = {k: str(ids.get(v, v)) if isinstance(v, str) else v for k, v in data.items()}
    url = f"/armies/{army.pk}/" + path.replace("WB", str(warband.pk)).replace("F/", f"{follower.pk}/")
    before = _snapshot(army)
    response = client.post(url, data, **HTMX)
    assert response.status_code == 422
    assert message in " ".join(texts(response.content, "error")).replace("&#x27;", "'")
    assert _snapshot(army) == before


def test_a_list_holds_at_most_150_models(client: Client, build: Build, profiles) -> None:
    army = build([("Boromir of Gondor", [("Warrior of Minas Tirith", 100, [])])])
    warband = army.warbands.all()[0]
    url = f"/armies/{army.pk}/warbands/{warband.pk}/followers/"
    response = client.post(url, {"profile": profiles["Warrior of Rohan"].pk, "count": 50}, **HTMX)
    assert texts(response.content, "error") == ["A list holds at most 150 models; this would make 151."]
    client.post(url, {"profile": profiles["Warrior of Rohan"].pk, "count": 49}, **HTMX)
    assert texts(client.get(f"/armies/{army.pk}/").content, "models") == ["150"]


def _snapshot(army: ArmyList) -> Any:
    army.refresh_from_db()
    return (
        army.name,
        army.points_limit,
        [(w.hero_id, w.hero_options, w.is_general) for w in Warband.objects.filter(army_list=army)],
        [(f.profile_id, f.count, f.options) for f in Follower.objects.filter(warband__army_list=army)],
    )


def test_without_javascript_an_edit_redirects_back_to_the_builder(client: Client, build: Build) -> None:
    army = build([("Boromir of Gondor", [])])
    response = client.post(f"/armies/{army.pk}/settings/", {"name": "Renamed", "points_limit": 600})
    assert response.status_code == 302 and response["Location"] == f"/armies/{army.pk}/"
    army.refresh_from_db()
    assert (army.name, army.points_limit) == ("Renamed", 600)


def test_duplicate_and_delete(client: Client, build: Build) -> None:
    army = build([("Boromir of Gondor", [("Warrior of Minas Tirith", 3, ["Spear"])])], general=0)
    response = client.post(f"/armies/{army.pk}/duplicate/")
    copy = ArmyList.with_contents().exclude(pk=army.pk).get()
    assert response["Location"] == f"/armies/{copy.pk}/"
    assert copy.name == "Test list (2)"
    (warband,) = copy.warbands.all()
    assert (warband.hero.name, warband.is_general) == ("Boromir of Gondor", True)
    assert [(f.count, f.options) for f in warband.followers_in_order()] == [(3, ["Spear"])]

    assert client.get(f"/armies/{army.pk}/delete/").status_code == 200
    assert ArmyList.objects.filter(pk=army.pk).exists()  # asking is not deleting
    response = client.post(f"/armies/{army.pk}/delete/")
    assert response["Location"] == "/armies/"
    assert list(ArmyList.objects.all()) == [copy]


def test_nobody_else_can_read_or_change_a_list(build: Build, bob) -> None:
    army = build([("Boromir of Gondor", [("Warrior of Minas Tirith", 3, [])])])
    warband = army.warbands.all()[0]
    follower = warband.followers_in_order()[0]
    other = signed_in(bob)
    for url in [f"/armies/{army.pk}/", f"/armies/{army.pk}/print/", f"/armies/{army.pk}/export/"]:
        assert other.get(url).status_code == 404
        assert Client().get(url)["Location"].startswith("/accounts/login/")
    for url, data in [
        (f"/armies/{army.pk}/settings/", {"name": "Mine now", "points_limit": 1}),
        (f"/armies/{army.pk}/followers/{follower.pk}/", {"count": 1}),
        (f"/armies/{army.pk}/followers/{follower.pk}/remove/", {}),
        (f"/armies/{army.pk}/warbands/{warband.pk}/remove/", {}),
        (f"/armies/{army.pk}/share/", {"share": "on"}),
        (f"/armies/{army.pk}/duplicate/", {}),
        (f"/armies/{army.pk}/delete/", {}),
    ]:
        assert other.post(url, data).status_code == 404
    assert texts(other.get("/armies/").content, "lists") == []
    army.refresh_from_db()
    assert (army.name, army.share_token, ArmyList.objects.count()) == ("Test list", None, 1)
    assert Follower.objects.get().count == 3


def test_a_read_only_link_shows_the_list_until_sharing_stops(client: Client, build: Build, bob) -> None:
    army = build([("Gandalf the Grey", [("Warrior of Rohan", 2, ["Bow"])])])
    page = client.post(f"/armies/{army.pk}/share/", {"share": "on"}, **HTMX)
    (link,) = texts(page.content, "share-url")
    path = link.removeprefix("http://testserver")
    shared = Client().get(path)
    assert shared.status_code == 200
    html = shared.content.decode()
    assert "Gandalf the Grey" in html and 'Sorcerous Blast (12", 5+)' in html
    assert "2 \u00d7 Warrior of Rohan with Bow" in html
    assert "/settings/" not in html and "hx-post" not in html
    client.post(f"/armies/{army.pk}/share/", {"share": "off"})
    assert Client().get(path).status_code == 404


def test_the_printable_view_has_every_profile_of_the_list(client: Client, build: Build) -> None:
    army = build([("Gandalf the White", [("Warrior of Minas Tirith", 2, ["Bow"])])])
    html = client.get(f"/armies/{army.pk}/print/").content.decode()
    assert html.count('data-testid="profile-card"') == 2
    assert "Heroic Resolve" in html and "Terrifying Aura" in html
    assert 'Bow +1 pts (range 24", S2)' in html
    assert "Break Point 1.5" in html


def test_sign_up_sign_out_and_sign_in(db: None) -> None:
    client = Client()
    response = client.post(
        "/accounts/signup/", {"username": "cara", "password1": "short", "password2": "short"}
    )
    assert response.status_code == 422 and not User.objects.filter(username="cara").exists()
    response = client.post(
        "/accounts/signup/",
        {"username": "cara", "password1": "correct-horse-9", "password2": "correct-horse-9"},
    )
    assert response["Location"] == "/armies/"
    assert client.get("/armies/").status_code == 200
    client.post("/accounts/logout/")
    assert client.get("/armies/").status_code == 302
    response = client.post("/accounts/login/", {"username": "cara", "password": "correct-horse-9"})
    assert response.status_code == 302
    assert client.get("/armies/").status_code == 200


def test_players_make_and_keep_their_own_profiles(client: Client, ann, bob, profiles) -> None:
    response = client.post(
        "/profiles/new/",
        {
            "name": "Captain of Dol Amroth",
            "side": "good",
            "tier": "fortitude",
            "unique": "on",
            **dict(
                move=6,
                fight=5,
                shoot=4,
                strength=4,
                defence=6,
                attacks=2,
                wounds=2,
                courage=4,
                intelligence=4,
            ),
            **dict(might=2, will=1, fate=1, base_mm=25, points=55),
            "keywords_text": "Infantry, Man",
            "options_text": "Shield, 5\nLongbow, 5, 24, 2\nHorse, 10",
            "wargear_text": "Sword, Armour",
            "powers_text": "",
            "heroic_actions_choice": ["heroic_strike"],
        },
    )
    profile = Profile.objects.get(name="Captain of Dol Amroth")
    assert response["Location"] == f"/profiles/{profile.pk}/"
    assert profile.owner == ann and profile.keywords == ["Infantry", "Man", "Hero"]
    assert profile.options == [
        {"name": "Shield", "points": 5, "missile": None},
        {"name": "Longbow", "points": 5, "missile": {"name": "Longbow", "range": 24.0, "strength": 2}},
        {"name": "Horse", "points": 10, "missile": None},
    ]
    assert profile.side == "good" and profile.wargear == ["Sword", "Armour"]
    assert Client().get(f"/profiles/{profile.pk}/").status_code == 404
    assert signed_in(bob).get(f"/profiles/{profile.pk}/edit/").status_code == 404
    assert "Captain of Dol Amroth" not in signed_in(bob).get("/profiles/").content.decode()
    assert "Aragorn (Strider)" in Client().get("/profiles/").content.decode()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"powers_text": "Blast, twelve, 5"}, "must be numbers"),
        ({"powers_text": "Blast 12 5"}, "Magical powers, line 1"),
        ({"options_text": "Shield"}, "Wargear options, line 1"),
        ({"tier": "", "might": 2}, "only heroes have Might, Will and Fate"),
        ({"powers_text": "Blast, 12, 7+"}, "casting value must be from 1 to 6"),
        ({"wargear_text": "Sword, Lembas"}, "&#x27;Lembas&#x27; is not wargear the referee knows"),
        ({"options_text": "Mithril shirt, 5"}, "&#x27;Mithril shirt&#x27; is not wargear the referee knows"),
        ({"side": ""}, "This field is required"),
    ],
)
def test_a_bad_profile_is_refused_with_the_reason(
    client: Client, changes: dict[str, Any], message: str
) -> None:
    data = {
        "name": "Wizard",
        "side": "evil",
        "tier": "minor",
        **dict(
            move=6, fight=5, shoot=4, strength=4, defence=6, attacks=2, wounds=2, courage=4, intelligence=4
        ),
        **dict(might=0, will=3, fate=0, base_mm=25, points=55),
        **changes,
    }
    response = client.post("/profiles/new/", data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Profile.objects.filter(name="Wizard").exists()


def test_a_profile_in_a_list_cannot_be_deleted(client: Client, build: Build, ann) -> None:
    hero = make_profile(ann, name="Captain", tier="minor", might=1)
    build([(hero, [])])
    response = client.post(f"/profiles/{hero.pk}/delete/", follow=True)
    assert "Captain is in one of your lists" in response.content.decode()
    assert Profile.objects.filter(pk=hero.pk).exists()


def test_the_admin_checks_catalogue_profiles_like_the_site(profiles) -> None:
    admin = User.objects.create_superuser("root", password="correct-horse-9")
    client = signed_in(admin)
    aragorn = profiles["Aragorn (Strider)"]
    page = client.get(f"/admin/battles/profile/{aragorn.pk}/change/")
    assert page.status_code == 200 and "Strengthen Will" not in page.content.decode()
    gandalf = profiles["Gandalf the Grey"]
    assert (
        "Strengthen Will, 12, 4+"
        in client.get(f"/admin/battles/profile/{gandalf.pk}/change/").content.decode()
    )
    data = {
        "name": "Aragorn (Strider)",
        "side": "good",
        "tier": "legend",
        "unique": "on",
        **dict(
            move=6, fight=7, shoot=3, strength=4, defence=5, attacks=3, wounds=3, courage=4, intelligence=3
        ),
        **dict(might=3, will=3, fate=3, base_mm=25, points=175),
        "keywords_text": "Infantry",
        "options_text": "Armour, 5",
    }
    assert (
        client.post(f"/admin/battles/profile/{aragorn.pk}/change/", {**data, "fight": 11}).status_code == 200
    )
    aragorn.refresh_from_db()
    assert aragorn.fight == 7
    client.post(f"/admin/battles/profile/{aragorn.pk}/change/", data)
    aragorn.refresh_from_db()
    assert (aragorn.points, aragorn.options) == (175, [{"name": "Armour", "points": 5, "missile": None}])


def test_anyone_can_start_a_battle_with_the_demo_armies(db: None) -> None:
    client = Client()
    response = client.post("/battles/new/", {"name": "Quick"})
    battle = Battle.objects.get()
    assert response["Location"] == f"/battles/{battle.public_id}/links/"
    assert client.get(response["Location"]).status_code == 200
    assert Client().get(response["Location"]).status_code == 404
    state = battle.load_state()
    assert (state.armies["good"].name, state.armies["evil"].name) == ("Minas Tirith", "Mordor")


def test_a_player_brings_their_list_and_finds_the_battle_under_my_battles(
    client: Client, build: Build, ann, bob
) -> None:
    army = build([("Gothmog", [("Mordor Orc Warrior", 3, [])])])
    form = client.get("/").content.decode()
    good_choices = form.split('name="good"')[1].split("</select>")[0]
    evil_choices = form.split('name="evil"')[1].split("</select>")[0]
    # An Evil list is offered for the Evil side only.
    assert f'value="list:{army.pk}"' in evil_choices and f'value="list:{army.pk}"' not in good_choices
    response = client.post(
        "/battles/new/", {"name": "Osgiliath", "good": "demo:good", "evil": f"list:{army.pk}", "seat": "evil"}
    )
    battle = Battle.objects.get()
    assert response["Location"] == f"/battles/{battle.public_id}/links/"
    state = battle.load_state()
    assert state.armies["evil"].name == "Test list" and state.armies["good"].name == "Minas Tirith"
    assert {m.name for m in state.models.values() if m.side == "evil"} == {
        "Gothmog",
        "Mordor Orc Warrior 1",
        "Mordor Orc Warrior 2",
        "Mordor Orc Warrior 3",
    }
    lobby = client.get("/").content.decode()
    seat = battle.seats.get(side="evil")
    assert f"?seat={seat.token}" in lobby and "Resume as Evil" in lobby
    # Signed in elsewhere (a new session), the creator still gets the links.
    assert signed_in(ann).get(f"/battles/{battle.public_id}/links/").status_code == 200
    assert signed_in(bob).get(f"/battles/{battle.public_id}/links/").status_code == 404
    assert seat.token not in signed_in(bob).get("/").content.decode()


def test_someone_elses_list_comes_to_battle_through_its_shared_link(
    client: Client, build: Build, bob
) -> None:
    theirs = build([("Gothmog", [("Mordor Orc Warrior", 5, [])])], owner=bob)
    assert client.post("/battles/new/", {"good": "demo:good", "evil": f"list:{theirs.pk}"}).status_code == 422
    bob_client = signed_in(bob)
    bob_client.post(f"/armies/{theirs.pk}/share/", {"share": "on"})
    theirs.refresh_from_db()
    link = f"http://testserver/armies/shared/{theirs.share_token}/"
    response = client.post("/battles/new/", {"good": "demo:good", "evil": "demo:evil", "evil_shared": link})
    assert response.status_code == 302
    assert Battle.objects.get().load_state().armies["evil"].name == "Test list"
    response = client.post("/battles/new/", {"good": "demo:good", "evil_shared": link + "x"})
    assert response.status_code == 422
    assert "not a shared list" in response.content.decode()


def test_a_draft_list_is_refused_at_battle_creation_with_its_problems(client: Client, build: Build) -> None:
    draft = build([("Boromir of Gondor", [("Warrior of Minas Tirith", 16, [])])])
    response = client.post("/battles/new/", {"good": f"list:{draft.pk}", "evil": "demo:evil"})
    assert response.status_code == 422
    assert "Test list is a draft and cannot go to battle yet" in response.content.decode()
    assert Battle.objects.count() == 0


def test_a_player_who_leaves_takes_their_lists_and_profiles(build: Build, ann) -> None:
    hero = make_profile(ann, name="Captain", tier="minor", might=1)
    build([(hero, [("Warrior of Rohan", 2, [])])])
    ann.delete()
    assert ArmyList.objects.count() == 0
    assert not Profile.objects.filter(name="Captain").exists()
    assert Profile.objects.filter(name="Warrior of Rohan").exists()
