"""The demo armies: two small lists from the catalogue for each ruleset, for anyone who has no list of
their own. Each ruleset's web code holds its two as list files (`WebRuleset.demo_document`)."""

from __future__ import annotations

from typing import Any

from battles.rulesets import DEFAULT_RULESET, web_ruleset

from .examples import examples
from .listfile import FORMAT, VERSION, ListDraft, parse_list


def demo_document(
    ruleset: str, name: str, points_limit: int, contents: dict[str, Any], used: set[str]
) -> dict[str, Any]:
    """A demo army as a list file: its contents, and the catalogue's profiles it `used`."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": ruleset,
        "name": name,
        "points_limit": points_limit,
        **contents,
        "profiles": [p for p in examples() if p["name"] in used],
    }


def demo_army(side: str, ruleset: str = DEFAULT_RULESET) -> ListDraft:
    """The demo army of `side` for a battle of `ruleset`, as a draft."""
    return parse_list(web_ruleset(ruleset).demo_document(side))


def demo_name(side: str, ruleset: str) -> str:
    """What the New battle form calls a demo army."""
    return f"{web_ruleset(ruleset).demo_document(side)['name']} (demo army)"
