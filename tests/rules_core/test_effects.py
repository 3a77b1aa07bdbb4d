"""Lasting effects are data: a power's registry entry says what its effect does, and every rule
that cares asks the effects module, so a new power like an old one needs its entry and nothing else."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_core.activation import activation_options
from rules_core.effects import LASTING, Lasting, covers, held_by
from rules_core.frame import Ctx, Refusal
from rules_core.heroic import declaration_options
from rules_core.magic.casting import why_cannot_cast
from rules_core.magic.registry import POWERS, Cast, PowerSpec, add_effect, register
from rules_core.movement import can_move
from rules_core.shooting import why_cannot_shoot

from .builders import model, play, profile, texts
from .powers import CASTER, cast_power, scene


def _snare(ctx: Ctx, cast: Cast) -> None:
    add_effect(ctx, cast, POWERS["snare"], cast.target, note=f"{cast.target.name} is snared.")


@pytest.fixture
def snare() -> Iterator[None]:
    """A power no rules text has: it holds its target, and says so only in its registry entry."""
    register(PowerSpec("snare", "Snare", "temporary", "enemy", _snare, "", lasting=Lasting(holds=True)))
    yield
    del POWERS["snare"], LASTING["snare"]


def test_a_new_holding_power_holds_its_target_in_every_rule_that_asks(snare: None) -> None:
    archer = profile(
        "Orc captain", might=1, will=1, tier="minor", heroic_actions=["heroic_march"],
        missile={"name": "Orc bow", "range": 18, "strength": 2}, powers=[{"name": "Snare", "range": 6, "casting": 3}],
    )  # fmt: skip
    state, dice = scene("Snare", [model("orc", archer, 10, 24)])
    state, _ = cast_power(state, dice, [3], "orc")
    state, events = play(state, [("evil", {"type": "no_resist"})], dice)
    assert "Orc captain is snared." in texts(events)
    orc = state.model("orc")
    assert held_by(state, orc) is not None
    assert can_move(state, orc) == "Orc captain is under Snare and cannot move."
    assert why_cannot_shoot(state, orc) == "Orc captain is under Snare and cannot shoot."
    assert why_cannot_cast(state, orc) == "Orc captain is under Snare and cannot cast."
    refusals = [o for o in declaration_options(state, "evil", "move") if isinstance(o, Refusal)]
    assert {r.message for r in refusals} == {"Orc captain is under Snare and cannot declare Heroic Actions."}
    assert not [o for o in activation_options(state, [orc]) if o.command["type"] == "move"]


def test_an_aura_covers_its_source_and_the_friends_within_its_reach_normal_or_channelled() -> None:
    near, far = model("near", profile("Warrior"), 10, 36.9), model("far", profile("Warrior"), 10, 42)
    for channelled, covered in ((False, {CASTER, "near"}), (True, {CASTER, "near", "far"})):
        state, dice = scene("Aura of Command", [model("orc", profile("Orc"), 10, 4)], (near, far), channelled)
        state, _ = cast_power(state, dice, [] if channelled else [3])
        (aura,) = state.effects
        assert {m.id for m in state.models.values() if covers(state, aura, m)} == covered
