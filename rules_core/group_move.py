"""Several models moved at once, as a player moves a block of them by hand: one command, each model
still activating on its own with its own move checked (docs/rules/core-summary.md, Movement).

The models go front first (the one ending furthest along the way the block moves first), so each
may pass where one ahead of it stood. One that may not move where it was sent stays where it is, with the reason in
the log, and has not activated: it may still be moved on its own. The group is one step of the
battle, so one takeback undoes it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import activation  # the module: it offers the group move, and this module starts each activation
from .errors import RuleViolation
from .frame import Action, Ctx, Frame
from .state import BattleState, Model, Side

GROUP_MOVE = "move_group"


def group_move_option(models: list[Model], movable: list[str]) -> Action | None:
    """The choice to move several of `models` at once: those of them whose plain move is offered."""
    ids = [m.id for m in models if m.id in movable]
    if len(ids) < 2:
        return None
    return Action(
        GROUP_MOVE,
        "Move several models together",
        {"type": GROUP_MOVE},
        {"moves": {"type": "moves", "models": ids}},
    )


def front_first(state: BattleState, moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moves in the order they are made: the one that ends furthest along the block's mean
    direction first (for a block, its front row; for a file following its leader, the leader, then
    each in the file's order, so each walks where the one ahead of it stood)."""
    starts = {m["model"]: state.model(m["model"]).pos for m in moves}
    ends = {m["model"]: (float(m["path"][-1][0]), float(m["path"][-1][1])) for m in moves}
    dx = sum(ends[k][0] - starts[k][0] for k in starts) / len(moves)
    dy = sum(ends[k][1] - starts[k][1] for k in starts) / len(moves)
    return sorted(moves, key=lambda m: -(ends[m["model"]][0] * dx + ends[m["model"]][1] * dy))


@dataclass(slots=True)
class GroupMove(Frame):
    """The models of a group move, one activation at a time; `moves` are those still to go.

    A model whose way is blocked by one of the group still to move waits (`held`) until the others
    have gone, then tries again, as long as any of them moved meanwhile: a file following its leader
    walks where the one ahead of it stood, whatever order the moves were sent in."""

    kind = "group_move"
    side: Side
    moves: list[dict[str, Any]] = field(default_factory=list)
    held: list[dict[str, Any]] = field(default_factory=list)
    """Moves blocked by a model of the group still to move, each with the refusal it met."""
    moved: bool = False
    """Whether a model has moved since the held moves were last tried."""

    def step(self, ctx: Ctx) -> bool:
        while self.moves or (self.held and self.moved):
            if not self.moves:
                self.moves, self.held, self.moved = [dict(m) for m in self.held], [], False
            move = self.moves.pop(0)
            command = {"type": "move", "model": move["model"], "path": move["path"]}
            try:
                started = activation.start_activation(ctx, command)
            except RuleViolation as refused:
                blocking = refused.blocking or {}
                later = {m["model"] for m in [*self.moves, *self.held]}
                waiting = {"model": move["model"], "path": move["path"]}
                if blocking.get("model") in later:
                    self.held.append(
                        {**waiting, "code": refused.code, "message": refused.message, "blocking": blocking}
                    )
                else:
                    self._refused(ctx, waiting["model"], refused.code, refused.message, blocking)
                continue
            self.moved = True
            ctx.push(started)
            return False
        for move in self.held:
            self._refused(ctx, move["model"], move["code"], move["message"], move["blocking"])
        self.held = []
        ctx.pop(self)
        return False

    def _refused(self, ctx: Ctx, ident: str, code: str, message: str, blocking: dict[str, Any]) -> None:
        ctx.log(
            "group_refused",
            f"{ctx.state.model(ident).name} stays where it is: {message}",
            model=ident,
            code=code,
            message=message,
            blocking=blocking,
        )


def begin_group_move(ctx: Ctx, side: Side, command: dict[str, Any]) -> None:
    ctx.push(GroupMove(side, front_first(ctx.state, [dict(m) for m in command["moves"]])))
