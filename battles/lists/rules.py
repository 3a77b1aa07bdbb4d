"""Army list rules: heroic tiers, warbands, unique heroes, the bow limit, the General, points.

Pure functions over anything shaped like the models in `battles.models` (a list has `warbands`;
a warband has `hero`, `hero_options`, `is_general` and `followers`; a follower has `profile`,
`count` and `options`), so the same rules check a saved list and one being imported.
The numbers marked (check) in `shared/rules/core-summary.md` live here and nowhere else.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules_core.errors import RuleViolation
from rules_core.heroic import HEROIC_ACTIONS
from rules_core.setup import load_profile
from rules_core.state import Army
from rules_core.wargear import read_kit

from .catalogue import MOUNTS, SIDE_NAMES, mount_profile

# Heroic tiers, highest first: (key, name, the most followers a hero of that tier may lead).
TIERS: list[tuple[str, str, int]] = [
    ("legend", "Hero of Legend", 18),
    ("valour", "Hero of Valour", 15),
    ("fortitude", "Hero of Fortitude", 12),
    ("minor", "Minor Hero", 6),
    ("independent", "Independent Hero", 0),
]
TIER_NAMES = {key: name for key, name, _ in TIERS}
FOLLOWER_LIMITS = {key: limit for key, _, limit in TIERS}
TIER_RANK = {key: rank for rank, (key, _, _) in enumerate(reversed(TIERS))}

# Bow limit (check): at most this fraction of the Warriors, rounded up, may carry bows.
BOW_FRACTION = (1, 3)

# Heroic Actions only some heroes may declare (shared/rules/heroes.md, "Specialised Heroic Actions").
SPECIALISED_HEROIC_ACTIONS = {key: a.name for key, a in sorted(HEROIC_ACTIONS.items()) if not a.universal}
"""The Heroic Actions a profile must list to use (every Hero has the universal ones)."""

# What one list may hold: enough for any real game, small enough to fit on a board.
MAX_WARBANDS = 30
MAX_MODELS = 150
MAX_COUNT = 100
MAX_POINTS_LIMIT = 10_000
DEFAULT_POINTS_LIMIT = 500


def tier_name(tier: str | None) -> str:
    return TIER_NAMES.get(tier or "", "Warrior")


def is_bow(missile: dict[str, Any] | None) -> bool:
    """A missile weapon counts toward the bow limit when it is a bow of some kind (bow, Elf bow,
    crossbow ...); thrown weapons do not."""
    return missile is not None and "bow" in str(missile.get("name", "")).lower()


def option_table(profile: Any) -> dict[str, dict[str, Any]]:
    return {o["name"]: o for o in profile.options}


def chosen_missile(profile: Any, options: list[str]) -> dict[str, Any] | None:
    """The missile weapon a model carries: the last chosen option that is one, else its own."""
    table = option_table(profile)
    missile: dict[str, Any] | None = profile.missile
    for name in options:
        if name in table and table[name].get("missile"):
            missile = table[name]["missile"]
    return missile


def unit_points(profile: Any, options: list[str]) -> int:
    """One model's cost: its profile and the options chosen for it (unknown options cost nothing)."""
    table = option_table(profile)
    return int(profile.points) + sum(int(table[name]["points"]) for name in options if name in table)


def chosen_mount(profile: Any, options: list[str]) -> str:
    """The mount a model rides: the last chosen option that is one, else its profile's ("" for none)."""
    mount: str = getattr(profile, "mount", "") or ""
    for name in options:
        if name in option_table(profile) and name in MOUNTS:
            mount = name
    return mount


def rules_profile(profile: Any, options: list[str]) -> dict[str, Any]:
    """The profile as rules_core reads it, with the chosen missile weapon and the wargear its list
    bought as `bought` (the referee adds a bought shield's Defence; printed wargear is in the printed
    Defence already)."""
    data: dict[str, Any] = profile.to_rules()
    table = option_table(profile)
    data["bought"] = [name for name in options if name in table and name not in MOUNTS]
    data["missile"] = chosen_missile(profile, options)
    return data


def rules_model(profile: Any, options: list[str]) -> dict[str, Any]:
    """A model of a battle setup (without its id and place): its profile and, riding, its mount."""
    mount = chosen_mount(profile, options)
    return {"profile": rules_profile(profile, options), **({"mount": mount_profile(mount)} if mount else {})}


def wargear_problems(profile: Any, options: list[str]) -> list[str]:
    """What the referee would refuse in a model's wargear with these options (the same piece twice,
    two shields, a lance on foot ...), as the builder shows it before a battle refuses the list."""
    model = rules_model(profile, options)
    try:
        read_kit(load_profile(model["profile"]), mounted="mount" in model)
    except RuleViolation as exc:
        return [f"{exc}" + (f" (with {', '.join(options)})" if options else "")]
    return []


def wrong_side(army_side: str | None, profile: Any) -> str | None:
    """Why `profile` cannot join a list that fights for `army_side`, or None if it may."""
    side = getattr(profile, "side", "")
    if army_side and side and side != army_side:
        return f"{profile.name} fights for {SIDE_NAMES[side]}; this list fights for {SIDE_NAMES[army_side]}."
    return None


def side_of(profiles: list[Any]) -> tuple[str | None, list[str]]:
    """A list's side (the one side its profiles fight for) and the problems if they mix sides or one
    does not say its side. None while the list is empty or mixed."""
    problems = [
        f"{name} does not say which side it fights for: edit the profile and choose Good or Evil."
        for name in dict.fromkeys(p.name for p in profiles if not getattr(p, "side", ""))
    ]
    by_side: dict[str, list[str]] = {}
    for p in profiles:
        if getattr(p, "side", ""):
            by_side.setdefault(p.side, [])
            if p.name not in by_side[p.side]:
                by_side[p.side].append(p.name)
    if len(by_side) > 1:
        problems.append(
            "A list fights for one side: "
            + "; ".join(f"{', '.join(names)} for {SIDE_NAMES[side]}" for side, names in by_side.items())
            + "."
        )
        return None, problems
    return next(iter(by_side), None), problems


@dataclass
class WarbandSummary:
    hero: str
    tier: str
    followers: int
    follower_limit: int
    points: int
    general: bool


@dataclass
class Summary:
    """What the list builder shows: totals, the General, and every problem in plain words."""

    points: int = 0
    points_limit: int = 0
    models: int = 0
    heroes: int = 0
    warriors: int = 0
    bows: int = 0
    bow_limit: int = 0
    general: str | None = None
    side: str | None = None
    """"good" or "evil": the side its profiles fight for (None while empty or mixed)."""
    warbands: list[WarbandSummary] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def break_point(self) -> float:
        return Army("", self.models).break_point

    @property
    def ready(self) -> bool:
        return not self.problems


def bow_limit(warriors: int) -> int:
    top, bottom = BOW_FRACTION
    return math.ceil(warriors * top / bottom)


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def summarise(army: Any) -> Summary:
    """Check a list against every list rule. A list with problems is still a list (a draft)."""
    summary = Summary(points_limit=int(army.points_limit))
    problems = summary.problems
    warbands = list(army.warbands_in_order())
    if not warbands:
        problems.append("The list is empty: add a hero to lead a warband.")
    heroes: list[Any] = []
    profiles: list[Any] = []
    generals = []
    for warband in warbands:
        hero = warband.hero
        profiles.append(hero)
        followers = list(warband.followers_in_order())
        points = unit_points(hero, warband.hero_options)
        led = 0
        for follower in followers:
            profile = follower.profile
            points += unit_points(profile, follower.options) * follower.count
            if profile.is_hero:
                problems.append(
                    f"{profile.name} is a hero and leads a warband of their own; "
                    f"remove them from {hero.name}'s followers."
                )
                summary.heroes += follower.count
            else:
                summary.warriors += follower.count
                if is_bow(chosen_missile(profile, follower.options)):
                    summary.bows += follower.count
            led += follower.count
            problems.extend(unknown_options(profile, follower.options))
            problems.extend(wargear_problems(profile, follower.options))
            profiles.append(profile)
        problems.extend(unknown_options(hero, warband.hero_options))
        problems.extend(wargear_problems(hero, warband.hero_options))
        summary.heroes += 1
        summary.models += 1 + led
        summary.points += points
        limit = FOLLOWER_LIMITS.get(hero.tier or "", 0)
        if not hero.is_hero:
            problems.append(f"{hero.name} is not a hero and cannot lead a warband.")
        elif led > limit:
            problems.append(
                f"{hero.name}, a {tier_name(hero.tier)}, leads {_plural(led, 'follower')}; "
                f"a {tier_name(hero.tier)} may lead at most {limit}."
                if limit
                else f"{hero.name} is an Independent Hero and leads no followers, but has {led}."
            )
        if hero.is_hero:
            heroes.append(hero)
        if warband.is_general:
            generals.append(hero)
        summary.warbands.append(
            WarbandSummary(hero.name, tier_name(hero.tier), led, limit, points, warband.is_general)
        )
    problems.extend(repeated_unique_heroes(heroes))
    summary.side, mixed = side_of(profiles)
    problems.extend(mixed)
    summary.bow_limit = bow_limit(summary.warriors)
    if summary.bows > summary.bow_limit:
        problems.append(
            f"{summary.bows} of {_plural(summary.warriors, 'warrior')} carry bows; at most "
            f"{summary.bow_limit} may (a third of the warriors, rounded up)."
        )
    summary.general = _general(warbands, generals, problems)
    over = summary.points - summary.points_limit
    if over > 0:
        problems.append(
            f"The list costs {summary.points} points, {over} over its limit of {summary.points_limit}."
        )
    return summary


def unknown_options(profile: Any, options: list[str]) -> list[str]:
    """Options a list chose that its profile no longer offers (the profile was edited since)."""
    table = option_table(profile)
    return [
        f"{name} is not an option of {profile.name} any more; remove it."
        for name in options
        if name not in table
    ]


def repeated_unique_heroes(heroes: list[Any]) -> list[str]:
    """A unique named hero appears at most once in a list, whatever its ruleset."""
    times = Counter(hero.name for hero in heroes if hero.unique)
    return [
        f"{name} is a unique hero and appears {count} times; take them once."
        for name, count in times.items()
        if count > 1
    ]


def several_generals(named: list[Any]) -> str | None:
    """The problem of a list naming more than one General (an import can), whatever its ruleset."""
    if len(named) > 1:
        return "Only one hero can be the General: " + ", ".join(h.name for h in named) + "."
    return None


def _general(warbands: list[Any], named: list[Any], problems: list[str]) -> str | None:
    """The named General, else the hero of the highest tier; a tie at the top must be settled."""
    several = several_generals(named)
    if several:
        problems.append(several)
        return None
    if named:
        return str(named[0].name)
    heroes = [w.hero for w in warbands if w.hero.is_hero]
    if not heroes:
        return None
    top = max(TIER_RANK.get(h.tier, 0) for h in heroes)
    best = [h for h in heroes if TIER_RANK.get(h.tier, 0) == top]
    if len(best) > 1:
        problems.append(
            "Choose your General: " + ", ".join(h.name for h in best) + " share the highest heroic tier."
        )
        return None
    return str(best[0].name)
