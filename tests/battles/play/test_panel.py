"""The decision panel renders any legal action from its data alone: later rules need no page code."""

from __future__ import annotations

import json

import pytest

import rules_core
from battles.play import presenter
from battles.play.create import create_battle
from rules_core import Action
from tests.battles.demos import demo_setup

pytestmark = [pytest.mark.django_db]

LATER_RULES = [
    Action(
        "cast",
        "Gandalf casts a power",
        {"type": "cast", "model": "aragorn"},
        {
            "power": {"type": "choice", "options": [{"value": "immobilise", "label": "Immobilise"}] * 9},
            "will": {"type": "int", "min": 1, "max": 3},
        },
        odds={"success": 0.58, "wounds": {"1": 0.25, "2": 0.5}},
        group="aragorn",
    ),
    Action("resist", "Resist with Will", {"type": "resist"}, {"will": {"type": "int", "min": 0, "max": 2}}),
    Action(
        "resist_outcomes",
        "Resist with 2 Will",
        {"type": "resist", "will": 2},
        odds={"outcomes": [{"label": "the power is resisted", "p": 0.5833}]},
    ),
    Action(
        "take_test",
        "Take a test",
        {"type": "take_test"},
        {
            "test": {"type": "choice", "options": [{"value": "courage", "label": "Courage"}]},
            "reason": {"type": "text", "max_length": 80},
        },
    ),
    Action(
        "march",
        "Move with a shout",
        {"type": "move", "model": "aragorn"},
        {
            "path": {"type": "path", "max_length": 9},
            "shout": {
                "type": "choice",
                "options": [{"value": True, "label": "Shout"}, {"value": False, "label": "No shout"}],
                "default": False,
            },
        },
        group="aragorn",
    ),
    Action(
        "spend_might",
        "Spend Might",
        {"type": "might"},
        {
            "points": {
                "type": "choice",
                "options": [{"value": 0, "label": "None"}, {"value": 1, "label": "One"}],
            }
        },
        odds={"success": 0.5},
    ),
    Action(
        "sprint",
        "Sprint",
        {"type": "sprint", "model": "boromir"},
        {"path": {"type": "path", "max_length": 8}},
    ),
]


def form_of(panel: str, kind: str) -> str:
    start = panel.index(f'data-kind="{kind}"')
    return panel[start : panel.index("</form>", start)]


def test_every_kind_of_parameter_and_odds_is_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        rules_core, "legal_actions", lambda state, side: LATER_RULES if side == "good" else []
    )
    battle = create_battle("Later rules", demo_setup())
    html = presenter.render_view(battle, battle.load_state(), "good", 0)
    panel = html.split('id="decision-panel"')[1].split("</section>")[0]

    cast = form_of(panel, "cast")
    assert (
        '<select name="p.power" data-param="power">' in cast
        and '<option value="&quot;immobilise&quot;">Immobilise</option>' in cast
    )
    assert '<input type="number" name="p.will" value="1" min="1" max="3"' in cast
    assert "<dt>Success</dt><dd>58%</dd>" in cast and "<dt>Wounds · 2</dt><dd>50%</dd>" in cast
    assert '<details class="action-group side-good" data-group="aragorn"' in panel

    assert "<dt>the power is resisted</dt><dd>58%</dd>" in form_of(panel, "resist_outcomes")
    test = form_of(panel, "take_test")
    assert '<input type="text" name="t.reason" maxlength="80" required>' in test
    march = form_of(panel, "march")
    assert '<option value="false" selected>No shout</option>' in march and "drag it on the board" in march

    resist = form_of(panel, "resist")
    assert 'name="p.will" value="0" min="0" max="2"' in resist
    might = form_of(panel, "spend_might")
    assert '<button type="submit" name="p.points" value="1"' in might and ">One</button>" in might
    assert "<dt>Success</dt><dd>50%</dd>" in might
    sprint = form_of(panel, "sprint")
    assert "<strong>Sprint</strong>:" in sprint and "drag it on the board" in sprint

    legal = json.loads(panel.split('type="application/json">')[1].split("</script>")[0])
    assert legal == [a.to_dict() for a in LATER_RULES]
    assert (
        "Your decision"
        not in presenter.render_view(battle, battle.load_state(), "evil", 0).split("decision-panel")[1]
    )


def test_the_log_heads_a_step_with_what_was_chosen_not_the_question() -> None:
    """Fighting without Shielding is logged "No shield", not "Shield" (issue 27)."""
    assert presenter.step_title({"type": "shield", "shield": False}) == "No shield"
    assert presenter.step_title({"type": "shield", "shield": True}) == "Shield"
    assert presenter.step_title({"type": "end_moves"}) == "End moves"
