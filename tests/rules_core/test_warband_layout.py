"""A scenario's first layout of a Warband leaves every model room to leave it (issue 27): a square
grid a base's width apart, so each model steps half a square aside and goes on down a lane; a
battle set up in edition 2 keeps that edition's closer grid, so it replays as it was played."""

from __future__ import annotations

import math

import pytest

from rules_core import EDITION, new_battle
from rules_core.movement import check_path
from rules_core.scenarios.data import Zone
from rules_core.scenarios.layout import GAP, lay_out

from .builders import hero, model, profile, setup

WARBAND = [model("captain", hero("Captain"), -1, -1)] + [
    model(f"w{i}", profile(f"Warrior {i}"), -1, -1) for i in range(12)
]
ZONE = Zone("south", "the southern third", "rect", [(0.0, 32.0), (48.0, 48.0)])


def laid_out(edition: int):
    state = new_battle({**setup(WARBAND, [model("orc", profile("Orc"), 24, 4)]), "edition": edition})
    models = [state.model(m["id"]) for m in WARBAND]
    lay_out(state, models, ZONE)
    return state, models


def test_every_model_of_a_13_model_warband_can_leave_its_first_layout() -> None:
    assert EDITION == 4
    state, models = laid_out(EDITION)
    captain = models[0]
    step = 4 * captain.radius + GAP
    for each in models:
        assert ZONE.holds(each.x, each.y, each.radius)
        assert each.distance_to(captain) <= 6.0 + 1e-9  # a Warband deploys within 6" of its Captain
        # Half a square aside, then on up the board: a legal move for every one of them.
        way_out = [each.pos, (each.x + step / 2, each.y - step / 2), (each.x + step / 2, each.y - 5)]
        assert check_path(state, each, way_out, 6.0) == pytest.approx(math.dist(*way_out[:2]) + 5 - step / 2)


def test_a_battle_of_edition_2_keeps_its_closer_grid() -> None:
    _, models = laid_out(2)
    gaps = sorted(a.distance_to(b) for a in models for b in models if a.id < b.id)
    assert gaps[0] == pytest.approx(GAP)
