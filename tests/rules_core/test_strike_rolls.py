"""A model's Strikes on one enemy rolled together, Might asked with every die known and odds over
what is still to roll (docs/rules/heroes.md "Might after all the dice"); battles of earlier
editions still roll them one at a time."""

from __future__ import annotations

from fractions import Fraction

from rules_core import ScriptedDice, new_battle

from .builders import (
    BASE_25MM,
    FAR,
    FAR_EVIL,
    GOOD_PRIORITY,
    NEXT_TURN,
    PASS,
    choices,
    hero,
    model,
    play,
    profile,
    setup,
    skip_until,
    texts,
)


def exact(action, label: str) -> Fraction:
    outcome = next(o for o in action.odds["outcomes"] if o["label"] == label)
    return Fraction(outcome["exact"]["num"], outcome["exact"]["den"])


def to_strikes(good, evil, dice: ScriptedDice, edition: int | None = None):
    """Deploy, give Good Priority, skip to the Fight phase and pass its Heroic Actions."""
    data = setup([*good, *FAR], [*evil, *FAR_EVIL])
    if edition is not None:
        data["edition"] = edition
    state = new_battle(data)
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    state, _ = play(state, [(state.pending.side, {"type": "priority", "side": "good"})], dice)
    state, events = skip_until(state, dice, "fight")
    while state.pending.kind == "declare_heroic_action":
        state, more = play(state, [(state.pending.side, PASS)], dice)
        events += more
    return state, events


BOROMIR = hero("Boromir", might=3, will=0, fate=0, attacks=3, strength=4, fight=6)


def test_boromir_s_three_strikes_are_rolled_before_he_is_asked_for_might() -> None:
    gothmog = hero("Gothmog", might=0, will=0, fate=1, defence=5, wounds=2, fight=1, attacks=1)
    # Duel: Boromir 6, 1, 1; Gothmog 1. The three Strikes at 5+: 2, 5, 3, all on the table at once.
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1, 1, 1, 2, 5, 3])
    state, _ = to_strikes(
        [model("boromir", BOROMIR, 10, 20)], [model("gothmog", gothmog, 10 + BASE_25MM, 20)], dice
    )
    assert dice.unused == []
    assert (state.pending.kind, state.pending.side) == ("spend_might", "good")
    assert state.pending.label == "Boromir's Strikes on Gothmog (To Wound 5+) roll 2, 5, 3: spend Might?"
    offered = choices(state, "good")
    assert [a.label for a in offered] == [
        "Spend 2 Might: the 3 wounds (2 of 3 rolls wound)",
        "Spend 3 Might: the 2 wounds (2 of 3 rolls wound)",
        "Keep the rolls (1 of 3 rolls wounds)",
    ]
    # Two Wounds on two: slain unless his one Fate point saves the first (a 4+).
    assert exact(offered[0], "Gothmog is slain") == Fraction(1, 2)
    assert exact(offered[2], "Gothmog is slain") == 0
    state, events = play(state, [("good", offered[0].command)], dice)
    lines = texts(events)
    assert "Boromir spends 2 Might on the To Wound roll of 3: 3 becomes 5 (1 left)." in lines
    # One Might left cannot lift the 2 to a 5: nothing more is asked; each roll is told.
    assert [line for line in lines if line.startswith("Boromir's Strike")] == [
        "Boromir's Strike on Gothmog: To Wound 5+ (S4 against D5), rolls 2: fails to wound.",
        "Boromir's Strike on Gothmog: To Wound 5+ (S4 against D5), rolls 5: wounds.",
        "Boromir's Strike on Gothmog: To Wound 5+ (S4 against D5), rolls 3, +2 Might = 5: wounds.",
    ]
    # Fate is asked with both Wounds known.
    assert state.pending.label == "Gothmog suffers a Wound (1 more to come): spend a Fate point?"
    fate = choices(state, "evil")[0]
    assert exact(fate, "survives all 2 Wounds, spending every Fate point") == Fraction(1, 2)


def test_might_on_the_first_die_of_a_split_carries_to_the_second_die_still_to_roll() -> None:
    champion = hero("Champion", might=3, will=0, fate=0, attacks=1, strength=3, fight=6)
    knight = profile("Knight", defence=8, fight=1)  # S3 against D8: 6/4
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1, 4])  # Duel 6 against 1; To Wound: 4
    state, _ = to_strikes(
        [model("champ", champion, 10, 20)], [model("knight", knight, 10 + BASE_25MM, 20)], dice
    )
    [raise_, keep] = choices(state, "good")
    assert raise_.label == "Spend 2 Might: the 4 becomes a 6, the second die wounds on 2+"
    assert exact(raise_, "Knight is slain") == Fraction(5, 6)  # the second die, still to roll
    assert exact(keep, "Knight is slain") == 0
    dice.script.append(1)  # the second die: 1, +2 carried = 3, one short of 4
    state, events = play(state, [("good", raise_.command)], dice)
    assert "Champion spends 2 Might on the To Wound roll of 4: 4 becomes 6 (1 left)." in texts(events)
    [last, _] = choices(state, "good")
    assert last.label == "Spend 1 Might: the 1 wounds"
    assert exact(last, "Knight is slain") == 1
    dice.script.extend(NEXT_TURN)
    state, events = play(state, [("good", last.command)], dice)
    assert (
        "Champion's Strike on Knight: To Wound 6/4 (S3 against D8), "
        "rolls 4, +2 Might = 6, then 1, +3 Might = 4: wounds." in texts(events)
    )
    assert state.model("knight").status == "casualty"


def test_the_odds_count_a_friend_s_strikes_still_to_come_at_the_same_enemy() -> None:
    friend = profile("Guard", attacks=1, strength=3, fight=3)
    orc = profile("Orc", defence=4, wounds=2, fight=1, attacks=1)
    # The Orc between Boromir and the Guard; Duel: the Orc 1; Boromir 6, 1, 1, the Guard 1.
    dice = ScriptedDice([*GOOD_PRIORITY, 1, 6, 1, 1, 1, 3, 3, 1])
    state, _ = to_strikes(
        [model("boromir", BOROMIR, 10, 20), model("guard", friend, 10 + 2 * BASE_25MM, 20)],
        [model("orc", orc, 10 + BASE_25MM, 20)],
        dice,
    )
    assert state.pending.label == "Boromir's Strikes on Orc (To Wound 4+) roll 3, 3, 1: spend Might?"
    spend, *_, keep = choices(state, "good")
    assert spend.label == "Spend 1 Might: the 3 wounds (1 of 3 rolls wounds)"
    # One Wound of two now: the Guard's Strike still to come (S3 against D4: 5+) may slay him.
    assert exact(spend, "Orc is slain") == Fraction(1, 3)
    assert exact(keep, "Orc is slain") == 0


def test_a_battle_of_edition_3_still_rolls_each_strike_and_asks_might_before_the_next() -> None:
    gothmog = hero("Gothmog", might=0, will=0, fate=0, defence=5, wounds=3, fight=1, attacks=1)
    dice = ScriptedDice([*GOOD_PRIORITY, 6, 1, 1, 1, 3])
    state, _ = to_strikes(
        [model("boromir", BOROMIR, 10, 20)], [model("gothmog", gothmog, 10 + BASE_25MM, 20)], dice, edition=3
    )
    assert state.pending.label == "Boromir's To Wound roll of 3 fails: spend Might?"
    assert dice.unused == []
