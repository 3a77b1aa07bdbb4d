"""Powers around their caster, normal and channelled: Aura of Command, Aura of Dismay, Terrifying Aura, Fury (X)."""

from __future__ import annotations

import pytest

from rules_core.courage import causes_terror
from rules_core.effects import wound_ward

from .builders import BASE_25MM, NEXT_TURN, cast, choices, hero, model, play, profile, skip_until, texts
from .test_powers_aid import FAR_ORC, cast_and_stand, ready, wizard


def charge(state, dice, mover: str, target: str, faces: list[int]):
    """Good finishes moving; Evil's `mover` charges `target` (its Courage dice are `faces`)."""
    if state.pending.side == "good":
        state, _ = play(state, [("good", {"type": "end_moves"})], dice)
    offer = next(a for a in choices(state, "evil") if a.kind == "charge" and a.command["model"] == mover)
    label = next(o["label"] for o in offer.params["target"]["options"] if o["value"] == target)
    end = state.model(target)
    path = [[end.x, end.y - BASE_25MM]]
    dice.script.extend(faces)
    state, events = play(state, [("evil", {**offer.command, "target": target, "path": path})], dice)
    return state, events, label


# Aura of Command ------------------------------------------------------------------------------

TROLL = profile("Troll", special_rules=["Terror"], base_mm=40.0)
TROLL_REACH = 40 / 25.4 / 2 + BASE_25MM / 2
"""Centre to centre, a troll and a 25mm model in base contact."""


@pytest.mark.parametrize("channel", [False, True])
def test_aura_of_command_passes_every_courage_test_of_the_caster_and_friends_within_6_or_12(channel) -> None:
    state, dice = ready(
        [
            model("wiz", wizard("Aura of Command", might=int(channel)), 10, 30),
            model("sam", profile("Sam"), 14, 30),  # 3" from the wizard
            model("pip", profile("Pip"), 20, 30),  # 9"
        ],
        [model("troll", TROLL, 14, 24), model("troll2", {**TROLL, "name": "Second troll"}, 20, 24)],
        channel=channel,
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Aura of Command", 1), [] if channel else [3])
    reach = 12 if channel else 6
    assert f'Wizard and friends within {reach}" pass every Courage test while it lasts.' in texts(events)
    assert [(e.kind, e.target, e.until) for e in state.effects] == [("aura_of_command", "", "exhaustion")]
    offer = next(a for a in choices(state, "good") if a.kind == "charge" and a.group == "sam")
    assert [o["label"] for o in offer.params["target"]["options"]] == ["Troll"]  # no odds: it cannot fail
    command = {"type": "charge", "model": "sam", "target": "troll", "path": [[14, 24 + TROLL_REACH]]}
    state, events = play(state, [("good", command)], dice)  # no dice: the test is passed without a roll
    assert texts(events)[0] == (
        "Sam passes its Courage test (to charge Troll, who causes Terror): Wizard's Aura of Command."
    )
    if not channel:
        dice.script.extend([1, 2])
    command = {"type": "charge", "model": "pip", "target": "troll2", "path": [[20, 24 + TROLL_REACH]]}
    state, events = play(state, [("good", command)], dice)
    assert texts(events)[0] == (
        "Pip passes its Courage test (to charge Second troll, who causes Terror): Wizard's Aura of Command."
        if channel
        else "Pip takes a Courage test (to charge Second troll, who causes Terror), needing 6+: "
        "rolls 1 + 2 = 3, failed."
    )
    assert dice.unused == []


# Aura of Dismay -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("channel", "charged", "terror"),
    [(False, "sam", [True, True, False, False]), (True, "pip", [True, True, True, False])],
)
def test_aura_of_dismay_makes_the_caster_and_friends_within_6_or_12_cause_terror(
    channel, charged, terror
) -> None:
    friends = [("sam", "Sam", 14), ("pip", "Pip", 20), ("far", "Far friend", 30)]
    state, dice = ready(
        [
            model("wiz", wizard("Aura of Dismay", might=int(channel)), 10, 30),
            *[model(i, profile(name), x, 30) for i, name, x in friends],
        ],
        [model("orc", profile("Orc"), {"sam": 14, "pip": 20}[charged], 24), FAR_ORC],
        channel=channel,
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Aura of Dismay", 1), [] if channel else [3])
    reach = 12 if channel else 6
    assert f'Wizard and friends within {reach}" cause Terror while it lasts.' in texts(events)
    assert [
        causes_terror(state, state.model(i), state.model("orc")) for i in ("wiz", "sam", "pip", "far")
    ] == terror
    name = state.model(charged).name
    state, events, label = charge(state, dice, "orc", charged, [3, 4])
    assert label == f"{name} (Terror: Courage 6+, 72%)"
    assert texts(events)[:2] == [
        f"Orc takes a Courage test (to charge {name}, who causes Terror), needing 6+: rolls 3 + 4 = 7, passed.",
        f'Orc charges {name} (5.0").',
    ]


# Terrifying Aura ------------------------------------------------------------------------------


def test_terrifying_aura_makes_the_caster_cause_terror() -> None:
    state, dice = ready(
        [model("wiz", wizard("Terrifying Aura"), 10, 30), model("sam", profile("Sam"), 12, 30)],
        [model("orc", profile("Orc"), 10, 24), FAR_ORC],
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Terrifying Aura", 1), [3])
    assert "Wizard causes Terror while it lasts." in texts(events)
    assert (
        causes_terror(state, state.model("wiz"), state.model("orc")),
        causes_terror(state, state.model("sam"), state.model("orc")),
    ) == (
        True,
        False,
    )
    state, events, label = charge(state, dice, "orc", "wiz", [2, 3])
    assert label == "Wizard (Terror: Courage 6+, 72%)"
    assert texts(events)[:2] == [
        "Orc takes a Courage test (to charge Wizard, who causes Terror), needing 6+: rolls 2 + 3 = 5, failed.",
        "Orc does not dare to charge and cannot move this phase.",
    ]


def test_channelled_terrifying_aura_makes_a_charger_test_on_3d6_dropping_the_highest() -> None:
    state, dice = ready(
        [model("wiz", wizard("Terrifying Aura", might=1), 10, 30)],
        [model("orc", profile("Orc"), 10, 24), FAR_ORC],
        channel=True,
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Terrifying Aura", 1), [])
    assert (
        "Wizard causes Terror while it lasts; a model wishing to charge them takes its Courage test on 3D6, "
        "dropping the highest." in texts(events)
    )
    # On 2D6 the 6 and the 2 would pass; dropping the highest of three leaves 2 + 3 = 5, a fail.
    state, events, label = charge(state, dice, "orc", "wiz", [6, 2, 3])
    assert label == "Wizard (Terror: Courage 6+ on 3D6 dropping the highest, 48%)"
    assert texts(events)[:2] == [
        "Orc takes a Courage test (to charge Wizard, who causes Terror), needing 6+: "
        "rolls 2 + 3 (dropping 6) = 5, failed.",
        "Orc does not dare to charge and cannot move this phase.",
    ]
    assert state.model("orc").y == 24 and dice.unused == []


# Fury (X) -------------------------------------------------------------------------------------


def goblin(name: str, **stats) -> dict:
    return profile(name, keywords=["Infantry", "Goblin"], **stats)


def shaman(**stats) -> dict:
    return wizard("Fury (Goblin)", keywords=["Infantry", "Hero", "Goblin"], **stats)


def test_fury_makes_friendly_models_of_its_kind_within_6_pass_every_courage_test() -> None:
    troll = profile("Troll", special_rules=["Terror"], base_mm=40.0)
    state, dice = ready(
        [
            model("wiz", shaman(), 10, 30),
            model("gob", goblin("Goblin"), 14, 30),
            model("orc", profile("Orc"), 12, 34),
            model("gob-far", goblin("Far goblin"), 30, 30),
        ],
        [model("troll", troll, 14, 24)],
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Fury (Goblin)", 1), [3])
    assert "Fury (Goblin): Wizard, Goblin pass every Courage test while it lasts." in texts(events)
    assert [(e.kind, e.target, e.until) for e in state.effects] == [
        ("fury", "wiz", "exhaustion"),
        ("fury", "gob", "exhaustion"),
    ]
    troll_model = state.model("troll")
    path = [[troll_model.x, troll_model.y + troll_model.radius + state.model("gob").radius]]
    command = {"type": "charge", "model": "gob", "target": "troll", "path": path}
    state, events = play(state, [("good", command)], dice)  # no dice: the test is passed without a roll
    assert texts(events)[:2] == [
        "Goblin passes its Courage test (to charge Troll, who causes Terror): Wizard's Fury.",
        'Goblin charges Troll (4.7").',
    ]


def test_channelled_fury_ignores_a_wound_on_a_6_and_might_may_make_the_6() -> None:
    captain = hero("Goblin Captain", might=1, will=0, fate=0, keywords=["Infantry", "Hero", "Goblin"])
    state, dice = ready(
        [model("wiz", shaman(might=1), 10, 30), model("cap", captain, 14, 30)],
        [model("orc", profile("Orc", attacks=3, strength=6), 14 + BASE_25MM, 30), FAR_ORC],
        channel=True,
    )
    state, events = cast_and_stand(state, dice, cast("wiz", "Fury (Goblin)", 1), [])
    assert (
        "Fury (Goblin): Wizard, Goblin Captain pass every Courage test while it lasts; a Wound they "
        'suffer within 6" of a friend who cast Fury is ignored on a 6.' in texts(events)
    )
    # Duel: the Captain 1, 1; the Orc 6, 6, 6. Three Strikes at 3+ rolled together each wound; Fury
    # rolls 6, then 5.
    dice.script.extend([1, 1, 6, 6, 6, 3, 3, 3, 6, 5])
    state, events = skip_until(state, dice, "end")
    lines = texts(events)
    assert lines[lines.index('Goblin Captain backs away 1".') + 1 :] == [
        "Orc's Strike on Goblin Captain: To Wound 3+ (S6 against D4), rolls 3: wounds.",
    ] * 3 + [
        "Fury roll for Goblin Captain: the Wound is ignored.",
        "Fury roll for Goblin Captain: 5, not enough yet.",
    ]
    assert state.pending.label == "Goblin Captain's Fury roll of 5 fails: spend Might?"
    dice.script.extend([2, *NEXT_TURN])  # the third Wound: Fury rolls 2 and no Might is left
    state, events = play(state, [("good", {"type": "might", "model": "cap", "amount": 1})], dice)
    assert texts(events)[:5] == [
        "Goblin Captain spends 1 Might on the Fury roll of 5 (0 left).",
        "Fury roll for Goblin Captain: the Wound is ignored.",
        "Fury roll for Goblin Captain: 2, the Wound stands.",
        "Goblin Captain suffers 1 Wound from Orc (1 left).",
        "End phase of turn 1.",
    ]
    assert dice.unused == []
    # Out of range of every friend who cast Fury, the roll is not made.
    cap = state.model("cap")
    assert wound_ward(state, cap)
    cap.x = 30.0
    assert not wound_ward(state, cap)


def test_fury_in_its_normal_form_gives_no_roll_against_wounds() -> None:
    state, dice = ready(
        [model("wiz", shaman(), 10, 30), model("gob", goblin("Goblin", wounds=2), 14, 30)],
        [model("orc", profile("Orc", strength=6), 14 + BASE_25MM, 30), FAR_ORC],
    )
    state, _ = cast_and_stand(state, dice, cast("wiz", "Fury (Goblin)", 1), [3])
    dice.script.extend([1, 6, 3, *NEXT_TURN])  # Duel: Goblin 1, Orc 6; To Wound 3
    state, events = skip_until(state, dice, "end")
    assert "Goblin suffers 1 Wound from Orc (1 left)." in texts(events)
    assert not [e for e in events if e["type"].startswith("fury")] and dice.unused == []
