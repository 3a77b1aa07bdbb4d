"""What a profile's special rules do in the mass battle: Terror (a Courage test to charge its stand
or run down its hero, §13) and Fly (a loose hero's faster Heroic March, §7); mass-battle.md keeps
no other special rule (§1, §2.2), so every card says each other one has no effect here."""

from __future__ import annotations

from ..special_rules import FLY, TERROR, RuleNote, parse

NO_EFFECT = "no effect in the mass battle"
IN_MASS_BATTLE = {
    TERROR.key: "",
    FLY.key: 'in the mass battle only +5" to its Heroic March',
}
"""The rules the mass battle plays, with what a card says beside each ("": applied as it stands)."""


def mass_rule_notes(rules: list[str]) -> list[RuleNote]:
    """Each of a profile's special rules, with what it does in the mass battle."""
    found = []
    for rule in rules:
        use = parse(rule)
        note = IN_MASS_BATTLE.get(use.spec.key, NO_EFFECT) if use.refereed and use.spec else NO_EFFECT
        found.append(RuleNote(rule, note))
    return found
