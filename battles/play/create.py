"""Making a battle: from a setup, or from two army lists. Every later write to a battle is a command
through battles/play/submit.py."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from django.db import transaction

import rules_core
from battles.lists.models import MASS_BATTLE
from battles.lists.profiles import BadData
from battles.lists.rulesets import summary_of
from rules_core import Side
from rules_core.setup import number_namesakes

from .mass_setups import mass_battle_setup
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
    """A battle fought by two lists (saved or drafts) of one ruleset, played by that ruleset, on a
    `scenario` ("" for none; scenarios are the skirmish game's); the creator, if signed in, may take
    a seat.

    Raises BadData, naming the list and its problems, if a list is not ready for battle, if a list
    would play the other side than its own (an Evil list cannot play Good), or if the lists are for
    different rulesets.
    """
    if armies["good"].ruleset != armies["evil"].ruleset:
        raise BadData(
            f"{armies['good'].name} and {armies['evil'].name} are lists for different rulesets: "
            "both armies of a battle are built for the same one."
        )
    for side in rules_core.SIDES:
        summary = summary_of(armies[side])
        if summary.problems:
            raise BadData(
                f"{armies[side].name} is a draft and cannot go to battle yet: " + " ".join(summary.problems)
            )
        if summary.side and summary.side != side:
            raise BadData(
                f"{armies[side].name} is a{'n' if summary.side == 'evil' else ''} {summary.side.capitalize()} "
                f"list: it cannot play the {side.capitalize()} side."
            )
    if armies["good"].ruleset == MASS_BATTLE:
        if scenario:
            raise BadData("Scenarios are for the skirmish game: a mass battle is fought without one.")
        setup = mass_battle_setup(armies)
    else:
        setup = battle_setup(armies, scenario)
    with transaction.atomic():
        battle = create_battle(name, setup)
        if creator is not None and creator.is_authenticated:
            battle.created_by = creator
            battle.save(update_fields=["created_by"])
            if creator_side in rules_core.SIDES:
                battle.seats.filter(side=creator_side).update(user=creator)
    return battle
