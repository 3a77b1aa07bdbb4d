"""§6.3 (changed): a detaching hero steps out at any edge of his stand that no other stand touches,
where his player chooses, the front included, and then moves from there; an engaged stand's hero
is told why he cannot leave."""

from __future__ import annotations

import pytest

from rules_core import EDITION, RuleViolation, ScriptedDice, apply, legal_actions

from .battles import Game, hero, setup, stand
from .fixtures import BASE_25


def a_line(edition: int = EDITION) -> Game:
    return Game(
        setup(
            stand("a", "good", "WR", 30, 20, 0, "eomer"),
            stand("b", "good", "WR", 34, 20, 0),
            stand("o", "evil", "MO", 30, 40, 180),
            hero("eomer", "good"),
            edition=edition,
        )
    )


def test_a_hero_leaves_his_stand_at_the_front_edge_his_player_chooses() -> None:
    game = a_line()
    game.play("good", {"type": "activate", "stand": "a"})
    detach = next(a for a in legal_actions(game.state, "good") if a.kind == "detach")
    edges = {o["value"]: o["label"] for o in detach.params["edge"]["options"]}
    assert edges == {"front": "at its front edge", "left": "at its left flank", "rear": "at its rear edge"}
    assert detach.params["edge"]["default"] == "front"
    game.play("good", {"type": "detach", "hero": "eomer", "edge": "front"})
    assert game.state.heroes["eomer"].attached_to is None
    assert game.at("eomer") == pytest.approx((30, 21 + BASE_25))
    assert game.of("hero_detached")[0]["at"] == pytest.approx([30, 21 + BASE_25])


def test_a_detaching_hero_named_at_an_edge_another_stand_touches_is_refused_and_nothing_changes() -> None:
    game = a_line()
    game.play("good", {"type": "activate", "stand": "a"})
    with pytest.raises(RuleViolation):
        apply(game.state, "good", {"type": "detach", "hero": "eomer", "edge": "right"}, ScriptedDice([]))
    assert game.state.heroes["eomer"].attached_to == "a"


def test_without_an_edge_he_steps_out_in_front_and_behind_in_a_battle_set_up_before_that() -> None:
    game = a_line()
    game.play("good", {"type": "activate", "stand": "a"})
    game.play("good", {"type": "detach", "hero": "eomer"})
    assert game.at("eomer") == pytest.approx((30, 21 + BASE_25))
    before = a_line(edition=3)
    before.play("good", {"type": "activate", "stand": "a"})
    before.play("good", {"type": "detach", "hero": "eomer"})
    assert before.at("eomer") == pytest.approx((30, 19 - BASE_25))
