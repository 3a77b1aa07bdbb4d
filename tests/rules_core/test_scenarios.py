"""The scenario mechanisms: the catalogue, zones, deployment by Warband, markers, picks kept secret,
the End phase's supply rule, the tallies, and battles with no scenario left as they were."""

from __future__ import annotations

import json

import pytest

from rules_core import RuleViolation, ScriptedDice, apply, legal_actions, new_battle
from rules_core.frame import Ctx
from rules_core.record import RecordError, build, replay
from rules_core.scenarios.catalogue import CATALOGUE, POOLS
from rules_core.scenarios.data import Zone
from rules_core.scenarios.ending import destroy_supplies
from rules_core.scenarios.scoring import LINES, most_points, score
from rules_core.scenarios.secrets import command_for, state_for, summary

from .builders import BASE_25MM, deployed, hero, model, profile, setup
from .scenario_table import Table, army, leader, scenario_setup
from .test_scenario_battles import FOG_PICKS, FOG_PLACES, HIT_AND_WOUND, fog_of_war


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_scenario_is_worth_twenty_victory_points_at_most(key: str) -> None:
    spec = CATALOGUE[key]
    assert all(line.kind in LINES for line in spec.vp)
    assert most_points(spec) == 20
    assert spec.name in POOLS[spec.pool][1]


def test_a_zone_holds_a_base_wholly_inside_it_whatever_its_shape() -> None:
    r = BASE_25MM / 2
    strip = Zone("south", "south", "rect", [(0, 36), (48, 48)])
    corner = Zone("sw", "corner", "disc", [(0, 48)], 12.0)
    wedge = Zone("wedge", "wedge", "polygon", [(0, 0), (10, 0), (0, 10)])
    assert strip.holds(10, 36 + r, r) and not strip.holds(10, 36 + r / 2, r)
    assert corner.holds(8, 40, r) and not corner.holds(0 + 8.5, 48 - 8.5, r)  # 12.02" + the base out
    assert corner.contains(8.4, 39.6) and corner.bounds(48, 48) == [0.0, 36.0, 12.0, 48.0]
    assert wedge.holds(2, 2, r) and not wedge.holds(5, 4.6, r)


def two_warbands() -> dict[str, object]:
    good = army(
        "Gondor",
        [("g-general", leader("Aragorn")), ("g-1", profile("Warrior 1")), ("g-2", profile("Warrior 2"))],
        [("g-captain", leader("Faramir", tier="fortitude")), ("g-3", profile("Ranger"))],
    )
    evil = army("Mordor", [("e-general", leader("Gothmog")), ("e-1", profile("Orc"))])
    return scenario_setup("to_the_death", good, evil)


def test_warbands_deploy_in_turn_the_roll_off_winner_first() -> None:
    table = Table(two_warbands())
    table.send("good", {"type": "roll_off"}, 2, 5)
    assert "Roll-off for deployment zones: Good rolls 2, Evil rolls 5. Evil wins." in table.texts
    assert table.state.pending.side == "evil" and table.state.pending.kind == "choose_zone"
    table.send("evil", {"type": "choose_zone", "zone": "south"})
    assert table.state.scenario is not None and table.state.scenario.first == "evil"
    # Evil's only Warband is laid out for it at once; Evil adjusts it and says it is done.
    assert table.state.pending.kind == "deploy" and table.state.pending.side == "evil"
    assert all(table.state.model(m).y > 36 for m in ("e-general", "e-1"))
    table.send("evil", {"type": "ready"})
    # Good chooses which of its two Warbands goes first.
    assert table.state.pending.kind == "choose_warband" and table.state.pending.side == "good"
    labels = [a.label for a in legal_actions(table.state, "good")]
    assert labels == ["Deploy Aragorn's Warband (3 models)", "Deploy Faramir's Warband (2 models)"]
    table.send("good", {"type": "choose_warband", "warband": 1})
    laid_out = [table.state.model(m) for m in ("g-captain", "g-3")]
    assert all(m.y < 12 for m in laid_out)  # in Good's zone, along the top edge
    with pytest.raises(RuleViolation) as refused:
        table.send("good", {"type": "place", "model": "g-3", "at": [20, 20]})
    assert refused.value.code == "outside_zone"
    table.send("good", {"type": "place", "model": "g-3", "at": [40, 6]})
    with pytest.raises(RuleViolation) as refused:
        table.send("good", {"type": "ready"})
    assert refused.value.code == "too_far_from_captain"
    assert 'every model of a Warband deploys within 6" of its Captain' in refused.value.message
    table.send("good", {"type": "place", "model": "g-3", "at": [table.state.model("g-captain").x + 2, 6]})
    table.send("good", {"type": "ready"})
    # Evil has no Warband left: Good's last one follows at once; then the first turn's Priority roll.
    table.send("good", {"type": "ready"}, 6, 1)
    assert table.state.pending.kind == "choose_priority"
    assert "Both armies are deployed." in table.texts


def test_a_warband_is_placed_and_turned_as_a_block_or_not_at_all() -> None:
    table = Table(two_warbands())
    table.send("good", {"type": "roll_off"}, 2, 5)
    table.send("evil", {"type": "choose_zone", "zone": "south"})
    table.send("evil", {"type": "ready"})
    table.send("good", {"type": "choose_warband", "warband": 0})
    block = [a for a in legal_actions(table.state, "good") if a.kind == "place_warband"]
    assert [a.params["places"]["models"] for a in block] == [["g-general", "g-1", "g-2"]]
    # The whole Warband moved 10" east, keeping its shape: each model where it was sent.
    before = {m: table.state.model(m).pos for m in ("g-general", "g-1", "g-2")}
    places = [{"model": m, "at": [x + 10, y]} for m, (x, y) in before.items()]
    table.send("good", {"type": "place_warband", "places": places})
    assert {m: table.state.model(m).pos for m in before} == {m: (x + 10, y) for m, (x, y) in before.items()}
    assert table.texts[-3:] == ["Aragorn is placed.", "Warrior 1 is placed.", "Warrior 2 is placed."]
    # Turned so that Warrior 2 would leave the zone: nothing moves, and the reason names him.
    (cx, cy) = table.state.model("g-general").pos
    turned = [
        {"model": "g-general", "at": [cx, cy]},
        {"model": "g-1", "at": [cx + 1.5, cy]},
        {"model": "g-2", "at": [cx, cy + 14]},
    ]
    with pytest.raises(RuleViolation) as refused:
        table.send("good", {"type": "place_warband", "places": turned})
    assert refused.value.code == "outside_zone" and refused.value.message.startswith("Warrior 2 must stand")
    assert table.state.model("g-1").pos == (before["g-1"][0] + 10, before["g-1"][1])
    # Two models of the block may trade places: each is checked only once all stand where sent.
    (ax, ay), (bx, by) = table.state.model("g-1").pos, table.state.model("g-2").pos
    swap = [{"model": "g-1", "at": [bx, by]}, {"model": "g-2", "at": [ax, ay]}]
    table.send("good", {"type": "place_warband", "places": swap})
    assert table.state.model("g-1").pos == (bx, by)


def test_a_setup_with_a_scenario_is_checked() -> None:
    data = two_warbands()
    with pytest.raises(RuleViolation, match="no scenario called 'tea_party'"):
        new_battle({**data, "scenario": "tea_party"})
    broken = json.loads(json.dumps(data))
    broken["armies"]["good"]["warbands"][1]["followers"] = ["g-2"]
    with pytest.raises(RuleViolation, match="'g-2' is in two Warbands"):
        new_battle(broken)
    broken["armies"]["good"]["warbands"][1]["followers"] = []
    with pytest.raises(RuleViolation, match="g-3 belong"):
        new_battle(broken)
    broken = json.loads(json.dumps(data))
    broken["armies"]["good"]["general"] = "g-1"
    with pytest.raises(RuleViolation, match="not a Hero"):
        new_battle(broken)


def test_the_general_is_the_highest_tier_hero_unless_the_army_names_one() -> None:
    data = json.loads(json.dumps(two_warbands()))
    del data["armies"]["good"]["general"]
    data["armies"]["good"]["models"][0]["profile"]["tier"] = "minor"
    assert new_battle(data).armies["good"].general == "g-captain"  # Faramir, of Fortitude


def domination() -> Table:
    good = army("Gondor", [("g-general", leader("Aragorn"))])
    evil = army("Mordor", [("e-general", leader("Gothmog"))])
    rocks = {"name": "Rocks", "polygon": [[36, 36], [42, 36], [42, 42], [36, 42]], "impassable": True}
    return Table(scenario_setup("domination", good, evil, terrain=[rocks]))


def test_objective_markers_are_placed_in_turn_far_enough_apart() -> None:
    table = domination()
    assert table.state.pending.kind == "roll_off" and table.state.pending.side == "good"
    table.send("good", {"type": "roll_off"}, 3, 3, 1, 4)  # a tie is rolled again
    assert "Roll-off to place objective markers: both roll 3; roll again." in table.texts
    assert table.state.pending.side == "evil" and table.state.pending.label == (
        "Evil places objective marker 2 of 5"
    )
    for at, why in (
        ([30, 24], 'at least 12" from every other marker (the Centre marker is 5.0" away)'),
        ([4, 20], 'at least 6" from every edge of the board (this is 3.5")'),
        ([39, 39], "cannot go on Rocks"),
    ):
        with pytest.raises(RuleViolation) as refused:
            table.send("evil", {"type": "place_marker", "at": at})
        assert refused.value.code == "marker_misplaced" and why in refused.value.message
    table.send("evil", {"type": "place_marker", "at": [10, 10]})
    assert table.state.pending.side == "good"
    proposal = table.state.pending.detail["proposal"]
    table.send("good", {"type": "place_marker", "at": proposal})  # the referee's proposal is legal
    assert [m.id for m in table.state.scenario.markers] == ["centre", "m2", "m3"]  # type: ignore[union-attr]


def test_secret_picks_are_kept_from_the_log_the_other_side_and_spectators_until_the_end() -> None:
    table = fog_of_war()
    table.send("good", {"type": "roll_off"}, 6, 1)
    table.send("good", {"type": "choose_zone", "zone": "south"})
    assert table.state.pending.kind == "pick" and table.state.pending.side == "good"
    (action,) = legal_actions(table.state, "good")
    assert {o["value"] for o in action.params["own_hero"]["options"]} == {
        "g-hunter",
        "g-keeper",
    }  # not the General
    assert [o["label"] for o in action.params["terrain"]["options"]] == ["North ruin", "North tower"]
    assert legal_actions(table.state, "evil") == []
    events = table.send("good", {"type": "pick", **FOG_PICKS["good"]})
    assert [e["text"] for e in events] == ["Good has made its secret picks."]
    assert "g-keeper" not in json.dumps(events)
    state = table.state
    picks_command = table.entries[-1].command
    for viewer in ("evil", "spectator"):
        assert command_for(state, viewer, "good", picks_command) == {"type": "pick", "sealed": True}
        assert state_for(state, viewer, state.to_dict())["scenario"]["picks"]["good"] == {}
        exported = build(table.setup, table.entries, state, viewer)
        assert exported["scenario"]["picks"]["good"] == {"sealed": True}
        assert [e["command"] for e in exported["entries"] if e["side"] == "good"][-1] == {
            "type": "pick",
            "sealed": True,
        }
    assert command_for(state, "good", "good", picks_command) == picks_command
    assert state_for(state, "good", state.to_dict())["scenario"]["picks"]["good"] == FOG_PICKS["good"]
    # The live score shows each side's secret lines as secret.
    current = score(state)
    assert current is not None and all(
        row.secret == ["good", "evil"]
        for row in current.rows
        if row.label.startswith(("Your secret", "The secret"))
    )


def test_a_record_exported_in_play_replays_with_the_other_sides_picks_sealed() -> None:
    table = fog_of_war()
    table.begin(FOG_PLACES, picks=FOG_PICKS)
    exported = json.loads(json.dumps(build(table.setup, table.entries, table.state, "evil")))
    assert exported["scenario"]["picks"] == {"good": {"sealed": True}, "evil": FOG_PICKS["evil"]}
    replayed = replay(exported)
    assert replayed.scenario is not None and replayed.scenario.sealed == ["good"]
    assert replayed.scenario.picks["evil"] == FOG_PICKS["evil"]
    # A player cannot send a sealed pick: it is no choice offered.
    fresh = fog_of_war()
    fresh.send("good", {"type": "roll_off"}, 6, 1)
    fresh.send("good", {"type": "choose_zone", "zone": "south"})
    with pytest.raises(RuleViolation):
        fresh.send("good", {"type": "pick", "sealed": True})
    # A record that misstates the scenario (here, who deployed where) does not replay.
    exported["scenario"]["zones"] = {"good": ["north"], "evil": ["south"]}
    with pytest.raises(RecordError, match="the record says the scenario stands"):
        replay(exported)


def test_concession_in_a_scenario_reveals_the_picks_and_scores_as_it_stands() -> None:
    table = fog_of_war()
    table.begin(FOG_PLACES, picks=FOG_PICKS)
    table.send("good", {"type": "concede"})
    result = table.state.result
    assert result is not None and result.winner == "evil"
    assert result.reason == f"Good conceded; Good {result.vp['good']} VP, Evil {result.vp['evil']} VP"  # type: ignore[index]
    assert (result.code, result.decided_by, result.sides) == ("conceded", "ending", ["good"])
    assert (
        result.vp is not None
        and "Good's picks: own hero: Gamling; enemy hero: Ugluk; terrain: North ruin." in table.texts
    )
    assert summary(table.state, "spectator")["picks"]["good"] == FOG_PICKS["good"]  # type: ignore[index]


def test_an_army_wiped_out_in_a_scenario_ends_the_battle_at_the_end_of_that_turn() -> None:
    good = army("Gondor", [("g-general", leader("Aragorn", strength=5)), ("g-1", profile("Warrior"))])
    evil = army("Mordor", [("e-general", leader("Gothmog"))])
    table = Table(scenario_setup("fog_of_war", good, evil, height=24.0))
    table.begin(
        {"g-general": (20, 12 + BASE_25MM / 2), "g-1": (22, 16), "e-general": (20, 12 - BASE_25MM / 2)}
    )
    table.skip("", 1, 1, 6, 1, 6)  # the Duel: Gothmog 1 1, Aragorn 6 1; Aragorn's first Strike slays him
    assert "Gothmog is slain." in table.texts
    slain_at = table.texts.index("Gothmog is slain.")
    assert table.texts[slain_at + 1 :].count("End phase of turn 1.") == 1
    result = table.state.result
    assert result is not None and result.reason == "Mordor is wiped out (turn 1); Good 15 VP, Evil 0 VP"
    # Aragorn alive and untouched 5, Gothmog slain by his Strike 5, the General slain 2, Broken 3.
    assert result.winner == "good" and result.vp == {"good": 15, "evil": 0}
    assert (result.code, result.decided_by, result.sides, result.turn) == ("wiped_out", "vp", ["evil"], 1)
    assert result.losses == {"good": 0, "evil": 1}


def supplies_battle() -> Table:
    good = army("Gondor", [("g-general", leader("Aragorn")), ("g-raider", profile("Raider"))])
    evil = army("Mordor", [("e-general", leader("Gothmog")), ("e-orc", profile("Orc"))])
    table = Table(scenario_setup("destroy_the_supplies", good, evil))
    table.begin({"g-general": (20, 40), "g-raider": (22, 40), "e-general": (20, 4), "e-orc": (22, 4)})
    return table


@pytest.mark.parametrize(
    ("did", "destroyed"),
    [
        ("nothing", True),
        ("cast", False),
        ("has_shot", False),
        ("fought", False),
        ("thwarted", False),
        ("prone", False),
        ("engaged", False),
    ],
)
def test_a_model_destroys_supplies_it_touches_only_if_it_did_nothing_else_this_turn(
    did: str, destroyed: bool
) -> None:
    state = supplies_battle().state.clone()
    raider = state.model("g-raider")
    raider.x, raider.y = 12, 12 + BASE_25MM  # touching Evil's Supplies 1 at (12, 12)
    if did == "engaged":
        orc = state.model("e-orc")
        orc.x, orc.y = 12 + BASE_25MM, 12 + BASE_25MM
    elif did != "nothing":
        setattr(raider, did, True)
    ctx = Ctx(state, ScriptedDice())
    destroy_supplies(ctx)
    assert state.scenario is not None
    assert (state.scenario.count("supplies_destroyed", "good") == 1) is destroyed
    assert (ctx.events[0]["text"] == "Raider destroys Evil's Supplies 1.") if destroyed else not ctx.events


def test_a_wound_fate_prevents_is_not_a_wound_but_the_fate_spent_is_kept() -> None:
    dice = ScriptedDice([6, 1])
    state = deployed(
        setup(
            [
                model(
                    "archer", profile("Archer", missile={"name": "Bow", "range": 24.0, "strength": 3}), 10, 30
                )
            ],
            [model("hero", hero("Boromir", might=0, fate=1), 10, 10)],
        ),
        dice,
    )
    while state.pending.kind != "shoot":
        side = state.pending.side
        state = apply(
            state,
            side,
            {"declare_heroic_action": {"type": "pass"}, "activate": {"type": "end_moves"}}[
                state.pending.kind
            ],
            dice,
        ).state  # type: ignore[arg-type]
    dice.script.extend(HIT_AND_WOUND)
    state = apply(state, "good", {"type": "shoot", "model": "archer", "target": "hero"}, dice).state
    assert state.pending.kind == "spend_fate"
    dice.script.extend([5, 6, 1])  # the Fate roll prevents the Wound; the next turn's Priority roll
    state = apply(state, "evil", {"type": "fate", "model": "hero"}, dice).state
    assert not state.tally.was_wounded("hero") and state.tally.fate == {"hero": 1}


def domination_to_the_turn_limit() -> Table:
    good = army("Gondor", [("g-general", leader("Aragorn"))])
    evil = army("Mordor", [("e-general", leader("Gothmog"))])
    table = Table({**scenario_setup("domination", good, evil), "max_turns": 1})
    table.begin(
        {"g-general": (24, 25.5), "e-general": (40, 16)}, markers=[(10, 10), (38, 10), (10, 38), (38, 38)]
    )
    table.skip("", 6, 1)
    return table


def domination_record() -> dict[str, object]:
    """A short Domination battle's record, ended by its turn limit (for other tests to replay)."""
    table = domination_to_the_turn_limit()
    return json.loads(json.dumps(table.record()))


def test_a_turn_limit_in_a_scenario_ends_it_on_victory_points() -> None:
    table = domination_to_the_turn_limit()
    result = table.state.result
    assert result is not None and result.reason == "the 1-turn limit is reached; Good 3 VP, Evil 0 VP"
    assert result.vp == {"good": 3, "evil": 0} and result.winner == "good"  # Aragorn alone at the centre
    assert (result.code, result.decided_by, result.sides, result.turn) == ("turn_limit", "vp", [], 1)


def test_a_model_with_dominant_counts_as_more_near_a_marker() -> None:
    good = army(
        "Gondor",
        [("g-general", leader("Aragorn")), ("g-troll", profile("Ent", special_rules=["Dominant (4)"]))],
    )
    evil = army("Mordor", [("e-general", leader("Gothmog"))])
    table = Table(scenario_setup("domination", good, evil))
    table.begin(
        {"g-general": (24, 31), "g-troll": (24, 25.5), "e-general": (24, 22.5)},
        markers=[(10, 10), (38, 10), (10, 38), (38, 38)],
    )
    current = score(table.state)
    assert current is not None
    centre = next(row for row in current.rows if row.label == "Centre marker")
    assert centre.notes["good"] == '4 v 3 within 3"' and centre.points == {"good": 1, "evil": 0}


def test_a_battle_without_a_scenario_keeps_its_old_record_and_ending() -> None:
    dice = ScriptedDice([6, 1])
    state = deployed(setup([model("a", profile("A"), 10, 30)], [model("b", profile("B"), 10, 10)]), dice)
    assert state.scenario is None
    state = apply(state, "good", {"type": "concede"}, dice).state
    record = build({"armies": {}}, [], state)
    result = record["result"]
    assert (result["winner"], result["reason"], result["code"]) == ("evil", "Good conceded", "conceded")
    assert "vp" not in result and "score" not in result and "scenario" not in record
