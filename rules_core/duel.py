"""The Duel roll's numbers (`docs/rules/wargear.md` §0.2): who rolls how many dice, what each
die scores with its model's wargear, which side stands to win (the higher die, then the higher
Fight Value, supporters included), the roll-off and its Elven edge, and banners in range.

A Combat (in `combat`) and the odds (in `odds`) both read the roll through these, so a rule of the
Duel roll has this one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from .battlefield import can_see
from .characteristics import attacks, fight_value
from .effects import rolls_no_duel_dice
from .might import available
from .special_rules import shaped
from .special_rules.active import active
from .special_rules.shapes import BannerFor, CountsAs
from .state import BattleState, Model, Side, other
from .wargear import (
    carries,
    elven_weapon,
    must_fight_two_handed,
    no_two_handed_penalty,
    pike_penalty,
    unarmed,
)

BANNER_RANGE = 3.0
ROLLOFF_GOOD = 4
"""On a tie of dice and Fight Value, the player with Priority rolls a D6: this or more, Good wins."""
ELVEN_SHIFT = 1
"""An Elven weapon moves the roll-off one face its side's way (Good on 3+, Evil on 1-4)."""


@dataclass(frozen=True)
class Roller:
    """One model's dice in a Duel roll: how many, the score of each face, its Fight Value and the
    Might it may spend on them. A supporter rolls one die for the friend it supports."""

    model: str
    side: Side
    dice: int
    fight: int
    scores: tuple[int, int, int, int, int, int]
    might: int = 0
    supports: str = ""
    elven: bool = False

    def best(self, faces: list[int], boost: int = 0) -> int:
        """Its highest scoring die, raised by the Might spent on it (0 with no dice)."""
        return max((self.scores[f - 1] for f in faces), default=0) + (boost if faces else 0)


PLAIN = (1, 2, 3, 4, 5, 6)


def face_scores(two_handed: bool, penalty: int) -> tuple[int, int, int, int, int, int]:
    """What each face scores: a two-handed weapon takes 1 off every face but a natural 6; each
    other penalty (a banner bearer, a pike with a shield, Unarmed) 1 off every face; never below 1."""
    scores = [max(1, face - penalty - (1 if two_handed and face < 6 else 0)) for face in PLAIN]
    return (scores[0], scores[1], scores[2], scores[3], scores[4], scores[5])


def penalties(model: Model) -> list[str]:
    """Why each of the model's Duel dice scores one less (whatever the weapon it fights with)."""
    found = []
    if carries(model, "banner"):
        found.append("banner bearer")
    if pike_penalty(model):
        found.append("pike with a shield or missile weapon")
    if unarmed(model):
        found.append("Unarmed")
    return found


def wields_two_handed(model: Model, chosen: bool) -> bool:
    """Whether the model fights two-handed: it chose to, or its only melee weapon is two-handed."""
    return chosen or must_fight_two_handed(model)


@dataclass(frozen=True)
class Plan:
    """What the sides declared for one Combat before the dice: who Shields, who fights
    two-handed, who supports whom, and which cavalry models have their charge bonuses."""

    shielding: frozenset[Side] = frozenset()
    two_handed: frozenset[str] = frozenset()
    supports: tuple[tuple[str, str], ...] = ()
    charged: frozenset[str] = frozenset()
    """Models that charged into this Combat this turn (a lance counts then)."""
    charging: frozenset[str] = frozenset()
    """Cavalry models among them that keep their charge bonuses."""
    walled: frozenset[str] = frozenset()
    """Models whose Shieldwall gives +1 Defence for the Combat's Strikes, settled before anyone
    Backs Away."""


def duel_attacks(state: BattleState, model: Model, opponents: list[Model], plan: Plan) -> int:
    """Dice a fighter rolls: its Attacks (a Heroic Challenge's +1 included), +1 for a cavalry
    charge, all doubled when its side Shields (house rule: the bonuses before the doubling)."""
    if rolls_no_duel_dice(state, model):
        return 0
    count = attacks(state, model, opponents) + (1 if model.id in plan.charging else 0)
    return count * 2 if model.side in plan.shielding else count


def rollers(
    state: BattleState, fighters: list[Model], opponents_of: dict[str, list[Model]], plan: Plan
) -> list[Roller]:
    """Every Roller of a Combat, each fighter followed by its supporters (in the order they roll)."""
    found: list[Roller] = []
    supporting = dict(plan.supports)
    for model in fighters:
        opponents = opponents_of[model.id]
        found.append(_roller(state, model, opponents, duel_attacks(state, model, opponents, plan), plan))
        friend = model.id
        while True:
            behind = next((s for s, f in supporting.items() if f == friend), None)
            if behind is None:
                break
            found.append(_roller(state, state.model(behind), opponents, 1, plan, supports=friend))
            friend = behind
    return found


def _roller(
    state: BattleState, model: Model, opponents: list[Model], dice: int, plan: Plan, supports: str = ""
) -> Roller:
    shielding = model.side in plan.shielding and not supports
    two_handed = (
        not supports
        and not shielding
        and wields_two_handed(model, model.id in plan.two_handed)
        and not no_two_handed_penalty(model)
        and not any(shape.what == "no_two_handed_penalty" for _, shape in active(state, model, CountsAs))
    )
    return Roller(
        model.id,
        model.side,
        dice,
        fight_value(state, model, opponents),
        face_scores(two_handed, len(penalties(model))),
        available(model, "might") if model.is_hero else 0,
        supports,
        elven=elven_weapon(model) and not shielding,
    )


def side_fight(rolls: list[Roller], side: Side) -> int:
    """The side's Fight Value for a tie: its highest, supporters included."""
    return max((r.fight for r in rolls if r.side == side), default=0)


def rolloff_good_from(rolls: list[Roller]) -> int:
    """The roll-off face from which Good wins: 4, or 3 / 5 when only one side fights with an
    Elven weapon (house rule for a Multiple Combat: any of its models, a supporter included)."""
    elven = {r.side for r in rolls if r.elven}
    if elven == {"good"}:
        return ROLLOFF_GOOD - ELVEN_SHIFT
    if elven == {"evil"}:
        return ROLLOFF_GOOD + ELVEN_SHIFT
    return ROLLOFF_GOOD


def standing(best: dict[Side, int], fight: dict[Side, int]) -> Side | None:
    """Who wins as the dice stand: the higher die, then the higher Fight Value; None: a roll-off."""
    if best["good"] != best["evil"]:
        return "good" if best["good"] > best["evil"] else "evil"
    if fight["good"] != fight["evil"]:
        return "good" if fight["good"] > fight["evil"] else "evil"
    return None


def reroll_order(now: Side | None, without_priority: Side) -> list[Side]:
    """Who may re-roll a banner's die first (house_rules.BANNER_ORDER): the side losing as the dice
    stand (only it: the winner has no need), on a tie the side without Priority, then the other."""
    if now is not None:
        return [other(now)]
    return [without_priority, other(without_priority)]


def banner_for(state: BattleState, side: Side, models: list[Model]) -> Model | None:
    """A standing friendly banner bearer within 3" of one of the side's models in the Combat
    (fighting or supporting) that can see it; or a friend whose special rule makes it a banner to
    such a model (of its range and for the keywords it names)."""
    for bearer in state.army_models(side):
        if bearer.prone:
            continue
        reaches: list[tuple[float, tuple[str, ...]]] = (
            [(BANNER_RANGE, ())] if carries(bearer, "banner") else []
        )
        reaches += [(shape.reach, shape.keywords) for _, shape in shaped(bearer, BannerFor)]
        for reach, keywords in reaches:
            for model in models:
                if model.side == side and (
                    (model.id == bearer.id and not keywords)
                    or (
                        model.id != bearer.id
                        and set(keywords) <= set(model.profile.keywords)
                        and model.distance_to(bearer) <= reach + 1e-9
                        and can_see(state, model, bearer)
                    )
                ):
                    return bearer
    return None
