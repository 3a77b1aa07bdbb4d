"""What special rules do in the End phase (docs/rules/special-rules.md §2.18): Will of Evil."""

from __future__ import annotations

from .casualties import check_wiped_out, remove_casualty
from .frame import Ctx
from .special_rules import WILL_OF_EVIL, model_has


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
