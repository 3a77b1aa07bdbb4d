"""The one exception the referee raises for a refused command."""

from __future__ import annotations


class RuleViolation(ValueError):
    """A command the rules forbid. `code` is stable for programs, `message` is for players."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class RecordMismatch(Exception):
    """Replayed dice do not match what a battle record says was rolled."""
