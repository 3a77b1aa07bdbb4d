"""Building a battle from its setup: board, terrain, two armies, deployment."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Any

from .boards.agreement import BoardAgreement
from .boards.fair import BoardNeeds, rect_zones, scenario_needs
from .errors import RuleViolation
from .frame import Action, Ctx, Frame, Option, Pending
from .legacy import EDITION
from .scenarios.catalogue import CATALOGUE, spec_of
from .scenarios.data import Marker, ScenarioState
from .scenarios.pregame import opening
from .serial import load
from .state import SIDES, Army, BattleState, Board, Model, Mount, Profile, Side, Warband, side_name
from .terrain import load_piece, no_standing
from .tiers import tier_rank
from .turn import BattleFrame
from .wargear import exchanged, missile_from_wargear, read_kit

DEPLOYMENT_DEPTH = 12.0
MODEL_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


def _bad(message: str) -> RuleViolation:
    return RuleViolation("bad_setup", message)


def default_zones(board: Board) -> dict[str, list[float]]:
    """Good deploys along the bottom edge, Evil along the top: [x0, y0, x1, y1]."""
    depth = min(DEPLOYMENT_DEPTH, board.height / 2)
    return {
        "good": [0.0, board.height - depth, board.width, board.height],
        "evil": [0.0, 0.0, board.width, depth],
    }


def new_battle(setup: dict[str, Any]) -> BattleState:
    """A battle waiting for its first decision: Good deploys (or confirms its deployment)."""
    if not isinstance(setup, dict):
        raise _bad("The setup must be an object.")
    try:
        board = load(Board, setup.get("board", {}))
        if not (6 <= board.width <= 200 and 6 <= board.height <= 200):
            raise _bad('The board must be between 6" and 200" on each side.')
        terrain = [load_piece(i, t) for i, t in enumerate(setup.get("terrain", []))]
        armies_in = setup.get("armies")
        if not isinstance(armies_in, dict) or set(armies_in) != set(SIDES):
            raise _bad("The setup needs a good and an evil army.")
        models: dict[str, Model] = {}
        armies: dict[str, Army] = {}
        for side in SIDES:
            army = armies_in[side]
            entries = army.get("models", [])
            if not entries:
                raise _bad(f"The {side} army has no models.")
            mine = []
            for entry in entries:
                model = _model(side, entry)
                if model.id in models:
                    raise _bad(f"Two models share the id {model.id!r}.")
                models[model.id] = model
                mine.append(model)
            extra = {str(entry["id"]): n for entry in entries if (n := _extra_models(entry))}
            armies[side] = Army(
                str(army.get("name") or side_name(side)),
                len(entries) + sum(extra.values()),
                general=_general(army, mine),
                warbands=_warbands(army, mine),
                break_point_divisor=_break_point_divisor(army),
                extra_models=extra,
            )
        zones_in = setup.get("deployment") or default_zones(board)
        zones = {side: [float(v) for v in zones_in[side]] for side in SIDES}
        scenario = _scenario(setup.get("scenario"), board)
    except RuleViolation:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise _bad(f"The setup is malformed: {exc}.") from exc
    state = BattleState(
        board=board,
        terrain=terrain,
        models=models,
        armies=armies,
        max_turns=int(setup.get("max_turns", 0)),
        scenario=scenario,
        edition=read_edition(setup),
        powers=read_powers(setup),
    )
    if scenario is None:
        state.stack = [BattleFrame(), Deployment("evil", zones["evil"]), Deployment("good", zones["good"])]
    else:
        for model in models.values():  # a scenario's deployment places every model
            model.x = model.y = -1.0
        state.stack = [BattleFrame(), *reversed(opening(spec_of(scenario.key)))]
    chooser = setup.get("board_choice")
    if chooser is not None:
        state.stack.append(BoardAgreement(read_side(chooser), board_needs(setup)))
    state.phase = "deployment"
    return state


def board_needs(setup: dict[str, Any]) -> BoardNeeds:
    """What a skirmish setup needs of its board: its scenario's zones and markers, or the two
    deployment zones it gives (by default the 12" along the top and bottom edges)."""
    board = load(Board, setup.get("board", {}))
    scenario = setup.get("scenario")
    if scenario:
        return scenario_needs(scenario, board)
    zones = setup.get("deployment") or default_zones(board)
    return BoardNeeds(rect_zones({side: [float(v) for v in zones[side]] for side in SIDES}))


def read_side(value: Any) -> Side:
    """The side a setup names (the side that chose the board)."""
    for side in SIDES:
        if value == side:
            return side
    raise _bad(f"The board is chosen by good or evil, not {value!r}.")


def _scenario(key: Any, board: Board) -> ScenarioState | None:
    """The scenario a setup names, with its fixed markers in place (None: no scenario)."""
    if key is None or key == "":
        return None
    if not isinstance(key, str) or key not in CATALOGUE:
        raise _bad(f"There is no scenario called {key!r} (known: {', '.join(sorted(CATALOGUE))}).")
    spec = spec_of(key)
    markers = [Marker(spot.key, spot.label, *spot.at(board.width, board.height)) for spot in spec.markers]
    return ScenarioState(key, markers=markers)


def _general(army: dict[str, Any], models: list[Model]) -> str:
    """The General the setup names, else the Hero of the highest tier (the first listed of those)."""
    named = army.get("general")
    if named:
        if not any(m.id == named and m.is_hero for m in models):
            raise _bad(f"The General {named!r} is not a Hero of that army.")
        return str(named)
    heroes = [m for m in models if m.is_hero]
    best = max(heroes, key=lambda m: tier_rank(m.profile.tier), default=None)
    return best.id if best else ""


def _warbands(army: dict[str, Any], models: list[Model]) -> list[Warband]:
    """The army's Warbands, each a Captain and its followers; a setup that names none deploys its
    models as one group with no Captain."""
    listed = army.get("warbands")
    if not listed:
        return [Warband("", [m.id for m in models])]
    ids = {m.id for m in models}
    warbands, seen = [], set()
    for entry in listed:
        captain = str(entry["captain"])
        members = [captain, *(str(f) for f in entry.get("followers", []))]
        for member in members:
            if member not in ids:
                raise _bad(f"The Warband of {captain!r} names {member!r}, who is not in that army.")
            if member in seen:
                raise _bad(f"{member!r} is in two Warbands.")
            seen.add(member)
        warbands.append(Warband(captain, members))
    missing = ids - seen
    if missing:
        raise _bad(f"{', '.join(sorted(missing))} belong(s) to no Warband.")
    return warbands


def _model(side: Side, entry: dict[str, Any]) -> Model:
    model_id = str(entry.get("id", ""))
    if not MODEL_ID.match(model_id):
        raise _bad(f"{model_id!r} is not a usable model id (lowercase letters, digits, - and _).")
    profile = load_profile(entry["profile"])
    placed = "x" in entry and "y" in entry
    mount = None
    if entry.get("mount"):
        ridden = load_profile(entry["mount"])
        read_kit(ridden, mounted=False)
        mount = Mount(ridden, ridden.wounds, ridden.might, ridden.will, ridden.fate)
    read_kit(profile, mounted=mount is not None)
    missile = missile_from_wargear(profile)
    if missile is not profile.missile:
        profile = replace(profile, missile=missile)
    return Model(
        id=model_id,
        side=side,
        profile=profile,
        x=float(entry["x"]) if placed else -1.0,
        y=float(entry["y"]) if placed else -1.0,
        wounds=profile.wounds,
        might=profile.might,
        will=profile.will,
        fate=profile.fate,
        status="on_board",
        mount=mount,
        points=int(entry.get("points", 0)),
    )


def _break_point_divisor(army: dict[str, Any]) -> float:
    """An army list's Break Point divisor (`break_point_divisor`, 1 to 4; 2 when not given)."""
    divisor = army.get("break_point_divisor", 2)
    if isinstance(divisor, bool) or not isinstance(divisor, (int, float)) or not 1 <= divisor <= 4:
        raise _bad(f"An army's break_point_divisor must be a number from 1 to 4, not {divisor!r}.")
    return float(divisor)


MAX_EXTRA_MODELS = 10


def _extra_models(entry: dict[str, Any]) -> int:
    """How many more models its army list counts a model as (`extra_models`, 0 to 10; 0 when not
    given): Éowyn carrying Merry is two models, 1 more."""
    extra = entry.get("extra_models", 0)
    if isinstance(extra, bool) or not isinstance(extra, int) or not 0 <= extra <= MAX_EXTRA_MODELS:
        raise _bad(
            f"The extra_models of {entry.get('id')!r} must be a whole number from 0 to {MAX_EXTRA_MODELS}."
        )
    return extra


def load_profile(data: dict[str, Any]) -> Profile:
    """A profile from its plain data, refused (bad_setup) unless every characteristic is a number
    of 0 or more, it has a Wound and its base is 10 to 200 mm across. `given_up` lists printed
    wargear its army list exchanged away (`wargear.exchanged`)."""
    given_up = data.get("given_up", [])
    if not isinstance(given_up, list) or not all(isinstance(item, str) for item in given_up):
        raise _bad(f"{data.get('name')}'s given_up must be a list of wargear names.")
    profile = exchanged(load(Profile, data), given_up)
    for name in (
        "move",
        "fight",
        "shoot",
        "strength",
        "defence",
        "attacks",
        "wounds",
        "courage",
        "intelligence",
    ):
        value = getattr(profile, name)
        if (
            not isinstance(value, (int, float))
            or isinstance(value, bool)
            or not math.isfinite(value)
            or value < 0
        ):
            raise _bad(f"{profile.name}'s {name} must be a number of 0 or more.")
    if profile.wounds < 1:
        raise _bad(f"{profile.name} needs at least 1 Wound.")
    if not 10 <= profile.base_mm <= 200:
        raise _bad(f"{profile.name}'s base must be 10 to 200 mm across.")
    return profile


POWERS_SETTINGS = {
    "classic": "Classic (with channelled forms)",
    "2024": "2024 (no channelled forms)",
}
"""The Magical Powers a battle may be played with (its setup's `powers`); "classic" unless it says."""


def read_powers(setup: dict[str, Any]) -> str:
    powers = setup.get("powers", "classic")
    if powers not in POWERS_SETTINGS:
        raise _bad(f"There are no Magical Powers called {powers!r} (classic or 2024).")
    return str(powers)


def read_edition(setup: dict[str, Any]) -> int:
    """The edition of the rules a setup is played by: 1 unless it says (a setup from before editions)."""
    edition = setup.get("edition", 1)
    if edition not in range(1, EDITION + 1) or isinstance(edition, bool):
        raise _bad(f"There is no edition {edition!r} of the rules (1 to {EDITION}).")
    return int(edition)


def number_namesakes(setup: dict[str, Any]) -> dict[str, Any]:
    """The setup with models that share a name numbered ("Warrior of Minas Tirith 3"), so every log
    line, button and label names one model. Numbers run in setup order across both armies."""
    entries = [m for side in SIDES for m in setup.get("armies", {}).get(side, {}).get("models", [])]
    count: dict[str, int] = {}
    for entry in entries:
        name = entry["profile"]["name"]
        count[name] = count.get(name, 0) + 1
    seen: dict[str, int] = {}
    armies = {}
    for side in SIDES:
        army = setup["armies"][side]
        models = []
        for entry in army.get("models", []):
            name = entry["profile"]["name"]
            if count[name] > 1:
                seen[name] = seen.get(name, 0) + 1
                entry = {**entry, "profile": {**entry["profile"], "name": f"{name} {seen[name]}"}}
            models.append(entry)
        armies[side] = {**army, "models": models}
    return {**setup, "armies": armies}


def in_zone(model: Model, zone: list[float]) -> bool:
    x0, y0, x1, y1 = zone
    r = model.radius
    return x0 + r - 1e-9 <= model.x <= x1 - r + 1e-9 and y0 + r - 1e-9 <= model.y <= y1 - r + 1e-9


@dataclass(slots=True)
class Deployment(Frame):
    """A side places its models inside its deployment zone, then says it is ready."""

    kind = "deployment"
    side: Side
    zone: list[float]

    def step(self, ctx: Ctx) -> bool:
        return True

    def pending(self, state: BattleState) -> Pending:
        return Pending(
            self.side,
            "deploy",
            f"{side_name(self.side)} deploys their army",
            {"zone": self.zone},
        )

    def options(self, state: BattleState, side: Side) -> list[Option]:
        choices: list[Option] = [
            Action(
                "place",
                f"Place {m.name}",
                {"type": "place", "model": m.id},
                {"at": {"type": "point", "zone": self.zone}},
                group=m.id,
            )
            for m in state.army_models(side)
        ]
        ids = [m.id for m in state.army_models(side)]
        choices.append(
            Action(
                "place_warband",
                "Place models as a block",
                {"type": "place_warband"},
                {"places": {"type": "places", "models": ids, "zone": self.zone}},
            )
        )
        if all(in_zone(m, self.zone) for m in state.army_models(side)):
            choices.append(Action("ready", "Deployment done", {"type": "ready"}))
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        if command["type"] == "ready":
            ctx.log("deployed", f"{side_name(self.side)} has deployed.", side=self.side)
            ctx.pop(self)
            return
        places = command["places"] if command["type"] == "place_warband" else [command]
        moved = []
        for place in places:  # a block: every model to its place first, then each checked there
            model = state.model(place["model"])
            moved.append((model, [model.x, model.y]))
            model.x, model.y = (float(v) for v in place["at"])
        for model, _ in moved:
            self._check(state, model)
        for model, previous in moved:
            ctx.log(
                "place", f"{model.name} is placed.", model=model.id, at=[model.x, model.y], previous=previous
            )

    def _check(self, state: BattleState, model: Model) -> None:
        if not in_zone(model, self.zone):
            raise RuleViolation("outside_zone", f"{model.name} must be placed inside your deployment zone.")
        piece = no_standing(state, model)
        if piece is not None:
            raise RuleViolation("impassable", f"{model.name} cannot stand on {piece.name}.")
        for other_model in state.models.values():
            if other_model.id != model.id and _overlap(model, other_model):
                raise RuleViolation("overlap", f"{model.name} would stand on {other_model.name}.")


def _overlap(a: Model, b: Model) -> bool:
    return math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - 1e-3
