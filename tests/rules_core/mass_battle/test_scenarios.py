"""The spec's test scenarios T1 to T10 (mass-battle.md §17), each with scripted dice.

Conventions (§17): each side also has a General, loose and out of every move's reach; Good has
Priority; every Declare Heroic Actions step and challenge step is passed unless stated; in a combat
the Good stand's die comes first, in a duel the Good hero's, then escape and Fate dice. A turn that
ends rolls the next turn's Priority (NEXT_TURN).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import RuleViolation

from .battles import Game, hero, setup, stand

NEXT_TURN = [6, 1]


def refused(game: Game, side: str, command: dict[str, Any], code: str) -> RuleViolation:
    before = game.state.to_dict()
    with pytest.raises(RuleViolation) as error:
        game.play(side, command)
    assert error.value.code == code, error.value.message
    assert game.state.to_dict() == before
    return error.value


def reasons(game: Game, hero_id: str) -> list[str]:
    duel = game.of("duel")[-1]
    return next((d["reasons"] for d in duel["deaths"] if d["hero"] == hero_id), [])


def finished(game: Game) -> None:
    """Every scripted die was used, and nothing but the next turn's Priority is awaited."""
    assert game.script == []
    assert game.state.pending.kind == "choose_priority"


# -- T1 -------------------------------------------------------------------------------------------


def test_t1_loose_duel_the_lower_total_dies() -> None:
    game = Game(setup(hero("haleth", "good", 20, 20), hero("goblin_captain", "evil", 20, 25)))
    game.play(
        "good", {"type": "charge_hero", "hero": "haleth", "target": "goblin_captain", "path": [[20, 24.016]]}
    )
    assert game.at("haleth") == pytest.approx((20, 24.016), abs=1e-3)  # snapped to base contact
    game.play("good", {"type": "end_moves"})
    error = refused(
        game, "evil", {"type": "move_hero", "hero": "goblin_captain", "path": [[25, 30]]}, "hero_engaged"
    )
    assert "Goblin Captain" in error.message
    game.play("evil", {"type": "end_moves"}, [6, 2, *NEXT_TURN])

    finished(game)
    assert "duel_might" not in {e.get("kind") for e in game.events}
    assert game.of("duel")[0]["totals"] == {"haleth": 36, "goblin_captain": 42}
    assert reasons(game, "haleth") == ["lower total"]
    assert reasons(game, "goblin_captain") == []
    captain = game.state.models["goblin_captain"]
    assert captain.on_board and game.at("goblin_captain") == (20, 25) and captain.might == 2
    assert game.state.heroes["goblin_captain"].attached_to is None
    assert game.losses("good") == 1 and game.losses("evil") == 0


# -- T2 -------------------------------------------------------------------------------------------


def duel_of(first: str, second: str, dice: list[int], **cards: list[str]) -> Game:
    """Two loose heroes already in base contact (25 mm bases: 0.984" between centres)."""
    game = Game(
        setup(
            hero(first, "good", 30, 20, cards=cards.get(first, [])),
            hero(second, "evil", 30, 20.984, cards=cards.get(second, [])),
        )
    )
    game.play("good", {"type": "end_moves"})
    game.play("evil", {"type": "end_moves"}, dice)
    return game


@pytest.mark.parametrize(
    ("dice", "eowyn", "witch_king"),
    [
        ([6, 1], ["lower total"], ["natural 1"]),
        ([6, 2], ["lower total"], []),
        ([1, 1], ["lower total", "natural 1"], ["natural 1"]),
    ],
    ids=["t2a", "t2b", "t2c"],
)
def test_t2_eowyn_rule_a_natural_1_kills_the_higher_total_too(
    dice: list[int], eowyn: list[str], witch_king: list[str]
) -> None:
    game = duel_of("eowyn", "witch_king", [*dice, *NEXT_TURN])
    finished(game)  # no prompt in the duel
    assert reasons(game, "eowyn") == eowyn
    assert reasons(game, "witch_king") == witch_king
    assert game.state.models["witch_king"].on_board == (not witch_king)
    assert not game.state.models["eowyn"].on_board


# -- T3 -------------------------------------------------------------------------------------------


def test_t3a_equal_totals_kill_both_and_a_card_counts_as_points() -> None:
    game = duel_of("haleth", "grinnah", [4, 4], haleth=["Bodyguard"])
    assert game.state.heroes["haleth"].duel_points == 50
    assert (game.state.pending.side, game.state.pending.kind) == ("evil", "duel_might")
    game.play("evil", {"type": "pass"})
    assert game.state.pending.side == "good"
    game.play("good", {"type": "pass"}, NEXT_TURN)
    finished(game)
    assert game.of("duel")[0]["totals"] == {"haleth": 54, "grinnah": 54}
    assert reasons(game, "haleth") == ["equal totals"] and reasons(game, "grinnah") == ["equal totals"]
    assert game.state.models["haleth"].might == 1 and game.state.models["grinnah"].might == 2


def test_t3b_might_bidding_goes_back_and_forth() -> None:
    game = duel_of("haleth", "grinnah", [4, 4], haleth=["Bodyguard"])
    game.play("evil", {"type": "pass"})
    game.play("good", {"type": "bid", "hero": "haleth", "amount": 1})
    game.play("evil", {"type": "bid", "hero": "grinnah", "amount": 1})
    assert game.state.pending.side == "evil", "Haleth has no Might left: Evil is asked again"
    game.play("evil", {"type": "bid", "hero": "grinnah", "amount": 1}, NEXT_TURN)
    finished(game)
    assert game.of("duel")[0]["totals"] == {"haleth": 55, "grinnah": 56}
    assert reasons(game, "haleth") == ["lower total"]
    assert game.state.models["grinnah"].on_board and game.state.models["grinnah"].might == 0
    assert game.state.models["haleth"].might == 0


# -- T4 -------------------------------------------------------------------------------------------


def test_t4a_might_cannot_undo_a_natural_1_but_drags_the_foe_into_a_tie() -> None:
    game = duel_of("eomer", "gothmog", [3, 1], eomer=["Swift"])
    assert game.state.pending.side == "evil", "a tie would also kill Eomer"
    game.play("evil", {"type": "bid", "hero": "gothmog", "amount": 2})
    assert game.state.pending.side == "good"
    game.play("good", {"type": "pass"}, NEXT_TURN)
    # §17 has Evil pass once more; but both heroes die whatever Evil bids now, so (§9: offered
    # only when a spend can change who dies) Evil is not asked.
    finished(game)
    duel = game.of("duel")[0]
    assert duel["natural"]["gothmog"] == 1 and duel["might"]["gothmog"] == 2
    assert duel["totals"] == {"eomer": 123, "gothmog": 123}
    assert reasons(game, "gothmog") == ["equal totals", "natural 1"]
    assert reasons(game, "eomer") == ["equal totals"]
    assert game.state.models["gothmog"].might == 1 and game.state.models["eomer"].might == 3


def test_t4b_a_longer_bidding_war() -> None:
    game = duel_of("eomer", "gothmog", [3, 1], eomer=["Swift"])
    game.play("evil", {"type": "bid", "hero": "gothmog", "amount": 2})
    game.play("good", {"type": "bid", "hero": "eomer", "amount": 1})
    game.play("evil", {"type": "bid", "hero": "gothmog", "amount": 1})
    game.play("good", {"type": "bid", "hero": "eomer", "amount": 1}, NEXT_TURN)
    finished(game)
    assert reasons(game, "gothmog") == ["lower total", "natural 1"]
    assert reasons(game, "eomer") == []
    assert game.state.models["eomer"].on_board and game.state.models["eomer"].might == 1


# -- T5 -------------------------------------------------------------------------------------------


def a_against_b(
    *extra: dict[str, Any],
    a: str = "boromir",
    b: str = "gothmog",
    kinds: str = "MT MO",
    **heroes: dict[str, Any],
) -> Game:
    """A at (30, 20) facing 0 against B at (30, 22) facing 180: front contact on y = 21. A hero named
    as a keyword gets those settings (`actions`, `cards`)."""
    a_heroes, b_heroes = a.split(), b.split()
    first, second = kinds.split()
    return Game(
        setup(
            stand("a", "good", first, 30, 20, 0, *a_heroes),
            stand("b", "evil", second, 30, 22, 180, *b_heroes),
            *(hero(h, "good", **heroes.get(h, {})) for h in a_heroes),
            *(hero(h, "evil", **heroes.get(h, {})) for h in b_heroes),
            *extra,
        )
    )


def to_combat(game: Game, dice: list[int]) -> None:
    """Pass every step (challenges included) up to the combat's first Might decision."""
    game.script += dice
    game.pass_until("combat_might")


def test_t5a_a_natural_1_costs_the_stand_its_hero() -> None:
    game = a_against_b()
    to_combat(game, [1, 4])
    assert game.state.pending.side == "good"
    game.play("good", {"type": "pass"})
    assert game.state.pending.side == "evil", "8 against 6: Gothmog's Might could destroy A"
    game.play("evil", {"type": "pass"}, NEXT_TURN)
    finished(game)
    order = [k for k in game.kinds() if k in ("combat", "hero_lost", "stand_recoiled")]
    assert order == ["combat", "hero_lost", "stand_recoiled"]
    combat = game.of("combat")[0]
    assert combat["totals"] == {"a": 6, "b": 8} and combat["result"]["loser"] == "a"
    assert game.of("hero_lost")[0]["reason"] == "natural 1 in mass combat"
    assert "spend_fate" not in {e.get("kind") for e in game.events}
    assert game.at("a") == (30, 18)
    assert game.losses("good") == 1


def test_t5b_might_wins_the_fight_but_cannot_save_the_hero() -> None:
    game = a_against_b()
    to_combat(game, [1, 4])
    game.play("good", {"type": "bid", "hero": "boromir", "amount": 3})
    game.play("evil", {"type": "bid", "hero": "gothmog", "amount": 1})
    game.play("good", {"type": "bid", "hero": "boromir", "amount": 1})
    game.play("evil", {"type": "bid", "hero": "gothmog", "amount": 1})
    game.play("good", {"type": "bid", "hero": "boromir", "amount": 1}, NEXT_TURN)
    finished(game)
    combat = game.of("combat")[0]
    assert combat["totals"] == {"a": 11, "b": 10} and combat["result"]["loser"] == "b"
    assert game.at("b") == (30, 24)
    assert not game.state.models["boromir"].on_board
    assert game.state.models["boromir"].might == 1 and game.state.models["gothmog"].might == 1


# -- T6 -------------------------------------------------------------------------------------------


def test_t6_both_stands_roll_1_and_each_owner_chooses_whom_to_lose() -> None:
    game = a_against_b(a="boromir hama", b="gothmog goblin_captain")
    to_combat(game, [1, 1])
    assert game.state.pending.side == "evil"
    game.play("evil", {"type": "pass"})
    assert game.state.pending.side == "good", "6 against 5: Might could still destroy B"
    game.play("good", {"type": "pass"})
    assert (game.state.pending.kind, game.state.pending.side) == ("choose_lost", "good")
    game.play("good", {"type": "choose_lost", "hero": "hama"})
    assert (game.state.pending.kind, game.state.pending.side) == ("choose_lost", "evil")
    game.play("evil", {"type": "choose_lost", "hero": "goblin_captain"}, NEXT_TURN)
    finished(game)
    assert game.of("combat")[0]["totals"] == {"a": 6, "b": 5}
    assert game.at("b") == (30, 24)
    assert [h.id for h in game.state.attached("a")] == ["boromir"]
    assert [h.id for h in game.state.attached("b")] == ["gothmog"]
    assert game.losses("good") == 1 and game.losses("evil") == 1


# -- T7 -------------------------------------------------------------------------------------------


def test_t7a_an_overlapping_hero_does_not_count() -> None:
    game = a_against_b(stand("c", "evil", "MO", 34, 22, 180, "gothmog"), hero("gothmog", "evil"), b="")
    to_combat(game, [1, 3])
    game.play("good", {"type": "pass"}, NEXT_TURN)
    finished(game)
    combat = game.of("combat")[0]
    assert {"source": "overlap by C", "value": -1} in combat["modifiers"]["a"]
    assert combat["totals"] == {"a": 5, "b": 6}
    assert "hero_lost" not in game.kinds()
    assert game.at("a") == (30, 18)


def test_t7b_a_hero_on_the_flank_does_count() -> None:
    game = a_against_b(stand("c", "evil", "MO", 33, 20, 270, "gothmog"), hero("gothmog", "evil"), b="")
    to_combat(game, [1, 3])
    game.play("good", {"type": "pass"}, NEXT_TURN)
    finished(game)
    combat = game.of("combat")[0]
    assert {"source": "C on its flank", "value": -1} in combat["modifiers"]["a"]
    assert combat["totals"] == {"a": 5, "b": 6}
    kinds = [k for k in game.kinds() if k in ("hero_lost", "stand_destroyed")]
    assert kinds == ["hero_lost", "stand_destroyed"]
    assert game.of("stand_destroyed")[0]["reason"] == "beaten with an enemy stand on its flank"
    assert game.losses("good") == 2


# -- T8 -------------------------------------------------------------------------------------------


def t8() -> Game:
    game = a_against_b(
        stand("d", "good", "WR", 33, 23, 270, "hama"), hero("hama", "good"), a="eomer", kinds="WR MO"
    )
    game.pass_until("issue_challenge")
    return game


def test_t8a_an_accepted_challenge_replaces_the_combat() -> None:
    game = t8()
    game.play("good", {"type": "issue_challenge", "stand": "a", "hero": "eomer"})
    assert game.state.pending.kind == "answer_challenge"
    answers = game.actions("evil")
    assert any(a["command"].get("hero") == "gothmog" and a.get("odds") for a in answers)
    game.play("evil", {"type": "answer_challenge", "accept": True, "hero": "gothmog"}, [6, 2, *NEXT_TURN])
    finished(game)
    assert [r.purpose for r in game.rolls if r.purpose.startswith(("duel", "combat"))] == [
        "duel:eomer",
        "duel:gothmog",
    ], "exactly two dice this phase: no combat dice for A-B"
    assert game.of("duel")[0]["totals"] == {"eomer": 116, "gothmog": 122}
    assert reasons(game, "eomer") == ["lower total"]
    assert game.of("challenge_accepted")[0]["pair"] == ["a", "b"]
    assert [game.at(s) for s in "abd"] == [(30, 20), (30, 22), (33, 23)], "nobody moved: still in contact"
    assert game.losses("good") == 1


def test_t8a_next_turn_the_watching_pair_fights_normally() -> None:
    game = t8()
    game.play("good", {"type": "issue_challenge", "stand": "a", "hero": "eomer"})
    game.play("evil", {"type": "answer_challenge", "accept": True, "hero": "gothmog"}, [6, 2, *NEXT_TURN])
    assert not game.state.stands["a"].watching and not game.state.stands["b"].watching
    game.play("good", {"type": "priority", "side": "good"})
    to_combat(game, [4, 4])
    assert game.of("combat_roll")[0]["pair"] == ["a", "b"]


def test_t8b_a_declined_challenge_and_an_escape_by_fate() -> None:
    game = t8()
    game.play("good", {"type": "issue_challenge", "stand": "a", "hero": "eomer"})
    game.play("evil", {"type": "answer_challenge", "accept": False}, [3, 3])
    assert game.of("challenge_declined")
    assert (game.state.pending.kind, game.state.pending.side) == ("combat_might", "evil")
    game.play("evil", {"type": "pass"})
    combat = game.of("combat")[0]
    assert combat["totals"] == {"a": 7, "b": 6}
    assert {"source": "D on its flank", "value": -1} in combat["modifiers"]["b"]
    assert game.of("stand_destroyed")[0]["reason"] == "beaten with an enemy stand on its flank"
    assert (game.state.pending.kind, game.state.pending.side) == ("spend_fate", "evil")
    game.play("evil", {"type": "spend_fate", "hero": "gothmog"}, [5])
    assert game.state.pending.kind == "place_escaped"
    assert not any("stand" in a["command"] for a in game.actions()), "no friendly stand in reach"
    game.play("evil", {"type": "place_escaped", "hero": "gothmog", "point": [30, 27]}, NEXT_TURN)
    finished(game)
    gothmog = game.state.models["gothmog"]
    assert gothmog.on_board and game.at("gothmog") == (30, 27) and gothmog.fate == 0
    assert game.state.heroes["gothmog"].attached_to is None
    assert game.losses("evil") == 1


def test_t8c_a_flank_contact_cannot_challenge() -> None:
    game = t8()
    error = refused(
        game, "good", {"type": "issue_challenge", "stand": "d", "hero": "hama"}, "challenge_not_frontal"
    )
    assert "not frontal" in error.message


# -- T9 -------------------------------------------------------------------------------------------


def test_t9_overrun() -> None:
    game = Game(
        setup(
            stand("s", "good", "WR", 30, 10, 0),
            hero("goblin_captain", "evil", 30, 14),
            hero("grinnah", "evil", 33.6, 14),
            hero("hama", "good", 30, 16.2),
        )
    )
    game.play("good", {"type": "move_stand", "stand": "s", "via": [[30, 16]], "facing": 0})
    overrun = game.of("hero_overrun")
    assert [e["hero"] for e in overrun] == ["goblin_captain"]
    assert {e.get("kind") for e in game.events} <= {None}, "no Fate or Courage prompt"
    assert not game.state.models["goblin_captain"].on_board
    assert game.state.models["grinnah"].on_board
    assert game.at("hama") == (30, 17.492126)
    assert game.at("s") == (30, 16)
    game.play("good", {"type": "end_moves"})
    error = refused(
        game,
        "evil",
        {"type": "move_hero", "hero": "grinnah", "path": [[32.6, 14]]},
        "too_close_to_enemy_stand",
    )
    assert '0.674"' in error.message
    assert game.losses("evil") == 1


# -- T10 ------------------------------------------------------------------------------------------


def t10(hero_id: str, *extra: dict[str, Any]) -> Game:
    return a_against_b(stand("e", "good", "WR", 36, 16, 0), *extra, a=hero_id, b="", kinds="WR MO")


def test_an_escaping_hero_sent_to_a_full_stand_is_told_it_is_full() -> None:
    """§8.8: the stands he may join have room; one in reach carrying two heroes is refused by its
    rule (`stand_full`), not as a command missing its place."""
    game = a_against_b(
        stand("e", "good", "WR", 36, 16, 0, "eowyn", "haleth"),
        hero("eowyn", "good"),
        hero("haleth", "good"),
        a="hama",
        b="",
        kinds="WR MO",
    )
    to_combat(game, [1, 6])
    game.play("good", {"type": "pass"})
    game.play("good", {"type": "spend_fate", "hero": "hama"}, [3])
    game.play("good", {"type": "bid", "hero": "hama", "amount": 1})
    assert game.state.pending.kind == "place_escaped"
    full = refused(game, "good", {"type": "place_escaped", "hero": "hama", "stand": "e"}, "stand_full")
    assert "already carries Eowyn and Haleth" in full.message


def test_t10a_a_destroyed_stand_escape_by_fate_and_might() -> None:
    game = t10("hama")
    to_combat(game, [1, 6])
    bids = [a for a in game.actions() if a["kind"] == "bid"]
    assert [(b["command"]["amount"], b["odds"]["outcomes"][0]["label"]) for b in bids] == [(2, "A recoils")]
    game.play("good", {"type": "pass"})
    assert game.of("combat")[0]["totals"] == {"a": 5, "b": 9}
    assert "hero_lost" not in game.kinds()
    assert game.state.pending.kind == "spend_fate"
    game.play("good", {"type": "spend_fate", "hero": "hama"}, [3])
    assert game.state.pending.kind == "escape_might"
    game.play("good", {"type": "bid", "hero": "hama", "amount": 1})
    assert game.state.pending.kind == "place_escaped"
    game.play("good", {"type": "place_escaped", "hero": "hama", "stand": "e"}, NEXT_TURN)
    finished(game)
    hama = game.state.models["hama"]
    assert game.state.heroes["hama"].attached_to == "e" and hama.might == 1 and hama.fate == 0
    assert game.losses("good") == 1


def test_t10b_without_fate_the_hero_falls_with_his_stand() -> None:
    game = t10("boromir")
    to_combat(game, [1, 6])
    game.play("good", {"type": "pass"}, NEXT_TURN)
    finished(game)
    assert game.of("stand_destroyed") and not game.state.models["boromir"].on_board
    assert game.losses("good") == 2


def test_t10c_attachment_limits() -> None:
    game = t10(
        "hama",
        stand("g", "good", "WR", 42, 16, 0),
        stand("h", "good", "WR", 36, 12, 0, "eowyn", "haleth"),
        hero("eowyn", "good"),
        hero("haleth", "good"),
    )
    to_combat(game, [1, 6])
    game.play("good", {"type": "pass"})
    game.play("good", {"type": "spend_fate", "hero": "hama"}, [3])
    game.play("good", {"type": "bid", "hero": "hama", "amount": 1})
    game.play("good", {"type": "place_escaped", "hero": "hama", "stand": "e"}, NEXT_TURN)
    game.play("good", {"type": "priority", "side": "good"})
    game.pass_until("activate")

    game.play("good", {"type": "activate", "stand": "e"})
    game.play("good", {"type": "detach", "hero": "hama"})
    assert game.state.heroes["hama"].attached_to is None and game.of("hero_detached")
    spot = game.at("hama")
    game.play("good", {"type": "move_hero", "hero": "hama", "path": [[spot[0] + 0.5, spot[1]]]})
    refused(game, "good", {"type": "attach", "hero": "hama", "stand": "e"}, "rejoin_same_stand")
    refused(game, "good", {"type": "attach", "hero": "hama", "stand": "h"}, "stand_full")
    game.play("good", {"type": "attach", "hero": "hama", "stand": "g"})
    assert game.state.heroes["hama"].attached_to == "g"
    assert game.state.stands["g"].activated
    game.play("good", {"type": "hold", "stand": "e"})
    refused(game, "good", {"type": "activate", "stand": "g"}, "already_activated")


def test_t10c_a_hero_cannot_leave_a_stand_in_combat() -> None:
    game = a_against_b(a="eomer", b="", kinds="WR MO")
    game.play("good", {"type": "activate", "stand": "a"})
    error = refused(game, "good", {"type": "detach", "hero": "eomer"}, "hero_engaged_stand")
    assert error.message == "Eomer cannot leave A: they are in combat."
