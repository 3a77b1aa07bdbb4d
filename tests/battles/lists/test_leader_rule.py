"""Leader (X) (docs/rules/special-rules.md §2.9) is refereed by the list builder: every army list of
the catalogue lets the Warriors of type X join only the warbands of Heroes whose Leader names them
(their `may_follow`), which the list rules check (`rules_core.composition`)."""

from __future__ import annotations

import json
from pathlib import Path

from rules_core.army_lists import Listed
from rules_core.composition import EntryRules, Line, ListRules, composition_problems
from rules_core.special_rules import parse

DATA = Path(__file__).resolve().parents[3] / "battles" / "lists" / "catalogue_data"


def leaders() -> dict[str, set[str]]:
    """Warrior type -> the ids of the profiles whose Leader names it."""
    found: dict[str, set[str]] = {}
    for p in json.loads((DATA / "profiles.json").read_text(encoding="utf-8"))["profiles"]:
        for text in p["special_rules"]:
            use = parse(text)
            if use.name == "Leader" and use.param is not None:
                found.setdefault(use.param.keyword, set()).add(p["id"])
    return found


def test_every_army_list_lets_only_heroes_with_leader_lead_its_guards() -> None:
    led = leaders()
    names = {
        p["id"]: p["name"]
        for p in json.loads((DATA / "profiles.json").read_text(encoding="utf-8"))["profiles"]
    }
    checked = 0
    for army in json.loads((DATA / "army-lists.json").read_text(encoding="utf-8"))["army_lists"]:
        for entry in army["entries"]:
            kind = names[entry["profile"]]
            if entry["slot"] != "warrior" or kind not in led:
                continue
            assert entry.get("may_follow"), f"{army['name']}: {kind} may follow anyone"
            assert set(entry["may_follow"]) <= led[kind], (
                f"{army['name']}: {kind} follows a Hero without Leader"
            )
            checked += 1
    assert checked >= 25


def test_a_guard_in_the_warband_of_a_hero_without_leader_is_refused() -> None:
    rules = ListRules(
        "Kingdom of Rohan",
        entries={
            "theoden": EntryRules("Théoden"),
            "gamling": EntryRules("Gamling"),
            "guard": EntryRules("Rohan Royal Guard", may_follow=("theoden",)),
        },
    )
    guard = Listed("Rohan Royal Guard", {}, 10, key="guard")
    assert composition_problems(rules, [Line(guard, "theoden", False)], 1, 2) == []
    assert composition_problems(rules, [Line(guard, "gamling", False)], 1, 2) == [
        "Rohan Royal Guard may join only Théoden's warband in Kingdom of Rohan."
    ]
    assert parse("Leader (Rohan Royal Guard)").note == ""
