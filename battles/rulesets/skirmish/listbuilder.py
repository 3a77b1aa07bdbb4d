"""The MESBG List Builder's roster export (docs/army-list-format.md, "From the MESBG List Builder"):
read into a skirmish list of the same army list, models, options and warbands, and written back.

A `model_id` is "[army-list] model": the model part, without apostrophes and a `-ind` / `-cpt`
suffix, is looked for among the army list's entries: the same id; else the one id that starts with
it and `-`; else without a leading `the-` or a plural `s`. Options are matched by name, ignoring
case and apostrophe style. Every id or option that cannot be resolved is a problem, named with
its place in the file, and a file with any problem imports nothing.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from battles.lists.army_lists import army_lists, in_list
from battles.lists.catalogue_data.convert import slug
from battles.lists.listfile import ListFileProblems, shown
from battles.lists.models import ArmyList, Profile
from battles.lists.options import MAX_COUNT
from battles.lists.profiles import BadData

from .lists import MAX_WARBANDS, FollowerDraft, SkirmishDraft, WarbandDraft, profiles_of, warbands_of

EDITION = "v2024"
REQUIRED = ("edition", "version", "id", "name", "armyList", "warbands")
SUFFIXES = ("-ind", "-cpt")
DEFAULT_POINTS = 600


def _plain(text: str) -> str:
    """A name as the builder and this catalogue both may write it: no case, one apostrophe style."""
    return text.replace("\u2019", "'").casefold().strip()


class _Reader:
    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.problems: list[str] = []
        self.army_list: dict[str, Any] = {}
        self.profiles: dict[str, Profile] = {}

    def problem(self, where: str, text: str) -> None:
        self.problems.append(f"{where}: {text}")

    def read(self) -> SkirmishDraft:
        missing = [key for key in REQUIRED if key not in self.doc]
        metadata = self.doc.get("metadata")
        if not isinstance(metadata, dict) or "leader" not in metadata:
            missing.append("metadata.leader")
        if missing:
            names = ", ".join(f'"{k}"' for k in missing)
            raise ListFileProblems([f"This is not a MESBG List Builder export: it has no {names}."])
        list_id = slug(str(self.doc["armyList"]))
        found = army_lists().get(list_id)
        if found is None:
            raise ListFileProblems(
                [f"armyList: {shown(self.doc['armyList'])} is not an army list Beacon has."]
            )
        self.army_list = found
        ids = [e["profile"] for e in found["entries"]]
        self.profiles = {p.catalogue_id: p for p in Profile.objects.filter(owner=None, catalogue_id__in=ids)}
        raw = self.doc["warbands"]
        if not isinstance(raw, list) or len(raw) > MAX_WARBANDS:
            raise ListFileProblems([f"warbands: a list of at most {MAX_WARBANDS} warbands."])
        leader = self.doc["metadata"].get("leader", "")
        warbands = [w for i, r in enumerate(raw) if (w := self.warband(i + 1, r, leader)) is not None]
        if self.problems:
            raise ListFileProblems(self.problems)
        limit = self.doc["metadata"].get("maxPoints") or DEFAULT_POINTS
        if isinstance(limit, bool) or not isinstance(limit, int) or not 0 < limit <= 10_000:
            raise ListFileProblems([f"metadata.maxPoints: {shown(limit)} is not a points limit."])
        name = str(self.doc["name"]).strip()[:100] or found["name"]
        return SkirmishDraft(name, limit, warbands, list_id)

    def warband(self, number: int, raw: Any, leader: Any) -> WarbandDraft | None:
        where = f"warbands[{number}]"
        if not isinstance(raw, dict) or "units" not in raw or not isinstance(raw.get("units"), list):
            self.problem(where, "a warband needs its units.")
            return None
        if not isinstance(raw.get("hero"), dict):
            self.problem(f"{where}.hero", "a warband without a hero cannot be a Beacon warband.")
            return None
        hero = self.unit(f"{where}.hero", raw["hero"])
        followers = []
        for i, unit in enumerate(raw["units"]):
            found = self.unit(f"{where}.units[{i + 1}]", unit)
            count = unit.get("quantity") if isinstance(unit, dict) else None
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
                self.problem(f"{where}.units[{i + 1}].quantity", f"{shown(count)} is not a number of models.")
            elif found is not None:
                followers.append(FollowerDraft(found[0], count, found[1]))
        if hero is None:
            return None
        return WarbandDraft(hero[0], hero[1], raw.get("id") == leader and leader != "", followers)

    def unit(self, where: str, raw: Any) -> tuple[Profile, list[str]] | None:
        if not isinstance(raw, dict) or not isinstance(raw.get("model_id"), str):
            self.problem(where, "a unit needs its model_id.")
            return None
        model_id = raw["model_id"]
        key = self.resolve(model_id)
        profile = self.profiles.get(key) if key else None
        if profile is None:
            self.problem(f"{where}.model_id", f"{shown(model_id)} is no model of {self.army_list['name']}.")
            return None
        fielded = in_list(self.army_list["id"], profile)
        options = self.options(where, raw.get("options"), fielded)
        self.check_mwfw(where, raw.get("MWFW"), fielded)
        return profile, options

    def resolve(self, model_id: str) -> str | None:
        """The catalogue id of a model_id in this army list, or None."""
        wanted = model_id.split("] ", 1)[-1].replace("'", "").strip()
        for suffix in SUFFIXES:
            wanted = wanted.removesuffix(suffix)
        keys: list[str] = [e["profile"] for e in self.army_list["entries"]]
        candidates = [wanted]
        if wanted.startswith("the-"):
            candidates.append(wanted.removeprefix("the-"))
        if wanted.endswith("s"):
            candidates.append(wanted.removesuffix("s"))
        for candidate in candidates:
            if candidate in keys:
                return candidate
            starting = [k for k in keys if k.startswith(f"{candidate}-")]
            if len(starting) == 1:
                return starting[0]
        return None

    def options(self, where: str, raw: Any, profile: Any) -> list[str]:
        if not isinstance(raw, list):
            self.problem(f"{where}.options", "options must be a list.")
            return []
        names = {_plain(o["name"]): o["name"] for o in profile.options}
        chosen = []
        for i, option in enumerate(raw):
            place = f"{where}.options[{i + 1}]"
            name = option.get("name") if isinstance(option, dict) else None
            if not isinstance(name, str) or _plain(name) not in names:
                self.problem(
                    place, f"{shown(name)} is not an option of {profile.name} in {self.army_list['name']}."
                )
                continue
            quantity = option.get("quantity", 1)
            if quantity not in (0, 1):
                self.problem(place, f"{shown(quantity)} of {name} on one model: Beacon takes an option once.")
            elif quantity == 1:
                chosen.append(names[_plain(name)])
        return chosen

    def check_mwfw(self, where: str, raw: Any, profile: Any) -> None:
        """A hero's Might, Will, Fate and Wounds must be the profile's: else the id meant another."""
        if not isinstance(raw, list) or not raw or not profile.is_hero:
            return
        own = next((row[1] for row in raw if isinstance(row, list) and len(row) == 2 and row[0] == ""), None)
        expected = f"{profile.might}:{profile.will}:{profile.fate}:{profile.wounds}"
        if own is not None and own != expected:
            self.problem(
                f"{where}.MWFW", f"{shown(own)} is not {profile.name}'s Might:Will:Fate:Wounds ({expected})."
            )


def read_list_builder(doc: dict[str, Any]) -> SkirmishDraft:
    """A List Builder export as a skirmish list draft, or ListFileProblems naming every problem."""
    return _Reader(doc).read()


def _ascii(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.replace("\u2019", "'"))
    return "".join(c for c in folded if not unicodedata.combining(c))


def export_list_builder(army: ArmyList) -> dict[str, Any]:
    """A list built from an army list as a List Builder export (ids are this catalogue's)."""
    if not army.built_from:
        raise BadData("Only a list built from one of the game's army lists goes to the MESBG List Builder.")
    army_list = army_lists()[army.built_from]
    own = [p.name for p in profiles_of(army) if not p.catalogue_id]
    if own:
        raise BadData(f"{own[0]} is your own profile: the MESBG List Builder has only the game's.")
    prefix = f"[{slug(army_list['name'])}]"

    def unit(profile: Profile, options: list[str], **extra: Any) -> dict[str, Any]:
        fielded = in_list(army.built_from, profile)
        mwfw = (
            [["", f"{fielded.might}:{fielded.will}:{fielded.fate}:{fielded.wounds}"]]
            if fielded.is_hero
            else []
        )
        chosen = [{"id": "", "name": name, "quantity": 1} for name in options]
        return {"model_id": f"{prefix} {profile.catalogue_id}", "MWFW": mwfw, "options": chosen, **extra}

    warbands = []
    leader = ""
    for number, warband in enumerate(warbands_of(army), start=1):
        warband_id = f"wb-{number}"
        if warband.is_general:
            leader = warband_id
        warbands.append(
            {
                "id": warband_id,
                "hero": unit(warband.hero, list(warband.hero_options), compulsory=False),
                "units": [
                    unit(f.profile, list(f.options), quantity=f.count) for f in warband.followers_in_order()
                ],
                "meta": {"num": number},
            }
        )
    return {
        "edition": EDITION,
        "version": "beacon",
        "id": f"beacon-{army.pk}",
        "name": army.name,
        "armyList": _ascii(army_list["name"]),
        "metadata": {"leader": leader, "leaderCompulsory": False, "maxPoints": army.points_limit, "tags": []},
        "warbands": warbands,
    }
