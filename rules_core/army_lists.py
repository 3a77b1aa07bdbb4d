"""What every army list obeys, whatever its ruleset: a unique hero once, one side, one General, and
wargear the referee can field. The list rules of each ruleset (`skirmish_list`, and the mass
battle's `mass_battle.army`) build on these.

Lists come in as plain data (`Listed`): the web app turns its saved or imported lists into it, so
one check serves a saved list, a draft and an import alike.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import RuleViolation
from .setup import load_profile
from .wargear import read_kit


@dataclass(frozen=True)
class Listed:
    """Some models of one profile with the same options, as a list fields them, in the referee's
    terms: `profile` is the profile data a battle setup holds (the chosen missile weapon, the
    wargear bought as `bought`), `mount` the mount's profile data when it rides."""

    name: str
    profile: dict[str, Any]
    points: int
    """One model, its options included."""
    count: int = 1
    unique: bool = False
    side: str = ""
    """"good", "evil", or "" for a profile that does not say."""
    mount: dict[str, Any] | None = None
    options: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    """What the list's own data gets wrong about these models (an option the profile no longer
    offers), found where the data is read."""
    key: str = ""
    """Which entry of its army list these models are (the catalogue's id), for the list's own rules
    (`composition`); "" outside an army list."""
    limits: frozenset[str] = frozenset()
    """The army list's limits these models count towards: "bow", "throwing"."""
    exempt: frozenset[str] = frozenset()
    """The limits its army list exempts them from (Riders of Rohan from the bow limit)."""
    counts: frozenset[str] = frozenset()
    """The limits its army list says they count towards though heroes (Haldir's bow at Helm's Deep)."""
    mount_keys: frozenset[str] = frozenset()
    """The catalogue ids of the mount they ride (and the mount it is a variant of), for the groups
    of models an army list counts by their mounts (Cavalry models)."""
    extra_models: int = 0
    """How many more models its army list counts each one as (Éowyn carrying Merry: 1)."""
    parts: tuple[Listed, ...] = ()
    """A group's models, each a line of its own at its share of the group's price (Elladan &
    Elrohir: the two heroes); () for any other profile."""

    @property
    def models(self) -> int:
        """How many models each one counts as in the army's size and Break Point: a group's parts."""
        return sum(part.models for part in self.parts) if self.parts else 1 + self.extra_models

    @property
    def members(self) -> tuple[Listed, ...]:
        """The models each one is in battle: a group's parts, else itself."""
        return self.parts or (self,)

    @property
    def tier(self) -> str | None:
        tier = self.profile.get("tier")
        return str(tier) if tier else None

    @property
    def is_hero(self) -> bool:
        return self.tier is not None

    @property
    def bows(self) -> bool:
        """It counts toward a bow limit: its missile weapon is a bow of some kind (bow, Elf bow,
        crossbow ...); thrown weapons do not."""
        return is_bow(self.profile.get("missile"))


def is_bow(missile: dict[str, Any] | None) -> bool:
    return missile is not None and "bow" in str(missile.get("name", "")).lower()


def wargear_problems(listed: Listed) -> list[str]:
    """What the referee would refuse in these models' wargear (the same piece twice, two shields, a
    lance on foot ...), as a list shows it before a battle refuses the list."""
    if listed.parts:
        return [problem for part in listed.parts for problem in wargear_problems(part)]
    try:
        read_kit(load_profile(listed.profile), mounted=listed.mount is not None)
    except RuleViolation as exc:
        return [f"{exc}" + (f" (with {', '.join(listed.options)})" if listed.options else "")]
    return []


def own_problems(listed: Listed) -> list[str]:
    """The problems of one line of a list on its own: its data, then its wargear."""
    return [*listed.problems, *wargear_problems(listed)]


def repeated_unique_heroes(heroes: Iterable[Listed]) -> list[str]:
    """A unique named hero appears at most once in a list."""
    times = Counter(hero.name for hero in heroes if hero.unique)
    return [
        f"{name} is a unique hero and appears {count} times; take them once."
        for name, count in times.items()
        if count > 1
    ]


def several_generals(named: Sequence[str]) -> str | None:
    """The problem of a list naming more than one General (an import can)."""
    if len(named) > 1:
        return "Only one hero can be the General: " + ", ".join(named) + "."
    return None


def side_of(lines: Iterable[Listed]) -> tuple[str | None, list[str]]:
    """A list's side (the one side its profiles fight for) and the problems if they mix sides or one
    does not say its side. None while the list is empty or mixed."""
    lines = list(lines)
    problems = [
        f"{name} does not say which side it fights for: edit the profile and choose Good or Evil."
        for name in dict.fromkeys(line.name for line in lines if not line.side)
    ]
    by_side: dict[str, list[str]] = {}
    for line in lines:
        if line.side and line.name not in by_side.setdefault(line.side, []):
            by_side[line.side].append(line.name)
    if len(by_side) > 1:
        problems.append(
            "A list fights for one side: "
            + "; ".join(f"{', '.join(names)} for {_side_name(side)}" for side, names in by_side.items())
            + "."
        )
        return None, problems
    return next(iter(by_side), None), problems


def wrong_side(army_side: str | None, profile_name: str, profile_side: str) -> str | None:
    """Why a profile cannot join a list that fights for `army_side`, or None if it may."""
    if army_side and profile_side and profile_side != army_side:
        return f"{profile_name} fights for {_side_name(profile_side)}; this list fights for {_side_name(army_side)}."
    return None


def share(count: int, fraction: tuple[int, int]) -> int:
    """A limit that is a fraction of a count, rounded up (a third of the warriors may carry bows)."""
    top, bottom = fraction
    return math.ceil(count * top / bottom)


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _side_name(side: str) -> str:
    return side.capitalize()
