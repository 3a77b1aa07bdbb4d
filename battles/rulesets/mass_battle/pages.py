"""What a mass-battle list's builder and printable view show: each line of stands with its models,
Combat and Shooting Factors, Move, Courage and points; each hero with his cards and duel points;
the totals and every problem (the referee's list rules)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from battles.lists.models import ArmyList, Profile
from rules_core import tier_name
from rules_core.mass_battle import CARDS

from .lists import heroes_of, stands_of, summarise


def _lines(army: ArmyList) -> dict[str, Any]:
    summary = summarise(army)
    return {
        "army": army,
        "summary": summary,
        "stand_lines": list(zip(stands_of(army), summary.stand_lines, strict=True)),
        "hero_lines": list(zip(heroes_of(army), summary.hero_lines, strict=True)),
    }


def builder_context(army: ArmyList, visible: QuerySet[Profile]) -> dict[str, Any]:
    """The builder: the list, and what may be added to it (the profiles the player can use)."""
    visible = visible.order_by("owner_id", "name")
    lines = _lines(army)
    side = lines["summary"].side
    if side:  # a list fights for one side: only its side's profiles are offered
        visible = visible.filter(side__in=[side, ""])
    return {
        **lines,
        "cards": list(CARDS.values()),
        "heroes": [(p, tier_name(p.tier)) for p in visible.exclude(tier="")],
        "warriors": visible.filter(tier=""),
    }


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
