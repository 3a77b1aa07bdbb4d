"""What a move would do, worked out without doing it, for the pages' drag previews (§16): the swept
area, the path's legs, the move's length against the Move, the heroes it would overrun or put aside, a charge's
conformed end pose and the edge it hits; or the refusal, with its code and message.

`preview(state, command)` takes the command a player is about to send (`move_stand`, `charge`,
`move_hero`, `charge_hero`, `attach`) and never changes the state.
"""

from __future__ import annotations

from typing import Any

from ..errors import RuleViolation
from ..geometry import path_length
from ..state import BattleState
from .charge import ChargePlan
from .field import Obstruction
from .moves import StandMove
from .plans import hero_allowance, plan_attach, plan_hero_path, plan_move, plan_stand_charge
from .state import mass


def _drawn(planned: StandMove | ChargePlan) -> dict[str, Any]:
    """The plan as a move's event carries it, and the swept area."""
    move = planned.move if isinstance(planned, ChargePlan) else planned
    return {"ok": True, "area": move.area_data(), **planned.summary()}


def preview(state: BattleState, command: dict[str, Any]) -> dict[str, Any]:
    """{"ok": True, ...what it does} or {"ok": False, "code": ..., "message": ...}."""
    game = mass(state)
    kind = command.get("type")
    try:
        if kind == "move_stand":
            stand = game.stand(command["stand"])
            return _drawn(plan_move(game, stand, command["via"], command["facing"], ""))
        if kind == "charge":
            stand = game.stand(command["stand"])
            return _drawn(plan_stand_charge(game, stand, command["target"], bool(command.get("card"))))
        if kind in ("move_hero", "charge_hero", "attach"):
            hero = game.model(command["hero"])
            if kind == "attach":
                planned = plan_attach(game, hero, game.stand(command["stand"]))
                if isinstance(planned, Obstruction):
                    raise planned.violation()
                path, cost = list(planned.path), planned.cost
            else:
                target = game.model(command["target"]) if kind == "charge_hero" else None
                path = plan_hero_path(game, hero, command["path"], target)
                cost = path_length(path)
            return {
                "ok": True,
                "path": [list(p) for p in path],
                "length": round(cost, 3),
                "allowance": hero_allowance(game, hero),
            }
    except RuleViolation as refused:
        return {"ok": False, "code": refused.code, "message": refused.message}
    except (KeyError, TypeError, ValueError) as bad:
        return {"ok": False, "code": "malformed_command", "message": f"That move cannot be read: {bad}."}
    return {"ok": False, "code": "not_allowed", "message": f"There is no preview for {kind!r}."}
