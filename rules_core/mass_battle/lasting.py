"""What lasting effects do to stands (§11, §12), as data, and the one place that answers questions
about them ("may this stand move?", "what do effects add to its combat, its Courage tests?").

Effects in play are the skirmish's `state.Effect` records. Those on heroes (Heroic Actions, Fortify
Spirit ...) keep their skirmish kinds and act on the stand the hero is attached to; those the mass
battle puts on stands have kinds of their own, described here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..effects import NOTHING, Lasting, register_lasting
from ..state import Effect, Model
from .constants import COURAGE_AURA_MODIFIER, HEROIC_CHALLENGE_DECLINED_BONUS, SHOUT_RANGE, TRANSFIXED_PENALTY
from .stands import causes_terror
from .state import MassState, Stand, within


@dataclass(frozen=True)
class StandLasting:
    """What an effect of one kind does to stands while it is in play."""

    name: str
    holds: bool = False
    """A stand it targets may not move this turn, if it had not activated when the effect began
    (the effect's value is then 1)."""
    combat: int = 0
    """Added to the combat total of the stand it targets."""
    courage: int = 0
    """Added to the Courage tests of stands within `reach` of its source: friends when positive,
    enemies when negative."""
    reach: float = 0.0
    terror: bool = False
    """The stand (or loose hero) of the hero it targets causes Terror."""


TRANSFIXED = "mass_transfixed"
TERRIFYING = "mass_terrifying_aura"
DISMAY = "mass_aura_of_dismay"
COMMAND = "mass_aura_of_command"
CHALLENGE_DECLINED = "mass_challenge_declined"
STAND_LASTING: dict[str, StandLasting] = {
    TRANSFIXED: StandLasting("Transfixed", holds=True, combat=TRANSFIXED_PENALTY),
    TERRIFYING: StandLasting("Terrifying Aura", terror=True),
    DISMAY: StandLasting("Aura of Dismay", courage=-COURAGE_AURA_MODIFIER, reach=SHOUT_RANGE),
    COMMAND: StandLasting("Aura of Command", courage=COURAGE_AURA_MODIFIER, reach=SHOUT_RANGE),
    CHALLENGE_DECLINED: StandLasting("Heroic Challenge declined", combat=HEROIC_CHALLENGE_DECLINED_BONUS),
}
for _kind, _lasting in STAND_LASTING.items():
    register_lasting(_kind, _lasting.name, Lasting(quiet=True) if _kind == CHALLENGE_DECLINED else NOTHING)


def _of(effect: Effect) -> StandLasting | None:
    return STAND_LASTING.get(effect.kind)


def held(state: MassState, stand: Stand) -> Effect | None:
    """The effect that keeps a stand from moving this turn, if any (Immobilise, Transfix, Paralyse)."""
    return next(
        (
            e
            for e in state.effects
            if e.target == stand.id and e.value and (lasting := _of(e)) is not None and lasting.holds
        ),
        None,
    )


def combat_effects(state: MassState, stand: Stand) -> list[tuple[str, int]]:
    """What effects on a stand add to its combat total, as (label, value)."""
    found: list[tuple[str, int]] = []
    for effect in state.effects:
        lasting = _of(effect)
        if lasting is not None and lasting.combat and effect.target == stand.id:
            found.append((effect.label, lasting.combat))
    return found


def courage_effects(state: MassState, stand: Stand) -> list[tuple[str, int]]:
    """What auras add to a stand's Courage tests (§12): Aura of Command +1 on friends within 6" of
    its caster, Aura of Dismay -1 on enemies."""
    found: list[tuple[str, int]] = []
    for effect in state.effects:
        lasting = _of(effect)
        if lasting is None or not lasting.courage:
            continue
        caster = state.models.get(effect.source)
        if caster is None or not caster.on_board:
            continue
        friendly = caster.side == stand.side
        if friendly != (lasting.courage > 0) or not within(state, caster.id, stand.id, lasting.reach):
            continue
        found.append((f"{effect.label} ({caster.name})", lasting.courage))
    return found


def hero_terrifies(state: MassState, hero: Model) -> bool:
    """A hero causes Terror: his special rule, or a Terrifying Aura on him."""
    if causes_terror(hero.profile):
        return True
    return any(
        e.target == hero.id and (lasting := _of(e)) is not None and lasting.terror for e in state.effects
    )


def stand_terrifies(state: MassState, stand: Stand) -> bool:
    """§13: a stand causes Terror if its models or any hero attached to it do."""
    return stand.stats.terror or any(hero_terrifies(state, h) for h in state.attached(stand.id))
