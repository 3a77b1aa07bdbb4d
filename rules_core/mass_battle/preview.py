"""What a move would do, worked out without doing it, for the pages' drag previews (§16): the swept
area, the path's legs, the move's length against the Move, the heroes it would overrun or put aside, a charge's
conformed end pose and the edge it hits; or the refusal, with its code and message.

`preview(state, command)` takes the command a player is about to send (`move_stand`, `charge`,
`move_hero`, `charge_hero`, `attach`, and at deployment `place_stand`) and never changes the state.
A dragged stand whose own path is refused is previewed as what the referee would do instead (the
charge it was dropped in front of, a way round what is in the way): the answer's `command` is what
the page sends.
"""

from __future__ import annotations

from typing import Any

from ..errors import RuleViolation
from ..geometry import path_length
from ..state import BattleState
from .charge import ChargePlan
from .deployment import stand_place_problem
from .field import Obstruction
from .geometry import Rect, normal_facing
from .matchup import charge_odds
from .moves import StandMove
from .plans import hero_allowance, move_instead, plan_attach, plan_hero_path, plan_move, plan_stand_charge
from .state import MassState, mass


def _drawn(game: MassState, planned: StandMove | ChargePlan, command: dict[str, Any]) -> dict[str, Any]:
    """The plan as a move's event carries it, the swept area, the command that does it and, for a
    charge, the odds of the combat it starts (§15)."""
    move = planned.move if isinstance(planned, ChargePlan) else planned
    drawn = {"ok": True, "area": move.area_data(), "command": command, **planned.summary()}
    if isinstance(planned, ChargePlan):
        stand, target = game.stand(command["stand"]), game.stand(planned.target)
        odds = charge_odds(game, stand, target, move.end, bool(command.get("card")))
        drawn["odds"] = [{"label": o["label"], "p": o["p"]} for o in odds["outcomes"]]
    return drawn


def _stand_move(game: MassState, command: dict[str, Any]) -> dict[str, Any]:
    """A `move_stand` as dragged; when its own path is refused, what the referee would do instead:
    the charge it was dropped in front of, or a way round what is in it (`plans.move_instead`)."""
    stand = game.stand(command["stand"])
    try:
        return _drawn(game, plan_move(game, stand, command["via"], command["facing"], ""), command)
    except RuleViolation:
        instead = move_instead(game, stand, command["via"], float(command["facing"]))
        if instead is None:
            raise
        return _drawn(game, instead[1], instead[0])


def _placing(game: MassState, command: dict[str, Any]) -> dict[str, Any]:
    """A stand put down at deployment (§2.5), checked as the deployment will check it."""
    stand = game.stand(command["stand"])
    zone = game.pending.detail.get("zone") if game.pending.kind == "deploy" else None
    if zone is None or game.pending.side != stand.side:
        raise RuleViolation("not_allowed", f"{stand.name} is not being deployed now.")
    x, y = (float(v) for v in command["at"])
    rect = Rect(x, y, normal_facing(float(command["facing"])), stand.stats.width, stand.stats.depth)
    problem = stand_place_problem(game, stand, rect, (zone[0], zone[1], zone[2], zone[3]))
    if problem is not None:
        raise problem
    return {"ok": True, "command": command, "end": [rect.x, rect.y, rect.facing]}


def preview(state: BattleState, command: dict[str, Any]) -> dict[str, Any]:
    """{"ok": True, ...what it does, "command": what to send for it} or {"ok": False, "code": ...,
    "message": ..., "blocking": what is in the way, if something is}."""
    game = mass(state)
    kind = command.get("type")
    try:
        if kind == "move_stand":
            return _stand_move(game, command)
        if kind == "place_stand":
            return _placing(game, command)
        if kind == "charge":
            stand = game.stand(command["stand"])
            charge = plan_stand_charge(game, stand, command["target"], bool(command.get("card")))
            return _drawn(game, charge, command)
        if kind in ("move_hero", "charge_hero", "attach"):
            hero = game.model(command["hero"])
            if kind == "attach":
                joining = plan_attach(game, hero, game.stand(command["stand"]))
                if isinstance(joining, Obstruction):
                    raise joining.violation()
                path, cost = list(joining.path), joining.cost
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
        said = {"ok": False, "code": refused.code, "message": refused.message}
        return {**said, "blocking": refused.blocking} if refused.blocking else said
    except (KeyError, TypeError, ValueError) as bad:
        return {"ok": False, "code": "malformed_command", "message": f"That move cannot be read: {bad}."}
    return {"ok": False, "code": "not_allowed", "message": f"There is no preview for {kind!r}."}
