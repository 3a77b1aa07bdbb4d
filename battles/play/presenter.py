"""What each audience sees of a battle: the same partials serve the page, htmx and websocket pushes."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.template.loader import render_to_string

import rules_core
from battles.boards.choices import proposals
from battles.boards.drawing import legend, piece_views
from battles.rulesets import web_ruleset
from rules_core import BattleState, percent
from rules_core.matched_play import command_for, state_for
from rules_core.takeback import is_takeback, undone

from .chat import chat_context, lines_json, shown_lines
from .clocks import clock_view
from .end_screen import EndView
from .models import Battle, BattleEvent, as_side
from .nudges import remind_context
from .offer_views import OffersView
from .scenarios import board_zones, scenario_context

AUDIENCES = ("good", "evil", "spectator")
LOG_LIMIT = 200
QUICK_CHOICES = 8
"""A lone choice with up to this many options is offered as one button per option."""
OPEN_GROUPS = 3
"""With this many models to choose from or fewer, every model's actions show at once."""


def dom_id(kind: str, key: str | int | None = None) -> str:
    """The one place element ids are made, so pushes and pages agree on them."""
    return f"{kind}-{key}" if key is not None else kind


def audience_of(side: str | None) -> str:
    return side if side in ("good", "evil") else "spectator"


def humanize(key: str) -> str:
    return str(key).replace("_", " ").strip().capitalize()


@dataclass
class ParamView:
    """One value a player supplies: picked from options, counted, or drawn on the board."""

    name: str
    type: str
    label: str
    options: list[tuple[str, str]] = field(default_factory=list)  # (JSON value, label)
    option_odds: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)
    """(label, odds rows) of each option that carries odds (a charge's targets)."""
    min: int = 0
    max: int = 0
    default: str | None = None  # JSON value used when the player leaves it
    max_length: int = 0
    suggestions: list[str] = field(default_factory=list)
    """Words a text may be (the special rules in play the referee leaves to the players)."""

    @property
    def on_board(self) -> bool:
        """Drawn on the board: a path, a point, several models' paths or places, or a number (a
        stand's facing, set with its turn handle, the only number param)."""
        return self.type in ("path", "point", "moves", "places", "number")

    @property
    def optional(self) -> bool:
        return self.default is not None


@dataclass
class ActionView:
    label: str
    kind: str
    command_json: str
    params: list[ParamView]
    group: str
    odds: list[tuple[str, str]]

    @property
    def board_params(self) -> list[ParamView]:
        return [p for p in self.params if p.on_board]

    @property
    def form_params(self) -> list[ParamView]:
        """Values the board gesture itself supplies (a target), not the optional ones."""
        return [p for p in self.params if not p.on_board and not p.optional]

    @property
    def optional_params(self) -> list[ParamView]:
        """Values with a default (a shout, whose store pays) the player may change first."""
        return [p for p in self.params if p.optional]

    @property
    def quick_choice(self) -> ParamView | None:
        """The param to offer as a row of buttons, when it is the only thing to pick."""
        if len(self.params) == 1 and self.params[0].type == "choice":
            param = self.params[0]
            return param if len(param.options) <= QUICK_CHOICES else None
        return None


@dataclass
class ActionGroup:
    key: str
    title: str
    side: str
    actions: list[ActionView]
    label: str = ""
    """The piece's short label on the board, where it has one besides its name."""

    @property
    def by_request(self) -> bool:
        """Choices a player may always make but rarely needs (a test on request): kept folded."""
        return not self.side


GROUP_TITLES = {"tests": "Ask the referee for a test"}


@dataclass(frozen=True, slots=True)
class Words:
    """What a player reads for the referee's keys: pieces by name, odds rows in their ruleset's
    words (`WebRuleset.odds_words`)."""

    names: dict[str, str] = field(default_factory=dict)
    odds: dict[str, str] = field(default_factory=dict)

    def piece(self, key: str) -> str:
        return self.names.get(key) or humanize(key)


def words_of(state: BattleState) -> Words:
    ruleset = web_ruleset(state.ruleset)
    names = {m.id: m.name for m in state.models.values()} | ruleset.piece_names(state)
    return Words(names, ruleset.odds_words)


def param_view(name: str, spec: dict[str, Any], words: Words) -> ParamView:
    kind = str(spec.get("type", ""))
    view = ParamView(name, kind, str(spec.get("label") or humanize(name)))
    if kind == "choice":
        view.options = [(json.dumps(o["value"]), str(o.get("label", o["value"]))) for o in spec["options"]]
        view.option_odds = [
            (str(o.get("label", o["value"])), odds_view(o["odds"], words))
            for o in spec["options"]
            if o.get("odds")
        ]
    elif kind == "int":
        view.min, view.max = int(spec["min"]), int(spec["max"])
    elif kind == "text":
        view.max_length = int(spec.get("max_length", 80))
        view.suggestions = [str(s) for s in spec.get("suggestions", [])]
    if "default" in spec:
        view.default = json.dumps(spec["default"])
    return view


def odds_view(
    odds: dict[str, Any] | None, words: Words | None = None, prefix: str = ""
) -> list[tuple[str, str]]:
    """Odds as (label, text) rows: chances as percentages, expected numbers to two places, a chance
    per piece named in players' words, tables flattened one row per entry."""
    words = words or Words()
    rows: list[tuple[str, str]] = []
    for key, value in (odds or {}).items():
        if key == "outcomes" and isinstance(value, list):
            # The engine's form: {"outcomes": [{"label": "the power is resisted", "p": 0.58}, ...]}
            rows.extend((str(o.get("label", "")), percent(_chance(o))) for o in value if isinstance(o, dict))
            continue
        if key == "expected" and isinstance(value, list):
            # {"expected": [{"label": "Wounds on Gothmog", "value": 0.8333, "exact": {...}}, ...]}
            rows.extend(
                (f"Expected {e['label']}" if e.get("label") else "Expected", _number(e))
                for e in value
                if isinstance(e, dict)
            )
            continue
        label = f"{prefix}{humanize(key)}"
        if isinstance(value, dict) and _is_chance(value):
            rows.append((label, percent(_chance(value))))
        elif (
            isinstance(value, dict)
            and value
            and all(isinstance(v, dict) and _is_chance(v) for v in value.values())
        ):
            # A chance per piece: {"hero_lost": {"<stand>": {"p", "numerator", "denominator"}}}
            phrase = words.odds.get(key, f"{label} · {{piece}}")
            rows.extend((phrase.format(piece=words.piece(k)), percent(_chance(v))) for k, v in value.items())
        elif isinstance(value, dict):
            rows.extend(odds_view(value, words, f"{label} · "))
        elif isinstance(value, float) and 0.0 <= value <= 1.0:
            rows.append((label, percent(value)))
        else:
            rows.append((label, str(value)))
    return rows


def _is_chance(value: dict[str, Any]) -> bool:
    return "p" in value and ("exact" in value or "denominator" in value)


def _chance(outcome: dict[str, Any]) -> Fraction | float:
    """An outcome's chance, exact when the referee sent it exactly (so only a certainty reads 100%):
    as `exact` {"num", "den"}, or as the mass battle's `numerator` and `denominator`."""
    exact = outcome.get("exact")
    if isinstance(exact, dict) and exact.get("den"):
        return Fraction(int(exact["num"]), int(exact["den"]))
    if outcome.get("denominator"):
        return Fraction(int(outcome["numerator"]), int(outcome["denominator"]))
    return float(outcome.get("p", 0))


def _number(entry: dict[str, Any]) -> str:
    return f"{float(entry.get('value', 0)):.2f}"


def legal(state: BattleState, audience: str) -> list[rules_core.Action]:
    if audience not in rules_core.SIDES:
        return []
    return rules_core.legal_actions(state, as_side(audience))


def action_view(action: rules_core.Action, words: Words) -> ActionView:
    return ActionView(
        label=action.label,
        kind=action.kind,
        command_json=json.dumps(action.command),
        params=[param_view(name, spec, words) for name, spec in action.params.items()],
        group=action.group,
        odds=odds_view(action.odds, words),
    )


def action_groups(
    state: BattleState, actions: list[rules_core.Action]
) -> tuple[list[ActionView], list[ActionGroup]]:
    """Actions for the whole side first, then one group per model (in the order offered)."""
    general: list[ActionView] = []
    groups: dict[str, ActionGroup] = {}
    words = words_of(state)
    ruleset = web_ruleset(state.ruleset)
    labels, sides = ruleset.piece_labels(state), ruleset.piece_sides(state)
    for action in actions:
        view = action_view(action, words)
        if not action.group:
            general.append(view)
            continue
        if action.group not in groups:
            model = state.models.get(action.group)
            title = GROUP_TITLES.get(action.group) or words.piece(action.group)
            side = model.side if model else sides.get(action.group, "")
            groups[action.group] = ActionGroup(action.group, title, side, [], labels.get(action.group, ""))
        groups[action.group].actions.append(view)
    ordered = sorted(groups.values(), key=lambda g: g.by_request)
    return general, ordered


def context(
    battle: Battle,
    state: BattleState,
    audience: str,
    seq: int,
    actions: list[rules_core.Action] | None = None,
    recent: list[BattleEvent] | None = None,
) -> dict[str, Any]:
    """What the templates show this audience; `actions` are its legal actions, when already known;
    `recent` the latest steps its ruleset's page reads (`WebRuleset.recent_steps`), oldest first."""
    pending = state.pending
    actions = legal(state, audience) if actions is None else actions
    general, groups = action_groups(state, actions)
    ruleset = web_ruleset(state.ruleset)
    steps = recent if recent is not None else latest_steps(battle, ruleset.recent_steps)
    zone = pending.detail.get("zone") if pending.kind == "deploy" else None
    x0, y0, x1, y1 = zone or (0, 0, 0, 0)
    pieces = piece_views(state.terrain)
    proposing = pending.kind == "propose_board" and pending.side == audience
    proposal = (
        pending.detail.get("proposal")
        if pending.kind == "place_marker" and pending.side == audience
        else None
    )
    return {
        "battle": battle,
        "state": state,
        "seq": seq,
        "audience": audience,
        "my_side": audience if audience in ("good", "evil") else None,
        "pending": pending,
        "my_decision": pending.side == audience,
        "general_actions": general,
        "action_groups": groups,
        "groups_open": len([g for g in groups if not g.by_request]) <= OPEN_GROUPS,
        "model_groups": any(not g.by_request for g in groups),
        "actions_data": [a.to_dict() for a in actions],
        "ruleset": ruleset,
        "zone": {"side": pending.side, "x": x0, "y": y0, "w": x1 - x0, "h": y1 - y0} if zone else None,
        "zones": board_zones(state),
        "scenario": scenario_context(state, audience),
        "marker_proposal": {"id": pending.detail["marker"], "x": proposal[0], "y": proposal[1]}
        if proposal
        else None,
        "board": state.board,
        "terrain": pieces,
        "legend": legend(pieces),
        "board_choices": proposals(battle, state) if proposing else [],
        "result": state.result,
        "powers_note": rules_core.powers_note(state),
        "end": EndView(battle, state) if state.result is not None else None,
        **ruleset.page_context(battle, state, actions, steps),
    }


def latest_steps(battle: Battle, count: int) -> list[BattleEvent]:
    """The battle's latest `count` steps, oldest first."""
    return list(battle.events.order_by("-seq")[:count])[::-1] if count else []


def roll_view(roll: dict[str, Any], names: dict[str, str], roll_words: dict[str, str]) -> dict[str, Any]:
    """One recorded roll as a player reads it: who rolled, and what for in its ruleset's words (a
    purpose's first part: "shoot:<stand>" is the shot); keys the referee adds later (re-rolls,
    Might) are shown too."""
    known = {"purpose", "roller", "faces", "at"}
    extra = [(humanize(k), v) for k, v in roll.items() if k not in known]
    roller = str(roll.get("roller", ""))
    purpose = str(roll.get("purpose", "")).partition(":")[0]
    return {
        "roller": names.get(roller) or humanize(roller),
        "faces": [int(f) for f in roll.get("faces", [])],
        "why": roll_words.get(purpose) or humanize(purpose).lower(),
        "extra": extra,
    }


def step_title(command: dict[str, Any]) -> str:
    """A step's heading in the log: what the command did, "No shield" for one that answers its own
    question no (a Combat fought without Shielding), not the question's name."""
    kind = str(command.get("type", ""))
    return f"No {humanize(kind).lower()}" if command.get(kind) is False else humanize(kind)


def log_steps(state: BattleState, events: list[BattleEvent]) -> list[dict[str, Any]]:
    """The timeline: one entry per applied command, with what happened and every die rolled."""
    names = words_of(state).names
    roll_words = web_ruleset(state.ruleset).roll_words
    taken_back = undone(events)
    return [
        {
            "seq": event.seq,
            "side": event.side,
            "command": step_title(event.command),
            "lines": step_lines(event, names, roll_words),
            "undone": position in taken_back,
        }
        for position, event in enumerate(events)
    ]


def step_lines(event: BattleEvent, names: dict[str, str], roll_words: dict[str, str]) -> list[dict[str, Any]]:
    """A step's events with each die rolled placed before the event that tells what came of it."""
    lines: list[dict[str, Any]] = []
    rolls = sorted(
        (r for r in event.rolls), key=lambda r: r.get("at", -1) if r.get("at", -1) >= 0 else len(event.events)
    )
    waiting = list(rolls)
    for index, item in enumerate(event.events):
        while waiting and 0 <= waiting[0].get("at", len(event.events)) <= index:
            lines.append({"roll": roll_view(waiting.pop(0), names, roll_words)})
        lines.append({"type": item.get("type", ""), "text": item.get("text", "")})
    lines.extend({"roll": roll_view(r, names, roll_words)} for r in waiting)
    return lines


def recent_events(battle: Battle) -> list[BattleEvent]:
    return list(battle.events.order_by("-seq")[:LOG_LIMIT])[::-1]


def render_page_parts(
    battle: Battle, state: BattleState, audience: str, seq: int, latest: BattleEvent | None = None
) -> dict[str, Any]:
    ctx = context(battle, state, audience, seq)
    ctx["log"] = log_steps(state, recent_events(battle))
    ctx["chat"] = chat_context(shown_lines(battle))
    ctx["offers"] = OffersView(battle, state, audience, latest)
    ctx["clock"] = clock_view(battle, audience, latest)
    ctx["remind"] = remind_context(battle, audience)
    return ctx


def render_step(
    battle: Battle,
    state: BattleState,
    event: BattleEvent,
    audience: str,
    actions: list[rules_core.Action] | None = None,
) -> str:
    if is_takeback(event.command):
        # The steps it undid are marked in the log: the whole view, at the takeback's seq.
        ctx = render_page_parts(battle, state, audience, event.seq, event)
        ctx["append_log"] = False
        return render_to_string("battles/_push.html", ctx)
    ctx = context(battle, state, audience, event.seq, actions)
    ctx["log"] = log_steps(state, [event])
    ctx["offers"] = OffersView(battle, state, audience, event)
    ctx["clock"] = clock_view(battle, audience, event)
    ctx["remind"] = remind_context(battle, audience, event)
    ctx["append_log"] = True
    return render_to_string("battles/_push.html", ctx)


def render_view(battle: Battle, state: BattleState, audience: str, seq: int) -> str:
    ctx = render_page_parts(battle, state, audience, seq)
    ctx["append_log"] = False
    return render_to_string("battles/_push.html", ctx)


def step_json(
    state: BattleState,
    event: BattleEvent,
    audience: str,
    actions: list[rules_core.Action] | None = None,
    battle: Battle | None = None,
) -> dict[str, Any]:
    """A step as JSON. `state` is the battle now; choices are given only on the latest step, and
    the clock (of a `battle` that has one) on the latest step published."""
    data = {
        "type": "step",
        "seq": event.seq,
        "id": event.command_id,
        "side": event.side,
        "command": command_for(state, audience, event.side, event.command),
        "events": event.events,
        "rolls": event.rolls,
        "pending": event.pending,
    }
    if event.seq == state.step:
        if is_takeback(event.command):
            data["state"] = state_for(state, audience, state.to_dict())  # the battle as it was again
        data["actions"] = [a.to_dict() for a in (legal(state, audience) if actions is None else actions)]
        clock = clock_view(battle, audience, event) if battle is not None else None
        if clock is not None:
            data["clock"] = clock.to_json()
    return data


def view_json(battle: Battle, state: BattleState, audience: str, seq: int) -> dict[str, Any]:
    return {
        "type": "view",
        "seq": seq,
        "battle": battle.public_id,
        "your_side": audience if audience in ("good", "evil") else None,
        "state": state_for(state, audience, state.to_dict()),
        "pending": state.pending.to_dict(),
        "actions": [a.to_dict() for a in legal(state, audience)],
        "chat": lines_json(shown_lines(battle)),
        "offers": OffersView(battle, state, audience).to_json(),
        **({"clock": clock.to_json()} if (clock := clock_view(battle, audience)) is not None else {}),
    }
