"""Jump and Climb tests (`docs/rules/terrain.md` §6, terrain.md §7) and falling (terrain.md §9): the roll with its
modifiers and re-rolls, its chances before the player commits, what each result does, and the
Falling Damage of a model that comes off a face.

The activation that stops a model at a wall and asks whether it crosses is `activation`; which
walls a path meets and the test each needs are `terrain.crossings`."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Literal

from .frame import Ctx
from .house_rules import TEST_REROLL_ONLY_A_ONE
from .might import available, odds
from .special_rules import EXPERT_RIDER, MOUNTAIN_DWELLER, SPECTRAL_WALK, has, model_has, shaped
from .special_rules.shapes import RollBonus
from .state import Model
from .terrain import Crossing, true_height
from .wounds import ToWound

Result = Literal["fails", "over", "on"]
"""A test's result: 1 fails; 2-5 over (the move ends there); 6 over and the activation goes on."""
FALL_STRENGTH = 3


def result_of(score: int) -> Result:
    return "fails" if score <= 1 else "on" if score >= 6 else "over"


def bonus(model: Model) -> int:
    """What special rules add to every Jump and Climb test (Cave Dweller, terrain.md §16)."""
    return sum(shape.delta for _, shape in shaped(model, RollBonus) if shape.roll == "jump_climb")


def always_six(model: Model) -> bool:
    return has(model.profile, SPECTRAL_WALK)


def rerolls(model: Model, crossing: Crossing) -> bool:
    """Whether the model may re-roll this test (it does so only on a 1: `house_rules`)."""
    if model.mount is not None:
        return crossing.test == "jump" and model_has(model, EXPERT_RIDER)
    return model_has(model, MOUNTAIN_DWELLER)


def chances(model: Model, crossing: Crossing) -> dict[Result, Fraction]:
    """The exact chance of each result, before any Might (shown before the player commits)."""
    if always_six(model):
        return {"fails": Fraction(0), "over": Fraction(0), "on": Fraction(1)}
    plus = bonus(model)
    face: dict[Result, Fraction] = {"fails": Fraction(0), "over": Fraction(0), "on": Fraction(0)}
    for die in range(1, 7):
        face[result_of(die + plus)] += Fraction(1, 6)
    if rerolls(model, crossing) and plus == 0:
        fail = face["fails"]
        face = {result: chance + fail * chance for result, chance in face.items()}
        face["fails"] = fail * fail
    return face


def chance_odds(model: Model, crossing: Crossing) -> dict[str, Any]:
    """The chances as an action's odds, said as the table says them."""
    found = chances(model, crossing)
    test = "Climb" if crossing.test == "climb" else "Jump"
    return odds(
        ("over, and it goes on (a 6)", found["on"]),
        ("over, and its move ends (2-5)", found["over"]),
        (f"the {test} fails (a 1)", found["fails"]),
    )


def percent_over(model: Model, crossing: Crossing) -> str:
    found = chances(model, crossing)
    return f"{round(float(found['on'] + found['over']) * 100)}% over"


def roll(ctx: Ctx, model: Model, crossing: Crossing) -> int:
    """Roll the test: the die, re-rolled on a 1 by a model that may re-roll, plus its bonuses."""
    test = "Climb" if crossing.test == "climb" else "Jump"
    purpose = f"{crossing.test}_test"
    model.terrain_test = True
    if always_six(model):
        ctx.log(
            purpose,
            f"{model.name}'s {test} test counts as a 6 ({SPECTRAL_WALK.name}).",
            model=model.id,
            faces=[],
            score=6,
        )
        return 6
    face = ctx.dice.d6(purpose, model.id)
    if face == 1 and rerolls(model, crossing):
        again = ctx.dice.d6(purpose + "_reroll", model.id)
        ctx.log(
            "reroll",
            f"{model.name} re-rolls the {test} test's 1: {again} ({TEST_REROLL_ONLY_A_ONE.says()}).",
            model=model.id,
        )
        face = again
    score = min(6, face + bonus(model))
    extra = f" +{bonus(model)} = {score}" if bonus(model) else ""
    ctx.log(
        purpose,
        f"{model.name}'s {test} test at the {crossing.piece.name}{_high(crossing)}: rolls {face}{extra}: "
        f"{_result_text(score, test)}.",
        model=model.id,
        faces=[face],
        score=score,
    )
    return score


def _high(crossing: Crossing) -> str:
    return f' ({crossing.piece.height:g}" high)' if crossing.piece.height else ""


def _result_text(score: int, test: str) -> str:
    return {
        "fails": f"the {test} fails",
        "over": "over, and its move ends",
        "on": "over, and it goes on",
    }[result_of(score)]


def might_helps(model: Model, score: int) -> bool:
    """A Hero's Might changes the result only from a 1 to a 2, or from a 5 to a 6."""
    return model.is_hero and score in (1, 5) and available(model, "might") > 0


def might_outcome(score: int) -> str:
    return "the test passes (2)" if score == 1 else "a 6: it goes on"


def falling_hits(fall: float, height: float) -> int:
    """Falling Damage (terrain.md §9): none for a fall no greater than the model's height, then one S3 hit
    and one more for each full inch beyond it."""
    if fall <= height + 1e-9:
        return 0
    return 1 + math.floor(fall - height + 1e-9)


def fall(ctx: Ctx, model: Model, height: float, piece: str) -> None:
    """The model falls `height` inches from the face of `piece` (0: it slips at the foot): Prone at
    the foot, with its Falling Damage; its activation ends."""
    model.prone = True
    if height <= 0:
        ctx.log(
            "fall", f"{model.name} slips at the foot of the {piece} and is Prone.", model=model.id, hits=0
        )
        return
    hits = falling_hits(height, true_height(model))
    damage = f"{hits} Strength {FALL_STRENGTH} hit{'s' if hits != 1 else ''}" if hits else "no damage"
    ctx.log(
        "fall",
        f'{model.name} falls {height:g}" from the {piece} and is Prone: {damage}.',
        model=model.id,
        hits=hits,
    )
    for _ in range(hits):
        ctx.push(ToWound(model.id, model.id, FALL_STRENGTH, why="fall", direct=False))
