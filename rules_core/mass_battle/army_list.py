"""A mass-battle army list's rules (§2.2-2.5): what a list of stands and heroes fields, and every
problem in plain words. A stand's models and factors come from `stand_stats`, card costs and duel
points from `cards`, the list's limits from `army.list_problems`, the General from
`army.choose_general`, the Break Point from `army.is_broken`; nothing here restates them.

The list comes in as plain data (`MassList` of `Listed` lines, see `rules_core.army_lists`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..army_lists import Listed, plural, repeated_unique_heroes, several_generals, side_of
from ..setup import load_profile
from ..tiers import tier_name
from .army import HeroEntry, choose_general, is_broken, list_problems, max_heroes, starting_strength
from .cards import Card, HeldCard, cards_cost, duel_points, find_card
from .stands import StandStats, is_monster, stand_stats

CAVALRY = "Cavalry"


def mass_profile(listed: Listed) -> dict[str, Any]:
    """The profile as the mass-battle referee reads it, for a stand's models or a hero (§2.2): a
    model riding a mount is Cavalry and has its mount's Move, so the mount's points buy what
    cavalry have in a mass battle: 4 riders a stand, a 10" move, +1 in a combat after charging
    (§8.5), +5" from a Heroic March (§11). The rider's own Fight, Strength and Defence make the
    Combat Factor, as the rider fights in the skirmish game. He stands on the larger of his own
    base and his mount's (docs/army-list-format.md): a loose hero on a horse or a Warg is a 40 mm
    base on the board; riders' stands stay cavalry stands all the same (`stands.stand_type`)."""
    data = dict(listed.profile)
    if listed.mount is not None:
        if CAVALRY not in data.get("keywords", []):
            data["keywords"] = [*data.get("keywords", []), CAVALRY]
        data["move"] = float(listed.mount.get("move", data["move"]))
        own, mount = float(data.get("base_mm", 25.0)), float(listed.mount.get("base_mm", 25.0))
        data["base_mm"] = max(own, mount)
    return data


def stats_of(listed: Listed) -> StandStats:
    """A stand of these models, as the referee fields it (§2.2)."""
    return stand_stats(load_profile(mass_profile(listed)))


def fields_own_stand(listed: Listed) -> bool:
    """A Monster hero is fielded as a stand of his own (§2.3); a group, when one of its heroes is."""
    return any(is_monster(load_profile(member.profile)) for member in listed.members if member.is_hero)


def known_cards(names: list[str]) -> list[Card]:
    """The cards of a hero's entry that the referee knows (an unknown one is a problem, shown)."""
    return [card for card in (find_card(name) for name in names) if card is not None]


@dataclass(frozen=True)
class ListedHero:
    hero: Listed
    cards: tuple[str, ...] = ()
    general: bool = False


@dataclass(frozen=True)
class MassList:
    points_limit: int
    stands: tuple[Listed, ...] = ()
    """Lines of stands: `count` stands each, `points` one model of a stand."""
    heroes: tuple[ListedHero, ...] = ()


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
    listed: Listed
    """He as the list fields him (a group's hero: his part of it), for the battle's setup."""
    entry: int = 0
    """Which of the list's heroes he is (its index): a group's heroes share their group's."""

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


def summarise(army: MassList) -> MassSummary:
    """Check a mass-battle list against every list rule. A list with problems is still a list (a
    draft), but only one without can go to battle."""
    misplaced: list[str] = []
    summary = MassSummary(
        points_limit=army.points_limit,
        stand_lines=[_stand_line(line, misplaced) for line in army.stands],
    )
    members = [
        (number, m) for number, entry in enumerate(army.heroes) for m in heroes_of_entry(entry, misplaced)
    ]
    summary.hero_lines = [_hero_line(member, misplaced, number) for number, member in members]
    summary.stands = sum(line.count for line in summary.stand_lines) + sum(
        1 for hero in summary.hero_lines if hero.monster
    )
    summary.heroes = len(summary.hero_lines)
    summary.hero_limit = max_heroes(summary.stands)
    summary.points = sum(line.total for line in summary.stand_lines) + sum(
        h.total for h in summary.hero_lines
    )
    entries = [
        HeroEntry(str(number), line.name, member.hero.tier, line.duel_points, member.cards)
        for number, ((_, member), line) in enumerate(zip(members, summary.hero_lines, strict=True))
    ]
    summary.problems = [
        *list_problems(summary.stands, entries, summary.points, summary.points_limit),
        *misplaced,
        *repeated_unique_heroes([m for entry in army.heroes for m in entry.hero.members if m.is_hero]),
    ]
    summary.side, mixed = side_of([*army.stands, *(entry.hero for entry in army.heroes)])
    summary.problems.extend(mixed)
    named = [number for number, (_, member) in enumerate(members) if member.general]
    several = several_generals([summary.hero_lines[number].name for number in named])
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


def _stand_line(line: Listed, problems: list[str]) -> StandLineSummary:
    if line.is_hero:
        problems.append(f"{line.name} is a hero: add him among the heroes, not as stands.")
    problems.extend(line.problems)
    stats = stats_of(line)
    each = stats.models * line.points
    return StandLineSummary(line.name, list(line.options), line.count, stats, each, each * line.count)


def heroes_of_entry(entry: ListedHero, problems: list[str]) -> list[ListedHero]:
    """The heroes one hero of the list is: himself, or a group's heroes, each a hero of his own at
    his share of the group's price (Elladan & Elrohir); the group's Battle Cards go with its first
    hero, and so does its being named the General (§2.3, [open]). A group with a warrior or a beast
    among its models cannot be fielded, and says why (`unfieldable_group`)."""
    if not entry.hero.parts:
        return [entry]
    why = unfieldable_group(entry.hero)
    if why:
        problems.append(why)
    heroes = [part for part in entry.hero.parts if part.is_hero]
    return [
        ListedHero(part, entry.cards if first else (), entry.general and first)
        for first, part in zip([True, *[False] * len(heroes)], heroes, strict=False)
    ]


def unfieldable_group(group: Listed) -> str:
    """Why a mass battle cannot field a group of models, or "" when it can: every model of it a hero,
    each becomes a hero of his own. A warrior or a beast among them would need a stand, and a stand
    is models of one profile, as many as its kind holds (§2.2): the group has too few of them, or
    would make a stand of one (a War Beast's) that its army list prices at nothing, pricing only the
    group."""
    others: dict[str, tuple[Listed, int]] = {}
    for part in group.parts:
        if not part.is_hero:
            others[part.name] = (part, others.get(part.name, (part, 0))[1] + 1)
    if not others:
        return ""
    part, count = next(iter(others.values()))
    stats = stats_of(part)
    if count < stats.models:
        why = f"a stand holds {stats.models} {stats.kind} models of one profile, and it has {plural(count, part.name)}"
    elif not part.points:
        why = f"{part.name} would be a stand of its own, which its army list prices at nothing (it prices the group)"
    else:
        why = f"it would field {part.name} as a stand of its own, which the referee does not do yet"
    return f"A mass battle cannot field {group.name}: {why}."


def _hero_line(entry: ListedHero, problems: list[str], number: int = 0) -> HeroSummary:
    hero = entry.hero
    if not hero.is_hero:
        problems.append(f"{hero.name} is not a hero: field him in stands.")
    problems.extend(hero.problems)
    cards = known_cards(list(entry.cards))
    hand = [HeldCard(card.key) for card in cards]
    profile = hero.profile
    return HeroSummary(
        name=hero.name,
        tier=tier_name(hero.tier),
        options=list(hero.options),
        cards=cards,
        points=hero.points,
        cards_cost=cards_cost(hand),
        duel_points=duel_points(hero.points, hand),
        general=False,
        monster=fields_own_stand(hero),
        might=int(profile.get("might", 0)),
        will=int(profile.get("will", 0)),
        fate=int(profile.get("fate", 0)),
        listed=hero,
        entry=number,
    )
