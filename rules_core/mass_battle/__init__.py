"""The mass battle (its rules, `mass-battle.md`): a variant of the skirmish game, python-chess
style. It reuses the skirmish referee's dice, Might bidding, Declare Heroic Actions loop, Courage
tests, casting and record, and adds stands, attached and loose heroes, Battle Cards, duels and
challenges. No skirmish module imports it.

This package's own module is the mass battle's public face: its `Ruleset`, and what its table and
its army lists may ask of the referee. The web app's mass-battle code reads the referee through
it (and the shared public modules: `rules_core`, `rules_core.record`, `rules_core.takeback`).
"""

from __future__ import annotations

from ..army_lists import Listed
from ..ruleset import Ruleset
from .army_list import (
    HeroSummary,
    ListedHero,
    MassList,
    MassSummary,
    StandLineSummary,
    fields_own_stand,
    known_cards,
    mass_profile,
    stats_of,
    summarise,
    unfieldable_group,
)
from .battle import board_needs, new_mass_battle
from .cards import CARDS, Card, HeldCard, applies_now
from .constants import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    BROKEN_FRACTION,
    MAX_HEROES_PER_STAND,
    STANDARD_ARMY_POINTS,
)
from .heroics import MASS_HEROIC_ACTIONS
from .preview import preview
from .rule_notes import mass_rule_notes
from .setup import default_zones
from .stands import StandStats
from .state import MassHero, MassState, Stand, stand_engaged
from .table import contacts, victory_points
from .tape import tape

MASS_BATTLE = Ruleset(
    key="mass_battle",
    name="Mass battle",
    state_class=MassState,
    new_battle=new_mass_battle,
    heroic_actions=MASS_HEROIC_ACTIONS,
    standard_points=STANDARD_ARMY_POINTS,
    summarise_list=summarise,
    preview=preview,
    tape=tape,
    board_size=(BOARD_WIDTH, BOARD_HEIGHT),
    board_needs=board_needs,
    rule_notes=mass_rule_notes,
)


__all__ = [
    "BOARD_HEIGHT",
    "BOARD_WIDTH",
    "BROKEN_FRACTION",
    "CARDS",
    "MASS_BATTLE",
    "MAX_HEROES_PER_STAND",
    "STANDARD_ARMY_POINTS",
    "Card",
    "HeldCard",
    "HeroSummary",
    "Listed",
    "ListedHero",
    "MassHero",
    "MassList",
    "MassState",
    "MassSummary",
    "Stand",
    "StandLineSummary",
    "StandStats",
    "applies_now",
    "contacts",
    "default_zones",
    "fields_own_stand",
    "known_cards",
    "mass_profile",
    "preview",
    "stand_engaged",
    "stats_of",
    "summarise",
    "tape",
    "unfieldable_group",
    "victory_points",
]
