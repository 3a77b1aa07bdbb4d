"""The catalogue's converter: a transcription of the 2024 profiles (the facts-only folder described in
its own README: `profiles.json`) into Beacon's catalogue, `profiles.json` beside this file.

Run by hand when a newer transcription comes (never at run time; the app reads only the output):

    .venv/bin/python -m battles.lists.catalogue_data.convert FOLDER

Every profile of the source is kept. Wargear is put in the referee's words (rules_core.wargear): a
named weapon is the piece it is (Herugrim a hand weapon, Aiglos a spear) and its name, like every
named item, is kept with the special rules, which are names with their parameter ("Hatred (Rohan)").
What the referee cannot play yet is kept too, with the reason (`not_playable`), as are its options.
The format of the output is docs/catalogue-format.md.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

from rules_core import read_piece

OUTPUT = Path(__file__).with_name("profiles.json")
LISTS_OUTPUT = Path(__file__).with_name("army-lists.json")
FORMAT, VERSION = "beacon-catalogue", 1

NUMBERS = ("move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage", "intelligence")
HERO_NUMBERS = ("might", "will", "fate")
LABELS = {
    "move": "Move", "fight": "Fight", "shoot": "Shoot", "strength": "Strength", "defence": "Defence",
    "attacks": "Attacks", "wounds": "Wounds", "courage": "Courage", "intelligence": "Intelligence",
    "might": "Might", "will": "Will", "fate": "Fate",
}  # fmt: skip
MAX_BASE_MM = 200
TIER_RANK = ("legend", "valour", "fortitude", "minor", "independent")
NOT_KEYWORDS = {"See Rider", "See below", "None"}
"""Words the source writes among factions or unit types that name nothing a rule reads."""

# A named item that is a weapon of a kind the referee knows: that piece, its name kept as a rule.
NAMED_WEAPONS = {
    "aiglos": "Spear", "boar spear": "Spear", "foe spear": "Spear", "long-bladed spear": "Spear",
    "troll spear": "Spear", "wood elf spear": "Spear", "mattock": "Two-handed weapon",
    "fiery lash": "Whip", "orcrist": "Elven hand weapon", "glamdring": "Elven hand weapon",
    "sting": "Elven hand weapon", "hadhafang": "Elven hand weapon",
}  # fmt: skip
# Names the referee knows under another name.
SAME_AS = {
    "hand weapons": "Hand weapon", "two hand weapons": "Hand weapon", "shields": "Shield",
    "elven hand weapons": "Elven hand weapon", "elven hand-and-a-half weapons": "Elven hand-and-a-half weapon",
    "dwarf armour": "Heavy armour",  # +2 Defence, as heavy armour (rules/wargear.md)
    "a bow": "Bow", "giant flaming hand weapon": "Hand weapon",
}  # fmt: skip
NATURAL_WEAPON = re.compile(r"\((hand weapons?)\)$", re.IGNORECASE)
BRACKET = re.compile(r"\s*(\[[^\]]*\]|\([^)]*\))$")


def slug(name: str) -> str:
    """The source's id of a name: ASCII, lower case, `-` between words, `&` as `and`."""
    text = unicodedata.normalize("NFKD", name.replace("&", " and "))
    text = (
        "".join(c for c in text if not unicodedata.combining(c))
        .lower()
        .replace("\u2019", "")
        .replace("'", "")
    )
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _capital(name: str) -> str:
    return name[:1].upper() + name[1:]


def read_item(name: str) -> tuple[str | None, str | None]:
    """One item of wargear as the source names it: (the referee's piece or None, the name kept as a
    rule or None)."""
    text = name.strip()
    if NATURAL_WEAPON.search(text):
        return "Hand weapon", None
    key = text.lower()
    if key in SAME_AS:
        return SAME_AS[key], None
    if key.startswith("war drum"):
        return "War drum", None
    if read_piece(text) is not None:
        return _capital(text), None
    bare = BRACKET.sub("", text)
    return NAMED_WEAPONS.get(bare.lower()), bare


def read_items(names: list[str]) -> tuple[list[str], list[str]]:
    pieces: list[str] = []
    rules: list[str] = []
    for name in names:
        piece, rule = read_item(name)
        if piece is not None and piece not in pieces:
            pieces.append(piece)
        if rule is not None and rule not in rules:
            rules.append(rule)
    return pieces, rules


def split_items(text: str) -> list[str]:
    """ "shield and spear" -> ["shield", "spear"]; "Horse, Elf bow and Elven lance" -> three."""
    return [part.strip() for part in re.split(r",\s*|\s+and\s+", text) if part.strip()]


def missile_of(pieces: list[str]) -> dict[str, Any] | None:
    """The missile weapon among these pieces, named so the referee knows which one a model with two
    shoots (a Rider of Rohan's bow beside the throwing spears it bought)."""
    for name in pieces:
        piece = read_piece(name)
        if piece is not None and piece.gear.missile is not None:
            reach, strength = piece.gear.missile
            return {"name": piece.gear.name, "range": reach, "strength": strength}
    return None


def _fights_with(name: str) -> bool:
    """A melee weapon, or Unarmed: what a model fights with."""
    piece = read_piece(name)
    return piece is not None and (piece.gear.melee or piece.gear.name == "Unarmed")


def _target(value: Any) -> int:
    """ "4+" -> 4: Beacon holds a roll's target number."""
    return int(str(value).rstrip("+"))


def _rule(rule: dict[str, Any]) -> str:
    return f"{rule['name']} ({rule['parameter']})" if rule.get("parameter") else str(rule["name"])


class Converter:
    def __init__(self, source: dict[str, Any], army_lists: dict[str, Any]) -> None:
        self.source = source
        self.lists: list[dict[str, Any]] = army_lists["army_lists"]
        self.by_id: dict[str, dict[str, Any]] = {p["id"]: p for p in source["profiles"]}
        self.reasons: dict[str, str] = {}

    def run(self) -> dict[str, Any]:
        profiles: list[dict[str, Any]] = []
        for raw in self.source["profiles"]:
            profiles.append(self.profile(raw))
            for variant in raw.get("variants", []):
                profiles.append(self.variant(raw, variant))
        self.reasons = {profile["id"]: self.own_reason(profile) for profile in profiles}
        for profile in profiles:
            profile["not_playable"] = self.reason(profile)
        groups = {p["id"]: p["not_playable"] for p in profiles if p["kind"] == "group"}
        for profile in profiles:
            profile["not_playable"] = self.part_reason(profile, groups)
        return {"format": FORMAT, "version": VERSION, "source": self.source["source"], "profiles": profiles}

    def mount_name(self, mount_id: str) -> str:
        return str(self.by_id[mount_id]["name"])

    def variant(self, raw: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
        """A mount's armoured variant (Armoured Fell Beast) as a mount profile of its own."""
        profile = self.profile(raw)
        profile.update(id=slug(variant["name"]), name=variant["name"], variant_of=raw["id"])
        profile["defence"] = int(variant["defence"])
        return profile

    def profile(self, raw: dict[str, Any]) -> dict[str, Any]:
        chars = raw["characteristics"] or {}
        siege = raw.get("siege_engine") or {}
        variable = {c: str(chars[c]) for c in raw["variable"]}
        numbers: dict[str, Any] = {}
        for name in (*NUMBERS, *HERO_NUMBERS):
            value = chars.get(name, siege.get(name))
            if name in variable:
                numbers[name] = variable[name]
            elif value is not None:
                numbers[name] = _target(value)
            else:  # not given: none at all (a group), or no Might, Will and Fate (a warrior)
                numbers[name] = 0 if name in HERO_NUMBERS else None
        if isinstance(numbers["move"], int):
            numbers["move"] = float(numbers["move"])
        wargear, rules = read_items(raw["wargear"])
        if rules and not any(_fights_with(piece) for piece in wargear):
            wargear.append("Hand weapon")  # a named blade is a hand weapon
        mount = self.mount_name(raw["mount"]) if raw["mount"] else ""
        keywords = [
            k
            for k in dict.fromkeys([*raw["unit_types"], *raw["race"], *raw["factions"]])
            if k not in NOT_KEYWORDS and not (mount and k == "Cavalry")  # the mount makes it Cavalry
        ]
        return {
            "id": raw["id"],
            "name": raw["name"],
            "kind": raw["kind"],
            "side": {"Good": "good", "Evil": "evil"}.get(raw["side"], ""),
            "tier": self.tier(raw),
            "unique": bool(raw["unique"]),
            **numbers,
            "keywords": keywords,
            "base_mm": raw["base_mm"] or 25,
            "points": raw["points"] or 0,
            "points_note": raw["points_note"] or "",
            "wargear": wargear,
            "missile": missile_of(wargear),
            "mount": mount,
            "special_rules": [*(_rule(r) for r in raw["special_rules"]), *rules],
            "heroic_actions": [a.lower().replace(" ", "_") for a in raw["heroic_actions"]],
            "powers": [self.power(p) for p in raw["magical_powers"]],
            "options": [self.option(o, wargear) for o in raw["options"]],
            "parts": self.parts(raw),
            "part_of": list(raw.get("part_of", [])),
            "not_playable": "",
            "source": "; ".join(f"{s['book']} p. {s['page']}" for s in raw["sources"]),
            **({"base_given": False} if raw["base_mm"] is None else {}),
            **({"characteristics_given": False} if raw["characteristics"] is None else {}),
        }

    def parts(self, raw: dict[str, Any]) -> list[str]:
        """A group's parts, each as many times as the group has it (a King's Champion has two
        Heralds), as the army lists count them."""
        counts: dict[str, int] = {}
        for army_list in self.lists:
            for entry in army_list["heroes"] + army_list["warriors"] + army_list["siege_engines"]:
                if entry["profile"] == raw["id"] and entry.get("parts") and not counts:
                    counts = {p["profile"]: p.get("count") or 1 for p in entry["parts"]}
        return [part for part in raw.get("parts", []) for _ in range(counts.get(part, 1))]

    def tier(self, raw: dict[str, Any]) -> str | None:
        """A hero's usual tier: the one most of its army lists give, the higher on a tie (each list's
        own is in the army lists)."""
        counts: Counter[str] = Counter(str(e["tier"]) for e in raw["army_lists"] if e["tier"] in TIER_RANK)
        if not raw["hero"] and not (raw["kind"] == "group" and counts):
            return None
        if not counts:
            return None
        return min(counts, key=lambda t: (-counts[t], TIER_RANK.index(t)))

    def power(self, raw: dict[str, Any]) -> dict[str, Any]:
        casting = _target(raw["casting_value"])
        name = raw["name"] or f"A power the data leaves unnamed ({casting}+)"
        return {
            "name": name,
            "range": 0.0 if raw["range"] == "Self" else float(raw["range"]),
            "casting": casting,
        }

    def option(self, raw: dict[str, Any], printed: list[str]) -> dict[str, Any]:
        """An option; what it gives leaves out what the model carries already (Orcrist beside the
        Elven blade Legolas has is its rule only)."""
        exchange = raw.get("exchange")
        if exchange:
            gives, rules = read_items(split_items(exchange["takes"]))
            gives_up, _ = read_items(split_items(exchange["gives_up"]))
        else:
            gives, rules = read_items(raw.get("parts") or [raw["name"]])
            gives_up = []
        carried = {piece.lower() for piece in printed}
        gives = [piece for piece in gives if piece.lower() not in carried]
        mount = self.mount_name(raw["mount"]) if raw.get("mount") else ""
        if mount:
            variant = next(
                (v for v in self.by_id[raw["mount"]].get("variants", []) if v["name"] == raw["name"]), None
            )
            mount = variant["name"] if variant else mount
            gives = [g for g in gives if slug(g) != raw["mount"] and g != mount]
            rules = [r for r in rules if slug(r) not in (raw["mount"], slug(mount)) and r != "Great Eagle"]
        option: dict[str, Any] = {
            "name": raw["name"],
            "points": raw["points"] or 0,
            "gives": gives,
            "gives_up": gives_up,
            "rules": rules,
            "mount": mount,
            "missile": missile_of(gives),
        }
        for flag in ("bow", "throwing"):
            if raw.get(flag):
                option[flag] = True
        if raw.get("pick"):
            option["pick"] = raw["pick"]
        if raw.get("adds_profile"):
            option["adds_profile"] = raw["adds_profile"]
        option["not_playable"] = self.option_reason(raw, mount)
        return option

    def option_reason(self, raw: dict[str, Any], mount: str) -> str:
        if raw.get("adds_profile"):
            added = self.by_id[raw["adds_profile"]]["name"]
            return f"it adds {added} to the army, which the list builder cannot do yet"
        if raw.get("warband_upgrade"):
            return "it upgrades a whole warband, which the list builder cannot do yet"
        if raw.get("points") is None:
            return "the data gives it no points"
        if raw.get("mount") and self.by_id[raw["mount"]]["kind"] not in ("mount",):
            return f"{mount} is a chariot, which the referee cannot play yet"
        return ""

    def own_reason(self, profile: dict[str, Any]) -> str:
        """Why the referee cannot field this profile yet, itself ("" when nothing of its own stops it)."""
        kind = profile["kind"]
        if kind == "siege-engine" or "Siege Engine" in profile["keywords"]:
            return "a siege engine: the referee does not play siege engines yet"
        if kind == "chariot" or "Chariot" in profile["keywords"]:
            return "a chariot: the referee does not play chariots yet"
        if profile.get("characteristics_given") is False and kind != "group":
            return "the data gives it no characteristics"
        variable = {c: v for c, v in profile.items() if c in LABELS and isinstance(v, str)}
        if variable:
            which = ", ".join(f"{LABELS[c]} {v}" for c, v in variable.items())
            return f"its characteristics are not all numbers ({which}), which the referee cannot play"
        if profile.get("base_given") is False and kind != "group":
            return "the data gives it no base size"
        if kind in ("model", "group") and profile["points_note"].startswith(("none", "varies")):
            return "the data gives it no points of its own"
        if kind == "model" and self.by_id.get(profile["id"], {}).get("hero") and profile["tier"] is None:
            return "it is in no 2024 army list, so it has no heroic tier"
        if profile["base_mm"] > MAX_BASE_MM:
            return (
                f"its base ({profile['base_mm']} mm) is larger than the referee's largest ({MAX_BASE_MM} mm)"
            )
        return ""

    def reason(self, profile: dict[str, Any]) -> str:
        """Why the referee cannot field this profile yet: its own reason, a group's part's, a rider's
        mount's (after every profile's own reasons are known)."""
        if self.reasons[profile["id"]]:
            return self.reasons[profile["id"]]
        if profile["kind"] == "group":
            for part in profile["parts"]:
                if self.reasons[part]:
                    return f"its part {self.by_id[part]['name']} cannot be played: {self.reasons[part]}"
        ridden = self.reasons.get(slug(profile["mount"])) if profile["mount"] else ""
        if ridden:
            return f"it always rides {profile['mount']}, which cannot be played: {ridden}"
        return ""

    def part_reason(self, profile: dict[str, Any], groups: dict[str, str]) -> str:
        """A part is played only with a group of its: when none can be, neither can it."""
        if profile["kind"] != "part" or profile["not_playable"] or not profile["part_of"]:
            return str(profile["not_playable"])
        if all(groups[group] for group in profile["part_of"]):
            names = " or ".join(self.by_id[group]["name"] for group in profile["part_of"])
            return f"it comes only with {names}, which cannot be played"
        return ""


ENTRY_FLAGS = (
    "max", "general", "captain", "may_follow", "may_lead_only", "requires_one_of", "bow_limit",
    "throwing_limit", "legacy", "not_counted_in", "counts_as_extra_models", "same_character_as",
)  # fmt: skip
OPTION_FLAGS = (
    "bow_limit", "throwing_limit", "excludes_options", "same_character_as", "counts_as_extra_models",
)  # fmt: skip
SLOTS = (("heroes", "hero"), ("warriors", "warrior"), ("siege_engines", "siege-engine"))


class ListConverter:
    """The army lists: each list's entries (a profile at its tier and price in that list, with the
    list's options and composition flags), its composition numbers and its army bonus rules by name."""

    def __init__(self, profiles: Converter, converted: dict[str, dict[str, Any]]) -> None:
        self.profiles = profiles
        self.converted = converted

    def run(self) -> dict[str, Any]:
        lists = [self.army_list(raw) for raw in self.profiles.lists]
        return {
            "format": FORMAT,
            "version": VERSION,
            "source": self.profiles.source["source"],
            "army_lists": lists,
        }

    def army_list(self, raw: dict[str, Any]) -> dict[str, Any]:
        entries = [self.entry(e, slot) for key, slot in SLOTS for e in raw[key]]
        return {
            "id": raw["id"],
            "name": raw["name"],
            "side": raw["side"].lower(),
            "legacy": bool(raw["legacy"]),
            "special_rules": [_rule(r) for r in raw["special_rules"]],
            "composition": raw["composition"],
            "entries": entries,
            "source": "; ".join(f"{s['book']} p. {s['page']}" for s in raw.get("sources", [])),
        }

    def mount_called(self, name: str) -> str:
        """The mount (or armoured mount) of that name, or the one a rider's name for it means
        ("Great Eagle" on Radagast: Great Eagle (Radagast)); "" for anything else."""
        mounts = [p["name"] for p in self.converted.values() if p["kind"] == "mount"]
        return next((m for m in mounts if m == name), "") or next(
            (m for m in mounts if m.startswith(f"{name} (")), ""
        )

    def entry(self, raw: dict[str, Any], slot: str) -> dict[str, Any]:
        profile = self.converted[raw["profile"]]
        printed = profile["wargear"]
        entry: dict[str, Any] = {"profile": raw["profile"], "slot": slot, "tier": raw["tier"]}
        entry["points"] = raw["points"] if raw["points"] is not None else profile["points"]
        always = raw.get("always_has") or []
        mounts = {a: self.mount_called(a) for a in always if self.mount_called(a)}
        entry["always_mount"] = next(iter(mounts.values()), "")
        pieces, entry["always_rules"] = read_items([a for a in always if a not in mounts])
        entry["always_has"] = [p for p in pieces if p.lower() not in {w.lower() for w in printed}]
        options = []
        for option in raw["options"]:
            converted = self.profiles.option(option, printed)
            for flag in OPTION_FLAGS:
                if option.get(flag):
                    converted[flag] = option[flag]
            options.append(converted)
        entry["options"] = options
        for flag in ENTRY_FLAGS:
            if flag in raw:
                entry[flag] = raw[flag]
        if profile["kind"] == "group" and raw.get("parts"):
            entry["parts"] = [
                {"profile": part["profile"], "count": part["count"]}
                | ({"points": part["points"]} if part.get("points") is not None else {})
                for part in raw["parts"]
            ]
        return entry


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        raise SystemExit("Give the transcription's folder (its profiles.json and army-lists.json).")
    folder = Path(argv[1])
    source = json.loads((folder / "profiles.json").read_text(encoding="utf-8"))
    army_lists = json.loads((folder / "army-lists.json").read_text(encoding="utf-8"))
    converted = Converter(source, army_lists).run()
    OUTPUT.write_text(json.dumps(converted, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    by_id = {p["id"]: p for p in converted["profiles"]}
    lists = ListConverter(Converter(source, army_lists), by_id).run()
    LISTS_OUTPUT.write_text(json.dumps(lists, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    reasons = Counter(p["not_playable"].split(":")[0] for p in converted["profiles"] if p["not_playable"])
    playable = sum(1 for p in converted["profiles"] if not p["not_playable"])
    print(f"{len(converted['profiles'])} profiles, {playable} playable; not playable: {dict(reasons)}")
    print(
        f"{len(lists['army_lists'])} army lists, {sum(len(a['entries']) for a in lists['army_lists'])} entries"
    )


if __name__ == "__main__":
    main(sys.argv)
