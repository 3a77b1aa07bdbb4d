"""Odds before you commit, on the page: each target of a charge with its odds, the referee's questions
(Shielding, rider or mount) with the odds of each answer, and the unit card's odds of any two
enemies; chances exact when the referee sends them exactly."""

from __future__ import annotations

import math
from typing import Any

import pytest

import rules_core
from battles.play import presenter
from battles.play.create import create_battle
from rules_core import BattleState, ScriptedDice, apply
from tests.rules_core.builders import BASE_25MM, FAR, FAR_EVIL, model, profile, to_fight

from .mounted_duel import DUEL_AND_STRIKES, FIGHT, PRIORITY, TO_THE_SHIELDING_PROMPT, mounted_duel_setup

pytestmark = pytest.mark.django_db


def played(commands: list[tuple[str, dict[str, Any]]], faces: list[int]) -> tuple[Any, BattleState]:
    battle = create_battle("Warg riders", mounted_duel_setup())
    state, dice = battle.load_state(), ScriptedDice(faces)
    for side, command in commands:
        state = apply(state, side, command, dice).state
    return battle, state


def panel(battle: Any, state: BattleState, side: str) -> str:
    html = presenter.render_view(battle, state, side, state.step)
    return html.split('id="decision-panel"')[1].split("</section>")[0]


def test_each_target_of_a_charge_shows_the_odds_of_that_fight_before_the_charge() -> None:
    battle, state = played(TO_THE_SHIELDING_PROMPT[:5], PRIORITY)
    charge = panel(battle, state, "good").split('data-kind="charge"')[1].split("</form>")[0]
    target = charge.split('data-testid="odds-for"')[1].split("</div>")[0]
    # 445/648 to win the Duel; 445/972 Wounds expected on the Captain (wargear.md's exact counts).
    assert "<strong>Orc Captain</strong>" in target
    assert "<dt>Good wins the Duel</dt><dd>69%</dd>" in target
    assert "<dt>Orc Captain is slain</dt><dd>8%</dd>" in target
    assert "<dt>Expected Wounds on Orc Captain</dt><dd>0.46</dd>" in target
    assert "<dt>Expected Wounds on Aragorn</dt><dd>0.21</dd>" in target


def test_the_shielding_prompt_and_the_rider_or_mount_choice_show_the_odds_of_each_answer() -> None:
    battle, state = played(TO_THE_SHIELDING_PROMPT, PRIORITY)
    assert state.pending.kind == "declare_combat"
    shielding = panel(battle, state, "good")
    shield, fight = shielding.split('class="action action-shield"')[1:3]
    assert "Shield: double the dice" in shield and "<dt>Good wins the Duel</dt><dd>88%</dd>" in shield
    assert "<dt>Orc Captain is slain</dt><dd>0%</dd>" in shield
    assert "Fight without Shielding" in fight and "<dt>Good wins the Duel</dt><dd>69%</dd>" in fight

    battle, state = played([*TO_THE_SHIELDING_PROMPT, FIGHT], PRIORITY + DUEL_AND_STRIKES)
    assert state.pending.kind == "strike_part"
    strike = panel(battle, state, "good")
    assert "the rider or the mount?" in strike
    rider, mount = strike.split('class="action action-strike_part"')[1:3]
    assert "Strike Orc Captain (5+)" in rider and "<dt>Orc Captain is wounded</dt><dd>33%</dd>" in rider
    assert "Strike Warg (4+)" in mount and "<dt>Warg is slain</dt><dd>50%</dd>" in mount


def test_the_unit_card_shows_the_odds_of_its_model_against_any_enemy_chosen(client) -> None:
    battle, _ = played([], [])
    url = f"/battles/{battle.public_id}/models/aragorn/"
    card = client.get(url).content.decode()
    assert '<option value="captain">Orc Captain</option>' in card and 'data-against="' not in card
    assert '<dd data-testid="card-wargear">sword, shield</dd>' in card

    card = client.get(url, {"against": "captain"}).content.decode()
    odds = card.split('data-against="captain"')[1].split("</dl>")[0]
    assert "<dt>Good wins the Duel</dt><dd>" in odds and "<dt>Expected Wounds on Orc Captain</dt>" in odds

    answer = client.get(url, {"against": "captain", "format": "json"}).json()
    win = answer["odds"]["outcomes"][0]
    assert win["label"] == "Good wins the Duel"
    assert win["p"] == round(win["exact"]["num"] / win["exact"]["den"], 4)
    refused = client.get(url, {"against": "far", "format": "json"})
    assert refused.status_code == 400 and refused.json()["message"] == "Aragorn and Far are on the same side."


def test_the_choice_of_fight_the_weapon_grip_and_the_supporter_each_show_their_odds() -> None:
    half = math.sqrt(3) / 2 * BASE_25MM + 0.001  # the spear touches A and C behind them
    good = [
        model("a", profile("A", wargear=["hand-and-a-half sword"]), 10, 20),
        model("c", profile("C"), 10, 20 + BASE_25MM),
        model("s", profile("S", wargear=["spear"]), 10 - half, 20 + BASE_25MM / 2),
    ]
    evil = [
        model("o1", profile("O1"), 10 + BASE_25MM, 20),
        model("o2", profile("O2"), 10 + BASE_25MM, 20 + BASE_25MM),
    ]
    dice = ScriptedDice([6, 1, *[3] * 30])  # Priority, then dice for the Duel that follows
    state, _ = to_fight(good + FAR, evil + FAR_EVIL, dice, next_turn=False)
    battle = create_battle("Spears", mounted_duel_setup())
    asked = []
    for kind, answer in (("fight", 0), ("grip", 0), ("support", 0)):
        html = panel(battle, state, "good")
        forms = html.split(f'class="action action-{kind}"')[1:]
        assert len(forms) == 2 and all(
            'data-testid="odds"' in f and "wins the Duel</dt><dd>" in f for f in forms
        )
        asked.append([f.split('data-testid="action"')[1].split(">")[1].split("<")[0] for f in forms])
        offers = [a for a in rules_core.legal_actions(state, "good") if a.kind == kind]
        state = apply(state, "good", offers[answer].command, dice).state
    assert asked == [
        ["Fight: A against O1", "Fight: C against O2"],
        ["A fights one-handed", "A fights two-handed: -1 on its dice, +1 To Wound"],
        ["S supports A (1 die, 1 Strike)", "S does not support here"],
    ]
