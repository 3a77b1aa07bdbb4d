"""The numbered worked examples of heroes.md (58 to 73), played with scripted dice.

Examples 66 (Heroic Resolve) and 70 (Will on a Courage test) need courage and magic: they live in
test_courage_examples.py and test_magic.py.
"""

from __future__ import annotations

import pytest

from rules_core import ScriptedDice, apply, legal_actions, new_battle
from rules_core.state import Challenge

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
    skip_to,
    skip_until,
    texts,
    to_fight,
)

BOW = {"name": "Bow", "range": 24.0, "strength": 2}
WALL = {"name": "Wall", "polygon": [[5, 19], [15, 19], [15, 20], [5, 20]]}


def declare(hero_id: str, action: str, **params) -> dict:
    return {"type": "declare", "hero": hero_id, "action": action, **params}


def kinds(state, side) -> list[str]:
    return [a.kind for a in choices(state, side)]


def test_example_58_hama_spends_might_on_an_in_the_way_test() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 5, 3])
    state = deployed(
        setup(
            [model("hama", hero("Hama", might=2, will=1, fate=1, shoot=4, missile=BOW), 10, 30)],
            [model("tribesman", profile("Hill Tribesman"), 10, 10), model("far", profile("Far"), 40, 2)],
            terrain=[WALL],
        ),
        dice,
        priority="good",
    )
    state, _ = skip_to(state, dice, stop="shoot")
    state, events = play(state, [("good", {"type": "shoot", "model": "hama", "target": "tribesman"})], dice)
    assert texts(events)[-1] == "Wall is In The Way: rolls 3."
    assert state.pending.kind == "spend_might" and state.pending.side == "good"
    assert [a.label for a in choices(state, "good")] == [
        "Spend 1 Might: the shot passes Wall",
        "Keep the roll: the shot hits Wall",
    ]
    dice.script.extend([5, *NEXT_TURN])  # To Wound 5+ (S2 against D4)
    state, events = play(state, [("good", {"type": "might", "model": "hama", "amount": 1})], dice)
    assert texts(events)[:3] == [
        "Hama spends 1 Might on the In The Way roll of 3 (1 left).",
        "Wall is In The Way: rolls 4: the shot goes on.",
        "Hama's shot on Hill Tribesman: To Wound 5+ (S2 against D4), rolls 5: wounds.",
    ]
    assert state.model("tribesman").status == "casualty"


def test_a_warrior_is_never_asked_about_might() -> None:
    dice = ScriptedDice([*GOOD_PRIORITY, 5, 3, *NEXT_TURN])
    state = deployed(
        setup(
            [model("archer", profile("Archer", missile=BOW), 10, 30)],
            [model("tribesman", profile("Hill Tribesman"), 10, 10), model("far", profile("Far"), 40, 2)],
            terrain=[WALL],
        ),
        dice,
        priority="good",
    )
    state, _ = skip_to(state, dice, stop="shoot")
    state, events = play(state, [("good", {"type": "shoot", "model": "archer", "target": "tribesman"})], dice)
    assert "The shot hits Wall." in texts(events)
    assert state.pending.kind != "spend_might"


def gothmog(**stats) -> dict:
    base = dict(might=3, will=3, fate=1, fight=5, strength=4, defence=6, attacks=2, wounds=3)
    return hero("Gothmog", **{**base, **stats})


def eomer(**stats) -> dict:
    base = dict(might=3, will=3, fate=3, fight=6, strength=4, defence=6, attacks=3, wounds=3)
    return hero("Eomer", **{**base, **stats})


def test_example_59_duel_might_bidding_between_gothmog_and_eomer() -> None:
    # Eomer (Good) rolls 2, 3, 4; Gothmog (Evil) rolls 1, 3. Eomer's Strikes afterwards all roll 1.
    dice = ScriptedDice([*GOOD_PRIORITY, 2, 3, 4, 1, 3, 1, 1, 1, *NEXT_TURN])
    state, _ = to_fight(
        [model("eomer", eomer(), 10, 20)],
        [model("gothmog", gothmog(), 10 + BASE_25MM, 20)],
        dice,
        next_turn=False,
    )
    state, _ = play(state, [("evil", PASS), ("good", PASS)], dice)
    bids, events = [], []
    for side in ["evil", "good", "evil", "good"]:
        assert (state.pending.kind, state.pending.side) == ("duel_might", side)
        offer = next(a for a in legal_actions(state, side) if a.kind == "spend_might")
        bids.append(offer.label)
        state, more = play(state, [(side, offer.command)], dice)
        events += more
    assert bids == [
        "Gothmog: spend 2 Might (3 becomes 5): you win the Duel",
        "Eomer: spend 1 Might (4 becomes 5): you win the Duel",
        "Gothmog: spend 1 Might (5 becomes 6): you win the Duel",
        "Eomer: spend 1 Might (5 becomes 6): you win the Duel",
    ]
    # Both are at 6: no more Might can be used, and Eomer wins on his higher Fight Value.
    assert "Good wins the Duel (both rolled 6, higher Fight Value 6)." in texts(events)
    assert (state.model("gothmog").might, state.model("eomer").might) == (0, 1)


def test_example_60_beorn_may_spend_two_might_to_win_on_fight_value() -> None:
    # The example gives Beorn the higher Fight Value; the catalogue's Bolg (7) does not: we follow the example.
    beorn = hero("Beorn", might=3, fight=7, attacks=3, strength=5, defence=5, wounds=3)
    bolg = hero("Bolg", might=0, fight=6, attacks=3, strength=5, defence=7, wounds=3)
    dice = ScriptedDice([*GOOD_PRIORITY, 1, 3, 4, 2, 5, 6])
    state, _ = to_fight(
        [model("beorn", beorn, 10, 20)], [model("bolg", bolg, 10 + BASE_25MM, 20)], dice, next_turn=False
    )
    state, _ = play(state, [("good", PASS)], dice)
    assert (state.pending.kind, state.pending.side) == ("duel_might", "good")
    offers = choices(state, "good")
    assert [a.label for a in offers] == [
        "Beorn: spend 2 Might (4 becomes 6): you win the Duel",
        "Spend no more: lose the Duel",
    ]
    assert offers[0].odds == {
        "outcomes": [{"label": "you win the Duel", "p": 1.0, "exact": {"num": 1, "den": 1}}]
    }
    dice.script.extend([1, 1, 1, *NEXT_TURN])
    state, events = play(state, [("good", offers[0].command)], dice)
    assert "Good wins the Duel (both rolled 6, higher Fight Value 7)." in texts(events)
    assert state.model("beorn").might == 1


def test_example_62_fight_phase_declarations() -> None:
    s = BASE_25MM
    strike_hero = dict(heroic_actions=["heroic_strike"])
    good = [
        model("c-jay-striker", hero("Jay striker", **strike_hero), 10, 20),
        model("d-jay-defender", hero("Jay defender", heroic_actions=["heroic_defence"]), 20, 20),
    ]
    evil = [
        model("a-rob-combat", hero("Rob champion"), 10 + s, 20),
        model("b-rob-striker", hero("Rob striker", **strike_hero), 20 + s, 20),
    ]
    dice = ScriptedDice([*GOOD_PRIORITY, *([3] * 40)])  # Jay (Good) has Priority: Rob declares first
    state, _ = to_fight(good, evil, dice, next_turn=False)
    steps = [
        ("evil", declare("a-rob-combat", "heroic_combat")),
        ("good", PASS),
        ("evil", declare("b-rob-striker", "heroic_strike")),
        ("good", declare("c-jay-striker", "heroic_strike")),
        ("good", declare("d-jay-defender", "heroic_defence")),
    ]
    events: list = []
    for side, command in steps:
        assert state.pending.side == side
        state, more = play(state, [(side, command)], dice)
        events += more
    lines = texts(events)
    # Rob has no Hero left that can declare, and in the end neither has Jay: their passes are automatic.
    assert lines.count("Evil passes (no Hero can declare).") == 2
    assert "Good passes (no Hero can declare)." in lines
    assert "Both players have passed: the Declare Heroic Actions step ends." in lines
    assert lines.index("Rob champion declares a Heroic Combat.") < lines.index(
        "Jay defender declares a Heroic Defence."
    )


def test_example_63_both_declare_heroic_move_and_priority_rolls_the_clash() -> None:
    dice = ScriptedDice([1, 6])  # Evil wins the Priority roll and keeps Priority
    state = new_battle(
        setup(
            [model("bilbo", hero("Bilbo", might=2), 10, 40)],
            [model("tom", hero("Tom", might=1), 10, 6), model("bert", profile("Bert"), 20, 6)],
        )
    )
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    state, _ = play(state, [("evil", {"type": "priority", "side": "evil"})], dice)
    assert state.pending.side == "good"
    dice.script.append(2)  # Evil (Priority) rolls 2 for the clash: Evil goes first
    state, events = play(
        state, [("good", declare("bilbo", "heroic_move")), ("evil", declare("tom", "heroic_move"))], dice
    )
    assert "Both sides declared a Heroic Move: Evil rolls 2, Evil goes first." in texts(events)
    assert (state.pending.kind, state.pending.side) == ("heroic_action", "evil")
    state, _ = play(state, [("evil", {"type": "stand", "model": "tom"})], dice)
    assert (state.pending.kind, state.pending.side) == ("heroic_action", "good")


def test_example_64_haleth_wins_a_heroic_combat_and_charges_again() -> None:
    haleth = hero("Haleth", might=1, fight=3, attacks=1, strength=3, wounds=2, tier="minor")
    tribesman = profile("Hill Tribesman", fight=3, defence=3)
    dice = ScriptedDice([6, 1])  # Good chooses; Evil (no heroes) passes by itself
    state, _ = to_fight(
        [model("haleth", haleth, 10, 20)],
        [model("t1", tribesman, 10 + BASE_25MM, 20), model("t2", profile("Second tribesman"), 10, 24)],
        dice,
        next_turn=False,
    )
    assert state.pending.kind == "declare_heroic_action"
    dice.script.extend([6, 1, 4])  # duel: Haleth 6, tribesman 1; To Wound 4+ (S3 against D3)
    state, events = play(state, [("good", declare("haleth", "heroic_combat"))], dice)
    lines = texts(events)
    assert "Hill Tribesman is slain." in lines
    assert "The Heroic Combat is won and no enemy is left: Haleth may move or charge." in lines
    assert (state.pending.kind, state.pending.side) == ("activate", "good")
    assert state.pending.detail["reason"] == "heroic_combat"
    assert set(kinds(state, "good")) == {"move", "charge", "end_moves"}
    dice.script.extend([5, 2, 5])  # the new combat, fought in the normal order: Haleth 5, tribesman 2; wounds
    charge = {"type": "charge", "model": "haleth", "target": "t2", "path": [[10, 23]]}
    state, events = play(state, [("good", charge)], dice)
    lines = texts(events)
    assert lines[0].startswith("Haleth charges Second tribesman")
    assert "Second tribesman is slain." in lines
    assert state.result is not None and state.result.winner == "good"


def test_example_65_heroic_march_and_at_the_double() -> None:
    captain = hero("Goblin Captain", move=5.0, might=2, heroic_actions=["heroic_march"], tier="minor")
    goblin = profile("Goblin", move=5.0)
    dice = ScriptedDice([1, 6])  # Evil chooses and keeps Priority; Good has no Hero and passes by itself
    state = new_battle(
        setup(
            [model("dwarf", profile("Dwarf"), 30, 45)],
            [
                model("captain", captain, 10, 4),
                model("near", goblin, 14, 4),
                model("far", profile("Far goblin", move=5.0), 30, 4),
            ],
        )
    )
    state, _ = play(state, [("good", {"type": "ready"}), ("evil", {"type": "ready"})], dice)
    state, _ = play(state, [("evil", {"type": "priority", "side": "evil"})], dice)
    state, events = play(state, [("evil", declare("captain", "heroic_march"))], dice)
    assert state.pending.side == "evil" and state.pending.kind == "activate"
    march = next(a for a in legal_actions(state, "evil") if a.kind == "move" and a.group == "captain")
    assert march.params["path"]["max_length"] == 8.0
    with pytest.raises(Exception, match="cannot charge this Move phase"):
        apply(
            state, "evil", {"type": "charge", "model": "captain", "target": "dwarf", "path": [[30, 44]]}, dice
        )
    state, events = play(
        state, [("evil", {"type": "move", "model": "captain", "path": [[10, 12]], "shout": True})], dice
    )
    assert 'Goblin Captain shouts "At the Double": Goblin.' in texts(events)
    near_move = next(a for a in legal_actions(state, "evil") if a.kind == "move" and a.group == "near")
    far_move = next(a for a in legal_actions(state, "evil") if a.kind == "move" and a.group == "far")
    assert (near_move.params["path"]["max_length"], far_move.params["path"]["max_length"]) == (8.0, 5.0)
    with pytest.raises(Exception, match=r'Goblin must finish within 6" of Goblin Captain \(At the Double\)'):
        apply(state, "evil", {"type": "move", "model": "near", "path": [[22, 4]]}, dice)
    state, _ = play(state, [("evil", {"type": "move", "model": "near", "path": [[14, 12]]})], dice)
    assert state.model("near").moved == pytest.approx(8.0)


def test_example_67_heroic_accuracy_and_take_aim_reroll_failed_in_the_way_tests() -> None:
    elf_bow = {"name": "Elf bow", "range": 24.0, "strength": 3}
    tauriel = hero("Tauriel", might=3, shoot=3, missile=elf_bow, heroic_actions=["heroic_accuracy"])
    dice = ScriptedDice([6, 1])
    state = deployed(
        setup(
            [
                model("tauriel", tauriel, 10, 30),
                model("ranger", profile("Ranger", shoot=3, missile=elf_bow), 12, 30),
                model("far-ranger", profile("Far ranger", shoot=3, missile=elf_bow), 22, 30),
            ],
            [model("orc", profile("Hunter Orc"), 10, 10), model("orc2", profile("Hunter Orc two"), 12, 10)],
            terrain=[{"name": "Rocks", "polygon": [[5, 19], [35, 19], [35, 20], [5, 20]]}],
        ),
        dice,
        priority="good",
    )
    state, _ = skip_until(state, dice, "shoot")
    assert state.pending.kind == "declare_heroic_action"  # Evil has no Hero and passed: Good declares
    state, events = play(state, [("good", declare("tauriel", "heroic_accuracy", shout=True))], dice)
    assert 'Tauriel shouts "Take Aim": Ranger may re-roll failed In The Way tests.' in texts(events)
    dice.script.extend([4, 2, 5, 1])  # Tauriel hits; Rocks 2, re-rolled 5; To Wound 1 (and no Might for 1)
    state, events = play(state, [("good", {"type": "shoot", "model": "tauriel", "target": "orc"})], dice)
    assert "Tauriel re-rolls the failed In The Way test of 2: 5." in texts(events)
    dice.script.extend([4, 2, 6, 1])
    state, events = play(state, [("good", {"type": "shoot", "model": "ranger", "target": "orc"})], dice)
    assert "Ranger re-rolls the failed In The Way test of 2: 6." in texts(events)
    dice.script.extend([4, 2, *NEXT_TURN])  # out of Take Aim's reach: no re-roll
    state, events = play(state, [("good", {"type": "shoot", "model": "far-ranger", "target": "orc2"})], dice)
    assert "The shot hits Rocks." in texts(events)


def thorin(**stats) -> dict:
    base = dict(might=3, fight=6, attacks=3, strength=4, defence=7, wounds=3, tier="legend")
    return hero("Thorin", **{**base, "heroic_actions": ["heroic_challenge"], **stats})


def azog(**stats) -> dict:
    base = dict(might=3, fight=7, attacks=3, strength=5, defence=5, wounds=3, tier="legend")
    return hero("Azog", **{**base, "heroic_actions": ["heroic_challenge"], **stats})


def test_example_68_an_accepted_challenge_gives_both_heroes_the_bonuses_and_the_slayer_might() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state, _ = to_fight(
        [model("thorin", thorin(), 10, 20)],
        [
            model("azog", azog(wounds=1, fate=0, might=0), 10 + BASE_25MM, 20),
            model("orc", profile("Orc"), 40, 2),
        ],
        dice,
        next_turn=False,
    )
    state, _ = play(state, [("evil", PASS)], dice) if state.pending.side == "evil" else (state, [])
    challenge = next(a for a in legal_actions(state, "good") if a.command.get("action") == "heroic_challenge")
    assert challenge.params["target"]["options"] == [{"value": "azog", "label": "Azog"}]
    state, events = play(state, [("good", declare("thorin", "heroic_challenge", target="azog"))], dice)
    assert (state.pending.kind, state.pending.side) == ("answer_challenge", "evil")
    # Azog rolls 4 dice (3 Attacks + 1), Thorin 4; Thorin wins with a 6 and strikes at +1: his four
    # Strikes are rolled together, the 4 wounds and slays Azog (no Might is asked: he is slain already).
    dice.script.extend([2, 2, 2, 2, 6, 1, 1, 1, 4, 1, 1, 1, *NEXT_TURN])
    state, events = play(state, [("evil", {"type": "accept"})], dice)
    lines = texts(events)
    assert "Azog accepts Thorin's challenge." in lines
    assert "Duel: Azog rolls 2, 2, 2, 2; Thorin rolls 6, 1, 1, 1." in lines
    assert (
        "Thorin's Strike on Azog: To Wound 5+ (S4 against D5), rolls 4 (Heroic Challenge +1): wounds."
        in lines
    )
    assert "Thorin regains 1 Might for slaying Azog in a Heroic Challenge (3 now)." in lines
    assert state.challenges == []


def test_an_accepted_challenge_makes_both_heroes_charge_each_other_if_they_can() -> None:
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(
        setup(
            [model("thorin", thorin(), 10, 20)],
            [model("azog", azog(), 10, 15), model("orc", profile("Orc"), 20, 15)],
        ),
        dice,
        priority="good",
    )
    state.challenges.append(Challenge("thorin", "azog", accepted=True))
    state, _ = skip_to(state, dice, stop="activate")
    with pytest.raises(Exception, match=r"Thorin must charge Azog: they are in a Heroic Challenge\."):
        apply(state, "good", {"type": "move", "model": "thorin", "path": [[12, 20]]}, dice)
    with pytest.raises(Exception, match=r"Thorin must charge Azog\.$"):
        apply(state, "good", {"type": "charge", "model": "thorin", "target": "orc", "path": [[19, 15]]}, dice)
    state, _ = play(
        state, [("good", {"type": "charge", "model": "thorin", "target": "azog", "path": [[10, 16]]})], dice
    )
    assert state.model("thorin").distance_to(state.model("azog")) == pytest.approx(0)


def test_example_69_a_declined_challenge_gives_only_the_challenger_the_bonuses() -> None:
    haleth = hero("Haleth", might=2, tier="minor", attacks=1, heroic_actions=["heroic_challenge"])
    wulf = hero("Wulf", might=2, tier="valour", attacks=2, heroic_actions=["heroic_challenge"])
    dice = ScriptedDice(GOOD_PRIORITY)
    state, _ = to_fight(
        [model("haleth", haleth, 10, 20)],
        [model("wulf", wulf, 10 + BASE_25MM, 20), model("orc", profile("Orc"), 40, 2)],
        dice,
        next_turn=False,
    )
    state, _ = play(state, [("evil", PASS)], dice)
    state, _ = play(state, [("good", declare("haleth", "heroic_challenge", target="wulf"))], dice)
    # Haleth rolls 2 dice (1 Attack + 1), Wulf 2 (no bonus); Wulf's two Strikes miss.
    dice.script.extend([1, 1, 6, 5, 1, 1, *NEXT_TURN])
    state, events = play(state, [("evil", {"type": "decline"})], dice)
    assert "Wulf declines Haleth's challenge." in texts(events)
    assert state.pending.kind == "declare_heroic_action" and state.pending.side == "evil"
    with pytest.raises(Exception, match=r"no enemy Hero within 6\" of Wulf"):
        apply(state, "evil", declare("wulf", "heroic_challenge", target="haleth"), dice)
    state, events = play(state, [("evil", PASS)], dice)
    assert "Duel: Haleth rolls 1, 1; Wulf rolls 6, 5." in texts(events)


def test_example_71_eowyn_spends_fate_twice() -> None:
    eowyn = hero("Eowyn", might=2, will=2, fate=3, fight=5, attacks=2, defence=4, wounds=2)
    dice = ScriptedDice([*GOOD_PRIORITY, 1, 1, 6, 5, 4, 1])  # Gothmog wins; of his two Strikes, rolled
    # together, the first wounds
    state, _ = to_fight(
        [model("eowyn", eowyn, 10, 20)],
        [model("gothmog", gothmog(might=0), 10 + BASE_25MM, 20)],
        dice,
        next_turn=False,
    )
    state, _ = play(state, [("good", PASS)], dice)
    assert (state.pending.kind, state.pending.side) == ("spend_fate", "good")
    offer = legal_actions(state, "good")[0]
    assert offer.label == "Spend a Fate point (3 left): 4+ prevents the Wound"
    assert offer.odds == {
        "outcomes": [
            {"label": "this Fate point prevents it", "p": 0.5, "exact": {"num": 1, "den": 2}},
            {"label": "with up to 2 Might on the roll", "p": 0.8333, "exact": {"num": 5, "den": 6}},
            {"label": "spending all 3 Fate points", "p": 0.875, "exact": {"num": 7, "den": 8}},
        ]
    }
    dice.script.append(1)
    state, events = play(state, [("good", offer.command)], dice)
    assert "Fate roll: 1: the Wound is not prevented." in texts(events)
    assert state.pending.kind == "spend_fate"
    dice.script.extend([5, *NEXT_TURN])  # the second Fate roll
    state, events = play(state, [("good", offer.command)], dice)
    assert "Fate roll: the Wound on Eowyn is prevented." in texts(events)
    assert state.model("eowyn").wounds == 2 and state.model("eowyn").fate == 1


def test_example_72_one_fate_success_prevents_all_the_damage_of_a_strike() -> None:
    thorin_bane = hero("Thorin", might=0, fight=6, attacks=2, strength=4, special_rules=["Goblinbane"])
    grinnah = hero("Grinnah", might=0, will=1, fate=1, fight=3, attacks=2, defence=4, wounds=2,
                   keywords=["Infantry", "Hero", "Goblin"])  # fmt: skip
    dice = ScriptedDice([*GOOD_PRIORITY, 1, 1, 6, 1, 4, 5])  # Grinnah 1, 1; Thorin 6, 1; both Strikes wound
    state, _ = to_fight(
        [model("thorin", thorin_bane, 10, 20)],
        [model("grinnah", grinnah, 10 + BASE_25MM, 20)],
        dice,
        next_turn=False,
    )
    assert (state.pending.kind, state.pending.side) == ("spend_fate", "evil")
    assert state.pending.label == "Grinnah suffers a Wound (1 more to come): spend a Fate point?"
    dice.script.extend([5, 6])  # Fate 5 prevents the first Wound; the second, D3 from a 6: 3 Wounds
    state, events = play(state, [("evil", {"type": "fate", "model": "grinnah"})], dice)
    lines = texts(events)
    assert "Fate roll: the Wound on Grinnah is prevented." in lines
    assert "The Wound becomes 3 Wounds (D3)." in lines
    assert "Grinnah suffers 2 Wounds from Thorin (0 left)." in lines
    assert state.model("grinnah").status == "casualty"


def test_example_73_hama_spends_might_on_a_fate_roll() -> None:
    hama = hero("Hama", might=2, will=1, fate=1, defence=6, wounds=2)
    dice = ScriptedDice([*GOOD_PRIORITY])
    state = deployed(
        setup(
            [model("hama", hama, 10, 30), model("far", profile("Far"), 40, 45)],
            [model("tribesman", profile("Hill Tribesman", missile=BOW), 10, 10)],
        ),
        dice,
        priority="good",
    )
    state, _ = skip_to(state, dice, stop="shoot")
    dice.script.extend([5, 6, 3])  # hit; To Wound 6 (S2 against D6); Fate roll 3
    state, events = play(state, [("evil", {"type": "shoot", "model": "tribesman", "target": "hama"})], dice)
    assert state.pending.kind == "spend_fate"
    state, events = play(state, [("good", {"type": "fate", "model": "hama"})], dice)
    assert "Fate roll: 3, not enough yet." in texts(events)
    assert [a.label for a in choices(state, "good")] == [
        "Spend 1 Might: the Wound is prevented",
        "Keep the roll",
    ]
    dice.script.extend(NEXT_TURN)
    state, events = play(state, [("good", {"type": "might", "model": "hama", "amount": 1})], dice)
    assert "Fate roll: the Wound on Hama is prevented." in texts(events)
    assert (state.model("hama").wounds, state.model("hama").might, state.model("hama").fate) == (2, 1, 0)
