"""The mass battle's setup, checked and normalised (§2.1, §2.2, §2.3, §2.5).

`read_setup(setup)` takes the `setup` of a `"ruleset": "mass_battle"` battle record and returns
a MassSetup (plain data: stands with their footprint and factors, heroes attached or placed, duel
points, the General, starting strength), or refuses with RuleViolation(code, message):

    {"board": {"width": 72, "height": 48},               # optional: 72" x 48"
     "terrain": [...],                                     # as in the skirmish setup
     "profiles": [{"name": "Warrior of Rohan", ..., "points": 6}, ...],   # optional
     "armies": {
       "good": {"name": "Riders of Rohan", "general": "eomer",            # general optional
                "stands": [{"id": "riders", "profile": "Warrior of Rohan",
                            "x": 30, "y": 6, "facing": 0,
                            "points": 48, "name": "Riders", "heroes": ["eomer"]}],
                "heroes": [{"id": "eomer", "profile": {...}, "points": 110,
                            "cards": ["Swift"], "attached_to": "riders"},
                           {"id": "hama", "profile": {...}, "x": 40, "y": 4}]},
       "evil": {...}},
     "deployment": {"good": [0, 0, 72, 12], "evil": [0, 36, 72, 48]},  # optional, [x0, y0, x1, y1]
     "players_deploy": true,                               # optional: the players deploy (§2.5)
     "turn_limit": 8}                                      # optional

- A `profile` is a profile's data, or the name of one in `profiles`. Its `points` (per model) give
  the default points of a stand (models x points) or a hero; an entry's own `points` (with
  options) wins.
- A stand's `name` is optional (its profile's name, numbered when the army has several).
- A hero is attached (his `attached_to`, or listed in a stand's `heroes`; either or both, if they
  agree) or loose at `x`, `y`. A Monster hero is a stand of his own (§2.3): he gives the stand's
  `x`, `y`, `facing`; the stand's id is his id with "-stand" and it counts no points of its own.
- Every stand and loose hero must stand on the board inside its side's deployment zone (by default
  the 12" along its own edge: Good's is y = 0), off impassable terrain, overlapping nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..errors import RuleViolation
from ..geometry import Point
from ..serial import load, to_data
from ..setup import MODEL_ID, load_profile, read_edition
from ..state import MM_PER_INCH, SIDES, Board, Profile, Side, Terrain, side_name
from ..terrain import load_piece, stops_stands
from .army import HeroEntry, choose_general, starting_strength
from .cards import HeldCard, check_cards, duel_points
from .constants import BOARD_HEIGHT, BOARD_WIDTH, DEPLOY_DEPTH, MAX_HEROES_PER_STAND, TURN_LIMIT
from .field import Field, HeroBase, StandShape
from .geometry import Rect, normal_facing
from .loose import spot_problem
from .stands import StandStats, is_monster, stand_stats
from .sweep import overlaps

MONSTER_STAND_SUFFIX = "-stand"


@dataclass(frozen=True, slots=True)
class StandSetup:
    id: str
    name: str
    side: Side
    profile: Profile
    points: int
    stats: StandStats
    rect: Rect
    monster: str | None = None
    """The Monster hero this stand is (§2.3), whose points stand for it."""


@dataclass(frozen=True, slots=True)
class HeroSetup:
    id: str
    name: str
    side: Side
    profile: Profile
    points: int
    """List points of the hero and his options, without his cards."""
    cards: tuple[HeldCard, ...]
    duel_points: int
    attached_to: str | None
    centre: Point | None
    """Where he stands when loose; None when attached."""
    monster: bool = False
    general: bool = False

    @property
    def radius(self) -> float:
        return self.profile.base_mm / MM_PER_INCH / 2


@dataclass(frozen=True, slots=True)
class ArmySetup:
    name: str
    stands: tuple[StandSetup, ...]
    heroes: tuple[HeroSetup, ...]
    general: str
    starting_strength: int


@dataclass(frozen=True, slots=True)
class MassSetup:
    board: Board
    terrain: tuple[Terrain, ...]
    armies: dict[Side, ArmySetup]
    zones: dict[Side, tuple[float, float, float, float]]
    turn_limit: int = TURN_LIMIT
    edition: int = 1
    players_deploy: bool = False
    """§2.5: the players place their own stands and heroes (Evil first), starting where the setup
    puts them; without it (a setup from before players deployed) each side confirms the setup's
    places, Good first."""

    def field(self) -> Field:
        return Field(
            width=self.board.width,
            height=self.board.height,
            stands=tuple(
                StandShape(s.id, s.name, s.side, s.rect) for army in self.armies.values() for s in army.stands
            ),
            heroes=tuple(
                HeroBase(h.id, h.name, h.side, h.centre, h.radius)
                for army in self.armies.values()
                for h in army.heroes
                if h.centre is not None
            ),
            terrain=self.terrain,
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(self)
        return data


def _bad(message: str) -> RuleViolation:
    return RuleViolation("bad_setup", message)


def read_setup(setup: Any) -> MassSetup:
    """The checked, normalised mass-battle setup; RuleViolation on any bad input."""
    if not isinstance(setup, dict):
        raise _bad("The setup must be an object.")
    try:
        board = load(Board, {"width": BOARD_WIDTH, "height": BOARD_HEIGHT, **setup.get("board", {})})
        if not (6 <= board.width <= 200 and 6 <= board.height <= 200):
            raise _bad('The board must be between 6" and 200" on each side.')
        terrain = tuple(load_piece(i, t) for i, t in enumerate(setup.get("terrain", [])))
        armies_in = setup.get("armies")
        if not isinstance(armies_in, dict) or set(armies_in) != set(SIDES):
            raise _bad("The setup needs a good and an evil army.")
        reader = _Reader(_profile_table(setup.get("profiles", [])))
        for side in SIDES:
            reader.army(side, armies_in[side])
        armies = reader.attach()
        zones = _zones(setup.get("deployment"), board)
        turn_limit = setup.get("turn_limit", TURN_LIMIT)
        if not isinstance(turn_limit, int) or isinstance(turn_limit, bool) or turn_limit < 1:
            raise _bad("The turn limit must be a whole number of turns, 1 or more.")
        players_deploy = setup.get("players_deploy", False)
        if not isinstance(players_deploy, bool):
            raise _bad("players_deploy must be true or false.")
    except RuleViolation:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _bad(f"The setup is malformed: {exc}.") from exc
    result = MassSetup(
        board=board,
        terrain=terrain,
        armies=armies,
        zones=zones,
        turn_limit=turn_limit,
        edition=read_edition(setup),
        players_deploy=players_deploy,
    )
    _check_places(result)
    return result


def _profile_table(entries: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(entries, list) or not all(
        isinstance(e, dict) and isinstance(e.get("name"), str) for e in entries
    ):
        raise _bad("The setup's profiles must be a list of profiles, each with a name.")
    return {e["name"]: e for e in entries}


def default_zones(board: Board) -> dict[Side, tuple[float, float, float, float]]:
    """§2.5: each side's zone is the 12" along its own table edge (Good's is y = 0), [x0, y0, x1, y1]."""
    depth = min(DEPLOY_DEPTH, board.height / 2)
    return {
        "good": (0.0, 0.0, board.width, depth),
        "evil": (0.0, board.height - depth, board.width, board.height),
    }


def _zones(given: Any, board: Board) -> dict[Side, tuple[float, float, float, float]]:
    zones = default_zones(board)
    if given is None:
        return zones
    for side in SIDES:
        zone = given[side]
        if not (isinstance(zone, list) and len(zone) == 4 and all(_is_number(v) for v in zone)):
            raise _bad(f"{side_name(side)}'s deployment zone must be four numbers: [x0, y0, x1, y1].")
        x0, y0, x1, y1 = (float(v) for v in zone)
        zones[side] = (x0, y0, x1, y1)
    return zones


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _number(entry: dict[str, Any], key: str, what: str) -> float:
    value: Any = entry.get(key)
    if not _is_number(value):
        if key == "facing":
            raise RuleViolation(
                "bad_facing", f"The facing of {what} must be a number of degrees (0 faces +y), not {value!r}."
            )
        raise _bad(f"{what} needs a number for {key!r}, not {value!r}.")
    return float(value)


def _points(entry: dict[str, Any], default: int, what: str) -> int:
    value = entry.get("points", default)
    if not _is_whole(value) or value < 0:
        raise _bad(f"The points of {what} must be a whole number of 0 or more.")
    return int(value)


class _Reader:
    """Reads both armies, then settles who is attached to what."""

    def __init__(self, profiles: dict[str, dict[str, Any]]) -> None:
        self.profiles = profiles
        self.ids: set[str] = set()
        self.names: dict[Side, str] = {}
        self.generals: dict[Side, str | None] = {}
        self.stands: list[StandSetup] = []
        self.heroes: list[HeroSetup] = []
        self.listed: dict[str, list[str]] = {}
        """Hero id -> the stands whose `heroes` list him."""

    def army(self, side: Side, data: Any) -> None:
        if not isinstance(data, dict):
            raise _bad(f"The {side} army must be an object.")
        stands_in, heroes_in = data.get("stands", []), data.get("heroes", [])
        if not isinstance(stands_in, list) or not isinstance(heroes_in, list):
            raise _bad(f"The {side} army's stands and heroes must be lists.")
        if not stands_in and not heroes_in:
            raise RuleViolation("empty_army", f"The {side} army has no stands and no heroes.")
        general = data.get("general")
        if general is not None and not isinstance(general, str):
            raise _bad(f"The {side} army's general must be a hero's id.")
        self.names[side] = str(data.get("name") or side_name(side))
        self.generals[side] = general
        stands = [self._entry(e, "Stand") for e in stands_in]
        for (entry, ident, profile, per_model), name in zip(stands, _display_names(stands), strict=True):
            self._stand(side, entry, ident, profile, per_model, name)
        heroes = [self._entry(e, "Hero") for e in heroes_in]
        for (entry, ident, profile, own_points), name in zip(heroes, _display_names(heroes), strict=True):
            self._hero(side, entry, ident, profile, own_points, name)

    def _entry(self, entry: Any, kind: str) -> tuple[dict[str, Any], str, Profile, int]:
        """An entry with its id and its profile, and the profile's points (per model)."""
        if not isinstance(entry, dict):
            raise _bad(f"Each {kind.lower()} must be an object.")
        ident = entry.get("id")
        if not isinstance(ident, str) or not MODEL_ID.match(ident):
            raise _bad(f"{ident!r} is not a usable id (lowercase letters, digits, - and _).")
        self._claim(ident)
        given = entry.get("profile")
        if isinstance(given, str):
            if given not in self.profiles:
                raise RuleViolation(
                    "unknown_profile",
                    f"{kind} {ident!r} names the profile {given!r}, which the setup does not have.",
                )
            given = self.profiles[given]
        if not isinstance(given, dict):
            raise _bad(
                f"{kind} {ident!r} needs a profile: its data or the name of one of the setup's profiles."
            )
        points = given.get("points", 0)
        return entry, ident, load_profile(given), points if _is_whole(points) else 0

    def _claim(self, ident: str) -> None:
        if ident in self.ids:
            raise RuleViolation("duplicate_id", f"Two stands or heroes share the id {ident!r}.")
        self.ids.add(ident)

    def _stand(
        self, side: Side, entry: dict[str, Any], ident: str, profile: Profile, per_model: int, name: str
    ) -> None:
        if profile.is_hero:
            raise RuleViolation(
                "hero_as_stand", f"{profile.name} is a hero: put him among the army's heroes, not its stands."
            )
        stats = stand_stats(profile)
        if "models" in entry and entry["models"] != stats.models:
            raise _bad(f"A stand of {profile.name} holds {stats.models} models, not {entry['models']!r}.")
        points = _points(entry, stats.models * per_model, name)
        self.stands.append(StandSetup(ident, name, side, profile, points, stats, _rect(entry, stats, name)))
        listed = entry.get("heroes", [])
        if not isinstance(listed, list) or not all(isinstance(h, str) for h in listed):
            raise _bad(f"The heroes of {name} must be a list of hero ids.")
        for hero in listed:
            self.listed.setdefault(hero, []).append(ident)

    def _hero(
        self, side: Side, entry: dict[str, Any], ident: str, profile: Profile, own_points: int, name: str
    ) -> None:
        if not profile.is_hero:
            raise RuleViolation("not_a_hero", f"{profile.name} is not a hero: field him in a stand.")
        points = _points(entry, own_points, name)
        cards_in = entry.get("cards", [])
        if not isinstance(cards_in, list):
            raise _bad(f"The Battle Cards of {name} must be a list of card names.")
        hand = tuple(HeldCard(card.key) for card in check_cards(name, cards_in))
        attached_to = entry.get("attached_to")
        if attached_to is not None and not isinstance(attached_to, str):
            raise _bad(f"{name} must be attached to a stand's id, not {attached_to!r}.")
        monster = is_monster(profile)
        placed = not monster and ("x" in entry or "y" in entry)
        centre = (_number(entry, "x", name), _number(entry, "y", name)) if placed else None
        if centre is not None and attached_to is not None:
            raise RuleViolation(
                "hero_placed_twice",
                f"{name} is given both a place and a stand: he is either loose or attached.",
            )
        hero = HeroSetup(
            ident, name, side, profile, points, hand, duel_points(points, hand), attached_to, centre
        )
        if monster:
            hero = self._monster_stand(entry, hero)
        self.heroes.append(hero)

    def _monster_stand(self, entry: dict[str, Any], hero: HeroSetup) -> HeroSetup:
        """§2.3: a Monster hero is fielded as a stand of one model, which he never leaves."""
        if hero.attached_to is not None:
            raise RuleViolation(
                "monster_hero", f"{hero.name} is a Monster: he is a stand of his own and cannot join another."
            )
        ident = hero.id + MONSTER_STAND_SUFFIX
        self._claim(ident)
        stats = stand_stats(hero.profile)
        rect = _rect(entry, stats, hero.name)
        self.stands.append(
            StandSetup(ident, hero.name, hero.side, hero.profile, 0, stats, rect, monster=hero.id)
        )
        return replace(hero, attached_to=ident, monster=True)

    def attach(self) -> dict[Side, ArmySetup]:
        """Settle every hero's attachment (§2.3), then each army's General and strength (§2.5)."""
        stands = {s.id: s for s in self.stands}
        heroes = {h.id: h for h in self.heroes}
        for hero_id, listing in self.listed.items():
            lister = stands[listing[0]]
            if hero_id not in heroes:
                raise RuleViolation(
                    "unknown_hero", f"{lister.name} lists the hero {hero_id!r}, who is not in the setup."
                )
            if heroes[hero_id].side != lister.side:
                raise RuleViolation(
                    "not_your_hero", f"{lister.name} lists {heroes[hero_id].name}, an enemy hero."
                )
        settled = [self._settle(h, stands) for h in self.heroes]
        for stand in self.stands:
            aboard = [h.name for h in settled if h.attached_to == stand.id]
            if stand.monster is not None and len(aboard) > 1:
                raise RuleViolation(
                    "monster_hero", f"No hero may join {stand.name}: a Monster hero's stand is his alone."
                )
            if len(aboard) > MAX_HEROES_PER_STAND:
                raise RuleViolation(
                    "stand_full",
                    f"{stand.name} carries {', '.join(aboard)}: at most {MAX_HEROES_PER_STAND} heroes per stand.",
                )
        result: dict[Side, ArmySetup] = {}
        for side in SIDES:
            own_stands = tuple(s for s in self.stands if s.side == side)
            own_heroes = [h for h in settled if h.side == side]
            entries = [HeroEntry(h.id, h.name, h.profile.tier, h.duel_points) for h in own_heroes]
            named = self.generals[side]
            if named is not None and not entries:
                raise RuleViolation("unknown_general", f"The {side} army has no heroes to lead it.")
            general = choose_general(entries, named) if entries else ""
            result[side] = ArmySetup(
                name=self.names[side],
                stands=own_stands,
                heroes=tuple(replace(h, general=h.id == general) for h in own_heroes),
                general=general,
                starting_strength=starting_strength(len(own_stands), len(own_heroes)),
            )
        return result

    def _settle(self, hero: HeroSetup, stands: dict[str, StandSetup]) -> HeroSetup:
        """Where a hero is: the stand his entry names and the stands listing him must agree."""
        listed = self.listed.get(hero.id, [])
        named = [hero.attached_to] if hero.attached_to is not None else []
        choices = list(dict.fromkeys(named + listed))
        if len(choices) > 1 or len(listed) > 1:
            where = ", ".join(stands[s].name if s in stands else repr(s) for s in choices)
            raise RuleViolation(
                "hero_attached_twice", f"{hero.name} is attached to more than one stand ({where})."
            )
        if not choices:
            if hero.centre is None:
                raise RuleViolation(
                    "hero_not_placed", f"{hero.name} needs a stand to join or a place (x, y) on the board."
                )
            return hero
        stand = stands.get(choices[0])
        if stand is None:
            raise RuleViolation(
                "unknown_stand",
                f"{hero.name} is attached to {choices[0]!r}, which is no stand in this battle.",
            )
        if stand.side != hero.side:
            raise RuleViolation(
                "not_your_stand", f"{hero.name} cannot join {stand.name}: it is an enemy stand."
            )
        if stand.monster is not None and stand.monster != hero.id:
            raise RuleViolation(
                "monster_hero", f"{hero.name} cannot join {stand.name}: a Monster hero's stand is his alone."
            )
        if hero.centre is not None:
            raise RuleViolation(
                "hero_placed_twice",
                f"{hero.name} is given both a place and a stand: he is either loose or attached.",
            )
        return replace(hero, attached_to=stand.id)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _rect(entry: dict[str, Any], stats: StandStats, name: str) -> Rect:
    return Rect(
        _number(entry, "x", name),
        _number(entry, "y", name),
        normal_facing(_number(entry, "facing", name)),
        stats.width,
        stats.depth,
    )


def _display_names(entries: list[tuple[dict[str, Any], str, Profile, int]]) -> list[str]:
    """An entry's own name, else its profile's, numbered when the army has several of that profile."""
    own = [
        e.get("name") if isinstance(e.get("name"), str) and e["name"].strip() else None for e, *_ in entries
    ]
    base = [p.name for _, _, p, _ in entries]
    totals = {name: base.count(name) for name in base}
    seen: dict[str, int] = {}
    names: list[str] = []
    for given, name in zip(own, base, strict=True):
        seen[name] = seen.get(name, 0) + 1
        if given is not None:
            names.append(given.strip()[:100])
        else:
            names.append(f"{name} {seen[name]}" if totals[name] > 1 else name)
    return names


def _check_places(setup: MassSetup) -> None:
    """§2.5: everything on the board, in its side's zone, off impassable ground, overlapping nothing."""
    field_ = setup.field()
    stands = [s for army in setup.armies.values() for s in army.stands]
    for i, stand in enumerate(stands):
        where = f"{stand.name} ({side_name(stand.side)})"
        if not inside(stand.rect.corners, (0.0, 0.0, setup.board.width, setup.board.height)):
            raise RuleViolation("off_board", f"{where} does not fit on the board there.")
        if not inside(stand.rect.corners, setup.zones[stand.side]):
            raise RuleViolation(
                "outside_zone", f"{where} must be deployed inside {side_name(stand.side)}'s deployment zone."
            )
        for piece in setup.terrain:
            if stops_stands(piece) and overlaps((stand.rect.polygon,), piece.polygon):
                raise RuleViolation("impassable", f"{where} cannot stand on {piece.name}.")
        for other in stands[i + 1 :]:
            if overlaps((stand.rect.polygon,), other.rect.polygon):
                raise RuleViolation(
                    "overlap",
                    f"{where} and {other.name} ({side_name(other.side)}) overlap: stands may touch but not overlap.",
                )
    for base in field_.heroes:
        where = f"{base.name} ({side_name(base.side)})"
        problem = spot_problem(field_, base.centre, base.radius, base.side, ignore=base.id, zone=False)
        if problem is not None:
            raise RuleViolation(problem.code, f"{where} cannot be placed there: {problem.message}")
        x0, y0, x1, y1 = setup.zones[base.side]
        r = base.radius
        if not inside([base.centre], (x0 + r, y0 + r, x1 - r, y1 - r)):
            raise RuleViolation(
                "outside_zone", f"{where} must be deployed inside {side_name(base.side)}'s deployment zone."
            )


def inside(points: Sequence[Point], box: tuple[float, float, float, float]) -> bool:
    """Whether every point lies in the box [x0, y0, x1, y1] (a zone, the board)."""
    x0, y0, x1, y1 = box
    eps = 1e-6
    return all(x0 - eps <= x <= x1 + eps and y0 - eps <= y <= y1 + eps for x, y in points)
