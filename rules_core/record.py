"""The battle record: setup plus every command with the dice it rolled. It replays to the same
battle, like PGN for chess, and is how battles are stored, exported, replayed and tested."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from . import clock
from .dice import RecordedDice, Roll
from .engine import Outcome, apply, apply_sealed
from .errors import RecordMismatch, RuleViolation
from .rulesets import new_battle, ruleset_for
from .scenarios.secrets import REFEREE, command_for, is_sealed, summary
from .state import SIDES, BattleState
from .takeback import is_takeback
from .takeback import replay_step as take_back

FORMAT = "beacon-battle-record"
VERSION = 1


class RecordError(ValueError):
    """A record that does not replay: which entry (1-based, 0 for the record itself) and why."""

    def __init__(self, entry: int, message: str) -> None:
        where = f"Entry {entry}" if entry else "The record"
        super().__init__(f"{where}: {message}")
        self.entry = entry
        self.message = message


@dataclass
class Entry:
    side: str
    command: dict[str, Any]
    rolls: list[Roll]
    at: str | None = None
    """When the step was taken (ISO 8601, UTC): what the clock is read from."""

    def to_dict(self) -> dict[str, Any]:
        entry = {"side": self.side, "command": self.command, "rolls": [r.to_dict() for r in self.rolls]}
        return entry if self.at is None else {**entry, "at": self.at}


def build(
    setup: dict[str, Any],
    entries: Sequence[Entry],
    state: BattleState | None = None,
    viewer: str = REFEREE,
    started: str | None = None,
    clocks: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a battle (`state`: where it stands now) as `viewer` may see it: while a
    scenario's secret picks are hidden, the other side's are sealed. `started`: when the battle was
    made (ISO 8601), the clock's start; `clocks`: the clock's reading now (`Clocks.to_dict`)."""
    result = None
    if state is not None and state.result is not None:
        result = state.result.to_record()
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": state.ruleset if state is not None else ruleset_for(setup).key,
        "setup": setup,
        "entries": [
            Entry(e.side, command_for(state, viewer, e.side, e.command), e.rolls, e.at).to_dict()
            if state is not None
            else e.to_dict()
            for e in entries
        ],
        "result": result,
    }
    if started is not None:
        record["started"] = started
    if clocks is not None:
        record["clock"] = clocks
    scenario = summary(state, viewer) if state is not None else None
    if scenario is not None:
        record["scenario"] = scenario
    return record


def steps(record: Any) -> Iterator[tuple[Entry, Outcome]]:
    """Replay a record entry by entry. Raises RecordError at the first entry that does not replay."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(0, f"this is not a {FORMAT} file")
    if record.get("version") != VERSION:
        raise RecordError(
            0, f"version {record.get('version')!r} is not supported (this is version {VERSION})"
        )
    try:
        state = new_battle(_setup(record))
    except (KeyError, RuleViolation) as exc:
        raise RecordError(0, f"the setup is unusable: {exc}") from exc
    entries = record.get("entries")
    if not isinstance(entries, list):
        raise RecordError(0, "it has no list of entries")
    read: list[Entry] = []
    since_dice = [state]  # the states a takeback may go back to: none before the latest roll
    timing = _Timing(record, state)
    for number, raw in enumerate(entries, start=1):
        entry = _entry(number, raw)
        read.append(entry)
        if entry.command.get("type") == clock.CLAIM_TIME:
            outcome = timing.claim(number, entry, state)
            state = outcome.state
            timing.step(entry, outcome)
            yield entry, outcome
            continue
        if is_takeback(entry.command):
            if entry.rolls:
                raise RecordError(number, "it records rolls for a takeback, which rolls none")
            try:
                outcome = take_back(read, since_dice)
            except RuleViolation as exc:
                raise RecordError(number, f"{entry.side}'s takeback is illegal: {exc.message}") from exc
            state = outcome.state
            timing.step(entry, outcome)
            yield entry, outcome
            continue
        outcome = replay_entry(state, number, entry)
        state = outcome.state
        if entry.rolls:
            since_dice = [state]
        else:
            since_dice.append(state)
        timing.step(entry, outcome)
        yield entry, outcome


def replay_entry(state: BattleState, number: int, entry: Entry) -> Outcome:
    """Entry `number` (not a takeback) applied to the state before it, with the dice it recorded.
    Raises RecordError if it does not replay."""
    dice = RecordedDice(entry.rolls)
    play = apply_sealed if is_sealed(entry.command) else apply
    try:
        outcome = play(state, entry.side, entry.command, dice)  # type: ignore[arg-type]
    except RuleViolation as exc:
        raise RecordError(
            number, f"{entry.side} {entry.command.get('type')!r} is illegal: {exc.message}"
        ) from exc
    except RecordMismatch as exc:
        raise RecordError(number, str(exc)) from exc
    if dice.unused:
        raise RecordError(number, f"it records {len(dice.unused)} roll(s) the rules did not make")
    return outcome


class _Timing:
    """The clock of a record being replayed, from its `started` and its entries' `at`, so that a
    claim on time is judged as the server judged it."""

    def __init__(self, record: dict[str, Any], state: BattleState) -> None:
        try:
            self.control = clock.read_control(record["setup"].get("clock"))
        except RuleViolation as exc:
            raise RecordError(0, f"the setup is unusable: {exc.message}") from exc
        started = _seconds(record.get("started"))
        self.clocks = clock.start(self.control, started, state.pending.side) if started is not None else None
        self.history: dict[int, clock.Clocks] = {} if self.clocks is None else {0: self.clocks}

    def step(self, entry: Entry, outcome: Outcome) -> None:
        at = _seconds(entry.at)
        if self.clocks is None or at is None:
            self.clocks = None  # a step without its time: the clock cannot be read on from here
            return
        tick = clock.tick_of(at, entry.command, outcome.events, outcome.state.pending.side)
        self.clocks = self.clocks.after(tick, self.history)
        self.history[len(self.history)] = self.clocks

    def claim(self, number: int, entry: Entry, state: BattleState) -> Outcome:
        at = _seconds(entry.at)
        if self.clocks is None or at is None:
            raise RecordError(
                number, "a claim on time needs the record's times (started, and each entry's at)"
            )
        if entry.side not in SIDES:
            raise RecordError(number, f"there is no side called {entry.side!r}")
        try:
            return clock.claim(state, entry.side, self.clocks, at)
        except RuleViolation as exc:
            raise RecordError(number, f"{entry.side}'s claim on time is illegal: {exc.message}") from exc


def _seconds(when: Any) -> float | None:
    """An ISO 8601 time as POSIX seconds; None if absent or unreadable."""
    if not isinstance(when, str):
        return None
    try:
        moment = datetime.fromisoformat(when)
    except ValueError:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def replay(record: Any) -> BattleState:
    """The state a record leads to; checks its result if it states one."""
    state: BattleState | None = None
    count = 0
    for count, (_, outcome) in enumerate(steps(record), start=1):  # noqa: B007
        state = outcome.state
    if state is None:
        state = new_battle(_setup(record))  # no entries; steps() has checked the setup
    stated = record.get("result")
    actual = None if state.result is None else state.result.to_record()
    if stated is not None and not _same_result(stated, actual):
        raise RecordError(count, f"the record says the result is {stated}, the replay gives {actual}")
    stated_scenario = record.get("scenario")
    replayed = summary(state, REFEREE)
    if stated_scenario is not None and stated_scenario != replayed:
        raise RecordError(
            count, f"the record says the scenario stands {stated_scenario}, the replay gives {replayed}"
        )
    return state


def _setup(record: dict[str, Any]) -> dict[str, Any]:
    """The record's setup, played by the record's ruleset (the setup may say it too, if it agrees)."""
    setup = record["setup"]
    ruleset = record.get("ruleset", "skirmish")
    if not isinstance(setup, dict):
        raise RecordError(0, "its setup is not an object")
    if setup.get("ruleset", ruleset) != ruleset:
        raise RecordError(0, f"it is a {ruleset!r} record with a {setup['ruleset']!r} setup")
    return setup if ruleset == "skirmish" or "ruleset" in setup else {**setup, "ruleset": ruleset}


def _entry(number: int, raw: Any) -> Entry:
    try:
        side = raw["side"]
        command = raw["command"]
        rolls = [Roll.from_dict(r) for r in raw.get("rolls", [])]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(number, f"it is malformed ({exc})") from exc
    if not isinstance(command, dict):
        raise RecordError(number, "its command is not an object")
    at = raw.get("at")
    return Entry(str(side), command, rolls, at if isinstance(at, str) else None)


def _same_result(stated: Any, actual: dict[str, Any] | None) -> bool:
    """A record's result is the replay's, all of it; one written before the ending codes states
    only the winner and the sentence (and a scenario's Victory Points), which must be the replay's."""
    if actual is None or not isinstance(stated, dict):
        return False
    if "code" in stated:
        return stated == actual
    return all(actual.get(key) == value for key, value in stated.items())
