"""What special rules add to a To Wound roll (docs/rules/special-rules.md §2.6, §2.14, §2.19,
§2.32, §2.36, §2.38): the shapes `RollBonus` and `Reroll` of the attacker's rules, read against the
part it hits."""

from __future__ import annotations

from dataclasses import dataclass

from ..state import BattleState, Model, Part, Profile
from .active import Against as Now
from .active import active
from .registry import RuleUse, against
from .shapes import Against, Reroll, RollBonus

MISSILE_WORDS = ("bow", "blowpipe", "sling", "dart", "throwing")
"""A weapon named in a rule's bracket that is one of these is a missile weapon (`Poisoned Attacks
(bow)`: its shots only); any other names a melee weapon (`(Fangs)`: its Strikes only)."""


@dataclass(frozen=True)
class WoundRules:
    bonus: int = 0
    reroll_failed: bool = False
    reroll_ones: bool = False
    named: tuple[tuple[str, int], ...] = ()
    """Each rule that changes the score and by how much (("Hatred (Orc)", 1),), for the log."""


def part_profile(target: Model, part: Part) -> Profile:
    return target.mount.profile if part == "mount" and target.mount is not None else target.profile


def _weapon_allows(use: RuleUse, shot: bool) -> bool:
    weapon = use.param.keyword.casefold() if use.param is not None else ""
    if not weapon:
        return True
    return shot == any(word in weapon for word in MISSILE_WORDS)


def _acts(use: RuleUse, against_: Against, struck: Profile, trapped: bool) -> bool:
    if against_ == "keyword":
        return against(use, struck)
    if against_ == "trapped":
        return trapped
    return True


def to_wound(
    attacker: Model,
    target: Model,
    part: Part,
    shot: bool,
    trapped: bool = False,
    state: BattleState | None = None,
    opponents: tuple[Model, ...] | None = None,
    in_difficult: bool = False,
) -> WoundRules:
    """The bonus and re-rolls the attacker's rules give one To Wound roll on `part` of `target`
    (a shot, or a Strike on a Trapped or Prone model or not); with the battle, also those that act
    only under conditions (a friend in range, a charge, the target's keywords ...) and friends' auras."""
    struck = part_profile(target, part)
    now = Now(opponents, target, part, in_difficult)
    adding = [
        (use.text, shape.delta)
        for use, shape in active(state, attacker, RollBonus, now)
        if shape.roll == "to_wound"
        and (shape.shots if shot else shape.strikes)
        and _acts(use, shape.against, struck, trapped)
    ]
    bonus = sum(delta for _, delta in adding)
    rerolls = [
        shape
        for use, shape in active(state, attacker, Reroll, now)
        if shape.roll == "to_wound"
        and (shape.shots if shot else shape.strikes)
        and _weapon_allows(use, shot)
        and _acts(use, shape.against, struck, trapped)
    ]
    return WoundRules(
        bonus,
        any(r.which == "failed" for r in rerolls),
        any(r.which == "ones" for r in rerolls),
        tuple(adding),
    )
