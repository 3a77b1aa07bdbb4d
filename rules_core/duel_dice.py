"""A Duel roll's dice as they stand: each model's faces and what they score with its wargear, the
Might raised on them, and banner re-rolls (`docs/rules/wargear.md` §7.1: within 3" of a standing
friendly bearer, one die per side, the losing side first) with the exact odds of each re-roll."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .duel import Roller, reroll_order
from .frame import Action, Ctx, Option
from .house_rules import BANNER_ORDER, SHIELDING_BONUS_FIRST
from .might import odds
from .odds import duel_of
from .state import SIDES, BattleState, Side, other, side_name

SideState = tuple[int, int]


@dataclass(slots=True)
class DuelDice:
    faces: dict[str, list[int]] = field(default_factory=dict)
    scores: dict[str, list[int]] = field(default_factory=dict)
    boost: dict[str, int] = field(default_factory=dict)
    banners: list[Side] = field(default_factory=list)
    """Sides with a banner in range that have not used its re-roll."""

    def roll(self, ctx: Ctx, rolls: list[Roller], shielding: list[Side]) -> None:
        state = ctx.state
        parts = []
        for roller in rolls:
            model = state.model(roller.model)
            self.scores[model.id] = list(roller.scores)
            if not roller.dice:
                self.faces[model.id] = []
                parts.append(f"{model.name} is Paralysed and rolls nothing")
                continue
            faces = ctx.dice.roll(roller.dice, "duel", model.id)
            self.faces[model.id] = faces
            counted = [roller.scores[f - 1] for f in faces]
            shown = ", ".join(map(str, faces))
            if counted != faces:
                shown += f" (counting {', '.join(map(str, counted))})"
            notes = []
            if roller.supports:
                notes.append(f"supporting {state.model(roller.supports).name}")
            elif model.side in shielding:
                notes.append("Shielding")
                if roller.dice > 2 * max(1, model.profile.attacks):
                    notes.append(SHIELDING_BONUS_FIRST.says())
            parts.append(f"{model.name} rolls {shown}" + (f" ({'; '.join(notes)})" if notes else ""))
        ctx.log("duel_roll", f"Duel: {'; '.join(parts)}.", dice=dict(self.faces))

    def best(self, model_id: str, faces: list[int] | None = None) -> int:
        """The model's highest scoring die with the Might spent on it (0 with no dice)."""
        dice = self.faces.get(model_id, []) if faces is None else faces
        if not dice:
            return 0
        scores = self.scores[model_id]
        return max(scores[f - 1] for f in dice) + self.boost.get(model_id, 0)

    def side_best(self, model_ids: list[str]) -> int:
        return max((self.best(m) for m in model_ids), default=0)

    def side_state(
        self, rolls: list[Roller], side: Side, model_id: str = "", faces: list[int] | None = None
    ) -> SideState:
        """A side's highest die and the highest its Might could raise a die to, with `model_id`'s
        dice as `faces` if given."""
        best = reach = 0
        for roller in rolls:
            if roller.side != side:
                continue
            top = self.best(roller.model, faces if roller.model == model_id else None)
            if top:
                best, reach = max(best, top), max(reach, min(6, top + roller.might))
        return best, reach

    # -- banners ---------------------------------------------------------------------------------

    def banner_turn(
        self, state: BattleState, now: Side | None, rolling: dict[Side, list[str]]
    ) -> Side | None:
        """The side that may re-roll a die now: the losing side first (on a tie the side without
        Priority), then the other if it is not winning then."""
        order = reroll_order(now, other(state.priority or "good"))
        return next(
            (s for s in order if s in self.banners and any(self.faces.get(m) for m in rolling[s])),
            None,
        )

    def banner_options(self, state: BattleState, side: Side, rolls: list[Roller]) -> list[Option]:
        """Re-roll one of the side's dice (each with the side's chance to win the Duel then), or keep."""
        duel = duel_of(state, rolls, set(self.banners))
        states = {s: self.side_state(rolls, s) for s in SIDES}
        used = frozenset({side})

        def chance(now: dict[Side, SideState]) -> Fraction:
            good = duel.good_wins_from(now, used)
            return good if side == "good" else 1 - good

        wins = f"{side_name(side)} wins the Duel"
        choices: list[Option] = []
        for roller in rolls:
            if roller.side != side:
                continue
            model = state.model(roller.model)
            for index, face in enumerate(self.faces.get(model.id, [])):
                total = Fraction(0)
                for new in range(1, 7):
                    faces = [new if i == index else f for i, f in enumerate(self.faces[model.id])]
                    total += Fraction(1, 6) * chance(
                        {**states, side: self.side_state(rolls, side, model.id, faces)}
                    )
                choices.append(
                    Action(
                        "reroll",
                        f"Re-roll {model.name}'s {face} (banner)",
                        {"type": "reroll", "model": model.id, "die": index},
                        odds=odds((wins, total)),
                        group=model.id,
                    )
                )
        choices.append(Action("keep", "Keep the dice", {"type": "keep"}, odds=odds((wins, chance(states)))))
        return choices

    def reroll(self, ctx: Ctx, side: Side, command: dict[str, Any]) -> None:
        """One die re-rolled for a banner; its model's modifiers apply to the new face."""
        self.banners.remove(side)
        model = ctx.state.model(command["model"])
        index = int(command["die"])
        old = self.faces[model.id][index]
        new = ctx.dice.d6("duel_reroll", model.id)
        self.faces[model.id][index] = new
        counted = self.scores[model.id][new - 1]
        shown = f"{new}" + (f" (counting {counted})" if counted != new else "")
        both = f" ({BANNER_ORDER.says()})" if self.banners else ""
        ctx.log(
            "reroll",
            f"{side_name(side)}'s banner: {model.name} re-rolls its {old}: {shown}.{both}",
            model=model.id,
            faces=[old, new],
        )
