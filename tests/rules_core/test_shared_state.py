"""apply shares what no rule changes (board, terrain, profiles) between the state it is given and the
state it returns: a whole battle must leave every earlier state exactly as it was."""

from __future__ import annotations

import random

import pytest

from rules_core import BattleState, SeededDice, apply, legal_actions, new_battle

from .bot import Bot
from .test_random_battles import MAX_STEPS, random_setup


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_battle_leaves_every_earlier_state_untouched(seed: int) -> None:
    state = new_battle(random_setup(random.Random(seed)))
    bot, dice = Bot(seed), SeededDice(seed)
    seen = [(state, state.to_dict())]
    for _ in range(MAX_STEPS):
        if state.result is not None:
            break
        _, _, outcome = bot.play(state, dice)
        state = outcome.state
        seen.append((state, state.to_dict()))
    assert state.result is not None
    for step, (earlier, as_it_was) in enumerate(seen):
        assert earlier.to_dict() == as_it_was, f"step {step} was changed by a later command"


def test_profiles_are_shared_and_models_are_not() -> None:
    state = new_battle(random_setup(random.Random(7)))
    side = state.pending.side
    assert side is not None
    after = apply(state, side, {"type": "concede"}, SeededDice(7)).state
    for model_id, model in state.models.items():
        assert after.models[model_id] is not model
        assert after.models[model_id].profile is model.profile


def test_a_clone_has_its_own_copy_of_everything_a_rule_may_change() -> None:
    """Guards new fields: any list, dict or record on a model or the state is the clone's own,
    except what is shared on purpose (profiles, the board, the terrain)."""
    import dataclasses

    state = new_battle(random_setup(random.Random(11)))
    twin = state.clone()
    shared_on_purpose = {"profile", "board", "terrain"}

    def own(original: object, copy: object, where: str) -> None:
        for field in dataclasses.fields(original):  # type: ignore[arg-type]
            value, copied = getattr(original, field.name), getattr(copy, field.name)
            if field.name in shared_on_purpose or isinstance(value, (str, int, float, bool, type(None))):
                continue
            assert copied is not value, f"{where}.{field.name} is shared"

    own(state, twin, "state")
    for model_id, model in state.models.items():
        own(model, twin.models[model_id], model_id)
    assert twin.to_dict() == state.to_dict()


def test_a_profile_that_a_rule_replaces_is_saved_anew() -> None:
    """Profiles' plain data is worked out once per profile: a new profile must not show the old one."""
    import dataclasses

    state = new_battle(random_setup(random.Random(3)))
    model = next(iter(state.models.values()))
    before = state.to_dict()["models"][model.id]["profile"]
    model.profile = dataclasses.replace(model.profile, wargear=["a new cloak"])
    after = state.to_dict()["models"][model.id]["profile"]
    assert after["wargear"] == ["a new cloak"] and before["wargear"] != ["a new cloak"]


def test_options_worked_out_for_a_state_are_never_those_of_another() -> None:
    """Each state keeps the options worked out for it (a server asks for them to show a step and
    again to check the answer); the state a command makes, or a copy, works out its own."""
    state = new_battle(random_setup(random.Random(13)))
    bot, dice = Bot(13), SeededDice(13)
    for _ in range(60):
        if state.result is not None:
            break
        for side in ("good", "evil"):
            fresh = BattleState.from_dict(state.to_dict())
            assert legal_actions(state, side) == legal_actions(fresh, side)
            assert legal_actions(state.clone(), side) == legal_actions(fresh, side)
        assert "memo" not in state.to_dict()
        _, _, outcome = bot.play(state, dice)
        state = outcome.state
