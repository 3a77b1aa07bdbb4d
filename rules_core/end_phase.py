"""What special rules do as a turn begins and in its End phase (docs/rules/special-rules.md
§2.18, §2.39): Will of Evil, Mighty Hero."""

from __future__ import annotations

from .casualties import check_wiped_out, remove_casualty
from .effects import Lasting, register_lasting
from .frame import Ctx
from .special_rules import WILL_OF_EVIL, model_has
from .special_rules.active import active
from .special_rules.shapes import FreePoint
from .state import Effect

FREE_MIGHT = "mighty_hero"
register_lasting(FREE_MIGHT, "Free Might point (Mighty Hero)", Lasting(quiet=True))
FREE_WILL = "free_will"
register_lasting(FREE_WILL, "Free Will point", Lasting(quiet=True))


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
    """At the start of each turn a model with a free point (Mighty Hero: Might; The Lady of Lórien
    and the like: Will) gains it, even above its store."""
    for model in ctx.state.models.values():
        if not model.on_board:
            continue
        for use, shape in active(ctx.state, model, FreePoint):
            kind = FREE_MIGHT if shape.resource == "might" else FREE_WILL
            if any(e.kind == kind and e.target == model.id for e in ctx.state.effects):
                continue  # two rules give one free point
            value = getattr(model, shape.resource) + 1
            setattr(model, shape.resource, value)
            ctx.state.effects.append(
                Effect(kind, model.id, f"Free {shape.resource.capitalize()} point", model.id, "battle", value)
            )
            ctx.log(
                "mighty_hero",
                f"{model.name} gains a free {shape.resource.capitalize()} point ({use.name}): {value}.",
                model=model.id,
            )


def mighty_hero_loses(ctx: Ctx) -> None:
    """A free point not spent by the end of the turn is lost (the free point is spent first)."""
    for effect in [e for e in ctx.state.effects if e.kind in (FREE_MIGHT, FREE_WILL)]:
        ctx.state.effects.remove(effect)
        model = ctx.state.models.get(effect.target)
        resource = "might" if effect.kind == FREE_MIGHT else "will"
        if model is not None and model.on_board and getattr(model, resource) >= effect.value:
            setattr(model, resource, getattr(model, resource) - 1)
            ctx.log(
                "mighty_hero",
                f"{model.name}'s unspent free {resource.capitalize()} point is lost: "
                f"{getattr(model, resource)}.",
                model=model.id,
            )
