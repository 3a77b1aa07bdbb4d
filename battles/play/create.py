"""Making a battle: from a setup, or from two army lists. Every later write to a battle is a command
through battles/play/submit.py."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.text import slugify

import rules_core
from battles.boards import choices
from battles.lists.demo import demo_army
from battles.lists.profiles import BadData
from battles.rulesets import summary_of, web_ruleset, web_rulesets
from rules_core import Side
from rules_core.clock import read_control

from .models import Battle, Seat


def create_battle(name: str, setup: dict[str, Any]) -> Battle:
    """Make a battle and its two seats. Raises RuleViolation if the setup is unusable.

    The setup is first made ready by its ruleset (the skirmish numbers models that share a name, so
    players can tell them apart everywhere)."""
    read_control(setup.get("clock"))
    ruleset = rules_core.ruleset_for(setup)
    with contextlib.suppress(AttributeError, KeyError, TypeError):  # malformed: new_battle says why
        setup = ruleset.prepare_setup(setup)
    state = ruleset.new_battle(setup)
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
    board: str | None = None,
    clock: dict[str, Any] | None = None,
    beacon: tuple[Side, str] | None = None,
    coach: bool = False,
    powers: str = "",
) -> Battle:
    """A battle fought by two lists (saved or drafts) of one ruleset, played by that ruleset, on a
    `scenario` ("" for none; only a ruleset that plays scenarios takes one); the creator, if signed
    in, may take a seat. On the `board` the creator chose (`boards.choices`: its value, "" for the
    ruleset's usual board); when the creator plays a side, the other side accepts it or asks for
    another before deployment. With None, on the usual board, taken as agreed. `clock`: its time
    control (`rules_core.clock`; None or kind none: no clock). `beacon` (a side and a strength):
    Beacon, the server, plays that side (and takes the board as it is); `coach`: the players may
    ask "What would Beacon do?". `powers`: the Magical Powers it is played with, among its
    ruleset's `powers_settings` ("": the default).

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
    ruleset = web_ruleset(armies["good"].ruleset)
    if scenario and not ruleset.scenarios:
        playing = " or ".join(r.name.lower() for r in web_rulesets() if r.scenarios)
        raise BadData(
            f"Scenarios are for the {playing} game: a {ruleset.name.lower()} is fought without one."
        )
    chosen = None
    if board:
        chosen = choices.chosen(
            board, creator, ruleset.key, lambda b: ruleset.battle_setup(armies, scenario, b)
        )
    setup = ruleset.battle_setup(armies, scenario, chosen)
    refused = choices.refusal(setup)
    if refused:
        raise BadData(refused)
    if powers and powers not in ruleset.powers_settings:
        raise BadData(f"A {ruleset.name.lower()} is not played with the Magical Powers {powers!r}.")
    if powers:
        setup["powers"] = powers
    if clock is not None and read_control(clock).timed:
        setup["clock"] = read_control(clock).to_dict()
    plays = creator is not None and creator.is_authenticated and creator_side in rules_core.SIDES
    if board is not None and plays and beacon is None:
        setup["board_choice"] = creator_side  # the other player accepts it, or asks for another
    with transaction.atomic():
        battle = create_battle(name, setup)
        if beacon is not None or coach:
            battle.beacon_side, battle.beacon_strength = beacon or ("", "")
            battle.coach = coach
            battle.save(update_fields=["beacon_side", "beacon_strength", "coach"])
        if creator is not None and creator.is_authenticated:
            battle.created_by = creator
            battle.save(update_fields=["created_by"])
            if creator_side in rules_core.SIDES:
                battle.seats.filter(side=creator_side).update(user=creator)
    return battle


def demo_setup(ruleset: str) -> dict[str, Any]:
    """A ruleset's demo battle: its two demo armies, set up by it."""
    return web_ruleset(ruleset).battle_setup({side: demo_army(side, ruleset) for side in rules_core.SIDES})


def piece_id(profile: Any, taken: set[str]) -> str:
    """Readable ids for a setup's pieces: "aragorn" for Aragorn (Strider) ("aragorn-2" if the other
    side has him too), "warrior-of-minas-tirith-3" for a warrior. `taken` holds the ids given so far."""
    base = slugify(profile.name.split("(")[0].split(",")[0])[:56].strip("-_") or "model"
    number = 0 if profile.is_hero and profile.unique else 1
    while (model_id := f"{base}-{number}" if number else base) in taken:
        number = number + 1 if number else 2
    taken.add(model_id)
    return model_id
