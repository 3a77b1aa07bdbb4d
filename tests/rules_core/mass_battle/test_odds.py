"""Odds on the decisions (§15): exact fractions by enumerating the dice, with the rounded figure."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_core.mass_battle.matchup import combat_setup, pre_roll_odds
from rules_core.mass_battle.outcomes import duel_odds

from .battles import Game, hero, setup, stand
from .test_scenarios import NEXT_TURN, a_against_b


def exact(entry: dict[str, Any]) -> Fraction:
    p = Fraction(entry["numerator"], entry["denominator"])
    assert entry["p"] == round(float(p), 4)
    return p


def outcomes(action: dict[str, Any]) -> dict[str, Fraction]:
    odds = action.get("odds", action)
    return {o["label"]: exact(o) for o in odds["outcomes"]}


def test_combat_odds_before_the_dice_match_the_spec() -> None:
    """§8.8: with equal modifiers each stand has 1/6 to be destroyed and 1/4 to recoil, and 1/6 of
    combats tie; the natural-1 loss threatens a stand with a hero facing an enemy hero 1 time in 6."""
    game = Game(
        setup(
            stand("a", "good", "WR", 20, 20, 0, "eomer"),
            stand("b", "evil", "MO", 20, 22, 180, "gothmog"),
            stand("c", "good", "WR", 40, 20, 0),
            stand("d", "evil", "MO", 40, 22, 180),
            hero("eomer", "good"),
            hero("gothmog", "evil"),
        )
    )
    game.pass_until("choose_combat")
    choices = {tuple(a["command"]["pair"]): a for a in game.actions() if a["kind"] == "choose_combat"}
    plain = outcomes(choices[("c", "d")])
    assert plain == {
        "a tie": Fraction(1, 6),
        "C recoils": Fraction(1, 4),
        "D recoils": Fraction(1, 4),
        "C is destroyed": Fraction(1, 6),
        "D is destroyed": Fraction(1, 6),
    }
    risk = {k: exact(v) for k, v in choices[("a", "b")]["odds"]["hero_lost"].items()}
    assert risk == {"a": Fraction(1, 6), "b": Fraction(1, 6)}
    assert {k: exact(v) for k, v in choices[("c", "d")]["odds"]["hero_lost"].items()} == {"c": 0, "d": 0}


def test_challenge_odds_are_the_duel_death_chances() -> None:
    game = a_against_b(a="eomer", b="gothmog", kinds="WR MO")
    game.pass_until("issue_challenge")
    issue = next(a for a in game.actions() if a["kind"] == "issue_challenge")
    eomer, gothmog = duel_odds(110, 120)
    assert outcomes(issue) == {"Eomer dies": eomer, "Gothmog dies": gothmog}
    game.play("good", {"type": "issue_challenge", "stand": "a", "hero": "eomer"})
    accept = next(a for a in game.actions() if a["command"].get("accept"))
    assert outcomes(accept) == {"Gothmog dies": gothmog, "Eomer dies": eomer}
    assert gothmog == Fraction(1, 6) and eomer == 1, "120 against 110: the lower always dies"


def test_escape_odds_count_fate_and_might() -> None:
    game = a_against_b(stand("e", "good", "WR", 36, 16, 0), a="hama", b="", kinds="WR MO")
    game.script += [1, 6]
    game.pass_until("combat_might")
    game.play("good", {"type": "pass"})
    spend = next(a for a in game.actions() if a["kind"] == "spend_fate")
    # Hama: Fate 1, Might 2: a die of 2 or more escapes (2 and 3 with Might).
    assert outcomes(spend) == {
        "this die escapes": Fraction(5, 6),
        "he escapes with all 1 Fate": Fraction(5, 6),
    }


def test_war_banner_reroll_odds() -> None:
    game = Game(
        setup(
            stand("a", "good", "WR", 30, 20, 0, "eomer"),
            stand("b", "evil", "MO", 30, 22, 180),
            hero("eomer", "good", cards=["War Banner"]),
        )
    )
    game.script += [1, 4]
    game.pass_until("reroll")
    reroll = next(a for a in game.actions() if a["kind"] == "reroll")
    odds = outcomes(reroll)
    assert sum(odds.values()) == 1
    # A 1..6 + 3 + 1 against B 4 + 3 = 7: 1-2 A recoils, 3 a tie, 4-6 B recoils (by 1 to 3: 6 destroys).
    assert odds == {
        "A recoils": Fraction(1, 3),
        "a tie": Fraction(1, 6),
        "B recoils": Fraction(1, 3),
        "B is destroyed": Fraction(1, 6),
    }
    game.play("good", {"type": "reroll", "hero": "eomer"}, [6, *NEXT_TURN])
    assert game.of("reroll")[0]["face"] == 6


def test_a_charge_offers_the_odds_of_the_combat_it_starts() -> None:
    """§15 on the charge button: A charges B's flank (B faces along the line A comes from), so
    once in contact B fights with an opponent on its flank (-1, and beaten it is destroyed): the
    odds offered are those of that combat, as read once the charge is made."""
    game = Game(setup(stand("a", "good", "WR", 30, 18, 0), stand("b", "evil", "MO", 30, 25, 90)))
    charge = next(
        a for a in game.actions() if a["command"] == {"type": "charge", "stand": "a", "target": "b"}
    )
    offered = outcomes(charge)
    assert offered["B is destroyed"] > offered["A is destroyed"]
    game.play("good", {"type": "charge", "stand": "a", "target": "b"})
    assert game.of("stand_charged")[0]["edge"] == "right"
    fought = pre_roll_odds(game.state, combat_setup(game.state, ("a", "b"), []), ("a", "b"))
    assert outcomes(fought) == offered
