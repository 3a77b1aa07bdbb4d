"""The bot's moves, charges and shots in a mass battle: stands and the heroes with them."""

from __future__ import annotations

import math
from collections.abc import Iterator

from ..engine import dry_run
from ..errors import RuleViolation
from ..frame import Action
from ..mass_battle.combat import combat_setup, pre_roll_odds
from ..mass_battle.state import MassState, Stand
from .reading import fate_share, outcomes
from .thinking import Idea, Mind

FIGHTING_HEROICS = {"heroic_strike": 2.0, "heroic_combat": 1.5}
"""The Fight phase's Heroic Actions the captain declares where his stand fights, by preference:
a Heroic Strike adds a D3 to the combat's total, a Heroic Combat may reach a second one."""
CONTROL_GAP = 4.5
"""How far short of an enemy stand a move stops (its control zone is entered only by charging)."""


class MassMind(Mind):
    @property
    def mass(self) -> MassState:
        assert isinstance(self.state, MassState)
        return self.state

    def enemy_stands(self) -> list[Stand]:
        return [s for s in self.mass.stands.values() if s.on_board and s.side != self.side]

    def friendly_stands(self) -> list[Stand]:
        return [s for s in self.mass.stands.values() if s.on_board and s.side == self.side]

    def might_in(self, stand: Stand) -> int:
        return len(self.mass.attached(stand.id))

    def stand_goal(self, stand: Stand) -> tuple[tuple[float, float], bool]:
        places = [(p, False) for p in self.objectives()]
        places += [((e.x, e.y), True) for e in self.enemy_stands()]
        if not places:
            return (stand.x, stand.y), False
        return min(places, key=lambda place: math.dist(place[0], (stand.x, stand.y)))

    # -- stands -------------------------------------------------------------------------------

    def weigh_move_stand(self, action: Action) -> Iterator[Idea]:
        stand = self.mass.stands.get(str(action.command.get("stand")))
        if stand is None:
            return
        reach = float(action.params["via"]["max_length"])
        goal, is_enemy = self.stand_goal(stand)
        dx, dy = goal[0] - stand.x, goal[1] - stand.y
        gap = math.hypot(dx, dy)
        room = gap - (CONTROL_GAP + stand.stats.depth if is_enemy else 0.0)
        if room < 0.3 or gap < 1e-6:
            return
        facing = math.degrees(math.atan2(dx, dy)) % 360
        for share in (0.95, 0.7, 0.45, 0.2):
            length = min(reach * share, room)
            end = [stand.x + dx / gap * length, stand.y + dy / gap * length]
            for turn_to, cost in ((facing, 0.0), (stand.facing, 0.1)):
                score = 1.0 + length / max(reach, 1.0) - cost
                if self.captain:
                    score -= self.stand_straggling(stand, end) + self.stand_danger(stand, end)
                yield self.idea(score, action, "advances towards " + ("the enemy" if is_enemy else "an objective"),
                                via=[end], facing=round(turn_to, 1))  # fmt: skip

    def stand_danger(self, stand: Stand, end: list[float]) -> float:
        """The captain does not stop where a stronger enemy stand could charge his."""
        for enemy in self.enemy_stands():
            reach = enemy.stats.move + enemy.stats.depth + stand.stats.depth
            if math.dist(end, (enemy.x, enemy.y)) <= reach and self.edge(enemy, stand) > 1:
                return 0.9
        return 0.0

    def stand_straggling(self, stand: Stand, end: list[float]) -> float:
        friends = [s for s in self.friendly_stands() if s.id != stand.id]
        if not friends:
            return 0.0
        nearest = min(math.dist(end, (s.x, s.y)) for s in friends)
        return 0.0 if nearest <= 8.0 else min(0.8, (nearest - 8.0) / 12)

    def weigh_charge(self, action: Action) -> Iterator[Idea]:
        stand = self.mass.stands.get(str(action.command.get("stand")))
        target = self.mass.stands.get(str(action.command.get("target")))
        if stand is None or target is None or target.side == self.side:
            return
        dares = (
            float(action.odds["dares_to_charge"]["p"])
            if action.odds and "dares_to_charge" in action.odds
            else 1.0
        )
        edge = self.edge(stand, target)
        if self.captain:
            looked = self.combat_after(action)
            if looked is not None:
                edge = looked / 10
            if edge <= 0.05 or dares < 0.5:
                return
        elif edge < 0:
            return
        yield self.idea(5.0 + edge * dares, action, f"charges {target.name}")

    def edge(self, stand: Stand, target: Stand) -> float:
        """The charger's lead in Combat Factor, with the charge's +1 and a point for each hero."""
        mine = stand.stats.combat_factor + 1 + self.might_in(stand)
        return float(mine - target.stats.combat_factor - self.might_in(target))

    def combat_after(self, action: Action) -> float | None:
        """What the combat the charge brings about is worth, its odds worked out as the Fight
        phase will (on a copy of the battle with the charge made, none of its dice rolled); None
        when the charge cannot be seen through without a die (a Terror test)."""
        try:
            after = dry_run(self.mass, self.side, self.filled(action, {}))
        except RuleViolation:
            return None
        state = after.state
        if after.stopped_for or not isinstance(state, MassState):
            return None
        ours, theirs = str(action.command["stand"]), str(action.command["target"])
        pair = (ours, theirs) if self.side == "good" else (theirs, ours)
        try:
            setup = combat_setup(state, pair, [])
        except (KeyError, ValueError, AssertionError):
            return None
        return self.reader.odds_value(pre_roll_odds(state, setup, pair))

    def weigh_shoot(self, action: Action) -> Iterator[Idea]:
        """Every outcome of a shot happens to its target: the most it may take from it."""
        target = self.mass.stands.get(str(action.command.get("target")))
        if target is None or action.odds is None:
            return
        worth = float(target.points or 20)
        value = sum(float(o["p"]) * worth * fate_share(str(o["label"])) for o in outcomes(action.odds))
        if value > 0:
            yield self.idea(2.0 + value / 10, action, "the shot likeliest to hurt")

    # -- heroes ------------------------------------------------------------------------------

    def weigh_declare(self, action: Action) -> Iterator[Idea]:
        """The captain's Heroic Actions: a Heroic Strike (or Combat) where his stand fights, a
        Heroic Move to charge first when the enemy has Priority and is within reach."""
        if not self.captain:
            return
        kind = str(action.command.get("action", ""))
        hero = self.mass.models.get(str(action.command.get("hero")))
        stand = self.mass.stand_of(hero) if hero is not None else None
        if stand is None:
            return
        if kind in FIGHTING_HEROICS:
            yield self.idea(
                FIGHTING_HEROICS[kind], action, f"a {kind.replace('_', ' ').title()} where its stand fights"
            )
        elif kind == "heroic_move" and self.mass.priority != self.side and self.enemy_in_reach(stand):
            yield self.idea(2.0, action, "a Heroic Move to charge first")

    def enemy_in_reach(self, stand: Stand) -> bool:
        reach = stand.stats.move + stand.stats.depth + 2.0
        return any(math.dist((e.x, e.y), (stand.x, stand.y)) <= reach for e in self.enemy_stands())

    def weigh_attach(self, action: Action) -> Iterator[Idea]:
        stand = self.mass.stands.get(str(action.command.get("stand")))
        if stand is not None and stand.side == self.side:
            yield self.idea(2.0 - 0.01 * self.might_in(stand), action, f"joins {stand.name}")

    def weigh_move_hero(self, action: Action) -> Iterator[Idea]:
        """A loose hero goes to his nearest friendly stand (to join it), else towards the enemy."""
        hero = self.mass.models.get(str(action.command.get("hero")))
        if hero is None:
            return
        reach = float(action.params["path"]["max_length"])
        friends = self.friendly_stands()
        if friends:
            goal = min(friends, key=lambda s: math.dist((s.x, s.y), hero.pos))
            gx, gy = goal.x, goal.y - goal.stats.depth if hero.side == "good" else goal.y + goal.stats.depth
        else:
            (gx, gy), _ = self.goal_of(hero.pos)
        dx, dy = gx - hero.x, gy - hero.y
        gap = math.hypot(dx, dy)
        if gap < 0.5:
            return
        for share in (0.95, 0.6, 0.3):
            length = min(reach * share, gap)
            yield self.idea(1.0 + share / 2, action, "goes to lead a stand",
                            path=[[hero.x + dx / gap * length, hero.y + dy / gap * length]])  # fmt: skip

    def weigh_detach(self, action: Action) -> Iterator[Idea]:
        return iter(())

    def weigh_place_escaped(self, action: Action) -> Iterator[Idea]:
        """Back with a friendly stand if he can; else loose, at the first free spot of a grid over
        the area he may stand in, nearest its middle first."""
        points = [name for name, spec in action.params.items() if spec["type"] == "point"]
        if not points:
            yield self.idea(1.0, action, "escapes to a friendly stand")
            return
        x0, y0, x1, y1 = action.params[points[0]]["zone"]
        grid = [(x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * j / 6) for i in range(7) for j in range(7)]
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        for n, spot in enumerate(sorted(grid, key=lambda p: math.dist(p, middle))):
            yield self.idea(0.9 - n * 0.001, action, "escapes", **{points[0]: list(spot)})
