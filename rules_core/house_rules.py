"""The referee's house defaults: every point the rules texts leave open, in one place.

`docs/rules/wargear.md` marks some points [open]: no source settles them. Each is decided here,
once, with the sentence the player's log shows when the default decides something, so a table
that plays it another way changes one line. Nothing else in the referee restates these choices.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HouseRule:
    key: str
    choice: str
    """What the referee does, as the log says it ("the house rule: ...")."""

    def says(self) -> str:
        return f"house rule: {self.choice}"


SHIELDING_ORDER = HouseRule(
    "shielding_order",
    "the player without Priority declares Shielding and weapons first, hidden until both have answered",
)
"""Played by `combat.Combat` (its declarations begin with the side without Priority)."""
SHIELDING_BONUS_FIRST = HouseRule(
    "shielding_bonus_first",
    "Attack bonuses (a Heroic Challenge, a charge) are added before Shielding doubles the Attacks",
)
ELVEN_EDGE_IN_MULTIPLE_COMBAT = HouseRule(
    "elven_edge_any_model",
    "a side fights with an Elven weapon if any of its models in the Combat, a supporter included, "
    "uses one and is not Shielding",
)
PIKE_BONUS_ONLY_CHARGED = HouseRule(
    "pike_bonus_only_charged",
    "only the pike model a cavalry model charged gets +1 To Wound against the mount, not its supporters",
)
BANNER_ORDER = HouseRule(
    "banner_order",
    "the side losing the Duel re-rolls first (on a tie, the side without Priority)",
)
"""Played by `duel.reroll_order`, for the Combat and for the odds alike."""
DWARF_LONGBOW = HouseRule("dwarf_longbow", "a Dwarf longbow is Strength 3 (the 2024 value)")

ALL = (
    SHIELDING_ORDER,
    SHIELDING_BONUS_FIRST,
    ELVEN_EDGE_IN_MULTIPLE_COMBAT,
    PIKE_BONUS_ONLY_CHARGED,
    BANNER_ORDER,
    DWARF_LONGBOW,
)
