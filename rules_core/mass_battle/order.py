"""Heroes who act first (§11): a Heroic Move's stand (or loose hero) activates before the normal
order, with its With Me; a Heroic Shoot's stand shoots first, with its Loose. The skirmish's
`HeroicOrder` runs it (the clash roll, the sides alternating); this says what acting first is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..frame import Action, Ctx, Option
from ..heroic import SHOUTS, cancel
from ..heroic_order import HeroicOrder
from ..state import BattleState, Model, Side, other
from .activation import begin, hero_options, stand_options
from .constants import SHOUT_RANGE
from .heroics import _free_to_move, _stand_shoots
from .magic import cast_options
from .shooting import MassShooting, begin_shot, shot_options, why_cannot_shoot
from .state import MassState, friends_within, mass, mass_ctx


def _piece(state: MassState, hero: Model) -> str:
    stand = state.stand_of(hero)
    return stand.id if stand is not None else hero.id


def _loose_friends(state: MassState, hero: Model, stand: str) -> list[str]:
    return [
        f
        for f in friends_within(state, hero.id, hero.side, SHOUT_RANGE)
        if f in state.stands and f != stand and why_cannot_shoot(state, state.stand(f)) is None
    ]


@dataclass(slots=True)
class MassHeroicOrder(HeroicOrder):
    kind = "mass_heroic_order"

    def cancel_if_unable(self, ctx: Ctx, hero: Model) -> bool:
        """His stand (or he) must still be free to act first: to move, not in combat and not yet
        activated; to shoot, able to shoot."""
        reason = _free_to_move(ctx.state, hero) if self.phase == "move" else _stand_shoots(ctx.state, hero)
        if reason is None:
            return False
        cancel(ctx, hero, self.action, reason.rstrip("."))
        return True

    def options(self, state: BattleState, side: Side) -> list[Option]:
        game = mass(state)
        choices: list[Option] = []
        seen: set[str] = set()
        for hero in self.heroes(state, side):
            piece = _piece(game, hero)
            if piece in seen:
                continue
            seen.add(piece)
            if self.phase == "move":
                if piece in game.stands:
                    choices += stand_options(game, game.stand(piece), shout="heroic_move")
                    choices += cast_options(game, game.attached(piece))
                else:
                    choices += hero_options(game, hero, shout="heroic_move")
                continue
            stand = game.stand(piece)
            loose = _loose_friends(game, hero, piece)
            shout: dict[str, Any] = {}
            if loose:
                shout = {
                    "shout": {
                        "type": "choice",
                        "options": [
                            {"value": True, "label": f"{hero.name} shouts {SHOUTS['heroic_shoot']}"},
                            {"value": False, "label": "No shout"},
                        ],
                        "default": False,
                    }
                }
            choices += shot_options(game, [stand], shout)
            choices.append(
                Action("hold", f"{stand.name} does not shoot", {"type": "hold", "stand": stand.id}, shout)
            )
        return choices

    def handle(self, ctx: Ctx, command: dict[str, Any]) -> None:
        state = mass_ctx(ctx)
        assert self.next_side is not None
        piece = command.get("stand") or command.get("hero") or ""
        if command["type"] == "cast":
            caster = state.model(command["model"])
            piece = _piece(state, caster)
        acting = [h for h in self.heroes(state, self.next_side) if _piece(state, h) == piece]
        self.done += [h.id for h in acting]
        self.next_side = other(self.next_side)
        if self.phase == "move":
            begin(ctx, command, shout="heroic_move")
            return
        stand = state.stand(piece)
        if command.get("shout"):
            friends = _loose_friends(state, acting[0], stand.id)
            names = ", ".join(state.stand(f).name for f in friends)
            ctx.log(
                "shout",
                f'{acting[0].name} shouts "Loose": {names} shoot with {stand.name}.',
                hero=acting[0].id,
                affects=friends,
            )
            ctx.push(MassShooting(stand.side, only=friends))
        if command["type"] == "shoot":
            begin_shot(ctx, command)
        else:
            ctx.log("stand_holds", f"{stand.name} does not shoot.", stand=stand.id)
