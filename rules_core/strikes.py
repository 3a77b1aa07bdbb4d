"""What a Strike gets from the models and their wargear (`docs/rules/wargear.md` §0.2): who
strikes after a won Duel, how many Strikes, and each Strike's Strength, To Wound modifiers, re-roll
and number of rolls. The Combat makes its To Wound rolls from these; the odds count with them."""

from __future__ import annotations

from dataclasses import dataclass

from .battlefield import engaged_with
from .cavalry import lance_applies
from .characteristics import attacks, courage, in_challenge_with, strike_strength
from .duel import Plan, wields_two_handed
from .effects import held_by, to_wound_help
from .special_rules import against, shaped
from .special_rules.rolls import to_wound as wound_rules
from .special_rules.shapes import CountsAs, ExtraWounds
from .state import BattleState, Model, Part
from .terrain import slowing_piece
from .wargear import support_kind, unarmed
from .wounds import part_defence


def bane(striker: Model, target: Model) -> bool:
    """Each Wound becomes D3 Wounds: a bane weapon's rule (Orcrist's Goblinbane) against its keyword."""
    return any(
        shape.wounds == "d3" and against(use, target.profile) for use, shape in shaped(striker, ExtraWounds)
    )


def strikes_at_all(state: BattleState, model: Model, plan: Plan) -> bool:
    """A winner Strikes unless its side Shielded, it is Prone (it stands up instead) or held."""
    return model.side not in plan.shielding and not model.prone and held_by(state, model) is None


def strike_count(
    state: BattleState, striker: Model, opponents: list[Model], plan: Plan, supporting: bool
) -> int:
    """A supporter Strikes once; a fighter once per Attack, with its charge's extra Attack."""
    if supporting:
        return 1
    return attacks(state, striker, opponents) + (1 if striker.id in plan.charging else 0)


@dataclass(frozen=True)
class StrikeTerms:
    strength: int
    bonus: int
    """Added to each To Wound die: a Heroic Challenge, a two-handed weapon, a lance, a pike
    against a charging mount, Enchanted Blades; Unarmed takes 1 off."""
    reroll: bool
    reroll_ones: bool
    """Natural 1s re-rolled (Ancient Enemies, Poisoned Attacks), once, when they fail."""
    rolls: int
    """Two against a Trapped or Prone model, never more."""
    d3: bool
    wounds: int = 1
    """Wounds each Wound caused becomes (Mighty Blow: 2)."""
    defence: int = 0
    """The Defence the Strike is rolled against instead of the target's (Blades of the Dead), or 0."""
    six_wounds: int = 0
    """Wounds a Wound becomes when its To Wound roll shows a natural 6 (Cleaving Blow: 2), or 0."""
    why: tuple[str, ...] = ()
    """What makes up `bonus`, as the log names it ("Heroic Challenge +1")."""

    def amounts(self) -> tuple[int, ...]:
        """The Wounds one Wound caused may become, equally likely."""
        return (1, 2, 3) if self.d3 else (self.wounds,)


def strike_terms(
    state: BattleState,
    striker: Model,
    target: Model,
    part: Part,
    plan: Plan,
    trapped: bool,
    supporting: bool = False,
    opponents: list[Model] | None = None,
) -> StrikeTerms:
    reroll, helped, helper = to_wound_help(state, striker)
    fought = opponents if opponents is not None else engaged_with(state, striker)
    rules = wound_rules(
        striker,
        target,
        part,
        shot=False,
        trapped=trapped or target.prone,
        state=state,
        opponents=tuple(fought),
        in_difficult=slowing_piece(state, target) is not None,
    )
    adds: list[tuple[str, int]] = [(helper, helped)] if helped else []
    adds += rules.named  # Hatred, Backstabbers
    if in_challenge_with(state, striker, target):
        adds.append(("Heroic Challenge", 1))
    if not supporting and wields_two_handed(striker, striker.id in plan.two_handed):
        adds.append(("two-handed", 1))
    if lance_applies(state, striker, striker.id in plan.charged):
        adds.append(("lance", 1))
    if (
        part == "mount"
        and not supporting
        and target.charged == striker.id
        and support_kind(striker) == "pike"
    ):
        adds.append(
            ("pike against a mount", 1)
        )  # not for its supporters: house_rules.PIKE_BONUS_ONLY_CHARGED
    if unarmed(striker):
        adds.append(("unarmed", -1))
    bonus = sum(delta for _, delta in adds)
    return StrikeTerms(
        strike_strength(state, striker),
        bonus,
        reroll or rules.reroll_failed,
        rules.reroll_ones,
        2 if trapped or target.prone else 1,
        bane(striker, target),
        max(
            (
                shape.wounds
                for _, shape in shaped(striker, ExtraWounds)
                if isinstance(shape.wounds, int) and not shape.natural_six
            ),
            default=1,
        ),
        defence_from_courage(state, striker, target, part)
        or (
            part_defence(state, target, part, walled=True)
            if target.id in plan.walled and part == "rider"
            else 0
        ),
        max(
            (
                shape.wounds
                for _, shape in shaped(striker, ExtraWounds)
                if shape.natural_six and isinstance(shape.wounds, int)
            ),
            default=0,
        ),
        tuple(f"{name} {delta:+d}" for name, delta in adds),
    )


def defence_from_courage(state: BattleState, striker: Model, target: Model, part: Part) -> int:
    """Blades of the Dead: the part struck counts Defence 10 minus its Courage (at least 1), or 0."""
    if not any(shape.what == "defence_from_courage" for _, shape in shaped(striker, CountsAs)):
        return 0
    braveness = (
        courage(state, target) if part == "rider" or target.mount is None else target.mount.profile.courage
    )
    return max(1, 10 - braveness)
