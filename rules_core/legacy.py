"""What the referee did in earlier editions, kept so that a battle set up then (a battle record,
or a battle still in play) goes on exactly as it was played (`BattleState.edition`).

Edition 1, before terrain had kinds, heights and tests; edition 2 corrects each of these
(`docs/rules/terrain.md` §0.3):

- difficult ground was charged on the path's centre line, not while any part of the base is in it;
- In The Way were only pieces that do not block sight crossed by the line between the two centres,
  and never a model touching the shooter or the target;
- a shot into a combat that missed its target hit a random friend of the shooter's in it.

Edition 2 laid a scenario's Warband out in a grid of touching-close bases, so that a model inside it
could not leave before its neighbours had moved; edition 3 leaves a base's width between them
(`scenarios.layout.lay_out`).

Edition 3 put a mass-battle hero who leaves his stand without naming an edge at its rear first;
edition 4 at its front first (`mass_battle.loose.DETACH_EDGES`, docs/rules/mass-battle.md §6.3).

Up to edition 3 a model's Strikes were rolled one at a time, Might asked after each failed roll
before the next was rolled (`strike_at.StrikeAt` for every Strike); edition 4 rolls a model's
Strikes on one enemy on foot together and asks Might with every die known (`strike_rolls`).

Up to edition 3 a scenario's "reduced to a quarter" counted every model left, a mount without its
rider too; edition 4 counts the models as the army started with them (`BattleState.models_left`).
"""

from __future__ import annotations

from itertools import pairwise

from .frame import Ctx
from .geometry import (
    BASE_CONTACT,
    Point,
    dist,
    length_inside,
    point_in_polygon,
    point_segment_distance,
    segment_crosses_polygon,
)
from .state import BattleState, Model, Side

EDITION = 4
"""The edition of the rules a battle set up now is played by."""
TERRAIN_EDITION = 2
"""The first edition with terrain's kinds, heights and tests (edition 1's rules are here)."""
LAYOUT_EDITION = 3
"""The first edition that lays a Warband out with room for each model to leave."""
DETACH_EDITION = 4
"""The first edition that steps a mass-battle hero out at his stand's front when no edge is named."""
STRIKES_EDITION = 4
"""The first edition that rolls a model's Strikes on one enemy together, Might after all the dice."""
QUARTER_EDITION = 4
"""The first edition whose scenario quarter leaves out a mount without its rider."""


def models_standing(state: BattleState, side: Side) -> int:
    """Up to edition 3: a side's models left for a scenario's quarter, a riderless mount too."""
    return len(state.army_models(side))


def centre_line_difficult(state: BattleState, points: list[Point]) -> float:
    """Edition 1: the length of the path's centre line inside difficult pieces."""
    return sum(
        length_inside(a, b, piece.polygon)
        for piece in state.terrain
        if piece.difficult
        for a, b in pairwise(points)
    )


def obstructions(state: BattleState, shooter: Model, target: Model) -> list[tuple[float, str, str]]:
    """Edition 1's In The Way, nearest first: (distance, "terrain"|"model", id)."""
    start, end = shooter.pos, target.pos
    found: list[tuple[float, str, str]] = []
    for piece in state.terrain:
        if (
            piece.blocks_sight
            or point_in_polygon(start, piece.polygon)
            or point_in_polygon(end, piece.polygon)
        ):
            continue
        if segment_crosses_polygon(start, end, piece.polygon):
            nearest = min(dist(start, corner) for corner in piece.polygon)
            found.append((nearest, "terrain", piece.id))
    for model in state.models.values():
        if not model.on_board or model.id in (shooter.id, target.id):
            continue
        if model.distance_to(shooter) <= BASE_CONTACT or model.distance_to(target) <= BASE_CONTACT:
            continue
        if point_segment_distance(model.pos, start, end) < model.radius:
            found.append((dist(start, model.pos), "model", model.id))
    found.sort()
    return found


def random_friend(ctx: Ctx, friends: list[Model], roller: str) -> Model:
    """Edition 1's friend hit by a shot into a combat: a fair D6 pick (faces that would bias it re-rolled)."""
    count = len(friends)
    if count <= 1:
        return friends[0]
    if count > 6:
        raise ValueError("a random pick handles at most six choices")
    usable = 6 - 6 % count
    while True:
        face = ctx.dice.d6("random_model", roller)
        if face <= usable:
            return friends[(face - 1) % count]
