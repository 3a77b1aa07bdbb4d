"""What each side declares before a Combat's Duel roll (`docs/rules/wargear.md` §1-§3): Shielding
(all of a side's models or none), two-handed or one-handed for a model with the choice, and who
supports whom. The referee asks only when there is a choice, with the odds of each answer; the
answers stay hidden until both sides have given theirs (house rule: the side without Priority
first), and a supporter with one friend to support and no other Combat to keep it for is seated
without a question."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .duel import Plan
from .effects import Lasting, held_by, register_lasting
from .frame import Action, Ctx, Option, Refusal
from .geometry import BASE_CONTACT
from .house_rules import SHIELDING_ORDER
from .odds import fight_odds, odds_data
from .state import SIDES, BattleState, Effect, Model, Side, side_name
from .support import candidates, elsewhere, supportable, why_not_supporter
from .wargear import can_shield, chooses_grip, kit_of, loses_shield_two_handed, must_fight_two_handed

GRIP = "two_handed_grip"
register_lasting(GRIP, "Fighting two-handed", Lasting(fights_two_handed=True, quiet=True))


@dataclass(slots=True)
class Fighting:
    """A Combat's models as the declarations see them."""

    models: list[Model]
    opponents_of: dict[str, list[Model]]
    base: Plan
    """Who charged and which cavalry keep their charge bonuses."""

    def side(self, side: Side) -> list[Model]:
        return [m for m in self.models if m.side == side]


@dataclass(slots=True)
class Declarations:
    asking: Side | None = None
    asked: list[Side] = field(default_factory=list)
    """The sides that have answered a question (for the log: whose answers went first)."""
    answered: list[str] = field(default_factory=list)
    shielding: list[Side] = field(default_factory=list)
    two_handed: list[str] = field(default_factory=list)
    supports: dict[str, str] = field(default_factory=dict)

    def plan(self, base: Plan, **changed: Any) -> Plan:
        """The declarations so far over `base` (with `changed` fields, to weigh a choice)."""
        fields: dict[str, Any] = {
            "shielding": frozenset(self.shielding),
            "two_handed": frozenset(self.two_handed),
            "supports": tuple(self.supports.items()),
            "charged": base.charged,
            "charging": base.charging,
            "walled": base.walled,
        }
        fields.update(changed)
        return Plan(**fields)

    # -- the questions ---------------------------------------------------------------------------

    def why_no_shielding(self, state: BattleState, fighting: Fighting, side: Side) -> str | None:
        """Why `side` may not Shield in this Combat (all its models Shield or none), or None."""
        for model in fighting.side(side):
            if not can_shield(model):
                why = "is mounted" if model.mount is not None else "has no shield to fight with"
                return f"{model.name} {why}, and all of a side's models Shield or none do."
            held = held_by(state, model)
            if held is not None:
                return f"{model.name} is under {held.label}."
        return None

    def _grippers(self, fighting: Fighting, side: Side) -> list[Model]:
        return [] if side in self.shielding else [m for m in fighting.side(side) if chooses_grip(m)]

    def support_question(
        self, state: BattleState, fighting: Fighting, side: Side, seat: bool = False
    ) -> tuple[Model, list[Model]] | None:
        """The next supporter of `side` to place, with the friends it may support. With `seat`, one
        with a single friend and no Combat elsewhere to keep it for is seated at once (the frame's
        own step does that, so a question asked is never one that would seat itself)."""
        while True:
            for supporter in candidates(state, fighting.models, self.supports):
                key = f"support:{supporter.id}"
                if supporter.side != side or key in self.answered:
                    continue
                shielding = side in self.shielding
                friends = supportable(state, supporter, fighting.models, shielding, self.supports)
                if not friends:
                    continue
                if not seat or len(friends) > 1 or elsewhere(state, supporter, fighting.models):
                    return supporter, friends
                self.answered.append(key)
                self.supports[supporter.id] = friends[0].id
                break
            else:
                return None

    def question(self, state: BattleState, fighting: Fighting, side: Side, seat: bool = False) -> str | None:
        """What `side` is asked next: "shield", "grip:<model>", "support" (None: nothing left)."""
        if f"shield:{side}" not in self.answered and self.why_no_shielding(state, fighting, side) is None:
            return "shield"
        for model in self._grippers(fighting, side):
            if f"grip:{model.id}" not in self.answered:
                return f"grip:{model.id}"
        return "support" if self.support_question(state, fighting, side, seat) is not None else None

    def next_to_answer(self, state: BattleState, fighting: Fighting) -> bool:
        """Move on to the side that still has a question (seating supporters on the way); False
        when both sides are done."""
        assert self.asking is not None and state.priority is not None
        if self.question(state, fighting, self.asking, seat=True) is not None:
            return True
        if self.asking != state.priority:
            self.asking = state.priority
            return self.next_to_answer(state, fighting)
        return False

    def label(self, state: BattleState, fighting: Fighting) -> str:
        assert self.asking is not None
        question = self.question(state, fighting, self.asking) or ""
        who = side_name(self.asking)
        if question == "shield":
            return f"{who} declares: Shield, or fight?"
        if question == "support":
            return f"{who} places its supporters"
        return f"{who} chooses how {state.model(question[5:]).name} fights"

    def options(self, state: BattleState, fighting: Fighting, side: Side) -> list[Option]:
        question = self.question(state, fighting, side)
        assert question is not None
        choices: list[Option] = []

        def weigh(**changed: Any) -> dict[str, Any]:
            """The odds with this answer (the other side's unknown answers as the defaults)."""
            result = fight_odds(
                state, fighting.models, fighting.opponents_of, self.plan(fighting.base, **changed)
            )
            return odds_data(state, result, side, fighting.models)

        if question == "shield":
            for shield in (True, False):
                label = (
                    "Shield: double the dice, no Strikes if you win" if shield else "Fight without Shielding"
                )
                sides = {*self.shielding, side} if shield else set(self.shielding)
                command = {"type": "shield", "shield": shield}
                choices.append(Action("shield", label, command, odds=weigh(shielding=frozenset(sides))))
        elif question.startswith("grip:"):
            model = state.model(question[5:])
            for two in (False, True):
                how = "two-handed: -1 on its dice, +1 To Wound" if two else "one-handed"
                grips = {*self.two_handed, model.id} if two else set(self.two_handed)
                command = {"type": "grip", "model": model.id, "two_handed": two}
                choices.append(
                    Action(
                        "grip", f"{model.name} fights {how}", command, odds=weigh(two_handed=frozenset(grips))
                    )
                )
        else:
            found = self.support_question(state, fighting, side)
            assert found is not None
            supporter, friends = found
            for friend in friends:
                supports = (*self.supports.items(), (supporter.id, friend.id))
                choices.append(
                    Action(
                        "support",
                        f"{supporter.name} supports {friend.name} (1 die, 1 Strike)",
                        {"type": "support", "model": supporter.id, "friend": friend.id},
                        odds=weigh(supports=supports),
                        group=supporter.id,
                    )
                )
            choices.append(
                Action(
                    "support",
                    f"{supporter.name} does not support here",
                    {"type": "support", "model": supporter.id, "friend": ""},
                    odds=weigh(),
                    group=supporter.id,
                )
            )
        return choices + self._refused(state, fighting, side)

    def _refused(self, state: BattleState, fighting: Fighting, side: Side) -> list[Option]:
        """Shielding or supporting the rules forbid now, with the reason, for a command that tries."""
        refused: list[Option] = []
        why = self.why_no_shielding(state, fighting, side)
        if f"shield:{side}" not in self.answered and why is not None:
            refused.append(Refusal({"type": "shield", "shield": True}, "cannot_shield", why))
        ids = {m.id for m in fighting.models}
        for model in state.army_models(side):
            if model.id in self.supports or model.id in ids:
                continue
            reason = why_not_supporter(state, model)
            if reason and any(
                m.side == side and model.distance_to(m) <= BASE_CONTACT for m in fighting.models
            ):
                refused.append(Refusal({"type": "support", "model": model.id}, "cannot_support", reason))
        return refused

    def answer(self, command: dict[str, Any]) -> None:
        assert self.asking is not None
        if self.asking not in self.asked:
            self.asked.append(self.asking)
        kind = command["type"]
        if kind == "shield":
            self.answered.append(f"shield:{self.asking}")
            if command["shield"]:
                self.shielding.append(self.asking)
        elif kind == "grip":
            self.answered.append(f"grip:{command['model']}")
            if command["two_handed"]:
                self.two_handed.append(command["model"])
        else:
            self.answered.append(f"support:{command['model']}")
            if command["friend"]:
                self.supports[command["model"]] = command["friend"]

    def reveal(self, ctx: Ctx, fighting: Fighting) -> None:
        """Both sides' declarations, shown together once both are in; hand-and-a-half weapons fought
        two-handed give up their shield's Defence for the Combat."""
        state = ctx.state
        parts = []
        for side in SIDES:
            models = fighting.side(side)
            why = self.why_no_shielding(state, fighting, side)
            if side in self.shielding:
                parts.append(f"{side_name(side)} Shields ({', '.join(m.name for m in models)})")
            elif why and any(kit_of(m.profile).shield is not None for m in models):
                ctx.log("no_shielding", f"{side_name(side)} cannot Shield: {why}", side=side)
        for model in fighting.models:
            if model.id in self.two_handed or must_fight_two_handed(model):
                parts.append(f"{model.name} fights two-handed")
                if model.id in self.two_handed and loses_shield_two_handed(model):
                    state.effects.append(Effect(GRIP, model.id, "Fighting two-handed", model.id, "fight"))
        for supporter_id, friend in self.supports.items():
            supporter = state.model(supporter_id)
            supporter.supported = True
            parts.append(f"{supporter.name} supports {state.model(friend).name}")
        if parts:
            order = f" ({SHIELDING_ORDER.says()})" if len(self.asked) == 2 else ""
            ctx.log(
                "declared", f"Before the Duel: {'; '.join(parts)}.{order}", shielding=list(self.shielding)
            )
