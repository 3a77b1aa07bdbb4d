"""The Fight phase's finer rules with scripted dice: supporters of the beaten side fall back (§8.8),
a stand struck by several enemies chooses its opponent (§8.4), a recoil pushes a friend behind, rear
support (§8.5); Heroic Accuracy's re-roll of a shot (§11); Aura of Dismay on stands' Courage (§12)."""

from __future__ import annotations

from rules_core.mass_battle import contacts
from rules_core.mass_battle.combat import combat_setup
from rules_core.mass_battle.courage import courage_modifiers, stand_need

from .battles import Game, hero, setup, stand
from .fixtures import hero_profile
from .test_odds import outcomes
from .test_scenarios import NEXT_TURN, a_against_b, finished


def test_the_beaten_sides_supporters_fall_back() -> None:
    game = a_against_b(stand("s", "evil", "MO", 33, 20, 270), a="", b="")
    game.script += [6, 1, *NEXT_TURN]
    game.pass_until("choose_priority")
    combat = game.of("combat")[0]
    assert combat["totals"] == {"a": 9, "b": 4} and combat["result"]["kind"] == "destroyed"
    assert {"source": "S on its flank", "value": -1} in combat["modifiers"]["a"]
    assert (
        game.of("stand_recoiled")[0]["stand"] == "s" and "falls back" in game.of("stand_recoiled")[0]["text"]
    )
    assert game.at("s") == (35, 20)


def test_a_stand_struck_on_both_flanks_chooses_its_opponent() -> None:
    game = Game(
        setup(
            stand("x", "good", "WR", 30, 20, 0),
            stand("e", "evil", "MO", 27, 20, 90),
            stand("f", "evil", "MO", 33, 20, 270),
        )
    )
    game.pass_until("choose_opponent")
    assert game.state.pending.side == "good"
    assert sorted(a["command"]["target"] for a in game.actions() if a["kind"] == "choose_opponent") == [
        "e",
        "f",
    ]
    game.play("good", {"type": "choose_opponent", "stand": "x", "target": "e"}, [6, 1, *NEXT_TURN])
    finished(game)
    combat = game.of("combat")[0]
    assert combat["pair"] == ["x", "e"]
    assert {"source": "opponent on its flank", "value": -1} in combat["modifiers"]["x"]
    assert {"source": "F on its flank", "value": -1} in combat["modifiers"]["x"]


def test_a_recoil_pushes_the_friend_behind_and_rear_support_counts() -> None:
    game = a_against_b(stand("r", "good", "WR", 30, 18, 0), a="", b="")
    game.script += [1, 5, *NEXT_TURN]
    game.pass_until("choose_priority")
    finished(game)
    combat = game.of("combat")[0]
    assert {"source": "rear support by R", "value": 1} in combat["modifiers"]["a"]
    assert combat["totals"] == {"a": 6, "b": 8}
    assert [e["stand"] for e in game.of("stand_pushed")] == ["r"]
    assert game.at("a") == (30, 18) and game.at("r") == (30, 16)


def test_heroic_accuracy_rerolls_a_shot() -> None:
    game = Game(
        setup(
            stand("s", "good", "BW", 30, 20, 0, "hama"),
            stand("t", "evil", "MO", 30, 32, 180),
            hero("hama", "good", actions=("heroic_accuracy",)),
        )
    )
    game.pass_until("declare_heroic_action", phase="shoot")
    game.play("good", {"type": "declare", "hero": "hama", "action": "heroic_accuracy"})
    game.play("good", {"type": "shoot", "stand": "s", "target": "t"}, [1, 6])
    assert game.state.pending.kind == "reroll"
    reroll = next(a for a in game.actions() if a["kind"] == "reroll")
    assert sum(o["numerator"] / o["denominator"] for o in reroll["odds"]["outcomes"]) == 1
    game.play("good", {"type": "reroll", "hero": "hama"}, [6, *NEXT_TURN])
    finished(game)
    assert game.of("reroll")[0]["face"] == 6
    assert game.of("volley")[0]["totals"] == {"s": 9, "t": 9} and game.of("volley")[0]["result"] == "none"


DISMAY = hero_profile(
    "Dark Sorcerer", 90, 2, 6, 0, powers=[{"name": "Aura of Dismay", "range": 0.0, "casting": 3}]
)


def test_aura_of_dismay_weakens_nearby_enemy_stands_courage() -> None:
    data = setup(
        stand("a", "good", "WR", 30, 20, 0),
        stand("far", "good", "WR", 60, 20, 0),
        {**hero("sorcerer", "evil", 30, 26), "profile": "Dark Sorcerer"},
    )
    data["profiles"].append(DISMAY)
    game = Game(data)
    game.play("good", {"type": "end_moves"})
    game.play("evil", {"type": "cast", "model": "sorcerer", "power": "Aura of Dismay", "will": 1}, [6])
    near, far = game.state.stands["a"], game.state.stands["far"]
    assert courage_modifiers(game.state, near) == [("Aura of Dismay (Dark Sorcerer)", -1)]
    assert stand_need(game.state, near) == 8 and stand_need(game.state, far) == 7


def test_a_combat_s_setup_names_the_stands_behind_its_modifiers() -> None:
    """The page's contact overlay draws these: who supports, overlaps or strikes a flank, and by
    how much (§8.5). A with S behind it, C overlapping it and F on its flank; B with nobody."""
    game = Game(
        setup(
            stand("a", "good", "WR", 30, 20, 0),
            stand("s", "good", "WR", 30, 18, 0),
            stand("b", "evil", "MO", 30, 22, 180),
            stand("c", "evil", "MO", 34, 22, 180),
            stand("f", "evil", "MO", 27, 21, 90),
        )
    )
    found = combat_setup(game.state, ("a", "b"), [])
    assert sorted(found.helpers["good"]) == [
        ("c", "overlap", -1),
        ("f", "on its flank", -1),
        ("s", "rear support", 1),
    ]
    assert found.helpers["evil"] == []
    assert [v for _, v in found.modifiers["good"]] == [1, -1, -1]
    # The table facts every audience's page reads: the same pairs and setups, worked out once.
    (pair, setup_a_b), *others = contacts(game.state)
    assert pair == ("a", "b") and not others
    assert sorted(setup_a_b.helpers["good"]) == sorted(found.helpers["good"])
    assert contacts(game.state) is contacts(game.state)
    assert "mass_contacts" not in game.state.to_dict() and not game.state.clone().memo


def test_the_side_ahead_is_offered_might_to_turn_a_recoil_into_a_destruction() -> None:
    """§8.6: a bid is offered whenever it changes the result class, also to the side winning."""
    game = Game(
        setup(
            stand("a", "good", "WR", 30, 20, 0, "eomer"),
            stand("b", "evil", "MO", 30, 22, 180),
            hero("eomer", "good"),
        )
    )
    game.script += [4, 4]
    game.pass_until("combat_might")
    assert game.state.pending.side == "good", "8 against 7: B recoils, but Eomer's Might can destroy it"
    bids = {a["label"]: a for a in game.actions() if a["kind"] in ("bid", "pass")}
    assert sorted(bids) == [
        "Eomer: spend 2 Might (4 becomes 6): B is destroyed",
        "Spend no more Might: B recoils",
    ]
    assert [outcomes(a) for a in bids.values()] == [{"B is destroyed": 1}, {"B recoils": 1}]
    game.play("good", {"type": "bid", "hero": "eomer", "amount": 2}, NEXT_TURN)
    finished(game)
    combat = game.of("combat")[0]
    assert combat["totals"] == {"a": 10, "b": 7} and combat["result"]["kind"] == "destroyed"
    assert game.state.models["eomer"].might == 1
    # The log names each term of both totals.
    assert combat["text"] == (
        "Combat: A 4 (die) + 2 (Might) + 3 (CF) + 1 (hero attached) = 10; B 4 (die) + 3 (CF) = 7: "
        "A wins by 3: B is destroyed."
    )


def test_a_shooter_s_hero_is_offered_might_to_turn_a_recoil_into_a_destruction() -> None:
    """§7 and §10: the shot is the same opposed roll, so its bidding asks the side ahead too."""
    game = Game(
        setup(
            stand("s", "good", "BW", 30, 20, 0, "hama"),
            stand("t", "evil", "MO", 30, 32, 180),
            hero("hama", "good"),
        )
    )
    game.pass_until("shoot")
    game.play("good", {"type": "shoot", "stand": "s", "target": "t"}, [4, 3])
    assert game.state.pending.side == "good", "7 against 6: T recoils, but Hama's 2 Might destroy it"
    bids = [a for a in game.actions() if a["kind"] in ("bid", "pass")]
    assert [(a["label"], outcomes(a)) for a in bids] == [
        ("Hama: spend 2 Might (4 becomes 6): T is destroyed", {"T is destroyed": 1}),
        ("Spend no more Might: T recoils", {"T recoils": 1}),
    ]
    game.play("good", {"type": "bid", "hero": "hama", "amount": 2}, NEXT_TURN)
    assert game.of("volley")[0]["result"] == "destroyed"
    assert (
        game.of("volley_roll")[0]["text"] == "S rolls 4 (die) + 3 (SF) = 7 against T's 3 (die) + 3 (CF) = 6."
    )
    assert game.of("volley")[0]["text"] == (
        "S: 4 (die) + 2 (Might) + 3 (SF) = 9 against T's 3 (die) + 3 (CF) = 6: T is destroyed."
    )
