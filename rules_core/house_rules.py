"""The referee's house defaults: every point the rules texts leave open, in one place.

`docs/rules/wargear.md` and `docs/rules/terrain.md` mark some points [open]: no source settles
them. Each is decided here, once, with the sentence the player's log shows when the default decides
something, so a table that plays it another way changes one line. Nothing else in the referee
restates these choices.
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

# -- special rules (`docs/rules/special-rules.md`) -------------------------------------------------

BODYGUARD_TIE = HouseRule(
    "bodyguard_tie",
    "Bodyguards whose candidate Heroes tie on tier guard the one listed first in their army",
)
"""special-rules.md §2.25: the rules let the player choose; played by `special_rules.active.guarded_hero`."""
PHALANX_SHIELD = HouseRule(
    "phalanx_shield",
    "a Phalanx model's shield keeps its +1 Defence beside its pike (no penalty either way)",
)
"""special-rules.md §3.1 [open]: "without penalty" read as lifting both the Duel penalty and the lost Defence."""


# -- terrain (`docs/rules/terrain.md` §21) ------------------------------------------------------

TRUE_HEIGHTS = HouseRule(
    "true_heights",
    'models stand a set height: a Hobbit 0.8", a Dwarf or Goblin 0.9", a Man, Elf or Orc 1.2", a model '
    'on a 40 mm base 2", a Monster 2.5" (4" on a base of 100 mm or more), a horse and rider 2.2", a '
    'Warg and rider 1.8", a pony and rider 1.6"',
)
"""terrain.md §18.3: the rules compare heights by eye; these are the numbers (`terrain.true_height`)."""
HEIGHTS = {
    "hobbit": 0.8,
    "dwarf": 0.9,
    "goblin": 0.9,
    "man": 1.2,
    "large": 2.0,
    "monster": 2.5,
    "huge": 4.0,
    "horse": 2.2,
    "warg": 1.8,
    "pony": 1.6,
}
HALVING_ROUNDS_UP = HouseRule(
    "halving_rounds_up", "half a Move is rounded up to the next whole inch (a Move of 5 stands up for 3)"
)
"""terrain.md §10: kept for the day standing up costs half the Move; today standing up costs nothing."""
LIE_DOWN_THEN_CRAWL = HouseRule(
    "lie_down_then_crawl", "a model that Lies Down may not Crawl in the same Activation, unless Set Ablaze"
)
"""terrain.md §10: lying down and crawling are not refereed; the choice waits for them."""
JUMP_CHARGE_TIE = HouseRule(
    "jump_charge_tie",
    "a Jump or Climb that lands in the control zones of several enemies as near as each other charges "
    "the one the enemy army lists first",
)
"""terrain.md §6: the nearest enemy is charged; the text leaves a tie to the players."""
TEST_REROLL_ONLY_A_ONE = HouseRule(
    "test_reroll_only_a_one",
    "a model that may re-roll a Jump or Climb test (Mountain Dweller, Expert Rider) re-rolls a 1 and "
    "keeps any other roll",
)
"""terrain.md §6: a re-roll of a 2-5 risks a 1 for a 6; the referee takes the re-roll only when it cannot lose."""
CLIMB_OVER = HouseRule(
    "climb_over",
    "one Climb test takes a model over a wall taller than itself: up at double cost, and down the far "
    "side free for its own height and at double cost beyond",
)
"""terrain.md §7: the text climbs up; a barrier climbed must be climbed down as well."""
DEEP_WATER_IMPASSABLE = HouseRule(
    "deep_water_impassable", "deep water is impassable: swimming is not refereed"
)
"""terrain.md §14.2: Swim tests are not played; a river is shallow (difficult for Infantry) or impassable."""
CONTROL_ZONES_CUT = HouseRule(
    "control_zones_cut",
    "only barriers and impassable pieces cut a control zone; woods, water and hills never do",
)
"""terrain.md §11, terrain.md §21."""
PUSH_STOPS_AT_EDGE = HouseRule(
    "push_stops_at_edge",
    "a model pushed or blown stops at a wall or a rock's face rather than cross or fall off it",
)
"""terrain.md §9, terrain.md §21 (Call Winds): forced moves stop at impassable terrain, at walls and at
the faces of climbable rocks (`movement.stops_forced_moves`)."""
WINDOWS = HouseRule(
    "windows", "a window is part of its wall: a model touching the wall there sees and shoots through it"
)
"""terrain.md §14.5: the boards have no windows yet; the choice waits for them."""
BUILDINGS_CLOSED = HouseRule(
    "buildings_closed", "a building is closed: no model enters it, and it blocks sight up to its roof"
)
"""terrain.md §14.3: moving through building interiors is left to the players; Beacon's buildings are closed."""
MARKER_NOT_MOVED = HouseRule(
    "marker_not_moved",
    "an objective marker that would lie where no model can touch it is never moved: the board is refused",
)
"""terrain.md §19.3: no scenario moves a marker; the fix is the board."""
MARKER_PLACES = HouseRule(
    "marker_places",
    "a marker may lie on a hill or anywhere a model walks to, never in deep water, on a wall or on a top "
    "reached only by climbing",
)
"""terrain.md §19.3, terrain.md §21: markers in deep water or on climb-only tops."""
MARKER_SLIVER = HouseRule(
    "marker_sliver", "a marker inside a wood leaves the wood difficult under it (its own 25 mm is ignored)"
)
"""terrain.md §2: a model cannot end on the marker anyway."""
BUILT_BOARD_COVERAGE = HouseRule(
    "built_board_coverage",
    "a board a player builds may cover less than a third of the table (the board says so); a random "
    "board covers a third to a half of it (a mass battle's, its stands placed already, a fifth to a half)",
)
"""terrain.md §19.5 MUST 5, T-ter-24: refused for the generator, a warning for a built board."""
ZONE_ROOM = HouseRule(
    "zone_room",
    "every deployment zone keeps at least half its area free of terrain no model can stand on, joined to "
    "the rest of the board",
)
"""terrain.md §19.5 MUST 3 (its 1.5 times the army's bases, before the armies are known)."""
BOARD_SIZE = HouseRule(
    "board_size",
    'a skirmish is fought on 48" by 48" whatever its points (the guide\'s 72" by 48" from 1,000 points '
    'is not offered yet), a mass battle on 72" by 48"',
)
"""terrain.md §19.1: the scenario's board; 801-999 points are left open by the guide."""

ALL = (
    SHIELDING_ORDER,
    SHIELDING_BONUS_FIRST,
    ELVEN_EDGE_IN_MULTIPLE_COMBAT,
    PIKE_BONUS_ONLY_CHARGED,
    BANNER_ORDER,
    DWARF_LONGBOW,
    BODYGUARD_TIE,
    PHALANX_SHIELD,
    TRUE_HEIGHTS,
    HALVING_ROUNDS_UP,
    LIE_DOWN_THEN_CRAWL,
    JUMP_CHARGE_TIE,
    TEST_REROLL_ONLY_A_ONE,
    CLIMB_OVER,
    DEEP_WATER_IMPASSABLE,
    CONTROL_ZONES_CUT,
    PUSH_STOPS_AT_EDGE,
    WINDOWS,
    BUILDINGS_CLOSED,
    MARKER_NOT_MOVED,
    MARKER_PLACES,
    MARKER_SLIVER,
    BUILT_BOARD_COVERAGE,
    ZONE_ROOM,
    BOARD_SIZE,
)
