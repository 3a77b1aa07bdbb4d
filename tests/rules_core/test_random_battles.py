"""Property tests: seeded random battles played to their end by a bot choosing among legal actions."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import BattleState, RuleViolation, SeededDice, apply, legal_actions, new_battle
from rules_core.dice import Roll
from rules_core.heroic import HEROIC_ACTIONS
from rules_core.magic import POWERS
from rules_core.record import Entry, build, steps
from rules_core.scenarios.catalogue import CATALOGUE
from tests.conftest import BATTLE_SHARDS, battle_seed, shard_examples

from .bot import Bot
from .builders import hero, profile

MAX_STEPS = 3000


def random_powers(rng: random.Random) -> list[dict[str, Any]]:
    names = sorted({spec.name for spec in POWERS.values()})
    chosen = rng.sample(names, rng.randint(0, 3))
    return [
        {"name": "Fury (Orc)" if n.startswith("Fury") else n.split("/")[0], "range": float(rng.choice([6, 12, 18])),
         "casting": rng.randint(2, 5)}
        for n in chosen
    ]  # fmt: skip


def random_hero_extras(rng: random.Random) -> dict[str, Any]:
    specialised = sorted(k for k, a in HEROIC_ACTIONS.items() if not a.universal)
    return {
        "will": rng.randint(0, 4),
        "fate": rng.randint(0, 3),
        "powers": random_powers(rng),
        "heroic_actions": rng.sample(specialised, rng.randint(0, 3)),
        "tier": rng.choice(["legend", "valour", "fortitude", "minor", "independent"]),
    }


WEAPONS = [
    "hand weapon",
    "spear",
    "pike",
    "two-handed weapon",
    "hand-and-a-half weapon",
    "Elven blade",
    "staff",
]
EXTRAS = ["shield", "banner", "war horn", "light armour", "elven cloak", "heavy armour"]


def random_wargear(rng: random.Random, mounted: bool, shoots: bool) -> list[str]:
    """Wargear that goes together: one or two weapons, maybe a shield and more, a lance when mounted."""
    kit = rng.sample(WEAPONS, rng.choice([0, 1, 1, 2]))
    kit += rng.sample(EXTRAS, rng.choice([0, 0, 1, 2]))
    if mounted:
        kit.append("lance")
    if not shoots and rng.random() < 0.2:
        kit.append(rng.choice(["throwing spears", "throwing weapons", "crossbow"]))
    return kit


FIRST_RULES = [
    "Terror", "Terror (Orc)", "Fearless", "Hatred (Man)", "Ancient Enemies (Orc)", "Bane of Kings",
    "Poisoned Attacks", "Backstabbers", 'Harbinger of Evil (12")', "Large Target",
    'Throw Stones (range 8", Strength 1)', "Sworn Protector (good 0)", "Resistant to Magic", "Burly",
    "Woodland Creature", "Dominant (3)", "A rule nobody wrote",
]  # fmt: skip
"""The rules random models had first (the bot's strength is measured on battles drawn with them)."""
SPECIAL_RULES = [
    *FIRST_RULES,
    "Bodyguard", "Phalanx", "Spear Mastery", "Chittering Hordes", "Stalk Unseen", "Fell Sight", "Keen Sight",
    "Expert Shot", "Deadly Shot", "Swift Movement", "Survival Instinct", "Prenatural Agility",
    "Visage of Terror", "Venom", "Mighty Blow", "Unyielding Combat Stance", "Monstrous Charge",
    "Horned Charge", "Knife Fighter", "Loyal to the Captains", "Oblivious to Pain", "Awesome Presence",
    "The Lady of Lórien", "Ghostly Resolve", "Lord of the Iron Hills", "Cleaving Blow", "Cloud of Birds",
    "Swift Shot", "Many Tentacles", "Wise Counsel", "Voice of Curunír", "Weapon Master", "Mountain Fighters",
    "Wall of Blades", "Lumbering", "The Herald's Duty", "The Gleaming Horde", "Fearful", "Mighty Hero",
    "Master of Battle (4+)",
]  # fmt: skip
"""Special rules a random model may have: refereed ones of every shape, and one the referee does not know."""


def random_setup(
    rng: random.Random, rules: list[str] = SPECIAL_RULES, all_powers: bool = True
) -> dict[str, Any]:
    """A random battle; `rules` its models' special rules may be drawn from, `all_powers`: played
    with the 2024 Magical Powers half the time."""

    def army(side: str, y0: float, y1: float) -> list[dict[str, Any]]:
        models = []
        for i in range(rng.randint(2, 6)):
            stats = {
                "move": float(rng.choice([5, 6, 6, 10])),
                "fight": rng.randint(2, 7),
                "shoot": rng.randint(3, 5),
                "strength": rng.randint(2, 6),
                "defence": rng.randint(3, 8),
                "attacks": rng.randint(1, 3),
                "wounds": rng.randint(1, 3),
                "base_mm": float(rng.choice([25, 25, 32, 40])),
            }
            if rng.random() < 0.3:
                stats["missile"] = {"name": "Bow", "range": 24.0, "strength": 2}
            if rng.random() < 0.4:
                stats["special_rules"] = rng.sample(rules, rng.randint(1, 3))
            stats["wargear"] = random_wargear(rng, mounted=rng.random() < 0.2, shoots="missile" in stats)
            if rng.random() < 0.2:
                stats["bought"] = (
                    ["shield"] if not any("shield" in w for w in stats["wargear"]) else ["armour"]
                )
            kind = rng.choice(["Spirit", "Goblin", "Orc", "Warg", "Spider", "Man", "Man", "Man"])
            name = f"{side} {i}"
            if i == 0 or rng.random() < 0.2:
                prof = hero(name, might=rng.randint(0, 3), **stats, **random_hero_extras(rng))
            else:
                prof = profile(name, **stats)
            prof["keywords"] = [*prof.get("keywords", ["Infantry"]), kind]
            entry: dict[str, Any] = {
                "id": f"{side}-{i}",
                "profile": prof,
                "x": 4.0 + 6 * i,
                "y": rng.uniform(y0, y1),
            }
            if "lance" in stats["wargear"]:
                horse = profile("Horse", move=10.0, attacks=rng.choice([0, 1]), courage=5, base_mm=50.0)
                entry["mount"] = horse
            elif rng.random() < 0.15:
                horse = profile("Horse", move=10.0, attacks=rng.choice([0, 1]), courage=5)
                if rng.random() < 0.5:
                    horse = hero("Steed", might=1, will=1, fate=1, tier="independent", move=10.0)
                entry["mount"] = horse
            models.append(entry)
        return models

    terrain = []
    if rng.random() < 0.7:
        x, y = rng.uniform(5, 35), rng.uniform(16, 28)
        terrain.append(
            {
                "name": rng.choice(["Ruins", "River", "Wood", "Rock pile"]),
                "polygon": [[x, y], [x + 6, y], [x + 6, y + 3], [x, y + 3]],
                "blocks_sight": rng.random() < 0.5,
                "impassable": rng.random() < 0.5,
                "difficult": rng.random() < 0.5,
            }
        )
    return {
        "board": {"width": 48.0, "height": 48.0},
        "terrain": terrain,
        "armies": {
            "good": {"name": "Good", "models": army("good", 38, 46)},
            "evil": {"name": "Evil", "models": army("evil", 2, 10)},
        },
        "max_turns": rng.randint(5, 12),
        "powers": rng.choice(["classic", "2024"]) if all_powers else "classic",
    }


def one_decision(state: BattleState) -> None:
    """Exactly one side decides, with something to decide; or the battle is over."""
    pending = state.pending
    if state.result is None:
        assert pending.side in ("good", "evil")
        assert legal_actions(state, pending.side)
        assert legal_actions(state, "evil" if pending.side == "good" else "good") == []
    else:
        assert pending.side is None and pending.kind == "battle_over"


def check_invariants(state: BattleState, data: dict[str, Any]) -> None:
    """`data` is `state.to_dict()`, made once a step for these checks and the record's."""
    one_decision(state)
    on_board = [
        m for m in state.models.values() if m.on_board and not (state.phase == "deployment" and m.x < 0)
    ]
    for m in state.models.values():
        assert 0 <= m.wounds <= m.profile.wounds
        assert m.might >= 0 and m.will >= 0 and m.fate >= 0
    for i, a in enumerate(on_board):
        assert a.radius - 1e-6 <= a.x <= state.board.width - a.radius + 1e-6
        assert a.radius - 1e-6 <= a.y <= state.board.height - a.radius + 1e-6
        for b in on_board[i + 1 :]:
            assert math.dist(a.pos, b.pos) >= a.radius + b.radius - 1e-3, f"{a.id} overlaps {b.id}"
    assert BattleState.from_dict(json.loads(json.dumps(data))) == state


def illegal_variants(state: BattleState, rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """Commands outside legal_actions: from the wrong side, with bad ids, values or keys."""
    side = state.pending.side
    assert side is not None
    other = "evil" if side == "good" else "good"
    action = rng.choice(legal_actions(state, side))
    legal = action.command
    variants: list[tuple[str, dict[str, Any]]] = [
        (other, dict(legal)),
        (side, {"type": "teleport"}),
        (side, {**legal, "unexpected": 1}),
        (side, {k: v for k, v in legal.items() if k != "type"} | {"type": legal["type"] + "x"}),
    ]
    for key in ("model", "hero", "target"):
        if key in legal:
            variants.append((side, {**legal, key: "nobody-here"}))
    for name, spec in action.params.items():
        if spec["type"] == "choice":
            variants.append((side, {**legal, name: "not-an-option"}))
        elif spec["type"] == "int":
            variants.append((side, {**legal, name: spec["max"] + 1}))
        elif spec["type"] in ("path", "point"):
            variants.append(
                (side, {**legal, name: [[float("nan"), 1.0]] if spec["type"] == "path" else "here"})
            )
    if any("default" not in spec for spec in action.params.values()):
        variants.append((side, dict(legal)))  # required parameters missing
    return variants


def refuses_illegal(state: BattleState, rng: random.Random, dice: Any) -> None:
    """Every command outside legal_actions is refused and changes nothing."""
    before = state.to_dict()
    for side, command in illegal_variants(state, rng):
        try:
            apply(state, side, command, dice)
        except RuleViolation:
            pass
        else:
            raise AssertionError(f"{side} {command} was accepted but is not a legal action")
        assert state.to_dict() == before


def with_scenario(setup: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The setup played on a scenario: every Hero leads a Warband, the Warriors follow the first."""
    for army in setup["armies"].values():
        heroes = [m["id"] for m in army["models"] if m["profile"].get("tier")]
        warriors = [m["id"] for m in army["models"] if not m["profile"].get("tier")]
        army["warbands"] = [
            {"captain": hero_id, "followers": warriors if i == 0 else []} for i, hero_id in enumerate(heroes)
        ]
    return {**setup, "scenario": rng.choice(sorted(CATALOGUE))}


# As many battles as the Hypothesis profile asks for (tests/conftest.py): 200 in CI, in shards.
@pytest.mark.long(20)
@pytest.mark.parametrize("shard", range(BATTLE_SHARDS))
@settings(
    max_examples=shard_examples(settings().max_examples),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_battles_end_and_keep_every_invariant(shard: int, seed: int) -> None:
    play_random_battle(battle_seed(shard, seed), scenario=False)


# Scenario battles are slower (the pre-game, a Warband at a time): at most 40 of them.
@pytest.mark.long(5)
@pytest.mark.parametrize("shard", range(BATTLE_SHARDS))
@settings(
    max_examples=shard_examples(min(40, settings().max_examples)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_scenario_battles_end_and_keep_every_invariant(shard: int, seed: int) -> None:
    play_random_battle(battle_seed(shard, seed), scenario=True)


def play_random_battle(seed: int, scenario: bool) -> None:
    rng = random.Random(seed)
    setup = random_setup(rng)
    if scenario:
        setup = with_scenario(setup, rng)
    bot = Bot(seed)
    dice = SeededDice(seed)
    state = new_battle(setup)
    states = [state.to_dict()]
    entries: list[Entry] = []
    for _ in range(MAX_STEPS):
        if state.result is not None:
            break
        if rng.random() < 0.15:
            refuses_illegal(state, rng, dice)
            side = state.pending.side
            assert side is not None
            plain = [
                a
                for a in legal_actions(state, side)
                if not any("default" not in p for p in a.params.values())
            ]
            if plain:
                apply(state, side, rng.choice(plain).command, dice)  # an offered choice is never refused
            dice.take_rolls()
        side, command, outcome = bot.play(state, dice)
        assert state.to_dict() == states[-1], "apply changed the state it was given"
        entries.append(Entry(side, command, list(outcome.rolls)))
        state = outcome.state
        states.append(state.to_dict())
        check_invariants(state, states[-1])
    assert state.result is not None, f"the battle did not end within {MAX_STEPS} steps"

    record = json.loads(json.dumps(build(setup, entries, state)))
    for index, (_, outcome) in enumerate(steps(record), start=1):
        assert outcome.state.to_dict() == states[index]
    assert [Roll.from_dict(r) for r in record["entries"][-1]["rolls"]] == entries[-1].rolls
