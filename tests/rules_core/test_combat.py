"""Fight phase: pairing, the Duel roll and its tie-breaks, backing away, Trapped, Strikes, wounds."""

from __future__ import annotations

import pytest

from rules_core import ScriptedDice, apply, legal_actions
from rules_core.wounds import to_wound_need

from .builders import (
    BASE_25MM,
    GOOD_PRIORITY,
    NEXT_TURN,
    choices,
    hero,
    model,
    play,
    profile,
    texts,
    to_fight,
)


def fight(good, evil, dice, priority="good", next_turn=True):
    return to_fight(good, evil, dice, priority, next_turn)


def warrior(name, **stats):
    return profile(name, **stats)


def test_the_highest_die_wins_the_loser_backs_away_and_the_winner_strikes() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 5, 3, 5])  # duel: warrior 5, orc 3; To Wound 5+: 5
    state, events = fight(
        [model("a-warrior", warrior("Warrior", strength=3), 10, 20)],
        [model("b-orc", warrior("Orc", defence=4), 10 + BASE_25MM, 20)],
        dice,
    )
    lines = texts(events)
    assert "Duel: Warrior rolls 5; Orc rolls 3." in lines
    assert "Good wins the Duel (highest die 5)." in lines
    assert 'Orc backs away 1".' in lines
    assert "Warrior's Strike on Orc: To Wound 5+ (S3 against D4), rolls 5: wounds." in lines
    assert "Orc is slain." in lines
    assert state.result is not None and state.result.winner == "good"
    assert state.model("b-orc").x == pytest.approx(10 + BASE_25MM + 1.0)


def test_a_tie_on_the_dice_goes_to_the_higher_fight_value() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 4, 4, 2])
    _, events = fight(
        [model("a-warrior", warrior("Warrior", fight=3), 10, 20), model("far", warrior("Far"), 40, 40)],
        [
            model("b-orc", warrior("Orc", fight=4), 10 + BASE_25MM, 20),
            model("far-orc", warrior("Far orc"), 40, 2),
        ],
        dice,
    )
    assert "Evil wins the Duel (both rolled 4, higher Fight Value 4)." in texts(events)


@pytest.mark.parametrize(("rolloff", "winner"), [(3, "Evil"), (4, "Good")])
def test_a_tie_on_dice_and_fight_value_is_rolled_off_by_priority(rolloff: int, winner: str) -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 4, 4, rolloff, 1])
    _state, events = fight(
        [model("a-warrior", warrior("Warrior"), 10, 20), model("far", warrior("Far"), 40, 40)],
        [model("b-orc", warrior("Orc"), 10 + BASE_25MM, 20), model("far-orc", warrior("Far orc"), 40, 2)],
        dice,
    )
    assert f"{winner} wins the Duel (dice and Fight Value tie; Good rolls {rolloff})." in texts(events)
    assert dice.unused == []


def test_a_loser_that_cannot_back_away_is_trapped_and_each_strike_rolls_twice() -> None:
    r = BASE_25MM / 2
    corner = r + 0.01
    step = BASE_25MM / 2**0.5
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1, 2, 6])  # duel; To Wound twice: 2 fails, 6 wounds
    state, events = fight(
        [model("a-hero", hero("Hero", might=0, attacks=1, strength=3), corner + step, corner + step)],
        [
            model("b-orc", warrior("Orc", defence=4, wounds=2), corner, corner),
            model("c-far", warrior("Far"), 40, 2),
        ],
        dice,
    )
    lines = texts(events)
    assert "Orc cannot back away and is Trapped." in lines
    assert [e["faces"] for e in events if e["type"] == "to_wound"] == [[2], [6]]
    assert state.model("b-orc").wounds == 1


def test_split_to_wound_rolls_need_a_six_then_the_second_score() -> None:
    assert to_wound_need(3, 8).label == "6/4"
    assert to_wound_need(3, 9).label == "6/5"
    assert to_wound_need(3, 10).label == "6/6"
    assert to_wound_need(2, 10) is None
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1, 1, 1, 6, 6, 5, 4, 3])  # duel: troll 6,1,1, knight 1;
    # the three first dice together, then a second die for each 6
    state, events = fight(
        [model("a-troll", warrior("Troll", strength=3, attacks=3), 10, 20)],
        [
            model("b-knight", warrior("Knight", defence=8, wounds=3), 10 + BASE_25MM, 20),
            model("c", warrior("C"), 40, 2),
        ],
        dice,
    )
    wound_rolls = [(e["faces"], e["success"]) for e in events if e["type"] == "to_wound"]
    assert wound_rolls == [([6, 4], True), ([6, 3], False), ([5], False)]
    assert state.model("b-knight").wounds == 2


def test_strength_too_low_cannot_wound() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1])
    _, events = fight(
        [model("a-hobbit", warrior("Hobbit", strength=1), 10, 20), model("z", warrior("Z"), 40, 40)],
        [
            model("b-troll", warrior("Stone troll", defence=10), 10 + BASE_25MM, 20),
            model("c", warrior("C"), 40, 2),
        ],
        dice,
    )
    assert "Hobbit's Strike cannot wound Stone troll (S1 against D10)." in texts(events)


def test_a_winner_fighting_several_enemies_chooses_whom_each_strike_hits() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 6, 6, 1, 1])  # hero rolls three dice, both orcs 1
    state, events = fight(
        [model("a-hero", hero("Hero", might=0, attacks=3, strength=4), 10, 20)],
        [
            model("b-orc", warrior("Orc one"), 10 + BASE_25MM, 20),
            model("c-orc", warrior("Orc two"), 10 - BASE_25MM, 20),
            model("d-far", warrior("Far orc"), 40, 2),
        ],
        dice,
        next_turn=False,
    )
    assert state.pending.kind == "allocate_strikes"
    labels = [a.label for a in choices(state, "good")]
    assert labels == [
        "Hero: 3 at Orc one",
        "Hero: 2 at Orc one, 1 at Orc two",
        "Hero: 1 at Orc one, 2 at Orc two",
        "Hero: 3 at Orc two",
    ]
    dice.script.extend([4, 5, 3, *NEXT_TURN])  # the two Strikes at Orc one together, then Orc two's
    command = {"type": "allocate_strikes", "model": "a-hero", "targets": ["b-orc", "b-orc", "c-orc"]}
    state, events = play(state, [("good", command)], dice)
    rolls = [(e["target"], e["faces"], e["success"]) for e in events if e["type"] == "to_wound"]
    assert rolls == [("b-orc", [4], True), ("b-orc", [5], True), ("c-orc", [3], False)]
    assert [e["text"] for e in events if e["type"] == "wound"] == [
        "Orc one suffers 1 Wound from Hero (0 left)."
    ]
    assert state.model("b-orc").status == "casualty"
    assert state.model("c-orc").on_board


def test_the_player_with_priority_pairs_an_ambiguous_fight() -> None:
    s = BASE_25MM
    dice = ScriptedDice(GOOD_PRIORITY)
    # A square: each Good model touches both Evil models.
    state, _ = fight(
        [
            model("g1", warrior("G1"), 10, 10),
            model("g2", warrior("G2"), 10 + s, 10 + s),
            model("gz", warrior("GZ"), 40, 40),
        ],
        [
            model("e1", warrior("E1"), 10 + s, 10),
            model("e2", warrior("E2"), 10, 10 + s),
            model("ez", warrior("EZ"), 40, 2),
        ],
        dice,
        next_turn=False,
    )
    assert state.pending.kind == "pair_combats" and state.pending.side == "good"
    options = [a.command for a in choices(state, "good")]
    # E1 against both would leave E2 alone; every pair of two touching models can be chosen.
    assert options == [
        {"type": "pair", "model": "e1", "against": ["g1"]},
        {"type": "pair", "model": "e1", "against": ["g2"]},
        {"type": "pair", "model": "e2", "against": ["g1"]},
        {"type": "pair", "model": "e2", "against": ["g2"]},
    ]
    state, events = play(state, [("good", {"type": "pair", "model": "e2", "against": ["g1"]})], dice)
    assert "Combats: E2 against G1; E1 against G2." in texts(events)
    assert state.pending.kind == "choose_combat"


def test_a_battle_ends_when_an_army_is_wiped_out() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 1, 6, 6])
    state, events = fight(
        [model("a-warrior", warrior("Warrior"), 10, 20)],
        [model("b-orc", warrior("Orc", strength=4), 10 + BASE_25MM, 20)],
        dice,
    )
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == ("evil", "Good army is wiped out")
    assert texts(events)[-1] == "Evil wins: Good army is wiped out."
    assert state.pending.kind == "battle_over"
    assert legal_actions(state, "good") == legal_actions(state, "evil") == []
    with pytest.raises(Exception, match="The battle is over"):
        apply(state, "good", {"type": "pass"}, dice)
