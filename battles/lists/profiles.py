"""What a usable profile is: one check for the catalogue, the profile forms, the admin and imports.

A profile as data is the rules_core profile plus `points`, `unique`, `side` ("good" or "evil"; none
for a mount), `mount` (the name of a mount it always rides, or ""), `options` (what a model may buy:
name, points, and what it `gives` (wargear), `gives_up`, the `rules` and the `mount` it brings),
`kind` (model, mount, group, part, siege-engine or chariot), `parts` (a group's), and
`not_playable` (why the referee cannot field it yet, or ""). A characteristic is a number, or one
of `VARIABLE` as the book prints it. Wargear names are the referee's (rules_core.wargear); mounts
are the catalogue's (`MOUNTS`). The file format is docs/catalogue-format.md.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any

from rules_core import SPECIALISED_HEROIC_ACTIONS, TIERS, read_piece

from .catalogue import MOUNT, MOUNTS, SIDE_NAMES, catalogue_side

TIER_NAMES = {tier.key: tier.name for tier in TIERS}

# field, label, lowest, highest, whole numbers only
CHARACTERISTICS: list[tuple[str, str, float, float, bool]] = [
    ("move", "Move", 0, 24, False),
    ("fight", "Fight Value", 0, 10, True),
    ("shoot", "Shoot Value", 1, 7, True),
    ("strength", "Strength", 1, 10, True),
    ("defence", "Defence", 1, 10, True),
    ("attacks", "Attacks", 0, 10, True),
    ("wounds", "Wounds", 1, 20, True),
    ("courage", "Courage", 1, 13, True),
    ("intelligence", "Intelligence", 1, 13, True),
    ("might", "Might", 0, 30, True),
    ("will", "Will", 0, 30, True),
    ("fate", "Fate", 0, 30, True),
    ("base_mm", "Base size (mm)", 10, 300, True),
    ("points", "Points", 0, 5000, True),
]
HERO_ONLY = ("might", "will", "fate")
VARIABLE = {"*": "it varies", "?": "unknown", "-": "none"}
"""What a characteristic may be instead of a number: as the book prints it."""
KINDS = ("model", "mount", "group", "part", "siege-engine", "chariot")
MAX_NAME = 100
MAX_REASON = 300
MAX_BASE_MM = 200
MAX_WORDS = 20  # keywords, wargear, special rules, options, powers: at most this many of each


class BadData(ValueError):
    """Profile or list data that cannot be used; the message says why in plain words."""


def _number(value: Any, label: str, low: float, high: float, whole: bool) -> float | int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BadData(f"{label} must be a number.")
    if isinstance(value, float) and not math.isfinite(value):  # an int of any size is finite
        raise BadData(f"{label} must be a number.")
    if whole and value != int(value):
        raise BadData(f"{label} must be a whole number.")
    if not low <= value <= high:
        raise BadData(f"{label} must be from {low:g} to {high:g}.")
    return int(value) if whole else float(value)


def _text(value: Any, label: str, limit: int = MAX_NAME) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BadData(f"{label} must be some text.")
    if len(value.strip()) > limit:
        raise BadData(f"{label} must be at most {limit} characters.")
    if has_control_characters(value):
        raise BadData(f"{label} must be plain text, without control characters.")
    return value.strip()


def has_control_characters(text: str) -> bool:
    """Whether `text` holds a control character (a NUL, which PostgreSQL cannot store, among them)."""
    return any(unicodedata.category(c) == "Cc" for c in text)


def _words(value: Any, label: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadData(f"{label} must be a list.")
    if len(value) > MAX_WORDS:
        raise BadData(f"{label}: at most {MAX_WORDS}.")
    words = [_text(v, label, 60) for v in value]
    return list(dict.fromkeys(words))


def _missile(value: Any, label: str) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise BadData(f"{label} must have a name, a range and a strength.")
    return {
        "name": _text(value.get("name"), f"{label}'s name", 60),
        "range": _number(value.get("range"), f"{label}'s range", 1, 48, False),
        "strength": _number(value.get("strength"), f"{label}'s strength", 1, 10, True),
    }


def _items(value: Any, label: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise BadData(f"{label} must be a list of objects.")
    if len(value) > MAX_WORDS:
        raise BadData(f"{label}: at most {MAX_WORDS}.")
    return value


def clean_profile(data: Any, side: str | None = None) -> dict[str, Any]:
    """A checked copy of a profile's data, or BadData naming the first thing wrong with it. A
    profile that does not say its side takes the catalogue's for its name, else `side` if given."""
    if not isinstance(data, dict):
        raise BadData("A profile must be an object.")
    name = _text(data.get("name"), "The profile's name")
    try:
        return _clean(name, data, side)
    except BadData as exc:
        raise BadData(f"{name}: {exc}") from None


def _side(value: Any, name: str, side: str | None) -> str:
    if value is None or value == "":
        found = catalogue_side(name) or side
        if found is None:
            raise BadData('say which side it fights for: "side" is "good" or "evil".')
        return found
    if not isinstance(value, str) or value.strip().lower() not in SIDE_NAMES:
        raise BadData(f'its side must be "good" or "evil", not {value!r}.')
    return value.strip().lower()


def _wargear(names: list[str], label: str) -> list[str]:
    unknown = [n for n in names if read_piece(n) is None]
    if unknown:
        raise BadData(
            f"{label}: {unknown[0]!r} is not wargear the referee knows (a named blade is a Sword or "
            "Hand weapon; its rules are special rules). The names are in docs/battle-record.md."
        )
    return names


def _mount(value: Any) -> str:
    if value is None or value == "":
        return ""
    if value not in MOUNTS:
        raise BadData(
            f"its mount must be a mount of the catalogue ({', '.join(MOUNTS)}) or none, not {value!r}."
        )
    return str(value)


def _characteristic(
    value: Any, key: str, label: str, low: float, high: float, whole: bool, variable: dict[str, str]
) -> float | int:
    """A number in range, or a symbol the book prints (`VARIABLE`), noted in `variable` and held as 0;
    a characteristic the data does not give (null) is "-"."""
    symbol = "-" if value is None else value
    if isinstance(symbol, str) and symbol.strip() in VARIABLE:
        variable[key] = symbol.strip()
        return 0
    if isinstance(value, str):
        raise BadData(f"{label} must be a number or one of {', '.join(VARIABLE)}, not {value!r}.")
    return _number(value, label, low, high, whole)


def option_gives(option: dict[str, Any]) -> list[str]:
    """The wargear an option gives: as it says, or (saying nothing) its own name, unless it is a mount."""
    if "gives" in option:
        return list(option["gives"])
    return [] if option["name"] in MOUNTS else [option["name"]]


def option_mount(option: dict[str, Any]) -> str:
    """The mount an option brings, or "": as it says, or (saying nothing) itself if it is a mount."""
    if "mount" in option:
        return str(option["mount"] or "")
    return str(option["name"]) if option["name"] in MOUNTS else ""


def clean_option(o: dict[str, Any]) -> dict[str, Any]:
    """A checked option, holding only what it says beyond its name (an option called Shield gives a
    shield; one called Horse brings a horse)."""
    name = _text(o.get("name"), "An option's name", 60)
    option: dict[str, Any] = {
        "name": name,
        "points": _number(o.get("points"), "An option's points", 0, 1000, True),
        "missile": _missile(o.get("missile"), "The option's missile weapon"),
    }
    label = f"The option {name}"
    gives = _wargear(_words(option_gives({**o, "name": name}), label), label)
    if gives != option_gives({"name": name}):
        option["gives"] = gives
    mount = _mount(option_mount({**o, "name": name}))
    if mount != option_mount({"name": name}):
        option["mount"] = mount
    for key in ("gives_up", "rules"):
        if o.get(key):
            option[key] = _words(o[key], f"{label}: {key.replace('_', ' ')}")
    for flag in ("bow", "throwing"):
        if o.get(flag) is True:
            option[flag] = True
    for key, limit in (("pick", 60), ("adds_profile", 80), ("not_playable", MAX_REASON)):
        if o.get(key):
            option[key] = _text(o[key], f"{label}: {key.replace('_', ' ')}", limit)
    return option


def _clean(name: str, data: dict[str, Any], side: str | None) -> dict[str, Any]:
    kind = data.get("kind") or "model"
    if kind not in KINDS:
        raise BadData(f"its kind must be one of {', '.join(KINDS)}, not {kind!r}.")
    reason = data.get("not_playable") or ""
    profile: dict[str, Any] = {"name": name, "kind": kind}
    profile["not_playable"] = _text(reason, "Why it cannot be played", MAX_REASON) if reason else ""
    # A profile that cannot be played is kept to be read: it need not be complete. A mount (a named
    # steed) may have Might, Will and Fate of its own without a tier.
    playable = not profile["not_playable"]
    tier = data.get("tier") or None
    if tier is not None and tier not in TIER_NAMES:
        raise BadData(f"the heroic tier must be one of {', '.join(TIER_NAMES)} (or none for a warrior).")
    profile["tier"] = tier
    variable: dict[str, str] = {}
    for key, label, low, high, whole in CHARACTERISTICS:
        default = 0 if key in HERO_ONLY else {"base_mm": 25}.get(key)
        value = data.get(key, default)
        if key in ("base_mm", "points"):
            profile[key] = _number(value, label, low, high, whole)
        else:
            profile[key] = _characteristic(value, key, label, low, high, whole, variable)
        if key in HERO_ONLY and profile[key] and tier is None and playable and kind != MOUNT:
            raise BadData("only heroes have Might, Will and Fate; give it a heroic tier or set them to 0.")
    profile["variable"] = variable
    if profile["base_mm"] > MAX_BASE_MM and playable:
        raise BadData(f"Base size (mm) must be from 10 to {MAX_BASE_MM}: the referee fields no larger base.")
    if variable and playable and kind != "group":
        which = ", ".join(f"{label} {variable[key]}" for key, label, *_ in CHARACTERISTICS if key in variable)
        profile["not_playable"] = (
            f"its characteristics are not all numbers ({which}), which the referee cannot play"
        )
    given = _words(data.get("keywords"), "Keywords")
    keywords = [k for k in given if k.lower() != "hero"]
    # A hero without a tier (in no army list) is kept to be read, as a hero.
    hero = tier is not None or (not playable and len(keywords) < len(given))
    profile["keywords"] = [*keywords, "Hero"] if hero else keywords
    profile["unique"] = bool(data.get("unique", True)) and (tier is not None or not playable)
    profile["missile"] = _missile(data.get("missile"), "The missile weapon")
    profile["wargear"] = _wargear(_words(data.get("wargear"), "Wargear"), "Wargear")
    profile["side"] = "" if kind == MOUNT and not data.get("side") else _side(data.get("side"), name, side)
    profile["mount"] = _mount(data.get("mount"))
    profile["special_rules"] = _words(data.get("special_rules"), "Special rules")
    actions = _words(data.get("heroic_actions"), "Heroic Actions")
    unknown = [a for a in actions if a not in SPECIALISED_HEROIC_ACTIONS]
    if unknown:
        raise BadData(
            f"{unknown[0]!r} is not a specialised Heroic Action "
            f"(known: {', '.join(SPECIALISED_HEROIC_ACTIONS)})."
        )
    if actions and tier is None and playable:
        raise BadData("only heroes have Heroic Actions.")
    profile["heroic_actions"] = actions
    profile["powers"] = [
        {
            "name": _text(p.get("name"), "A magical power's name", 60),
            "range": _number(p.get("range"), "A magical power's range", 0, 48, False),
            "casting": _number(p.get("casting"), "A magical power's casting value", 1, 6, True),
        }
        for p in _items(data.get("powers"), "Magical powers")
    ]
    options = [clean_option(o) for o in _items(data.get("options"), "Options")]
    names = [o["name"] for o in options]
    if len(set(names)) != len(names):
        raise BadData("two options share a name.")
    profile["options"] = options
    profile["parts"] = _words(data.get("parts"), "Parts")
    if kind == "group" and not profile["parts"]:
        raise BadData("a group is bought as its parts: say which.")
    return profile
