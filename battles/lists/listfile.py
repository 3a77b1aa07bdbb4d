"""Army lists as JSON files (docs/army-list-format.md): export, and the checks an import must pass.

Parsing writes nothing: it gives a `ListDraft` (a skirmish list) or a `MassListDraft` (a mass-battle
list) of unsaved profiles, which the list rules can check and `services.save_list` can save. A file
says its `ruleset`; one without (written before there were two) is a skirmish list. The demo
armies are documents in this format too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rules_core.mass_battle.cards import CARDS

from .catalogue import SIDE_NAMES, catalogue_side
from .mass_rules import MAX_CARDS_LISTED, MAX_HEROES, MAX_STANDS, is_monster, known_cards
from .models import MASS_BATTLE, RULESETS, SKIRMISH, Profile
from .profiles import BadData, clean_profile, has_control_characters
from .rules import MAX_COUNT, MAX_MODELS, MAX_POINTS_LIMIT, MAX_WARBANDS

FORMAT = "beacon-army-list"
VERSION = 1
MAX_FILE_BYTES = 256 * 1024
MAX_PROFILES = 200


@dataclass
class FollowerDraft:
    profile: Profile
    count: int
    options: list[str]


@dataclass
class WarbandDraft:
    hero: Profile
    hero_options: list[str]
    is_general: bool
    followers: list[FollowerDraft] = field(default_factory=list)

    def followers_in_order(self) -> list[FollowerDraft]:
        return self.followers


def _distinct(profiles: list[Profile]) -> list[Profile]:
    return list({id(p): p for p in profiles}.values())


@dataclass
class ListDraft:
    """A skirmish list that is not (or not yet) saved: shaped like ArmyList for the list rules."""

    ruleset: ClassVar[str] = SKIRMISH
    name: str
    points_limit: int
    warbands: list[WarbandDraft]

    def warbands_in_order(self) -> list[WarbandDraft]:
        return self.warbands

    def profiles(self) -> list[Profile]:
        return _distinct([p for w in self.warbands for p in [w.hero, *(f.profile for f in w.followers)]])


@dataclass
class StandDraft:
    profile: Profile
    count: int
    options: list[str]


@dataclass
class HeroDraft:
    profile: Profile
    options: list[str]
    cards: list[str]
    """Card keys (rules_core.mass_battle.cards)."""
    is_general: bool


@dataclass
class MassListDraft:
    """A mass-battle list that is not (or not yet) saved: shaped like ArmyList for its list rules."""

    ruleset: ClassVar[str] = MASS_BATTLE
    name: str
    points_limit: int
    stands: list[StandDraft]
    heroes: list[HeroDraft]

    def stands_in_order(self) -> list[StandDraft]:
        return self.stands

    def heroes_in_order(self) -> list[HeroDraft]:
        return self.heroes

    def profiles(self) -> list[Profile]:
        return _distinct([line.profile for line in self.stands] + [hero.profile for hero in self.heroes])


def export_list(army: Any) -> dict[str, Any]:
    """A list as a document that needs nothing else to be imported again, here or elsewhere."""
    head = {"format": FORMAT, "version": VERSION, "ruleset": army.ruleset, "name": army.name}
    if army.ruleset == MASS_BATTLE:
        return {**head, "points_limit": army.points_limit, **_mass_contents(army)}
    profiles: dict[str, dict[str, Any]] = {}
    warbands = []
    for w in army.warbands_in_order():
        profiles.setdefault(w.hero.name, w.hero.to_data())
        followers = []
        for f in w.followers_in_order():
            profiles.setdefault(f.profile.name, f.profile.to_data())
            followers.append({"profile": f.profile.name, "count": f.count, "options": list(f.options)})
        warbands.append(
            {
                "hero": w.hero.name,
                "hero_options": list(w.hero_options),
                "general": bool(w.is_general),
                "followers": followers,
            }
        )
    return {
        **head,
        "points_limit": army.points_limit,
        "warbands": warbands,
        "profiles": list(profiles.values()),
    }


def _mass_contents(army: Any) -> dict[str, Any]:
    lines = army.stands_in_order()
    heroes = army.heroes_in_order()
    profiles = {p.name: p.to_data() for p in [*(h.profile for h in heroes), *(s.profile for s in lines)]}
    return {
        "stands": [{"profile": s.profile.name, "count": s.count, "options": list(s.options)} for s in lines],
        "heroes": [
            {
                "profile": h.profile.name,
                "options": list(h.options),
                "cards": [card.name for card in known_cards(h.cards)],
                "general": bool(h.is_general),
            }
            for h in heroes
        ],
        "profiles": list(profiles.values()),
    }


def read_list_file(raw: bytes) -> ListDraft | MassListDraft:
    """Check an uploaded file. Raises BadData with a message for the person who chose the file."""
    if len(raw) > MAX_FILE_BYTES:
        raise BadData(f"The file is too large for an army list (at most {MAX_FILE_BYTES // 1024} KB).")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadData("The file is not text (UTF-8): it cannot be an army list.") from None
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise BadData(f"The file is not valid JSON: {exc}.") from None
    return parse_list(doc)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_list(doc: Any) -> ListDraft | MassListDraft:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BadData(f'This is not a Beacon army list (its "format" must be "{FORMAT}").')
    if doc.get("version") != VERSION:
        raise BadData(
            f"This army list is version {doc.get('version')!r}; this Beacon reads version {VERSION}."
        )
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 100:
        raise BadData("The list needs a name of 1 to 100 characters.")
    if has_control_characters(name):
        raise BadData("The list's name must be plain text, without control characters.")
    limit = doc.get("points_limit")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 0 < limit <= MAX_POINTS_LIMIT:
        raise BadData(f"The points limit must be a whole number from 1 to {MAX_POINTS_LIMIT}.")
    ruleset = doc.get("ruleset", SKIRMISH)
    if not isinstance(ruleset, str) or ruleset not in dict(RULESETS):
        known = ", ".join(f'"{key}"' for key, _ in RULESETS)
        raise BadData(f"This army list is for the ruleset {_shown(ruleset)}; Beacon knows {known}.")
    profiles = _profiles(doc.get("profiles"), doc.get("side"))
    if ruleset == MASS_BATTLE:
        return _mass_list(doc, name.strip(), limit, profiles)
    raw_warbands = doc.get("warbands")
    if not isinstance(raw_warbands, list) or len(raw_warbands) > MAX_WARBANDS:
        raise BadData(f'"warbands" must be a list of at most {MAX_WARBANDS} warbands.')
    warbands = [_warband(i + 1, w, profiles) for i, w in enumerate(raw_warbands)]
    models = sum(1 + sum(f.count for f in w.followers) for w in warbands)
    if models > MAX_MODELS:
        raise BadData(f"The list has {models} models; a list holds at most {MAX_MODELS}.")
    return ListDraft(name.strip(), limit, warbands)


def file_side(items: list[Any], said: Any = None) -> str | None:
    """The side a profile of a file takes when it does not say its own (files written before profiles
    had sides): the file's `side`, else the one side its other profiles name (the catalogue's
    names count), else none."""
    if isinstance(said, str) and said.lower() in SIDE_NAMES:
        return said.lower()
    named = {
        str(item.get("side") or catalogue_side(str(item.get("name"))) or "").lower()
        for item in items
        if isinstance(item, dict)
    } - {""}
    return named.pop() if len(named) == 1 and named <= set(SIDE_NAMES) else None


def _profiles(raw: Any, said: Any = None) -> dict[str, Profile]:
    if not isinstance(raw, list) or len(raw) > MAX_PROFILES:
        raise BadData(f'"profiles" must be a list of at most {MAX_PROFILES} profiles.')
    profiles: dict[str, Profile] = {}
    side = file_side(raw, said)
    for item in raw:
        data = clean_profile(item, side)
        if data["name"] in profiles:
            raise BadData(f"Two profiles are called {data['name']!r}.")
        profile = Profile()
        profile.set_data(data)
        profiles[data["name"]] = profile
    return profiles


def _warband(number: int, raw: Any, profiles: dict[str, Profile]) -> WarbandDraft:
    where = f"Warband {number}"
    if not isinstance(raw, dict):
        raise BadData(f"{where} must be an object.")
    hero = _profile_named(raw.get("hero"), profiles, where)
    if not hero.is_hero:
        raise BadData(f"{where} is led by {hero.name}, who is not a hero.")
    followers_raw = raw.get("followers", [])
    if not isinstance(followers_raw, list):
        raise BadData(f"{where}: followers must be a list.")
    warband = WarbandDraft(
        hero, _options(raw.get("hero_options", []), hero, where), raw.get("general") is True
    )
    for f in followers_raw:
        if not isinstance(f, dict):
            raise BadData(f"{where}: each follower must be an object.")
        profile = _profile_named(f.get("profile"), profiles, where)
        count = f.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            raise BadData(
                f"{where}: the number of {profile.name} must be a whole number from 1 to {MAX_COUNT}."
            )
        warband.followers.append(
            FollowerDraft(profile, count, _options(f.get("options", []), profile, where))
        )
    return warband


def _profile_named(name: Any, profiles: dict[str, Profile], where: str) -> Profile:
    if not isinstance(name, str) or name not in profiles:
        raise BadData(f'{where} names the profile {_shown(name)}, which is not among the file\'s "profiles".')
    return profiles[name]


def _shown(value: Any) -> str:
    """A value from the file, quoted for a message, cut short if a hostile file made it long."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _mass_list(doc: dict[str, Any], name: str, limit: int, profiles: dict[str, Profile]) -> MassListDraft:
    raw_stands, raw_heroes = doc.get("stands"), doc.get("heroes")
    if not isinstance(raw_stands, list) or len(raw_stands) > MAX_STANDS:
        raise BadData(f'"stands" must be a list of at most {MAX_STANDS} lines of stands.')
    if not isinstance(raw_heroes, list) or len(raw_heroes) > MAX_HEROES:
        raise BadData(f'"heroes" must be a list of at most {MAX_HEROES} heroes.')
    stands = [_stand_line(i + 1, raw, profiles) for i, raw in enumerate(raw_stands)]
    heroes = [_hero(i + 1, raw, profiles) for i, raw in enumerate(raw_heroes)]
    fielded = sum(line.count for line in stands) + sum(is_monster(h.profile) for h in heroes)
    if fielded > MAX_STANDS:
        raise BadData(f"The list fields {fielded} stands; a list fields at most {MAX_STANDS}.")
    return MassListDraft(name, limit, stands, heroes)


def _object(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise BadData(f"{where} must be an object.")
    return raw


def _stand_line(number: int, raw: Any, profiles: dict[str, Profile]) -> StandDraft:
    where = f"Stands {number}"
    line = _object(raw, where)
    profile = _profile_named(line.get("profile"), profiles, where)
    if profile.is_hero:
        raise BadData(f"{where}: {profile.name} is a hero; list him among the heroes.")
    count = line.get("count")
    if not isinstance(count, int) or not _whole(count, 1, MAX_STANDS):
        raise BadData(
            f"{where}: the number of stands of {profile.name} must be a whole number from 1 to {MAX_STANDS}."
        )
    return StandDraft(profile, count, _options(line.get("options", []), profile, where))


def _hero(number: int, raw: Any, profiles: dict[str, Profile]) -> HeroDraft:
    where = f"Hero {number}"
    entry = _object(raw, where)
    profile = _profile_named(entry.get("profile"), profiles, where)
    if not profile.is_hero:
        raise BadData(f"{where}: {profile.name} is not a hero; field him in stands.")
    cards = entry.get("cards", [])
    if (
        not isinstance(cards, list)
        or len(cards) > MAX_CARDS_LISTED
        or not all(isinstance(c, str) for c in cards)
    ):
        raise BadData(f"{where}: the Battle Cards of {profile.name} must be a list of card names.")
    found = known_cards(cards)
    if len(found) < len(cards):
        unknown = next(c for c in cards if not known_cards([c]))
        names = ", ".join(card.name for card in CARDS.values())
        raise BadData(
            f"{where}: {profile.name} carries {_shown(unknown)}, which is no Battle Card (cards: {names})."
        )
    return HeroDraft(
        profile,
        _options(entry.get("options", []), profile, where),
        [card.key for card in found],
        entry.get("general") is True,
    )


def _options(raw: Any, profile: Profile, where: str) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(o, str) for o in raw):
        raise BadData(f"{where}: the options of {profile.name} must be a list of names.")
    known = {o["name"] for o in profile.options}
    unknown = [o for o in raw if o not in known]
    if unknown:
        raise BadData(f"{where}: {_shown(unknown[0])} is not an option of {profile.name}.")
    return list(dict.fromkeys(raw))
