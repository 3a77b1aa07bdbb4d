"""What a list's options give a model, in the referee's terms: its cost, its missile weapon, the
mount it rides and the wargear it bought. Pure functions over anything shaped like a profile of
`battles.lists.models` (`options`, `points`, `missile`, `mount`, `to_rules()`), for every ruleset.

The list rules themselves are the referee's (each ruleset's public module): a
ruleset's web code turns a list into the referee's plain data (`rules_core.Listed`) with `listed`.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from itertools import combinations
from typing import Any

from rules_core import Listed, is_bow

from .army_lists import extra_models, limit_flags, parts_priced
from .catalogue import MOUNTS, mount_profile
from .profiles import option_gives, option_mount

# What one list may hold: enough for any real game, small enough to fit on a board.
MAX_COUNT = 100
MAX_POINTS_LIMIT = 10_000


def option_table(profile: Any) -> dict[str, dict[str, Any]]:
    return {o["name"]: o for o in profile.options}


def chosen_missile(profile: Any, options: list[str]) -> dict[str, Any] | None:
    """The missile weapon a model carries: the last chosen option that is one, else its own (unless
    an exchange gives it up)."""
    table = option_table(profile)
    missile: dict[str, Any] | None = profile.missile
    given_up = {
        piece.casefold() for name in options if name in table for piece in table[name].get("gives_up", [])
    }
    if missile is not None and missile["name"].casefold() in given_up:
        missile = None
    for name in options:
        if name in table and table[name].get("missile"):
            missile = table[name]["missile"]
    return missile


def unit_points(profile: Any, options: list[str]) -> int:
    """One model's cost: its profile and the options chosen for it (unknown options cost nothing)."""
    table = option_table(profile)
    return int(profile.points) + sum(int(table[name]["points"]) for name in options if name in table)


def chosen_mount(profile: Any, options: list[str]) -> str:
    """The mount a model rides: the last chosen option that brings one, else its profile's ("" for
    none)."""
    mount: str = getattr(profile, "mount", "") or ""
    table = option_table(profile)
    for name in options:
        if name in table and option_mount(table[name]):
            mount = option_mount(table[name])
    return mount


def rules_profile(profile: Any, options: list[str]) -> dict[str, Any]:
    """The profile as rules_core reads it, with the chosen missile weapon, the wargear its list
    bought as `bought` (the referee adds a bought shield's Defence; printed wargear is in the printed
    Defence already), what an exchange gives up as `given_up` (the referee takes the piece away, and
    its armour or shield from the printed Defence) and the rules its options bring among its special
    rules."""
    data: dict[str, Any] = profile.to_rules()
    chosen = [option_table(profile)[name] for name in options if name in option_table(profile)]
    always = getattr(profile, "always_bought", [])  # what its army list always gives it
    data["bought"] = list(
        dict.fromkeys([*always, *(piece for option in chosen for piece in option_gives(option))])
    )
    given_up = [piece for option in chosen for piece in option.get("gives_up", [])]
    if given_up:
        data["given_up"] = list(dict.fromkeys(given_up))
    rules = [rule for option in chosen for rule in option.get("rules", [])]
    data["special_rules"] = list(dict.fromkeys([*data["special_rules"], *rules]))
    data["missile"] = chosen_missile(profile, options)
    return data


def rules_model(profile: Any, options: list[str]) -> dict[str, Any]:
    """A model of a battle setup (without its id and place): its profile and, riding, its mount."""
    mount = chosen_mount(profile, options)
    return {"profile": rules_profile(profile, options), **({"mount": mount_profile(mount)} if mount else {})}


def unique_hero(profile: Any) -> bool:
    """A named hero (Frodo, Théoden): an army has one at most."""
    return bool(getattr(profile, "unique", False)) and bool(profile.tier)


def unknown_options(profile: Any, options: list[str]) -> list[str]:
    """Options a list chose that its profile no longer offers (the profile was edited since)."""
    table = option_table(profile)
    return [
        f"{name} is not an option of {profile.name} any more; remove it."
        for name in options
        if name not in table
    ]


def mount_problems(profile: Any, options: list[str]) -> list[str]:
    """A model rides one mount: two chosen options that each bring one are a problem."""
    table = option_table(profile)
    mounts = [name for name in options if name in table and option_mount(table[name])]
    if len(mounts) < 2 or all(b in table[a].get("excludes_options", []) for a, b in combinations(mounts, 2)):
        return []  # none, one, or its army list's own rule says so (rules_core.composition)
    return [f"{profile.name} rides one mount: choose {' or '.join(mounts)}, not both."]


def listed(profile: Any, options: list[str], count: int = 1) -> Listed:
    """Some models of one profile with these options, as the referee's list rules read them; in an
    army list (`army_lists.in_list`), which entry they are and the limits they count towards."""
    model = rules_model(profile, options)
    entry = getattr(profile, "list_entry", None)
    table = option_table(profile)
    throws = any(table[name].get("throwing") for name in options if name in table) or any(
        "throwing" in piece.lower() for piece in profile.wargear
    )
    carried = [model["profile"]["missile"], *({"name": piece} for piece in model["profile"]["bought"])]
    limits = {"bow"} if any(is_bow(missile) for missile in carried) else set()  # its own, or bought
    return Listed(
        name=profile.name,
        profile=model["profile"],
        points=unit_points(profile, options),
        count=count,
        unique=unique_hero(profile),
        side=getattr(profile, "side", "") or "",
        mount=model.get("mount"),
        options=tuple(options),
        problems=(*unknown_options(profile, options), *mount_problems(profile, options)),
        key=entry["profile"] if entry else "",
        limits=frozenset(limits | ({"throwing"} if throws else set())),
        exempt=limit_flags(entry, options, "exempt"),
        counts=limit_flags(entry, options, "counts"),
        mount_keys=_mount_keys(chosen_mount(profile, options)),
        extra_models=extra_models(profile, options),
        parts=tuple(
            replace(listed(part, chosen), points=price)
            for part, chosen, price in battle_models(profile, options)
        )
        if getattr(profile, "kind", "model") == "group"
        else (),
    )


def _mount_keys(mount: str) -> frozenset[str]:
    """The catalogue ids of a mount by its name, and of the mount it is a variant of."""
    found = MOUNTS.get(mount)
    if found is None:
        return frozenset()
    return frozenset(k for k in (found["id"], found.get("variant_of", "")) if k)


def battle_models(profile: Any, options: list[str]) -> list[tuple[Any, list[str], int]]:
    """The models one bought model is in battle, each with its options and points: itself, or a
    group's parts as the group fields them (`part_of`), each at its share of the group's price
    (`part_prices`)."""
    parts = profile.group_parts() if getattr(profile, "kind", "model") == "group" else []
    if not parts:
        return [(profile, options, unit_points(profile, options))]
    prices = part_prices(profile, [part.catalogue_id for part in parts], options)
    return [(part_of(profile, part), options, price) for part, price in zip(parts, prices, strict=True)]


def part_of(group: Any, part: Any) -> Any:
    """A part as its group fields it (a copy, never saved): a hero at the group's heroic tier in its
    army list (a warrior part stays a warrior), with the group's options (Elladan and Elrohir both
    ride when the pair buys Horses) and what the list always gives the group."""
    fielded = copy.copy(part)
    if part.tier:
        fielded.tier = group.tier or part.tier
    fielded.options = group.options
    fielded.always_bought = list(getattr(group, "always_bought", []))
    return fielded


def part_prices(group: Any, parts: list[str], options: list[str]) -> list[int]:
    """What each model of a group costs (its parts by id, one a model), adding up to the group's
    price with its options: the price its army list gives a part where it gives one (Elladan 80,
    Elrohir 80), the rest of the group's price on its first part (all of it when the list prices
    none: Shank for Shank & Wrot), and the options shared evenly among the parts priced (the
    twins' Horses, 20: 10 each), the odd point on the first of them. A reading of ours where the
    books price only the group (docs/rules/mass-battle.md §2.3, [open])."""
    given = parts_priced(group)
    prices = [given.get(part, 0) if part not in parts[:i] else 0 for i, part in enumerate(parts)]
    priced = [i for i, price in enumerate(prices) if price] or [0]
    prices[0] += int(group.points) - sum(prices)
    shared = unit_points(group, options) - int(group.points)
    for i in priced:
        prices[i] += shared // len(priced)
    prices[priced[0]] += shared % len(priced)
    return prices
