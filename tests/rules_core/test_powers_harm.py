"""Powers that hurt, normal and channelled: what the players read and what is left on the board."""

from __future__ import annotations

import pytest

from rules_core import BattleState, RuleViolation, apply
from rules_core.state import Effect

from .builders import BASE_25MM, choices, model, play, power, profile, texts
from .powers import CASTER, after_cast, cast, cast_power, scene

FAR = model("far", profile("Far orc"), 40, 4)
"""Keeps Evil in the battle when a scene's target falls."""
RADIUS = BASE_25MM / 2


def orc(model_id: str = "orc", x: float = 10, y: float = 24, **stats) -> dict:
    return model(model_id, profile(stats.pop("name", "Orc"), **stats), x, y)


def refused(state, dice, target: str, **extra) -> str:
    name = state.model(CASTER).profile.powers[0].name
    with pytest.raises(RuleViolation) as refusal:
        apply(state, "good", cast(CASTER, name, 1, target, **extra), dice)
    return refusal.value.message


LOW_WALL = {"name": "Low wall", "polygon": [[8, 26], [12, 26], [12, 27], [8, 27]]}
"""Between Saruman and his target: a shot would roll In The Way for it."""


@pytest.mark.parametrize(
    ("channelled", "faces", "lines", "wounds_left"),
    [
        (
            False,
            [2],
            ["Saruman's Black Dart on Orc: To Wound 3+ (S9 against D4), rolls 2: fails to wound."],
            3,
        ),
        (
            False,
            [3],
            [
                "Saruman's Black Dart on Orc: To Wound 3+ (S9 against D4), rolls 3: wounds.",
                "Orc suffers 1 Wound from Saruman (2 left).",
            ],
            2,
        ),
        (
            True,
            [3, 4],  # the To Wound 3, the D3 from a 4: 2
            [
                "Saruman's Black Dart on Orc: To Wound 3+ (S9 against D4), rolls 3: wounds.",
                "The Wound becomes 2 Wounds (D3).",
                "Orc suffers 2 Wounds from Saruman (1 left).",
            ],
            1,
        ),
    ],
)
def test_black_dart_is_a_strength_9_hit_with_no_to_hit_or_in_the_way_even_in_a_combat(
    channelled, faces, lines, wounds_left
) -> None:
    """Channelled, a wounding hit causes D3 Wounds."""
    friend = model("warrior", profile("Warrior"), 10 + BASE_25MM, 24)  # the Orc is Engaged
    state, dice = scene(
        "Black Dart", [orc(wounds=3), FAR], good=(friend,), channelled=channelled, terrain=[LOW_WALL]
    )
    state, said = cast_power(state, dice, ([] if channelled else [3]) + faces, "orc")
    assert after_cast(said) == lines
    assert state.model("orc").wounds == wounds_left and dice.unused == []


def test_black_dart_at_a_cavalry_model_hits_the_part_the_caster_chooses() -> None:
    rider = {**orc(name="Warg rider", defence=5), "mount": profile("Warg", defence=4, wounds=1)}
    state, dice = scene("Black Dart", [rider, FAR])
    offer = next(a for a in choices(state, "good") if a.kind == "cast")
    assert [o["value"] for o in offer.params["part"]["options"]] == ["rider", "mount"]
    state, said = cast_power(state, dice, [3, 3, 6], "orc", part="mount")
    assert after_cast(said) == [
        "Saruman's Black Dart on Warg: To Wound 3+ (S9 against D4), rolls 3: wounds.",
        "Warg suffers 1 Wound from Saruman (0 left).",
        "Warg is slain; Warg rider must take a Thrown Rider test.",
        "Warg rider's Thrown Rider test: rolls 6, Leaps into Action.",
        "Warg rider leaps into action on foot.",
    ]
    assert state.model("orc").wounds == 1


WIGHT = profile("Barrow-wight", keywords=["Infantry", "Spirit"], wounds=3)


def test_banishment_wounds_a_spirit_as_if_in_combat() -> None:
    state, dice = scene("Banishment", [model("wight", WIGHT, 10, 24), FAR])
    state, said = cast_power(state, dice, [3], "wight")
    assert after_cast(said) == [
        "Barrow-wight suffers a Wound from Banishment, as if wounded in combat.",
        "Barrow-wight suffers 1 Wound from Saruman (2 left).",
    ]
    assert state.model("wight").wounds == 2


def test_channelled_banishment_causes_d3_wounds() -> None:
    state, dice = scene("Banishment", [model("wight", WIGHT, 10, 24), FAR], channelled=True)
    state, said = cast_power(state, dice, [5], "wight")  # the D3: 3
    assert after_cast(said) == [
        "Barrow-wight suffers D3 Wounds from Banishment, as if wounded in combat.",
        "The Wound becomes 3 Wounds (D3).",
        "Barrow-wight suffers 3 Wounds from Saruman (0 left).",
        "Barrow-wight is slain.",
    ]
    assert state.model("wight").status == "casualty"


def test_banishment_chosen_against_a_mount_that_is_no_spirit_has_no_effect() -> None:
    wraith = {**model("wraith", {**WIGHT, "name": "Ringwraith"}, 10, 24), "mount": profile("Horse")}
    state, dice = scene("Banishment", [wraith, FAR])
    state, said = cast_power(state, dice, [3], "wraith", part="mount")
    assert after_cast(said) == ["Horse is not a Spirit: Banishment has no effect on it."]
    assert state.model("wraith").mount is not None and state.model("wraith").wounds == 3


def test_banishment_cannot_target_a_model_that_is_not_a_spirit() -> None:
    state, dice = scene("Banishment", [orc(), FAR])
    assert refused(state, dice, "orc") == "Orc is not a Spirit: Banishment affects only Spirit models."


def test_chill_soul_wounds_the_mount_the_caster_chooses() -> None:
    rider = {**orc(name="Warg rider"), "mount": profile("Warg", wounds=1)}
    state, dice = scene("Chill Soul", [rider, FAR])
    state, said = cast_power(state, dice, [4, 6], "orc", part="mount")
    assert after_cast(said) == [
        "Warg suffers a Wound from Chill Soul, as if wounded in combat.",
        "Warg suffers 1 Wound from Saruman (0 left).",
        "Warg is slain; Warg rider must take a Thrown Rider test.",
        "Warg rider's Thrown Rider test: rolls 6, Leaps into Action.",
        "Warg rider leaps into action on foot.",
    ]
    assert state.model("orc").mount is None and state.model("orc").wounds == 1


@pytest.mark.parametrize("hero_mount", [False, True])
def test_a_riders_fate_saves_its_mount_only_when_the_mount_is_a_hero(hero_mount) -> None:
    warg = profile(
        "Warg", wounds=1, **({"might": 0, "will": 0, "fate": 0, "tier": "independent"} if hero_mount else {})
    )
    rider = {**orc(name="Warg chief", might=0, will=0, fate=2, tier="minor"), "mount": warg}
    state, dice = scene("Chill Soul", [rider, FAR])
    state, said = cast_power(state, dice, [4, 6], "orc", part="mount")
    if hero_mount:  # "a rider or Mount could use their Fate Points to prevent Wounds caused upon the other"
        assert (state.pending.kind, state.pending.label) == (
            "spend_fate",
            "Warg suffers a Wound: spend a Fate point?",
        )
    else:
        assert after_cast(said)[1:3] == [
            "Warg suffers 1 Wound from Saruman (0 left).",
            "Warg is slain; Warg chief must take a Thrown Rider test.",
        ]
        assert state.model("orc").fate == 2


def test_chill_soul_reaches_6_inches_further_when_channelled() -> None:
    far_orc = orc(y=13, wounds=2)  # 17" from Saruman, edge to edge
    state, dice = scene("Chill Soul", [far_orc, FAR])
    assert refused(state, dice, "orc") == 'Orc is out of range of Chill Soul (12").'
    state, dice = scene("Chill Soul", [far_orc, FAR], channelled=True)
    state, said = cast_power(state, dice, [], "orc")
    assert after_cast(said) == [
        "Orc suffers a Wound from Chill Soul, as if wounded in combat.",
        "Orc suffers 1 Wound from Saruman (1 left).",
    ]


RUIN = {"name": "Ruined tower", "polygon": [[7, 21], [13, 21], [13, 27], [7, 27]]}


def test_collapse_rocks_hits_a_target_in_a_ruin_at_strength_5() -> None:
    state, dice = scene(
        "Collapse Rocks", [orc(), orc("orc2", 11.5, 24, name="Orc scout"), FAR], terrain=[RUIN]
    )
    state, said = cast_power(state, dice, [3, 4], "orc")
    assert after_cast(said) == [
        "Rocks fall on Orc.",
        "Saruman's Collapse Rocks on Orc: To Wound 4+ (S5 against D4), rolls 4: wounds.",
        "Orc suffers 1 Wound from Saruman (0 left).",
        "Orc is slain.",
    ]
    assert state.model("orc2").on_board


def test_channelled_collapse_rocks_also_hits_friend_and_foe_within_2_inches() -> None:
    friend = model("warrior", profile("Warrior"), 10, 26.5)
    state, dice = scene(
        "Collapse Rocks",
        [orc(), orc("orc2", 11.5, 24, name="Orc scout"), FAR],
        good=(friend,),
        channelled=True,
        terrain=[RUIN],
    )
    state, said = cast_power(state, dice, [1, 4, 1], "orc")
    assert after_cast(said) == [
        "Rocks fall on Orc, Warrior, Orc scout.",
        "Saruman's Collapse Rocks on Orc: To Wound 4+ (S5 against D4), rolls 1: fails to wound.",
        "Saruman's Collapse Rocks on Warrior: To Wound 4+ (S5 against D4), rolls 4: wounds.",
        "Warrior suffers 1 Wound from Saruman (0 left).",
        "Warrior is slain.",
        "Saruman's Collapse Rocks on Orc scout: To Wound 4+ (S5 against D4), rolls 1: fails to wound.",
    ]
    assert state.model(CASTER).on_board  # 5" away: out of the rockfall


def test_collapse_rocks_needs_its_target_among_rocks() -> None:
    state, dice = scene("Collapse Rocks", [orc(), FAR], terrain=[{**RUIN, "name": "Wheat field"}])
    assert refused(state, dice, "orc") == (
        "Orc is not in a ruin, building of stone, cave or rocks: no rocks to collapse."
    )


def test_flameburst_is_a_strength_6_hit() -> None:
    state, dice = scene("Flameburst", [orc(), FAR])
    state, said = cast_power(state, dice, [3, 3], "orc")
    assert after_cast(said)[0] == "Saruman's Flameburst on Orc: To Wound 3+ (S6 against D4), rolls 3: wounds."
    assert state.model("orc").status == "casualty"


def test_channelled_flameburst_sets_ablaze_which_the_referee_leaves_to_the_table() -> None:
    state, dice = scene("Flameburst", [orc(), FAR], channelled=True)
    state, said = cast_power(state, dice, [], "orc")
    assert after_cast(said) == [
        "Not modelled by the referee: the Set Ablaze special rule on Orc, which channelled Flameburst gives. "
        "Apply it at the table."
    ]
    assert state.model("orc").wounds == 1 and dice.unused == []


def test_a_model_blasted_into_is_knocked_prone_and_hit_indirectly_without_resist_or_might() -> None:
    captain = model("captain", profile("Orc captain", will=2, might=2, fate=0, tier="minor"), 10, 20)
    state, dice = scene("Sorcerous Blast", [orc(wounds=2), captain], stats={"might": 3})
    state, said = cast_power(state, dice, [6, 5, 1], "orc")  # cast, blasted 5", the hit on the Orc
    assert after_cast(said) == [
        'Orc is blasted 5" directly away from Saruman but stops after 3.0", against Orc captain.',
        "Orc is knocked Prone.",
        "Orc captain is knocked Prone.",
    ]
    orc_now = state.model("orc")
    assert (orc_now.x, orc_now.y) == (10, pytest.approx(20 + BASE_25MM))
    # The Orc was the target: Saruman may spend Might on its To Wound roll; nobody resisted.
    assert (state.pending.kind, state.pending.detail["model"]) == ("spend_might", CASTER)
    dice.script.append(2)  # the captain's indirect hit: 3 Might would make it, but none is offered
    state, events = play(state, [("good", {"type": "keep"})], dice)
    assert texts(events) == [
        "Saruman's Sorcerous Blast on Orc: To Wound 4+ (S5 against D4), rolls 1: fails to wound.",
        "Saruman's Sorcerous Blast on Orc captain: To Wound 5+ (S3 against D4), rolls 2: fails to wound.",
    ]
    assert state.pending.kind == "activate" and state.model(CASTER).might == 3


def test_channelled_sorcerous_blast_hits_harder_and_a_strong_model_stays_standing() -> None:
    troll = model("troll", profile("Cave troll", strength=6, defence=6, wounds=3), 10, 20)
    state, dice = scene("Sorcerous Blast", [orc(), troll], channelled=True)
    state, said = cast_power(state, dice, [6, 3, 5], "orc")
    assert after_cast(said) == [
        'Orc is blasted 6" directly away from Saruman but stops after 3.0", against Cave troll.',
        "Orc is knocked Prone.",
        "Saruman's Sorcerous Blast on Orc: To Wound 3+ (S6 against D4), rolls 3: wounds.",
        "Orc suffers 1 Wound from Saruman (0 left).",
        "Orc is slain.",
        "Saruman's Sorcerous Blast on Cave troll: To Wound 5+ (S4 against D6), rolls 5: wounds.",
        "Cave troll suffers 1 Wound from Saruman (2 left).",
    ]
    assert not state.model("troll").prone


def test_call_winds_blows_its_target_away_and_throws_down_its_combat() -> None:
    foe = model("warrior", profile("Warrior"), 10 + BASE_25MM, 24)
    state, dice = scene("Call Winds", [orc(), FAR], good=(foe,))
    state, said = cast_power(state, dice, [3, 3], "orc")
    assert after_cast(said) == [
        'Orc is blown 3" directly away from Saruman.',
        "Orc is knocked Prone.",
        "Warrior is knocked Prone.",
    ]
    assert state.model("orc").pos == (10, 21)


def test_call_winds_stops_1_inch_short_of_a_model() -> None:
    state, dice = scene("Call Winds", [orc(), orc("orc2", 10, 18)])
    state, said = cast_power(state, dice, [3, 6], "orc")
    assert (
        after_cast(said)[0]
        == 'Orc is blown 6" directly away from Saruman but stops after 4.0", 1" short of Orc.'
    )
    assert state.model("orc").distance_to(state.model("orc2")) == pytest.approx(1.0)


def test_channelled_call_winds_blows_2d6_inches_and_stops_at_the_board_edge() -> None:
    state, dice = scene("Call Winds", [orc(y=8), FAR], channelled=True, at=(10, 16))
    state, said = cast_power(state, dice, [6, 6], "orc")
    assert after_cast(said) == [
        'Orc is blown 12" directly away from Saruman but stops after 7.5", at the board edge.',
        "Orc is knocked Prone.",
    ]
    assert state.model("orc").y == pytest.approx(RADIUS)


def test_tremor_throws_down_and_hits_the_models_under_its_line() -> None:
    beside = orc("orc3", 12, 20)
    state, dice = scene("Tremor", [orc(), orc("orc2", 10, 20, name="Orc scout"), beside])
    state, said = cast_power(state, dice, [3, 4, 3, 2], "orc")  # cast, a 4" line, the two hits
    assert after_cast(said) == [
        'A crack runs 4" from Orc directly away from Saruman: Orc, Orc scout are caught.',
        "Orc is knocked Prone.",
        "Orc scout is knocked Prone.",
        "Saruman's Tremor on Orc: To Wound 3+ (S6 against D4), rolls 3: wounds.",
        "Orc suffers 1 Wound from Saruman (0 left).",
        "Orc is slain.",
        "Saruman's Tremor on Orc scout: To Wound 3+ (S6 against D4), rolls 2: fails to wound.",
    ]
    assert state.model("orc2").prone and not state.model("orc3").prone


def test_tremor_cannot_target_a_model_under_its_line_that_enemy_powers_may_not_target() -> None:
    state, dice = scene("Tremor", [orc(), orc("orc2", 10, 20, name="Orc scout"), FAR])
    state.effects.append(Effect("protection_of_the_valar", "far", "Protection of the Valar", "orc2", "end"))
    state, said = cast_power(state, dice, [3, 4, 2], "orc")  # cast, a 4" line, the Orc's hit
    assert after_cast(said) == [
        "Orc scout is under Protection of the Valar and cannot be targeted by enemy Magical Powers.",
        'A crack runs 4" from Orc directly away from Saruman: Orc is caught.',
        "Orc is knocked Prone.",
        "Saruman's Tremor on Orc: To Wound 3+ (S6 against D4), rolls 2: fails to wound.",
    ]
    assert not state.model("orc2").prone and dice.unused == []


def test_channelled_tremor_runs_2d6_inches_and_catches_the_whole_combat() -> None:
    foe = model("warrior", profile("Warrior"), 10 + BASE_25MM, 24)
    state, dice = scene("Tremor", [orc(), orc("orc2", 10, 20)], good=(foe,), channelled=True)
    state, said = cast_power(state, dice, [1, 1, 2, 6], "orc")  # a 2" line, then the two hits
    assert after_cast(said)[:3] == [
        'A crack runs 2" from Orc directly away from Saruman: Orc, Warrior are caught.',
        "Orc is knocked Prone.",
        "Warrior is knocked Prone.",
    ]
    assert not state.model("orc2").prone and state.model("warrior").status == "casualty"


ARMED = profile("Orc archer", wargear=["Shield", "Bow"], missile={"name": "Bow", "range": 24, "strength": 2})


def test_shatter_destroys_the_piece_of_wargear_the_caster_picks() -> None:
    state, dice = scene("Shatter", [model("archer", ARMED, 10, 24), FAR])
    state, _ = cast_power(state, dice, [3], "archer")
    assert (state.pending.kind, state.pending.side) == ("choose_wargear", "good")
    assert BattleState.from_dict(state.to_dict()).pending == state.pending
    state, events = play(state, [("good", {"type": "shatter", "item": "Bow"})], dice)
    assert texts(events) == [
        "Shatter destroys Orc archer's Bow.",
        "Orc archer can no longer shoot.",
        "Not modelled by the referee: the loss of any special rules that came with Orc archer's Bow. "
        "Apply it at the table.",
    ]
    archer = state.model("archer").profile
    assert archer.wargear == ["Shield"] and archer.missile is None


def test_channelled_shatter_also_hits_at_strength_6() -> None:
    state, dice = scene("Shatter", [orc(wargear=["Orc blade"]), FAR], channelled=True)
    state, said = cast_power(state, dice, [3], "orc")
    assert after_cast(said)[0] == "Shatter destroys Orc's Orc blade."
    assert after_cast(said)[1] == "Orc has lost every weapon it had and fights Unarmed."
    assert after_cast(said)[3] == "Saruman's Shatter on Orc: To Wound 3+ (S6 against D4), rolls 3: wounds."
    assert state.model("orc").profile.wargear == ["Unarmed"]


SHAMAN = profile("Orc shaman", wargear=["Staff", "Dagger"])


def test_your_staff_is_broken_destroys_a_staff() -> None:
    state, dice = scene("Your Staff is Broken", [model("shaman", SHAMAN, 10, 24), FAR])
    state, said = cast_power(state, dice, [3], "shaman")
    assert after_cast(said)[0] == "Your Staff is Broken destroys Orc shaman's Staff."
    assert state.model("shaman").profile.wargear == ["Dagger"]


def test_channelled_your_staff_is_broken_also_hits_at_strength_7() -> None:
    state, dice = scene("Your Staff is Broken", [model("shaman", SHAMAN, 10, 24), FAR], channelled=True)
    state, said = cast_power(state, dice, [2], "shaman")
    assert (
        after_cast(said)[2]
        == "Saruman's Your Staff is Broken on Orc shaman: To Wound 3+ (S7 against D4), rolls 2: fails to wound."
    )


def test_your_staff_is_broken_needs_a_target_with_a_staff() -> None:
    state, dice = scene("Your Staff is Broken", [orc(), FAR])
    assert refused(state, dice, "orc") == "Orc has no staff."


def test_every_power_of_this_module_is_registered_under_its_profile_name() -> None:
    from rules_core.magic import spec_for

    names = [
        "Banishment",
        "Chill Soul",
        "Collapse Rocks",
        "Flameburst",
        "Sorcerous Blast",
        "Call Winds",
        "Tremor",
        "Your Staff is Broken",
        "Shatter",
    ]
    assert [spec_for(power(n, 12, 3)["name"]).name for n in names] == names  # type: ignore[union-attr]
