"""The game's army lists (Minas Tirith, Kingdom of Rohan, Mordor ...), read from
`catalogue_data/army-lists.json` in this repository (docs/catalogue-format.md): each list's
entries (a catalogue profile at its tier and price in that list, with the list's options), its
composition rules (for the referee: `rules_core.ListRules`) and its army bonus rules by name.

A list a player builds from one (`ArmyList.army_list`) fields each profile as its entry does: the
entry's tier, points and options (`in_list`).
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from rules_core import TIERS, Distribution, EntryRules, ListRules

from .profiles import clean_option

LISTS_FILE = Path(__file__).parent / "catalogue_data" / "army-lists.json"
HEROIC_TIERS = {tier.key for tier in TIERS}
LIST_OPTION_FLAGS = (
    "bow_limit", "throwing_limit", "excludes_options", "same_character_as", "counts_as_extra_models",
)  # fmt: skip
"""What an army list says of an option beyond what it gives: the limits it counts towards or is
exempt from, the options it may not be taken with, the entries it is the same character as, and
how many more models it makes its model count as (Gandalf the White's "Pippin": 1)."""
TIER_ORDER = [tier.key for tier in TIERS]


@cache
def army_lists() -> dict[str, dict[str, Any]]:
    """Every army list by id, its entries' options checked as a profile's are."""
    found: dict[str, dict[str, Any]] = {}
    for army_list in json.loads(LISTS_FILE.read_text(encoding="utf-8"))["army_lists"]:
        for entry in army_list["entries"]:
            entry["options"] = [
                {**clean_option(o), **{k: o[k] for k in LIST_OPTION_FLAGS if k in o}}
                for o in entry["options"]
            ]
        found[army_list["id"]] = army_list
    return found


def army_list_choices() -> list[tuple[str, str]]:
    """The lists a player may build from: by side, then name; a Legacy list says so."""
    ordered = sorted(army_lists().values(), key=lambda a: (a["side"] != "good", a["name"]))
    return [
        (a["id"], f"{a['name']} ({a['side'].capitalize()}{', Legacy' if a['legacy'] else ''})")
        for a in ordered
    ]


def army_list_named(list_id: str) -> dict[str, Any] | None:
    return army_lists().get(list_id) if list_id else None


def entry_of(list_id: str, profile: Any) -> dict[str, Any] | None:
    """The entry of a catalogue profile in an army list, or None (a profile of no entry, a player's
    own profile)."""
    army_list = army_list_named(list_id)
    key = getattr(profile, "catalogue_id", "")
    if army_list is None or not key:
        return None
    return next((e for e in army_list["entries"] if e["profile"] == key), None)


def in_list(list_id: str, profile: Any) -> Any:
    """The profile as an army list fields it: its entry's tier, points (counting what it always
    has) and options, riding what it always rides; the profile itself outside the list. A copy,
    never saved."""
    entry = entry_of(list_id, profile)
    if entry is None:
        return profile
    fielded = copy.copy(profile)
    fielded.tier = entry["tier"] if entry["tier"] in HEROIC_TIERS else ""
    fielded.points = entry["points"]
    fielded.options = entry["options"]
    fielded.mount = entry["always_mount"] or profile.mount
    fielded.always_bought = list(entry["always_has"])
    fielded.special_rules = list(dict.fromkeys([*profile.special_rules, *entry["always_rules"]]))
    fielded.list_entry = entry
    return fielded


def extra_models(profile: Any, options: list[str]) -> int:
    """How many more models an army list counts one of these as: its entry's and its chosen
    options' (Éowyn carrying Merry, Gandalf the White with "Pippin": 1); 0 outside an army list."""
    entry = getattr(profile, "list_entry", None)
    if entry is None:
        return 0
    said = [entry, *(o for o in entry["options"] if o["name"] in options)]
    return sum(int(part.get("counts_as_extra_models", 0)) for part in said)


def parts_priced(group: Any) -> dict[str, int]:
    """The parts of a group its army list prices, and at what (Elladan 80, Elrohir 80; Shank 150,
    the whole group's price, for Shank & Wrot): its own entry's, else those of the first army list
    that fields it; {} when none does."""
    entry = getattr(group, "list_entry", None)
    if entry is not None and entry.get("parts"):
        return {p["profile"]: int(p["points"]) for p in entry["parts"] if "points" in p}
    return dict(_first_parts_priced(getattr(group, "catalogue_id", "")))


@cache
def _first_parts_priced(group_id: str) -> tuple[tuple[str, int], ...]:
    for army_list in army_lists().values():
        for entry in army_list["entries"]:
            if entry["profile"] == group_id and entry.get("parts"):
                return tuple((p["profile"], int(p["points"])) for p in entry["parts"] if "points" in p)
    return ()


def limit_flags(entry: dict[str, Any] | None, options: list[str], flag: str) -> frozenset[str]:
    """The limits an entry, or an option chosen of it, says it is `flag` ("exempt" from, or
    "counts" towards though a hero) in its list."""
    if entry is None:
        return frozenset()
    said = [entry, *(o for o in entry["options"] if o["name"] in options)]
    kinds = (("bow_limit", "bow"), ("throwing_limit", "throwing"))
    return frozenset(kind for part in said for key, kind in kinds if part.get(key) == flag)


@cache
def list_rules(list_id: str) -> ListRules | None:
    """An army list's composition rules, for the referee's list rules."""
    army_list = army_list_named(list_id)
    if army_list is None:
        return None
    from .catalogue import catalogue

    names = {p["id"]: p["name"] for p in catalogue()}
    composition = army_list["composition"]
    entries = {e["profile"]: _entry_rules(e, names[e["profile"]]) for e in army_list["entries"]}
    distributions = tuple(
        Distribution(
            d["group"],
            tuple(d["profiles"]),
            d.get("min"),
            d.get("max"),
            d.get("at_most_as_many_as", ""),
            d.get("at_most_one_in"),
            d.get("excludes", ""),
        )
        for d in composition.get("distributions", [])
    )
    return ListRules(
        name=army_list["name"],
        bow_one_in=composition.get("bow_limit_one_in", 3),
        throwing_one_in=composition.get("throwing_limit_one_in"),
        entries=entries,
        distributions=distributions,
        break_point_divisor=composition.get("break_point_divisor", 2),
        warbands=composition.get("warbands", ""),
        unless_army_includes=tuple(composition.get("unless_army_includes", ())),
    )


def _entry_rules(entry: dict[str, Any], name: str) -> EntryRules:
    general = entry.get("general")
    options = entry["options"]
    picks = tuple(
        (kind, names)
        for kind in ("exactly-one", "at-most-one")
        if (names := tuple(o["name"] for o in options if o.get("pick") == kind))
    )
    excluded = tuple(
        (o["name"], other)
        for i, o in enumerate(options)
        for other in o.get("excludes_options", [])
        if other not in [p["name"] for p in options[:i]]  # each pair once
    )
    return EntryRules(
        name=name,
        max=entry.get("max"),
        general=general == "required",
        requires_one_of=tuple(entry.get("requires_one_of", ())),
        may_follow=tuple(entry["may_follow"]) if "may_follow" in entry else None,
        captain=entry.get("captain") != "never",
        captain_required=entry.get("captain") == "required",
        may_lead_only=tuple(entry["may_lead_only"]) if "may_lead_only" in entry else None,
        general_one_of=general == "one-of-option",
        general_rank=general["rank"] if isinstance(general, dict) else None,
        picks=picks,
        excludes_options=excluded,
        same_character_as=tuple(entry.get("same_character_as", ())),
        hero=entry["slot"] == "hero",
        counted_in_warband=entry.get("not_counted_in") != "warband",
        option_characters=tuple(
            (o["name"], tuple(o["same_character_as"])) for o in options if o.get("same_character_as")
        ),
    )
