"""Might bidding as a second ruleset reuses it: who is asked next, and the least Might for each result."""

from __future__ import annotations

from rules_core.might import least_raises, next_bidder
from rules_core.serial import load
from rules_core.state import Model, Profile

from .builders import hero


def haleth(might: int) -> Model:
    return Model("haleth", "good", load(Profile, hero("Haleth", might=might)), 10, 10, 2, might=might)


def test_the_losing_side_is_asked_first_and_on_a_tie_the_side_named_then_the_other() -> None:
    everyone = lambda side: True  # noqa: E731
    assert next_bidder("good", "good", [], everyone) == "evil"
    assert next_bidder(None, "evil", [], everyone) == "evil"
    assert next_bidder(None, "evil", ["evil"], everyone) == "good"
    assert next_bidder("good", "good", ["evil"], everyone) == "good", "the side ahead may still bid"
    assert next_bidder("good", "good", ["evil", "good"], everyone) is None
    assert next_bidder("good", "good", [], lambda side: side == "good") == "good"
    assert next_bidder(None, "good", [], lambda side: side == "evil") == "evil"


def test_the_least_might_for_each_result_never_raising_a_die_past_six() -> None:
    # Haleth's die shows 3 against an enemy's 5 (Haleth has the higher Fight Value, so a tie wins).
    def result(amount: int) -> str:
        return "win" if 3 + amount >= 5 else ""

    assert least_raises(haleth(3), 3, result, "win") == {"win": 2}
    assert least_raises(haleth(1), 3, result, "win") == {}
    assert least_raises(haleth(3), 6, lambda amount: "win", "win") == {}

    def duel(amount: int) -> str:
        return {5: "roll-off", 6: "win"}.get(3 + amount, "")

    assert least_raises(haleth(3), 3, duel, "win") == {"roll-off": 2, "win": 3}
