"""A battle's clock at the table: read from the battle's own timestamps (its `created_at`, each step's
`created_at` and the decision it left waiting) by the referee's arithmetic (`rules_core.clock`), so
it is the same in every server process and after a restart, and never the browser's.

A process keeps the clocks of each battle's latest step (`ClockCache`), read on by one step at a
time as steps are published; a miss (another process moved the battle on, a restart, a takeback
giving time back) reads the whole battle's timestamps again, which gives the same clocks.
Claiming the win on time is a step of the battle (battles/play/claims.py).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.utils import timezone

import rules_core
from rules_core import side_name
from rules_core.clock import NO_CLOCK, Clocks, TimeControl, read_control, run, tick_of

from .models import Battle, BattleEvent


def control_of(setup: dict[str, Any]) -> TimeControl:
    """A setup's time control; a setup stored with an unreadable one plays without a clock."""
    try:
        return read_control(setup.get("clock"))
    except Exception:
        return NO_CLOCK


def seconds(moment: datetime) -> float:
    return moment.timestamp()


def iso(moment: float | None) -> str | None:
    return None if moment is None else datetime.fromtimestamp(moment, UTC).isoformat()


class ClockCache:
    """Each battle's clocks after its latest step in this process, keyed by its public id and version
    (so a battle another process moved on, or a new battle reusing an id, is read afresh); and each
    battle's time control (a battle's setup never changes), so a battle without a clock costs no
    query to publish."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.controls: OrderedDict[int, tuple[str, TimeControl]] = OrderedDict()
        self.readings: OrderedDict[int, tuple[str, int, Clocks]] = OrderedDict()
        self.lock = threading.Lock()

    def control(self, battle: Battle) -> TimeControl:
        with self.lock:
            known = self.controls.get(battle.id)
        if known is not None and known[0] == battle.public_id:
            return known[1]
        control = control_of(Battle.objects.filter(pk=battle.pk).values_list("setup", flat=True).get())
        self._keep(self.controls, battle.id, (battle.public_id, control))
        return control

    def clocks(self, battle: Battle, latest: BattleEvent | None = None) -> Clocks | None:
        """The battle's clocks after its latest step (`latest`, when the caller has it), or None
        for a battle without a clock."""
        control = self.control(battle)
        if not control.timed:
            return None
        with self.lock:
            known = self.readings.get(battle.id)
        if known is not None and known[:2] == (battle.public_id, battle.version):
            return known[2]
        if (
            known is not None
            and latest is not None
            and known[:2] == (battle.public_id, latest.seq - 1)
            and latest.seq == battle.version
        ):
            tick = tick_of(
                seconds(latest.created_at), latest.command, latest.events, latest.pending.get("side")
            )
            if tick.restore is None:
                clocks = known[2].after(tick)
                self._keep(self.readings, battle.id, (battle.public_id, battle.version, clocks))
                return clocks
        clocks = read_clocks(battle, control)
        self._keep(self.readings, battle.id, (battle.public_id, battle.version, clocks))
        return clocks

    def _keep(self, table: OrderedDict[int, Any], key: int, value: Any) -> None:
        with self.lock:
            table[key] = value
            table.move_to_end(key)
            while len(table) > self.size:
                table.popitem(last=False)


def read_clocks(battle: Battle, control: TimeControl) -> Clocks:
    """The clocks after the battle's latest step, read from all its timestamps."""
    rows = BattleEvent.objects.filter(battle_id=battle.id, seq__lte=battle.version).order_by("seq")
    ticks = [
        tick_of(seconds(at), command, events, pending.get("side"))
        for at, command, events, pending in rows.values_list("created_at", "command", "events", "pending")
    ]
    created, setup = Battle.objects.filter(pk=battle.pk).values_list("created_at", "setup").get()
    first = rules_core.new_battle(setup).pending.side  # whose decision the battle waited for when made
    return run(control, seconds(created), first, ticks)[-1]


cache = ClockCache()


@dataclass(frozen=True)
class SideClock:
    side: str
    name: str
    left: float
    running: bool
    flagged: bool

    @property
    def text(self) -> str:
        return clock_text(self.left)


def clock_text(left: float) -> str:
    """Seconds left as a player reads them: 1:05:09, 4:09; 2 d 3 h beyond a day."""
    whole = int(left)
    days, rest = divmod(whole, 86_400)
    hours, rest = divmod(rest, 3_600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


@dataclass
class ClockView:
    """What an audience sees of the clock: both sides' time left, whose runs, the flags, and for a
    seat whether it may claim the win."""

    clocks: Clocks
    audience: str
    now: float

    @property
    def control(self) -> TimeControl:
        return self.clocks.control

    @property
    def sides(self) -> list[SideClock]:
        read = self.clocks.at(self.now)
        return [
            SideClock(side, side_name(side), read.left[side], read.running == side, side in read.flagged)
            for side in ("good", "evil")
        ]

    def of(self, side: str | None) -> SideClock | None:
        """The clock of `side` (None for none)."""
        return next((c for c in self.sides if c.side == side), None)

    @property
    def waiting(self) -> SideClock | None:
        """The clock of the side whose decision the battle waits for."""
        return self.of(self.clocks.running)

    @property
    def may_claim(self) -> bool:
        side = self.audience
        return side in ("good", "evil") and self.clocks.may_claim(side, self.now)  # type: ignore[arg-type]

    @property
    def claims(self) -> bool:
        """The seat could claim once the other side's time runs out (the page offers it then), while
        the battle goes on."""
        return (
            self.audience in ("good", "evil")
            and self.control.out_of_time == "claim"
            and self.clocks.running is not None
        )

    @property
    def summary(self) -> str:
        control = self.control
        if control.kind == "correspondence":
            kind = f"Correspondence: {control.days} day{'s' if control.days != 1 else ''} a decision"
        else:
            kind = f"Chess clock: {clock_text(control.total)}"
            if control.increment:
                kind += f" + {control.increment} s a turn"
        then = (
            "the opponent may claim the win"
            if control.out_of_time == "claim"
            else "the battle goes on, flagged"
        )
        return f"{kind}; out of time, {then}."

    def to_json(self) -> dict[str, Any]:
        reading = self.clocks.to_dict(self.now)
        reading["flagged"] = {side: iso(at) for side, at in reading["flagged"].items()}
        return {**reading, "as_of": iso(self.now), "may_claim": self.may_claim}


def clock_view(battle: Battle, audience: str, latest: BattleEvent | None = None) -> ClockView | None:
    """The clock as `audience` sees it: read now, or with the step being pushed (`latest`) as of
    that step, so every socket and every server process is sent the same reading of it."""
    clocks = cache.clocks(battle, latest)
    if clocks is None:
        return None
    at = latest.created_at if latest is not None and latest.seq == battle.version else timezone.now()
    return ClockView(clocks, audience, seconds(at))


def record_clock(battle: Battle) -> dict[str, Any] | None:
    """The clock's reading now, as the battle record carries it (flags as ISO times)."""
    view = clock_view(battle, "spectator")
    if view is None:
        return None
    reading = view.to_json()
    del reading["may_claim"]
    return reading
