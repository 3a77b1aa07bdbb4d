"""Special rules: one entry per rule, found by the name a profile gives it (`parse`).

An entry says what parameter the rule's bracket holds (`Hatred (Rohan)`: a keyword; `Dominant (3)`:
a count; `Throw Stones (range 8", Strength 1)`: a range and a Strength), whether it is Active,
Passive or for list building only, whom it is read from on a Cavalry model, when it acts, what it
changes (its `shapes`, as data), what the referee asks, and the part of it the referee does not
apply. Entries live in `catalogue`; rules ask the questions at the end of this module, never for
a name."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Literal, TypeVar

from ..state import Model, Profile
from .shapes import Shape

S = TypeVar("S", bound=Shape)

ParamKind = Literal[
    "none",
    "keyword",
    "count",
    "range",
    "range_strength",
    "threshold",
    "named_model",
    "warrior_type",
    "weapon",
]
Status = Literal["active", "passive", "list"]
Reads = Literal["model", "mover", "either"]
"""Whose rule counts on a Cavalry model: the model's own profile (the rider's), the mover's (the
mount's while mounted, else the model's), or either's."""


@dataclass(frozen=True)
class RuleSpec:
    key: str
    name: str
    param: ParamKind
    status: Status
    acts: str
    """When it acts, in players' words: which roll, phase or test."""
    changes: str
    """What it changes, in players' words."""
    shapes: tuple[Shape, ...]
    reads: Reads = "model"
    asks: str = ""
    """What the referee asks a player for it, if anything."""
    unrefereed: str = ""
    """The part of the rule the referee does not apply (players apply it at the table)."""
    refereed: bool = True
    """False: the referee applies none of it (an entry kept for its parameter and its words)."""
    aliases: tuple[str, ...] = ()
    pattern: str = ""
    """A regular expression for a family of names (`Goblinbane`), its group the keyword."""
    param_optional: bool = False
    """The bracket may be left out (`Terror` frightens everyone, `Terror (Hobbit)` only Hobbits)."""


@dataclass(frozen=True)
class Param:
    text: str = ""
    keyword: str = ""
    count: int = 0
    inches: float = 0.0
    strength: int = 0


@dataclass(frozen=True)
class RuleUse:
    """One special rule as a profile gives it, read against the registry."""

    text: str
    name: str
    spec: RuleSpec | None
    param: Param | None = field(default=None)
    """None when the bracket does not read as the entry's parameter kind (then it is not refereed)."""

    @property
    def refereed(self) -> bool:
        return self.spec is not None and self.spec.refereed and self.param is not None

    @property
    def note(self) -> str:
        """What a card says beside the rule's name: empty for a rule refereed in full."""
        if not self.refereed:
            return "not refereed: players apply it"
        assert self.spec is not None
        return f"not refereed: {self.spec.unrefereed}" if self.spec.unrefereed else ""


RULES: dict[str, RuleSpec] = {}
_NAMES: dict[str, str] = {}
_PATTERNS: list[tuple[re.Pattern[str], str]] = []


def register(spec: RuleSpec) -> RuleSpec:
    if spec.key in RULES:
        raise ValueError(f"two special rules share the key {spec.key!r}")
    if not spec.shapes:
        raise ValueError(f"{spec.name}: an entry needs the shape of its effect")
    RULES[spec.key] = spec
    for name in (spec.name, *spec.aliases):
        _NAMES[_fold(name)] = spec.key
    if spec.pattern:
        _PATTERNS.append((re.compile(spec.pattern, re.IGNORECASE), spec.key))
    return spec


# -- reading a profile's rule -------------------------------------------------------------------------

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2033": '"'})
_TAG = re.compile(r"\s*\[[^\]]*\]\s*$")
_BRACKET = re.compile(r"^(.*?)\s*\((.*)\)\s*$")
_NUMBER = r"(\d+(?:\.\d+)?)"
_RANGE = re.compile(rf'^{_NUMBER}\s*(?:"|in(?:ches)?\b)?$', re.IGNORECASE)
_RANGE_STRENGTH = re.compile(
    rf'^(?:range\s*)?{_NUMBER}\s*(?:"|in(?:ches)?\b)?\s*,\s*(?:strength\s*|s\s*)?(\d+)$', re.IGNORECASE
)


def normalise(text: str) -> str:
    """Typographic quotes made plain, a trailing variant tag (`Fly [SpecialRule]`) and extra spaces
    dropped."""
    return " ".join(_TAG.sub("", text.translate(_QUOTES)).split())


def _fold(name: str) -> str:
    return normalise(name).casefold()


def _param(spec: RuleSpec, text: str) -> Param | None:
    if not text:
        return Param() if spec.param == "none" or spec.param_optional else None
    kind = spec.param
    if kind == "none":
        return Param(text)  # a note such as "(Moria Goblin Warriors only)": not a parameter
    if kind == "count":
        return Param(text, count=int(text)) if text.isdigit() else None
    if kind == "threshold":
        found = re.fullmatch(r"([1-6])\+", text)
        return Param(text, count=int(found.group(1))) if found else None
    if kind == "range":
        found = _RANGE.fullmatch(text)
        return Param(text, inches=float(found.group(1))) if found else None
    if kind == "range_strength":
        found = _RANGE_STRENGTH.fullmatch(text)
        return Param(text, inches=float(found.group(1)), strength=int(found.group(2))) if found else None
    if text.upper() == "X":
        return None
    return Param(text, keyword=text)


@cache
def parse(text: str) -> RuleUse:
    """A profile's rule read against the registry; an unknown name or a bracket that does not read
    gives a rule that is not refereed, never an error."""
    plain = normalise(text)
    bracketed = _BRACKET.match(plain)
    name, inside = (bracketed.group(1), bracketed.group(2).strip()) if bracketed else (plain, "")
    key = _NAMES.get(name.casefold())
    if key is None:
        for pattern, pattern_key in _PATTERNS:
            found = pattern.fullmatch(plain)
            if found:
                return RuleUse(text, plain, RULES[pattern_key], Param(plain, keyword=found.group(1)))
        return RuleUse(text, name, None)
    spec = RULES[key]
    return RuleUse(text, spec.name, spec, _param(spec, inside))


@cache
def _uses(rules: tuple[str, ...]) -> tuple[RuleUse, ...]:
    return tuple(parse(rule) for rule in rules)


def uses(profile: Profile) -> tuple[RuleUse, ...]:
    return _uses(tuple(profile.special_rules))


# -- the questions rules ask ------------------------------------------------------------------------


def of(profile: Profile, spec: RuleSpec) -> list[RuleUse]:
    """The profile's uses of one rule that the referee can read (its bracket parsed)."""
    return [use for use in uses(profile) if use.spec is spec and use.param is not None]


def has(profile: Profile, spec: RuleSpec) -> bool:
    return bool(of(profile, spec))


def _profiles(model: Model, reads: Reads) -> list[Profile]:
    if model.mount is None or reads == "model":
        return [model.profile]
    if reads == "mover":
        return [model.mount.profile]
    return [model.profile, model.mount.profile]


def on_model(model: Model, spec: RuleSpec) -> list[RuleUse]:
    """The model's uses of a rule, read from rider, mount or either as the entry says."""
    return [use for profile in _profiles(model, spec.reads) for use in of(profile, spec)]


def model_has(model: Model, spec: RuleSpec) -> bool:
    return bool(on_model(model, spec))


@cache
def _shaped(rules: tuple[str, ...]) -> tuple[tuple[RuleUse, Shape], ...]:
    return tuple(
        (use, shape)
        for use in _uses(rules)
        if use.spec is not None and use.param is not None
        for shape in use.spec.shapes
    )


def shaped(model: Model, kind: type[S]) -> list[tuple[RuleUse, S]]:
    """Every rule of the model with an effect of this shape, with the shape's data (on a Cavalry
    model, read from rider, mount or either as each entry says)."""
    mounted = model.mount is not None
    found: list[tuple[RuleUse, S]] = [
        (use, shape)
        for use, shape in _shaped(tuple(model.profile.special_rules))
        if isinstance(shape, kind) and not (mounted and use.spec is not None and use.spec.reads == "mover")
    ]
    if model.mount is not None:
        found.extend(
            (use, shape)
            for use, shape in _shaped(tuple(model.mount.profile.special_rules))
            if isinstance(shape, kind) and use.spec is not None and use.spec.reads != "model"
        )
    return found


def against(use: RuleUse, target: Profile) -> bool:
    """Whether a rule with a keyword acts against this profile (one with none acts against all)."""
    keyword = use.param.keyword if use.param is not None else ""
    return not keyword or keyword.casefold() in {k.casefold() for k in target.keywords}


# -- what a card shows ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleNote:
    """A rule's name as a profile gives it, and what a card says beside it ("" when refereed in full)."""

    name: str
    note: str


def notes(rules: list[str]) -> list[RuleNote]:
    """Each of a profile's special rules, with whether the referee applies it (for every card)."""
    return [RuleNote(rule, parse(rule).note) for rule in rules]


@dataclass(frozen=True)
class HandRule:
    """A rule in play that the referee does not apply in full, with the models that have it."""

    name: str
    note: str
    models: tuple[str, ...]


def to_apply_by_hand(models: list[Model]) -> list[HandRule]:
    """The rules these models have (their mounts' too) that players must apply themselves, in
    order of first appearance, each with the models that have it: a mount's rule is named as the
    mount's ("Snowmane (Théoden's mount)"), not its rider's."""
    found: dict[tuple[str, str], list[str]] = {}
    for model in models:
        holders_of = [(model.profile, model.name)]
        if model.mount is not None:
            holders_of.append((model.mount.profile, f"{model.mount.name} ({model.name}'s mount)"))
        for profile, holder in holders_of:
            for use in uses(profile):
                if use.note:
                    holders = found.setdefault((normalise(use.text), use.note), [])
                    if holder not in holders:
                        holders.append(holder)
    return [HandRule(name, note, tuple(holders)) for (name, note), holders in found.items()]
