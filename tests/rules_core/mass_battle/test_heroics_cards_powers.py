"""Heroic Actions' mass effects (§11), Battle Cards in play (§2.4), Magical Powers' mass effects
(§12), Monster heroes (§2.3) and the end of the battle (§14), each with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import RuleViolation
from rules_core.mass_battle.cards import CARDS, applies_now
from rules_core.mass_battle.lasting import hero_terrifies

from .battles import Game, hero, setup, stand
from .fixtures import hero_profile
from .test_scenarios import NEXT_TURN, a_against_b, finished, to_combat


def declaring(game: Game, side: str, hero_id: str, action: str, dice: list[int]) -> None:
    """Pass up to the Fight phase's Declare step, declare (the other side passing first if it is
    asked first), and let the rest pass: `dice` are what the Fight phase rolls next."""
    game.pass_until("declare_heroic_action", phase="fight")
    if game.state.pending.side != side:
        game.play(game.state.pending.side, {"type": "pass"})  # type: ignore[arg-type]
    game.play(side, {"type": "declare", "hero": hero_id, "action": action}, dice)


def no_more_might(game: Game) -> None:
    while game.state.pending.kind == "combat_might":
        game.play(game.state.pending.side, {"type": "pass"})  # type: ignore[arg-type]


def modifiers(game: Game, stand_id: str) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = game.of("combat")[0]["modifiers"][stand_id]
    return result


# -- Heroic Actions -------------------------------------------------------------------------------


def test_heroic_move_with_me_brings_a_stand_along_that_must_end_near_him() -> None:
    game = Game(
        setup(
            stand("a", "good", "WR", 30, 10, 0, "eomer"),
            stand("c", "good", "WR", 36, 10, 0),
            hero("eomer", "good"),
        ),
        declare=True,
    )
    assert game.state.pending.side == "good", "Evil has no hero who can declare: it passes on its own"
    game.play("good", {"type": "declare", "hero": "eomer", "action": "heroic_move"})
    assert game.state.pending.kind == "heroic_action"
    game.play("good", {"type": "move_stand", "stand": "a", "via": [[30, 14]], "facing": 0, "shout": True})
    assert game.of("shout")[0]["affects"] == ["c"]
    assert game.state.pending.detail["reason"] == "with_me"
    with pytest.raises(RuleViolation) as error:
        game.play("good", {"type": "move_stand", "stand": "c", "via": [[42, 10]], "facing": 0})
    assert error.value.code == "too_far_from_hero"
    game.play("good", {"type": "move_stand", "stand": "c", "via": [[36, 14]], "facing": 0})
    assert game.at("c") == (36, 14)


def test_heroic_march_adds_three_inches_and_forbids_a_charge() -> None:
    game = Game(
        setup(stand("a", "good", "WR", 30, 10, 0, "hama"), hero("hama", "good", actions=("heroic_march",))),
        declare=True,
    )
    game.play("good", {"type": "declare", "hero": "hama", "action": "heroic_march"})
    game.pass_until("activate")
    move = next(a for a in game.actions() if a["kind"] == "move_stand")
    assert move["params"]["via"]["max_length"] == 9
    game.play("good", {"type": "move_stand", "stand": "a", "via": [[30, 19]], "facing": 0})
    assert game.at("a") == (30, 19)


def test_heroic_strength_lowers_the_destroying_margin_to_two() -> None:
    game = a_against_b(a="boromir", b="", boromir={"actions": ("heroic_strength",)})
    declaring(game, "good", "boromir", "heroic_strength", [2, 2, *NEXT_TURN])
    finished(game)
    result = game.of("combat")[0]["result"]
    assert game.of("combat")[0]["totals"] == {"a": 7, "b": 7 - 2}
    assert result["kind"] == "destroyed" and result["why"] == "beaten by 2 (2 or more destroys)"


def test_heroic_defence_turns_destruction_into_a_recoil() -> None:
    game = a_against_b(a="", b="gothmog", gothmog={"actions": ("heroic_defence",)})
    declaring(game, "evil", "gothmog", "heroic_defence", [6, 1, *NEXT_TURN])
    finished(game)
    combat = game.of("combat")[0]
    assert combat["totals"] == {"a": 10, "b": 5} and combat["result"]["kind"] == "recoil"
    assert "Heroic Defence" in combat["result"]["why"]
    assert game.at("b") == (30, 24)


def test_heroic_strike_adds_a_d3_to_the_stands_total() -> None:
    game = a_against_b(a="boromir", b="", boromir={"actions": ("heroic_strike",)})
    declaring(game, "good", "boromir", "heroic_strike", [5, 3, 3, *NEXT_TURN])
    finished(game)
    assert {"source": "Heroic Strike (Boromir of Gondor)", "value": 3} in modifiers(game, "a")
    assert game.of("combat")[0]["totals"]["a"] == 3 + 4 + 1 + 3


def test_a_declined_heroic_challenge_gives_his_stand_plus_one() -> None:
    game = a_against_b(a="eomer", b="gothmog", kinds="WR MO", eomer={"actions": ("heroic_challenge",)})
    declaring(game, "good", "eomer", "heroic_challenge", [])
    game.pass_until("answer_challenge")
    assert game.state.pending.detail["heroic"] is True
    game.play("evil", {"type": "answer_challenge", "accept": False}, [3, 3, *NEXT_TURN])
    no_more_might(game)
    finished(game)
    assert {"source": "Heroic Challenge declined (Eomer)", "value": 1} in modifiers(game, "a")


def test_a_heroic_challenger_who_slays_his_foe_regains_a_might_point() -> None:
    game = a_against_b(a="gothmog", b="grinnah", kinds="WR MO", gothmog={"actions": ("heroic_challenge",)})
    declaring(game, "good", "gothmog", "heroic_challenge", [])
    game.pass_until("answer_challenge")
    game.play("evil", {"type": "answer_challenge", "accept": True, "hero": "grinnah"}, [4, 4, *NEXT_TURN])
    finished(game)
    assert not game.state.models["grinnah"].on_board
    assert game.of("regain") and game.state.models["gothmog"].might == 3, (
        "3, less 1 to declare, and 1 regained"
    )


# -- Battle Cards ---------------------------------------------------------------------------------


def test_captain_of_the_line_adds_one_and_shieldwall_ignores_overlaps() -> None:
    game = a_against_b(
        stand("c", "evil", "MO", 34, 22, 180),
        a="eomer",
        b="",
        kinds="WR MO",
        eomer={"cards": ["Captain of the Line", "Shieldwall"]},
    )
    to_combat(game, [1, 5])
    game.play("good", {"type": "pass"}, NEXT_TURN)
    sources = {m["source"]: m["value"] for m in modifiers(game, "a")}
    assert sources == {"hero attached": 1, "Captain of the Line": 1}, "no overlap by C"


def test_a_constant_card_applies_only_while_its_condition_holds() -> None:
    """What the hero card strip lights: the combat cards while his stand is in contact (War Banner
    until its re-roll is used), Bodyguard while attached, Swift while loose, Rallying Presence's
    Stand Fast always; a Once card never."""
    out_of_combat = {"attached": True, "in_combat": False}
    fighting = {"attached": True, "in_combat": True}
    loose = {"attached": False, "in_combat": False}
    lit = {
        key: [applies_now(CARDS[key], **when) for when in (out_of_combat, fighting, loose)]
        for key in ("captain_of_the_line", "shieldwall", "war_banner", "bodyguard", "swift")
    }
    assert lit == {
        "captain_of_the_line": [False, True, False],
        "shieldwall": [False, True, False],
        "war_banner": [False, True, False],
        "bodyguard": [True, True, False],
        "swift": [False, False, True],
    }
    assert not applies_now(CARDS["war_banner"], **fighting, rerolled=True)
    assert applies_now(CARDS["rallying_presence"], **loose)
    assert not applies_now(CARDS["mighty_blow"], **fighting)


def test_hold_the_line_keeps_a_beaten_stand_in_place() -> None:
    game = a_against_b(a="eomer", b="", kinds="WR MO", eomer={"cards": ["Hold the Line"]})
    to_combat(game, [1, 4])
    game.play("good", {"type": "pass"})
    assert game.state.pending.kind == "play_card"
    game.play("good", {"type": "play_card", "hero": "eomer", "card": "hold_the_line"}, NEXT_TURN)
    finished(game)
    assert game.at("a") == (30, 20) and game.state.heroes["eomer"].cards[0].used


def test_last_stand_turns_destruction_into_a_recoil() -> None:
    game = a_against_b(a="eomer", b="", kinds="WR MO", eomer={"cards": ["Last Stand"]})
    to_combat(game, [1, 6])
    game.play("good", {"type": "pass"})
    game.play("good", {"type": "play_card", "hero": "eomer", "card": "last_stand"}, NEXT_TURN)
    finished(game)
    assert game.state.stands["a"].on_board and game.at("a") == (30, 18)


def test_fury_of_the_charge_adds_reach_and_a_bonus() -> None:
    game = Game(
        setup(
            stand("a", "good", "WR", 30, 10, 0, "eomer"),
            stand("b", "evil", "MO", 30, 20, 180),
            hero("eomer", "good", cards=["Fury of the Charge"]),
        )
    )
    charge = next(
        a for a in game.actions() if a["command"] == {"type": "charge", "stand": "a", "target": "b"}
    )
    assert "only with Fury" in charge["label"] and "default" not in charge["params"]["card"]
    game.play("good", {"type": "charge", "stand": "a", "target": "b", "card": "eomer"})
    assert game.at("a") == (30, 18) and game.state.stands["a"].fury, '8" with the card\'s 3" more'
    assert game.state.heroes["eomer"].cards[0].used
    game.script += [3, 4, *NEXT_TURN]
    game.pass_until("choose_priority")
    assert {"source": "Fury of the Charge", "value": 1} in modifiers(game, "a")


def test_swift_gives_a_loose_hero_four_more_inches() -> None:
    game = Game(setup(hero("eomer", "good", 30, 10, cards=["Swift"])))
    move = next(a for a in game.actions() if a["kind"] == "move_hero")
    assert move["params"]["path"]["max_length"] == 10


def test_bodyguard_gives_a_free_escape_roll_before_fate() -> None:
    game = a_against_b(
        stand("e", "good", "WR", 36, 16, 0),
        a="boromir",
        b="",
        kinds="WR MO",
        boromir={"cards": ["Bodyguard"]},
    )
    to_combat(game, [1, 6])
    game.play("good", {"type": "pass"}, [4])
    assert game.of("escape_roll")[0]["roll"] == "escape" and game.state.pending.kind == "place_escaped"


# -- Magical Powers -------------------------------------------------------------------------------

SORCERER = hero_profile(
    "Sorcerer",
    90,
    2,
    6,
    0,
    powers=[
        {"name": "Immobilise", "range": 12.0, "casting": 3},
        {"name": "Terrifying Aura", "range": 0.0, "casting": 3},
        {"name": "Panic Steed", "range": 12.0, "casting": 3},
        {"name": "Wither", "range": 12.0, "casting": 3},
    ],
)


def sorcerer_game(*pieces: dict[str, Any], priority: str = "good") -> Game:
    data = setup(*pieces, {**hero("sorcerer", "evil", 30, 30), "profile": "Sorcerer"})
    data["profiles"].append(SORCERER)
    game = Game(data, priority=priority)
    if priority == "good":
        game.play("good", {"type": "end_moves"})
    return game


def test_a_power_without_a_mass_version_is_refused_with_a_clear_message() -> None:
    game = sorcerer_game(stand("a", "good", "WR", 30, 20, 0))
    with pytest.raises(RuleViolation) as error:
        game.play("evil", {"type": "cast", "model": "sorcerer", "power": "Wither", "target": "a", "will": 1})
    assert error.value.code == "no_mass_effect" and "no mass-battle version" in error.value.message


def test_immobilise_holds_a_stand_that_has_not_activated() -> None:
    game = sorcerer_game(stand("a", "good", "WR", 30, 20, 0), priority="evil")
    game.play(
        "evil", {"type": "cast", "model": "sorcerer", "power": "Immobilise", "target": "a", "will": 1}, [6]
    )
    assert "it may not move this turn and -1 in combat" in game.of("power")[0]["text"]
    assert game.state.pending.kind == "activate", "the cast began his activation: he still moves or holds"
    game.play("evil", {"type": "hold", "hero": "sorcerer"})
    game.play("evil", {"type": "end_moves"})
    with pytest.raises(RuleViolation) as error:
        game.play("good", {"type": "move_stand", "stand": "a", "via": [[30, 18]], "facing": 0})
    assert error.value.code == "stand_held" and "Immobilise" in error.value.message


def test_panic_steed_needs_a_cavalry_stand() -> None:
    game = sorcerer_game(stand("a", "good", "WR", 30, 20, 0))
    assert not [a for a in game.actions() if a["kind"] == "cast" and a["command"]["power"] == "Panic Steed"]


def test_terrifying_aura_makes_the_caster_cause_terror() -> None:
    game = sorcerer_game(stand("a", "good", "WR", 30, 20, 0))
    game.play("evil", {"type": "cast", "model": "sorcerer", "power": "Terrifying Aura", "will": 1}, [6])
    assert hero_terrifies(game.state, game.state.models["sorcerer"])


# -- Monster heroes and the end of the battle -----------------------------------------------------

BALROG = hero_profile("Balrog", 300, 3, 3, 0, keywords=["Monster"], base_mm=100.0, special_rules=["Terror"])


def test_a_monster_hero_is_a_stand_of_his_own_and_they_fall_together() -> None:
    data = setup(
        stand("a", "good", "MT", 30, 20, 0),
        {**hero("balrog", "evil", 30, 22.5), "profile": "Balrog", "facing": 180},
    )
    data["profiles"].append(BALROG)
    game = Game(data)
    assert game.state.stands["balrog-stand"].monster == "balrog"
    assert [h.id for h in game.state.attached("balrog-stand")] == ["balrog"]
    to_combat(game, [6, 1])
    game.play("evil", {"type": "pass"}, NEXT_TURN)
    finished(game)
    assert not game.state.stands["balrog-stand"].on_board and not game.state.models["balrog"].on_board
    assert "spend_fate" not in {e.get("kind") for e in game.events}


def test_the_turn_limit_ends_the_battle_on_victory_points() -> None:
    game = Game(
        setup(stand("a", "good", "WR", 30, 20, 0), stand("b", "evil", "MO", 30, 22, 180), turn_limit=1)
    )
    game.script += [6, 1]
    game.pass_until("battle_over")
    end = game.of("battle_end")[0]
    assert end["winner"] == "good" and end["vp"] == {"good": 40, "evil": 0}
    assert "1-turn limit" in end["reason"]


def test_heroic_resolve_gives_heroes_on_his_and_nearby_stands_a_free_resist_die() -> None:
    game = Game(
        setup(
            stand("a", "good", "WR", 30, 10, 0, "hama"),
            stand("c", "good", "WR", 36, 10, 0, "eomer"),
            stand("f", "good", "WR", 60, 10, 0, "haleth"),
            hero("hama", "good", actions=("heroic_resolve",)),
            hero("eomer", "good"),
            hero("haleth", "good"),
        ),
        declare=True,
    )
    game.play("good", {"type": "declare", "hero": "hama", "action": "heroic_resolve"})
    assert game.of("heroic_resolve")[0]["models"] == ["hama", "eomer"], "Haleth's stand is 20\" away"
    covered = sorted(e.target for e in game.state.effects if e.kind == "heroic_resolve")
    assert covered == ["eomer", "hama"]
