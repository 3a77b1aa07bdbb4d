"""Terrain as the rules read it (`docs/rules/terrain.md`): the kinds of piece, how tall a model
stands and at what level, what difficult ground costs while any part of the base is in it, which
walls and rock faces a path crosses and the test each needs, whether a control zone reaches past a
wall, and who defends a Barrier.

The line of sight over these heights is `sight`; the Jump and Climb tests themselves, `crossing`.
A piece given by its three flags alone (no kind, no height) plays as it always has."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from .errors import RuleViolation
from .geometry import (
    BASE_CONTACT,
    EPSILON,
    Point,
    base_cuts,
    boundary_distance,
    bounding_box,
    dist,
    point_in_polygon,
    point_polygon_distance,
    segment_crosses_polygon,
)
from .house_rules import HEIGHTS
from .legacy import TERRAIN_EDITION, centre_line_difficult
from .serial import load
from .special_rules import shaped
from .special_rules.shapes import TerrainAsOpen
from .state import BattleState, Model, Terrain


@dataclass(frozen=True)
class Kind:
    """A kind of piece: what a new one is (its properties) and the tags rules about kinds read."""

    label: str
    properties: dict[str, Any]
    tags: frozenset[str]


KINDS: dict[str, Kind] = {
    "wood": Kind("Wood", {"difficult": True, "height": 4.0}, frozenset({"woodland"})),
    "hill": Kind(
        "Hill", {"raised": True, "blocks_sight": True, "obscures": False, "height": 2.0}, frozenset({"hill"})
    ),
    "rocks": Kind(
        "Rocks",
        {"raised": True, "climbable": True, "blocks_sight": True, "height": 2.0},
        frozenset({"rocky", "mountain", "stone"}),
    ),
    "rubble": Kind("Rocky ground", {"difficult": True, "height": 0.5}, frozenset({"rocky", "mountain"})),
    "wall": Kind(
        "Wall",
        {"barrier": True, "climbable": True, "blocks_sight": True, "height": 1.0},
        frozenset({"stone"}),
    ),
    "fence": Kind("Fence", {"barrier": True, "climbable": True, "height": 0.8}, frozenset()),
    "hedge": Kind("Hedge", {"barrier": True, "height": 1.0}, frozenset({"woodland"})),
    "river": Kind(
        "River",
        {"difficult": True, "water": "shallow", "obscures": False, "height": 0.0},
        frozenset({"water"}),
    ),
    "lake": Kind(
        "Deep water",
        {"impassable": True, "water": "deep", "obscures": False, "height": 0.0},
        frozenset({"water"}),
    ),
    "ruin": Kind("Ruin", {"difficult": True, "height": 2.0}, frozenset({"ruin", "stone"})),
    "building": Kind(
        "Building",
        {"impassable": True, "blocks_sight": True, "height": 3.0},
        frozenset({"building", "stone"}),
    ),
}
"""Every kind a board may use, with the properties a new piece of it has (`new_piece`)."""

OLD_NAME_TAGS: dict[str, tuple[str, ...]] = {
    "woodland": ("wood", "forest"),
    "rocky": ("rock", "boulder", "cliff"),
    "mountain": ("mountain", "rock", "hill"),
    "ruin": ("ruin",),
    "stone": ("stone", "brick"),
    "cave": ("cave",),
    "water": ("river", "stream", "ford", "water", "brook"),
}
"""A piece with no kind (a setup from before kinds) has the tags its name's words give."""


def tags_of(piece: Terrain) -> frozenset[str]:
    kind = KINDS.get(piece.kind)
    if kind is not None:
        return kind.tags
    name = piece.name.lower()
    return frozenset(tag for tag, words in OLD_NAME_TAGS.items() if any(w in name for w in words))


def new_piece(kind: str, **given: Any) -> dict[str, Any]:
    """A piece of `kind` as a setup gives it: the kind's properties, then what `given` says."""
    return {"kind": kind, "name": KINDS[kind].label, **KINDS[kind].properties, **given}


def load_piece(index: int, data: dict[str, Any]) -> Terrain:
    """Terrain piece number `index` (from 0) of a setup or a board: at least three corners; its
    kind's properties where it gives none of its own. RuleViolation ("bad_setup") says what is wrong."""
    if not isinstance(data, dict):
        raise RuleViolation("bad_setup", f"Terrain piece {index + 1} is not an object.")
    kind = data.get("kind", "")
    if kind and kind not in KINDS:
        known = ", ".join(sorted(KINDS))
        raise RuleViolation("bad_setup", f"There is no kind of terrain called {kind!r} (known: {known}).")
    given = {"id": f"t{index + 1}", "name": KINDS[kind].label if kind else "Terrain"}
    given.update(KINDS[kind].properties if kind else {})
    given.update(data)
    try:
        piece = load(Terrain, given)
    except (KeyError, TypeError, ValueError) as exc:
        raise RuleViolation("bad_setup", f"Terrain piece {index + 1} is malformed: {exc}.") from exc
    if len(piece.polygon) < 3:
        raise RuleViolation("bad_setup", f"Terrain {piece.name!r} needs at least three corners.")
    if piece.height is not None and not 0 <= piece.height <= MAX_HEIGHT:
        raise RuleViolation("bad_setup", f'Terrain {piece.name!r} must be 0" to {MAX_HEIGHT:g}" high.')
    if piece.water not in ("", "shallow", "deep"):
        raise RuleViolation("bad_setup", f"Terrain {piece.name!r}: its water is shallow or deep.")
    return piece


MAX_HEIGHT = 50.0


def over(model: Model, piece: Terrain) -> bool:
    """The model's base is over the piece (any part of it)."""
    return point_polygon_distance(model.pos, piece.polygon) < model.radius


def of_kind(state: BattleState, model: Model, tags: Iterable[str]) -> Terrain | None:
    """The piece the model's base is over that has one of `tags` (Collapse Rocks' rocky places,
    Wrath of Bruinen's water), if any."""
    wanted = frozenset(tags)
    return next((p for p in state.terrain if tags_of(p) & wanted and over(model, p)), None)


def kind_label(piece: Terrain) -> str:
    kind = KINDS.get(piece.kind)
    return kind.label.lower() if kind is not None else "terrain"


def describe(piece: Terrain) -> str:
    """What a player reads of a piece: "Old wall (wall, 1" high, a barrier)"."""
    parts = [kind_label(piece)]
    if piece.height:
        parts.append(f'{piece.height:g}" high')
    if piece.barrier:
        parts.append("a barrier")
    if piece.raised:
        parts.append("climbed onto" if piece.climbable else "walked onto")
    if piece.water == "shallow":
        parts.append("shallow water, difficult for Infantry")
    elif piece.difficult:
        parts.append("difficult")
    if piece.impassable:
        parts.append("impassable")
    if piece.blocks_sight:
        parts.append("blocks sight")
    elif piece.obscures:
        parts.append("In The Way of shots")
    return f"{piece.name} ({', '.join(parts)})"


# -- models: how tall, how high up -----------------------------------------------------------------


def true_height(model: Model) -> float:
    """Top of head to feet, base included (`house_rules.TRUE_HEIGHTS`); a Cavalry model's is the
    whole model's, rider's head to mount's feet."""
    profile = model.profile
    if model.mount is not None:
        mount = model.mount.profile.name.lower()
        return (
            HEIGHTS["pony"] if "pony" in mount else HEIGHTS["warg"] if "warg" in mount else HEIGHTS["horse"]
        )
    if "Cavalry" in profile.keywords:
        return HEIGHTS["horse"]
    if profile.base_mm >= 100:
        return HEIGHTS["huge"]
    if "Monster" in profile.keywords or profile.base_mm >= 50:
        return HEIGHTS["monster"]
    if profile.base_mm >= 40:
        return HEIGHTS["large"]
    words = " ".join([profile.name, *profile.keywords]).lower()
    return next((HEIGHTS[w] for w in ("hobbit", "dwarf", "goblin") if w in words), HEIGHTS["man"])


def sight_height(model: Model) -> float:
    """How tall it counts for Line of Sight: half its height while Prone."""
    return true_height(model) / 2 if model.prone else true_height(model)


def level_at(state: BattleState, point: Point) -> float:
    """The height of the ground at a point: the top of the raised piece it is on, else 0."""
    return max(
        (p.height or 0.0 for p in state.terrain if p.raised and point_in_polygon(point, p.polygon)),
        default=0.0,
    )


def level(state: BattleState, model: Model) -> float:
    """Where the model's feet are: part way up a face it is climbing, or on the ground at its place."""
    return model.climb if model.climb else level_at(state, model.pos)


def top(piece: Terrain) -> float:
    """The height of its top (a piece of no stated height reaches above every line of sight)."""
    return math.inf if piece.height is None else piece.height


# -- difficult ground --------------------------------------------------------------------------------

DIFFICULT_EXTRA = 1.0
"""Each inch moved while the base is in difficult terrain costs this much more: double ..."""
DIFFICULT_EXTRA_MOUNTED = 3.0
"""... and four times for a mounted model (terrain.md §3, `docs/rules/wargear.md` §6.5)."""
NOT_SLOWED_BY_SHALLOW_WATER = frozenset({"Cavalry", "Monster", "War Beast"})


def slows(piece: Terrain, model: Model) -> bool:
    """Whether the piece is difficult ground for this model."""
    if not piece.difficult:
        return False
    if piece.water == "shallow" and (
        model.mount is not None or NOT_SLOWED_BY_SHALLOW_WATER & set(model.profile.keywords)
    ):
        return False
    tags = tags_of(piece)
    # Woodland Creature, Mountain Dweller (a Cavalry model's mount's, terrain.md §16), Spectral Walk
    return not any(
        ("*" in open_.tags and not open_.but & tags) or open_.tags & tags
        for _, open_ in shaped(model, TerrainAsOpen)
    )


def slowing_piece(state: BattleState, model: Model) -> Terrain | None:
    """The difficult piece the model's base is over, if one slows it."""
    return next((p for p in state.terrain if slows(p, model) and over(model, p)), None)


def _near(polygon: Sequence[Point], a: Point, b: Point, reach: float) -> bool:
    """A quick test that a segment passes within `reach` of the polygon's bounding box."""
    x0, y0, x1, y1 = bounding_box(polygon)
    return not (
        max(a[0], b[0]) < x0 - reach
        or min(a[0], b[0]) > x1 + reach
        or max(a[1], b[1]) < y0 - reach
        or min(a[1], b[1]) > y1 + reach
    )


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def difficult_extra(state: BattleState, model: Model, points: Sequence[Point]) -> float:
    """The Move a path costs beyond its length: every inch moved while any part of the base is in
    difficult ground that slows the model costs one more, three more mounted (terrain.md §3)."""
    factor = DIFFICULT_EXTRA_MOUNTED if model.mount is not None else DIFFICULT_EXTRA
    if state.edition < TERRAIN_EDITION:
        return factor * centre_line_difficult(state, list(points))
    slowing = [p for p in state.terrain if slows(p, model)]
    if not slowing:
        return 0.0
    r = model.radius
    inside = 0.0
    for a, b in pairwise(points):
        length = dist(a, b)
        near = [p for p in slowing if _near(p.polygon, a, b, r)]
        if not near or length == 0:
            continue
        cuts = sorted({t for p in near for t in base_cuts(a, b, p.polygon, r)})
        for t0, t1 in pairwise(cuts):
            mid = _lerp(a, b, (t0 + t1) / 2)
            if t1 > t0 and any(point_polygon_distance(mid, p.polygon) < r - 1e-9 for p in near):
                inside += (t1 - t0) * length
    return inside * factor


# -- walls and rock faces on a path ----------------------------------------------------------------

TINY = 1e-6
"""Inches below which a base is taken as touching, not over, a piece's edge."""
Place = Literal["clear", "edge", "inside"]
"""Where a base is against a piece: clear of it, over its edge (any part), or wholly inside."""
Test = Literal["free", "jump", "climb", "refused"]
WAR_BEAST_STEP = 2.0
"""War Beasts cross obstacles up to this height freely and never higher (terrain.md §15.3)."""
NEVER_JUMP = frozenset({"Chariot", "Siege Engine"})


@dataclass(frozen=True)
class Stretch:
    """A part of a path (from `start` to `end` inches along it) where the base stays in one place
    against a piece; `centre_in`: its centre is inside the piece somewhere along it."""

    start: float
    end: float
    place: Place
    centre_in: bool


def stretches(points: Sequence[Point], polygon: Sequence[Point], r: float) -> list[Stretch]:
    """The path cut where the base's place against the polygon changes."""
    found: list[Stretch] = []
    walked = 0.0
    for a, b in pairwise(points):
        length = dist(a, b)
        if length == 0:
            continue
        cuts = base_cuts(a, b, polygon, r) if _near(polygon, a, b, r) else [0.0, 1.0]
        for t0, t1 in pairwise(cuts):
            if (t1 - t0) * length <= TINY:
                continue
            mid = _lerp(a, b, (t0 + t1) / 2)
            centre_in = point_in_polygon(mid, polygon)
            place = place_of(mid, polygon, r)
            start, end = walked + t0 * length, walked + t1 * length
            if found and found[-1].place == place:
                last = found.pop()
                found.append(Stretch(last.start, end, place, last.centre_in or centre_in))
            else:
                found.append(Stretch(start, end, place, centre_in))
        walked += length
    return found


@dataclass(frozen=True)
class Crossing:
    """A wall crossed or a rock face gone up or down on a path: from `start` inches along the path
    (the base reaches it) to `end` (where the model is placed beyond it); `cost`: the Move its
    climbing takes on top of the path's length."""

    piece: Terrain
    test: Test
    way: Literal["over", "up", "down"]
    start: float
    end: float
    cost: float = 0.0
    reason: str = ""

    @property
    def needs_test(self) -> bool:
        return self.test in ("jump", "climb")

    def what(self) -> str:
        """ "Jump the Old wall (1\" high)", "Climb up the Rocks (2\" high)"."""
        verb = {"jump": "Jump", "climb": "Climb", "free": "Cross", "refused": "Cross"}[self.test]
        way = {"over": "", "up": " up", "down": " down"}[self.way]
        height = f' ({self.piece.height:g}" high)' if self.piece.height else ""
        return f"{verb}{way} the {self.piece.name}{height}"


def obstacle_test(model: Model, height: float, climbable: bool) -> tuple[Test, str]:
    """How the model gets over an obstacle `height` tall: freely up to half its height, with a Jump
    up to its height, with a Climb beyond when there are holds (terrain.md §5); and why not, when it cannot."""
    own = true_height(model)
    keywords = set(model.profile.keywords)
    if "War Beast" in keywords:
        return ("free", "") if height <= WAR_BEAST_STEP + 1e-9 else ("refused", "War Beasts never cross it")
    if height <= own / 2 + 1e-9:
        return "free", ""
    if NEVER_JUMP & keywords:
        return "refused", f"{model.name} can never Jump or Climb"
    if height <= own + 1e-9:
        return "jump", ""
    if model.mount is not None or "Cavalry" in keywords:
        return "refused", "Cavalry never Climb, and it is taller than the model"
    if not climbable:
        return "refused", "it is taller than the model and has nothing to climb by"
    return "climb", ""


def _climb_cost(way: str, height: float, own: float, stretch: float) -> float:
    """What a climb costs beyond the path's length: climbing counts double (terrain.md §7), up the whole height
    and, over a wall, down the far side beyond the model's own height (`house_rules.CLIMB_OVER`);
    the model climbs straight, so the `stretch` of path it takes to get over is not paid as well."""
    vertical = 2 * height + (2 * max(0.0, height - own) if way == "over" else 0.0)
    return vertical - stretch


def crossings(state: BattleState, model: Model, points: Sequence[Point]) -> list[Crossing]:
    """Every barrier and climbable face the path takes the model over, up or down, in order along
    it, with the test each needs; a refused one says why (a graze of a wall, ending on one, a wall
    it can never cross)."""
    found: list[Crossing] = []
    r = model.radius
    for piece in state.terrain:
        if piece.impassable or not (piece.barrier or (piece.raised and piece.climbable)):
            continue
        if not any(_near(piece.polygon, a, b, r) for a, b in pairwise(points)):
            continue
        parts = stretches(points, piece.polygon, r)
        ends = (place_of(points[0], piece.polygon, r), place_of(points[-1], piece.polygon, r))
        if piece.barrier:
            found.extend(_barrier(model, piece, parts, ends))
        else:
            found.extend(_face(model, piece, parts, ends))
    return sorted(found, key=lambda c: c.start)


def place_of(point: Point, polygon: Sequence[Point], r: float) -> Place:
    """Where a base centred at `point` is against the polygon; touching it is still clear of it."""
    if point_in_polygon(point, polygon) and boundary_distance(point, polygon) >= r - TINY:
        return "inside"
    return "edge" if point_polygon_distance(point, polygon) < r - TINY else "clear"


def _barrier(model: Model, piece: Terrain, parts: list[Stretch], ends: tuple[Place, Place]) -> list[Crossing]:
    """Crossing a wall: the base's edge reaches it, its centre passes through, and it clears the far
    face; a path that only grazes it, or ends on it, is refused unless the wall is free to step over."""
    height = piece.height or 0.0
    test, reason = obstacle_test(model, height, piece.climbable)
    found = []
    runs = _runs_off_clear(parts)
    for index, (start, end, centre_in) in enumerate(runs):
        if index == 0 and start <= TINY and ends[0] != "clear":
            continue  # it starts over the wall: it is already on its way across
        ends_on_it = index == len(runs) - 1 and ends[1] != "clear"
        if test == "free" and not ends_on_it:
            found.append(Crossing(piece, "free", "over", start, end))
        elif ends_on_it:
            found.append(Crossing(piece, "refused", "over", start, end, reason="it would stand on it"))
        elif not centre_in:
            found.append(Crossing(piece, "refused", "over", start, end, reason="the path runs into it"))
        else:
            cost = _climb_cost("over", height, true_height(model), end - start) if test == "climb" else 0.0
            found.append(Crossing(piece, test, "over", start, end, cost, reason))
    return found


def _runs_off_clear(parts: list[Stretch]) -> list[tuple[float, float, bool]]:
    """The stretches where the base is not clear of the piece, joined: (start, end, centre_in)."""
    runs: list[tuple[float, float, bool]] = []
    for part in parts:
        if part.place == "clear":
            continue
        if runs and abs(runs[-1][1] - part.start) < 1e-9:
            start, _, centre_in = runs.pop()
            runs.append((start, part.end, centre_in or part.centre_in))
        else:
            runs.append((part.start, part.end, part.centre_in))
    return runs


def _face(model: Model, piece: Terrain, parts: list[Stretch], ends: tuple[Place, Place]) -> list[Crossing]:
    """Going up onto a raised, climbable piece (its edge between clear ground and its top), or down
    off it; the face is its height, dropped freely up to the model's own height (terrain.md §7)."""
    height = piece.height or 0.0
    own = true_height(model)
    found = []
    for index, part in enumerate(parts):
        if part.place != "edge" or (index == 0 and ends[0] == "edge"):
            continue
        before = parts[index - 1].place if index else ends[0]
        after = parts[index + 1].place if index + 1 < len(parts) else None
        if after is None and ends[1] != "edge":
            after = ends[1]
        if before == "clear" and after == "inside":
            test, reason = obstacle_test(model, height, True)
            way: Literal["up", "down"] = "up"
        elif before == "inside" and after == "clear":
            way = "down"
            test, reason = ("free", "") if height <= own + 1e-9 else obstacle_test(model, height, True)
            if test == "jump":
                test = "free"
        elif after is None:
            found.append(
                Crossing(piece, "refused", "up", part.start, part.end, reason="it would stand on its edge")
            )
            continue
        else:
            if obstacle_test(model, height, True)[0] != "free":
                found.append(
                    Crossing(
                        piece, "refused", "up", part.start, part.end, reason="the path runs into its face"
                    )
                )
            continue
        cost = _climb_cost(way, height, own, part.end - part.start) if test == "climb" else 0.0
        found.append(Crossing(piece, test, way, part.start, part.end, cost, reason))
    return found


def climbing_cost(found: Iterable[Crossing]) -> float:
    return sum(c.cost for c in found)


# -- control zones and defended barriers ------------------------------------------------------------


def zone_reaches(state: BattleState, owner: Model, point: Point, mover: Model) -> bool:
    """Whether `owner`'s control zone reaches a base of `mover` at `point`: a barrier or impassable
    piece between them cuts it (`house_rules.CONTROL_ZONES_CUT`), except a barrier `owner` defends
    against `mover`, whose zone reaches over it (terrain.md §11, terrain.md §12.1)."""
    for piece in state.terrain:
        if not (piece.barrier or piece.impassable) or not _near(piece.polygon, owner.pos, point, 0.0):
            continue
        if not segment_crosses_polygon(owner.pos, point, piece.polygon):
            continue
        if piece.barrier and defends(state, owner, mover, piece):
            continue
        return False
    return True


CANNOT_DEFEND = frozenset({"War Beast", "Chariot"})


def touches(model: Model, piece: Terrain) -> bool:
    return point_polygon_distance(model.pos, piece.polygon) <= model.radius + BASE_CONTACT


def defends(state: BattleState, defender: Model, attacker: Model, piece: Terrain) -> bool:
    """Whether `defender` defends the barrier `piece` against `attacker` (terrain.md §12.1): it touches it and
    can see over it, is not Prone, and the barrier is at least half the attacker's height."""
    if not piece.barrier or defender.prone or CANNOT_DEFEND & set(defender.profile.keywords):
        return False
    height = piece.height or 0.0
    if height < true_height(attacker) / 2 - 1e-9 or not touches(defender, piece):
        return False
    return level(state, defender) + sight_height(defender) >= height - 1e-9  # its head clears it


def defended_between(state: BattleState, defender: Model, attacker: Model, at: Point) -> Terrain | None:
    """The barrier `defender` defends against `attacker` standing at `at`, across it, if any."""
    for piece in state.terrain:
        if (
            piece.barrier
            and segment_crosses_polygon(defender.pos, at, piece.polygon)
            and defends(state, defender, attacker, piece)
        ):
            return piece
    return None


# -- where models may go at all, for the board's checks (`docs/rules/terrain.md` §19.5) ---------------

WALKER = HEIGHTS["man"]
"""The board is checked for a Man on a 25 mm base: what it crosses without a Climb test, all may."""


def blocks_walkers(piece: Terrain) -> bool:
    """No Man gets through it without a Climb test: impassable, deep water, a wall or a rock face
    taller than a Man (a Jump is allowed, MUST 2)."""
    if piece.impassable or piece.water == "deep":
        return True
    return (piece.barrier or (piece.raised and piece.climbable)) and (piece.height or 0.0) > WALKER + 1e-9


def no_standing(state: BattleState, model: Model) -> Terrain | None:
    """The piece the model may not stand where it is on: impassable ground or deep water under its
    centre, or a wall under its base."""
    for piece in state.terrain:
        if piece.barrier and over(model, piece):
            return piece
        if (piece.impassable or piece.water == "deep") and point_in_polygon(model.pos, piece.polygon):
            return piece
    return None


def room_at(pieces: Iterable[Terrain]) -> Callable[[Point, float], bool]:
    """Whether a base may be set down at a point before the battle: not over a wall, impassable
    ground, deep water or a rock only climbed onto (a setup's first layout keeps to such places).
    A setup asks at many points: a piece whose bounding box lies more than the base's radius away
    (with room for rounding) is passed over without measuring."""
    blockers = [
        (piece.polygon, bounding_box(piece.polygon))
        for piece in pieces
        if piece.barrier or piece.impassable or piece.water == "deep" or (piece.raised and piece.climbable)
    ]

    def room(point: Point, radius: float) -> bool:
        x, y = point
        reach = radius + EPSILON
        return not any(
            x0 - reach < x < x1 + reach
            and y0 - reach < y < y1 + reach
            and point_polygon_distance(point, polygon) < radius
            for polygon, (x0, y0, x1, y1) in blockers
        )

    return room


def keeps_markers_off(piece: Terrain) -> bool:
    """An objective marker may not lie over it (`house_rules.MARKER_PLACES`): where no model stands
    (impassable, deep water, a wall) or on a top reached only by climbing."""
    return piece.impassable or piece.water == "deep" or piece.barrier or blocks_walkers(piece)


# -- the mass battle's stands (`docs/rules/mass-battle.md` §2.1) --------------------------------------
# A stand is a block of troops, not a model: it takes no Jump or Climb test, so the mass battle reads
# each piece as one of the spec's three properties.


def stops_stands(piece: Terrain) -> bool:
    """No stand enters it: impassable, or a rock only climbed onto."""
    return piece.impassable or (piece.raised and piece.climbable)


def slows_stands(piece: Terrain) -> bool:
    """Difficult for a stand: difficult ground, and walls, fences and hedges it crosses."""
    return piece.difficult or piece.barrier


def hides_from_stands(piece: Terrain) -> bool:
    """It blocks sight between stands: a wall does not (ranks see over it)."""
    return piece.blocks_sight and not piece.barrier
