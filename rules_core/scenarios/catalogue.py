"""The scenarios Beacon referees: one entry each, as `docs/rules/scenarios.md` gives them.

A new scenario that needs only the mechanisms here (zones along the edges or at the corners,
fixed, owned or placed markers, picks, the two end rules, the End phase rules in `ending` and the
lines in `scoring`) is one more entry and a test. The 24 of the Matched Play Guide sit in six
pools of four (`POOLS`); `CATALOGUE` holds those Beacon referees.
"""

from __future__ import annotations

from .spec import Deploy, Level, Line, Pick, Placement, ScenarioSpec, Spot, WarbandRoll

CENTRE = (0.5, 0.0)
MORE_DOUBLE_SOLE = (Level(1), Level(2, factor=2), Level(3, sole=True))
MORE_SOLE_1_3 = (Level(1), Level(3, sole=True))
MORE = (Level(1),)


def general(wounded: int, slain: int, **more: int) -> Line:
    return Line("general", "Enemy General wounded / slain", {"wounded": wounded, "slain": slain, **more})


def broken(enemy: int, enemy_not_you: int) -> Line:
    return Line(
        "broken", "Enemy army Broken / Broken and yours not", {"enemy": enemy, "enemy_not_you": enemy_not_you}
    )


NO_BANNER = Line("no_banner", "The enemy has no banner left", {"points": 2})
KEEP_BANNER = Line("keep_banner", "You keep a banner / more banners", {"any": 1, "more": 2})


def five_markers() -> tuple[Spot, ...]:
    """The centre and halfway from it to the middle of each edge."""
    return (
        Spot("centre", "Centre marker", CENTRE, CENTRE),
        Spot("north", "North marker", CENTRE, (0.25, 0.0)),
        Spot("east", "East marker", (0.75, 0.0), CENTRE),
        Spot("south", "South marker", CENTRE, (0.75, 0.0)),
        Spot("west", "West marker", (0.25, 0.0), CENTRE),
    )


DOMINATION = ScenarioSpec(
    key="domination",
    number=1,
    name="Domination",
    pool=1,
    summary="Five objectives, four of them placed by the players: hold more of them than the enemy.",
    deploy=Deploy("edges", 24.0),
    end="quarter",
    markers=(Spot("centre", "Centre marker", CENTRE, CENTRE),),
    placed=Placement(count=4, gap=12.0, edge_gap=6.0),
    vp=(
        Line(
            "markers",
            'Objective markers: more models within 3" 1, double 2, only yours 3',
            {"radius": 3.0, "levels": MORE_DOUBLE_SOLE},
        ),
        general(1, 2),
        broken(1, 3),
    ),
    rules=(
        'After the centre marker, the roll-off winner places a marker at least 12" from every other '
        'and 6" from every edge; the other player places the next, and so on.',
        "A General counts as three models near a marker; so does a model with Dominant (3).",
    ),
)

TO_THE_DEATH = ScenarioSpec(
    key="to_the_death",
    number=2,
    name="To the Death!",
    pool=2,
    summary="No objectives: slay the enemy General and Heroes, break their army, take their banners.",
    deploy=Deploy("edges", 12.0),
    end="quarter",
    vp=(
        general(1, 5, one_wound=3),
        broken(3, 5),
        NO_BANNER,
        KEEP_BANNER,
        Line("quarter", "Enemy reduced to 25% of its models", {"points": 3}),
        Line("hero_kills", "Enemy Heroes slain (1 each, up to 3)", {"each": 1, "cap": 3}),
    ),
)

SUPPLY_ROW = (
    Spot("supply-1", "Supplies 1", (0.25, 0.0), (0.0, 12.0)),
    Spot("supply-2", "Supplies 2", (0.5, 0.0), (0.0, 12.0)),
    Spot("supply-3", "Supplies 3", (0.75, 0.0), (0.0, 12.0)),
)

DESTROY_THE_SUPPLIES = ScenarioSpec(
    key="destroy_the_supplies",
    number=4,
    name="Destroy the Supplies",
    pool=4,
    summary="Each side guards three supply markers along its front line and tries to destroy the enemy's.",
    deploy=Deploy("edges", 12.0),
    end="quarter",
    supplies=SUPPLY_ROW,
    end_phase=("destroy_supplies",),
    vp=(
        Line("supplies", "Supplies", {"radius": 3.0, "destroyed": 3, "held": 1, "most": 1}),
        general(1, 3),
        broken(1, 3),
        NO_BANNER,
        KEEP_BANNER,
    ),
    rules=(
        "In the End phase an enemy supply marker is destroyed if one of your models touches it and, "
        "this turn, did not cast a power, shoot, fight, fall under an enemy power or get stopped "
        "from moving, and is not Prone.",
    ),
)

FOG_OF_WAR = ScenarioSpec(
    key="fog_of_war",
    number=6,
    name="Fog of War",
    pool=6,
    summary="Each player secretly picks a Hero to keep alive, an enemy Hero to hunt and a piece of terrain to take.",
    deploy=Deploy("edges", 12.0),
    end="broken_roll",
    picks=(
        Pick("own_hero", "own_hero", "One of your Heroes to keep alive"),
        Pick("enemy_hero", "enemy_hero", "An enemy Hero to hunt"),
        Pick("terrain", "terrain_enemy_half", "A terrain piece in the enemy's half to take"),
    ),
    vp=(
        Line(
            "pick_own_hero",
            "Your secret Hero: alive 1, unwounded 3, no Fate spent 5",
            {"pick": "own_hero", "alive": 1, "unwounded": 3, "untouched": 5},
        ),
        Line(
            "pick_enemy_hero",
            "The secret enemy Hero: wounded 1, slain 3, slain by your Strike 5",
            {"pick": "enemy_hero", "wounded": 1, "slain": 3, "slain_in_combat": 5},
        ),
        Line(
            "pick_terrain",
            "The secret terrain piece: more models on it 1, 2+ and double 3, 2+ and only yours 5",
            {
                "pick": "terrain",
                "levels": (Level(1), Level(3, factor=2, at_least=2), Level(5, at_least=2, sole=True)),
            },
        ),
        general(1, 2),
        broken(1, 3),
    ),
    rules=(
        "The picks stay secret until the battle ends. A Wound that Fate prevents is not a Wound.",
        "Once an army is Broken, a D6 at the end of each turn ends the battle on a 1 or 2.",
    ),
)

CAPTURE_AND_CONTROL = ScenarioSpec(
    key="capture_and_control",
    number=7,
    name="Capture & Control",
    pool=1,
    summary="Five objectives that stay yours once your models alone touch them in an End phase.",
    deploy=Deploy("edges", 24.0, enemy_gap=1.0, warband_roll=WarbandRoll(low=3, band=12.0)),
    end="broken_roll",
    markers=five_markers(),
    end_phase=("control_markers",),
    vp=(
        Line("controlled", "Objective markers you control (3 each)", {"each": 3}),
        general(1, 3),
        broken(1, 2),
    ),
    rules=(
        'Each Warband rolls a D6 before it deploys: on 1-3 it stands wholly within 12" of the '
        'centre line, on 4-6 anywhere in its half; never within 1" of an enemy.',
        "In an End phase, a marker touched by models of one side only becomes theirs until the "
        "other side touches it alone; touched by both, it is nobody's.",
    ),
)

BREAKTHROUGH = ScenarioSpec(
    key="breakthrough",
    number=8,
    name="Breakthrough",
    pool=1,
    summary="Four objectives: the deeper in the enemy's half you hold one, the more it is worth.",
    deploy=Deploy("edges", 24.0),
    end="quarter",
    markers=(
        Spot("north", "North marker", CENTRE, (0.0, 12.0)),
        Spot("south", "South marker", CENTRE, (1.0, -12.0)),
        Spot("west", "West marker", (0.5, -12.0), CENTRE),
        Spot("east", "East marker", (0.5, 12.0), CENTRE),
    ),
    picks=(
        Pick("most_expensive", "own_most_expensive", "Most expensive model (not the General)", secret=False),
    ),
    vp=(
        Line(
            "zone_markers",
            "Markers: in your zone more 1; on the centre line more 1, only yours 3; in the enemy's "
            "zone more 3, only yours 5",
            {"radius": 3.0, "own": MORE, "middle": MORE_SOLE_1_3, "enemy": (Level(3), Level(5, sole=True))},
        ),
        general(1, 2),
        broken(1, 2),
        NO_BANNER,
        Line(
            "most_expensive",
            "The enemy's most expensive model (not the General) wounded / slain",
            {"wounded": 1, "slain": 2},
        ),
    ),
)

STAKE_A_CLAIM = ScenarioSpec(
    key="stake_a_claim",
    number=9,
    name="Stake a Claim",
    pool=1,
    summary="Five objectives earn Fortification Points in every End phase; the most points wins the day.",
    deploy=Deploy("edges", 12.0),
    end="quarter",
    markers=five_markers(),
    end_phase=("fortify",),
    vp=(
        Line(
            "counter_ladder",
            "Fortification Points: more 4, double 8, triple 12",
            {"counter": "fortification", "levels": (Level(4), Level(8, factor=2), Level(12, factor=3))},
        ),
        general(1, 3),
        broken(1, 3),
        Line("control_most", "More markers controlled at the end", {"radius": 3.0, "points": 2}),
    ),
    rules=(
        "At the start of every End phase, each marker earns 1 Fortification Point to the side with "
        'more models within 3" of it, 2 if only that side has any there.',
    ),
)

DIVIDE_AND_CONQUER = ScenarioSpec(
    key="divide_and_conquer",
    number=20,
    name="Divide & Conquer",
    pool=5,
    summary="Armies split between two opposite corners; three objectives across the middle.",
    deploy=Deploy("corners", 12.0),
    end="broken_roll",
    markers=(
        Spot("centre", "Centre marker", CENTRE, CENTRE),
        Spot("west", "West marker", (0.25, 0.0), CENTRE),
        Spot("east", "East marker", (0.75, 0.0), CENTRE),
    ),
    vp=(
        Line(
            "markers",
            'Centre marker: more models within 3" 3, only yours 6',
            {"radius": 3.0, "levels": (Level(3), Level(6, sole=True)), "only": ("centre",)},
        ),
        Line(
            "markers",
            'Side markers: more models within 3" 1, only yours 3',
            {"radius": 3.0, "levels": MORE_SOLE_1_3, "only": ("west", "east")},
        ),
        broken(1, 3),
        general(1, 3),
        Line(
            "general_near",
            'Your own General within 3" of the centre marker',
            {"radius": 3.0, "points": 2, "only": ("centre",)},
        ),
    ),
    rules=(
        "The roll-off winner takes two opposite corners, A and B; Warbands deploy in turn, each "
        "side's going to its A corner, then its B corner, and so on.",
    ),
)

CATALOGUE: dict[str, ScenarioSpec] = {
    spec.key: spec
    for spec in (
        DOMINATION,
        TO_THE_DEATH,
        DESTROY_THE_SUPPLIES,
        FOG_OF_WAR,
        CAPTURE_AND_CONTROL,
        BREAKTHROUGH,
        STAKE_A_CLAIM,
        DIVIDE_AND_CONQUER,
    )
}

POOLS: dict[int, tuple[str, tuple[str, ...]]] = {
    1: ("Hold objective", ("Domination", "Capture & Control", "Breakthrough", "Stake a Claim")),
    2: ("Kill the enemy", ("To the Death!", "Lords of Battle", "Assassination", "Contest of Champions")),
    3: (
        "Maelstrom of Battle",
        ("Hold Ground", "Heirloom of Ages Past", "Sites of Power", "Command the Battlefield"),
    ),
    4: ("Objects and supplies", ("Destroy the Supplies", "Retrieval", "Seize the Prizes", "Treasure Hoard")),
    5: ("Manoeuvring", ("Reconnoitre", "Storm the Camp", "Divide & Conquer", "Escort the Wounded")),
    6: ("Unique", ("Fog of War", "Clash by Moonlight", "Lead from the Front", "Convergence")),
}
"""The Matched Play Guide's six pools of four (names from fan tools), all 24 scenarios by name."""


def spec_of(key: str) -> ScenarioSpec:
    return CATALOGUE[key]


def pool_of(number: int) -> list[ScenarioSpec]:
    """The scenarios of a pool that Beacon referees."""
    return sorted((s for s in CATALOGUE.values() if s.pool == number), key=lambda s: s.number)
