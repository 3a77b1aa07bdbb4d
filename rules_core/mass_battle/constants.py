"""Every number of the mass battle that the spec (`docs/rules/mass-battle.md`) marks as its own
choice, in one place so it can be tuned without touching rules code.

Appendix A first, in its order, then the other numbers the spec's sections fix. Section numbers
are the spec's. Distances are in inches.
"""

from __future__ import annotations

from typing import Final, Literal

StandType = Literal["infantry", "cavalry", "large", "huge"]

# --- Appendix A -------------------------------------------------------------------------------

STAND_FRONTAGE: Final = 4.0  # §2.2: every stand is 4" wide
STAND_DEPTH: Final = 2.0  # §2.2: infantry and cavalry stands are 2" deep
LARGE_DEPTH: Final = 3.0  # §2.2: Monster keyword or a base of 40 mm or more: 3" deep

MODELS_PER_STAND: Final[dict[StandType, int]] = {"infantry": 8, "cavalry": 4, "large": 2, "huge": 1}  # §2.2

CONTACT_TOLERANCE: Final = 0.05  # §3: edges this close are in contact; overlaps below it do not count
CONTROL_ZONE: Final = 1.0  # §6.2: no stand move comes this close to an enemy stand unless it charges it

MAX_HEROES_PER_STAND: Final = 2  # §2.3
MAX_CARDS_PER_HERO: Final = 3  # §2.4, each card at most once per hero
STANDS_PER_HERO: Final = 2  # §2.5: at most 1 hero per 2 stands, rounded up ("HEROES_PER_STANDS")

DESTROY_MARGIN: Final = 3  # §8.8: a loser beaten by this much or more is destroyed
HEROIC_STRENGTH_DESTROY_MARGIN: Final = 2  # §11: Heroic Strength lowers it
RECOIL: Final = 2.0  # §8.8: a beaten stand moves back this far (also supporters, pushes, Panic Steed)
ESCAPE_RANGE: Final = 6.0  # §8.8: where a hero who escapes a destroyed stand may be placed

SHOUT_RANGE: Final = 6.0  # §11: "within 6"" of a Heroic Action's hero (With Me, At the Double, ...)
STAND_FAST_RANGE: Final = 6.0  # §13

DUEL_POINTS_DIVISOR: Final = 1  # §9, §18 Q1: duel points = list points / this (40 would make the die matter)
FATE_SAVES_MASS_COMBAT_LOSS: Final = False  # §8.7, §18 Q5: the reserve rule, off

TURN_LIMIT: Final = 8  # §14: the battle ends at the end of this turn (the setup may change it)
BOARD_WIDTH: Final = 72.0  # §2.1: Good's table edge is y = 0, Evil's is y = BOARD_HEIGHT
BOARD_HEIGHT: Final = 48.0
DEPLOY_DEPTH: Final = 12.0  # §2.5: each side deploys within this of its own edge
STANDARD_ARMY_POINTS: Final = 1000  # §2.5

# --- §2 Components ----------------------------------------------------------------------------

LARGE_BASE_MM: Final = 40.0  # §2.2: a model on a base this wide or wider makes a large stand
HUGE_BASE_MM: Final = 60.0  # §2.2: ... and this wide, a stand of one model
COMBAT_FACTOR_DIVISOR: Final = 3  # §2.2: CF = floor((Fight + Strength + Defence) / 3)
SHOOTING_FACTOR_BASE: Final = 7  # §2.2: SF = 7 - Shoot Value (3+ gives 4)
MIN_HEROES: Final = 1  # §2.5: a list has at least one hero
LOSS_PER_STAND: Final = 1  # §2.5: a stand destroyed or fled
LOSS_PER_HERO: Final = 1  # §2.5: a hero lost
LOSS_PER_GENERAL: Final = 2  # §2.5: the General lost

# --- §3 Geometry and §6 Move ------------------------------------------------------------------

PARALLEL_TOLERANCE_DEGREES: Final = 1.0  # §3: edges this close to parallel may be in contact
MAX_MOVE_LEGS: Final = 4  # §6.2: a stand move is up to 4 straight legs
DIFFICULT_MOVE_FACTOR: Final = 0.5  # §3: a stand whose move crosses difficult terrain has half its Move

# --- §7 Shoot ---------------------------------------------------------------------------------

SHOOTER_MOVED_PENALTY: Final = -1  # §7: the shooter moved this turn
TARGET_IN_COVER_BONUS: Final = 1  # §7: the target's centre is in sight-blocking or difficult terrain
SHOOTING_DESTROY_MARGIN: Final = 3  # §7: the shooter higher by this much destroys the target

# --- §8.5 Combat modifiers --------------------------------------------------------------------

MIN_COMBAT_TOTAL: Final = 1  # §8.5: a total never goes below this
HERO_ATTACHED_BONUS: Final = 1  # at least one hero attached (not cumulative)
CAVALRY_CHARGE_BONUS: Final = 1  # a cavalry stand that charged this turn, neither stand in difficult terrain
REAR_SUPPORT_BONUS: Final = 1
OVERLAP_PENALTY: Final = -1  # per flank (left, right) on which an enemy stand overlaps it
FLANK_PENALTY: Final = -1  # its pair opponent, or each enemy supporter, on its flank
REAR_PENALTY: Final = -2  # ... on its rear
DIFFICULT_TERRAIN_PENALTY: Final = -1  # its centre is in difficult terrain
TRANSFIXED_PENALTY: Final = -1  # §12: Immobilise, Transfix, Paralyse

# --- §8.8 Escape, §9 Duel, §10 Might ----------------------------------------------------------

ESCAPE_ROLL: Final = 4  # §8.8: a Bodyguard roll or a Fate die escapes on this or more
DIE_MAX: Final = 6  # §8.6, §9, §10: Might never raises a die above this

# --- §11 Heroic Actions and §12 Magical Powers ------------------------------------------------

HEROIC_MARCH_BONUS: Final = 3.0  # §11: Heroic March and At the Double
HEROIC_MARCH_FAST_BONUS: Final = 5.0  # ... for Cavalry or Fly
HEROIC_CHALLENGE_DECLINED_BONUS: Final = 1  # §11: his stand, in that pair's combat, when declined
HEROIC_CHALLENGE_MIGHT_REGAINED: Final = 1  # §11: when he slays his opponent in the accepted duel
MAGIC_BLAST_FACTOR: Final = 4  # §12: Black Dart and the like roll the caster's D6 + 4
CHANNELLED_BLAST_BONUS: Final = 1  # §12: channelled, +1 to the caster's side
COURAGE_AURA_MODIFIER: Final = 1  # §12: Aura of Dismay -1 / Aura of Command +1 to Courage tests

# --- §13 Courage and §14 End ------------------------------------------------------------------

BROKEN_FRACTION: Final = 0.5  # §13: losses above this share of the starting strength break a side
ROUT_FRACTION: Final = 0.25  # §14: down to this share of its starting strength, a side has lost

# --- §2.4 Battle Cards: costs in points and what each card changes ------------------------------

CARD_COSTS: Final[dict[str, int]] = {
    "captain_of_the_line": 20,
    "shieldwall": 15,
    "war_banner": 20,
    "rallying_presence": 15,
    "swift": 10,
    "bodyguard": 20,
    "mighty_blow": 15,
    "fury_of_the_charge": 15,
    "hold_the_line": 15,
    "last_stand": 20,
}
CAPTAIN_COMBAT_BONUS: Final = 1  # Captain of the Line: his stand +1 in combat
WAR_BANNER_REROLLS: Final = 1  # War Banner: re-rolls of its combat die per Fight phase
RALLYING_STAND_FAST_RANGE: Final = 12.0  # Rallying Presence: his Stand Fast reaches this far
RALLYING_COURAGE_BONUS: Final = 1  # Rallying Presence: his stand on Courage tests
SWIFT_MOVE_BONUS: Final = 4.0  # Swift: while he is loose
MIGHTY_BLOW_BONUS: Final = 2  # Mighty Blow: to his stand's combat total, after the dice
FURY_CHARGE_MOVE_BONUS: Final = 3.0  # Fury of the Charge: to the charge move
FURY_COMBAT_BONUS: Final = 1  # Fury of the Charge: in its combats this turn
