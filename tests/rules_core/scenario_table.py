"""A scenario's battle driven command by command: armies with Warbands, the pre-game, and the dice
each step rolls, given as the step is sent."""

from __future__ import annotations

from typing import Any

from rules_core import BattleState, ScriptedDice, apply, legal_actions, new_battle
from rules_core.record import Entry, build

from .builders import hero, profile

BOW = {"name": "Bow", "range": 24.0, "strength": 3}
SKIP = {
    "declare_heroic_action": {"type": "pass"},
    "activate": {"type": "end_moves"},
    "shoot": {"type": "end_shooting"},
}
"""What a side sends to let a step go by: no Heroic Action, no (more) moves, no (more) shots."""


def leader(name: str, **stats: Any) -> dict[str, Any]:
    """A Hero with no Might, Will or Fate, so no roll stops to ask about them."""
    return hero(name, might=0, will=0, fate=0, **{"wounds": 1, **stats})


def archer(name: str, **stats: Any) -> dict[str, Any]:
    return profile(name, **{"missile": BOW, **stats})


Unit = tuple[Any, ...]
"""A model's id, profile and (if it matters) points."""


def army(name: str, *warbands: list[Unit]) -> dict[str, Any]:
    """An army of Warbands, each a list of (id, profile[, points]) with its Captain first; the
    first Warband's Captain is the General."""
    return {
        "name": name,
        "models": [
            {"id": unit[0], "profile": unit[1], "points": unit[2] if len(unit) > 2 else 0}
            for warband in warbands
            for unit in warband
        ],
        "warbands": [{"captain": w[0][0], "followers": [f[0] for f in w[1:]]} for w in warbands],
        "general": warbands[0][0][0],
    }


def scenario_setup(
    key: str,
    good: dict[str, Any],
    evil: dict[str, Any],
    height: float = 48.0,
    terrain: list[Any] | None = None,
) -> dict[str, Any]:
    return {
        "board": {"width": 48.0, "height": height},
        "terrain": terrain or [],
        "armies": {"good": good, "evil": evil},
        "scenario": key,
    }


class Table:
    def __init__(self, setup: dict[str, Any]) -> None:
        self.setup = setup
        self.state: BattleState = new_battle(setup)
        self.dice = ScriptedDice()
        self.events: list[dict[str, Any]] = []
        self.entries: list[Entry] = []

    def send(self, side: str, command: dict[str, Any], *dice: int) -> list[dict[str, Any]]:
        """Apply one command; `dice` are the faces it (and what runs after it) rolls."""
        self.dice.script.extend(dice)
        outcome = apply(self.state, side, command, self.dice)  # type: ignore[arg-type]
        self.state = outcome.state
        self.events.extend(outcome.events)
        self.entries.append(Entry(side, dict(command), outcome.rolls))
        return outcome.events

    def record(self) -> dict[str, Any]:
        return build(self.setup, self.entries, self.state)

    @property
    def texts(self) -> list[str]:
        return [e["text"] for e in self.events]

    def deploy(self, places: dict[str, tuple[float, float]]) -> None:
        """Deploy every Warband, turn about, moving the models named to their places."""
        while self.state.pending.kind in ("choose_warband", "deploy"):
            side = str(self.state.pending.side)
            if self.state.pending.kind == "choose_warband":
                self.send(side, legal_actions(self.state, side)[0].command)  # type: ignore[arg-type]
                continue
            todo = [m for m in self.state.pending.detail["models"] if m in places]
            while todo:
                moved = []
                for model_id in todo:
                    try:
                        self.send(side, {"type": "place", "model": model_id, "at": list(places[model_id])})
                        moved.append(model_id)
                    except ValueError:
                        continue  # another model stands there yet: place it after that one moves
                assert moved, f"cannot place {todo}"
                todo = [m for m in todo if m not in moved]
            self.send(side, {"type": "ready"})

    def begin(
        self,
        places: dict[str, tuple[float, float]],
        rolloff: tuple[int, int] = (6, 1),
        zone: str = "south",
        priority: tuple[int, int] = (6, 1),
        markers: list[tuple[float, float]] = (),  # type: ignore[assignment]
        picks: dict[str, dict[str, str]] | None = None,
        deployment_rolls: tuple[int, ...] = (),
        other_zone: str = "",
    ) -> None:
        """The pre-game: the roll-off (Good wins with the default dice), markers, the zone the
        winner chooses, picks, deployment; then the Priority roll (Good takes Priority)."""
        if markers:
            self.send("good", {"type": "roll_off"}, 6, 1)
            for number, at in enumerate(markers, start=1):
                last = rolloff if number == len(markers) else ()  # the deployment roll-off follows
                self.send(str(self.state.pending.side), {"type": "place_marker", "at": list(at)}, *last)
        else:
            self.send("good", {"type": "roll_off"}, *rolloff)
        self.send(str(self.state.pending.side), {"type": "choose_zone", "zone": zone})
        if other_zone:  # split corners: the other player says which of its corners is A
            self.send(str(self.state.pending.side), {"type": "choose_zone", "zone": other_zone})
        for side, chosen in (picks or {}).items():
            assert self.state.pending.kind == "pick" and self.state.pending.side == side
            self.send(side, {"type": "pick", **chosen})
        self.dice.script.extend(deployment_rolls)
        self.dice.script.extend(priority)
        self.deploy(places)
        assert self.state.pending.kind == "choose_priority", self.state.pending
        self.send(str(self.state.pending.side), {"type": "priority", "side": "good"})

    def skip(self, until: str = "", *dice: int) -> None:
        """Let steps go by (no Heroic Actions, moves or shots) until the battle waits for `until`
        (a kind of decision) or is over."""
        self.dice.script.extend(dice)
        while (
            self.state.result is None and self.state.pending.kind in SKIP and self.state.pending.kind != until
        ):
            side = str(self.state.pending.side)
            self.send(side, SKIP[self.state.pending.kind])

    def shoot(self, side: str, shooter: str, target: str, *dice: int) -> None:
        self.skip("shoot")
        assert self.state.pending.side == side, self.state.pending
        self.send(side, {"type": "shoot", "model": shooter, "target": target}, *dice)

    def move(self, side: str, model: str, *path: tuple[float, float]) -> None:
        self.skip("activate")
        assert self.state.pending.side == side, self.state.pending
        self.send(side, {"type": "move", "model": model, "path": [list(p) for p in path]})

    def vp(self) -> dict[str, int] | None:
        result = self.state.result
        return None if result is None else result.vp
