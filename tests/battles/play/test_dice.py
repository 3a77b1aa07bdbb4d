"""A live server's dice scripted per battle (BEACON_DICE_SCRIPT, local development only): each
battle rolls its own script's faces, then random dice; a battle without a script rolls random dice."""

from __future__ import annotations

import json

import pytest

from battles.models import BattleEvent
from battles.play.create import create_battle
from battles.play.submit import submit
from tests.battles.demos import demo_setup

pytestmark = [pytest.mark.django_db(transaction=True)]


def priority_faces(battle_id: int) -> list[int]:
    """Both sides ready: the second ready rolls for Priority (a die each, again on a tie)."""
    submit(battle_id, "good", {"type": "ready"})
    submit(battle_id, "evil", {"type": "ready"})
    rolls = BattleEvent.objects.get(battle_id=battle_id, seq=2).rolls
    return [face for roll in rolls for face in roll["faces"]]


def test_each_battle_rolls_its_own_script_then_random_dice(settings, tmp_path) -> None:
    settings.DICE_SCRIPT_DIR = str(tmp_path)
    first, second, unscripted = (create_battle(name, demo_setup()) for name in ("One", "Two", "Three"))
    (tmp_path / f"{first.public_id}.json").write_text(json.dumps([6, 2, 4]))
    (tmp_path / f"{second.public_id}.json").write_text(json.dumps([3]))

    assert priority_faces(first.id) == [6, 2]
    assert json.loads((tmp_path / f"{first.public_id}.json").read_text()) == [4]
    rolled = priority_faces(second.id)  # its script runs out after one die
    assert rolled[0] == 3 and len(rolled) >= 2 and 1 <= rolled[1] <= 6
    assert json.loads((tmp_path / f"{second.public_id}.json").read_text()) == []
    faces = priority_faces(unscripted.id)
    assert len(faces) >= 2 and all(1 <= face <= 6 for face in faces)
    assert not (tmp_path / f"{unscripted.public_id}.json").exists()
