"""What a mass-battle list's builder and printable view show: each line of stands with its models,
Combat and Shooting Factors, Move, Courage and points; each hero with his cards and duel points;
the totals and every problem (the referee's list rules)."""

from __future__ import annotations

from typing import Any

from battles.lists.army_lists import army_list_named, in_list
from battles.lists.models import ArmyList
from battles.lists.offers import builder_offers
from battles.lists.options import chosen_mount
from rules_core.mass_battle import CARDS

from .lists import heroes_of, stands_of, summarise


def _lines(army: ArmyList) -> dict[str, Any]:
    """The list's lines of stands and heroes, each with its summary and its profile as the list's
    army list fields it (its options there); a hero with the mount he rides ("" for none), his
    summary's lines (a group's: one for each of its heroes) and whether he leads the army."""
    summary = summarise(army)
    built_from = army.built_from
    stands, heroes = stands_of(army), heroes_of(army)
    return {
        "army": army,
        "summary": summary,
        "stand_lines": [
            (line, row, in_list(built_from, line.profile))
            for line, row in zip(stands, summary.stand_lines, strict=True)
        ],
        "hero_lines": [
            (hero, rows, fielded, chosen_mount(fielded, list(hero.options)), any(row.general for row in rows))
            for number, hero in enumerate(heroes)
            for rows in [[row for row in summary.hero_lines if row.entry == number]]
            for fielded in [in_list(built_from, hero.profile)]
        ],
        "army_list": army_list_named(built_from),
    }


def builder_context(army: ArmyList, user: Any) -> dict[str, Any]:
    """The builder: the list, and what `user` may add to it (from its army list, that list's
    heroes at their tier and price there and its warriors; a group of heroes among the heroes)."""
    lines = _lines(army)
    offers = builder_offers(army.built_from, lines["summary"].side or "", user)
    return {**lines, "cards": list(CARDS.values()), "offers": offers}


def print_context(army: ArmyList) -> dict[str, Any]:
    """The printable view: the list, the cards its heroes carry, and every profile it uses."""
    context = _lines(army)
    carried = {card.key for line in context["summary"].hero_lines for card in line.cards}
    profiles = {
        p.pk: p for p in [*(h.profile for h in heroes_of(army)), *(s.profile for s in stands_of(army))]
    }
    return {
        **context,
        "cards": [card for card in CARDS.values() if card.key in carried],
        "profiles": list(profiles.values()),
    }
