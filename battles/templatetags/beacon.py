from django import template

import rules_core
from battles.play.presenter import dom_id as make_dom_id

register = template.Library()


@register.simple_tag
def dom_id(kind: str, key: str | int | None = None) -> str:
    return make_dom_id(kind, key)


@register.filter
def rule_notes(rules: list[str], ruleset: str = "") -> list[rules_core.RuleNote]:
    """A profile's special rules, each with "not refereed" where the referee does not apply it (in
    `ruleset`, where a card is one ruleset's: "no effect in the mass battle")."""
    return rules_core.special_rule_notes(list(rules), ruleset or "")
