"""The powers of the 2024 profiles that magical-powers.md lacks, and the 2024 spellings
(magical-powers-2024.md §1, scenarios T-mp24-6 to T-mp24-11)."""

from __future__ import annotations

import re

import pytest

from rules_core import RuleViolation, apply
from rules_core.magic import spec_for
from rules_core.state import Effect

from .builders import model, play, profile, texts
from .powers import CASTER, after_cast, cast, cast_power, scene

POWERS_ON_2024_PROFILES = [
    "Aura of Command", "Aura of Dismay", "Banishment", "Black Dart", "Bladewrath", "Blessing of the Valar",
    "Blinding Light", "Call Winds", "Chill Soul", "Collapse Rocks", "Compel", "Curse", "Drain Courage",
    "Enchant Blades", "Enrage Beast", "Flameburst", "Fog of Disarray", "Foil Magic", "Fortify Spirit",
    "Fury (Moria Goblin)", "Immobilise", "Instil Fear", "Nature\u2019s Wrath", "Panic Steed", "Paralyse",
    "Protection of the Valar", "Renew", "Sorcerous Blast", "Strengthen Will", "Terrifying Aura", "Transfix",
    "Tremor", "Wither", "Wrath of Bruinen", "Writhing Vines",
]  # fmt: skip
"""Every Magical Power named on a real 2024 profile (35 names)."""
FAR = model("far", profile("Far orc"), 40, 4)
NO_RESIST = {"type": "no_resist"}


@pytest.mark.parametrize("name", POWERS_ON_2024_PROFILES)
def test_every_power_on_a_2024_profile_is_one_the_referee_offers(name: str) -> None:
    assert spec_for(name) is not None


@pytest.mark.parametrize(
    ("names", "key"),
    [
        (("Instil Fear", "Instill Fear"), "instill_fear"),
        (("Enchant Blades", "Enchanted Blades"), "enchanted_blades"),
        (("Immobilise", "Transfix"), "immobilise"),
        (("Nature\u2019s Wrath", "Nature's Wrath"), "natures_wrath"),
    ],
)
def test_t_mp24_11_the_2024_spellings_reach_the_same_power_as_the_old_ones(
    names: tuple[str, str], key: str
) -> None:
    assert [spec.key for name in names if (spec := spec_for(name))] == [key, key]


def witch(will: int = 1) -> dict:
    """An enemy Hero with a Will point left, so its Exhaustion powers stay in play."""
    caster = profile("Witch", might=0, will=will, fate=0, tier="minor", keywords=["Infantry", "Hero"])
    return model("witch", caster, 10, 24)


def with_powers_of_witch(state, *kinds: str):
    for kind in kinds:
        label = spec_for(kind.replace("_", " ").title())
        assert label is not None
        state.effects.append(
            Effect(kind, "witch", label.name, "witch" if kind != "paralyse" else CASTER, "exhaustion")
        )
    return state


def test_t_mp24_6_foil_magic_ends_the_exhaustion_power_the_target_cast() -> None:
    state, dice = scene("Foil Magic", [witch(), FAR])
    state = with_powers_of_witch(state, "fortify_spirit")
    state, _ = cast_power(state, dice, [5], "witch")
    state, events = play(state, [("evil", NO_RESIST)], dice)
    assert texts(events)[-1] == "Foil Magic ends Fortify Spirit, cast by Witch."
    assert state.effects == []


def test_t_mp24_7_foil_magic_is_not_offered_at_a_target_with_no_exhaustion_power_in_play() -> None:
    state, dice = scene("Foil Magic", [witch(), FAR])
    state.effects.append(Effect("bladewrath", "witch", "Bladewrath", "witch", "end"))  # Temporary: not foiled
    with pytest.raises(
        RuleViolation,
        match=re.escape("Witch has no Exhaustion power of its own in play for Foil Magic to end."),
    ):
        apply(state, "good", cast(CASTER, "Foil Magic", 1, "witch"), dice)


def test_t_mp24_7_with_two_powers_in_play_the_caster_picks_the_one_that_ends() -> None:
    state, dice = scene("Foil Magic", [witch(), FAR])
    state = with_powers_of_witch(state, "fortify_spirit", "aura_of_dismay")
    state, _ = cast_power(state, dice, [5], "witch")
    state, _ = play(state, [("evil", NO_RESIST)], dice)
    assert (state.pending.kind, state.pending.side) == ("foil_magic", "good")
    state, events = play(state, [("good", {"type": "foil", "power": "aura_of_dismay"})], dice)
    assert texts(events) == ["Foil Magic ends Aura of Dismay, cast by Witch."]
    assert [e.kind for e in state.effects] == ["fortify_spirit"]


def evil_test(state, dice, model_id: str, faces: list[int]) -> str:
    """Evil asks the referee for an Intelligence test of one of its models, in its Move phase."""
    state, _ = play(state, [("good", {"type": "stand", "model": CASTER})], dice)
    dice.script.extend(faces)
    ask = {"type": "take_test", "model": model_id, "test": "intelligence", "reason": "Hurl"}
    state, events = play(state, [("evil", ask)], dice)
    return texts(events)[-1]


def test_t_mp24_8_fog_of_disarray_takes_one_off_an_enemy_intelligence_test_within_6_inches() -> None:
    troll = model("troll", profile("Troll", intelligence=9), 10, 25)
    state, dice = scene("Fog of Disarray", [troll, FAR])
    state, said = cast_power(state, dice, [3])
    assert after_cast(said) == [
        'Enemies within 6" of Saruman take -1 on every Intelligence test while it lasts.'
    ]
    assert evil_test(state, dice, "troll", [5, 4]) == (
        "Troll takes a Intelligence test (Hurl), needing 9+: rolls 5 + 4 = 9, -1 (Fog of Disarray) = 8, failed."
    )


def test_t_mp24_8a_fog_of_disarray_does_not_reach_an_enemy_7_inches_away() -> None:
    troll = model("troll", profile("Troll", intelligence=9), 10, 22)
    state, dice = scene("Fog of Disarray", [troll, FAR])
    state, _ = cast_power(state, dice, [3])
    assert evil_test(state, dice, "troll", [5, 4]).endswith("rolls 5 + 4 = 9, passed.")


def test_writhing_vines_is_cast_and_says_the_players_place_its_marker() -> None:
    state, dice = scene("Writhing Vines", [FAR])
    state, said = cast_power(state, dice, [5])
    assert after_cast(said) == [
        'Saruman puts down a Vine Marker within 3" until the End phase.',
        'Not modelled by the referee: the Vine Marker: enemies treat ground within 3" of it as difficult '
        "terrain. Apply it at the table.",
    ]
    assert [e.kind for e in state.effects] == ["writhing_vines"]
