"""What a move would do, worked out without doing it, for the pages' drag previews (§16): the swept
area, the move's length against the Move, the heroes it would overrun or put aside, a charge's
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


def _stand_move(planned: StandMove) -> dict[str, Any]:
    return {
        "area": [[list(p) for p in piece] for piece in planned.area],
        "end": [planned.end.x, planned.end.y, planned.end.facing],
        "length": round(planned.length, 3),
        "allowance": planned.allowance,
        "overrun": list(planned.overrun),
        "displaced": [{"hero": h, "to": list(p)} for h, p in planned.displaced],
    }


def preview(state: BattleState, command: dict[str, Any]) -> dict[str, Any]:
    """{"ok": True, ...what it does} or {"ok": False, "code": ..., "message": ...}."""
    game = mass(state)
    kind = command.get("type")
    try:
        if kind == "move_stand":
            stand = game.stand(command["stand"])
            return {"ok": True, **_stand_move(plan_move(game, stand, command["via"], command["facing"], ""))}
        if kind == "charge":
            stand = game.stand(command["stand"])
            charged: ChargePlan = plan_stand_charge(game, stand, command["target"], bool(command.get("card")))
            return {"ok": True, "edge": charged.edge, **_stand_move(charged.move)}
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
