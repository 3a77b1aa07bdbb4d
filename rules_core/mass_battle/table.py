"""What the table shows of a mass battle as it stands (§16), worked out once per state: the Fight
phase's contacts, each pair with its modifiers and the stands that bring them (the same
`form_pairs` and `combat_setup` the Fight phase uses), and each side's victory points (§14). Every
audience's page reads the same facts, so a step costs them once, not once per audience."""

from __future__ import annotations

from .combat import Setup, combat_setup
from .losses import scores
from .pairs import Pair, form_pairs
from .state import MassState

CONTACTS = "mass_contacts"
VICTORY_POINTS = "mass_victory_points"


def contacts(state: MassState) -> list[tuple[Pair, Setup]]:
    """Every pair of stands in contact (stands watching a challenge sit out), with what each side
    brings before the dice."""
    known: list[tuple[Pair, Setup]] | None = state.memo.get(CONTACTS)
    if known is None:
        out = [s.id for s in state.stands.values() if s.watching]
        pairing = form_pairs(state.field(), out, {})
        known = state.memo[CONTACTS] = [(pair, combat_setup(state, pair, out)) for pair in pairing.pairs]
    return known


def victory_points(state: MassState) -> dict[str, int]:
    known: dict[str, int] | None = state.memo.get(VICTORY_POINTS)
    if known is None:
        known = state.memo[VICTORY_POINTS] = scores(state)
    return known
