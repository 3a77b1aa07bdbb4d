"""`python manage.py replay FILE`: the result of a good record, the illegal entry of a bad one."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.rules_core.test_record import played_record


def run(path: Path) -> str:
    out = StringIO()
    call_command("replay", str(path), stdout=out)
    return out.getvalue()


def test_a_finished_battle_prints_its_result(tmp_path: Path) -> None:
    record, state = played_record(moves=500)
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(record))
    entries = len(record["entries"])
    winner = f"{state.result.winner.capitalize()} wins" if state.result.winner else "A draw"
    assert run(path) == f"{entries} entries replayed. {winner}: {state.result.reason}.\n"


def test_a_battle_in_progress_says_what_it_waits_for(tmp_path: Path) -> None:
    record, state = played_record(moves=5)
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(record))
    assert run(path).endswith(f"the battle goes on: {state.pending.label}.\n")


def test_an_illegal_entry_is_reported(tmp_path: Path) -> None:
    record, _ = played_record()
    record["entries"][1]["command"] = {"type": "pass"}
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(record))
    with pytest.raises(CommandError, match=r"^Entry 2: evil 'pass' is illegal: "):
        run(path)


def test_a_file_that_is_not_json_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "battle.json"
    path.write_text("{nope")
    with pytest.raises(CommandError, match="is not valid JSON"):
        run(path)


@pytest.mark.django_db
def test_load_demo_makes_both_demo_battles_once_and_prints_their_seat_links() -> None:
    from battles.rulesets import web_ruleset

    DEMO_BATTLE = web_ruleset("skirmish").demo_battle_name
    DEMO_MASS_BATTLE = web_ruleset("mass_battle").demo_battle_name
    from battles.models import Battle

    out = StringIO()
    call_command("load_demo", "--base-url", "http://127.0.0.1:8000", stdout=out)
    call_command("load_demo", stdout=StringIO())
    assert sorted(Battle.objects.values_list("ruleset", "name")) == [
        ("mass_battle", DEMO_MASS_BATTLE),
        ("skirmish", DEMO_BATTLE),
    ]
    for label, name in [("Demo battle", DEMO_BATTLE), ("Demo mass battle", DEMO_MASS_BATTLE)]:
        battle = Battle.objects.get(name=name)
        seats = {seat.side: seat.token for seat in battle.seats.all()}
        link = f"http://127.0.0.1:8000/battles/{battle.public_id}/"
        assert f"{label}, Good player:  {link}?seat={seats['good']}" in out.getvalue()
        assert f"{label}, Evil player:  {link}?seat={seats['evil']}" in out.getvalue()
        assert f"{label}, spectators:   {link}\n" in out.getvalue()
    mass = Battle.objects.get(name=DEMO_MASS_BATTLE).load_state()
    assert (mass.pending.side, mass.pending.kind) == ("evil", "deploy")
    assert [mass.armies[side].name for side in ("good", "evil")] == ["Riders of Rohan", "Host of Mordor"]


def test_a_mass_battle_record_replays(tmp_path: Path) -> None:
    """A mass battle played to its end by the bot replays through the same command, and a record
    whose setup names another ruleset than the record is refused."""
    import random

    from rules_core import SeededDice, new_battle
    from rules_core.record import Entry, build
    from tests.rules_core.mass_battle.bot import MassBot
    from tests.rules_core.mass_battle.test_random_mass_battles import random_setup

    setup = random_setup(random.Random(5))
    state, bot, dice, entries = new_battle(setup), MassBot(5), SeededDice(5), []
    while state.result is None and len(entries) < 2000:
        side, command, outcome = bot.play(state, dice)
        entries.append(Entry(side, command, list(outcome.rolls)))
        state = outcome.state
    record = build(setup, entries, state)
    assert record["ruleset"] == "mass_battle"
    path = tmp_path / "mass.json"
    path.write_text(json.dumps(record))
    assert state.result is not None
    assert run(path).endswith(f"{state.result.reason}.\n")
    record["setup"]["ruleset"] = "skirmish"
    path.write_text(json.dumps(record))
    with pytest.raises(CommandError, match="'mass_battle' record with a 'skirmish' setup"):
        run(path)


def test_a_scenario_battle_prints_its_victory_points_line_by_line_and_checks_its_markers(
    tmp_path: Path,
) -> None:
    from tests.rules_core.test_scenarios import domination_record

    record = domination_record()
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(record))
    out = run(path)
    assert out.startswith("Scenario: Domination, its markers and picks as the record states.\n")
    assert "  Centre marker: Good 3, Evil 0\n" in out
    record["scenario"]["markers"][1]["x"] += 1
    path.write_text(json.dumps(record))
    with pytest.raises(CommandError, match="the record says the scenario stands"):
        run(path)


def test_an_exported_record_says_whose_picks_it_keeps_sealed(tmp_path: Path) -> None:
    from rules_core.record import build
    from tests.rules_core.test_scenario_battles import FOG_PICKS, FOG_PLACES, fog_of_war

    table = fog_of_war()
    table.begin(FOG_PLACES, picks=FOG_PICKS)
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(build(table.setup, table.entries, table.state, "spectator")))
    out = run(path)
    assert out.startswith(
        "Scenario: Fog of War, its markers and picks as the record states (Good and Evil picks sealed).\n"
    )
    assert f"{len(table.entries)} entries replayed. Turn 1, move phase; the battle goes on" in out
