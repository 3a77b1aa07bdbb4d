"""Battles from lists: every model starts inside its zone, apart from the others, ready to confirm."""

from __future__ import annotations

import math

import pytest

import rules_core
from battles.lists.demo import demo_army
from battles.lists.examples import examples
from battles.lists.profiles import BadData, clean_profile
from battles.models import Profile
from battles.rulesets.skirmish.lists import FollowerDraft, WarbandDraft
from battles.rulesets.skirmish.lists import SkirmishDraft as ListDraft
from battles.rulesets.skirmish.setup import battle_setup
from rules_core.geometry import point_polygon_distance
from rules_core.setup import default_zones, in_zone
from tests.battles.demos import demo_setup
from tests.battles.lists.conftest import make_profile


def _profile(name: str) -> Profile:
    data = next(p for p in examples() if p["name"] == name)
    profile = Profile()
    profile.set_data(clean_profile(data))
    return profile


def _army(hero: str, warrior: Profile, count: int) -> ListDraft:
    return ListDraft(
        "Big", 10_000, [WarbandDraft(_profile(hero), [], True, [FollowerDraft(warrior, count, [])])]
    )


def test_every_example_profile_is_a_valid_profile() -> None:
    for data in examples():
        assert clean_profile(data)["name"] == data["name"]


def test_both_sides_can_confirm_deployment_without_moving_a_model() -> None:
    state = rules_core.new_battle(demo_setup())
    for side in ("good", "evil"):
        zone = state.pending.detail["zone"]
        assert all(in_zone(m, zone) for m in state.army_models(side))
        ready = [a for a in rules_core.legal_actions(state, side) if a.kind == "ready"]
        assert ready, f"{side} cannot confirm its deployment"
        state = rules_core.apply(state, side, ready[0].command, rules_core.ScriptedDice([6, 1])).state
    assert state.phase != "deployment"


@pytest.mark.django_db
def test_a_full_list_of_large_bases_fits_without_overlap() -> None:
    troll = make_profile(name="Troll", base_mm=40)
    army = _army("Azog the Defiler", troll, 149)
    setup = battle_setup({"good": army, "evil": army}, board={"name": "Open ground", "terrain": []})
    state = rules_core.new_battle(setup)
    models = list(state.models.values())
    assert len(models) == 300 and len({m.id for m in models}) == 300
    for side in ("good", "evil"):
        setup_zone = default_zones(state.board)[side]
        assert all(in_zone(m, setup_zone) for m in models if m.side == side)
    for i, a in enumerate(models):
        for b in models[i + 1 :]:
            assert math.hypot(a.x - b.x, a.y - b.y) >= a.radius + b.radius


def test_model_ids_read_well_and_never_clash() -> None:
    setup = battle_setup({"good": demo_army("good"), "evil": demo_army("good")})
    good = [m["id"] for m in setup["armies"]["good"]["models"]]
    evil = [m["id"] for m in setup["armies"]["evil"]["models"]]
    assert good[:2] == ["aragorn", "warrior-of-minas-tirith-1"]
    assert evil[:2] == ["aragorn-2", "warrior-of-minas-tirith-7"]
    assert len(set(good + evil)) == len(good + evil)


@pytest.mark.django_db
def test_an_army_too_big_for_its_zone_is_refused() -> None:
    giant = make_profile(name="Giant", base_mm=200)
    with pytest.raises(BadData, match="does not fit in its deployment zone"):
        battle_setup({"good": _army("Beorn", giant, 30), "evil": demo_army("evil")})


def test_the_first_layout_keeps_off_walls_buildings_and_rocks() -> None:
    state = rules_core.new_battle(demo_setup())
    blocked = [p for p in state.terrain if p.barrier or p.impassable or (p.raised and p.climbable)]
    assert blocked, "the default board has walls and buildings in the deployment zones"
    for model in state.models.values():
        for piece in blocked:
            assert point_polygon_distance(model.pos, piece.polygon) >= model.radius - 1e-6, (
                model.id,
                piece.name,
            )
