"""Each ruleset's web code, found by the referee's key: the one place where generic pages, army
lists and live play learn what differs between rulesets.

The registry is the referee's (`rules_core.RULESETS`); a ruleset's web code is the folder of the
same name beside this module, whose `plugin` module holds its `WebRuleset` (see `base.py`):
its army lists (models, rules glue, builder, file format, demo armies), its battle setup from two
lists, its presenter, its templates (`templates/rulesets/<key>/`) and its scripts and styles
(`static/rulesets/<key>/`). A third ruleset is a referee module, a folder here, and nothing else.
Generic code imports this module only, never a ruleset's folder (an import-linter contract).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

import rules_core

from .base import WebRuleset

DEFAULT_RULESET = rules_core.DEFAULT_RULESET

__all__ = [
    "DEFAULT_RULESET",
    "WebRuleset",
    "import_models",
    "keys",
    "summary_of",
    "web_ruleset",
    "web_rulesets",
]


def keys() -> list[str]:
    return list(rules_core.RULESETS)


@cache
def web_ruleset(key: str) -> WebRuleset:
    """The web code of the ruleset called `key` (KeyError for one nobody knows)."""
    if key not in rules_core.RULESETS:
        raise KeyError(key)
    plugin: WebRuleset = import_module(f"{__name__}.{key}.plugin").RULESET
    return plugin


def web_rulesets() -> list[WebRuleset]:
    return [web_ruleset(key) for key in keys()]


def import_models() -> list[Any]:
    """Each ruleset's own models (its army lists' contents), for Django to load with the app's."""
    return [import_module(f"{__name__}.{key}.models") for key in keys()]


def summary_of(army: Any) -> Any:
    """A list (saved or a draft) checked by its ruleset's list rules: what the pages show of it;
    its `problems` keep it from battle."""
    return web_ruleset(army.ruleset).summarise(army)
