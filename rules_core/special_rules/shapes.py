"""The shapes a special rule's effect takes, as data (docs/rules/special-rules.md §2).

A registry entry names one shape with its numbers; the rules that act at a hook read the shapes of
the rules a model has, never a rule's name, so a rule whose effect has a known shape is an entry
and a test. `Bespoke` is a rule with code of its own at its hook; `ListOnly` one that changes only
what an army list may hold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Roll = Literal["to_wound", "jump_climb", "resist_dice", "duel_die"]
Against = Literal["any", "keyword", "trapped"]
"""Whom a bonus or re-roll acts against: anyone, a target with the rule's keyword, a Trapped target."""


@dataclass(frozen=True)
class RollBonus:
    """`delta` added to a roll (to each To Wound die of a Strike, to a Jump or Climb test, free
    Resist dice) against whom `against` says."""

    roll: Roll
    delta: int
    against: Against = "any"


@dataclass(frozen=True)
class Reroll:
    """A re-roll of a roll's dice: natural 1s, or failed dice; `must` when it is not a choice."""

    roll: Roll
    which: Literal["ones", "failed"]
    must: bool
    against: Against = "any"
    strikes: bool = True
    shots: bool = False


@dataclass(frozen=True)
class AutoPass:
    """Passes a test without rolling, `while_` something holds."""

    test: Literal["courage"]
    while_: Literal["always", "named_model_alive"] = "always"


@dataclass(frozen=True)
class Aura:
    """A modifier to enemies' (or friends') tests within the rule's range; `stacking` "max": never
    more than one such modifier, whatever the number of sources."""

    test: Literal["courage"]
    delta: int
    who: Literal["enemies", "friends"]
    stacking: Literal["max", "add"] = "max"


@dataclass(frozen=True)
class CountsAs:
    """A substitution: the model counts as `what` (Dominant: X models; a Strike's target Defence
    from its Courage; no two-handed penalty; a mount's charge bonuses kept)."""

    what: Literal[
        "models",
        "defence_from_courage",
        "no_two_handed_penalty",
        "fast_march",
        "keeps_shield_mounted",
        "picks_rider_or_mount",
    ]


@dataclass(frozen=True)
class ExtraWounds:
    """Each Wound a Strike causes becomes `wounds` ("d3": D3) against whom `against` says."""

    wounds: int | Literal["d3"]
    against: Against = "any"


@dataclass(frozen=True)
class TerrainAsOpen:
    """Difficult ground carrying one of `tags` is open ground for the model ("*": every kind)."""

    tags: frozenset[str]


@dataclass(frozen=True)
class CausesTest:
    """A Courage test before a model charges: a model charging this one (`by` "chargers", only
    those with the rule's keyword when it has one), or this model before any charge ("self")."""

    by: Literal["chargers", "self"]


@dataclass(frozen=True)
class LosesChargeBonus:
    """A Cavalry model whose mount has it gets no charge bonuses."""


@dataclass(frozen=True)
class Bespoke:
    """Acts through code of its own at its hook (`acts` of the entry says where)."""


@dataclass(frozen=True)
class ListOnly:
    """Changes only what an army list may hold; nothing in a battle."""


Shape = (
    RollBonus
    | Reroll
    | AutoPass
    | Aura
    | CountsAs
    | ExtraWounds
    | TerrainAsOpen
    | CausesTest
    | LosesChargeBonus
    | Bespoke
    | ListOnly
)
