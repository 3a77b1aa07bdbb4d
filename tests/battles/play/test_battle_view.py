"""What the battle page shows of the rules in play: Break Points, Broken armies, effects, challenges."""

from __future__ import annotations

import pytest

from battles.play import presenter
from battles.play.create import create_battle
from rules_core.state import Challenge, Effect
from tests.battles.demos import demo_setup

pytestmark = pytest.mark.django_db


def page_for(state_change) -> str:
    battle = create_battle("View", demo_setup())
    state = battle.load_state()
    state_change(state)
    return presenter.render_view(battle, state, "spectator", 0)


def test_each_army_shows_its_casualties_against_its_break_point_and_when_it_is_broken() -> None:
    def break_good(state) -> None:
        for model_id in list(state.models)[:5]:
            if state.models[model_id].side == "good":
                state.models[model_id].status = "casualty"
        state.armies["good"].broken = True

    html = page_for(break_good)
    good = html.split('data-testid="army-good"')[1].split("</span>")[0]
    evil = html.split('data-testid="army-evil"')[1].split("</span>")[0]
    assert "Minas Tirith: 5 of 8 lost · Break Point 4 · <strong>Broken</strong>" in good
    assert "Mordor: 0 of 8 lost · Break Point 4" in evil and "<strong>Broken" not in evil


def test_effects_and_challenges_show_on_hero_cards_and_tokens() -> None:
    def enchant(state) -> None:
        state.effects.append(Effect("immobilise", "gothmog", "Immobilise", "aragorn", "end"))
        state.challenges.append(Challenge("boromir-of-gondor", "gothmog", accepted=True))
        state.models["gothmog"].prone = True

    html = page_for(enchant)
    aragorn = html.split('data-hero="aragorn"')[1].split("</div>")[0]
    assert "<li>Immobilise</li>" in aragorn
    gothmog = html.split('data-hero="gothmog"')[1].split("</div>")[0]
    assert "<li>Challenged by Boromir of Gondor (accepted)</li>" in gothmog and "<li>Prone</li>" in gothmog
    token = html.split('data-model="aragorn"')[0].rsplit("<g ", 1)[1]
    assert "affected" in token
    assert "Aragorn (Strider), Good: 3/3 Wounds; Immobilise" in html


def test_each_die_sits_in_the_log_just_before_the_event_it_led_to() -> None:
    from battles.models import BattleEvent

    event = BattleEvent(
        seq=2,
        side="evil",
        command={"type": "ready"},
        events=[
            {"type": "deployed", "text": "Evil has deployed."},
            {"type": "turn_start", "text": "Turn 1 begins."},
            {"type": "priority_roll", "text": "Priority roll: Good rolls 6, Evil rolls 2. Good chooses."},
        ],
        rolls=[
            {"purpose": "priority", "roller": "good", "faces": [6], "at": 2},
            {"purpose": "priority", "roller": "evil", "faces": [2], "at": 2},
        ],
    )
    lines = presenter.step_lines(event, {}, {})
    shown = [
        line["text"] if "text" in line else f"{line['roll']['roller']} {line['roll']['faces']}"
        for line in lines
    ]
    assert shown == [
        "Evil has deployed.",
        "Turn 1 begins.",
        "Good [6]",
        "Evil [2]",
        "Priority roll: Good rolls 6, Evil rolls 2. Good chooses.",
    ]


def test_the_status_names_who_has_priority_only_once_it_is_chosen_for_the_turn() -> None:
    def last_turns_priority(phase: str):
        def change(state) -> None:
            state.turn, state.phase, state.priority = 2, phase, "evil"

        return change

    for phase, shown in (("priority", False), ("deployment", False), ("move", True)):
        html = page_for(last_turns_priority(phase))
        line = html.split('data-testid="status">')[1].split("</p>")[0]
        assert ("Evil has Priority" in line) is shown, phase


def test_a_model_card_shows_what_anyone_may_want_to_know(client) -> None:
    battle = create_battle("Cards", demo_setup())
    page = client.get(f"/battles/{battle.public_id}/models/gothmog/").content.decode()
    for text in ("Gothmog", "Hero of Valour", "5/5+", "Might</dt><dd", "3/3"):
        assert text in page
    assert client.get(f"/battles/{battle.public_id}/models/nobody/").status_code == 404


def test_the_tape_answers_with_the_referees_distance_and_sight(client) -> None:
    battle = create_battle("Tape", demo_setup())
    state = battle.load_state()
    aragorn, gothmog = state.model("aragorn"), state.model("gothmog")
    answer = client.get(f"/battles/{battle.public_id}/measure/", {"from": "aragorn", "to": "gothmog"}).json()
    assert answer["distance"] == round(aragorn.distance_to(gothmog), 2)
    assert answer["visible"] is True and answer["blocked_by"] == []
    points = client.get(f"/battles/{battle.public_id}/measure/", {"from": "24,20", "to": "27,24"}).json()
    assert points == {"distance": 5.0, "from": {"point": [24.0, 20.0]}, "to": {"point": [27.0, 24.0]}}
    across = client.get(f"/battles/{battle.public_id}/measure/", {"from": "0,0", "to": "3,4"}).json()
    assert across["terrain"] == ['North orchard (wood, 4" high, difficult, In The Way of shots)']
    bad = client.get(f"/battles/{battle.public_id}/measure/", {"from": "aragorn", "to": "99,99"})
    assert (bad.status_code, bad.json()) == (400, {"error": "That point is off the board."})
    step = client.get(f"/battles/{battle.public_id}/measure/", {"from": "0,0", "to": "0,1", "step": "0"})
    assert step.json()["distance"] == 1.0
