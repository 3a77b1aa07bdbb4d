"""The further scenarios §17 lists (not pinned there): a Broken test with Stand Fast from an attached
hero, Terror stopping a charge, a Heroic Combat follow-up charge, a shot's recoil blocked by a
friend, Black Dart on a stand resisted by its hero."""

from __future__ import annotations

from rules_core.mass_battle.state import MassState

from .battles import Game, hero, setup, stand
from .fixtures import hero_profile
from .test_scenarios import NEXT_TURN, a_against_b, finished

DOOMED = [stand(f"x{i}", "good", "WR", 4 + 8 * i, 40, 0) for i in range(6)]


def broken_game() -> Game:
    """Good has lost six stands of a starting strength of eleven (9 stands, Eomer and the General):
    more than half, so it is Broken at the start of the turn (§13)."""
    data = setup(
        stand("a", "good", "WR", 30, 10, 0, "eomer"),
        stand("c", "good", "WR", 36, 10, 0),
        stand("d", "good", "WR", 10, 10, 0),
        hero("eomer", "good"),
        *DOOMED,
    )

    def six_stands_lost(state: MassState) -> None:
        for i in range(6):
            state.stands[f"x{i}"].status = "destroyed"

    game = Game(data, declare=True, earlier=six_stands_lost)
    return game


def test_a_broken_army_tests_and_a_hero_who_passes_gives_stand_fast() -> None:
    game = broken_game()
    assert game.of("army_broken")[0]["side"] == "good"
    game.pass_until("activate")
    game.play("good", {"type": "hold", "stand": "a"})
    assert game.state.pending.kind == "choose_tester", "Eomer (Courage 7, 3 Will, 3 Might) may do better"
    odds = {a["command"]["tester"]: a["odds"]["outcomes"][0]["p"] for a in game.actions()}
    assert odds["eomer"] > odds["a"]
    game.play("good", {"type": "test_with", "tester": "eomer"}, [4, 4])
    assert game.of("stand_fast") and game.of("stand_fast")[0]["model"] == "eomer"
    game.play("good", {"type": "hold", "stand": "c"})
    auto = [e for e in game.of("test") if e.get("stand") == "c"]
    assert auto and auto[0]["auto"] and "Eomer's Stand Fast" in auto[0]["text"]
    game.play("good", {"type": "hold", "stand": "d"}, [1, 1])
    assert game.of("stand_fled")[0]["stand"] == "d", "out of Stand Fast's reach, D tests alone and flees"
    assert game.state.stands["a"].on_board and game.state.stands["c"].on_board


def test_terror_stops_a_charge() -> None:
    game = Game(setup(stand("a", "good", "WR", 30, 20, 0), stand("t", "evil", "CT", 30, 25, 180)))
    charge = next(
        a for a in game.actions() if a["command"] == {"type": "charge", "stand": "a", "target": "t"}
    )
    assert 0 < charge["odds"]["dares_to_charge"]["p"] < 1
    assert charge["odds"]["outcomes"], "and the odds of the combat it would start"
    game.play("good", {"type": "charge", "stand": "a", "target": "t"}, [1, 2])
    assert game.of("terrified")[0]["stand"] == "a"
    assert game.at("a") == (30, 20) and game.state.stands["a"].activated
    assert not game.of("stand_charged")


def test_heroic_combat_destroys_its_opponent_and_follows_up_with_a_charge() -> None:
    game = a_against_b(stand("c", "evil", "MO", 30, 27, 180), b="")
    game.pass_until("declare_heroic_action", phase="fight")
    game.play("good", {"type": "declare", "hero": "boromir", "action": "heroic_combat"}, [6, 1])
    combat = game.of("combat")[0]
    assert combat["heroic"] == "good" and combat["result"] == {
        "kind": "destroyed",
        "winner": "a",
        "loser": "b",
        "margin": 7,
        "why": "beaten by 7 (3 or more destroys)",
    }
    assert game.of("heroic_follow_up")[0]["stand"] == "a"
    assert game.state.pending.detail["reason"] == "heroic_combat"
    game.play("good", {"type": "charge", "stand": "a", "target": "c"}, [3, 3, *NEXT_TURN])
    assert game.state.pending.kind == "combat_might", "8 against 6: Boromir's Might could destroy C"
    game.play("good", {"type": "pass"})
    finished(game)
    assert game.at("a") == (30, 25), "conformed on C's front edge (y = 26)"
    combats = game.of("combat")
    assert combats[1]["pair"] == ["a", "c"] and combats[1]["totals"] == {"a": 8, "c": 6}
    assert game.at("c") == (30, 29)


def test_a_shot_recoil_blocked_by_a_friend_destroys_the_target() -> None:
    data = setup(
        stand("s", "good", "BW", 30, 30, 0),
        stand("t", "evil", "MO", 30, 45, 180),
        stand("u", "evil", "MO", 30, 47, 180),
    )
    game = Game(data)
    game.pass_until("shoot")
    shot = next(a for a in game.actions() if a["command"].get("target") == "t")
    assert sum(o["numerator"] / o["denominator"] for o in shot["odds"]["outcomes"]) == 1
    game.play("good", {"type": "shoot", "stand": "s", "target": "t"}, [4, 2, *NEXT_TURN])
    finished(game)
    volley = game.of("volley")[0]
    assert volley["totals"] == {"s": 7, "t": 5} and volley["result"] == "recoil"
    destroyed = game.of("stand_destroyed")[0]
    assert destroyed["stand"] == "t" and "blocked" in destroyed["reason"] and "U" in destroyed["reason"]
    assert game.state.stands["u"].on_board and game.at("u") == (30, 47)


WIZARD = hero_profile(
    "Dark Sorcerer", 100, 3, 6, 1, powers=[{"name": "Black Dart", "range": 12.0, "casting": 5}]
)


def test_black_dart_on_a_stand_resisted_by_its_hero() -> None:
    data = setup(
        stand("a", "good", "WR", 30, 20, 0, "eomer"), hero("eomer", "good"), hero("sorcerer", "evil", 30, 30)
    )
    data["profiles"].append(WIZARD)
    data["armies"]["evil"]["heroes"][0]["profile"] = "Dark Sorcerer"
    game = Game(data)
    game.play("good", {"type": "end_moves"})
    cast = next(a for a in game.actions("evil") if a["kind"] == "cast")
    assert [o["value"] for o in cast["params"]["target"]["options"]] == ["a"]
    game.play(
        "evil", {"type": "cast", "model": "sorcerer", "power": "Black Dart", "target": "a", "will": 1}, [5]
    )
    assert game.state.pending.kind == "spend_might", "Might would raise the score Eomer must beat"
    game.play("evil", {"type": "keep"})
    assert (game.state.pending.kind, game.state.pending.side) == ("resist", "good")
    resist = next(a for a in game.actions() if a["command"].get("will") == 1)
    assert resist["command"]["model"] == "eomer" and resist["odds"]["outcomes"][0]["p"] > 0
    game.play("good", {"type": "resist", "model": "eomer", "will": 1}, [6])
    assert game.of("resisted") and not game.of("volley")
    assert game.state.models["eomer"].will == 3, "a natural 6 gives the Will point back"
    assert game.state.models["sorcerer"].will == 5


def test_black_dart_not_resisted_is_resolved_like_a_shot() -> None:
    data = setup(stand("a", "good", "WR", 30, 20, 0), hero("sorcerer", "evil", 30, 30))
    data["profiles"].append(WIZARD)
    data["armies"]["evil"]["heroes"][0]["profile"] = "Dark Sorcerer"
    game = Game(data)
    game.play("good", {"type": "end_moves"})
    game.play(
        "evil",
        {"type": "cast", "model": "sorcerer", "power": "Black Dart", "target": "a", "will": 1},
        [6, 6, 1],
    )
    volley = game.of("volley")[0]
    assert volley["totals"] == {"sorcerer": 10, "a": 4} and volley["result"] == "destroyed"
    assert game.of("stand_destroyed")[0]["stand"] == "a"
