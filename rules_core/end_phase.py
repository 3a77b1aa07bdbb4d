"""What special rules do as a turn begins and in its End phase (docs/rules/special-rules.md
§2.18, §2.39): Will of Evil, Mighty Hero."""

from __future__ import annotations

from .casualties import check_wiped_out, remove_casualty
from .effects import Lasting, register_lasting
from .frame import Ctx
from .special_rules import MIGHTY_HERO, WILL_OF_EVIL, model_has
from .state import Effect

FREE_MIGHT = "mighty_hero"
register_lasting(FREE_MIGHT, "Free Might point (Mighty Hero)", Lasting(quiet=True))


def will_of_evil(ctx: Ctx) -> None:
    """A model with Will of Evil that was in a Combat this turn gives up 1 Will; at none left it is
    banished, a casualty."""
    banished = False
    for model in list(ctx.state.models.values()):
        if not (model.on_board and model.fought and model_has(model, WILL_OF_EVIL)):
            continue
        model.will = max(0, model.will - 1)
        ctx.log(
            "will_of_evil",
            f"{model.name} gives up 1 Will (Will of Evil): {model.will} left.",
            model=model.id,
        )
        if model.will == 0:
            ctx.log("will_of_evil", f"{model.name} has no Will left and is banished.", model=model.id)
            remove_casualty(ctx, model, means=WILL_OF_EVIL.name)
            banished = True
    if banished:
        check_wiped_out(ctx)


def mighty_hero_gains(ctx: Ctx) -> None:
    """At the start of each turn a Mighty Hero gains a free Might point, even above his store."""
    for model in ctx.state.models.values():
        if model.on_board and model_has(model, MIGHTY_HERO):
            model.might += 1
            ctx.state.effects.append(
                Effect(FREE_MIGHT, model.id, "Free Might point", model.id, "battle", model.might)
            )
            ctx.log(
                "mighty_hero",
                f"{model.name} gains a free Might point (Mighty Hero): {model.might}.",
                model=model.id,
            )


def mighty_hero_loses(ctx: Ctx) -> None:
    """A free Might point not spent by the end of the turn is lost (the free point is spent first)."""
    for effect in [e for e in ctx.state.effects if e.kind == FREE_MIGHT]:
        ctx.state.effects.remove(effect)
        model = ctx.state.models.get(effect.target)
        if model is not None and model.on_board and model.might >= effect.value:
            model.might -= 1
            ctx.log(
                "mighty_hero",
                f"{model.name}'s unspent free Might point is lost: {model.might}.",
                model=model.id,
            )
