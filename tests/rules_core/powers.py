"""Scenes for one Magical Power: Saruman (Good, with Priority) casts it in his Move phase."""

from __future__ import annotations

from typing import Any

from rules_core import BattleState, ScriptedDice

from .builders import (
    GOOD_PRIORITY,
    NEXT_TURN,
    PASS,
    battle,
    cast,
    deployed,
    hero,
    model,
    play,
    power,
    setup,
    skip_until,
    texts,
)

CASTER = "saruman"


def wizard(name: str, range_: float = 12.0, **stats: Any) -> dict[str, Any]:
    base = {"might": 0, "will": 6, "fate": 0, "tier": "legend", "heroic_actions": ["heroic_channelling"]}
    return hero("Saruman", powers=[power(name, range_, 3)], **{**base, **stats})


def scene(
    name: str,
    evil: list[dict[str, Any]],
    good: tuple[dict[str, Any], ...] = (),
    channelled: bool = False,
    at: tuple[float, float] = (10, 30),
    **extra: Any,
) -> tuple[BattleState, ScriptedDice]:
    """Saruman, knowing only `name`, about to cast in Good's Move phase (after declaring Heroic
    Channelling, which costs his one Might, when `channelled`)."""
    stats = {"might": 1 if channelled else 0, **extra.pop("stats", {})}
    caster = model(CASTER, wizard(name, **stats), *at)
    if not channelled:
        return battle([caster, *good], evil, **extra)
    dice = ScriptedDice(GOOD_PRIORITY)
    state = deployed(setup([caster, *good], evil, **extra), dice, priority="good")
    declare = {"type": "declare", "hero": CASTER, "action": "heroic_channelling"}
    while state.pending.kind == "declare_heroic_action":
        side = state.pending.side
        state, _ = play(state, [(side, declare if side == "good" else PASS)], dice)
        declare = PASS
    return state, dice


def cast_power(
    state: BattleState, dice: ScriptedDice, faces: list[int], target: str | None = None, **extra: Any
) -> tuple[BattleState, list[str]]:
    """Saruman casts his power with 1 Will; `faces` are the dice from the Casting roll on."""
    dice.script.extend(faces)
    name = state.model(CASTER).profile.powers[0].name
    state, events = play(state, [("good", cast(CASTER, name, 1, target, **extra))], dice)
    return state, texts(events)


def after_cast(said: list[str]) -> list[str]:
    """What the log says once the Casting test is over (channelled or rolled)."""
    start = next(i for i, t in enumerate(said) if "casts " in t or "Heroic Channelling:" in t)
    return said[start + 1 :]


def to_next_turn(
    state: BattleState, dice: ScriptedDice, faces: tuple[int, ...] = ()
) -> tuple[BattleState, list[str]]:
    """Saruman stays put; both sides finish the turn (End phase dice `faces`) up to the next Priority."""
    dice.script.extend([*faces, *NEXT_TURN])
    if state.pending.kind == "activate" and CASTER in state.pending.detail.get("models", []):
        state, _ = play(state, [("good", {"type": "stand", "model": CASTER})], dice)
    state, events = skip_until(state, dice, "priority")
    return state, texts(events)
