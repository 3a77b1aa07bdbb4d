"""Making a battle: from a setup, or from two army lists. Every later write to a battle is a command
through battles/play/submit.py."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from django.db import transaction

import rules_core
from battles.lists.profiles import BadData
from battles.lists.rules import summarise
from rules_core import Side
from rules_core.setup import number_namesakes

from .models import Battle, Seat
from .setups import battle_setup


def create_battle(name: str, setup: dict[str, Any]) -> Battle:
    """Make a battle and its two seats. Raises RuleViolation if the setup is unusable.

    Models that share a name are numbered first, so players can tell them apart everywhere."""
    with contextlib.suppress(AttributeError, KeyError, TypeError):  # malformed: new_battle says why
        setup = number_namesakes(setup)
    state = rules_core.new_battle(setup)
    with transaction.atomic():
        battle = Battle.objects.create(name=name, setup=setup, state=state.to_dict(), ruleset=state.ruleset)
        for side in rules_core.SIDES:
            Seat.objects.create(battle=battle, side=side)
    return battle


def start_battle(
    name: str,
    armies: Mapping[Side, Any],
    creator: Any = None,
    creator_side: str | None = None,
    scenario: str = "",
) -> Battle:
    """A battle fought by two lists (saved or drafts) on a `scenario` ("" for none); the creator,
    if signed in, may take a seat.

    Raises BadData, naming the list and its problems, if a list is not ready for battle.
    """
    for side in rules_core.SIDES:
        problems = summarise(armies[side]).problems
        if problems:
            raise BadData(
                f"{armies[side].name} is a draft and cannot go to battle yet: " + " ".join(problems)
            )
    setup = battle_setup(armies, scenario)
    with transaction.atomic():
        battle = create_battle(name, setup)
        if creator is not None and creator.is_authenticated:
            battle.created_by = creator
            battle.save(update_fields=["created_by"])
            if creator_side in rules_core.SIDES:
                battle.seats.filter(side=creator_side).update(user=creator)
    return battle
