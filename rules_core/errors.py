"""Refusals: the one base type for a refused request, and every code the referee refuses with.

`Refused` carries a `code` that programs rely on and a `message` a person reads as it is. The
referee raises `RuleViolation`; the server's own refusals (a stale version, a spectator acting)
derive from `Refused` too, so every refusal a player meets has the same shape.
"""

from __future__ import annotations

from typing import Literal


class Refused(Exception):
    """A request refused: `code` is stable for programs, `message` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


RuleCode = Literal[
    "unknown_side",
    "malformed_command",
    "battle_over",
    "not_your_decision",
    "not_allowed",
    "bad_setup",
    "outside_zone",
    "overlap",
    "impassable",
    "off_board",
    "too_far",
    "through_model",
    "control_zone",
    "charge_short",
    "out_of_reach",
    "must_charge",
    "no_charge",
    "too_far_from_hero",
    "cannot_cast",
    "bad_target",
    "one_heroic_action_per_phase",
    "no_might",
    "heroic_action_blocked",
]
"""Every code the referee refuses a command with; mypy holds each refusal to one of these."""

RULE_CODES: dict[RuleCode, str] = {
    "unknown_side": "The command names a side that is not in the battle.",
    "malformed_command": "The command is not an object with a type.",
    "battle_over": "The battle is over: it takes no more commands.",
    "not_your_decision": "The battle waits for the other side's decision, or for nobody's.",
    "not_allowed": "The command matches none of the choices open now (the message says what is).",
    "bad_setup": "The battle's setup cannot be played: its board, terrain, armies or models.",
    "outside_zone": "A model is placed outside its side's deployment zone.",
    "overlap": "A model is placed on top of another.",
    "impassable": "A model would stand on or move through impassable terrain.",
    "off_board": "A path leaves the board.",
    "too_far": "A path is longer than the model's move allows.",
    "through_model": "A path passes through another model.",
    "control_zone": 'A path goes within 1" of an enemy it does not charge.',
    "charge_short": "A charge does not end in base contact with its target.",
    "out_of_reach": "A charge's target is further away than the model can move.",
    "must_charge": "A model in an accepted Heroic Challenge must charge the other Hero in it.",
    "no_charge": "A model marching (Heroic March, At the Double) may not charge this phase.",
    "too_far_from_hero": 'A model answering a shout must end within 6" of the Hero who made it.',
    "cannot_cast": "The model may not cast now: no powers, no Will, Engaged, held, or it has tried.",
    "bad_target": "The target is not allowed for that shot or power (range, sight, kind, protection).",
    "one_heroic_action_per_phase": "The Hero has already declared a Heroic Action this phase.",
    "no_might": "The Hero has no Might left to declare a Heroic Action.",
    "heroic_action_blocked": "The Hero cannot declare that Heroic Action now (the message says why).",
}
"""What each referee refusal code means, in one line."""


class RuleViolation(Refused, ValueError):
    """A command the rules forbid."""

    code: RuleCode

    def __init__(self, code: RuleCode, message: str) -> None:
        super().__init__(code, message)


class RecordMismatch(Exception):
    """Replayed dice do not match what a battle record says was rolled."""
