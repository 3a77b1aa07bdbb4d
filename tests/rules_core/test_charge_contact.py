"""A charge ends where the player dropped it: in base contact at the legal place nearest the drop,
round terrain and friends and within the Move, or refused with what blocks it (issue 27)."""

from __future__ import annotations

import math

import pytest

from rules_core import RuleViolation, ScriptedDice, apply
from rules_core.skirmish import preview

from .builders import BASE_25MM, FAR, deployed, model, play, profile, setup

TROLL = profile("Cave Troll", base_mm=40.0, keywords=["Monster"], move=6.0)
WARRIOR = profile("Warrior of Minas Tirith")
# The outcrop's lower-left corner at (20, 26), as on the board the issue was found on.
OUTCROP = {"name": "Rocky outcrop", "polygon": [[20, 23], [23, 23], [23, 26], [20, 26]], "impassable": True}
TROLL_REACH = (40 + 25) / 2 / 25.4


def troll_battle(*friends):
    good = [model("warrior-2", WARRIOR, 20, 26.7), *FAR, *friends]
    evil = [model("troll", TROLL, 18, 22.8)]
    return deployed(setup(good, evil, terrain=[OUTCROP]), ScriptedDice([6, 1]), priority="evil")


def charge(model_id, target, *points):
    return {"type": "charge", "model": model_id, "target": target, "path": [list(p) for p in points]}


def gap_to_rock(x, y, radius):
    """How far a base at (x, y) is from the outcrop (negative: on it)."""
    dx = max(20 - x, 0, x - 23)
    dy = max(23 - y, 0, y - 26)
    return math.hypot(dx, dy) - radius


def test_the_cave_troll_charges_to_the_spot_dropped_on_touching_the_warrior_clear_of_the_rock() -> None:
    state = troll_battle()
    state, events = play(state, [("evil", charge("troll", "warrior-2", (19.05, 25.85)))], ScriptedDice())
    troll = state.model("troll")
    assert troll.pos == (pytest.approx(19.05, abs=0.01), pytest.approx(25.85, abs=0.01))
    assert troll.distance_to(state.model("warrior-2")) == pytest.approx(0.0, abs=1e-6)
    assert events[0]["text"].startswith("Cave Troll charges Warrior of Minas Tirith")


def test_a_drop_whose_spot_is_blocked_is_put_at_the_nearest_place_in_contact_it_can_reach() -> None:
    # The straight line's contact point (where the page used to put the troll) is on the rock's corner.
    state = troll_battle()
    straight = (19.42, 25.56)
    assert gap_to_rock(*straight, 40 / 2 / 25.4) < 0
    answer = preview(state, charge("troll", "warrior-2", straight))
    assert answer["ok"] is True
    end = answer["path"][-1]
    assert math.dist(end, (20, 26.7)) == pytest.approx(TROLL_REACH, abs=1e-6)
    assert gap_to_rock(*end, 40 / 2 / 25.4) >= 0
    # The nearest such place: a hundredth of an inch further round would still be on the rock.
    assert gap_to_rock(*end, 40 / 2 / 25.4) < 0.02
    state, _ = play(state, [("evil", charge("troll", "warrior-2", straight))], ScriptedDice())
    assert list(state.model("troll").pos) == pytest.approx(end)


def test_a_charge_keeps_the_corners_drawn_and_goes_round_a_friend_in_the_way() -> None:
    # A friend of the troll's where it was dropped: it ends beside the friend, still touching.
    friend = model("orc", profile("Orc"), 19.05, 25.85)
    good = [model("warrior-2", WARRIOR, 20, 26.7), *FAR]
    evil = [model("troll", TROLL, 17, 22.8), friend]
    state = deployed(setup(good, evil, terrain=[OUTCROP]), ScriptedDice([6, 1]), priority="evil")
    state, _ = play(state, [("evil", charge("troll", "warrior-2", (17, 26.7), (18.8, 26.7)))], ScriptedDice())
    troll = state.model("troll")
    assert troll.distance_to(state.model("warrior-2")) == pytest.approx(0.0, abs=1e-6)
    assert math.dist(troll.pos, (19.05, 25.85)) >= 40 / 2 / 25.4 + BASE_25MM / 2 - 1e-3
    assert troll.moved == pytest.approx(3.9 + math.dist((17, 26.7), troll.pos), abs=1e-6)


def test_a_charge_with_no_reachable_place_in_contact_is_refused_naming_what_blocks() -> None:
    rock = {"name": "Rock", "polygon": [[12, 14], [13, 14], [13, 26], [12, 26]], "impassable": True}
    good = [model("rider", profile("Rider"), 10, 20)]
    evil = [model("orc", profile("Orc"), 13.5 + BASE_25MM / 2, 20)]
    state = deployed(setup(good, evil, terrain=[rock]), ScriptedDice([6, 1]), priority="good")
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", charge("rider", "orc", (13.5 - BASE_25MM / 2, 20)), ScriptedDice())
    assert (refused.value.code, refused.value.message) == ("impassable", "Rider cannot move through Rock.")
    assert state.to_dict() == before
