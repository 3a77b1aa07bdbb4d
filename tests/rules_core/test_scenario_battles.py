"""Each scenario played to its end with scripted dice: the Victory Points each side scores, the end
rule firing at the end of the right turn (not a turn early or late), and the winner."""

from __future__ import annotations

from rules_core.record import replay

from .builders import BASE_25MM, profile
from .scenario_table import Table, archer, army, leader, scenario_setup

HIT_AND_WOUND = (6, 6)
"""A shot's To Hit and To Wound dice that slay a one-Wound model."""
NEXT_TURN = (6, 1)
"""The next turn's Priority roll: Good chooses."""
LONGBOW = {"name": "Longbow", "range": 48.0, "strength": 3}


def mordor() -> dict[str, object]:
    """The Evil army of most of these battles: a General and three Orcs, in one Warband."""
    return army(
        "Mordor",
        [
            ("e-general", leader("Evil General")),
            ("e-orc-1", profile("Orc 1")),
            ("e-orc-2", profile("Orc 2")),
            ("e-orc-3", profile("Orc 3")),
        ],
    )


def gondor(raider: dict[str, object]) -> dict[str, object]:
    """A General with two longbowmen, and a Captain with a `raider`."""
    return army(
        "Gondor",
        [
            ("g-general", leader("Good General")),
            ("g-archer-1", archer("Archer 1", missile=LONGBOW)),
            ("g-archer-2", archer("Archer 2", missile=LONGBOW)),
        ],
        [("g-captain", leader("Captain", tier="minor")), ("g-raider", raider)],
    )


def turn_ended(table: Table, turn: int) -> bool:
    return f"End phase of turn {turn}." in table.texts


def test_to_the_death_ends_at_the_end_of_the_turn_an_army_falls_to_a_quarter() -> None:
    good = army(
        "Gondor",
        [
            ("g-general", leader("Good General", wounds=2)),
            ("g-archer-1", archer("Archer 1")),
            ("g-archer-2", archer("Archer 2")),
            ("g-banner", profile("Banner Bearer", wargear=["Banner"])),
        ],
    )
    evil = army(
        "Mordor",
        [
            ("e-general", leader("Evil General")),
            ("e-orc-1", profile("Orc 1")),
            ("e-orc-2", profile("Orc 2")),
            ("e-archer", archer("Orc Archer")),
        ],
    )
    table = Table(scenario_setup("to_the_death", good, evil, height=24.0))
    table.begin(
        {
            "g-general": (24, 20),
            "g-archer-1": (19, 20),
            "g-archer-2": (29, 20),
            "g-banner": (26, 22),
            "e-general": (24, 4),
            "e-orc-1": (19, 4),
            "e-orc-2": (29, 4),
            "e-archer": (26, 4),
        }
    )
    # Turn 1: two Orcs fall to arrows, and the Orc Archer wounds the Good General.
    table.shoot("good", "g-archer-1", "e-orc-1", *HIT_AND_WOUND)
    table.shoot("good", "g-archer-2", "e-orc-2", *HIT_AND_WOUND)
    table.shoot("evil", "e-archer", "g-general", *HIT_AND_WOUND, *NEXT_TURN)  # the turn ends after it
    assert turn_ended(table, 1) and table.state.result is None  # 2 of 4 left: not yet a quarter
    table.send("good", {"type": "priority", "side": "good"})
    # Turn 2: the Evil General falls; Mordor is down to 1 of 4, and the turn is played out.
    table.shoot("good", "g-archer-1", "e-general", *HIT_AND_WOUND)
    table.skip()
    result = table.state.result
    assert result is not None and turn_ended(table, 2)
    assert "Turn 3 begins." not in table.texts
    assert result.winner == "good"
    assert result.vp == {"good": 18, "evil": 3}
    assert result.reason == (
        "Mordor is down to 25% or fewer of its models at the end of turn 2; Good 18 VP, Evil 3 VP"
    )
    assert (result.code, result.decided_by, result.sides, result.turn) == ("routed", "vp", ["evil"], 2)
    assert result.losses == {"good": 0, "evil": 3}
    lines = {row["label"]: row["points"] for row in result.score or []}
    assert lines["Enemy General wounded / slain"] == {"good": 5, "evil": 3}  # slain; 1 Wound left
    assert lines["Enemy army Broken / Broken and yours not"] == {"good": 5, "evil": 0}
    assert lines["The enemy has no banner left"] == {"good": 2, "evil": 0}
    assert lines["You keep a banner / more banners"] == {"good": 2, "evil": 0}
    assert lines["Enemy reduced to 25% of its models"] == {"good": 3, "evil": 0}
    assert lines["Enemy Heroes slain (1 each, up to 3)"] == {"good": 1, "evil": 0}
    assert table.texts[-2:] == [
        "Victory Points: Good 18, Evil 3.",
        f"Good wins: {result.reason}.",
    ]
    assert replay(table.record()).result == result


def test_domination_scores_each_marker_and_ends_at_the_end_of_the_turn() -> None:
    good = army(
        "Gondor",
        [("g-general", leader("Good General")), ("g-archer-3", archer("Archer 3"))],
        [("g-captain-2", leader("Captain 2", tier="minor")), ("g-archer-1", archer("Archer 1"))],
        [("g-captain-3", leader("Captain 3", tier="minor")), ("g-archer-2", archer("Archer 2"))],
    )
    evil = mordor()
    table = Table(scenario_setup("domination", good, evil))
    table.begin(
        {
            "g-general": (24, 25.5),
            "g-archer-3": (20, 28),
            "g-captain-2": (10, 40),
            "g-archer-1": (10, 36),
            "g-captain-3": (38, 40),
            "g-archer-2": (38, 36),
            "e-general": (24, 22.5),
            "e-orc-1": (19, 20),
            "e-orc-2": (29, 20),
            "e-orc-3": (22.5, 22.5),
        },
        markers=[(10, 10), (38, 10), (10, 38), (38, 38)],
    )
    assert [(m.id, m.x, m.y) for m in table.state.scenario.markers] == [  # type: ignore[union-attr]
        ("centre", 24, 24),
        ("m2", 10, 10),
        ("m3", 38, 10),
        ("m4", 10, 38),
        ("m5", 38, 38),
    ]
    table.shoot("good", "g-archer-1", "e-orc-1", *HIT_AND_WOUND)
    table.shoot("good", "g-archer-2", "e-orc-2", *HIT_AND_WOUND)
    table.send("good", {"type": "end_shooting"}, *NEXT_TURN)
    assert turn_ended(table, 1) and table.state.result is None
    table.send("good", {"type": "priority", "side": "good"})
    table.shoot("good", "g-archer-3", "e-orc-3", *HIT_AND_WOUND)
    table.skip()
    result = table.state.result
    assert result is not None and turn_ended(table, 2) and "Turn 3 begins." not in table.texts
    rows = {row["label"]: row for row in result.score or []}
    # The centre: each General counts three (Dominant), so 3 against 3 scores nothing.
    assert rows["Centre marker"]["points"] == {"good": 0, "evil": 0}
    assert rows["Centre marker"]["notes"]["good"] == '3 v 3 within 3"'
    assert rows["Marker 4"]["points"] == {"good": 3, "evil": 0}  # only Good's models there
    assert rows["Marker 5"]["points"] == {"good": 3, "evil": 0}
    assert rows["Marker 2"]["points"] == rows["Marker 3"]["points"] == {"good": 0, "evil": 0}
    assert rows["Enemy army Broken / Broken and yours not"]["points"] == {"good": 3, "evil": 0}
    assert result.vp == {"good": 9, "evil": 0} and result.winner == "good"
    assert replay(table.record()).result == result


NORTH_RUIN = {"name": "North ruin", "polygon": [[14, 6], [18, 6], [18, 10], [14, 10]]}
NORTH_TOWER = {"name": "North tower", "polygon": [[40, 2], [44, 2], [44, 5], [40, 5]]}
SOUTH_RUIN = {"name": "South ruin", "polygon": [[2, 18], [8, 18], [8, 22], [2, 22]]}
SOUTH_TOWER = {"name": "South tower", "polygon": [[40, 19], [44, 19], [44, 22], [40, 22]]}
PASS_COURAGE = (6, 6)


def fog_of_war() -> Table:
    good = army(
        "Rohan",
        [
            ("g-general", leader("Theoden")),
            ("g-hunter", leader("Eomer")),
            ("g-keeper", leader("Gamling")),
            ("g-archer-1", archer("Archer 1")),
            ("g-archer-2", archer("Archer 2")),
            ("g-archer-3", archer("Archer 3")),
            ("g-scout", profile("Scout")),
        ],
    )
    evil = army(
        "Isengard",
        [("e-general", leader("Saruman")), ("e-keeper", leader("Lurtz"))],
        [
            ("e-prey", leader("Ugluk")),
            ("e-orc-1", profile("Orc 1")),
            ("e-orc-2", profile("Orc 2")),
            ("e-orc-3", profile("Orc 3")),
        ],
    )
    terrain = [NORTH_RUIN, NORTH_TOWER, SOUTH_RUIN, SOUTH_TOWER]
    return Table(scenario_setup("fog_of_war", good, evil, height=24.0, terrain=terrain))


FOG_PLACES = {
    "g-general": (24, 15),
    "g-hunter": (20, 12 + BASE_25MM / 2),
    "g-keeper": (26, 14),
    "g-archer-1": (22, 18),
    "g-archer-2": (18, 18),
    "g-archer-3": (26, 18),
    "g-scout": (19, 15),
    "e-general": (34, 6),
    "e-keeper": (38, 6),
    "e-prey": (20, 12 - BASE_25MM / 2),
    "e-orc-1": (19, 7),
    "e-orc-2": (21.5, 7),
    "e-orc-3": (23, 8),
}
FOG_PICKS = {
    "good": {"own_hero": "g-keeper", "enemy_hero": "e-prey", "terrain": "t1"},
    "evil": {"own_hero": "e-keeper", "enemy_hero": "g-hunter", "terrain": "t3"},
}


def test_fog_of_war_ends_on_the_end_of_game_roll_once_an_army_is_broken() -> None:
    table = fog_of_war()
    table.begin(FOG_PLACES, picks=FOG_PICKS)
    assert table.texts.count("Good has made its secret picks.") == 1
    # Turn 1: arrows slay three Orcs; Eomer slays Ugluk in combat. Isengard has lost 4 of 6.
    table.shoot("good", "g-archer-1", "e-orc-2", *HIT_AND_WOUND)
    table.shoot("good", "g-archer-2", "e-orc-1", *HIT_AND_WOUND)
    # The last shot ends the Shoot phase; in the Fight, the Duel: Ugluk 2 and 1, Eomer 6 and 1;
    # Eomer's first Strike (5+) slays Ugluk.
    table.shoot("good", "g-archer-3", "e-orc-3", *HIT_AND_WOUND, 2, 1, 6, 1, 6, *NEXT_TURN)
    assert "Ugluk is slain." in table.texts and turn_ended(table, 1)
    assert "End-of-game roll" not in " ".join(table.texts)  # not Broken yet: judged at the start of a turn
    table.send("good", {"type": "priority", "side": "good"})
    assert "Isengard is Broken: 4 casualties, more than its Break Point of 3." in table.texts
    # Turn 2: the Scout climbs onto the North ruin; both Isengard Heroes stand; the roll is a 4.
    table.move("good", "g-scout", (17, 10.3))
    table.skip("", *PASS_COURAGE, *PASS_COURAGE, 4, *NEXT_TURN)
    assert turn_ended(table, 2) and table.state.result is None
    assert "End-of-game roll (Isengard Broken): 4. The battle goes on (it ends on 1-2)." in table.texts
    table.send("good", {"type": "priority", "side": "good"})
    # Turn 3: the roll is a 2, and the battle ends.
    table.skip("", *PASS_COURAGE, *PASS_COURAGE, 2)
    result = table.state.result
    assert result is not None and turn_ended(table, 3) and "Turn 4 begins." not in table.texts
    assert "End-of-game roll (Isengard Broken): 2. The battle ends." in table.texts
    assert "Good's picks: own hero: Gamling; enemy hero: Ugluk; terrain: North ruin." in table.texts
    assert "Evil's picks: own hero: Lurtz; enemy hero: Eomer; terrain: South ruin." in table.texts
    rows = {row["label"][:20]: row for row in result.score or []}
    assert rows["Your secret Hero: al"]["points"] == {"good": 5, "evil": 5}
    assert rows["The secret enemy Her"]["points"] == {"good": 5, "evil": 0}  # slain by Eomer's Strike
    assert rows["The secret terrain p"]["points"] == {"good": 1, "evil": 0}
    assert rows["Enemy army Broken / "]["points"] == {"good": 3, "evil": 0}
    assert result.vp == {"good": 14, "evil": 5} and result.winner == "good"
    assert result.reason == "the end-of-game roll at the end of turn 3 is a 2; Good 14 VP, Evil 5 VP"
    assert (result.code, result.decided_by, result.sides) == ("broken_and_end_roll", "vp", ["evil"])
    assert (result.turn, result.roll) == (3, 2)
    assert replay(table.record()).result == result


def test_destroy_the_supplies_burns_markers_in_the_end_phase_and_counts_them() -> None:
    good = gondor(profile("Raider", move=24.0))
    evil = army(
        "Mordor",
        [
            ("e-general", leader("Evil General")),
            ("e-raider", profile("Warg", move=24.0)),
            ("e-orc-1", profile("Orc 1")),
            ("e-orc-2", profile("Orc 2")),
        ],
    )
    table = Table(scenario_setup("destroy_the_supplies", good, evil))
    table.begin(
        {
            "g-general": (24, 44),
            "g-archer-1": (24, 40),
            "g-archer-2": (28, 40),
            "g-captain": (14, 40),
            "g-raider": (12, 37),
            "e-general": (38, 6),
            "e-raider": (36, 11.5),
            "e-orc-1": (40, 9),
            "e-orc-2": (34, 8),
        }
    )
    supplies = {m.id: (m.x, m.y) for m in table.state.scenario.markers}  # type: ignore[union-attr]
    assert supplies == {
        "good-supply-1": (36, 36),
        "good-supply-2": (24, 36),
        "good-supply-3": (12, 36),
        "evil-supply-1": (12, 12),
        "evil-supply-2": (24, 12),
        "evil-supply-3": (36, 12),
    }
    # Turn 1: each side's raider runs to an enemy supply marker; two Orcs fall to arrows.
    table.move("good", "g-raider", (12, 13))
    table.send("good", {"type": "end_moves"})
    table.move("evil", "e-raider", (36, 35.02))
    table.send("evil", {"type": "end_moves"})
    table.shoot("good", "g-archer-1", "e-orc-2", *HIT_AND_WOUND)
    table.shoot("good", "g-archer-2", "e-orc-1", *HIT_AND_WOUND, *NEXT_TURN)
    assert "Raider destroys Evil's Supplies 1." in table.texts
    assert "Warg destroys Good's Supplies 1." in table.texts
    assert turn_ended(table, 1) and table.state.result is None
    table.send("good", {"type": "priority", "side": "good"})
    # Turn 2: the Raider moves on to the next marker; the Evil General falls.
    table.move("good", "g-raider", (23, 12))
    table.shoot("good", "g-archer-1", "e-general", *HIT_AND_WOUND)
    table.skip()
    result = table.state.result
    assert result is not None and turn_ended(table, 2) and "Turn 3 begins." not in table.texts
    assert "Raider destroys Evil's Supplies 2." in table.texts
    rows = {row["label"]: row["points"] for row in result.score or []}
    assert rows["Enemy supplies destroyed"] == {"good": 6, "evil": 3}
    assert rows["Destroyed more supplies than the enemy"] == {"good": 1, "evil": 0}
    assert rows["Enemy General wounded / slain"] == {"good": 3, "evil": 0}
    assert result.vp == {"good": 15, "evil": 5} and result.winner == "good"
    assert replay(table.record()).result == result


def test_stake_a_claim_gathers_fortification_points_in_each_end_phase() -> None:
    good = gondor(profile("Raider", move=24.0))
    evil = mordor()
    table = Table(scenario_setup("stake_a_claim", good, evil))
    table.begin(
        {
            "g-general": (24, 37.5),
            "g-archer-1": (20, 40),
            "g-archer-2": (28, 40),
            "g-captain": (14, 40),
            "g-raider": (12, 37),
            "e-general": (24, 10.5),
            "e-orc-1": (20, 8),
            "e-orc-2": (28, 8),
            "e-orc-3": (24, 6),
        }
    )
    table.move("good", "g-raider", (12, 25.5))
    table.shoot("good", "g-archer-1", "e-orc-1", *HIT_AND_WOUND)
    table.shoot("good", "g-archer-2", "e-orc-2", *HIT_AND_WOUND, *NEXT_TURN)
    # The General alone at the south marker and the Raider alone at the west: 2 each.
    assert "Fortification Points: Good +4 (4 in all), Evil +2 (2 in all)." in table.texts
    assert turn_ended(table, 1) and table.state.result is None
    table.send("good", {"type": "priority", "side": "good"})
    table.shoot("good", "g-archer-1", "e-general", *HIT_AND_WOUND)
    table.skip()
    result = table.state.result
    assert result is not None and turn_ended(table, 2) and "Turn 3 begins." not in table.texts
    assert "Fortification Points: Good +4 (8 in all), Evil +0 (2 in all)." in table.texts
    rows = {row["label"]: row["points"] for row in result.score or []}
    assert rows["Fortification Points: more 4, double 8, triple 12"] == {"good": 12, "evil": 0}
    assert rows["More markers controlled at the end"] == {"good": 2, "evil": 0}
    assert result.vp == {"good": 20, "evil": 0} and result.winner == "good"
    assert replay(table.record()).result == result


def test_breakthrough_values_a_marker_by_whose_zone_it_stands_in() -> None:
    good = army(
        "Gondor",
        [
            ("g-general", leader("Good General"), 100),
            ("g-archer-1", archer("Archer 1", missile=LONGBOW), 20),
            ("g-archer-2", archer("Archer 2", missile=LONGBOW), 20),
        ],
        [("g-captain", leader("Captain", tier="minor"), 10), ("g-raider", profile("Raider", move=24.0), 5)],
    )
    evil = army(
        "Mordor",
        [
            ("e-general", leader("Evil General"), 100),
            ("e-orc-1", profile("Orc 1"), 5),
            ("e-orc-2", profile("Orc 2"), 5),
            ("e-archer", archer("Orc Archer", missile=LONGBOW), 15),
        ],
    )
    table = Table(scenario_setup("breakthrough", good, evil))
    table.begin(
        {
            "g-general": (24, 37.5),
            "g-archer-1": (20, 40),
            "g-archer-2": (28, 40),
            "g-captain": (22, 40),
            "g-raider": (22, 37),
            "e-general": (12, 23),
            "e-orc-1": (8, 18),
            "e-orc-2": (14, 18),
            "e-archer": (10, 17),
        },
        picks={"good": {"most_expensive": "g-archer-2"}},  # Good's two archers tie: Good names one
    )
    assert "Good's most expensive model (not the general): Archer 2." in table.texts
    assert table.state.scenario.picks["evil"] == {"most_expensive": "e-archer"}  # type: ignore[union-attr]
    table.move("good", "g-raider", (23, 13.2))
    table.shoot("good", "g-archer-1", "e-orc-1", *HIT_AND_WOUND)
    table.shoot("good", "g-archer-2", "e-orc-2", *HIT_AND_WOUND)
    table.shoot("evil", "e-archer", "g-archer-2", *HIT_AND_WOUND, *NEXT_TURN)
    assert turn_ended(table, 1) and table.state.result is None
    table.send("good", {"type": "priority", "side": "good"})
    table.shoot("good", "g-archer-1", "e-archer", *HIT_AND_WOUND)
    table.skip()
    result = table.state.result
    assert result is not None and turn_ended(table, 2) and "Turn 3 begins." not in table.texts
    rows = {row["label"]: row["points"] for row in result.score or []}
    assert rows["South marker"] == {"good": 1, "evil": 0}  # in Good's own zone
    assert rows["North marker"] == {"good": 5, "evil": 0}  # deep in Evil's zone, only Good's Raider
    assert rows["West marker"] == {"good": 0, "evil": 3}  # on the centre line, only Evil's General
    assert rows["The enemy's most expensive model (not the General) wounded / slain"] == {
        "good": 2,
        "evil": 2,
    }
    assert result.vp == {"good": 12, "evil": 7} and result.winner == "good"
    assert replay(table.record()).result == result


def test_capture_and_control_keeps_markers_touched_in_an_end_phase() -> None:
    good = gondor(archer("Raider"))
    evil = mordor()
    table = Table(scenario_setup("capture_and_control", good, evil))
    table.begin(
        {
            "g-general": (24, 35.0),
            "g-archer-1": (20, 34),
            "g-archer-2": (28, 34),
            "g-captain": (12, 30),
            "g-raider": (12, 25.0),
            "e-general": (24, 13.0),
            "e-orc-1": (20, 10),
            "e-orc-2": (28, 10),
            "e-orc-3": (24, 8),
        },
        deployment_rolls=(2, 5, 5),  # Good's first Warband near the centre line; the others anywhere
    )
    assert (
        "Deployment roll for Good General's Warband: 2: it deploys within 12\" of the centre line."
        in table.texts
    )
    assert "Deployment roll for Evil General's Warband: 5: it deploys anywhere in its zone." in table.texts
    table.shoot("good", "g-archer-1", "e-orc-1", *HIT_AND_WOUND)
    table.shoot("good", "g-archer-2", "e-orc-2", *HIT_AND_WOUND)
    table.shoot("good", "g-raider", "e-orc-3", *HIT_AND_WOUND, *NEXT_TURN)
    assert "Good takes control of the South marker." in table.texts
    assert "Good takes control of the West marker." in table.texts
    assert "Evil takes control of the North marker." in table.texts
    assert turn_ended(table, 1) and table.state.result is None
    assert "End-of-game roll" not in " ".join(table.texts)
    table.send("good", {"type": "priority", "side": "good"})
    table.skip("", *PASS_COURAGE, 2)
    result = table.state.result
    assert result is not None and turn_ended(table, 2) and "Turn 3 begins." not in table.texts
    rows = {row["label"]: row["points"] for row in result.score or []}
    assert rows["Objective markers you control (3 each)"] == {"good": 6, "evil": 3}
    assert result.vp == {"good": 8, "evil": 3} and result.winner == "good"
    assert replay(table.record()).result == result


def test_divide_and_conquer_deploys_warbands_to_corners_a_and_b_in_turn() -> None:
    good = army(
        "Gondor",
        [
            ("g-general", leader("Good General", move=24.0)),
            ("g-archer-1", archer("Archer 1", missile=LONGBOW)),
        ],
        [
            ("g-captain", leader("Captain", tier="minor", missile=LONGBOW)),
            ("g-archer-2", archer("Archer 2", missile=LONGBOW)),
        ],
    )
    evil = army(
        "Mordor",
        [("e-general", leader("Evil General")), ("e-orc-1", profile("Orc 1"))],
        [("e-captain", leader("Orc Captain", tier="minor")), ("e-orc-2", profile("Orc 2"))],
    )
    table = Table(scenario_setup("divide_and_conquer", good, evil))
    table.begin(
        {
            "g-general": (8, 40),
            "g-archer-1": (9, 44),
            "g-captain": (42, 6),
            "g-archer-2": (39, 4),
            "e-general": (42, 42),
            "e-orc-1": (39, 44),
            "e-captain": (6, 6),
            "e-orc-2": (9, 4),
        },
        zone="sw-ne",
        other_zone="se-nw",
    )
    deployed = [e["text"] for e in table.events if e["type"] == "warband_chosen"]
    assert deployed == [
        "Good deploys Good General's Warband (the bottom-left corner (south-west)).",
        "Evil deploys Evil General's Warband (the bottom-right corner (south-east)).",
        "Good deploys Captain's Warband (the top-right corner (north-east)).",
        "Evil deploys Orc Captain's Warband (the top-left corner (north-west)).",
    ]
    table.move("good", "g-general", (24, 25.5))
    table.shoot("good", "g-archer-1", "e-orc-1", *HIT_AND_WOUND)
    table.shoot("good", "g-archer-2", "e-orc-2", *HIT_AND_WOUND)
    table.shoot("good", "g-captain", "e-captain", *HIT_AND_WOUND, *NEXT_TURN)
    assert turn_ended(table, 1) and table.state.result is None
    table.send("good", {"type": "priority", "side": "good"})
    table.skip("", *PASS_COURAGE, 1)
    result = table.state.result
    assert result is not None and turn_ended(table, 2) and "Turn 3 begins." not in table.texts
    rows = {row["label"]: row["points"] for row in result.score or []}
    assert rows["Centre marker"] == {"good": 6, "evil": 0}
    assert rows['Your own General within 3" of the centre marker'] == {"good": 2, "evil": 0}
    assert result.vp == {"good": 11, "evil": 0} and result.winner == "good"
    assert replay(table.record()).result == result
