"""The share of the real 2024 profiles' special-rule uses the referee applies (a developer's tool).

    .venv/bin/python -m tools.special_rules_share [path/to/names.json]

Reads the developers' copy of the 2024 data (by default `../shared` beside the main checkout; a
worktree elsewhere names the file; never read at run time or by the tests) and asks the registry
about every special rule it names: refereed in full, in part (the entry names a part players
apply), or not. A rule whose uses carry several brackets counts as refereed only if every bracket
reads. Prints the shares and the rules not refereed, most used first."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rules_core.special_rules import parse

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "mesbg-2024" / "names.json"


def standing(entry: dict[str, object]) -> str:
    name = str(entry["name"])
    brackets = [str(p) for p in entry.get("parameters", []) or []]  # type: ignore[attr-defined]
    uses = [parse(f"{name} ({p})") for p in brackets] or [parse(name)]
    if not all(use.refereed for use in uses):
        return "not"
    return "part" if any(use.note for use in uses) else "full"


def main(path: Path) -> None:
    rules = json.loads(path.read_text(encoding="utf-8"))["special_rules"]
    total = sum(int(r["uses"]) for r in rules)
    counts = {"full": 0, "part": 0, "not": 0}
    missing: dict[str, int] = {}
    for entry in rules:
        kind = standing(entry)
        counts[kind] += int(entry["uses"])
        if kind == "not":
            missing[str(entry["name"])] = missing.get(str(entry["name"]), 0) + int(entry["uses"])
    applied = counts["full"] + counts["part"]
    print(f"{total} uses of {len(rules)} special rules (names.json)")
    full, part = counts["full"], counts["part"]
    print(f"refereed: {applied} uses ({applied / total:.1%}): in full {full} ({full / total:.1%}),")
    print(f"  in part {part} ({part / total:.1%}); not refereed {counts['not']}")
    print("not refereed, most used first:")
    for name, uses in sorted(missing.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {uses:3d}  {name}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT)
