"""The engine's unit of work: a frame on a stack, waiting for one decision or doing automatic work.

A turn is a stack of frames (turn, phase, activation, a roll waiting for Might ...). The top frame
either does its automatic work and pops or pushes, or waits: then it is the one pending decision,
and it answers what the waiting side may do (`options`) and takes the command (`handle`). While a
command is applied, frames work through a `Ctx`: the state, the dice and the events so far.

Every rule module builds on this one and on `state`; the engine (`engine.py`) sits above them all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .dice import Dice
from .errors import RuleCode
from .serial import Tagged

if TYPE_CHECKING:
    # Only for annotations: the state holds the stack of frames, so it imports this module.
    from .state import BattleState, Side


@dataclass(slots=True)
class Pending:
    """The one decision the battle waits for: who makes it and what kind it is."""

    side: Side | None
    kind: str
    label: str
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "kind": self.kind, "label": self.label, "detail": self.detail}


@dataclass(slots=True)
class Action:
    """A legal choice, as data a client renders without knowing the rule.

    `command` is sent as is, with a value for each entry of `params` added; `params` describe the
    allowed values: {"type": "choice", "options": [{"value": .., "label": ..}]},
    {"type": "int", "min": 1, "max": 3}, {"type": "number", "min": 0, "max": 360},
    {"type": "path", "max_length": 6.0} (at least `min_points` waypoints, 1 unless
    given; at most `max_points`) or {"type": "point", "zone": [x0, y0, x1, y1]}. A param
    with a "default" may be left out.
    """

    kind: str
    label: str
    command: dict[str, Any]
    params: dict[str, dict[str, Any]] = field(default_factory=dict)
    odds: dict[str, Any] | None = None
    group: str = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "label": self.label, "command": self.command}
        if self.params:
            data["params"] = self.params
        if self.odds is not None:
            data["odds"] = self.odds
        if self.group:
            data["group"] = self.group
        return data


def choice(options: list[tuple[Any, str]], default: Any = None) -> dict[str, Any]:
    """A `choice` param: each (value, label); `default` (if not None) is taken when left out."""
    spec: dict[str, Any] = {
        "type": "choice",
        "options": [{"value": v, "label": label} for v, label in options],
    }
    if default is not None:
        spec["default"] = default
    return spec


@dataclass(slots=True)
class Refusal:
    """A choice the rules forbid now, with the reason a player reads."""

    command: dict[str, Any]
    code: RuleCode
    message: str


Option = Action | Refusal


@dataclass
class Ctx:
    """What a frame works with while one command is applied."""

    state: BattleState
    dice: Dice
    events: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.dice.events_so_far = lambda: len(self.events)

    def log(self, kind: str, text: str, **data: Any) -> None:
        self.events.append({"type": kind, "text": text, **data})

    def push(self, frame: Frame) -> None:
        self.state.stack.append(frame)

    def pop(self, frame: Frame) -> None:
        if not self.state.stack or self.state.stack[-1] is not frame:
            raise RuntimeError(f"frame {frame.kind} popped out of order")
        self.state.stack.pop()

    def replace(self, frame: Frame, *frames: Frame) -> None:
        """Pop `frame` and push `frames` (the first given is run last)."""
        self.pop(frame)
        self.state.stack.extend(frames)


class Frame(Tagged):
    """Base of every engine frame. Subclasses are slotted dataclasses with a `kind`."""

    _registry: ClassVar[dict[str, type]] = {}
    __slots__ = ()

    def step(self, ctx: Ctx) -> bool:
        """Do automatic work. Return True to wait for a decision; otherwise pop or push."""
        raise NotImplementedError

    def pending(self, state: BattleState) -> Pending:
        raise RuntimeError(f"the {self.kind} frame does its work without waiting for a decision")

    def options(self, state: BattleState, side: Side) -> list[Option]:
        return []

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        raise NotImplementedError
