"""Magical Powers: one small entry per power, found by the name a profile gives it.

An entry says whom the power targets, how long it lasts, and what it does when it is not
resisted (`resolve`), in its normal and channelled forms. Powers live in modules by theme and
register themselves here; `rules_core.magic` imports them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..effects import Lasting, register_lasting
from ..frame import Ctx
from ..state import BattleState, Effect, Model, Part
from ..wounds import MAGICAL

TARGETS = ("enemy", "friend", "self", "self_or_friend", "enemies_in_range", "friends_in_range")
DURATIONS = {"instant": "Instant", "temporary": "Temporary", "exhaustion": "Exhaustion"}
UNTIL = {"temporary": "end", "exhaustion": "exhaustion"}
NO_CHANNELLED_FORM = "No different: the 2024 rules give this power no channelled form."


@dataclass
class Cast:
    """A power that got through: who cast it, at whom, how strongly."""

    caster: Model
    target: Model | None
    targets: list[Model]
    channelled: bool
    part: Part
    score: int
    name: str
    """The power's name as the caster's profile gives it (Transfix, Fury (Goblin) ...)."""


@dataclass(frozen=True)
class PowerSpec:
    key: str
    name: str
    duration: str
    targets: str
    resolve: Callable[[Ctx, Cast], None]
    channelled: str
    mount_choice: bool = False
    can_target: Callable[[BattleState, Model, Model], str | None] | None = None
    channelled_range_bonus: float = 0.0
    area: float = 0.0
    """For powers that affect every model within a distance of the caster (Nature's Wrath: 6")."""
    at_end_phase: Callable[[Ctx, Effect], None] | None = None
    """What the power does in the End phase while in play, before Temporary effects end."""
    channelled_also_targets: Callable[[BattleState, Model, Model], list[Model]] | None = None
    """Other models the channelled form targets besides the chosen one (Panic Steed: enemy Cavalry
    within 3"); any one of them may Resist for all."""
    channelled_duration: str = ""
    """The duration of the channelled form, where it differs (Blinding Light: Exhaustion)."""
    lasting: Lasting | None = None
    """What its effect does while in play, for a power that stays in play (see `effects`)."""

    @property
    def resistible(self) -> bool:
        return self.targets in ("enemy", "enemies_in_range")


POWERS: dict[str, PowerSpec] = {}
ALIASES = {
    "immobilise": "immobilise",
    "transfix": "immobilise",
    "command": "compel",
    "compel": "compel",
    "instil_fear": "instill_fear",
    "enchant_blades": "enchanted_blades",
}
"""Other names of a power: the 2024 profiles' spellings (Instil Fear, Enchant Blades) read as the
powers of magical-powers.md, which this referee plays."""


def powers_2024(state: BattleState) -> bool:
    """Whether the battle is played with the 2024 Magical Powers (magical-powers-2024.md)."""
    return state.powers == "2024"


IN_2024: dict[str, str] = {}
"""The powers the 2024 rules replace whole (another target, duration or lasting effect): the key
of the power of magical-powers.md -> the key of its 2024 form, both in `POWERS`."""
NOT_REFEREED_2024 = {
    "tremor": 'Tremor (2024: a D3+3" line from the caster, Strength 4)',
    "compel": "Compel (2024: Instant, the target may still act)",
    "immobilise": "Transfix (2024: no Activation)",
    "paralyse": "Paralyse (2024: Exhaustion, no Fight value)",
    "blinding_light": "Blinding Light (2024: no help to a model behind impassable terrain from the caster)",
    "blessing_of_the_valar": "Blessing of the Valar (2024: no rider or mount choice)",
}
"""The 2024 changes this referee does not apply: with the 2024 powers these are played as
magical-powers.md says, and every screen of the battle says so (magical-powers-2024.md §3)."""


def powers_note(state: BattleState) -> str:
    """What every screen of a battle says of its Magical Powers ("" for the default ones)."""
    if not powers_2024(state):
        return ""
    changed = ", ".join(sorted(POWERS[key].name for key in IN_2024.values()))
    others = "; ".join(NOT_REFEREED_2024.values())
    return (
        "Played with the 2024 Magical Powers: no channelled forms (Heroic Channelling makes the Casting "
        f"test a 6); refereed as the 2024 rules change them: {changed}. Not refereed in their 2024 form, "
        f"played as before: {others}."
    )


def register(spec: PowerSpec, in_2024_for: str = "") -> PowerSpec:
    """Add a power; `in_2024_for` names the power of magical-powers.md it replaces in 2024."""
    if in_2024_for:
        IN_2024[in_2024_for] = spec.key
    if spec.key in POWERS:
        raise ValueError(f"two powers share the key {spec.key!r}")
    durations = (spec.duration, spec.channelled_duration or spec.duration)
    if spec.targets not in TARGETS or any(d not in DURATIONS for d in durations):
        raise ValueError(f"{spec.name}: unknown target kind or duration")
    POWERS[spec.key] = spec
    MAGICAL.add(spec.name.casefold())
    if spec.lasting is not None:
        register_lasting(spec.key, spec.name, spec.lasting)
    return spec


def key_of(name: str) -> str:
    """ "Fury (Goblin)" -> "fury", "Immobilise/Transfix" -> "immobilise", "Black Dart" -> "black_dart"."""
    plain = name.replace("\u2019", "'")
    base = re.sub(r"\s*\(.*\)\s*$", "", plain).split("/")[0].strip().lower().replace("'", "")
    key = re.sub(r"[^a-z]+", "_", base).strip("_")
    return ALIASES.get(key, key)


def spec_for(name: str, state: BattleState | None = None) -> PowerSpec | None:
    """The power a profile's name stands for, in the battle's powers (2024 or not)."""
    key = key_of(name)
    if state is not None and powers_2024(state):
        key = IN_2024.get(key, key)
    return POWERS.get(key)


def bracket(name: str) -> str:
    """The keyword in a power's bracket: "Fury (Goblin)" -> "Goblin"."""
    match = re.search(r"\((.*)\)\s*$", name)
    return match.group(1).strip() if match else ""


def add_effect(
    ctx: Ctx,
    cast: Cast,
    spec: PowerSpec,
    target: Model | list[Model] | None,
    label: str = "",
    value: int = 0,
    note: str = "",
    until: str = "",
) -> None:
    """Put a Temporary or Exhaustion power in play on `target` (on each of a list of targets, or as
    an aura of the caster when None), saying what it does in `note`. `until` overrides the duration
    for a power with its own (Paralyse lasts until its target recovers)."""
    duration = (cast.channelled and spec.channelled_duration) or spec.duration
    targets = target if isinstance(target, list) else [target]
    label = label or cast.name + (" (channelled)" if cast.channelled else "")
    if note:
        ctx.log("power", note, power=spec.key, models=[t.id for t in targets if t is not None])
    if duration == "exhaustion" and not until and cast.caster.will <= 0:
        ctx.log("effect_end", f"{label} ends at once: {cast.caster.name} has no Will left.", effect=spec.key)
        return
    ctx.state.effects.extend(
        Effect(
            spec.key,
            cast.caster.id,
            label,
            t.id if t is not None else "",
            until or UNTIL[duration],
            value,
            cast.channelled,
        )
        for t in targets
    )


def not_modelled(ctx: Ctx, what: str) -> None:
    """Say plainly, to both players, what part of a power the referee does not hold in the battle."""
    ctx.log("not_modelled", f"Not modelled by the referee: {what}. Apply it at the table.", note=what)


def end_phase_hooks(ctx: Ctx) -> None:
    """Run every power in play that acts in the End phase (Enrage Beast's hit ...)."""
    for effect in list(ctx.state.effects):
        spec = POWERS.get(effect.kind)
        if spec is not None and spec.at_end_phase is not None and effect in ctx.state.effects:
            spec.at_end_phase(ctx, effect)
