"""Odds before you commit, on the page: each target of a charge with its odds, the referee's questions
(Shielding, rider or mount) with the odds of each answer, and the unit card's odds of any two
enemies; chances exact when the referee sends them exactly."""

from __future__ import annotations

from typing import Any

import pytest

from battles.play import presenter
from battles.play.create import create_battle
from rules_core import BattleState, ScriptedDice, apply

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
    assert "<dt>Expected wounds on orc captain</dt><dd>0.46</dd>" in target
    assert "<dt>Expected wounds on aragorn</dt><dd>0.21</dd>" in target


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
    assert "<dt>Good wins the Duel</dt><dd>" in odds and "<dt>Expected wounds on orc captain</dt>" in odds

    answer = client.get(url, {"against": "captain", "format": "json"}).json()
    win = answer["odds"]["outcomes"][0]
    assert win["label"] == "Good wins the Duel"
    assert win["p"] == round(win["exact"]["num"] / win["exact"]["den"], 4)
    refused = client.get(url, {"against": "far", "format": "json"})
    assert refused.status_code == 400 and refused.json()["message"] == "Aragorn and Far are on the same side."
