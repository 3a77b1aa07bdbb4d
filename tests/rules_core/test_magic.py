"""Magical Powers: the two worked casting examples, resisting, durations, channelling, refusals."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, ScriptedDice, apply
from rules_core.casualties import remove_casualty
from rules_core.frame import Ctx
from rules_core.might import spend
from rules_core.state import Effect

from .builders import (
    BASE_25MM,
    GOOD_PRIORITY,
    NEXT_TURN,
    PASS,
    battle,
    cast,
    choices,
    deployed,
    hero,
    model,
    play,
    power,
    profile,
    setup,
    skip_until,
    texts,
)


def gandalf(**stats) -> dict:
    powers = [
        power("Immobilise", 12.0, 3),
        power("Strengthen Will", 12.0, 4),
        power("Black Dart", 12.0, 5),
        power("Aura of Command", 0.0, 2),
        power("Fortify Spirit", 12.0, 3),
        power("Nature's Wrath", 6.0, 4),
    ]
    base = dict(might=3, will=6, fate=3, tier="legend", powers=powers, heroic_actions=["heroic_channelling"])
    return hero("Gandalf", **{**base, **stats})


def test_the_casting_roll_example_strengthen_will_on_frodo() -> None:
    frodo = hero("Frodo", might=0, will=0, fate=3, tier="valour")
    state, dice = battle(
        [model("gandalf", gandalf(), 10, 40), model("frodo", frodo, 14, 40)],
        [model("orc", profile("Orc"), 10, 4)],
    )
    offer = next(
        a for a in choices(state, "good") if a.kind == "cast" and a.command["power"] == "Strengthen Will"
    )
    assert offer.params["target"]["options"] == [{"value": "frodo", "label": "Frodo"}]
    assert offer.odds["outcomes"][1] == {"label": "2 Will", "p": 0.75, "exact": {"num": 3, "den": 4}}
    dice.script.extend([3, 5])
    state, events = play(state, [("good", cast("gandalf", "Strengthen Will", 2, "frodo"))], dice)
    assert texts(events)[:3] == [
        "Gandalf spends 2 Will to cast Strengthen Will (4 left).",
        "Gandalf casts Strengthen Will at Frodo: needs 4+, rolls 3, 5: cast.",
        "Frodo regains 1 Will from Strengthen Will (1 now).",
    ]
    # Strengthen Will affects no enemy: nobody was asked to resist. Gandalf now moves.
    assert state.pending.kind == "activate" and state.pending.detail["models"] == ["gandalf"]


def test_the_casting_and_resisting_example_grinnah_resists_immobilise() -> None:
    grinnah = hero("Grinnah", might=2, will=1, fate=1, tier="minor")
    state, dice = battle(
        [model("gandalf", gandalf(), 10, 30)],
        [model("grinnah", grinnah, 10, 20), model("orc", profile("Orc"), 30, 4)],
    )
    dice.script.extend([1, 4])
    state, events = play(state, [("good", cast("gandalf", "Immobilise", 2, "grinnah"))], dice)
    assert "Gandalf casts Immobilise at Grinnah: needs 3+, rolls 1, 4: cast." in texts(events)
    # Gandalf could raise the score with Might before Evil decides: he keeps 4.
    assert (state.pending.kind, state.pending.side) == ("spend_might", "good")
    state, _ = play(state, [("good", {"type": "keep"})], dice)
    assert (state.pending.kind, state.pending.side) == ("resist", "evil")
    offers = choices(state, "evil")
    assert [a.label for a in offers] == ["Grinnah: resist with 1 Will (1 die)", "Do not resist"]
    assert offers[0].odds == {
        "outcomes": [{"label": "the power is resisted", "p": 0.5, "exact": {"num": 1, "den": 2}}]
    }
    dice.script.append(5)
    state, events = play(state, [("evil", offers[0].command)], dice)
    assert texts(events)[-2:] == [
        "Grinnah resists with 1 die: rolls 5, needing 4: resisted.",
        "Grinnah resists Immobilise: it has no effect.",
    ]
    assert state.effects == []


def test_a_natural_six_paid_with_will_gives_the_point_back_but_a_free_die_does_not() -> None:
    gothmog = hero("Gothmog", might=0, will=2, tier="valour")
    state, dice = battle(
        [model("gandalf", gandalf(might=0), 10, 30)],
        [model("gothmog", gothmog, 10, 20), model("orc", profile("Orc"), 30, 4)],
    )
    state.effects.append(Effect("fortify_spirit", "gothmog", "Fortify Spirit", "gothmog", "exhaustion"))
    dice.script.extend([6])  # Immobilise cast with a 6
    state, _ = play(state, [("good", cast("gandalf", "Immobilise", 1, "gothmog"))], dice)
    offers = {a.label: a for a in choices(state, "evil")}
    assert "Gothmog: resist with no Will (2 dice + 2 free)" in offers
    dice.script.extend([6, 1, 6])  # the Will die shows 6 (refunded); the free dice 1 and 6 (no refund)
    state, events = play(
        state, [("evil", offers["Gothmog: resist with 1 Will (3 dice + 2 free)"].command)], dice
    )
    assert "Gothmog regains 1 Will from a natural 6 on its Resist test (2 now)." in texts(events)
    assert state.model("gothmog").will == 2


def test_immobilise_holds_its_target_until_the_end_phase() -> None:
    orc = profile("Orc chief", will=0)
    state, dice = battle(
        [model("gandalf", gandalf(might=0), 10, 30)],
        [model("chief", orc, 10, 20), model("orc", profile("Orc"), 30, 4)],
    )
    dice.script.extend([3])
    state, events = play(state, [("good", cast("gandalf", "Immobilise", 1, "chief"))], dice)
    assert state.effects_on(state.model("chief"), "immobilise")
    state, _ = play(state, [("good", {"type": "stand", "model": "gandalf"})], dice)
    assert not [a for a in choices(state, "evil") if a.group == "chief" and a.kind == "move"]
    dice.script.extend(NEXT_TURN)
    state, events = skip_until(state, dice, "priority")
    assert "Immobilise on Orc chief ends." in texts(events)
    assert state.effects == []


def test_an_exhaustion_power_ends_when_its_caster_has_no_will_left() -> None:
    state, dice = battle(
        [model("gandalf", gandalf(will=2, might=0), 10, 30)], [model("orc", profile("Orc"), 10, 4)]
    )
    dice.script.extend([2])
    state, _events = play(state, [("good", cast("gandalf", "Aura of Command", 1))], dice)
    assert [e.kind for e in state.effects] == ["aura_of_command"]
    ctx = Ctx(state, dice)
    spend(ctx, state.model("gandalf"), "will", 1, "on something else")
    assert ctx.events[-1]["text"] == "Aura of Command ends: its caster has no Will left."
    assert state.effects == []


def test_an_exhaustion_power_cast_with_the_last_will_ends_at_once() -> None:
    state, dice = battle(
        [model("gandalf", gandalf(will=1, might=0), 10, 30)], [model("orc", profile("Orc"), 10, 4)]
    )
    dice.script.extend([2])
    state, events = play(state, [("good", cast("gandalf", "Aura of Command", 1))], dice)
    assert "Aura of Command ends at once: Gandalf has no Will left." in texts(events)
    assert state.effects == []


def test_an_effect_ends_when_its_caster_is_slain() -> None:
    state, dice = battle(
        [model("gandalf", gandalf(might=0), 10, 30)], [model("chief", profile("Orc chief"), 10, 20)]
    )
    dice.script.extend([3])
    state, _ = play(state, [("good", cast("gandalf", "Immobilise", 1, "chief"))], dice)
    ctx = Ctx(state, dice)
    remove_casualty(ctx, state.model("gandalf"))
    assert "Immobilise ends: Gandalf has left the battle." in [e["text"] for e in ctx.events]
    assert state.effects == []


def test_heroic_channelling_makes_the_next_cast_a_six_in_its_channelled_form() -> None:
    frodo = hero("Frodo", might=0, will=0, tier="valour")
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("gandalf", gandalf(), 10, 40), model("frodo", frodo, 14, 40)],
            [model("orc", profile("Orc"), 10, 4)],
        ),
        dice,
        priority="good",
    )
    state, _ = play(state, [("evil", PASS)] if state.pending.side == "evil" else [], dice)
    state, _ = play(
        state, [("good", {"type": "declare", "hero": "gandalf", "action": "heroic_channelling"})], dice
    )
    offer = next(
        a for a in choices(state, "good") if a.kind == "cast" and a.command["power"] == "Strengthen Will"
    )
    assert offer.params["will"] == {"type": "int", "min": 1, "max": 1}
    assert offer.label == "Gandalf: cast Strengthen Will (channelled: counts as a 6)"
    dice.script.append(5)  # the D3 of the channelled form: 3
    state, events = play(state, [("good", cast("gandalf", "Strengthen Will", 1, "frodo"))], dice)
    assert (
        "Heroic Channelling: Gandalf's Casting test counts as a 6; Strengthen Will is channelled."
        in texts(events)
    )
    assert state.model("frodo").will == 3 and state.model("gandalf").will == 5


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ((10, 10), 'Orc is out of range of Immobilise (12").'),
        ((10, 30 - BASE_25MM), "Gandalf is Engaged and cannot cast."),
    ],
)
def test_a_cast_is_refused_for_range_or_engagement(where, message) -> None:
    state, dice = battle(
        [model("gandalf", gandalf(), 10, 30), model("far", profile("Far"), 40, 45)],
        [model("orc", profile("Orc"), *where)],
    )
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", cast("gandalf", "Immobilise", 1, "orc"), dice)
    assert refused.value.message == message
    assert state.to_dict() == before


def test_a_cast_is_refused_without_sight_of_the_target() -> None:
    rock = {
        "name": "Rock",
        "polygon": [[5, 24], [15, 24], [15, 26], [5, 26]],
        "blocks_sight": True,
        "impassable": True,
    }
    state, dice = battle(
        [model("gandalf", gandalf(), 10, 30)], [model("orc", profile("Orc"), 10, 20)], terrain=[rock]
    )
    with pytest.raises(RuleViolation, match=r"Gandalf cannot see Orc\."):
        apply(state, "good", cast("gandalf", "Immobilise", 1, "orc"), dice)


def test_a_rider_never_casts_with_its_mounts_will() -> None:
    steed = hero("Shadowfax", might=0, will=3, fate=0, tier="independent")
    rider = {**model("gandalf", gandalf(will=1), 10, 30), "mount": steed}
    state, _dice = battle([rider], [model("orc", profile("Orc"), 10, 20)])
    offer = next(a for a in choices(state, "good") if a.kind == "cast")
    assert offer.params["will"]["max"] == 1


def test_a_power_with_several_targets_is_resisted_by_one_of_them_for_all() -> None:
    captain = hero("Orc captain", might=0, will=1, tier="minor")
    state, dice = battle(
        [model("gandalf", gandalf(might=0), 10, 30)],
        [
            model("captain", captain, 10, 26),
            model("orc", profile("Orc"), 12, 27),
            model("far", profile("Far orc"), 40, 4),
        ],
    )
    dice.script.extend([4])
    state, _ = play(state, [("good", cast("gandalf", "Nature's Wrath", 1))], dice)
    assert state.pending.detail["models"] == ["captain"]  # the orc has no Will: only the captain can resist
    dice.script.extend([2])
    state, events = play(state, [("evil", {"type": "resist", "model": "captain", "will": 1})], dice)
    assert "Orc captain is knocked Prone." in texts(events) and "Orc is knocked Prone." in texts(events)
