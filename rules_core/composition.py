"""An army list's own composition rules, as the game's army lists give them: its bow and
throwing-weapon limits and who is exempt (or counts though a hero), how many of a model it may
have at most, who must be the General (always one hero; one of several; the highest rank present),
who must lead a warband, who may join whose warband and whom a hero may lead, "only if the army has
...", two entries that are one character, the options a model must or may take only one of or may
not take together, its counts of groups of models (at least, at most, at most as many as another
group, at most one in N of the army's models, never beside another group) and its Break Point.

The web app reads a list's rules from the catalogue's army lists and hands them in as plain data
(`ListRules`); each line of the list (`Listed`) says which entry of the list it is (`key`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
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
    captain_required: bool = False
    """Always in the army, leading a warband."""
    may_lead_only: tuple[str, ...] | None = None
    """This hero's warband may hold only these (keys); () for no followers."""
    general_one_of: bool = False
    """One of the entries so marked must be in the army, leading it as its General."""
    general_rank: int | None = None
    """Of the entries with a rank, the highest present is the General."""
    picks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Options taken one at most: ("exactly-one", names) each model must take one of these,
    ("at-most-one", names) it may take one of these at most."""
    excludes_options: tuple[tuple[str, str], ...] = ()
    """Pairs of options one model may not take together."""
    same_character_as: tuple[str, ...] = ()
    """Entries that are the same character (keys): the army may have only one of them."""
    option_characters: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Options that are a character of their own (Gandalf the White's "Pippin"), with the entries
    that are the same character (keys): the army may not have both."""
    hero: bool = False
    """A hero's entry (else a warrior's or a siege engine's)."""
    counted_in_warband: bool = True
    """It counts towards the follower limit of the warband it joins (Gríma following Saruman does
    not)."""


@dataclass(frozen=True)
class Distribution:
    """A count over a group of the list's entries: at least `min`, at most `max`, at most as many
    as another group's models."""

    name: str
    keys: tuple[str, ...]
    min: int | None = None
    max: int | None = None
    at_most_as_many_as: str = ""
    at_most_one_in: int | None = None
    """At most one in N of the army's models (rounded up)."""
    excludes: str = ""
    """Another group's name: an army with models of this group may have none of that one."""


@dataclass(frozen=True)
class ListRules:
    """An army list's composition rules."""

    name: str
    bow_one_in: int = 3
    throwing_one_in: int | None = None
    entries: dict[str, EntryRules] = field(default_factory=dict)
    distributions: tuple[Distribution, ...] = ()
    break_point_divisor: float = 2
    """Broken after more than models / N casualties (the core rule's N is 2)."""
    warbands: str = ""
    """"one": the army is one warband, whose followers include its heroes; "optional": it may be
    one such warband; "conditional": optional unless it has one of `unless_army_includes`."""
    unless_army_includes: tuple[str, ...] = ()

    def heroes_may_follow(self, keys: Collection[str]) -> bool:
        """Whether an army of these entries (keys) may have heroes among a hero's followers."""
        if self.warbands == "conditional":
            return not any(key in keys for key in self.unless_army_includes)
        return self.warbands in ("one", "optional")

    def may_join(self, follower: str, keys: Collection[str]) -> bool:
        """Whether a hero (entry key) may follow another hero in an army of these entries: the army
        is one warband, or the list names whom he may follow (Legolas joins Aragorn in Breaking of
        the Fellowship; whether it is that hero is `may_follow`'s check, in `composition_problems`)."""
        entry = self.entries.get(follower)
        return self.heroes_may_follow(keys) or bool(entry is not None and entry.may_follow)

    def counted_in_warband(self, key: str) -> bool:
        """Whether an entry counts towards the follower limit of the warband it joins."""
        entry = self.entries.get(key)
        return entry is None or entry.counted_in_warband

    def offers_heroes_as_followers(self, keys: Collection[str]) -> bool:
        """Whether a builder should offer heroes as followers: the army is one warband, or some
        hero of the list may follow another."""
        return self.heroes_may_follow(keys) or any(
            entry.hero and entry.may_follow for entry in self.entries.values()
        )


@dataclass(frozen=True)
class Line:
    """A line of the list for these checks: its models, and the key of the warband's hero."""

    listed: Listed
    hero_key: str
    leads: bool


def limit_of(count: int, one_in: int) -> int:
    """One in N may: rounded up."""
    return -(-count // one_in)


def composition_problems(rules: ListRules, lines: Sequence[Line], warriors: int, models: int) -> list[str]:
    """Every way the lines break the list's own rules, in plain words."""
    problems: list[str] = []
    counts: Counter[str] = Counter()
    for line in lines:
        counts[line.listed.key] += line.listed.count
    for line in lines:
        problems.extend(_line_problems(rules, line))
    characters: set[frozenset[str]] = set()
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
        for other in entry.same_character_as:
            pair = frozenset((key, other))
            if counts[other] and pair not in characters:
                characters.add(pair)
                problems.append(
                    f"{entry.name} and {_name(rules, other)} are one character: {rules.name} may have only one of them."
                )
    for line in lines:
        entry = rules.entries.get(line.listed.key)
        characters_taken = entry.option_characters if entry is not None else ()
        for option, others in characters_taken:
            for other in others:
                if option in line.listed.options and counts[other]:
                    problems.append(
                        f"{_name(rules, line.listed.key)} takes {option}, who is {_name(rules, other)}: "
                        f"{rules.name} may have only one of them."
                    )
    leading = {line.listed.key for line in lines if line.leads}
    for key, entry in rules.entries.items():
        if entry.captain_required and key not in leading:
            problems.append(f"{rules.name} always has {entry.name}, leading a warband: add them.")
    problems.extend(_limits(rules, lines, warriors))
    problems.extend(_distributions(rules, _group_counts(lines), models))
    return problems


def _name(rules: ListRules, key: str) -> str:
    entry = rules.entries.get(key)
    return entry.name if entry is not None else key


def _names(names: Sequence[str], joiner: str = "or") -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {joiner} {names[-1]}"


def _line_problems(rules: ListRules, line: Line) -> list[str]:
    """One line's problems: not of the list, who leads and who joins whom, its options."""
    entry = rules.entries.get(line.listed.key)
    if entry is None:
        return [f"{line.listed.name} is not in the {rules.name} army list."]
    problems = []
    if line.leads and not entry.captain:
        problems.append(f"{entry.name} may not lead a warband in {rules.name}.")
    if not line.leads:
        if entry.may_follow is not None and line.hero_key not in entry.may_follow:
            allowed = [rules.entries[k].name for k in entry.may_follow if k in rules.entries]
            problems.append(
                f"{entry.name} may join only {' or '.join(allowed)}'s warband in {rules.name}."
                if allowed
                else f"{entry.name} may join no warband in {rules.name}."
            )
        hero = rules.entries.get(line.hero_key)
        if hero is not None and hero.may_lead_only is not None and line.listed.key not in hero.may_lead_only:
            led = [_name(rules, k) for k in hero.may_lead_only]
            problems.append(
                f"{hero.name} may lead only {_names(led)} in {rules.name}, not {entry.name}."
                if led
                else f"{hero.name} leads no followers in {rules.name}; {entry.name} must join another warband."
            )
    chosen = line.listed.options
    for kind, names in entry.picks:
        taken = [n for n in chosen if n in names]
        if kind == "exactly-one" and len(taken) != 1:
            problems.append(
                f"Each {entry.name} must take one of {_names(names)} in {rules.name}"
                + (f"; these take {_names(taken, 'and')}." if taken else ".")
            )
        elif kind == "at-most-one" and len(taken) > 1:
            problems.append(
                f"{entry.name} may take only one of {_names(names)} in {rules.name}; these take {_names(taken, 'and')}."
            )
    for first, second in entry.excludes_options:
        if first in chosen and second in chosen:
            problems.append(f"{entry.name} may take {first} or {second}, not both, in {rules.name}.")
    return problems


def _group_counts(lines: Sequence[Line]) -> Counter[str]:
    """Models by entry key, and by the mount they ride (a group of Cavalry models names mounts)."""
    counts: Counter[str] = Counter()
    for line in lines:
        counts[line.listed.key] += line.listed.count
        for mount in line.listed.mount_keys:
            counts[mount] += line.listed.count
    return counts


def required_general(
    rules: ListRules, lines: Sequence[Line]
) -> tuple[str | None, tuple[str, ...], list[str]]:
    """Who the list says must be the General: the hero who always is; else, of the heroes with a
    rank, the highest rank present; else one of the heroes marked so (the one, if only one is
    there). Returns that hero's name (or None), the names the General must be among (several of
    one-of), and what is wrong (none of one-of present)."""
    leaders = [
        (line.listed.name, rules.entries[line.listed.key])
        for line in lines
        if line.leads and line.listed.key in rules.entries
    ]
    always = next((name for name, entry in leaders if entry.general), None)
    if always is not None:
        return always, (), []
    ranked = [(entry.general_rank, name) for name, entry in leaders if entry.general_rank is not None]
    if ranked:
        top = max(rank for rank, _ in ranked)
        names = tuple(dict.fromkeys(name for rank, name in ranked if rank == top))
        return (names[0], (), []) if len(names) == 1 else (None, names, [])
    marked = [key for key, entry in rules.entries.items() if entry.general_one_of]
    if not marked:
        return None, (), []
    present = tuple(dict.fromkeys(name for name, entry in leaders if entry.general_one_of))
    if not present:
        wanted = _names([rules.entries[k].name for k in marked])
        return None, (), [f"{rules.name} is led by one of {wanted}: add one, as its General."]
    return (present[0], (), []) if len(present) == 1 else (None, present, [])


def counted(lines: Sequence[Line], kind: str) -> int:
    """The models that count towards one of the list's limits ("bow", "throwing"): warriors, and
    heroes the list says count, less those it exempts."""
    return sum(
        line.listed.count
        for line in lines
        if kind in line.listed.limits
        and kind not in line.listed.exempt
        and (not line.listed.is_hero or kind in line.listed.counts)
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


def _distributions(rules: ListRules, counts: Counter[str], models: int) -> list[str]:
    problems = []
    by_name = {d.name: d for d in rules.distributions}

    def count_of(group: Distribution) -> int:
        return sum(counts[k] for k in dict.fromkeys(group.keys))

    for group in rules.distributions:
        count = count_of(group)
        names = ", ".join(dict.fromkeys(_name(rules, k) for k in group.keys))
        if group.min is not None and count < group.min:
            problems.append(f"{rules.name} must include at least {group.min} of: {names}.")
        if group.max is not None and count > group.max:
            problems.append(f"{rules.name} may include at most {group.max} of: {names}; this has {count}.")
        other = by_name.get(group.at_most_as_many_as)
        if other is not None and count > count_of(other):
            problems.append(f"{rules.name} may have no more {group.name} than {other.name}.")
        if group.at_most_one_in is not None and count > limit_of(models, group.at_most_one_in):
            problems.append(
                f"{rules.name} may have at most {limit_of(models, group.at_most_one_in)} {group.name} "
                f"(one in {group.at_most_one_in} of its {plural(models, 'model')}, rounded up); this has {count}."
            )
        excluded = by_name.get(group.excludes)
        if excluded is not None and count and count_of(excluded):
            problems.append(f"{rules.name} may not have {group.name} and {excluded.name} together.")
    return problems
