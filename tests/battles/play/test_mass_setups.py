"""A mass battle from two mass-battle lists: the setup the referee reads (stands and heroes deployed
in their zones, heroes attached, the General as the list says), and New battle choosing the ruleset,
offering only that ruleset's lists and starting a mass battle from them."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

import rules_core
from battles.lists.demo import demo_army
from battles.lists.profiles import BadData
from battles.models import Battle, Profile
from battles.play.create import start_battle
from battles.rulesets.mass_battle.lists import MAX_HEROES, MAX_STANDS, HeroDraft, StandDraft
from battles.rulesets.mass_battle.lists import MassDraft as MassListDraft
from battles.rulesets.mass_battle.setup import mass_battle_setup
from rules_core.mass_battle.setup import read_setup
from tests.battles.demos import demo_mass_setup
from tests.battles.lists.conftest import Build, BuildMass, make_monster_hero, make_profile

HTMX = {"HTTP_HX_REQUEST": "true"}
EOMER = "Eomer, Marshal of the Riddermark"


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_demo_mass_battle_is_deployed_in_both_zones_facing_the_enemy() -> None:
    setup = read_setup(demo_mass_setup())
    for side, army in setup.armies.items():
        x0, y0, x1, y1 = setup.zones[side]
        for stand in army.stands:
            assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in stand.rect.corners)
            assert stand.rect.facing == (0.0 if side == "good" else 180.0)
        assert all(hero.attached_to is not None for hero in army.heroes)
    good, evil = setup.armies["good"], setup.armies["evil"]
    assert (good.name, good.general, evil.name, evil.general) == (
        "Riders of Rohan",
        "eomer",
        "Host of Mordor",
        "gothmog",
    )
    # The General joins the front stand nearest the middle of the table, the next hero the next one.
    stands = {s.id: s for s in good.stands}
    eomer, hama = (next(h for h in good.heroes if h.id == i) for i in ("eomer", "hama"))
    assert abs(stands[eomer.attached_to].rect.x - 36) < abs(stands[hama.attached_to].rect.x - 36)
    assert [s.name for s in good.stands] == [
        "Warrior of Rohan (Shield) 1",
        "Warrior of Rohan (Shield) 2",
        "Warrior of Rohan (Shield) 3",
        "Warrior of Rohan (Bow)",
        "Warrior of Minas Tirith (Shield)",
    ]
    # Duel points: list points and cards (Eomer 110 and War Banner 20).
    assert eomer.duel_points == 130
    state = rules_core.new_battle(demo_mass_setup())
    # The players deploy (§2.5): Evil first, from the setup's places.
    assert (state.ruleset, state.pending.side, state.pending.kind) == ("mass_battle", "evil", "deploy")


def test_the_largest_list_fits_its_zone(profiles: dict[str, Profile]) -> None:
    """48 large stands (4" by 3", the deepest) and 24 heroes: the most a list may field."""
    troll, captain = profiles["Cave Troll"], profiles["Goblin Captain"]
    horde = MassListDraft(
        "Horde", 10_000, [StandDraft(troll, MAX_STANDS, [])], [HeroDraft(captain, [], [], False)] * MAX_HEROES
    )
    setup = read_setup(mass_battle_setup({"good": horde, "evil": horde}))
    for army in setup.armies.values():
        assert (len(army.stands), len(army.heroes)) == (MAX_STANDS, MAX_HEROES)
        assert all(h.attached_to is not None for h in army.heroes)


def test_a_monster_hero_is_deployed_as_a_stand_of_his_own(profiles: dict[str, Profile], ann: User) -> None:
    balrog = make_monster_hero(ann)
    host = MassListDraft(
        "Shadow and Flame",
        1000,
        [StandDraft(profiles["Mordor Orc Warrior"], 2, [])],
        [HeroDraft(balrog, [], [], True), HeroDraft(profiles["Gothmog"], [], [], False)],
    )
    setup = read_setup(mass_battle_setup({"good": demo_army("good", "mass_battle"), "evil": host}))
    evil = setup.armies["evil"]
    assert [s.id for s in evil.stands] == ["mordor-orc-warrior-1", "mordor-orc-warrior-2", "balrog-stand"]
    # The front row is orcs, orcs, Balrog, centred: the second orc stand is nearest the middle.
    assert {h.id: h.attached_to for h in evil.heroes} == {
        "balrog": "balrog-stand",
        "gothmog": "mordor-orc-warrior-2",
    }
    assert evil.general == "balrog"


def _options(page: bytes, field: str) -> list[str]:
    select = re.search(rf'<select name="{field}"[^>]*>(.*?)</select>', page.decode(), re.S)
    assert select is not None
    return re.findall(r'<option value="([^"]*)"', select.group(1))


def test_new_battle_offers_only_the_chosen_ruleset_s_lists(
    ann: User, build: Build, build_mass: BuildMass
) -> None:
    skirmish = build([("Boromir of Gondor", [])])
    mass = build_mass([("Warrior of Rohan", 2, [])], [(EOMER, [])])
    client = signed_in(ann)
    for url in ["/", "/battles/new/"]:
        assert _options(client.get(url).content, "good") == [f"list:{skirmish.pk}", "demo:good", "demo:evil"]
        page = client.get(f"{url}?ruleset=mass_battle").content
        assert _options(page, "good") == [f"list:{mass.pk}", "demo:good", "demo:evil"]
        assert (
            "Riders of Rohan (demo army)" in page.decode() and "Minas Tirith (demo army)" not in page.decode()
        )
        assert _options(page, "ruleset") == ["skirmish", "mass_battle"]
        assert 'value="mass_battle" selected' in page.decode()
    # Choosing the ruleset in the form (htmx) answers the form alone, with that ruleset's armies.
    swapped = client.get("/battles/new/?ruleset=mass_battle&name=Pelennor", **HTMX)
    assert swapped.content.decode().startswith('<div id="new-battle"')
    assert 'value="Pelennor"' in swapped.content.decode()  # the name typed so far stays
    assert _options(swapped.content, "good") == [f"list:{mass.pk}", "demo:good", "demo:evil"]
    assert _options(swapped.content, "evil") == ["demo:good", "demo:evil"]  # a Good list plays Good only


def test_a_mass_battle_starts_from_a_mass_list(ann: User, build_mass: BuildMass) -> None:
    mass = build_mass([("Warrior of Rohan", 3, ["Shield"])], [(EOMER, ["swift"])], name="Eored")
    response = signed_in(ann).post(
        "/battles/new/",
        {
            "ruleset": "mass_battle",
            "name": "Pelennor",
            "good": f"list:{mass.pk}",
            "evil": "demo:evil",
            "seat": "good",
        },
    )
    battle = Battle.objects.get()
    assert response["Location"] == f"/battles/{battle.public_id}/links/"
    assert (battle.name, battle.ruleset, battle.setup["ruleset"]) == (
        "Pelennor",
        "mass_battle",
        "mass_battle",
    )
    state = battle.load_state()
    assert (state.armies["good"].name, state.armies["evil"].name) == ("Eored", "Host of Mordor")
    assert battle.seats.get(side="good").user == ann
    good = read_setup(battle.setup).armies["good"]
    assert [(h.id, h.attached_to, [c.key for c in h.cards]) for h in good.heroes] == [
        ("eomer", "warrior-of-rohan-2", ["swift"])
    ]
    assert Client().get(f"/battles/{battle.public_id}/").status_code == 200


def test_a_battle_refuses_lists_of_the_other_ruleset(
    ann: User, bob: User, build: Build, build_mass: BuildMass
) -> None:
    skirmish = build([("Boromir of Gondor", [])])
    mass = build_mass([("Warrior of Rohan", 2, [])], [(EOMER, [])])
    client = signed_in(ann)
    response = client.post("/battles/new/", {"ruleset": "mass_battle", "good": f"list:{skirmish.pk}"})
    assert response.status_code == 422
    assert (
        "Choose the good army among your mass battle lists or the demo armies." in response.content.decode()
    )
    response = client.post("/battles/new/", {"ruleset": "skirmish", "evil": f"list:{mass.pk}"})
    assert "Choose the evil army among your skirmish lists or the demo armies." in response.content.decode()

    theirs = build_mass([("Mordor Orc Warrior", 2, [])], [("Gothmog", [])], owner=bob, name="Orcs")
    signed_in(bob).post(f"/armies/{theirs.pk}/share/", {"share": "on"})
    theirs.refresh_from_db()
    link = f"http://testserver/armies/shared/{theirs.share_token}/"
    response = client.post("/battles/new/", {"ruleset": "skirmish", "evil_shared": link})
    assert response.status_code == 422
    assert "link is to Orcs, a mass battle list; this battle is a skirmish." in response.content.decode()
    assert not Battle.objects.exists()
    response = client.post("/battles/new/", {"ruleset": "mass_battle", "evil_shared": link})
    assert response.status_code == 302
    assert Battle.objects.get().load_state().armies["evil"].name == "Orcs"


def test_a_draft_mass_list_is_refused_with_its_problems(ann: User, build_mass: BuildMass) -> None:
    draft = build_mass([("Warrior of Rohan", 2, [])], [(EOMER, []), ("Hama, Captain of Rohan", [])])
    response = signed_in(ann).post("/battles/new/", {"ruleset": "mass_battle", "good": f"list:{draft.pk}"})
    assert response.status_code == 422
    assert (
        "Test host is a draft and cannot go to battle yet: 2 heroes for 2 stands: at most one hero per 2 stands"
        in response.content.decode()
    )
    assert not Battle.objects.exists()


@pytest.mark.parametrize("ruleset", ["skirmish", "mass_battle"])
def test_anyone_can_start_a_battle_of_either_ruleset_with_the_demo_armies(db: None, ruleset: str) -> None:
    response = Client().post("/battles/new/", {"ruleset": ruleset})
    battle = Battle.objects.get()
    assert response.status_code == 302 and battle.ruleset == ruleset


def test_a_mass_battle_has_no_scenario(ann: User, build_mass: BuildMass) -> None:
    """Scenarios are the skirmish game's: New battle offers one only for a skirmish."""
    client = signed_in(ann)
    assert 'name="scenario"' in client.get("/battles/new/").content.decode()
    assert 'name="scenario"' not in client.get("/battles/new/?ruleset=mass_battle").content.decode()
    army = build_mass([("Warrior of Rohan", 2, [])], [(EOMER, [])])
    with pytest.raises(BadData, match="Scenarios are for the skirmish game"):
        start_battle(
            "Domination", {"good": army, "evil": demo_army("evil", "mass_battle")}, scenario="domination"
        )
    assert not Battle.objects.exists()


def test_a_bought_mount_reaches_the_referee(profiles: dict[str, Profile], ann: User) -> None:
    """A stand or hero whose list bought a Horse is Cavalry with the horse's Move in the battle (§2.2,
    §6.4: a loose hero moves with his Move; §11: Heroic March +5" for Cavalry), and the horse's
    points count in the stand's points and the hero's duel points (§2.3)."""
    horse = [{"name": "Horse", "points": 10}]
    riders = make_profile(ann, name="Riders", move=6, options=horse)
    captain = make_profile(ann, name="Captain", move=6, tier="fortitude", might=1, points=50, options=horse)
    host = MassListDraft(
        "Eored", 1000, [StandDraft(riders, 2, ["Horse"])], [HeroDraft(captain, ["Horse"], [], True)]
    )
    setup = read_setup(mass_battle_setup({"good": host, "evil": demo_army("evil", "mass_battle")}))
    good = setup.armies["good"]
    assert [(s.stats.kind, s.stats.models, s.stats.move, s.points) for s in good.stands] == [
        ("cavalry", 4, 10, 80),
        ("cavalry", 4, 10, 80),
    ]
    (hero,) = good.heroes
    assert ("Cavalry" in hero.profile.keywords, hero.profile.move, hero.points) == (True, 10, 60)
