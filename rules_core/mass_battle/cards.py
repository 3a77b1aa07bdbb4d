"""Battle Cards (§2.4): the abilities a hero carries, bought on the army list, open to both players.

One registry entry per card: its name, cost, kind (Constant or Once), the window in which it acts
and what it changes, as data. The questions the rules ask of the cards live here too, so the
fight, duel, movement and courage code asks "what do this stand's heroes' cards add to its combat
total?" and never matches card names itself.

- Constant cards act whenever their window comes and benefit the stand the hero is attached to at
  that moment (they travel with him). The same Constant card carried by both heroes of a stand
  counts once: cards, like the attached-hero bonus, do not stack.
- Once cards are played in their window, once per battle, then turned down (`HeldCard.used`).
  Their cost still counts in the hero's duel points: the points were paid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ..errors import RuleViolation
from .constants import (
    CAPTAIN_COMBAT_BONUS,
    CARD_COSTS,
    DUEL_POINTS_DIVISOR,
    ESCAPE_ROLL,
    FURY_CHARGE_MOVE_BONUS,
    FURY_COMBAT_BONUS,
    MAX_CARDS_PER_HERO,
    MIGHTY_BLOW_BONUS,
    RALLYING_COURAGE_BONUS,
    RALLYING_STAND_FAST_RANGE,
    STAND_FAST_RANGE,
    SWIFT_MOVE_BONUS,
    WAR_BANNER_REROLLS,
)

Timing = Literal["constant", "once"]
Window = Literal[
    "combat_total",  # Constant: his stand's combat total is worked out
    "overlaps",  # Constant: overlap penalties are counted against his stand
    "combat_reroll",  # Constant, once per Fight phase: after its combat dice, before cards and Might
    "courage",  # Constant: his stand's Courage tests; his Stand Fast
    "loose_move",  # Constant: he moves while loose
    "stand_destroyed",  # Constant: his stand is destroyed, before he spends Fate
    "after_combat_dice",  # Once: his stand's combat dice are rolled (and re-rolled), before Might
    "charge",  # Once: his stand charges
    "must_recoil",  # Once: his stand must recoil (any cause: combat, shooting, a power)
    "would_be_destroyed",  # Once: his stand would be destroyed by a combat result
]
Outcome = Literal["recoil", "destroyed", "stay"]


@dataclass(frozen=True, slots=True)
class Card:
    key: str
    name: str
    timing: Timing
    window: Window
    text: str
    combat_bonus: int = 0
    """Added to his stand's combat total: always (Captain), once (Mighty Blow), or in its combats
    this turn after the charge it was played on (Fury of the Charge)."""
    move_bonus: float = 0.0
    """Inches added to his own move while loose (Swift), or to his stand's charge (Fury)."""
    ignores_overlaps: bool = False
    rerolls: int = 0
    """Re-rolls of his stand's combat die per Fight phase."""
    stand_fast_range: float = 0.0
    courage_bonus: int = 0
    escape_roll: int = 0
    """A free escape roll, succeeding on this or more, before Fate (Bodyguard)."""
    turns: tuple[Outcome, Outcome] | None = None
    """A combat outcome the card turns into another (Hold the Line: recoil into stay)."""

    @property
    def cost(self) -> int:
        return CARD_COSTS[self.key]

    @property
    def constant(self) -> bool:
        return self.timing == "constant"


CARDS: dict[str, Card] = {
    card.key: card
    for card in (
        Card(
            "captain_of_the_line",
            "Captain of the Line",
            "constant",
            "combat_total",
            "His stand +1 in combat (in addition to the +1 for an attached hero).",
            combat_bonus=CAPTAIN_COMBAT_BONUS,
        ),
        Card(
            "shieldwall",
            "Shieldwall",
            "constant",
            "overlaps",
            "His stand ignores overlap penalties.",
            ignores_overlaps=True,
        ),
        Card(
            "war_banner",
            "War Banner",
            "constant",
            "combat_reroll",
            "Once per Fight phase his stand may re-roll its combat die, before cards and Might; the new "
            "face is the roll, also for the natural-1 rule.",
            rerolls=WAR_BANNER_REROLLS,
        ),
        Card(
            "rallying_presence",
            "Rallying Presence",
            "constant",
            "courage",
            'His Stand Fast reaches 12" instead of 6"; his stand +1 on Courage tests.',
            stand_fast_range=RALLYING_STAND_FAST_RANGE,
            courage_bonus=RALLYING_COURAGE_BONUS,
        ),
        Card(
            "swift",
            "Swift",
            "constant",
            "loose_move",
            '+4" Move while he is loose.',
            move_bonus=SWIFT_MOVE_BONUS,
        ),
        Card(
            "bodyguard",
            "Bodyguard",
            "constant",
            "stand_destroyed",
            "When his stand is destroyed he makes one free escape roll (4+, Might may raise it) before "
            "spending any Fate.",
            escape_roll=ESCAPE_ROLL,
        ),
        Card(
            "mighty_blow",
            "Mighty Blow",
            "once",
            "after_combat_dice",
            "After the combat dice of his stand are rolled, before Might: +2 to its total.",
            combat_bonus=MIGHTY_BLOW_BONUS,
        ),
        Card(
            "fury_of_the_charge",
            "Fury of the Charge",
            "once",
            "charge",
            'When his stand charges: +3" to that move and +1 in its combats this turn.',
            combat_bonus=FURY_COMBAT_BONUS,
            move_bonus=FURY_CHARGE_MOVE_BONUS,
        ),
        Card(
            "hold_the_line",
            "Hold the Line",
            "once",
            "must_recoil",
            "When his stand must recoil, it stays in place instead (contact kept). Not against destruction.",
            turns=("recoil", "stay"),
        ),
        Card(
            "last_stand",
            "Last Stand",
            "once",
            "would_be_destroyed",
            "When his stand would be destroyed by a combat result, it recoils instead; if the recoil is "
            "blocked it is destroyed after all.",
            turns=("destroyed", "recoil"),
        ),
    )
}


@dataclass(frozen=True, slots=True)
class HeldCard:
    """A card as a hero carries it in a battle: which card, and whether (a Once card) it is used."""

    key: str
    used: bool = False

    @property
    def card(self) -> Card:
        return CARDS[self.key]


def _simple(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


_BY_NAME = {_simple(card.name): card for card in CARDS.values()}


def find_card(name: str) -> Card | None:
    """A card by its key ("war_banner") or its name as players write it ("War Banner")."""
    return CARDS.get(name) or _BY_NAME.get(_simple(name))


def check_cards(hero: str, names: Sequence[str]) -> list[Card]:
    """§2.4, the list's rules for one hero's cards: known cards, each at most once, at most three.
    Returns them in the order given; refuses with a message naming the hero."""
    cards: list[Card] = []
    for name in names:
        card = find_card(name) if isinstance(name, str) else None
        if card is None:
            known = ", ".join(c.name for c in CARDS.values())
            raise RuleViolation(
                "unknown_card", f"{hero}: there is no Battle Card called {name!r} (cards: {known})."
            )
        if card in cards:
            raise RuleViolation(
                "duplicate_card", f"{hero} carries {card.name} twice: each card at most once per hero."
            )
        cards.append(card)
    if len(cards) > MAX_CARDS_PER_HERO:
        raise RuleViolation(
            "too_many_cards",
            f"{hero} carries {len(cards)} Battle Cards: at most {MAX_CARDS_PER_HERO} per hero.",
        )
    return cards


def cards_cost(hand: Iterable[HeldCard]) -> int:
    return sum(held.card.cost for held in hand)


def duel_points(points: int, hand: Iterable[HeldCard]) -> int:
    """§2.3: the points paid for the hero (profile and options) and for his cards, used or not."""
    return (points + cards_cost(hand)) // DUEL_POINTS_DIVISOR


def _constant(hands: Iterable[Sequence[HeldCard]], window: Window) -> list[Card]:
    """The Constant cards for `window` carried by the given heroes, each card once."""
    found: dict[str, Card] = {}
    for hand in hands:
        for held in hand:
            if held.card.constant and held.card.window == window:
                found.setdefault(held.key, held.card)
    return list(found.values())


def combat_modifiers(hands: Iterable[Sequence[HeldCard]]) -> list[tuple[str, int]]:
    """The Constant cards' additions to a stand's combat total, as (card name, value), given the
    cards of the heroes attached to it now."""
    return [(card.name, card.combat_bonus) for card in _constant(hands, "combat_total")]


def ignores_overlaps(hands: Iterable[Sequence[HeldCard]]) -> bool:
    return bool(_constant(hands, "overlaps"))


def rerolls_per_fight(hands: Iterable[Sequence[HeldCard]]) -> int:
    return max((card.rerolls for card in _constant(hands, "combat_reroll")), default=0)


def courage_bonus(hands: Iterable[Sequence[HeldCard]]) -> int:
    """Added to a stand's Courage tests by the cards of the heroes attached to it."""
    return max((card.courage_bonus for card in _constant(hands, "courage")), default=0)


def stand_fast_range(hand: Sequence[HeldCard]) -> float:
    """How far the hero's Stand Fast reaches (§13), attached or loose."""
    return max([STAND_FAST_RANGE, *(card.stand_fast_range for card in _constant([hand], "courage"))])


def loose_move_bonus(hand: Sequence[HeldCard]) -> float:
    return sum(card.move_bonus for card in _constant([hand], "loose_move"))


def escape_roll(hand: Sequence[HeldCard]) -> int | None:
    """The score a free escape roll needs (Bodyguard), or None without one."""
    rolls = [card.escape_roll for card in _constant([hand], "stand_destroyed")]
    return min(rolls) if rolls else None


def applies_now(card: Card, *, attached: bool, in_combat: bool, rerolled: bool = False) -> bool:
    """Whether a Constant card of a hero on the board acts now (§2.4: Constant cards work whenever
    their condition holds), as the hero card strip lights it: a card for "his stand" needs him
    attached (Bodyguard, and Rallying Presence's +1), the combat cards need that stand in contact
    with an enemy (Captain of the Line, Shieldwall; War Banner until its re-roll of this Fight phase
    is used), Swift needs him loose, and Rallying Presence's Stand Fast reaches 12" attached or
    loose. A Once card is played, never lit: False."""
    if not card.constant:
        return False
    if card.window == "loose_move":
        return not attached
    if card.window == "courage":
        return True
    if card.window in ("combat_total", "overlaps"):
        return attached and in_combat
    if card.window == "combat_reroll":
        return attached and in_combat and not rerolled
    return attached


def playable(hand: Sequence[HeldCard], window: Window) -> list[Card]:
    """The hero's Once cards not yet used that act in `window`."""
    return [
        held.card for held in hand if not held.used and not held.card.constant and held.card.window == window
    ]


def play(hand: Sequence[HeldCard], key: str, hero: str) -> list[HeldCard]:
    """The hand after playing Once card `key`: that card turned down."""
    for i, held in enumerate(hand):
        if held.key != key:
            continue
        if held.card.constant:
            raise RuleViolation(
                "card_not_played", f"{held.card.name} is a Constant card: it works on its own."
            )
        if held.used:
            raise RuleViolation("card_used", f"{hero} has already played {held.card.name} this battle.")
        return [*hand[:i], replace(held, used=True), *hand[i + 1 :]]
    card = find_card(key)
    raise RuleViolation("no_such_card", f"{hero} does not carry {card.name if card else key}.")


def turned_outcome(card: Card, outcome: Outcome, already_turned: bool = False) -> Outcome | None:
    """What a Once card makes of a combat outcome, if it acts on that one: Hold the Line keeps a
    recoiling stand in place, Last Stand makes a destroyed stand recoil. An outcome a card has
    already turned is not turned again (a recoil Last Stand made is still "against destruction",
    which Hold the Line is not), so no pair of cards makes a stand proof against destruction."""
    if already_turned or card.turns is None or card.turns[0] != outcome:
        return None
    return card.turns[1]
