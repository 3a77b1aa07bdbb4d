"""Taking back steps: a side's own latest steps, undone with the other side's consent.

A takeback is an entry of the battle record of its own, `{"type": "takeback", "steps": N}` sent by
the side that asked: it undoes the N latest steps still in effect, which must all be that side's
and must have rolled no die. Dice are dice: a step that rolled one cannot be taken back, nor
anything before it. The record keeps the undone entries where they were and the takeback after
them, so nothing is rewritten and every entry keeps its number.

This reads the record's entries alone (who sent what, and whether it rolled), never a ruleset's
state, so it is the same for every ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .engine import Outcome
from .errors import RuleViolation
from .state import BattleState

TAKEBACK = "takeback"
MAX_STEPS = 5
"""The most steps one takeback goes back (a player who misclicked wants the last one or two)."""

NOUNS = {
    "move": "move",
    "move_group": "group's move",
    "move_stand": "move",
    "move_hero": "move",
    "place": "placing",
    "ready": "confirmation of deployment",
    "priority": "choice of Priority",
    "declare": "Heroic Action",
    "charge": "charge",
    "charge_hero": "charge",
    "stand": "standing up",
    "end_moves": "end of moves",
    "end_activation": "end of activation",
    "end_shooting": "end of shooting",
    "activate": "activation",
    "hold": "hold",
    "pair": "pairing",
    "attach": "joining",
    "detach": "stepping out",
    "accept_board": "acceptance of the board",
    "another_board": "request for another board",
    "propose_board": "board proposed",
    "cross": "Jump or Climb",
    "stop": "stop at the wall",
    "climb_on": "climb",
}
"""What a player calls a step, by its command; any other command by its name."""

PIECE_KEYS = ("model", "stand", "hero")


class Logged(Protocol):
    """An entry as the record and the server's event log both have it."""

    @property
    def side(self) -> str: ...

    @property
    def command(self) -> Mapping[str, Any]: ...

    @property
    def rolls(self) -> Sequence[Any]: ...


def is_takeback(command: Mapping[str, Any]) -> bool:
    return command.get("type") == TAKEBACK


def undone(entries: Sequence[Logged]) -> set[int]:
    """The positions (in `entries`) of the steps a later takeback undid.

    Read from the end: a takeback undoes the steps still in effect before it, so walking back, each
    takeback adds its count to the steps still to skip. `entries` may be the latest part of a
    record only: a takeback always comes after what it undoes."""
    found: set[int] = set()
    skip = 0
    for position in range(len(entries) - 1, -1, -1):
        command = entries[position].command
        if is_takeback(command):
            skip += _count(command)
        elif skip:
            found.add(position)
            skip -= 1
    return found


def undoable(entries: Sequence[Logged], side: str, limit: int = MAX_STEPS) -> list[int]:
    """The positions of the steps `side` could take back now, the latest first: its own steps in
    effect at the end of the log, up to the first that rolled a die or was the other side's."""
    skip = 0
    found: list[int] = []
    for position in range(len(entries) - 1, -1, -1):
        entry = entries[position]
        if is_takeback(entry.command):
            skip += _count(entry.command)
            continue
        if skip:
            skip -= 1
            continue
        if entry.side != side or entry.rolls or len(found) == limit:
            break
        found.append(position)
    return found


def check(entries: Sequence[Logged], side: str, steps: Any) -> list[int]:
    """The positions `steps` steps of `side` would undo; RuleViolation (`cannot_take_back`) in a
    player's words if they cannot be taken back."""
    if not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= MAX_STEPS:
        raise RuleViolation(
            "cannot_take_back", f"A takeback goes back between 1 and {MAX_STEPS} of your own steps."
        )
    open_ = undoable(entries, side)
    if len(open_) >= steps:
        return open_[:steps]
    if not open_:
        raise RuleViolation("cannot_take_back", _why_not(entries, side))
    raise RuleViolation(
        "cannot_take_back",
        f"Only your last {_steps(len(open_))} can be taken back: before them, {_why_not_before(entries, open_[-1])}.",
    )


def describe(command: Mapping[str, Any], state: BattleState | None) -> str:
    """A step as the offer names it: "move of Aragorn", "end of moves"."""
    kind = str(command.get("type", ""))
    noun = NOUNS.get(kind, kind.replace("_", " "))
    piece = next((command[key] for key in PIECE_KEYS if isinstance(command.get(key), str)), None)
    moves = command.get("moves")
    if isinstance(moves, list) and moves:
        return f"{noun} ({len(moves)} models)"
    if piece is None or state is None:
        return noun
    found = state.piece(piece)
    return f"{noun} of {found[0] if found else piece}"


def offer_text(
    entries: Sequence[Logged], positions: Sequence[int], state: BattleState | None, whose: str = "your"
) -> str:
    """What a takeback of the steps at `positions` (the latest first) goes back over, as its
    question says it: "your move of Aragorn", "your last 3 steps, back to your move of Aragorn"."""
    oldest = describe(entries[positions[-1]].command, state)
    if len(positions) == 1:
        return f"{whose} {oldest}"
    return f"{whose} last {len(positions)} steps, back to {whose} {oldest}"


def undo_event(side: str, numbers: Sequence[int], text: str) -> dict[str, Any]:
    """The event a takeback makes: `undone` are the entry numbers (1-based: the steps' seq)."""
    return {
        "type": TAKEBACK,
        "side": side,
        "steps": len(numbers),
        "undone": sorted(numbers),
        "text": f"{side.capitalize()} took back {text} ({', '.join(f'#{n}' for n in sorted(numbers))}).",
    }


def plan(entries: Sequence[Logged], side: str, steps: Any, now: BattleState) -> tuple[list[int], str]:
    """The positions in `entries` (the record's latest entries, or all of them) that a takeback of
    `side`'s `steps` latest steps undoes, the latest first, and what it says it went back over.
    RuleViolation if it cannot be."""
    if now.result is not None:
        raise RuleViolation("battle_over", "The battle is over: nothing can be taken back.")
    positions = check(entries, side, steps)
    return positions, offer_text(entries, positions, now, whose="their")


def restore(before: BattleState, now: BattleState, side: str, numbers: Sequence[int], text: str) -> Outcome:
    """The takeback's outcome: the battle as it stood `before` the oldest step undone (the entries
    numbered `numbers`), counted one step on from `now` (`state.step` numbers every entry, this
    one too)."""
    return Outcome(restored(before, now), [undo_event(side, numbers, text)], [])


def restored(before: BattleState, now: BattleState) -> BattleState:
    """The state a takeback leaves: the battle `before` the oldest step undone, a step on from `now`."""
    state = before.clone()
    state.step = now.step + 1
    return state


def replay_step(entries: Sequence[Logged], states: list[BattleState]) -> Outcome:
    """Apply the takeback that is the last of `entries` (a whole record's, up to it).

    `states` are the states a takeback may go back to: the battle as it stood after the latest step
    that rolled a die (or at the start), then after each step in effect since; the last is the battle
    now. The undone steps' states are dropped from it, and the last becomes the takeback's."""
    takeback, now = entries[-1], states[-1]
    positions, text = plan(entries[:-1], takeback.side, takeback.command.get("steps"), now)
    if len(positions) >= len(states):
        raise RuleViolation("cannot_take_back", "Dice are dice: nothing before a roll can be taken back.")
    del states[-len(positions) :]
    outcome = restore(states[-1], now, takeback.side, [p + 1 for p in positions], text)
    states[-1] = outcome.state
    return outcome


def _count(command: Mapping[str, Any]) -> int:
    steps = command.get("steps")
    return steps if isinstance(steps, int) and not isinstance(steps, bool) and steps > 0 else 0


def _steps(count: int) -> str:
    return "step" if count == 1 else f"{count} steps"


def _why_not(entries: Sequence[Logged], side: str) -> str:
    latest = _latest_in_effect(entries)
    if latest is None:
        return "There is nothing to take back yet."
    entry = entries[latest]
    if entry.side != side:
        return "Your opponent has played since your last step: only your own latest steps can be taken back."
    return "Your last step rolled dice, and dice are dice: it cannot be taken back, nor anything before it."


def _why_not_before(entries: Sequence[Logged], oldest: int) -> str:
    before = _latest_in_effect(entries[:oldest])
    if before is not None and entries[before].rolls:
        return "a step rolled dice, and dice are dice"
    if before is not None and entries[before].side != entries[oldest].side:
        return "your opponent played"
    return f"a takeback goes back at most {MAX_STEPS} steps"


def _latest_in_effect(entries: Sequence[Logged]) -> int | None:
    gone = undone(entries)
    for position in range(len(entries) - 1, -1, -1):
        if position not in gone and not is_takeback(entries[position].command):
            return position
    return None
