"""An army list's own composition rules, as the game's army lists give them: its bow and
throwing-weapon limits and who is exempt, how many of a model it may have at most, who must be
the General, who may join whose warband, "only if the army has ...", and its counts of groups of
models (at least, at most, at most as many as another group).

The web app reads a list's rules from the catalogue's army lists and hands them in as plain data
(`ListRules`); each line of the list (`Listed`) says which entry of the list it is (`key`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .army_lists import Listed, plural


@dataclass(frozen=True)
class EntryRules:
    """One entry of an army list: a profile as that list fields it."""

    name: str
    max: int | None = None
    general: bool = False
    """Always the General."""
    requires_one_of: tuple[str, ...] = ()
    """Only if the army has one of these (entry keys)."""
    may_follow: tuple[str, ...] | None = None
    """May join only these heroes' warbands (keys); () for none."""
    captain: bool = True
    """May lead a warband."""


@dataclass(frozen=True)
class Distribution:
    """A count over a group of the list's entries: at least `min`, at most `max`, at most as many
    as another group's models."""

    name: str
    keys: tuple[str, ...]
    min: int | None = None
    max: int | None = None
    at_most_as_many_as: str = ""


@dataclass(frozen=True)
class ListRules:
    """An army list's composition rules."""

    name: str
    bow_one_in: int = 3
    throwing_one_in: int | None = None
    entries: dict[str, EntryRules] = field(default_factory=dict)
    distributions: tuple[Distribution, ...] = ()


@dataclass(frozen=True)
class Line:
    """A line of the list for these checks: its models, and the key of the warband's hero."""

    listed: Listed
    hero_key: str
    leads: bool


def limit_of(count: int, one_in: int) -> int:
    """One in N may: rounded up."""
    return -(-count // one_in)


def composition_problems(rules: ListRules, lines: Sequence[Line], warriors: int) -> list[str]:
    """Every way the lines break the list's own rules, in plain words."""
    problems: list[str] = []
    counts: Counter[str] = Counter()
    for line in lines:
        counts[line.listed.key] += line.listed.count
    for line in lines:
        key = line.listed.key
        entry = rules.entries.get(key)
        if entry is None:
            problems.append(f"{line.listed.name} is not in the {rules.name} army list.")
            continue
        if line.leads and not entry.captain:
            problems.append(f"{entry.name} may not lead a warband in {rules.name}.")
        if not line.leads and entry.may_follow is not None and line.hero_key not in entry.may_follow:
            allowed = [rules.entries[k].name for k in entry.may_follow if k in rules.entries]
            problems.append(
                f"{entry.name} may join only {' or '.join(allowed)}'s warband in {rules.name}."
                if allowed
                else f"{entry.name} may join no warband in {rules.name}."
            )
    for key, count in counts.items():
        entry = rules.entries.get(key)
        if entry is None:
            continue
        if entry.max is not None and count > entry.max:
            problems.append(
                f"{rules.name} may have at most {plural(entry.max, entry.name, entry.name)}; this has {count}."
            )
        if entry.requires_one_of and not any(counts[k] for k in entry.requires_one_of):
            needed = " or ".join(rules.entries[k].name for k in entry.requires_one_of if k in rules.entries)
            problems.append(f"{entry.name} may be taken only in an army with {needed}.")
    problems.extend(_limits(rules, lines, warriors))
    problems.extend(_distributions(rules, counts))
    return problems


def required_general(rules: ListRules, lines: Sequence[Line]) -> str | None:
    """The hero the list says must be the General, if the army has one."""
    return next(
        (
            line.listed.name
            for line in lines
            if line.leads and rules.entries.get(line.listed.key, EntryRules("")).general
        ),
        None,
    )


def counted(lines: Sequence[Line], kind: str) -> int:
    """The warriors that count towards one of the list's limits ("bow", "throwing")."""
    return sum(
        line.listed.count
        for line in lines
        if not line.listed.is_hero and kind in line.listed.limits and kind not in line.listed.exempt
    )


def _limits(rules: ListRules, lines: Sequence[Line], warriors: int) -> list[str]:
    problems = []
    limits = (
        ("bow", "carry bows", rules.bow_one_in),
        ("throwing", "carry throwing weapons", rules.throwing_one_in),
    )
    for kind, carry, one_in in limits:
        if one_in is None:
            continue
        found = counted(lines, kind)
        limit = limit_of(warriors, one_in)
        if found > limit:
            problems.append(
                f"{found} of {plural(warriors, 'warrior')} {carry}; at most {limit} may in {rules.name} "
                f"(one in {one_in}, rounded up)."
            )
    return problems


def _distributions(rules: ListRules, counts: Counter[str]) -> list[str]:
    problems = []
    by_name = {d.name: d for d in rules.distributions}
    for group in rules.distributions:
        count = sum(counts[k] for k in group.keys)
        names = ", ".join(rules.entries[k].name for k in group.keys if k in rules.entries)
        if group.min is not None and count < group.min:
            problems.append(f"{rules.name} must include at least {group.min} of: {names}.")
        if group.max is not None and count > group.max:
            problems.append(f"{rules.name} may include at most {group.max} of: {names}; this has {count}.")
        other = by_name.get(group.at_most_as_many_as)
        if other is not None and count > sum(counts[k] for k in other.keys):
            problems.append(f"{rules.name} may have no more {group.name} than {other.name}.")
    return problems
