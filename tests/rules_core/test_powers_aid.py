"""Powers that aid friends, normal and channelled: what each does, the rules it hooks into, and
how long it lasts."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, ScriptedDice, apply
from rules_core.state import Effect

from .builders import (
    BASE_25MM,
    GOOD_PRIORITY,
    NEXT_TURN,
    PASS,
    cast,
    choices,
    deployed,
    hero,
    model,
    play,
    power,
    profile,
    setup,
    skip_to,
    skip_until,
    texts,
)

CHANNEL = {"type": "declare", "hero": "wiz", "action": "heroic_channelling"}
FAR_ORC = model("far-orc", profile("Far orc"), 40, 4)
"""Keeps the Evil army on the board when a test's fight slays its only other model."""


def wizard(*powers: str, **stats) -> dict:
    """A Hero with the named powers (12", casting 3+), Will 3 and no Might unless told."""
    base = dict(
        might=0,
        will=3,
        fate=0,
        powers=[power(name, 12.0, 3) for name in powers],
        heroic_actions=["heroic_channelling"],
    )
    return hero("Wizard", **{**base, **stats})


def ready(good: list, evil: list, channel: bool = False, **extra):
    """Good has Priority and is about to act in its Move phase; with `channel` the wizard ("wiz")
    has declared Heroic Channelling (it needs 1 Might for that)."""
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(setup(good, evil, **extra), dice, priority="good")
    state, _ = skip_until(state, dice, "move")
    while state.pending.kind == "declare_heroic_action":
        side = state.pending.side
        command = CHANNEL if channel and side == "good" else PASS
        channel = channel and command is not CHANNEL
        state, _ = play(state, [(side, command)], dice)
    return state, dice


def cast_and_stand(state, dice, command: dict, faces: list[int]):
    """The wizard casts (the casting dice are `faces`; none when channelled), then stays put."""
    dice.script.extend(faces)
    state, events = play(state, [("good", command)], dice)
    more_state, more = play(state, [("good", {"type": "stand", "model": command["model"]})], dice)
    return more_state, events + more


# Bladewrath -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("channel", "strength", "need", "face"), [(False, 6, 5, 5), (True, 10, 3, 3)])
def test_bladewrath_resolves_the_targets_strikes_at_strength_6_or_10(channel, strength, need, face) -> None:
    state, dice = ready(
        [
            model("wiz", wizard("Bladewrath", might=int(channel)), 20, 26),
            model("war", profile("Warrior", strength=3), 20, 20),
        ],
        [model("orc", profile("Orc", defence=8), 20 + BASE_25MM, 20), FAR_ORC],
        channel=channel,
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Bladewrath", 1, "war"), [] if channel else [3])
    name = "Bladewrath (channelled)" if channel else "Bladewrath"
    assert f"Warrior's Strikes are resolved at Strength {strength} until the End phase." in texts(events)
    assert [(e.kind, e.label, e.target, e.until) for e in state.effects] == [
        ("bladewrath", name, "war", "end")
    ]
    # A Strength 3 Strike could not wound Defence 8 on a single roll: 6/5.
    dice.script.extend([1, 6, face, *NEXT_TURN])  # Duel: Orc 1, Warrior 6; To Wound
    state, events = skip_until(state, dice, "end")
    assert (
        f"Warrior's Strike on Orc: To Wound {need}+ (S{strength} against D8), rolls {face}: wounds."
        in texts(events)
    )
    assert not state.model("orc").on_board and dice.unused == []


# Blessing of the Valar ------------------------------------------------------------------------


def test_blessing_of_the_valar_gives_back_a_spent_fate_point() -> None:
    frodo = hero("Frodo", might=0, will=0, fate=3)
    state, dice = ready(
        [model("wiz", wizard("Blessing of the Valar"), 10, 30), model("frodo", frodo, 14, 30)], [FAR_ORC]
    )
    state.model("frodo").fate = 1
    state, events = cast_and_stand(state, dice, cast("wiz", "Blessing of the Valar", 1, "frodo"), [4])
    assert "Frodo regains 1 Fate from Blessing of the Valar (2 now)." in texts(events)
    assert state.model("frodo").fate == 2


def test_channelled_blessing_of_the_valar_gives_d3_fate_but_never_above_the_start() -> None:
    frodo = hero("Frodo", might=0, will=0, fate=3)
    state, dice = ready(
        [model("wiz", wizard("Blessing of the Valar", might=1), 10, 30), model("frodo", frodo, 14, 30)],
        [FAR_ORC],
        channel=True,
    )
    state.model("frodo").fate = 1
    state, events = cast_and_stand(state, dice, cast("wiz", "Blessing of the Valar", 1, "frodo"), [5])
    assert texts(events)[2:4] == [
        "Blessing of the Valar (channelled): the D3 gives 3.",
        "Frodo regains 2 Fate from Blessing of the Valar (3 now).",
    ]
    assert state.model("frodo").fate == 3


def test_blessing_of_the_valar_on_a_cavalry_model_lets_the_caster_choose_the_mount() -> None:
    steed = hero("Shadowfax", might=0, will=0, fate=2, tier="independent")
    rider = {**model("rider", hero("Rider", might=0, will=0, fate=1), 14, 30), "mount": steed}
    state, dice = ready([model("wiz", wizard("Blessing of the Valar"), 10, 30), rider], [FAR_ORC])
    offer = next(a for a in choices(state, "good") if a.kind == "cast")
    assert [o["value"] for o in offer.params["part"]["options"]] == ["rider", "mount"]
    state.model("rider").mount.fate = 0
    command = cast("wiz", "Blessing of the Valar", 1, "rider", part="mount")
    state, events = cast_and_stand(state, dice, command, [4])
    assert "Shadowfax regains 1 Fate from Blessing of the Valar (1 now)." in texts(events)
    assert (state.model("rider").fate, state.model("rider").mount.fate) == (1, 1)


def test_blessing_of_the_valar_on_a_model_with_all_its_fate_has_no_effect() -> None:
    frodo = hero("Frodo", might=0, will=0, fate=3)
    state, dice = ready(
        [model("wiz", wizard("Blessing of the Valar"), 10, 30), model("frodo", frodo, 14, 30)], [FAR_ORC]
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Blessing of the Valar", 1, "frodo"), [4])
    assert "Frodo has spent no Fate: Blessing of the Valar has no effect." in texts(events)
    assert state.model("frodo").fate == 3


# Enchanted Blades -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("channel", "faces", "lines"),
    [
        (
            False,
            [2, 5],
            [
                "Warrior re-rolls the failed To Wound 2: 5.",
                "Warrior's Strike on Orc: To Wound 5+ (S3 against D4), rolls 5: wounds.",
            ],
        ),
        (
            True,
            [3, 4],
            [
                "Warrior re-rolls the failed To Wound 3: 4.",
                "Warrior's Strike on Orc: To Wound 5+ (S3 against D4), rolls 4 (Enchanted Blades +1): wounds.",
            ],
        ),
    ],
)
def test_enchanted_blades_re_rolls_failed_to_wound_rolls_and_channelled_adds_1(channel, faces, lines) -> None:
    state, dice = ready(
        [
            model("wiz", wizard("Enchanted Blades", might=int(channel)), 20, 26),
            model("war", profile("Warrior", strength=3), 20, 20),
        ],
        [model("orc", profile("Orc", defence=4), 20 + BASE_25MM, 20), FAR_ORC],
        channel=channel,
    )
    command = cast("wiz", "Enchanted Blades", 1, "war")
    state, events = cast_and_stand(state, dice, command, [] if channel else [3])
    extra = " and adds 1 to each" if channel else ""
    assert f"Warrior re-rolls failed To Wound rolls in the Fight phase{extra} until the End phase." in texts(
        events
    )
    dice.script.extend([1, 6, *faces, *NEXT_TURN])  # Duel: Orc 1, Warrior 6; To Wound and its re-roll
    state, events = skip_until(state, dice, "end")
    lines_seen = texts(events)
    at = lines_seen.index(lines[0])
    assert lines_seen[at : at + 2] == lines
    assert not state.model("orc").on_board and dice.unused == []


# Enrage Beast ---------------------------------------------------------------------------------

WARG = profile("Warg", keywords=["Beast", "Warg"], fight=3, strength=4, attacks=1, wounds=2, courage=5)


@pytest.mark.parametrize(("channel", "bonus", "need"), [(False, 2, 5), (True, 3, 4)])
def test_enrage_beast_raises_fight_attacks_strength_courage_and_hits_the_beast_in_the_end_phase(
    channel, bonus, need
) -> None:
    from rules_core.characteristics import courage, fight_value, strength

    state, dice = ready(
        [model("wiz", wizard("Enrage Beast", might=int(channel)), 20, 26), model("warg", WARG, 20, 20)],
        [model("orc", profile("Orc", defence=7), 20 + BASE_25MM, 20), FAR_ORC],
        channel=channel,
    )
    state, events = cast_and_stand(
        state, dice, cast("wiz", "Enrage Beast", 1, "warg"), [] if channel else [3]
    )
    assert (
        f"Warg is enraged: Fight, Attacks, Strength and Courage +{bonus} until the End phase, "
        "when it suffers a Strength 10 hit." in texts(events)
    )
    warg = state.model("warg")
    assert (fight_value(state, warg), strength(state, warg), courage(state, warg)) == (
        3 + bonus,
        4 + bonus,
        5 - bonus,
    )
    duel = [1] + [6] + [1] * bonus  # Orc 1; the Warg rolls 1 + bonus dice
    strikes = [need] + [1] * bonus  # its Strikes, rolled together: the first slays the Orc
    dice.script.extend([*duel, *strikes, 3, *NEXT_TURN])  # then the S10 hit
    state, events = skip_until(state, dice, "end")
    lines = texts(events)
    assert f"Duel: Orc rolls 1; Warg rolls {', '.join(map(str, duel[1:]))}." in lines
    assert f"Warg's Strike on Orc: To Wound {need}+ (S{4 + bonus} against D7), rolls {need}: wounds." in lines
    end = lines.index("End phase of turn 1.")
    assert lines[end + 1 : end + 5] == [
        f"End of Enrage Beast{' (channelled)' if channel else ''}: Warg suffers a Strength 10 hit.",
        "Wizard's Enrage Beast on Warg: To Wound 3+ (S10 against D4), rolls 3: wounds.",
        "Warg suffers 1 Wound from Wizard (1 left).",
        f"Enrage Beast{' (channelled)' if channel else ''} on Warg ends.",
    ]
    assert state.model("warg").wounds == 1 and state.effects == [] and dice.unused == []


@pytest.mark.parametrize(
    ("target", "message"),
    [
        (
            model("orc", profile("Orc"), 14, 30),
            "Enrage Beast targets only a Bat, an unridden Warg or a Spider; Orc is none of these.",
        ),
        (
            {**model("rider", profile("Warg Rider"), 14, 30), "mount": WARG},
            "Warg Rider rides Warg: Enrage Beast targets only an unridden Warg.",
        ),
    ],
)
def test_enrage_beast_targets_only_a_bat_an_unridden_warg_or_a_spider(target, message) -> None:
    state, dice = ready([model("wiz", wizard("Enrage Beast"), 10, 30), target], [FAR_ORC])
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", cast("wiz", "Enrage Beast", 1, target["id"]), dice)
    assert refused.value.message == message


# Fortify Spirit -------------------------------------------------------------------------------

SORCERER = hero("Sorcerer", might=0, will=3, fate=0, powers=[power("Immobilise", 12.0, 3)])


@pytest.mark.parametrize(
    ("channel", "chance", "resisted"),
    [
        (False, 0.5556, "rolls 4, 2, needing 5: not enough."),
        (True, 0.75, "rolls 4, 2 (+1 to the highest), needing 5: resisted."),
    ],
)
def test_fortify_spirit_gives_two_free_resist_dice_and_channelled_adds_1_to_the_highest(
    channel, chance, resisted
) -> None:
    state, dice = ready(
        [
            model("wiz", wizard("Fortify Spirit", might=int(channel)), 10, 30),
            model("sam", profile("Sam"), 14, 30),
        ],
        [model("sorcerer", SORCERER, 14, 20)],
        channel=channel,
    )
    state, events = cast_and_stand(
        state, dice, cast("wiz", "Fortify Spirit", 1, "sam"), [] if channel else [3]
    )
    extra = " and 1 added to the highest" if channel else ""
    assert f"Sam rolls two extra Resist dice{extra} while Fortify Spirit lasts." in texts(events)
    assert [(e.kind, e.target, e.until) for e in state.effects] == [("fortify_spirit", "sam", "exhaustion")]
    dice.script.append(5)
    immobilise = cast("sorcerer", "Immobilise", 1, "sam")
    state, _ = play(state, [("good", {"type": "end_moves"}), ("evil", immobilise)], dice)
    # Sam has no Will, yet resists with the two free dice.
    offers = choices(state, "good")
    assert [a.label for a in offers] == ["Sam: resist with no Will (2 dice + 2 free)", "Do not resist"]
    assert offers[0].odds["outcomes"][0]["p"] == chance
    assert offers[0].odds["outcomes"][0]["exact"] == (
        {"num": 3, "den": 4} if channel else {"num": 5, "den": 9}
    )
    dice.script.extend([4, 2])
    state, events = play(state, [("good", offers[0].command)], dice)
    assert texts(events)[0] == f"Sam resists with 2 dice (2 of them free): {resisted}"
    assert bool(state.effects_on(state.model("sam"), "immobilise")) is not channel


# Protection of the Valar ----------------------------------------------------------------------

SHAMAN = hero("Shaman", might=0, will=3, fate=0, powers=[power("Black Dart", 12.0, 5)])


def evil_casts_black_dart_at(state, dice, target: str):
    """Good finishes moving; Evil's Shaman tries Black Dart at `target`: the state and the refusal."""
    state, _ = play(state, [("good", {"type": "end_moves"})], dice)
    with pytest.raises(RuleViolation) as refused:
        apply(state, "evil", cast("shaman", "Black Dart", 1, target), dice)
    return state, refused.value.message


def test_protection_of_the_valar_stops_enemy_powers_targeting_a_friend_within_3() -> None:
    frodo = hero("Frodo", might=0, will=0, fate=0)
    state, dice = ready(
        [model("wiz", wizard("Protection of the Valar"), 10, 30), model("frodo", frodo, 12, 30)],
        [model("shaman", SHAMAN, 10, 22)],
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Protection of the Valar", 1, "frodo"), [3])
    assert texts(events)[2:4] == [
        "Frodo cannot be targeted by enemy Magical Powers until the End phase.",
        "Not modelled by the referee: enemy special rules may not target Frodo either. Apply it at the table.",
    ]
    _, message = evil_casts_black_dart_at(state, dice, "frodo")
    assert message == "Frodo is under Protection of the Valar and cannot be targeted by enemy Magical Powers."


def test_protection_of_the_valar_reaches_only_the_caster_or_a_friend_within_3() -> None:
    state, dice = ready(
        [model("wiz", wizard("Protection of the Valar"), 10, 30), model("sam", profile("Sam"), 15, 30)],
        [FAR_ORC],
    )
    offer = next(a for a in choices(state, "good") if a.kind == "cast")
    assert [o["value"] for o in offer.params["target"]["options"]] == ["wiz"]
    with pytest.raises(RuleViolation) as refused:
        apply(state, "good", cast("wiz", "Protection of the Valar", 1, "sam"), dice)
    assert (
        refused.value.message
        == 'Protection of the Valar targets the caster or a friend within 3": Sam is 4.0" away.'
    )


def test_channelled_protection_of_the_valar_covers_every_friend_within_3_of_the_caster() -> None:
    state, dice = ready(
        [
            model("wiz", wizard("Protection of the Valar", might=1), 10, 30),
            model("sam", profile("Sam"), 12, 30),
            model("far", profile("Far friend"), 20, 30),
        ],
        [model("shaman", SHAMAN, 10, 22)],
        channel=True,
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Protection of the Valar", 1, "wiz"), [])
    assert (
        'Wizard and every friend within 3" of them cannot be targeted by enemy Magical Powers until the End phase.'
        in texts(events)
    )
    state, message = evil_casts_black_dart_at(state, dice, "sam")
    assert (
        message
        == "Sam is under Protection of the Valar (channelled) and cannot be targeted by enemy Magical Powers."
    )
    dart = next(a for a in choices(state, "evil") if a.kind == "cast")
    assert [o["value"] for o in dart.params["target"]["options"]] == ["far"]


# Refreshing Song ------------------------------------------------------------------------------


def wounded_frodo(state) -> None:
    """Frodo (3 Wounds, 2 Might, Will and Fate) down to 1 Wound and nothing in store, under an
    enemy's Immobilise and a friend's Fortify Spirit."""
    frodo = state.model("frodo")
    frodo.wounds, frodo.might, frodo.will, frodo.fate = 1, 0, 0, 0
    state.effects += [
        Effect("immobilise", "far-orc", "Immobilise", "frodo", "end"),
        Effect("fortify_spirit", "wiz", "Fortify Spirit", "frodo", "exhaustion"),
    ]


@pytest.mark.parametrize(("channel", "wounds"), [(False, 1), (True, 2)])
def test_refreshing_song_recovers_wounds_might_will_fate_and_ends_enemy_powers(channel, wounds) -> None:
    frodo = hero("Frodo", might=2, will=2, fate=2, wounds=3)
    state, dice = ready(
        [model("wiz", wizard("Refreshing Song", might=int(channel)), 10, 30), model("frodo", frodo, 14, 30)],
        [FAR_ORC],
        channel=channel,
    )
    wounded_frodo(state)
    state, events = cast_and_stand(
        state, dice, cast("wiz", "Refreshing Song", 1, "frodo"), [] if channel else [3]
    )
    plural = "s" if wounds > 1 else ""
    assert texts(events)[2:7] == [
        f"Frodo regains {wounds} Wound{plural} from Refreshing Song ({1 + wounds} now).",
        "Frodo regains 1 Might from Refreshing Song (1 now).",
        "Frodo regains 1 Will from Refreshing Song (1 now).",
        "Frodo regains 1 Fate from Refreshing Song (1 now).",
        "Immobilise on Frodo ends (Refreshing Song).",
    ]
    frodo_now = state.model("frodo")
    assert (frodo_now.wounds, frodo_now.might, frodo_now.will, frodo_now.fate) == (1 + wounds, 1, 1, 1)
    assert [e.kind for e in state.effects] == ["fortify_spirit"]


def test_refreshing_song_says_what_it_leaves_to_the_table() -> None:
    state, dice = ready(
        [model("wiz", wizard("Refreshing Song"), 10, 30), model("sam", profile("Sam"), 14, 30)], [FAR_ORC]
    )
    state.model("sam").stat_mods["strength"] = -1
    state, events = cast_and_stand(state, dice, cast("wiz", "Refreshing Song", 1, "sam"), [3])
    assert (
        "Not modelled by the referee: undoing lasting changes to Sam's characteristics by enemy powers. "
        "Apply it at the table." in texts(events)
    )


# Renew ----------------------------------------------------------------------------------------


def test_renew_gives_back_a_lost_wound() -> None:
    state, dice = ready(
        [model("wiz", wizard("Renew"), 10, 30), model("sam", profile("Sam", wounds=2), 14, 30)], [FAR_ORC]
    )
    state.model("sam").wounds = 1
    state, events = cast_and_stand(state, dice, cast("wiz", "Renew", 1, "sam"), [3])
    assert "Sam regains 1 Wound from Renew (2 now)." in texts(events)
    assert state.model("sam").wounds == 2


def test_channelled_renew_gives_back_d3_lost_wounds() -> None:
    state, dice = ready(
        [model("wiz", wizard("Renew", might=1), 10, 30), model("sam", profile("Sam", wounds=4), 14, 30)],
        [FAR_ORC],
        channel=True,
    )
    state.model("sam").wounds = 1
    state, events = cast_and_stand(state, dice, cast("wiz", "Renew", 1, "sam"), [3])
    assert texts(events)[2:4] == [
        "Renew (channelled): the D3 gives 2.",
        "Sam regains 2 Wounds from Renew (3 now).",
    ]
    assert state.model("sam").wounds == 3


def test_renew_on_a_cavalry_model_can_heal_the_mount() -> None:
    horse = profile("Horse", wounds=2)
    rider = {**model("rider", profile("Rider"), 14, 30), "mount": horse}
    state, dice = ready([model("wiz", wizard("Renew"), 10, 30), rider], [FAR_ORC])
    state.model("rider").mount.wounds = 1
    state, events = cast_and_stand(state, dice, cast("wiz", "Renew", 1, "rider", part="mount"), [3])
    assert "Horse regains 1 Wound from Renew (2 now)." in texts(events)
    assert state.model("rider").mount.wounds == 2


def test_renew_on_an_unhurt_model_has_no_effect() -> None:
    state, dice = ready(
        [model("wiz", wizard("Renew"), 10, 30), model("sam", profile("Sam"), 14, 30)], [FAR_ORC]
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Renew", 1, "sam"), [3])
    assert "Sam has lost no Wounds: Renew has no effect." in texts(events)


# Shroud of Shadows ----------------------------------------------------------------------------

ARCHER = profile("Archer", shoot=4, missile={"name": "Orc bow", "range": 24.0, "strength": 2})


def test_shroud_of_shadows_hides_its_target_from_enemy_shooting_and_powers() -> None:
    state, dice = ready(
        [model("wiz", wizard("Shroud of Shadows"), 10, 30), model("sam", profile("Sam"), 14, 30)],
        [model("shaman", SHAMAN, 10, 22), model("archer", ARCHER, 20, 10)],
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Shroud of Shadows", 1, "sam"), [3])
    assert texts(events)[2:4] == [
        "Sam is invisible until the End phase: enemy shooting and Magical Powers cannot target it.",
        "Not modelled by the referee: enemy special rules may not target Sam either. Apply it at the table.",
    ]
    state, message = evil_casts_black_dart_at(state, dice, "sam")
    assert message == "Sam is under Shroud of Shadows and cannot be targeted by enemy Magical Powers."
    state, _ = skip_to(state, dice, stop="shoot")
    assert state.pending.side == "evil"
    with pytest.raises(RuleViolation) as refused:
        apply(state, "evil", {"type": "shoot", "model": "archer", "target": "sam"}, dice)
    assert refused.value.message == "Sam is hidden by Shroud of Shadows and cannot be targeted."


def test_channelled_shroud_of_shadows_halves_the_fight_value_of_enemies_fighting_its_target() -> None:
    state, dice = ready(
        [
            model("wiz", wizard("Shroud of Shadows", might=1), 20, 26),
            model("sam", profile("Sam", fight=4), 20, 20),
        ],
        [model("orc", profile("Orc", fight=5), 20 + BASE_25MM, 20), FAR_ORC],
        channel=True,
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Shroud of Shadows", 1, "sam"), [])
    assert (
        "Sam is invisible until the End phase: enemy shooting and Magical Powers cannot target it; "
        "enemies fighting it halve their Fight value." in texts(events)
    )
    # Both roll 4: the Orc's Fight 5 is halved to 3 (rounding up), so Sam's 4 wins the tie.
    dice.script.extend([4, 4, 1, *NEXT_TURN])  # Duel: Orc 4, Sam 4; Sam's To Wound 1
    state, events = skip_until(state, dice, "end")
    assert "Good wins the Duel (both rolled 4, higher Fight Value 4)." in texts(events)
    assert dice.unused == []


# Blinding Light -------------------------------------------------------------------------------


def shoot_at(state, dice, target: str, face: int):
    """Skip to Evil's shooting; its Archer shoots at `target`, rolling `face` To Hit, and the turn
    plays on to the next one's Priority."""
    state, _ = skip_to(state, dice, stop="shoot")
    dice.script.extend([face, *NEXT_TURN])
    return play(state, [("evil", {"type": "shoot", "model": "archer", "target": target})], dice)


def test_blinding_light_makes_shots_at_the_caster_and_friends_within_6_hit_only_on_a_6() -> None:
    state, dice = ready(
        [model("wiz", wizard("Blinding Light"), 10, 30), model("sam", profile("Sam"), 15, 30)],
        [model("archer", ARCHER, 10, 14)],
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Blinding Light", 1), [3])
    assert texts(events)[2:4] == [
        'Shots at Wizard or a friend within 6" of them hit only on a 6 until the End phase.',
        'Not modelled by the referee: the light within 12" of Wizard counts as daylight. Apply it at the table.',
    ]
    assert [(e.kind, e.target, e.until) for e in state.effects] == [("blinding_light", "", "end")]
    state, events = shoot_at(state, dice, "sam", 5)
    assert "Archer shoots at Sam: To Hit 6+ (Blinding Light: only a 6 hits), rolls 5: miss." in texts(events)
    assert "Blinding Light ends." in texts(events) and state.effects == []


def test_channelled_blinding_light_lasts_until_the_caster_has_no_will() -> None:
    state, dice = ready(
        [model("wiz", wizard("Blinding Light", might=1), 10, 30)],
        [model("archer", ARCHER, 10, 14)],
        channel=True,
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Blinding Light", 1), [])
    assert (
        'Shots at Wizard or a friend within 6" of them hit only on a 6 while Wizard has Will left.'
        in texts(events)
    )
    assert [(e.kind, e.until) for e in state.effects] == [("blinding_light", "exhaustion")]
    state, events = shoot_at(state, dice, "wiz", 5)
    assert "Archer shoots at Wizard: To Hit 6+ (Blinding Light: only a 6 hits), rolls 5: miss." in texts(
        events
    )
    assert state.turn == 2 and [e.kind for e in state.effects] == ["blinding_light"]


# Temporary powers end in the End phase --------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "target", "end_dice", "line"),
    [
        ("Bladewrath", "sam", [], "Bladewrath on Sam ends."),
        ("Enchanted Blades", "sam", [], "Enchanted Blades on Sam ends."),
        ("Enrage Beast", "warg", [1], "Enrage Beast on Warg ends."),  # its Strength 10 hit rolls 1
        ("Protection of the Valar", "wiz", [], "Protection of the Valar ends."),
        ("Shroud of Shadows", "sam", [], "Shroud of Shadows on Sam ends."),
        ("Blinding Light", None, [], "Blinding Light ends."),
    ],
)
def test_a_temporary_power_ends_in_the_end_phase(name, target, end_dice, line) -> None:
    state, dice = ready(
        [
            model("wiz", wizard(name), 10, 30),
            model("sam", profile("Sam"), 14, 30),
            model("warg", WARG, 10, 34),
        ],
        [FAR_ORC],
    )
    state, _ = cast_and_stand(state, dice, cast("wiz", name, 1, target), [3])
    assert [e.kind for e in state.effects] == [name.lower().replace(" ", "_")]
    dice.script.extend([*end_dice, *NEXT_TURN])
    state, events = skip_until(state, dice, "priority")
    assert line in texts(events)
    assert state.effects == [] and dice.unused == []
