"""A skirmish army list's rules (core rules, "Army lists"): warbands each led by a hero, how many
followers each tier may lead, the bow limit, the General, points against the limit, the Break
Point. The numbers marked (check) in the core summary live here and nowhere else.

The list comes in as plain data (`SkirmishList` of `Listed` lines, see `army_lists`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .army_lists import (
    Listed,
    own_problems,
    plural,
    repeated_unique_heroes,
    several_generals,
    share,
    side_of,
)
from .composition import Line, ListRules, composition_problems, counted, limit_of, required_general
from .state import Army
from .tiers import follower_limit, tier_name, tier_rank

STANDARD_POINTS = 500
"""A list's points limit when its maker names none: a standard skirmish game."""
BOW_FRACTION = (1, 3)
"""Bow limit (check): at most a third of the warriors, rounded up, may carry bows."""


@dataclass(frozen=True)
class ListedWarband:
    hero: Listed
    followers: tuple[Listed, ...] = ()
    general: bool = False


@dataclass(frozen=True)
class SkirmishList:
    points_limit: int
    warbands: tuple[ListedWarband, ...] = ()
    rules: ListRules | None = None
    """The army list it is built from, with its own rules; None for a list of any profiles."""


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

    break_point_divisor: float = 2
    """Its army list's: broken after more than models / N casualties."""

    @property
    def break_point(self) -> float:
        return Army("", self.models, break_point_divisor=self.break_point_divisor).break_point

    @property
    def ready(self) -> bool:
        return not self.problems


def bow_limit(warriors: int) -> int:
    return share(warriors, BOW_FRACTION)


def summarise(army: SkirmishList) -> Summary:
    """Check a list against every list rule. A list with problems is still a list (a draft)."""
    summary = Summary(points_limit=army.points_limit)
    problems = summary.problems
    if not army.warbands:
        problems.append("The list is empty: add a hero to lead a warband.")
    rules = army.rules
    keys = {line.key for w in army.warbands for line in (w.hero, *w.followers)}
    for warband in army.warbands:
        summary.warbands.append(_warband(warband, summary, rules, keys))
    heroes = [w.hero for w in army.warbands if w.hero.is_hero]
    following = [f for w in army.warbands for f in w.followers if f.is_hero]
    problems.extend(repeated_unique_heroes([*heroes, *(f for f in following for _ in range(f.count))]))
    one_warband = rules is not None and rules.heroes_may_follow(keys)
    if (
        rules is not None
        and len(army.warbands) > 1
        and (rules.warbands == "one" or (following and one_warband))
    ):
        leader = army.warbands[0].hero.name
        problems.append(
            f"{rules.name} fights as one warband: make every other hero one of {leader}'s followers."
            if rules.warbands == "one"
            else f"Heroes follow another hero in {rules.name} only when the army is one warband: "
            f"make every other hero one of {leader}'s followers, or lead a warband of their own."
        )
    summary.side, mixed = side_of([line for w in army.warbands for line in (w.hero, *w.followers)])
    problems.extend(mixed)
    if army.rules is None:
        summary.bow_limit = bow_limit(summary.warriors)
        if summary.bows > summary.bow_limit:
            problems.append(
                f"{summary.bows} of {plural(summary.warriors, 'warrior')} carry bows; at most "
                f"{summary.bow_limit} may (a third of the warriors, rounded up)."
            )
        summary.general = _general(army.warbands, problems)
    else:
        lines = [
            Line(listed, w.hero.key, listed is w.hero)
            for w in army.warbands
            for listed in (w.hero, *w.followers)
        ]
        summary.bows = counted(lines, "bow")
        summary.bow_limit = limit_of(summary.warriors, army.rules.bow_one_in)
        problems.extend(composition_problems(army.rules, lines, summary.warriors, summary.models))
        required, among, wrong = required_general(army.rules, lines)
        problems.extend(wrong)
        summary.general = _general(army.warbands, problems, required, among)
        summary.break_point_divisor = army.rules.break_point_divisor
    over = summary.points - summary.points_limit
    if over > 0:
        problems.append(
            f"The list costs {summary.points} points, {over} over its limit of {summary.points_limit}."
        )
    return summary


def _warband(
    warband: ListedWarband,
    summary: Summary,
    rules: ListRules | None = None,
    keys: frozenset[str] | set[str] = frozenset(),
) -> WarbandSummary:
    """Count one warband into the summary, with its problems, and say what it is. Heroes may
    follow another in an army list that may be one warband, or where the list says whom they may
    follow (`ListRules.may_join`); one the list does not count in a warband is not (Gríma)."""
    hero, problems = warband.hero, summary.problems
    points, led = hero.points, 0
    for follower in warband.followers:
        points += follower.points * follower.count
        if follower.is_hero:
            if rules is None or not rules.may_join(follower.key, keys):
                problems.append(
                    f"{follower.name} is a hero and leads a warband of their own; "
                    f"remove them from {hero.name}'s followers."
                )
        elif follower.bows:
            summary.bows += follower.count
        _count_kinds(summary, follower)
        if rules is None or rules.counted_in_warband(follower.key):
            led += follower.count * len(follower.members)
        problems.extend(own_problems(follower))
    problems.extend(own_problems(hero))
    _count_kinds(summary, hero)
    summary.models += hero.models + sum(f.models * f.count for f in warband.followers)
    summary.points += points
    limit = follower_limit(hero.tier)
    if not hero.is_hero:
        problems.append(f"{hero.name} is not a hero and cannot lead a warband.")
    elif led > limit:
        problems.append(
            f"{hero.name}, a {tier_name(hero.tier)}, leads {plural(led, 'follower')}; "
            f"a {tier_name(hero.tier)} may lead at most {limit}."
            if limit
            else f"{hero.name} is an Independent Hero and leads no followers, but has {led}."
        )
    return WarbandSummary(hero.name, tier_name(hero.tier), led, limit, points, warband.general)


def _count_kinds(summary: Summary, line: Listed) -> None:
    """Its heroes and warriors into the summary: a group's by its parts (Shank & Wrot are two
    heroes and a Snow Troll)."""
    heroes = sum(1 for member in line.members if member.is_hero)
    summary.heroes += heroes * line.count
    summary.warriors += (len(line.members) - heroes) * line.count


def _general(
    warbands: tuple[ListedWarband, ...],
    problems: list[str],
    required: str | None = None,
    among: tuple[str, ...] = (),
) -> str | None:
    """The named General, else the hero of the highest tier; a tie at the top must be settled. A
    hero the army list makes the General is the General; when it says one of several (`among`),
    the General must be one of them."""
    named = [w.hero.name for w in warbands if w.general]
    if required is not None:
        if named and named != [required]:
            problems.append(f"{required} must be the General in this army list.")
        return required
    several = several_generals(named)
    if several:
        problems.append(several)
        return None
    if among:
        if named and named[0] in among:
            return named[0]
        problems.append(f"Choose your General: in this army list it must be one of {', '.join(among)}.")
        return None
    if named:
        return named[0]
    heroes = [w.hero for w in warbands if w.hero.is_hero]
    if not heroes:
        return None
    top = max(tier_rank(h.tier) for h in heroes)
    best = [h for h in heroes if tier_rank(h.tier) == top]
    if len(best) > 1:
        problems.append(
            "Choose your General: " + ", ".join(h.name for h in best) + " share the highest heroic tier."
        )
        return None
    return best[0].name
