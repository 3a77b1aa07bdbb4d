"""Mass-battle list rules (`shared/rules/mass-battle.md` §2.2-2.5): what the builder and the printable
view show of a list of stands and heroes, and every problem in plain words.

Pure functions over anything shaped like a mass-battle list (`stands_in_order()`: lines with
`profile`, `count` and `options`; `heroes_in_order()`: heroes with `profile`, `options`, `cards`
and `is_general`), so the same rules check a saved list and one being imported. The rules are the
referee's own (rules_core.mass_battle): a stand's models and factors from `stand_stats`, card
costs and duel points from `cards`, the list's limits from `army.list_problems`, the General from
`army.choose_general`, the Break Point from `army.is_broken`. Nothing here restates them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_core.mass_battle import stands
from rules_core.mass_battle.army import (
    HeroEntry,
    choose_general,
    is_broken,
    list_problems,
    max_heroes,
    starting_strength,
)
from rules_core.mass_battle.cards import Card, HeldCard, cards_cost, duel_points, find_card
from rules_core.mass_battle.stands import StandStats, stand_stats
from rules_core.setup import load_profile

from .catalogue import MOUNTS
from .rules import (
    chosen_mount,
    repeated_unique_heroes,
    rules_profile,
    several_generals,
    side_of,
    tier_name,
    unit_points,
    unknown_options,
)

MAX_STANDS = 48
"""The most stands one list fields, a Monster hero's own stand included: what always fits in a
side's deployment zone (72" by 12"), even all of them large (4" by 3")."""
MAX_HEROES = 24
"""The most heroes one list holds: one per two stands of the fullest list."""
MAX_CARDS_LISTED = 20
"""The most Battle Cards a hero's entry may list in a file (the rules allow three; more is a problem
the builder shows, many more is no list at all)."""


def mass_profile(profile: Any, options: list[str]) -> dict[str, Any]:
    """The profile as the mass-battle referee reads it, for a stand's models or a hero (§2.2): a
    model riding a mount (its profile's own, or one its list bought) is Cavalry and has its mount's
    Move, so the mount's points buy what cavalry have in a mass battle: 4 riders a stand, a 10"
    move, +1 in a combat after charging (§8.5), +5" from a Heroic March (§11). The rider's own
    Fight, Strength and Defence make the Combat Factor, as the rider fights in the skirmish game;
    his base stays his own (a 50 mm base would make the stand large)."""
    data = rules_profile(profile, options)
    mount = chosen_mount(profile, options)
    if mount:
        if "Cavalry" not in data["keywords"]:
            data["keywords"] = [*data["keywords"], "Cavalry"]
        data["move"] = float(MOUNTS.get(mount, {}).get("move", data["move"]))
    return data


def stats_of(profile: Any, options: list[str]) -> StandStats:
    """A stand of this profile with these options, as the referee fields it (§2.2)."""
    return stand_stats(load_profile(mass_profile(profile, options)))


def is_monster(profile: Any) -> bool:
    """A Monster hero is fielded as a stand of his own (§2.3)."""
    return stands.is_monster(load_profile(profile.to_rules()))


def known_cards(names: list[str]) -> list[Card]:
    """The cards of a hero's entry that the referee knows (an unknown one is a problem, shown)."""
    return [card for card in (find_card(name) for name in names) if card is not None]


@dataclass
class StandLineSummary:
    name: str
    options: list[str]
    count: int
    stats: StandStats
    each: int
    """Points of one stand: its models with their options."""
    total: int


@dataclass
class HeroSummary:
    name: str
    tier: str
    options: list[str]
    cards: list[Card]
    points: int
    """The hero and his options, without his cards."""
    cards_cost: int
    duel_points: int
    general: bool
    """He leads the army: named the General, or chosen by the referee's rule."""
    monster: bool
    might: int
    will: int
    fate: int

    @property
    def total(self) -> int:
        return self.points + self.cards_cost


@dataclass
class MassSummary:
    """What the builder shows of a mass-battle list: totals, the General, every problem in words."""

    points: int = 0
    points_limit: int = 0
    stands: int = 0
    """Stands fielded, a Monster hero's own stand included."""
    heroes: int = 0
    hero_limit: int = 0
    general: str | None = None
    side: str | None = None
    """"good" or "evil": the side its profiles fight for (None while empty or mixed)."""
    starting_strength: int = 0
    broken_at: int = 0
    """Losses that break the army (more than half its starting strength)."""
    stand_lines: list[StandLineSummary] = field(default_factory=list)
    hero_lines: list[HeroSummary] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        return not self.problems


def summarise_mass(army: Any) -> MassSummary:
    """Check a mass-battle list against every list rule. A list with problems is still a list (a
    draft), but only one without can go to battle."""
    misplaced: list[str] = []
    summary = MassSummary(
        points_limit=int(army.points_limit),
        stand_lines=[_stand_line(line, misplaced) for line in army.stands_in_order()],
    )
    heroes = list(army.heroes_in_order())
    summary.hero_lines = [_hero_line(hero, misplaced) for hero in heroes]
    summary.stands = sum(line.count for line in summary.stand_lines) + sum(
        1 for hero in summary.hero_lines if hero.monster
    )
    summary.heroes = len(heroes)
    summary.hero_limit = max_heroes(summary.stands)
    summary.points = sum(line.total for line in summary.stand_lines) + sum(
        h.total for h in summary.hero_lines
    )
    entries = [
        HeroEntry(str(number), line.name, hero.profile.tier or None, line.duel_points, tuple(hero.cards))
        for number, (hero, line) in enumerate(zip(heroes, summary.hero_lines, strict=True))
    ]
    summary.problems = [
        *list_problems(summary.stands, entries, summary.points, summary.points_limit),
        *misplaced,
        *repeated_unique_heroes([hero.profile for hero in heroes if hero.profile.is_hero]),
    ]
    summary.side, mixed = side_of(
        [line.profile for line in army.stands_in_order()] + [h.profile for h in heroes]
    )
    summary.problems.extend(mixed)
    named = [number for number, hero in enumerate(heroes) if hero.is_general]
    several = several_generals([heroes[number].profile for number in named])
    if several:
        summary.problems.append(several)
    elif entries:
        general = summary.hero_lines[int(choose_general(entries, str(named[0]) if named else None))]
        general.general = True
        summary.general = general.name
    summary.starting_strength = starting_strength(summary.stands, summary.heroes)
    summary.broken_at = next(
        losses
        for losses in range(summary.starting_strength + 2)
        if is_broken(losses, summary.starting_strength)
    )
    return summary


def _stand_line(line: Any, problems: list[str]) -> StandLineSummary:
    profile = line.profile
    if profile.is_hero:
        problems.append(f"{profile.name} is a hero: add him among the heroes, not as stands.")
    problems.extend(unknown_options(profile, line.options))
    stats = stats_of(profile, line.options)
    each = stats.models * unit_points(profile, line.options)
    return StandLineSummary(profile.name, list(line.options), line.count, stats, each, each * line.count)


def _hero_line(hero: Any, problems: list[str]) -> HeroSummary:
    profile = hero.profile
    if not profile.is_hero:
        problems.append(f"{profile.name} is not a hero: field him in stands.")
    problems.extend(unknown_options(profile, hero.options))
    cards = known_cards(hero.cards)
    hand = [HeldCard(card.key) for card in cards]
    points = unit_points(profile, hero.options)
    return HeroSummary(
        name=profile.name,
        tier=tier_name(profile.tier),
        options=list(hero.options),
        cards=cards,
        points=points,
        cards_cost=cards_cost(hand),
        duel_points=duel_points(points, hand),
        general=False,
        monster=is_monster(profile),
        might=profile.might,
        will=profile.will,
        fate=profile.fate,
    )
