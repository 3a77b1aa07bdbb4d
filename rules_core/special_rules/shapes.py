"""The shapes a special rule's effect takes, as data (docs/rules/special-rules.md §2).

A registry entry names one shape with its numbers; the rules that act at a hook read the shapes of
the rules a model has, never a rule's name, so a rule whose effect has a known shape is an entry
and a test. `Bespoke` is a rule with code of its own at its hook; `ListOnly` one that changes only
what an army list may hold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Roll = Literal["to_wound", "jump_climb", "resist_dice", "duel_die", "to_hit", "courage"]
Against = Literal["any", "keyword", "trapped"]
"""Whom a bonus or re-roll acts against: anyone, a target with the rule's keyword, a Trapped target."""


@dataclass(frozen=True)
class Near:
    """Within `inches` of a friend on the battlefield (never the model itself): one whose name is, or
    starts with, one of `names`, or one with every keyword of `keywords`; `general`: the friend is
    its side's General; `will`: the friend has Will left."""

    inches: float
    names: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    general: bool = False
    will: bool = False


@dataclass(frozen=True)
class When:
    """When a shape acts; every condition given must hold (docs/rules/special-rules.md §5).

    `near`: within range of a friend (`Near`); `charged`: in a turn the model charged; `outnumbered`:
    it fights more than one enemy in its Combat (a Combat never has several models on both sides);
    `alone`: it fights exactly one enemy; `cavalry`: True only while mounted, False only on foot;
    `vs`: against a model (or the part struck) with one of these keywords; `vs_charger`: against a
    model that charged it this turn; `vs_in_difficult`: against a model in difficult ground;
    `general`: the model is its side's General; `wounds_at_most`: while it has no more Wounds left;
    `fights`: while it fights an enemy with one of these keywords."""

    near: Near | None = None
    charged: bool = False
    outnumbered: bool = False
    alone: bool = False
    cavalry: bool | None = None
    vs: tuple[str, ...] = ()
    vs_charger: bool = False
    vs_in_difficult: bool = False
    general: bool = False
    wounds_at_most: int = 0
    fights: tuple[str, ...] = ()


ALWAYS = When()


@dataclass(frozen=True)
class RollBonus:
    """`delta` added to a roll (to each To Wound die of a Strike, to a Jump or Climb test, free
    Resist dice) against whom `against` says."""

    roll: Roll
    delta: int
    against: Against = "any"
    when: When = ALWAYS
    strikes: bool = True
    shots: bool = False


@dataclass(frozen=True)
class Reroll:
    """A re-roll of a roll's dice: natural 1s, or failed dice; `must` when it is not a choice."""

    roll: Roll
    which: Literal["ones", "failed"]
    must: bool
    against: Against = "any"
    strikes: bool = True
    shots: bool = False
    when: When = ALWAYS


@dataclass(frozen=True)
class AutoPass:
    """Passes a test without rolling, `while_` something holds."""

    test: Literal["courage"]
    while_: Literal["always", "named_model_alive", "guarded_hero_alive"] = "always"
    when: When = ALWAYS


@dataclass(frozen=True)
class Aura:
    """A modifier to enemies' (or friends') tests within the rule's range; `stacking` "max": never
    more than one such modifier, whatever the number of sources."""

    test: Literal["courage"]
    delta: int
    who: Literal["enemies", "friends"]
    stacking: Literal["max", "add"] = "max"
    reach: float = 0.0
    """Inches; 0: the range the rule's bracket gives (Harbinger of Evil (12"))."""


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
        "never_unarmed",
        "pike_with_shield",
        "throwing_spears_as_spear",
        "supports_its_kind",
        "charge_unseen",
        "never_trapped",
        "stand_fast_any_range",
        "sees_stalkers",
        "unmasks_stalkers",
        "no_heroic_move",
        "no_moving_penalty",
        "hit_only_on_six",
        "flees_alone",
    ]


@dataclass(frozen=True)
class ExtraWounds:
    """Each Wound a Strike causes becomes `wounds` ("d3": D3) against whom `against` says."""

    wounds: int | Literal["d3"]
    against: Against = "any"
    natural_six: bool = False
    """Only a Wound from a To Wound roll of a natural 6 (on either die of a 6+/4+ roll)."""


@dataclass(frozen=True)
class TerrainAsOpen:
    """Difficult ground carrying one of `tags` is open ground for the model ("*": every kind but
    those carrying one of `but`)."""

    tags: frozenset[str]
    but: frozenset[str] = frozenset()


@dataclass(frozen=True)
class CausesTest:
    """A Courage test before a model charges: a model charging this one (`by` "chargers", only
    those with the rule's keyword when it has one), or this model before any charge ("self")."""

    by: Literal["chargers", "self"]


@dataclass(frozen=True)
class LosesChargeBonus:
    """A Cavalry model whose mount has it gets no charge bonuses."""


@dataclass(frozen=True)
class StatBonus:
    """A characteristic changed while `when` holds: `delta` added, or set `to` a value (the better
    of the two when it is already higher); `per_extra_enemy`: +1 for each enemy fought after the
    first, at most `delta` in all."""

    stat: Literal["fight", "attacks", "defence", "courage_test"]
    delta: int = 0
    to: int = 0
    cap: int = 0
    """Lowered to this value at most (0: no cap)."""
    per_extra_enemy: bool = False
    when: When = ALWAYS
    per_touching_kin: bool = False
    """`delta` for each friend in base contact that has the same rule."""


@dataclass(frozen=True)
class Ward:
    """Each Wound the model suffers is ignored on a D6 of `score` or more, before any Fate (a
    natural roll: Might never helps); `not_magic`: never against a Magical Power's Wound."""

    score: int
    not_magic: bool = False


@dataclass(frozen=True)
class FreePoint:
    """A free point of Might or Will at the start of each turn, even above its store; unspent by
    the end of the turn, it is lost."""

    resource: Literal["might", "will"]
    when: When = ALWAYS
    """Read as the turn begins."""


@dataclass(frozen=True)
class StandFast:
    """The model's Stand Fast reaches `reach` inches (0: the whole battlefield); friendly Heroes
    with every keyword of `heroes` may benefit from it too (("Hero",): any Hero)."""

    reach: float = 6.0
    heroes: tuple[str, ...] = ()
    only: tuple[str, ...] = ()
    """Only friends with one of these keywords may benefit from it (none: any friend)."""


@dataclass(frozen=True)
class NoStandFast:
    """The model never calls a Stand Fast that friends may benefit from."""


@dataclass(frozen=True)
class BannerFor:
    """Friends with every keyword of `keywords` (none: any friend) treat the model as a banner of
    `reach` inches (it gives no re-roll while Prone)."""

    reach: float = 3.0
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class Dominant:
    """Counts as `count` models when a scenario counts them (the highest of its sources counts)."""

    count: int
    when: When = ALWAYS


@dataclass(frozen=True)
class Grants:
    """An aura: other friends within `reach` inches with every keyword of `keywords`, or whose name
    starts with one of `names` (neither: any friend), have `effect` while this model is on the
    battlefield (and has Will left, with `will`)."""

    effect: RollBonus | Reroll | AutoPass | StatBonus | Ward | Dominant | CountsAs
    reach: float
    keywords: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    will: bool = False
    itself: bool = False
    """The model has the effect itself too."""


@dataclass(frozen=True)
class Shots:
    """Makes `count` Shooting Attacks in the Shoot phase instead of one, one after the other (each
    at any target, each with every rule of a shot)."""

    count: int


@dataclass(frozen=True)
class StalksUnseen:
    """Beyond 6", partly concealed by terrain, a model that cannot be targeted: on foot only
    (Stalk Unseen), or concealed only by woods (`woodland`: Silent Hunters, mounted or not)."""

    woodland: bool = False


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
    | StatBonus
    | Ward
    | FreePoint
    | StandFast
    | NoStandFast
    | BannerFor
    | Dominant
    | Grants
    | StalksUnseen
    | Shots
    | Bespoke
    | ListOnly
)
