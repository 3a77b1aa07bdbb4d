"""The limits of each Heroic Action, the clash roll, shouts, and Hero mounts sharing their stores."""

from __future__ import annotations

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, legal_actions, new_battle
from rules_core.casualties import remove_casualty
from rules_core.engine import run_to_decision
from rules_core.frame import Ctx
from rules_core.magic.casting import free_resist_dice
from rules_core.state import Effect
from rules_core.wounds import ToWound

from .builders import (
    BASE_25MM,
    GOOD_PRIORITY,
    NEXT_TURN,
    PASS,
    choices,
    deployed,
    hero,
    model,
    play,
    profile,
    setup,
    skip_until,
    texts,
    to_fight,
)

BOW = {"name": "Bow", "range": 24.0, "strength": 2}


def declare(hero_id: str, action: str, **params) -> dict:
    return {"type": "declare", "hero": hero_id, "action": action, **params}


def refused(state, side, command, dice=None) -> RuleViolation:
    before = state.to_dict()
    with pytest.raises(RuleViolation) as error:
        apply(state, side, command, dice or ScriptedDice())
    assert state.to_dict() == before
    return error.value


def test_with_me_friends_activate_within_6_inches_or_forgo() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [
                model("eomer", hero("Eomer"), 10, 40),
                model("rider", profile("Rider"), 13, 40),
                model("other", profile("Other rider"), 14, 43),
                model("far", profile("Far rider"), 30, 40),
            ],
            [model("orc", profile("Orc"), 10, 4)],
        ),
        dice,
        priority="evil",
    )
    state, _ = play(state, [("good", declare("eomer", "heroic_move"))], dice)
    assert state.pending.kind == "heroic_action"
    move = next(a for a in legal_actions(state, "good") if a.kind == "move")
    assert move.params["shout"]["options"][0] == {"value": True, "label": "Shout With Me"}
    state, events = play(
        state, [("good", {"type": "move", "model": "eomer", "path": [[10, 34]], "shout": True})], dice
    )
    assert 'Eomer shouts "With Me": Rider, Other rider.' in texts(events)
    assert state.pending.label == "Good moves the models answering With Me"
    assert {a.group for a in choices(state, "good") if a.group} == {"rider", "other"}
    error = refused(state, "good", {"type": "move", "model": "rider", "path": [[19, 40]]})
    assert error.message == 'Rider must finish within 6" of Eomer (With Me).'
    state, _ = play(state, [("good", {"type": "move", "model": "rider", "path": [[13, 35]]})], dice)
    state, events = play(state, [("good", {"type": "end_moves"})], dice)
    assert "The rest forgo their activation." in texts(events)
    # Evil (Priority) moves next; then Good's ordinary activations offer only the far rider.
    assert (state.pending.kind, state.pending.side) == ("activate", "evil")
    state, _ = play(state, [("evil", {"type": "end_moves"})], dice)
    assert {a.group for a in choices(state, "good") if a.group} == {"far"}
    assert state.model("other").activated and state.model("other").pos == (14.0, 43.0)


def test_a_second_heroic_mover_answering_with_me_loses_its_own_heroic_move() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("eomer", hero("Eomer"), 10, 40), model("theoden", hero("Theoden"), 13, 40)],
            [model("orc", profile("Orc"), 10, 4)],
        ),
        dice,
        priority="evil",
    )
    state, _ = play(
        state, [("good", declare("eomer", "heroic_move")), ("good", declare("theoden", "heroic_move"))], dice
    )
    state, events = play(state, [("good", {"type": "stand", "model": "eomer", "shout": True})], dice)
    assert (
        "Theoden's Heroic Move is cancelled (Theoden answers Eomer's With Me); the Might is lost."
        in texts(events)
    )
    assert state.model("theoden").might == 2


def test_a_heroic_move_is_cancelled_if_the_hero_is_charged_first() -> None:
    dice = ScriptedDice([6, 1, 2])  # Good chooses; the clash roll 2: Evil goes first
    state = deployed(
        setup(
            [model("eomer", hero("Eomer"), 10, 20)],
            [model("gothmog", hero("Gothmog"), 10, 15), model("orc", profile("Orc"), 30, 4)],
        ),
        dice,
        priority="good",
    )
    state, _ = play(
        state, [("evil", declare("gothmog", "heroic_move")), ("good", declare("eomer", "heroic_move"))], dice
    )
    assert (state.pending.kind, state.pending.side) == ("heroic_action", "evil")
    charge = {"type": "charge", "model": "gothmog", "target": "eomer", "path": [[10, 19]]}
    state, events = play(state, [("evil", charge)], dice)
    assert "Eomer's Heroic Move is cancelled (Eomer is Engaged); the Might is lost." in texts(events)
    assert state.model("eomer").might == 2
    assert state.pending.kind == "activate"


IMMOBILISE = {"name": "Immobilise", "range": 12.0, "casting": 3}


def sorcerer(might: int = 0) -> dict:
    return hero("Sorcerer", might=might, will=3, fate=0, powers=[IMMOBILISE])


@pytest.mark.parametrize(
    ("stopped_by", "why"),
    [("charge", "Captain is Engaged"), ("immobilise", "Captain is under Immobilise")],
)
def test_a_heroic_march_is_cancelled_if_the_hero_is_charged_or_transfixed_before_acting(
    stopped_by, why
) -> None:
    captain = hero("Captain", might=2, will=0, heroic_actions=["heroic_march"], tier="minor")
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("captain", captain, 10, 20), model("man", profile("Man"), 13, 20)],
            [model("orc", profile("Orc"), 10, 15), model("wiz", sorcerer(), 20, 12)],
        ),
        dice,
        priority="evil",
    )
    state, _ = play(state, [("good", declare("captain", "heroic_march"))], dice)
    assert state.model("captain").might == 1 and state.pending.side == "evil"
    if stopped_by == "charge":
        steps = [("evil", {"type": "charge", "model": "orc", "target": "captain", "path": [[10, 19]]})]
    else:
        dice.script.append(4)  # the Casting test; the Captain has no Will to resist
        steps = [
            ("evil", {"type": "cast", "model": "wiz", "power": "Immobilise", "will": 1, "target": "captain"}),
            ("evil", {"type": "stand", "model": "wiz"}),
        ]
    state, events = play(state, steps, dice)
    assert f"Captain's Heroic March is cancelled ({why}); the Might is lost." in texts(events)
    assert state.model("captain").might == 1 and not state.effects_on(state.model("captain"), "heroic_march")
    # Good's turn: the Captain may only stay put, and cannot shout "At the Double".
    state, _ = play(state, [("evil", {"type": "end_moves"})], dice)
    stand = next(a for a in choices(state, "good") if a.group == "captain")
    assert (stand.kind, stand.params) == ("stand", {})
    refused(state, "good", {"type": "stand", "model": "captain", "shout": True})


def test_a_heroic_march_adds_3_inches_once_the_hero_is_on_foot_though_declared_mounted() -> None:
    captain = hero("Captain", move=6.0, might=1, will=0, heroic_actions=["heroic_march"], tier="minor")
    panic = {"name": "Panic Steed", "range": 12.0, "casting": 3}
    dice = ScriptedDice([*GOOD_PRIORITY, 4, 6])  # Good chooses; the Casting test 4; Thrown Rider 6
    state = deployed(
        setup(
            [{**model("captain", captain, 10, 30), "mount": profile("Horse", move=10.0)}],
            [model("wiz", hero("Sorcerer", might=0, will=3, powers=[panic]), 10, 20)],
        ),
        dice,
        priority="evil",
    )
    state, _ = play(state, [("good", declare("captain", "heroic_march"))], dice)
    cast = {"type": "cast", "model": "wiz", "power": "Panic Steed", "will": 1, "target": "captain"}
    state, events = play(state, [("evil", cast), ("evil", {"type": "stand", "model": "wiz"})], dice)
    assert "Horse flees in panic; Captain must take a Thrown Rider test." in texts(events)
    assert "Captain leaps into action on foot." in texts(events)
    move = next(a for a in choices(state, "good") if a.group == "captain" and a.kind == "move")
    assert move.params["path"]["max_length"] == 9.0  # on foot: 6" + 3", not + 5"


def test_a_heroic_move_is_cancelled_if_the_hero_is_transfixed_before_it_acts() -> None:
    dice = ScriptedDice([6, 1, 2, 4])  # Good chooses; the clash roll 2: Evil first; the Casting test 4
    state = deployed(
        setup(
            [model("eomer", hero("Eomer", will=0), 10, 20), model("rider", profile("Rider"), 13, 20)],
            [model("wiz", sorcerer(might=1), 10, 12), model("orc", profile("Orc"), 30, 4)],
        ),
        dice,
        priority="good",
    )
    state, _ = play(
        state, [("evil", declare("wiz", "heroic_move")), ("good", declare("eomer", "heroic_move"))], dice
    )
    cast = {"type": "cast", "model": "wiz", "power": "Immobilise", "will": 1, "target": "eomer"}
    state, events = play(state, [("evil", cast), ("evil", {"type": "stand", "model": "wiz"})], dice)
    assert "Eomer's Heroic Move is cancelled (Eomer is under Immobilise); the Might is lost." in texts(events)
    # Eomer does not act first (and shouts no With Me): Good's ordinary activations follow.
    assert (state.pending.kind, state.pending.label) == ("activate", "Good moves their models")


def test_heroic_resolve_gives_its_free_resist_die_to_the_friends_within_6_when_declared() -> None:
    gandalf = hero("Gandalf", might=1, will=0, tier="legend", heroic_actions=["heroic_resolve"])
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [
                model("gandalf", gandalf, 20, 30),
                model("near", profile("Near guard"), 23, 32),
                model("far", profile("Far guard"), 30, 28),
            ],
            [model("wiz1", sorcerer(), 26, 20), model("wiz2", sorcerer(), 30, 20)],
        ),
        dice,
        priority="good",
    )
    state, events = play(state, [("good", declare("gandalf", "heroic_resolve"))], dice)
    said = "Heroic Resolve: Gandalf and Near guard gain a free Resist die until the End phase."
    assert said in texts(events)
    # The near guard walks out of 6" of Gandalf and the far guard walks in: the dice stay as declared.
    walks = [("near", [[29, 32]]), ("far", [[24, 28]])]
    state, _ = play(state, [("good", {"type": "move", "model": m, "path": p}) for m, p in walks], dice)
    gandalf_now = state.model("gandalf")
    assert gandalf_now.distance_to(state.model("near")) > 6 > gandalf_now.distance_to(state.model("far"))
    dice.script.append(4)
    at_near = {"type": "cast", "model": "wiz1", "power": "Immobilise", "will": 1, "target": "near"}
    state, _ = play(state, [("good", {"type": "end_moves"}), ("evil", at_near)], dice)
    assert [a.label for a in choices(state, "good")] == [
        "Near guard: resist with no Will (1 die + 1 free)",
        "Do not resist",
    ]
    state, _ = play(
        state, [("good", {"type": "no_resist"}), ("evil", {"type": "stand", "model": "wiz1"})], dice
    )
    dice.script.append(4)
    at_far = {"type": "cast", "model": "wiz2", "power": "Immobilise", "will": 1, "target": "far"}
    state, events = play(state, [("evil", at_far)], dice)
    assert state.pending.kind == "activate"  # no Resist test: the far guard has no Will and no free die
    assert state.effects_on(state.model("far"), "immobilise")


def test_the_clash_roll_decides_which_heroic_combat_is_fought_first() -> None:
    s = BASE_25MM
    dice = ScriptedDice(GOOD_PRIORITY)
    state, _ = to_fight(
        [model("a-good", hero("Good hero"), 10, 20), model("c-good", hero("Other good"), 20, 20)],
        [model("b-evil", hero("Evil hero"), 10 + s, 20), model("d-evil", hero("Other evil"), 20 + s, 20)],
        dice,
        next_turn=False,
    )
    # Good (Priority) rolls 5 for the clash: Good's Heroic Combat is fought first. Both heroes roll 1, 1.
    dice.script.extend([5, 1, 1, 1, 1])
    state, events = play(
        state,
        [
            ("evil", declare("d-evil", "heroic_combat")),
            ("good", declare("a-good", "heroic_combat")),
            ("evil", PASS),
            ("good", PASS),
        ],
        dice,
    )
    assert "Both sides declared a Heroic Combat: Good rolls 5, Good goes first." in texts(events)
    assert "Duel: Good hero rolls 1, 1; Evil hero rolls 1, 1." in texts(events)
    # A dead tie: the side without Priority may bid Might first.
    assert (state.pending.kind, state.pending.side) == ("duel_might", "evil")


def test_heroic_shoot_goes_first_and_loose_lets_friends_shoot_with_it() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [
                model("hama", hero("Hama", missile=BOW), 10, 30),
                model("archer", profile("Archer", missile=BOW), 13, 30),
                model(
                    "late", profile("Late archer", missile=BOW), 16, 33
                ),  # no friend In The Way of its shot
            ],
            [model("orc", profile("Orc", missile=BOW), 10, 10), model("orc2", profile("Orc two"), 30, 10)],
        ),
        dice,
        priority="evil",
    )
    state, _ = skip_until(state, dice, "shoot")
    state, _ = play(state, [("good", declare("hama", "heroic_shoot"))], dice)
    assert (state.pending.kind, state.pending.side) == ("heroic_action", "good")
    dice.script.extend([1])  # Hama misses (no Might can make a 1 hit)
    shot = {"type": "shoot", "model": "hama", "target": "orc", "shout": True}
    state, events = play(state, [("good", shot)], dice)
    assert texts(events)[0] == 'Hama shouts "Loose": Archer, Late archer may shoot now.'
    assert state.pending.label == "Good shoots (Loose)"
    dice.script.extend([1])
    state, _ = play(state, [("good", {"type": "shoot", "model": "archer", "target": "orc"})], dice)
    state, events = play(state, [("good", {"type": "end_shooting"})], dice)
    # Evil has Priority and shoots next; the late archer heard Loose, did not shoot, and may not now.
    assert state.pending.side == "evil"
    assert state.model("late").has_shot


def test_heroic_shoot_and_accuracy_cannot_be_declared_while_engaged() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [
                model("tauriel", hero("Tauriel", missile=BOW, heroic_actions=["heroic_accuracy"]), 10, 20),
                model("free", hero("Free hero"), 30, 40),
            ],
            [model("orc", profile("Orc"), 10 + BASE_25MM, 20)],
        ),
        dice,
        priority="evil",
    )
    state, _ = skip_until(state, dice, "shoot")
    assert state.pending.kind == "declare_heroic_action"
    for action in ("heroic_shoot", "heroic_accuracy"):
        error = refused(state, "good", declare("tauriel", action))
        assert error.message == "Tauriel is Engaged and cannot declare that Heroic Action."


def test_heroic_resolves_free_die_stays_with_the_friends_when_the_hero_falls() -> None:
    gandalf = hero("Gandalf", might=1, tier="legend", heroic_actions=["heroic_resolve"])
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("gandalf", gandalf, 20, 30), model("guard", profile("Guard"), 23, 30)],
            [model("orc", profile("Orc"), 20, 4)],
        ),
        dice,
    )
    state, _ = play(state, [("good", declare("gandalf", "heroic_resolve"))], dice)
    ctx = Ctx(state, dice)
    remove_casualty(ctx, state.model("gandalf"))
    assert [e.label for e in state.effects] == ["Heroic Resolve (Gandalf)"]
    assert free_resist_dice(state, state.model("guard")) == (1, 0)


def test_take_aim_stays_with_the_friends_who_heard_it_when_the_hero_falls() -> None:
    elf_bow = {"name": "Elf bow", "range": 24.0, "strength": 3}
    tauriel = hero("Tauriel", might=1, fate=0, wounds=1, missile=elf_bow, heroic_actions=["heroic_accuracy"])
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("tauriel", tauriel, 10, 30), model("ranger", profile("Ranger", missile=elf_bow), 12, 30)],
            [
                model("archer", profile("Orc archer", missile={**BOW, "strength": 5}), 10, 40),
                model("orc", profile("Orc"), 12, 10),
            ],
            terrain=[{"name": "Rocks", "polygon": [[5, 19], [35, 19], [35, 20], [5, 20]]}],
        ),
        dice,
        priority="evil",
    )
    state, _ = skip_until(state, dice, "shoot")
    state, _ = play(state, [("good", declare("tauriel", "heroic_accuracy", shout=True))], dice)
    dice.script.extend([4, 4])  # Evil (Priority) shoots first: the Orc archer hits Tauriel and slays her
    state, events = play(state, [("evil", {"type": "shoot", "model": "archer", "target": "tauriel"})], dice)
    assert "Tauriel is slain." in texts(events)
    dice.script.extend([4, 2, 5, 1, *NEXT_TURN])  # the Ranger hits; Rocks 2, re-rolled 5; To Wound 1
    state, events = play(state, [("good", {"type": "shoot", "model": "ranger", "target": "orc"})], dice)
    assert "Ranger re-rolls the failed In The Way test of 2: 5." in texts(events)


def test_heroic_defence_wounds_only_on_a_natural_six_and_might_cannot_help() -> None:
    defender = hero("Defender", might=3, fate=0, defence=4, wounds=3, heroic_actions=["heroic_defence"])
    dice = ScriptedDice([*GOOD_PRIORITY, 1, 1, 6, 5, 5, 6])  # Defender 1,1; orc hero 6,5; strikes 5 then 6
    state, _ = to_fight(
        [model("a-defender", defender, 10, 20)],
        [model("b-brute", hero("Brute", might=0, strength=6), 10 + BASE_25MM, 20)],
        dice,
        next_turn=False,
    )
    dice.script.extend(NEXT_TURN)
    state, events = play(state, [("good", declare("a-defender", "heroic_defence"))], dice)
    wounds = [(e["faces"], e["success"]) for e in events if e["type"] == "to_wound"]
    assert wounds == [([5], False), ([6], True)]
    assert any("Heroic Defence: only a natural 6" in line for line in texts(events))
    assert state.model("a-defender").wounds == 2


def test_heroic_defence_does_not_protect_the_heroes_mount() -> None:
    defender = hero("Defender", might=1, fate=0, heroic_actions=["heroic_defence"])
    rider = {**model("a-defender", defender, 10, 20), "mount": profile("Horse", defence=4, wounds=1)}
    dice = ScriptedDice([*GOOD_PRIORITY, 5])  # the hit on the Horse: 5, enough for S5 against D4
    state, _ = to_fight([rider], [model("b-orc", profile("Orc"), 10 + BASE_25MM, 20)], dice, next_turn=False)
    state.effects.append(Effect("heroic_defence", "a-defender", "Heroic Defence", "a-defender", "fight"))
    ctx = Ctx(state, dice)
    ctx.push(ToWound("b-orc", "a-defender", 5, why="hit", part="mount"))
    run_to_decision(ctx)
    assert [e["text"] for e in ctx.events][:2] == [
        "Orc's hit on Horse: To Wound 4+ (S5 against D4), rolls 5: wounds.",
        "Horse suffers 1 Wound from Orc (0 left).",
    ]


def test_heroic_strength_doubles_strength_for_strikes_up_to_ten() -> None:
    strong = hero("Strong", might=1, strength=4, attacks=1, heroic_actions=["heroic_strength"])
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1, 3, *NEXT_TURN])
    state, _ = to_fight(
        [model("a-strong", strong, 10, 20)],
        [
            model("b-wall", profile("Wall of shields", defence=8, wounds=2), 10 + BASE_25MM, 20),
            model("c", profile("C"), 40, 2),
        ],
        dice,
        next_turn=False,
    )
    state, events = play(state, [("good", declare("a-strong", "heroic_strength"))], dice)
    assert "Strong's Strike on Wall of shields: To Wound 4+ (S8 against D8)" in " ".join(texts(events))


def test_heroic_strike_adds_d3_fight_rolled_at_the_first_combat() -> None:
    striker = hero("Striker", might=1, fight=9, attacks=1, heroic_actions=["heroic_strike"])
    dice = ScriptedDice(
        [*GOOD_PRIORITY, 6, 3, 3, 1, *NEXT_TURN]
    )  # D3 from 6 is 3 (Fight 9 + 3, capped at 10)
    state, _ = to_fight(
        [model("a-striker", striker, 10, 20)],
        [
            model("b-champion", profile("Champion", fight=10), 10 + BASE_25MM, 20),
            model("c", profile("C"), 40, 2),
        ],
        dice,
        next_turn=False,
    )
    state, events = play(state, [("good", declare("a-striker", "heroic_strike"))], dice)
    lines = texts(events)
    assert "Striker's Heroic Strike adds 3 to its Fight Value." in lines
    # Both roll 3: Fight Values 10 and 10 tie, so Priority (Good) rolls off: 1, Evil wins.
    assert "Evil wins the Duel (dice and Fight Value tie; Good rolls 1)." in lines


def test_a_challenge_needs_an_enemy_hero_of_the_same_tier_or_higher_within_6_inches() -> None:
    challenger = hero("Challenger", tier="valour", heroic_actions=["heroic_challenge"])
    dice = ScriptedDice(GOOD_PRIORITY)
    state, _ = to_fight(
        [model("a", challenger, 10, 20)],
        [
            model("b-minor", hero("Minor foe", tier="minor", might=0), 10 + BASE_25MM, 20),
            model("c-far-legend", hero("Far legend", tier="legend", might=0), 30, 20),
        ],
        dice,
        next_turn=False,
    )
    error = refused(state, "good", declare("a", "heroic_challenge", target="b-minor"))
    assert (
        error.message
        == 'There is no enemy Hero within 6" of Challenger of the same Heroic Tier or higher to challenge.'
    )


def test_hero_mounts_share_might_and_say_who_paid() -> None:
    steed = hero("Firefoot", might=1, will=1, fate=1, tier="independent")
    dice = ScriptedDice(GOOD_PRIORITY)
    state = new_battle(
        setup(
            [{**model("eomer", hero("Eomer", might=0), 10, 40), "mount": steed}],
            [model("orc", profile("Orc"), 10, 4)],
        )
    )
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    state, _ = play(state, [("good", {"type": "priority", "side": "evil"})], dice)
    state, events = play(state, [("good", declare("eomer", "heroic_move"))], dice)
    assert texts(events)[0] == "Eomer spends 1 Might (1 Firefoot's) to declare a Heroic Move (0 left)."
    assert state.model("eomer").mount.might == 0
