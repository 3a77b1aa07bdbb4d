"""The battlefield as the mass battle's geometry sees it: stands, loose heroes' bases, terrain and the
board; and who touches whom (§3).

The engine builds a Field from its state; nothing here changes anything. What is asked of a
Field lives by topic: stand moves (moves.py), charges (charge.py), recoils and pushes (recoil.py),
loose heroes (loose.py), sight (sight.py). A refusal comes back as an Obstruction: a code and a
message a player reads, ready for a RuleViolation or a legal-action refusal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..errors import RuleCode, RuleViolation
from ..geometry import Point
from ..state import Side, Terrain
from .geometry import (
    EDGES,
    Edge,
    Flank,
    Rect,
    as_flank,
    edges_in_contact,
    gives_rear_support,
    overlap_flank,
    struck_edge,
    touching_edges,
)

EPS = 1e-9


EPS = 1e-9


@dataclass(frozen=True, slots=True)
class StandShape:
    id: str
    name: str
    side: Side
    rect: Rect
    watching: bool = False
    """§8.3: watching a challenge, so nothing may push it."""


@dataclass(frozen=True, slots=True)
class HeroBase:
    """A loose hero's round base. Attached heroes have no position of their own (§2.3)."""

    id: str
    name: str
    side: Side
    centre: Point
    radius: float


@dataclass(frozen=True, slots=True)
class Field:
    width: float
    height: float
    stands: tuple[StandShape, ...] = ()
    heroes: tuple[HeroBase, ...] = ()
    terrain: tuple[Terrain, ...] = ()

    def stand(self, stand_id: str) -> StandShape:
        for shape in self.stands:
            if shape.id == stand_id:
                return shape
        raise KeyError(stand_id)

    def hero(self, hero_id: str) -> HeroBase:
        for base in self.heroes:
            if base.id == hero_id:
                return base
        raise KeyError(hero_id)

    def enemy_stands(self, side: Side) -> list[StandShape]:
        return [s for s in self.stands if s.side != side]

    def with_stands(self, moved: Iterable[tuple[str, Rect]]) -> Field:
        """The same field with some stands in new places."""
        new = dict(moved)
        return replace(
            self, stands=tuple(replace(s, rect=new[s.id]) if s.id in new else s for s in self.stands)
        )

    def with_heroes(self, placed: Iterable[tuple[str, Point]]) -> Field:
        new = dict(placed)
        return replace(
            self, heroes=tuple(replace(h, centre=new[h.id]) if h.id in new else h for h in self.heroes)
        )


@dataclass(frozen=True, slots=True)
class Obstruction:
    """Why something cannot be done or what stopped it: a refusal code and a message for players."""

    code: RuleCode
    message: str
    blocker: str = ""
    """The piece in the way (a stand's or a hero's id, or a terrain piece's), if one is."""
    terrain: bool = False
    """The blocker is a terrain piece."""
    zone: float = 0.0
    """What is entered is the blocker's control zone, this many inches round it."""

    def blocking(self) -> dict[str, object] | None:
        """What is in the way as a board draws it: {"model": id} (with "zone": inches) or
        {"terrain": id}; None when nothing in particular is."""
        if not self.blocker:
            return None
        if self.terrain:
            return {"terrain": self.blocker}
        return {"model": self.blocker, **({"zone": self.zone} if self.zone else {})}

    def violation(self) -> RuleViolation:
        return RuleViolation(self.code, self.message, blocking=self.blocking())


def wrong_side(name: str, own: bool, rule: str) -> Obstruction:
    """A target on the wrong side, with the rule it breaks ("B is on your side: a charge must
    target an enemy stand."); `own` says whether it is the player's own piece or an enemy one."""
    whose = "on your side" if own else "an enemy"
    return Obstruction("wrong_side_target", f"{name} is {whose}: {rule}.")


# --- Contacts (§3) --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contacts:
    """Every enemy and friend touching one stand, by kind. Engaged, supporters and overlaps are
    worked out from positions every time, never stored (§15)."""

    front: tuple[str, ...] = ()
    """Enemies in front contact (their front edge on its front edge)."""
    flank: tuple[tuple[str, Flank], ...] = ()
    """Enemies whose front edge is on its left or right flank edge."""
    rear: tuple[str, ...] = ()
    """Enemies whose front edge is on its rear edge."""
    striking: tuple[tuple[str, Edge], ...] = ()
    """Enemies on whose flank or rear edge its own front edge is."""
    overlaps: tuple[tuple[str, Flank], ...] = ()
    """At most one enemy per flank that overlaps it."""
    rear_support: str | None = None

    @property
    def engaged(self) -> bool:
        """§3: in front, flank or rear contact with an enemy stand, whichever of the two is struck."""
        return bool(self.front or self.flank or self.rear or self.striking)


def contacts_of(field: Field, stand_id: str) -> Contacts:
    this = field.stand(stand_id)
    front: list[str] = []
    flank: list[tuple[str, Flank]] = []
    rear: list[str] = []
    striking: list[tuple[str, Edge]] = []
    overlapped: dict[Flank, str] = {}
    for enemy in field.enemy_stands(this.side):
        edge = struck_edge(this.rect, enemy.rect)
        side = as_flank(edge) if edge else None
        if edge == "front":
            front.append(enemy.id)
        elif edge == "rear":
            rear.append(enemy.id)
        elif side is not None:
            flank.append((enemy.id, side))
        else:
            theirs = struck_edge(enemy.rect, this.rect)
            if theirs is not None:
                striking.append((enemy.id, theirs))
                continue
            over = overlap_flank(this.rect, enemy.rect)
            if over is not None:
                overlapped.setdefault(over, enemy.id)
    support = next(
        (
            s.id
            for s in field.stands
            if s.side == this.side
            and s.id != this.id
            and gives_rear_support(this.rect, s.rect)
            and not engaged(field, s.id)
        ),
        None,
    )
    return Contacts(
        front=tuple(front),
        flank=tuple(flank),
        rear=tuple(rear),
        striking=tuple(striking),
        overlaps=tuple((stand, side) for side, stand in sorted(overlapped.items())),
        rear_support=support,
    )


def engaged(field: Field, stand_id: str) -> bool:
    """§3: in contact with an enemy stand where either one's front edge is the edge in contact."""
    this = field.stand(stand_id)
    for enemy in field.enemy_stands(this.side):
        touch = touching_edges(this.rect, enemy.rect)
        if touch is not None and "front" in touch:
            return True
    return False


def free_edges(field: Field, stand_id: str) -> list[Edge]:
    """§6.3: the edges a loose hero may attach at: those not in contact with an enemy stand."""
    this = field.stand(stand_id)
    taken: set[Edge] = set()
    for enemy in field.enemy_stands(this.side):
        touch = touching_edges(this.rect, enemy.rect)
        if touch is not None:
            taken.add(touch[0])
    return [e for e in EDGES if e not in taken]


def edge_taken(rect: Rect, edge: Edge, other: Rect) -> bool:
    """Whether some edge of `other` is in contact with `edge` of `rect` (§6.5: a charge needs the
    contacted edge free of other stands)."""
    mine = rect.edge(edge)
    return any(edges_in_contact(mine, other.edge(e)) for e in EDGES)
