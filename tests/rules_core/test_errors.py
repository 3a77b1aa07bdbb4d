"""Refusals have one shape, and every code the referee refuses with is declared and documented."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from rules_core import RULE_CODES, Refused, RuleViolation, apply, new_battle
from rules_core.errors import RuleCode

from .builders import model, profile, setup

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_every_refusal_code_is_declared_once_with_a_one_line_meaning() -> None:
    assert list(RULE_CODES) == list(get_args(RuleCode))
    for code, meaning in RULE_CODES.items():
        assert re.fullmatch(r"[a-z_]+", code)
        assert meaning.strip() and "\n" not in meaning


def test_every_refusal_code_is_documented_in_the_protocol() -> None:
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", PROTOCOL.read_text(), re.M))
    assert set(RULE_CODES) <= documented


def test_a_refused_command_is_a_refusal_with_its_code_and_message() -> None:
    state = new_battle(setup([model("a", profile("Man"), 10, 44)], [model("b", profile("Orc"), 10, 4)]))
    with pytest.raises(RuleViolation) as refused:
        apply(state, "evil", {"type": "ready"}, None)  # type: ignore[arg-type]
    assert isinstance(refused.value, Refused) and isinstance(refused.value, ValueError)
    assert refused.value.to_dict() == {
        "code": "not_your_decision",
        "message": "It is Good's decision now: Good deploys their army.",
    }


def test_an_army_breaks_by_its_lists_divisor_and_a_divisor_out_of_range_is_refused() -> None:
    start = setup([model("g", profile("G"), 10, 40)], [model("e", profile("E"), 10, 4)])
    start["armies"]["evil"]["break_point_divisor"] = 1.5
    state = new_battle(start)
    assert (state.armies["good"].break_point, state.armies["evil"].break_point) == (0.5, 1 / 1.5)
    start["armies"]["evil"]["break_point_divisor"] = 0
    with pytest.raises(RuleViolation) as refused:
        new_battle(start)
    assert refused.value.message == "An army's break_point_divisor must be a number from 1 to 4, not 0."


def test_a_model_counted_as_more_than_one_by_a_number_out_of_range_is_refused() -> None:
    start = setup(
        [{**model("g", profile("G"), 10, 40), "extra_models": -1}], [model("e", profile("E"), 10, 4)]
    )
    with pytest.raises(RuleViolation) as refused:
        new_battle(start)
    assert refused.value.message == "The extra_models of 'g' must be a whole number from 0 to 10."
