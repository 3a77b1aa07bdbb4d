"""Army lists as JSON files (docs/army-list-format.md): export, and the checks an import must pass.

Parsing writes nothing: it gives a draft of its ruleset (a `ListDraft`: unsaved profiles, shaped
like a saved list for the list rules), which the list rules can check and `services.save_list` can
save. A file says its `ruleset`; one without (written before there were two) is the default
ruleset's. Each ruleset's contents (warbands, stands and heroes) are read and written by its own
web code (`WebRuleset.parse_contents`, `export_contents`) with the helpers here. The demo armies are
documents in this format too.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from battles.guards import unstorable
from battles.rulesets import DEFAULT_RULESET, keys, web_ruleset

from .army_lists import army_list_named
from .catalogue import SIDE_NAMES, catalogue_side
from .models import Profile
from .options import MAX_POINTS_LIMIT
from .profiles import BadData, clean_profile, has_control_characters

FORMAT = "beacon-army-list"
VERSION = 1
MAX_FILE_BYTES = 256 * 1024
MAX_PROFILES = 200


class ListDraft(Protocol):
    """A list that is not (or not yet) saved, of some ruleset."""

    ruleset: str
    name: str
    points_limit: int

    def profiles(self) -> list[Profile]: ...


def distinct(profiles: list[Profile]) -> list[Profile]:
    return list({id(p): p for p in profiles}.values())


def export_list(army: Any) -> dict[str, Any]:
    """A list as a document that needs nothing else to be imported again, here or elsewhere."""
    head = {"format": FORMAT, "version": VERSION, "ruleset": army.ruleset, "name": army.name}
    built_from = {"army_list": army.built_from} if getattr(army, "built_from", "") else {}
    return {
        **head,
        "points_limit": army.points_limit,
        **built_from,
        **web_ruleset(army.ruleset).export_contents(army),
    }


def profiles_data(profiles: list[Any]) -> list[dict[str, Any]]:
    """The `profiles` of a file: each profile a list uses, once, in the order first used."""
    found: dict[str, dict[str, Any]] = {}
    for profile in profiles:
        found.setdefault(profile.name, profile.to_data())
    return list(found.values())


def read_list_file(raw: bytes) -> ListDraft:
    """Check an uploaded file. Raises BadData with a message for the person who chose the file."""
    if len(raw) > MAX_FILE_BYTES:
        raise BadData(f"The file is too large for an army list (at most {MAX_FILE_BYTES // 1024} KB).")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadData("The file is not text (UTF-8): it cannot be an army list.") from None
    return parse_list(read_json(text))


def read_json(text: str) -> Any:
    """A file's JSON, or BadData saying why it is none the site can take: not JSON, or holding
    what no page or database can (battles.guards.unstorable; control characters, a NUL too, are
    refused by the field that holds them, naming it)."""
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise BadData(f"The file is not valid JSON: {exc}.") from None
    problem = unstorable(doc, nul=False)
    if problem is not None:
        raise BadData(f"The file holds {problem}.")
    return doc


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


class ListFileProblems(BadData):
    """Every problem of a list file, each naming its place in the file."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = problems


def is_list_builder_export(doc: Any) -> bool:
    """A MESBG List Builder roster export (its keys), which the default ruleset's lists read."""
    return isinstance(doc, dict) and "format" not in doc and {"armyList", "warbands", "edition"} <= doc.keys()


def parse_list(doc: Any) -> ListDraft:
    if is_list_builder_export(doc):
        draft: ListDraft = web_ruleset(DEFAULT_RULESET).parse_list_builder(doc)
        return draft
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
    ruleset = doc.get("ruleset", DEFAULT_RULESET)
    if not isinstance(ruleset, str) or ruleset not in keys():
        known = ", ".join(f'"{key}"' for key in keys())
        raise BadData(f"This army list is for the ruleset {shown(ruleset)}; Beacon knows {known}.")
    profiles = _profiles(doc.get("profiles"), doc.get("side"))
    draft = web_ruleset(ruleset).parse_contents(doc, name.strip(), limit, profiles)
    built_from = doc.get("army_list", "")
    if built_from:
        if (
            not isinstance(built_from, str)
            or army_list_named(built_from) is None
            or not hasattr(draft, "built_from")
        ):
            raise BadData(
                f"The list is built from the army list {shown(built_from)}, which Beacon does not have."
            )
        draft.built_from = built_from
    return draft


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


def profile_named(name: Any, profiles: dict[str, Profile], where: str) -> Profile:
    if not isinstance(name, str) or name not in profiles:
        raise BadData(f'{where} names the profile {shown(name)}, which is not among the file\'s "profiles".')
    return profiles[name]


def shown(value: Any) -> str:
    """A value from the file, quoted for a message, cut short if a hostile file made it long."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def whole_number(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def an_object(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise BadData(f"{where} must be an object.")
    return raw


def read_options(raw: Any, profile: Profile, where: str) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(o, str) for o in raw):
        raise BadData(f"{where}: the options of {profile.name} must be a list of names.")
    known = {o["name"] for o in profile.options}
    unknown = [o for o in raw if o not in known]
    if unknown:
        raise BadData(f"{where}: {shown(unknown[0])} is not an option of {profile.name}.")
    return list(dict.fromkeys(raw))
