"""The board agreed before deployment (`docs/rules/terrain.md` §0.4, §19.2): the battle's creator
chose it; the other side sees it and accepts it, or asks for another, which the chooser then
proposes (a board of the library, a random one, one it built): the referee takes only a board fair
for the battle (`fair.check`), and the battle record carries every board proposed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..errors import RuleViolation
from ..frame import Action, Ctx, Frame, Option, Pending
from ..state import BattleState, Board, Side, other, side_name
from ..terrain import load_piece
from .fair import BoardCheck, BoardNeeds, check

MAX_PIECES = 80
MAX_NAME = 80


@dataclass(slots=True)
class BoardAgreement(Frame):
    kind = "board_agreement"
    chooser: Side
    needs: BoardNeeds
    stage: Literal["answer", "propose"] = "answer"

    def step(self, ctx: Ctx) -> bool:
        return True

    def _answering(self) -> Side:
        return other(self.chooser)

    def board_check(self, state: BattleState) -> BoardCheck:
        """The board on the table, checked once per state (its pending step is asked for often)."""
        key = ("board_check", id(self))
        if key not in state.memo:
            state.memo[key] = check(state.board, state.terrain, self.needs)
        found: BoardCheck = state.memo[key]
        return found

    def pending(self, state: BattleState) -> Pending:
        name = state.board.name or "the setup's board"
        if self.stage == "propose":
            label = f"{side_name(self.chooser)} proposes another board"
            return Pending(self.chooser, "propose_board", label, {"board": name})
        found = self.board_check(state)
        label = f"{side_name(self._answering())}: accept the board ({name}) or ask for another"
        detail = {"board": name, "coverage": round(found.coverage, 3), "warnings": found.warnings}
        return Pending(self._answering(), "accept_board", label, detail)

    def options(self, state: BattleState, side: Side) -> list[Option]:
        if self.stage == "propose":
            spec = {"type": "board", "width": state.board.width, "height": state.board.height}
            return [Action("propose_board", "Propose this board", {"type": "propose_board"}, {"board": spec})]
        name = state.board.name or "this board"
        return [
            Action("accept_board", f"Accept {name}", {"type": "accept_board"}),
            Action("another_board", "Ask for another board", {"type": "another_board"}),
        ]

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = ctx.state
        kind = command["type"]
        if kind == "accept_board":
            name = state.board.name or "the board"
            ctx.log(
                "board_accepted", f"{side_name(self._answering())} accepts {name}.", side=self._answering()
            )
            ctx.pop(self)
        elif kind == "another_board":
            ctx.log("board_refused", f"{side_name(self._answering())} asks for another board.")
            self.stage = "propose"
        else:
            name, terrain = read_board(command["board"])
            try:
                pieces = [load_piece(i, p) for i, p in enumerate(terrain)]
            except RuleViolation as bad:
                raise RuleViolation("bad_board", bad.message) from bad
            board = Board(state.board.width, state.board.height, name)
            found = check(board, pieces, self.needs)
            if found.refusals:
                raise RuleViolation("bad_board", f"{name} cannot be played here: " + " ".join(found.refusals))
            state.board, state.terrain = board, pieces
            ctx.log(
                "board_proposed",
                f"{side_name(self.chooser)} proposes {name} ({len(pieces)} pieces, "
                f"{found.coverage:.0%} of the table).",
                side=self.chooser,
            )
            self.stage = "answer"


def read_board(data: Any) -> tuple[str, list[dict[str, Any]]]:
    """A proposed board's name and pieces; RuleViolation ("bad_board") for one that cannot be read."""
    if not isinstance(data, dict):
        raise RuleViolation("bad_board", "A board is an object with a name and its terrain.")
    name, terrain = data.get("name"), data.get("terrain")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise RuleViolation("bad_board", f"A board needs a name of 1 to {MAX_NAME} letters.")
    if not isinstance(terrain, list) or len(terrain) > MAX_PIECES:
        raise RuleViolation("bad_board", f"A board's terrain is a list of at most {MAX_PIECES} pieces.")
    return name.strip(), terrain
