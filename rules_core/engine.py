"""The referee's contract: `legal_actions`, `apply`, and the loop that runs frames to a decision."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .casualties import end_battle
from .courage import manual_test_action, start_manual_test
from .dice import Dice, Roll
from .errors import RuleViolation
from .frame import Action, Ctx, Option, Refusal
from .scenarios.ending import finish
from .scenarios.pregame import seal
from .state import SIDES, BattleState, Side, other, side_name

MAX_AUTOMATIC_STEPS = 100_000
BETWEEN_ROLLS = frozenset(
    {
        "activate",
        "declare_heroic_action",
        "heroic_action",
        "shoot",
        "choose_priority",
        "pair_combats",
        "choose_combat",
    }
)
"""Decisions at which a player may ask for a test on request: never in the middle of a roll (a
Might, Fate or Will prompt, a resist), which the test could change under it."""


@dataclass
class Outcome:
    state: BattleState
    events: list[dict[str, Any]]
    rolls: list[Roll]


def run_to_decision(ctx: Ctx) -> None:
    for _ in range(MAX_AUTOMATIC_STEPS):
        if not ctx.state.stack:
            return
        if ctx.state.stack[-1].step(ctx):
            return
    raise RuntimeError("the engine ran too many automatic steps without a decision")


def options(state: BattleState, side: Side) -> list[Option]:
    """Every choice and refusal open to `side` now, worked out once per state (`BattleState.memo`)."""
    key = ("options", side)
    known = state.memo.get(key)
    if known is None:
        known = state.memo[key] = _options(state, side)
    return list(known)


def _options(state: BattleState, side: Side) -> list[Option]:
    if not state.stack:
        return []
    pending = state.pending
    if pending.side != side:
        return []
    choices = state.stack[-1].options(state, side)
    if pending.kind in BETWEEN_ROLLS:
        manual = manual_test_action(state, side)
        if manual is not None:
            choices.append(manual)
    return choices


def legal_actions(state: BattleState, side: Side) -> list[Action]:
    """The concrete choices open to `side` now; empty when it is not that side's decision."""
    return [o for o in options(state, side) if isinstance(o, Action)]


def apply(state: BattleState, side: Side, command: Mapping[str, Any], dice: Dice) -> Outcome:
    """Apply one side's command. Raises RuleViolation and leaves `state` untouched if refused."""
    ctx, checked = _accepted(state, side, command, dice)
    _carry_out(ctx, side, checked)
    return _finish(ctx)


@dataclass
class DryRun:
    """What a command would do up to its first die, on a copy that nobody keeps: the state and
    events so far, and the purpose of the die it stopped at ("" if it needed none)."""

    state: BattleState
    events: list[dict[str, Any]]
    stopped_for: str


class _DieNeeded(Exception):
    def __init__(self, purpose: str) -> None:
        super().__init__(purpose)
        self.purpose = purpose


class _NoDice(Dice):
    """Dice a dry run is given: the first roll asked for stops it."""

    def _faces(self, count: int, purpose: str) -> list[int]:
        raise _DieNeeded(purpose)


def dry_run(state: BattleState, side: Side, command: Mapping[str, Any]) -> DryRun:
    """A command carried out as far as it goes without a die (for a preview). Raises RuleViolation
    as `apply` would; `state` is untouched."""
    ctx, checked = _accepted(state, side, command, _NoDice())
    try:
        _carry_out(ctx, side, checked)
    except _DieNeeded as needed:
        return DryRun(ctx.state, ctx.events, needed.purpose)
    return DryRun(ctx.state, ctx.events, "")


def _accepted(
    state: BattleState, side: Side, command: Mapping[str, Any], dice: Dice
) -> tuple[Ctx, dict[str, Any]]:
    """The command checked against the rules, and a copy of the state to carry it out on."""
    if side not in SIDES:
        raise RuleViolation("unknown_side", f"There is no side called {side!r}.")
    if not isinstance(command, Mapping) or not isinstance(command.get("type"), str):
        raise RuleViolation("malformed_command", "A command needs a type.")
    if state.result is not None or not state.stack:
        raise RuleViolation("battle_over", "The battle is over.")
    checked = dict(command)
    if checked["type"] != "concede":
        pending = state.pending
        if pending.side != side:
            waiting = side_name(pending.side) if pending.side else "nobody"
            raise RuleViolation("not_your_decision", f"It is {waiting}'s decision now: {pending.label}.")
        check_command(options(state, side), checked, state, side)
    return Ctx(_copy(state), dice), checked


def _carry_out(ctx: Ctx, side: Side, command: dict[str, Any]) -> None:
    if command["type"] == "concede":
        _concede(ctx, side)
        return
    if command["type"] == "take_test":
        start_manual_test(ctx, side, command)
    else:
        ctx.state.stack[-1].handle(ctx, command)
    run_to_decision(ctx)


def apply_sealed(state: BattleState, side: Side, command: Mapping[str, Any], dice: Dice) -> Outcome:
    """Replay a pick whose secret values an exported record sealed: the battle goes on, not
    knowing them (they score nothing). Only a record replays such a command; no player sends one."""
    new = _copy(state)
    ctx = Ctx(new, dice)
    shown = {key: str(value) for key, value in command.items() if key not in ("type", "sealed")}
    seal(ctx, side, shown)
    run_to_decision(ctx)
    return _finish(ctx)


def start(state: BattleState, dice: Dice) -> Outcome:
    """Run a freshly built battle up to its first decision."""
    ctx = Ctx(state, dice)
    run_to_decision(ctx)
    return Outcome(state, ctx.events, dice.take_rolls())


def _finish(ctx: Ctx) -> Outcome:
    ctx.state.step += 1
    return Outcome(ctx.state, ctx.events, ctx.dice.take_rolls())


def _copy(state: BattleState) -> BattleState:
    return state.clone()


def _concede(ctx: Ctx, side: Side, code: Literal["conceded", "out_of_time"] = "conceded") -> None:
    """`side` loses, whatever the Victory Points: it conceded, or its time ran out."""
    if ctx.state.scenario is not None:
        finish(ctx, code, [side])
    else:
        end_battle(ctx, other(side), code, [side])


def time_out(state: BattleState, side: Side) -> Outcome:
    """The battle ends: `side`'s time ran out and the other side claimed the win (rules_core.clock
    judges the claim). Raises RuleViolation if the battle is over."""
    if state.result is not None or not state.stack:
        raise RuleViolation("battle_over", "The battle is over.")
    ctx = Ctx(_copy(state), _NoDice())
    _concede(ctx, side, "out_of_time")
    return _finish(ctx)


def check_command(choices: list[Option], command: dict[str, Any], state: BattleState, side: Side) -> None:
    """Accept a command only if it matches a legal action; a matching refusal says why not."""
    for choice in choices:
        if isinstance(choice, Action) and _matches(choice, command):
            return
    for choice in choices:
        if isinstance(choice, Refusal) and _fixed_part_matches(choice.command, command):
            raise RuleViolation(choice.code, choice.message)
    raise RuleViolation("not_allowed", _describe_refused(command, choices, state, side))


def _fixed_part_matches(fixed: Mapping[str, Any], command: Mapping[str, Any]) -> bool:
    return all(command.get(key) == value for key, value in fixed.items())


def _matches(action: Action, command: Mapping[str, Any]) -> bool:
    if not _fixed_part_matches(action.command, command):
        return False
    extra = set(command) - set(action.command)
    required = {name for name, spec in action.params.items() if "default" not in spec}
    if not required <= extra <= set(action.params):
        return False
    return all(param_ok(action.params[name], command[name]) for name in extra)


def param_ok(spec: Mapping[str, Any], value: Any) -> bool:
    kind = spec["type"]
    if kind == "choice":
        return any(value == opt["value"] for opt in spec["options"])
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool) and spec["min"] <= value <= spec["max"]
    if kind == "text":
        return not _text_refused("text", spec, value)
    if kind == "number":
        return _finite_number(value) and spec.get("min", -1e6) <= value <= spec.get("max", 1e6)
    if kind == "point":
        return isinstance(value, list) and len(value) == 2 and all(_finite_number(c) for c in value)
    if kind == "board":  # its pieces are checked by the rule that takes it (`boards.agreement`)
        return (
            isinstance(value, dict)
            and isinstance(value.get("name"), str)
            and isinstance(value.get("terrain"), list)
        )
    if kind == "path":
        return (
            isinstance(value, list)
            and spec.get("min_points", 1) <= len(value) <= spec.get("max_points", 64)
            and all(isinstance(p, list) and len(p) == 2 and all(_finite_number(c) for c in p) for p in value)
        )
    if kind == "moves":  # several models' paths: each checked by its own move when it is made
        return (
            isinstance(value, list)
            and 2 <= len(value) <= len(spec["models"])
            and all(
                isinstance(m, dict)
                and set(m) == {"model", "path"}
                and isinstance(m["model"], str)
                and m["model"] in spec["models"]
                and param_ok({"type": "path"}, m["path"])
                for m in value
            )
            and len({m["model"] for m in value}) == len(value)
        )
    return False


def _offers_model(action: Action, model_id: str) -> bool:
    """Whether an action is offered for this model: named in its command, or among its choices."""
    if "model" in action.command:
        return bool(action.command["model"] == model_id)
    spec = action.params.get("model")
    return (
        spec is not None and spec["type"] == "choice" and any(o["value"] == model_id for o in spec["options"])
    )


def _text_refused(name: str, spec: Mapping[str, Any], value: Any) -> str:
    """What is wrong with a text a player wrote (a test's reason); "" if nothing. The limit counts
    the text as sent (and stored in the battle's record), spaces and all."""
    if not isinstance(value, str):
        return f"The {name} must be text."
    if len(value) > spec["max_length"]:
        return f"The {name} is {len(value)} characters long: at most {spec['max_length']} are taken."
    if not value.strip():
        return f"The {name} is empty."
    if any(unicodedata.category(c) == "Cc" for c in value):
        return (
            f"The {name} holds a control character (a tab, a line break or the like): write it on one line."
        )
    return ""


def _finite_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < 1e6


def _describe_refused(
    command: Mapping[str, Any], choices: list[Option], state: BattleState, side: Side
) -> str:
    """Why a command matched no legal action, as near as can be told without the rule."""
    for key in ("model", "hero", "stand", "target"):
        ident = command.get(key)
        if not isinstance(ident, str):
            continue
        piece = state.piece(ident)
        if piece is None:
            return f"There is no {state.PIECE} called {ident!r} in this battle."
        name, owner, in_play = piece
        if key != "target" and owner != side:
            return f"{name} is not one of your {state.PIECES}."
        if not in_play:
            return f"{name} is no longer on the board."
    kind = command.get("type")
    offered = [c for c in choices if isinstance(c, Action) and c.command.get("type") == kind]
    mover = state.models.get(str(command.get("model", "")))
    if offered and mover is not None and not any(_offers_model(c, mover.id) for c in offered):
        return f"{mover.name} cannot {str(kind).replace('_', ' ')} now."
    if offered:
        names = sorted({name for c in offered for name in c.params} | set(offered[0].command))
        takes = f"(it takes: {', '.join(names)})"
        fitting = [c for c in offered if _fixed_part_matches(c.command, command)]
        missing = sorted(
            {n for c in fitting for n, s in c.params.items() if "default" not in s} - set(command)
        )
        if missing:
            return f"That '{kind}' is missing a value for {', '.join(missing)} {takes}."
        bad = sorted(
            {n for c in fitting for n in c.params if n in command and not param_ok(c.params[n], command[n])}
        )
        for c in fitting:  # a text the player wrote: what is wrong with it
            for n in bad:
                why = (
                    _text_refused(n, c.params[n], command[n])
                    if c.params.get(n, {}).get("type") == "text"
                    else ""
                )
                if why:
                    return why
        if bad:
            return f"That '{kind}' has a value for {', '.join(bad)} that is not allowed {takes}."
        return f"That '{kind}' is missing a value or has one that is not allowed {takes}."
    return f"'{kind}' is not a choice you can make now: the battle waits for this: {state.pending.label}."
