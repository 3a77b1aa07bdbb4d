"""The mass battle as plain data (§15): stands and heroes beside the skirmish state's own fields.

Heroes stay skirmish `Model` records in `state.models` (Might, Will, Fate, Heroic Actions, tests
passed and effects work on them unchanged); a loose hero stands at his `x`, `y`, an attached one
has no position of his own (-1, -1) and is measured from his stand's footprint (§2.3). What only
the mass battle knows of a hero (his stand, cards, duel points) is his `MassHero`. Engaged,
supporters and overlaps are worked out from positions (`field_of`), never stored.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from ..frame import Ctx
from ..geometry import Point, dist
from ..serial import shallow_copy
from ..state import BattleState, Model, Profile, Side
from .army import loss
from .cards import HeldCard
from .constants import CONTACT_TOLERANCE
from .field import Field, HeroBase, StandShape, engaged
from .geometry import Rect, circle_distance, rect_distance
from .stands import StandStats

StandStatus = Literal["on_board", "destroyed", "fled"]
NOWHERE = -1.0
"""The x and y of an attached hero: he has no place of his own."""


@dataclass(slots=True)
class Stand:
    id: str
    name: str
    side: Side
    profile: Profile
    points: int
    stats: StandStats
    x: float
    y: float
    facing: float
    status: StandStatus = "on_board"
    monster: str | None = None
    """The Monster hero this stand is (§2.3)."""
    # What the stand has done this turn; cleared when a new turn starts.
    activated: bool = False
    moved: bool = False
    charged: bool = False
    shot: bool = False
    watching: bool = False
    """§8.3: watching its hero's challenge until the End phase: it neither moves nor is pushed."""
    rerolled: bool = False
    """War Banner's re-roll is used this Fight phase."""
    heroic_combat: bool = False
    """It has had its Heroic Combat follow-up this turn."""
    fury: bool = False
    """Fury of the Charge was played on its charge this turn: +1 in its combats."""
    passed_tests: list[str] = field(default_factory=list)

    @property
    def rect(self) -> Rect:
        return Rect(self.x, self.y, self.facing, self.stats.width, self.stats.depth)

    @property
    def on_board(self) -> bool:
        return self.status == "on_board"

    def place(self, rect: Rect) -> None:
        self.x, self.y, self.facing = rect.x, rect.y, rect.facing

    def clone(self) -> Stand:
        twin = shallow_copy(self)
        twin.passed_tests = list(self.passed_tests)
        return twin

    def new_turn(self) -> None:
        self.activated = self.moved = self.charged = self.shot = False
        self.watching = self.rerolled = self.heroic_combat = self.fury = False
        self.passed_tests = []


@dataclass(slots=True)
class MassHero:
    """What the mass battle knows of a hero besides his `Model`."""

    id: str
    points: int
    """List points of the hero and his options, without his cards."""
    duel_points: int
    cards: list[HeldCard] = field(default_factory=list)
    attached_to: str | None = None
    general: bool = False
    monster: bool = False
    left_stand: str = ""
    """§6.3: the stand he detached from this turn (he may not rejoin it)."""
    changed: bool = False
    """His attachment changed this turn."""
    dueled: bool = False
    """He fought a duel this turn."""
    lost: str = ""
    """Why he was lost, once he is."""

    def clone(self) -> MassHero:
        twin = shallow_copy(self)
        twin.cards = list(self.cards)
        return twin

    def new_turn(self) -> None:
        self.left_stand = ""
        self.changed = self.dueled = False


@dataclass(slots=True)
class MassState(BattleState):
    RULESET: ClassVar[str] = "mass_battle"
    PIECE: ClassVar[str] = "stand or hero"
    PIECES: ClassVar[str] = "stands and heroes"

    stands: dict[str, Stand] = field(default_factory=dict)
    heroes: dict[str, MassHero] = field(default_factory=dict)

    def clone(self) -> MassState:
        twin = BattleState.clone(self)
        assert isinstance(twin, MassState)
        twin.stands = {key: stand.clone() for key, stand in self.stands.items()}
        twin.heroes = {key: hero.clone() for key, hero in self.heroes.items()}
        return twin

    def piece(self, ident: str) -> tuple[str, Side, bool] | None:
        stand = self.stands.get(ident)
        if stand is not None:
            return stand.name, stand.side, stand.on_board
        return BattleState.piece(self, ident)

    def stand(self, stand_id: str) -> Stand:
        return self.stands[stand_id]

    def name_of(self, piece: str) -> str:
        found = self.piece(piece)
        return found[0] if found is not None else piece

    def army_stands(self, side: Side) -> list[Stand]:
        return [s for s in self.stands.values() if s.side == side and s.on_board]

    def hero(self, hero_id: str) -> MassHero:
        return self.heroes[hero_id]

    def attached(self, stand_id: str) -> list[Model]:
        """The heroes attached to a stand now, in the order they joined the battle."""
        return [
            self.models[h.id]
            for h in self.heroes.values()
            if h.attached_to == stand_id and self.models[h.id].on_board
        ]

    def stand_of(self, hero: Model) -> Stand | None:
        """The stand a hero is attached to, or None when he is loose."""
        stand_id = self.heroes[hero.id].attached_to
        return self.stands[stand_id] if stand_id is not None else None

    def loose(self, side: Side | None = None) -> list[Model]:
        """Loose heroes on the board (of one side)."""
        return [
            self.models[h.id]
            for h in self.heroes.values()
            if h.attached_to is None
            and self.models[h.id].on_board
            and (side is None or self.models[h.id].side == side)
        ]

    def hands(self, stand_id: str) -> list[list[HeldCard]]:
        """The cards of the heroes attached to a stand now (cards benefit the stand they are on)."""
        return [self.heroes[m.id].cards for m in self.attached(stand_id)]

    def losses(self, side: Side) -> int:
        """§2.5: a stand destroyed or fled 1, a hero lost 1, the General 2."""
        stands = sum(loss(False) for s in self.stands.values() if s.side == side and not s.on_board)
        heroes = sum(
            loss(True, h.general)
            for h in self.heroes.values()
            if self.models[h.id].side == side and not self.models[h.id].on_board
        )
        return stands + heroes

    def field(self) -> Field:
        """The battlefield as the geometry sees it now: made again only when a stand or a loose
        hero has moved, come or gone since it was last asked for (the rules ask for it thousands of
        times a step, the same every time until something moves)."""
        return self._field_now().field

    def _field_now(self) -> _KnownField:
        key = self._field_key()
        known: _KnownField | None = self.memo.get(FIELD)
        if known is None or known.key != key:
            field = Field(
                width=self.board.width,
                height=self.board.height,
                stands=tuple(
                    StandShape(s.id, s.name, s.side, s.rect, s.watching)
                    for s in self.stands.values()
                    if s.on_board
                ),
                heroes=tuple(HeroBase(m.id, m.name, m.side, m.pos, m.radius) for m in self.loose()),
                terrain=tuple(self.terrain),
            )
            known = self.memo[FIELD] = _KnownField(key, field, {})
        return known

    def _field_key(self) -> tuple[Any, ...]:
        """Everything the field reads that a step may change (names, sides, sizes and the terrain
        never change)."""
        return (
            tuple((s.id, s.x, s.y, s.facing, s.watching, s.status) for s in self.stands.values()),
            tuple(
                (h.id, h.attached_to, m.x, m.y, m.status)
                for h in self.heroes.values()
                for m in (self.models[h.id],)
            ),
        )


def mass(state: BattleState) -> MassState:
    """The state of a mass battle (frames of the mass battle only ever run on one)."""
    assert isinstance(state, MassState)
    return state


def mass_ctx(ctx: Ctx) -> MassState:
    return mass(ctx.state)


Shape = Rect | tuple[Point, float]
"""Where a piece is, for measuring: a stand's footprint, or a loose hero's round base."""


def shape_of(state: MassState, piece: str) -> Shape:
    """A stand's footprint, an attached hero's stand's footprint, or a loose hero's base (§11:
    "within 6"" is measured from his stand's footprint, or from him when loose)."""
    stand = state.stands.get(piece)
    if stand is not None:
        return stand.rect
    carrier = state.stand_of(state.models[piece])
    if carrier is not None:
        return carrier.rect
    model = state.models[piece]
    return (model.pos, model.radius)


def gap(a: Shape, b: Shape) -> float:
    """Edge to edge between two shapes, 0 when they touch or overlap."""
    if isinstance(a, Rect) and isinstance(b, Rect):
        return rect_distance(a, b)
    if isinstance(a, Rect):
        assert not isinstance(b, Rect)
        return circle_distance(a, *b)
    if isinstance(b, Rect):
        return circle_distance(b, *a)
    return max(0.0, dist(a[0], b[0]) - a[1] - b[1])


def gap_between(state: MassState, a: str, b: str) -> float:
    return gap(shape_of(state, a), shape_of(state, b))


def within(state: MassState, a: str, b: str, reach: float) -> bool:
    return gap_between(state, a, b) <= reach + 1e-6


def in_base_contact(a: Model, b: Model) -> bool:
    return math.dist(a.pos, b.pos) - a.radius - b.radius <= CONTACT_TOLERANCE


def hero_foes(state: MassState, hero: Model) -> list[Model]:
    """Enemy loose heroes in base contact with a loose hero (§6.4: he is Engaged)."""
    if state.stand_of(hero) is not None:
        return []
    return [m for m in state.loose() if m.side != hero.side and in_base_contact(hero, m)]


def stand_engaged(state: MassState, stand: Stand) -> bool:
    """§3: in front, flank or rear contact with an enemy stand (asked once per stand while nothing
    on the field moves); a stand lost is engaged with nothing."""
    if not stand.on_board:
        return False
    known = state._field_now()
    found = known.engaged.get(stand.id)
    if found is None:
        found = known.engaged[stand.id] = engaged(known.field, stand.id)
    return found


FIELD = "mass_field"


@dataclass(slots=True)
class _KnownField:
    key: tuple[Any, ...]
    field: Field
    engaged: dict[str, bool]


def friends_within(state: MassState, piece: str, side: Side, reach: float) -> list[str]:
    """Friendly stands and loose heroes within `reach` of a piece (his stand's footprint for an
    attached hero), the piece itself and its own stand left out."""
    own = {piece}
    if piece in state.models and state.stand_of(state.models[piece]) is not None:
        carrier = state.stand_of(state.models[piece])
        assert carrier is not None
        own.add(carrier.id)
    found = [s.id for s in state.army_stands(side) if s.id not in own and within(state, piece, s.id, reach)]
    return found + [h.id for h in state.loose(side) if h.id not in own and within(state, piece, h.id, reach)]
