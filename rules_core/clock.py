"""Time controls: a chess clock per side, or a number of days per decision (correspondence).

The clock is read from the record's timestamps, never kept by a browser: the battle's start and the
moment each step was taken, with the side whose decision the battle waited for after it. Times are
seconds (POSIX time) given by the caller, so this module stays pure: the same steps and the same
`now` always give the same reading.

- Chess clock: each side has `total` seconds for the whole battle; only the side whose decision the
  battle waits for spends them; at the start of every turn after the first, each side gains
  `increment` seconds.
- Correspondence: each decision must be taken within `days` days of the moment the battle began
  waiting for it.

A side whose time runs out is flagged, for good (its flag keeps the moment). With
`out_of_time: "claim"` the other side may then claim the win (`claim_time`); with `"flag"` the battle
goes on, the flag only noted. A takeback gives no time back, unless both players agreed to it
(`time_back`): then both clocks read again as they did before the steps it undid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from .engine import Outcome, time_out
from .errors import RuleViolation
from .state import SIDES, BattleState, Side, other, side_name

CLAIM_TIME = "claim_time"
"""The record's entry of a side claiming the win on time (the other side's time ran out)."""

Kind = Literal["none", "chess", "correspondence"]
OnTimeout = Literal["claim", "flag"]
KINDS: tuple[Kind, ...] = ("none", "chess", "correspondence")
ON_TIMEOUT: tuple[OnTimeout, ...] = ("claim", "flag")
DAY = 86_400
MAX_TOTAL = 7 * DAY
MAX_INCREMENT = 3_600
MAX_DAYS = 30


@dataclass(frozen=True, slots=True)
class TimeControl:
    kind: Kind = "none"
    total: int = 0
    """Chess clock: seconds each side has for the whole battle."""
    increment: int = 0
    """Chess clock: seconds each side gains at the start of every turn after the first."""
    days: int = 0
    """Correspondence: days each decision may wait."""
    out_of_time: OnTimeout = "claim"

    @property
    def timed(self) -> bool:
        return self.kind != "none"

    @property
    def allowance(self) -> int:
        """What a side's clock reads at the start (chess), or a decision's whole time (correspondence)."""
        return self.total if self.kind == "chess" else self.days * DAY

    def to_dict(self) -> dict[str, Any]:
        if self.kind == "chess":
            return {
                "kind": "chess",
                "total": self.total,
                "increment": self.increment,
                "out_of_time": self.out_of_time,
            }
        if self.kind == "correspondence":
            return {"kind": "correspondence", "days": self.days, "out_of_time": self.out_of_time}
        return {"kind": "none"}


NO_CLOCK = TimeControl()


def read_control(data: Any) -> TimeControl:
    """A setup's `clock` (absent: no clock). Raises RuleViolation (`bad_setup`) saying what is wrong."""
    if data is None:
        return NO_CLOCK
    if not isinstance(data, Mapping) or data.get("kind", "none") not in KINDS:
        raise RuleViolation("bad_setup", "The clock is none, a chess clock or correspondence.")
    kind = data.get("kind", "none")
    if kind == "none":
        return NO_CLOCK
    on_timeout = data.get("out_of_time", "claim")
    if on_timeout not in ON_TIMEOUT:
        raise RuleViolation(
            "bad_setup", "When time runs out, the opponent may claim the win, or the battle goes on flagged."
        )
    if kind == "chess":
        total = _whole(data.get("total"), 60, MAX_TOTAL, "A chess clock's total is 1 minute to 7 days")
        increment = _whole(
            data.get("increment", 0), 0, MAX_INCREMENT, "A chess clock's increment is 0 to 60 minutes a turn"
        )
        return TimeControl("chess", total=total, increment=increment, out_of_time=on_timeout)
    days = _whole(data.get("days"), 1, MAX_DAYS, "A correspondence battle gives 1 to 30 days a decision")
    return TimeControl("correspondence", days=days, out_of_time=on_timeout)


def _whole(value: Any, low: int, high: int, rule: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RuleViolation("bad_setup", f"{rule}: {value!r} is not.")
    return value


@dataclass(frozen=True, slots=True)
class Tick:
    """One step as the clock reads it."""

    at: float
    waiting_on: Side | None
    """The side whose decision the battle waits for after the step (None: it is over)."""
    new_turn: bool = False
    restore: int | None = None
    """A takeback that gives time back: the step (its number) after which the clocks read again as
    they did then."""


@dataclass(frozen=True, slots=True)
class Clocks:
    """Both sides' clocks after a step: what each had left then, which side's clock runs since
    when, and when each side's time ran out (if it did)."""

    control: TimeControl
    left: Mapping[Side, float]
    running: Side | None
    since: float
    flagged: Mapping[Side, float]

    def after(self, tick: Tick, history: Mapping[int, Clocks] | None = None) -> Clocks:
        """The clocks after one more step (`history`: the clocks after each earlier step, by
        number, for a takeback that gives time back)."""
        spent = self.at(tick.at)
        left = dict(spent.left)
        if tick.new_turn and self.control.kind == "chess":
            for side in SIDES:
                left[side] += self.control.increment
        flagged = dict(spent.flagged)
        if tick.restore is not None and history is not None and tick.restore in history:
            before = history[tick.restore]
            left, flagged = dict(before.left), dict(before.flagged)
        if self.control.kind == "correspondence":
            left = {side: float(self.control.allowance) for side in SIDES}
        return Clocks(self.control, left, tick.waiting_on, tick.at, flagged)

    def at(self, now: float) -> Clocks:
        """The clocks read at `now` (not before the last step): the running side's time spent."""
        if self.running is None or not self.control.timed:
            return self
        running = self.running
        elapsed = max(0.0, now - self.since)
        left = dict(self.left)
        left[running] = max(0.0, self.left[running] - elapsed)
        flagged = dict(self.flagged)
        if elapsed >= self.left[running] and running not in flagged:
            flagged[running] = self.since + self.left[running]
        return replace(self, left=left, flagged=flagged)

    def may_claim(self, side: Side, now: float) -> bool:
        """Whether `side` may claim the win on time now: the other side's time ran out, and not
        after its own."""
        if self.control.out_of_time != "claim" or self.running is None:
            return False
        flagged = self.at(now).flagged
        theirs = flagged.get(other(side))
        mine = flagged.get(side)
        return theirs is not None and (mine is None or mine > theirs)

    def to_dict(self, now: float) -> dict[str, Any]:
        """The reading at `now`: seconds left (a decision's, in correspondence), who runs, flags."""
        read = self.at(now)
        return {
            **self.control.to_dict(),
            "running": read.running,
            "left": {side: round(read.left[side], 3) for side in SIDES},
            "flagged": {side: read.flagged.get(side) for side in SIDES},
        }


def tick_of(
    at: float, command: Mapping[str, Any], events: Sequence[Mapping[str, Any]], waiting_on: str | None
) -> Tick:
    """A step of the record (its command, the events it made, whose decision came next) as the
    clock reads it: a turn after the first began in it; a takeback agreed with time back."""
    new_turn = any(e.get("type") == "turn_start" and (e.get("turn") or 0) > 1 for e in events)
    restore = None
    if command.get("type") == "takeback" and command.get("time_back") is True:
        undone = [n for e in events if e.get("type") == "takeback" for n in e.get("undone", [])]
        restore = min(undone) - 1 if undone else None
    side = next((s for s in SIDES if s == waiting_on), None)
    return Tick(at, side, new_turn, restore)


def start(control: TimeControl, at: float, waiting_on: Side | None) -> Clocks:
    """The clocks of a battle made at `at`, waiting for `waiting_on`'s first decision."""
    return Clocks(control, {side: float(control.allowance) for side in SIDES}, waiting_on, at, {})


def run(control: TimeControl, started: float, first: Side | None, ticks: list[Tick]) -> list[Clocks]:
    """The clocks at the start and after each step, in order (index N: after step N)."""
    history = [start(control, started, first)]
    numbered: dict[int, Clocks] = {0: history[0]}
    for number, tick in enumerate(ticks, start=1):
        history.append(history[-1].after(tick, numbered))
        numbered[number] = history[-1]
    return history


def claim(state: BattleState, side: Side, clocks: Clocks | None, now: float) -> Outcome:
    """`side` claims the win because the other side's time ran out (`clocks`: after the latest
    step; None without a clock). RuleViolation if it may not."""
    if clocks is None or not clocks.control.timed:
        raise RuleViolation("not_allowed", "This battle has no clock: nobody runs out of time.")
    if clocks.control.out_of_time != "claim":
        raise RuleViolation(
            "not_allowed", "In this battle running out of time is only flagged: the battle goes on."
        )
    if not clocks.may_claim(side, now):
        raise RuleViolation(
            "not_allowed", f"{side_name(other(side))} still has time: there is no win to claim."
        )
    return time_out(state, other(side))
