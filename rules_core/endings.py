"""How a battle can end, as data a program reads: each code with its meaning (`END_CODES`), and the
sentence players read, derived from the code and the figures that decided it (`sentence`), the
one place that words an ending. `state.Result` keeps them; `casualties.end_battle` makes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

EndCode = Literal[
    "conceded", "out_of_time", "wiped_out", "routed", "broken_and_end_roll", "turn_limit", "legacy"
]
DecidedBy = Literal["ending", "vp", "casualties"]
"""What named the winner: the ending itself (the side it names loses; both named: a draw), the
Victory Points (more wins, equal: a draw), or the casualties (fewer wins, equal: a draw)."""
Wording = Literal["skirmish", "scenario", "mass_battle"]
"""Whose words an ending is told in: the skirmish game's, a scenario's (its Victory Points after
them), or the mass battle's."""


@dataclass(frozen=True, slots=True)
class Ending:
    """A code's meaning, and its sentence in each wording that has it: `one` when it names one side
    (or none), `both` when it names both (if it words them otherwise). In the sentences, `{sides}`
    are the sides it names ("Good"), `{armies}` their armies' names, `{turn}` the turn it ended,
    `{limit}` the turn limit, `{roll}` the end-of-game die, `{good}` and `{evil}` the VP."""

    meaning: str
    one: Mapping[Wording, str]
    both: Mapping[Wording, str] = field(default_factory=dict)


END_CODES: dict[EndCode, Ending] = {
    "conceded": Ending(
        "A side conceded: the other wins, whatever the Victory Points.",
        one={
            "skirmish": "{sides} conceded",
            "scenario": "{sides} conceded",
            "mass_battle": "{sides} conceded",
        },
    ),
    "out_of_time": Ending(
        "A side's time ran out and the other claimed the win, whatever the Victory Points.",
        one={
            "skirmish": "{sides} ran out of time",
            "scenario": "{sides} ran out of time",
            "mass_battle": "{sides} ran out of time",
        },
    ),
    "wiped_out": Ending(
        "An army has no models left (a mass battle's: no stands and no heroes): it loses, both: a "
        "draw; on a scenario the battle ends at the end of that turn and the Victory Points decide.",
        one={
            "skirmish": "{armies} is wiped out",
            "scenario": "{armies} is wiped out (turn {turn})",
            "mass_battle": "{armies} has no stands and no heroes left",
        },
        both={
            "skirmish": "both armies are wiped out",
            "scenario": "{armies} are wiped out (turn {turn})",
            "mass_battle": "both armies are wiped out",
        },
    ),
    "routed": Ending(
        "An army is down to 25% or fewer of its starting models (a mass battle's: of its strength) "
        "at the start of a turn: it loses, both: a draw; on a scenario that ends so, at the end of a "
        "turn, and the Victory Points decide.",
        one={
            "skirmish": "{armies} is reduced to 25% or fewer of its models",
            "scenario": "{armies} is down to 25% or fewer of its models at the end of turn {turn}",
            "mass_battle": "{armies} is down to a quarter of its strength or less",
        },
        both={
            "skirmish": "both armies are reduced to 25% or fewer of their models",
            "scenario": "{armies} are down to 25% or fewer of its models at the end of turn {turn}",
            "mass_battle": "both armies are down to a quarter of their strength",
        },
    ),
    "broken_and_end_roll": Ending(
        "On a scenario, once an army is Broken (the sides named), the end-of-game D6 at the end of "
        "a turn came up 1 or 2: the Victory Points decide.",
        one={"scenario": "the end-of-game roll at the end of turn {turn} is a {roll}"},
    ),
    "turn_limit": Ending(
        "The last turn is played: fewer casualties win (the skirmish game), more Victory Points (a "
        "scenario, a mass battle); equal: a draw.",
        one={
            "skirmish": "the {limit}-turn limit is reached",
            "scenario": "the {limit}-turn limit is reached",
            "mass_battle": "the {limit}-turn limit is reached (Good {good} VP, Evil {evil} VP)",
        },
    ),
    "legacy": Ending(
        "A result stored before the codes: only its sentence is known, as it was written.", one={}
    ),
}

SCENARIO_SCORE = "; Good {good} VP, Evil {evil} VP"
"""What a scenario's ending adds, whatever ended it."""


def sentence(
    code: EndCode,
    wording: Wording,
    sides: Sequence[str],
    armies: Sequence[str],
    turn: int,
    limit: int,
    roll: int | None = None,
    vp: Mapping[str, int] | None = None,
) -> str:
    """The sentence players read for an ending (`sides` and `armies`: the names of the sides it
    names and of their armies); never for a `legacy` one, which keeps its own."""
    ending = END_CODES[code]
    template = (ending.both.get(wording) if len(sides) == 2 else None) or ending.one[wording]
    if wording == "scenario":
        template += SCENARIO_SCORE
    points = vp or {}
    return template.format(
        sides=" and ".join(sides),
        armies=" and ".join(armies),
        turn=turn,
        limit=limit,
        roll=roll,
        good=points.get("good"),
        evil=points.get("evil"),
    )
