"""Whole mass battles for the referee's tests: the spec's fixture stands and heroes (§17) placed on
the board, each side's General loose at the middle of its rear edge, out of every move's reach,
and a driver that plays commands with scripted dice and keeps every event."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from rules_core import ScriptedDice, apply, legal_actions, new_battle
from rules_core.dice import DiceExhausted
from rules_core.engine import Outcome
from rules_core.mass_battle.state import MassState

from .fixtures import (
    BOROMIR,
    BOWMEN,
    CAVE_TROLL,
    EOMER,
    EOWYN,
    GOBLIN_CAPTAIN,
    GOTHMOG,
    GRINNAH,
    HALETH,
    HAMA,
    MORDOR_ORC,
    WARRIOR_OF_MINAS_TIRITH,
    WARRIOR_OF_ROHAN,
    WITCH_KING,
    hero_profile,
)

PROFILES = [
    BOWMEN,
    WARRIOR_OF_ROHAN,
    WARRIOR_OF_MINAS_TIRITH,
    MORDOR_ORC,
    CAVE_TROLL,
    EOWYN,
    WITCH_KING,
    BOROMIR,
    GOTHMOG,
    EOMER,
    HALETH,
    HAMA,
    GOBLIN_CAPTAIN,
    GRINNAH,
]
KIND = {
    "BW": "Bowmen",
    "WR": "Warrior of Rohan",
    "MT": "Warrior of Minas Tirith",
    "MO": "Mordor Orc Warrior",
    "CT": "Cave Troll",
}
HEROES = {
    "eowyn": "Eowyn",
    "witch_king": "Witch-king of Angmar",
    "boromir": "Boromir of Gondor",
    "gothmog": "Gothmog",
    "eomer": "Eomer",
    "haleth": "Haleth",
    "hama": "Hama",
    "goblin_captain": "Goblin Captain",
    "grinnah": "Grinnah",
}
GENERAL = hero_profile("Captain of the Host", 80, 0, 0, 0, tier="legend")
EVERYWHERE = [0, 0, 72, 48]


def stand(
    ident: str, side: str, kind: str, x: float, y: float, facing: float, *heroes: str, **extra: Any
) -> dict[str, Any]:
    """A stand named after its id in capitals (A, B, ...) with the heroes attached to it."""
    return {
        "side": side,
        "id": ident,
        "name": ident.upper(),
        "profile": KIND[kind],
        "x": x,
        "y": y,
        "facing": facing,
        "heroes": list(heroes),
        **extra,
    }


def hero(
    ident: str,
    side: str,
    x: float | None = None,
    y: float | None = None,
    actions: tuple[str, ...] = (),
    **extra: Any,
) -> dict[str, Any]:
    """A fixture hero (loose at x, y, or attached when a stand lists him); `actions` are the
    specialised Heroic Actions his profile gives him."""
    name = HEROES.get(ident, ident)
    profile: Any = name
    if actions:
        profile = {**next(p for p in PROFILES if p["name"] == name), "heroic_actions": list(actions)}
    entry: dict[str, Any] = {"side": side, "id": ident, "profile": profile, "hero": True, **extra}
    if x is not None:
        entry.update(x=x, y=y)
    return entry


def setup(
    *pieces: dict[str, Any], turn_limit: int = 8, generals: bool = True, **extra: Any
) -> dict[str, Any]:
    """A mass-battle setup: stands and heroes (each with its "side"), deployment anywhere."""
    armies: dict[str, dict[str, Any]] = {
        side: {"name": side.capitalize(), "stands": [], "heroes": []} for side in ("good", "evil")
    }
    for piece in copy.deepcopy(pieces):
        side = piece.pop("side")
        armies[side]["heroes" if piece.pop("hero", False) else "stands"].append(piece)
    if generals:
        for side, y in (("good", 0.6), ("evil", 47.4)):
            armies[side]["heroes"].append(
                {"id": f"{side}_general", "profile": "Captain of the Host", "x": 70.0, "y": y}
            )
            armies[side]["general"] = f"{side}_general"
    return {
        "ruleset": "mass_battle",
        "profiles": [*PROFILES, GENERAL],
        "armies": armies,
        "deployment": {"good": EVERYWHERE, "evil": EVERYWHERE},
        "turn_limit": turn_limit,
        **extra,
    }


class Game:
    """A mass battle played command by command; every event is kept. Dice come from one script,
    consumed in order (`script`): a test scripts the faces, then plays up to the decision it wants."""

    def __init__(
        self,
        data: dict[str, Any],
        priority: str = "good",
        roll: tuple[int, int] = (6, 1),
        declare: bool = False,
        earlier: Callable[[MassState], None] | None = None,
    ) -> None:
        """Deploy, give `priority` Priority, and (unless the test `declare`s) pass the Move phase's
        Declare Heroic Actions step. `earlier` sets up what happened in earlier turns (losses)."""
        self.state: MassState = new_battle(data)  # type: ignore[assignment]
        if earlier is not None:
            earlier(self.state)
        self.events: list[dict[str, Any]] = []
        self.rolls: list[Any] = []
        self.script: list[int] = []
        self.play("good", {"type": "ready"})
        self.play("evil", {"type": "ready"}, list(roll))
        chooser = "good" if roll[0] > roll[1] else "evil"
        self.play(chooser, {"type": "priority", "side": priority})
        if not declare:
            self.pass_until("activate")

    def play(self, side: str, command: dict[str, Any], dice: list[int] | None = None) -> Outcome:
        """Apply one command; `dice` are added to the script first."""
        self.script += dice or []
        scripted = ScriptedDice(self.script)
        try:
            outcome = apply(self.state, side, command, scripted)
        except DiceExhausted as exc:
            raise AssertionError(f"{side} {command}: {exc}") from exc
        self.script = scripted.unused
        self.state = outcome.state  # type: ignore[assignment]
        self.events += outcome.events
        self.rolls += outcome.rolls
        return outcome

    def pass_until(self, kind: str, phase: str = "", limit: int = 40) -> None:
        """Pass every Declare Heroic Actions and challenge step, and finish moving and shooting,
        until the battle waits for a decision of `kind` (in `phase`, if given)."""
        for _ in range(limit):
            pending = self.state.pending
            if pending.kind == kind and (not phase or self.state.phase == phase):
                return
            assert pending.side is not None, pending
            offered = {a.command["type"] for a in legal_actions(self.state, pending.side)}
            done = next((c for c in ("pass", "end_moves", "end_shooting") if c in offered), None)
            assert done is not None, f"cannot pass {pending.kind}: {sorted(offered)}"
            self.play(pending.side, {"type": done})
        raise AssertionError(f"never reached {kind}")

    def kinds(self) -> list[str]:
        return [e["type"] for e in self.events]

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["type"] == kind]

    def losses(self, side: str) -> int:
        return self.state.losses(side)  # type: ignore[arg-type]

    def actions(self, side: str | None = None) -> list[dict[str, Any]]:
        side = side or self.state.pending.side
        assert side is not None
        return [a.to_dict() for a in legal_actions(self.state, side)]

    def at(self, piece: str) -> tuple[float, float]:
        found = self.state.stands.get(piece)
        if found is not None:
            return (round(found.x, 6), round(found.y, 6))
        model = self.state.models[piece]
        return (round(model.x, 6), round(model.y, 6))
