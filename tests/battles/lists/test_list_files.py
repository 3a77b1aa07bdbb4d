"""Export and import: a list comes back as it went out; a bad or hostile file changes nothing."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from battles.lists.listfile import MAX_FILE_BYTES, export_list
from battles.models import ArmyList, Profile
from battles.rulesets.skirmish.lists import summarise

from .conftest import Build, make_profile


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def upload(client: Client, raw: bytes, name: str = "list.json") -> Any:
    return client.post("/armies/import/", {"file": SimpleUploadedFile(name, raw)})


@pytest.fixture
def fellowship(build: Build, ann) -> ArmyList:
    ranger = make_profile(
        ann,
        name="Ranger of the North",
        tier="fortitude",
        might=2,
        will=1,
        fate=1,
        points=45,
        missile={"name": "Bow", "range": 24, "strength": 2},
        options=[{"name": "Spear", "points": 2}],
        heroic_actions=["heroic_march"],
    )
    army = build(
        [
            (
                "Aragorn (Strider)",
                [("Warrior of Minas Tirith", 4, ["Shield"]), ("Warrior of Minas Tirith", 2, ["Bow"])],
            ),
            (ranger, [("Warrior of Rohan", 3, ["Bow"])]),
        ],
        general=0,
        hero_options={1: ["Spear"]},
    )
    army.name = "Fellowship"
    army.save()
    return army


def test_an_exported_list_imports_as_the_same_list(fellowship: ArmyList, ann) -> None:
    client = signed_in(ann)
    exported = client.get(f"/armies/{fellowship.pk}/export/")
    assert exported["Content-Disposition"] == 'attachment; filename="fellowship.json"'
    profiles_before = Profile.objects.count()

    response = upload(client, exported.content)
    copy_ = ArmyList.with_contents().exclude(pk=fellowship.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/armies/{copy_.pk}/"
    assert copy_.name == "Fellowship (2)"
    # The catalogue and Ann's own profile are reused, not copied.
    assert Profile.objects.count() == profiles_before
    again = export_list(copy_)
    assert {**again, "name": "Fellowship"} == json.loads(exported.content)
    assert summarise(copy_) == summarise(fellowship)


def test_another_player_imports_custom_profiles_as_their_own(fellowship: ArmyList, ann, bob) -> None:
    doc = json.loads(signed_in(ann).get(f"/armies/{fellowship.pk}/export/").content)
    client = signed_in(bob)
    upload(client, json.dumps(doc).encode())
    upload(client, json.dumps(doc).encode())
    mine = Profile.objects.filter(owner=bob)
    assert [p.name for p in mine] == ["Ranger of the North"]  # imported once, reused the second time
    assert ArmyList.objects.filter(owner=bob).count() == 2


def test_a_profile_that_differs_from_one_of_the_same_name_is_kept_apart(
    fellowship: ArmyList, ann, bob
) -> None:
    doc = json.loads(signed_in(ann).get(f"/armies/{fellowship.pk}/export/").content)
    aragorn = next(p for p in doc["profiles"] if p["name"] == "Aragorn (Strider)")
    aragorn["fight"] = 10
    upload(signed_in(bob), json.dumps(doc).encode())
    army = ArmyList.with_contents().get(owner=bob)
    hero = army.warbands.all()[0].hero
    assert (hero.name, hero.fight, hero.owner) == ("Aragorn (Strider) (imported)", 10, bob)
    assert Profile.objects.get(name="Aragorn (Strider)", owner=None).fight == 7


def _doc(fellowship: ArmyList) -> dict[str, Any]:
    return export_list(ArmyList.with_contents().get(pk=fellowship.pk))


def _set(path: str, value: Any) -> Any:
    def change(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = doc
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value

    return change


BAD_FILES: list[tuple[str, Any, str]] = [
    ("not json", b"<html>hello</html>", "not valid JSON"),
    ("binary", b"\xff\xfe\x00\x00garbage", "not text"),
    ("too large", b" " * (MAX_FILE_BYTES + 10), "too large"),
    ("deeply nested", b"[" * 100_000 + b"]" * 100_000, "not valid JSON"),
    ("a bare list", b"[]", "not a Beacon army list"),
    ("NaN", None, "not valid JSON"),
    ("wrong format", _set("format", "something-else"), "not a Beacon army list"),
    ("future version", _set("version", 2), "version 2"),
    ("no name", _set("name", ""), "needs a name"),
    ("huge limit", _set("points_limit", 10**12), "points limit"),
    ("limit as text", _set("points_limit", "500"), "points limit"),
    ("warbands not a list", _set("warbands", {"a": 1}), '"warbands" must be a list'),
    ("profile missing", _set("warbands.0.hero", "Sauron"), "'Sauron', which is not among"),
    ("zero count", _set("warbands.0.followers.0.count", 0), "whole number from 1 to 100"),
    ("negative count", _set("warbands.0.followers.0.count", -5), "whole number from 1 to 100"),
    ("huge count", _set("warbands.0.followers.0.count", 10**9), "whole number from 1 to 100"),
    ("count true", _set("warbands.0.followers.0.count", True), "whole number from 1 to 100"),
    (
        "unknown option",
        _set("warbands.0.followers.0.options", ["Balrog whip"]),
        "'Balrog whip' is not an option",
    ),
    ("options not names", _set("warbands.0.followers.0.options", [{"x": 1}]), "must be a list of names"),
    ("too many models", _set("warbands.0.followers.0.count", 100), None),
    ("warrior leads", _set("warbands.0.hero", "Warrior of Minas Tirith"), "is not a hero"),
    ("negative fight", _set("profiles.0.fight", -1), "Fight Value must be from 0 to 10"),
    ("fight as text", _set("profiles.0.fight", "7"), "Fight Value must be a number"),
    ("infinite move", _set("profiles.0.move", 1e400), "Infinity is not a number JSON allows"),
    ("move as list", _set("profiles.0.move", [6]), "Move must be a number"),
    ("long name", _set("profiles.0.name", "A" * 5000), "at most 100 characters"),
    ("script in tier", _set("profiles.0.tier", "<script>"), "heroic tier must be one of"),
    ("bad power", _set("profiles.0.powers", [{"name": "Blast", "range": 12, "casting": 9}]), "casting value"),
    ("bad heroic action", _set("profiles.0.heroic_actions", ["heroic_teleport"]), "not a specialised Heroic"),
    ("duplicate profiles", None, "Two profiles are called"),
    ("400-digit fight", _set("profiles.0.fight", 10**400), "Fight Value must be from 0 to 10"),
    ("400-digit move", _set("profiles.0.move", -(10**400)), "Move must be from 0 to 24"),
    ("400-digit limit", _set("points_limit", 10**400), "points limit"),
    ("NUL in a profile's name", _set("profiles.0.name", "Ara\x00gorn"), "without control characters"),
    ("NUL in a keyword", _set("profiles.0.keywords", ["Man\x00"]), "without control characters"),
    ("NUL in the list's name", _set("name", "Fellow\x00ship"), "without control characters"),
]


@pytest.mark.parametrize(("case", "change", "message"), BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_a_bad_file_is_refused_with_a_clear_message_and_changes_nothing(
    fellowship: ArmyList, ann, case: str, change: Any, message: str | None
) -> None:
    doc = _doc(fellowship)
    if isinstance(change, bytes):
        raw = change
    elif case == "NaN":
        raw = json.dumps(_doc(fellowship)).replace('"fight": 7', '"fight": NaN').encode()
    elif case == "duplicate profiles":
        doc["profiles"].append(copy.deepcopy(doc["profiles"][0]))
        raw = json.dumps(doc).encode()
    else:
        if case == "too many models":
            for warband in doc["warbands"]:
                for follower in warband["followers"]:
                    follower["count"] = 40
            message = "a list holds at most 150"
        change(doc)
        raw = json.dumps(doc).encode()
    counts = (ArmyList.objects.count(), Profile.objects.count())
    response = upload(signed_in(ann), raw)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nothing was imported." in page
    assert message.replace("'", "&#x27;").replace('"', "&quot;") in page
    assert (ArmyList.objects.count(), Profile.objects.count()) == counts


def test_importing_needs_a_file_and_an_account(ann) -> None:
    response = signed_in(ann).post("/armies/import/", {})
    assert response.status_code == 400
    assert "Choose an army list file to import." in response.content.decode()
    anonymous = Client().post("/armies/import/", {"file": SimpleUploadedFile("x.json", b"{}")})
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
