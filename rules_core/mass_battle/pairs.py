"""Combat pairs, supporters and overlaps (§8.4), from positions.

Only pairs roll: every two stands in front contact; then each stand with an enemy's front edge on
its flank or rear and no front contact pairs with that enemy (with several, its owner chooses;
the others support). A stand fights in at most one pair a phase, so an enemy already paired (or
out of this phase's fighting) cannot be chosen, and a stand whose every such enemy is taken
fights no pair this phase (it is still engaged).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from .field import Contacts, Field, contacts_of
from .geometry import Flank

Pair = tuple[str, str]
"""Two stand ids, the Good stand first."""


@dataclass(frozen=True, slots=True)
class Pairing:
    pairs: tuple[Pair, ...]
    undecided: tuple[tuple[str, tuple[str, ...]], ...]
    """Stands struck on flank or rear by several free enemies, and those enemies: their owner
    chooses which one it fights."""


def _ordered(field: Field, a: str, b: str) -> Pair:
    return (a, b) if field.stand(a).side == "good" else (b, a)


def _strikers(contacts: Contacts) -> list[str]:
    return [enemy for enemy, _ in contacts.flank] + list(contacts.rear)


def form_pairs(field: Field, out: Collection[str], chosen: Mapping[str, str]) -> Pairing:
    """The pairs among stands not `out` of this phase's fighting (fought already, watching a
    challenge); `chosen` holds a struck stand's choice of opponent when it had several."""
    taken: set[str] = set(out)
    pairs: list[Pair] = []
    contacts = {s.id: contacts_of(field, s.id) for s in sorted(field.stands, key=lambda s: s.id)}
    for stand_id, mine in contacts.items():
        if stand_id in taken:
            continue
        enemy = next((e for e in mine.front if e not in taken), None)
        if enemy is not None:
            pairs.append(_ordered(field, stand_id, enemy))
            taken |= {stand_id, enemy}
    undecided: list[tuple[str, tuple[str, ...]]] = []
    for stand_id, mine in contacts.items():
        if stand_id in taken or mine.front:
            continue
        free = [e for e in _strikers(mine) if e not in taken]
        pick = free[0] if len(free) == 1 else chosen.get(stand_id) if chosen.get(stand_id) in free else None
        if pick is not None:
            pairs.append(_ordered(field, stand_id, pick))
            taken |= {stand_id, pick}
        elif free:
            undecided.append((stand_id, tuple(free)))
    return Pairing(tuple(pairs), tuple(undecided))


def supporters_against(
    field: Field, stand_id: str, opponent: str, out: Collection[str]
) -> list[tuple[str, Flank | None]]:
    """§8.4: the enemies whose front edge is on this stand's flank (left/right) or rear (None),
    other than its pair opponent, that take part (not watching a challenge)."""
    mine = contacts_of(field, stand_id)
    found: list[tuple[str, Flank | None]] = [(e, side) for e, side in mine.flank if e != opponent]
    found += [(e, None) for e in mine.rear if e != opponent]
    return [(e, side) for e, side in found if e not in out]
