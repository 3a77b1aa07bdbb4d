"""How a mass battle ends (§14), as data: each ending code from a battle that ends that way, with
its victory points, losses and turn, and the sentence players read."""

from __future__ import annotations

from typing import Any

import pytest

from .battles import Game, setup, stand

NEXT_TURN = [6, 1]


def four_against_four(turn_limit: int = 8) -> Game:
    """Four stands a side, far apart, each side's General loose at its rear edge."""
    good = [stand(f"g{i}", "good", "WR", 10 + 12 * i, 8, 0) for i in range(4)]
    evil = [stand(f"e{i}", "evil", "MO", 10 + 12 * i, 40, 180) for i in range(4)]
    return Game(setup(*good, *evil, turn_limit=turn_limit))


def lose(game: Game, *pieces: str) -> None:
    """The stands (destroyed) and heroes (slain) named, as if lost earlier in the turn."""
    for piece in pieces:
        if piece in game.state.stands:
            game.state.stands[piece].status = "destroyed"
        else:
            game.state.models[piece].status = "casualty"


def result_of(game: Game) -> dict[str, Any]:
    game.pass_until("battle_over")
    assert game.state.result is not None
    record = game.state.result.to_record()
    (end,) = game.of("battle_end")
    assert {k: v for k, v in end.items() if k not in ("type", "text")} == record
    return record


GOOD_STANDS = ["g0", "g1", "g2", "g3"]
EVIL_STANDS = ["e0", "e1", "e2", "e3"]
# Victory points (§14): a Mordor stand lost is worth 40 to Good, a Rohan stand 48 to Evil, a
# General his duel points, 80, twice.


@pytest.mark.parametrize(
    ("lost", "winner", "sides", "reason", "vp"),
    [
        (
            [*EVIL_STANDS, "evil_general"],
            "good",
            ["evil"],
            "Evil has no stands and no heroes left",
            {"good": 320, "evil": 0},
        ),
        (
            [*GOOD_STANDS, "good_general", *EVIL_STANDS, "evil_general"],
            None,
            ["good", "evil"],
            "both armies are wiped out",
            {"good": 320, "evil": 352},
        ),
    ],
)
def test_a_side_with_no_stands_and_no_heroes_left_loses(
    lost: list[str], winner: str | None, sides: list[str], reason: str, vp: dict[str, int]
) -> None:
    game = four_against_four()
    lose(game, *lost)
    result = result_of(game)
    assert (result["winner"], result["reason"], result["code"]) == (winner, reason, "wiped_out")
    assert (result["decided_by"], result["sides"], result["turn"]) == ("ending", sides, 1)
    losses = {side: 6 if side in sides else 0 for side in ("good", "evil")}  # 4 stands, the General 2
    assert result["losses"] == losses
    assert result["vp"] == vp  # the ending decides, not the victory points


@pytest.mark.parametrize(
    ("lost", "winner", "sides", "reason", "vp"),
    [
        (
            EVIL_STANDS,
            "good",
            ["evil"],
            "Evil is down to a quarter of its strength or less",
            {"good": 160, "evil": 0},
        ),
        (
            GOOD_STANDS + EVIL_STANDS,
            None,
            ["good", "evil"],
            "both armies are down to a quarter of their strength",
            {"good": 160, "evil": 192},
        ),
    ],
)
def test_a_side_down_to_a_quarter_of_its_strength_loses_at_the_start_of_a_turn(
    lost: list[str], winner: str | None, sides: list[str], reason: str, vp: dict[str, int]
) -> None:
    game = four_against_four()
    lose(game, *lost)  # 4 lost of a strength of 5 (four stands and the General): 1 left
    game.script += NEXT_TURN
    result = result_of(game)
    assert "Turn 2 begins." not in [e["text"] for e in game.events]
    assert (result["winner"], result["reason"], result["code"]) == (winner, reason, "routed")
    assert (result["decided_by"], result["sides"], result["turn"]) == ("ending", sides, 1)
    assert result["losses"] == {side: 4 if side in sides else 0 for side in ("good", "evil")}
    assert result["vp"] == vp


def test_the_turn_limit_is_won_on_victory_points() -> None:
    game = four_against_four(turn_limit=1)
    lose(game, "e0")
    result = result_of(game)
    assert result["vp"] == {"good": 40, "evil": 0}
    assert (result["winner"], result["code"], result["decided_by"]) == ("good", "turn_limit", "vp")
    assert result["reason"] == "the 1-turn limit is reached (Good 40 VP, Evil 0 VP)"
    assert (result["sides"], result["turn"], result["losses"]) == ([], 1, {"good": 0, "evil": 1})


def test_a_side_that_concedes_loses() -> None:
    game = four_against_four()
    lose(game, "g0")
    game.play("evil", {"type": "concede"})
    assert game.state.result is not None
    assert game.state.result.to_record() == {
        "winner": "good",
        "reason": "Evil conceded",
        "code": "conceded",
        "decided_by": "ending",
        "sides": ["evil"],
        "turn": 1,
        "losses": {"good": 1, "evil": 0},
    }
