"""End to end: bots play battles over websockets against real Daphne servers, Beacon's or the floor's.

Each battle has two player sockets and S spectator sockets, all `?format=json`. The player whose
decision it is sends a legal action (a pass or another parameterless choice when there is one) with
the expected version; the step counts when the last socket of that battle has received it. Its
latency runs from the player's send to that last arrival. Battles play side by side for a fixed
time, so every scenario stops by itself.

The floor (tests/bench/floor.py) relays each message to its group and nothing else. Its bots play
the same game with the same sockets: the player sends the step itself (the next seq, whose turn
it is, the same actions and a payload as large as Beacon's steps), and every socket receives it.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tests.bench.stack import cpu_seconds
from tests.livestack import DaphneServer

SIDES = ("good", "evil")
PREFERRED_KINDS = (
    "pass",
    "ready",
    "end_moves",
    "end_shooting",
    "keep",
    "no_resist",
    "take",
    "stand",
    "priority",
)
"""The bots' choices, best first: declaring nothing and ending phases keeps a battle going for ever."""
CONNECTS_AT_ONCE = 20
STEP_TIMEOUT = 30.0


def choose(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """A legal command: a preferred parameterless action, else the first one offered (filled in)."""
    simple = [a for a in actions if not required_params(a)]
    for kind in PREFERRED_KINDS:
        for action in simple:
            if action["kind"] == kind:
                return dict(action["command"])
    action = simple[0] if simple else actions[0]
    command = dict(action["command"])
    for name in required_params(action):
        spec = action["params"][name]
        if spec["type"] == "choice":
            command[name] = spec["options"][0]["value"]
        elif spec["type"] == "int":
            command[name] = spec["min"]
        else:
            raise RuntimeError(f"the bench bot cannot fill a {spec['type']} for {action['kind']}")
    return command


def required_params(action: dict[str, Any]) -> list[str]:
    return [name for name, spec in action.get("params", {}).items() if "default" not in spec]


# What the bots talk to -----------------------------------------------------------------------------


@dataclass
class BeaconBattle:
    public_id: str
    tokens: dict[str, str]


class Beacon:
    """Battles on Beacon: sockets at /ws/battles/<id>/, a view on connect, commands out."""

    name = "beacon"
    sends_view = True

    def __init__(self, battles: list[BeaconBattle]) -> None:
        self.battles = battles

    def path(self, battle: int, role: str) -> str:
        b = self.battles[battle]
        token = f"&seat={b.tokens[role]}" if role in SIDES else ""
        return f"/ws/battles/{b.public_id}/?format=json{token}"

    def message(self, seq: int, side: str, command: dict[str, Any]) -> str:
        return json.dumps(
            {"type": "command", "id": str(uuid.uuid4()), "expected_version": seq, "command": command}
        )


def create_battles(count: int) -> list[BeaconBattle]:
    """Demo battles past deployment (the demo armies stand ready in their zones), waiting for priority."""
    from battles.models import Battle
    from battles.play.create import create_battle
    from battles.play.submit import submit
    from tests.battles.demos import demo_setup

    made = []
    for n in range(count):
        battle = create_battle(f"Bench battle {n + 1}", demo_setup())
        while (pending := battle.load_state().pending).kind == "deploy" and pending.side is not None:
            submit(battle.id, pending.side, {"type": "ready"})
            battle = Battle.objects.get(pk=battle.id)
        made.append(BeaconBattle(battle.public_id, {s.side: s.token for s in battle.seats.all()}))
    return made


class Floor:
    """Rooms on the bare relay: the player sends the step that every socket of the room receives."""

    sends_view = False
    ACTIONS = [{"kind": "pass", "label": "Pass", "command": {"type": "pass"}, "params": {}, "group": ""}]

    def __init__(self, payload_bytes: int, lean: bool = False) -> None:
        self.padding = "x" * max(0, payload_bytes - 200)
        self.name = "lean_floor" if lean else "floor"
        self.route = "lean" if lean else "floor"

    def path(self, battle: int, role: str) -> str:
        return f"/ws/{self.route}/b{battle}/"

    def message(self, seq: int, side: str, command: dict[str, Any]) -> str:
        other = "evil" if side == "good" else "good"
        step = {
            "type": "step",
            "seq": seq + 1,
            "id": str(uuid.uuid4()),
            "side": side,
            "command": command,
            "pending": {"side": other, "kind": "declare_heroic_action"},
            "actions": self.ACTIONS,
            "padding": self.padding,
        }
        return json.dumps(step)


System = Beacon | Floor


# The bots ------------------------------------------------------------------------------------------


class StepFailed(Exception):
    pass


class Client:
    """One socket: a player's or a spectator's. A reader task hands every step to its table."""

    def __init__(self, table: Table, role: str, url: str, origin: str) -> None:
        self.table, self.role, self.url, self.origin = table, role, url, origin
        self.socket: Any = None
        self.reader: asyncio.Task[None] | None = None

    async def open(self, sends_view: bool) -> None:
        from websockets.asyncio.client import connect

        self.socket = await connect(
            self.url,
            origin=self.origin,
            proxy=None,
            compression=None,
            max_size=None,  # type: ignore[arg-type]
        )
        if sends_view:
            while True:
                message = json.loads(await self.socket.recv())
                if message["type"] == "view":
                    self.table.saw(self.role, message)
                    break
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in self.socket:
                arrived = time.perf_counter()
                message = json.loads(raw)
                kind = message["type"]
                if kind == "step":
                    self.table.arrived(self, message, arrived, len(raw))
                elif kind == "error":
                    self.table.failed(f"{self.role}: {message['code']}: {message['message']}")
        except ConnectionClosed:
            pass

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.socket is not None:
            await self.socket.close()


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    finished: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    step_bytes: int = 0
    step_messages: int = 0


class Table:
    """One battle as its bots play it: whose decision it is, and which sockets have each step."""

    def __init__(self, system: System, index: int, stats: Stats) -> None:
        self.system, self.index, self.stats = system, index, stats
        self.clients: list[Client] = []
        self.seq = 0
        self.pending: str | None = "good"
        self.actions: dict[str, list[dict[str, Any]]] = {side: list(Floor.ACTIONS) for side in SIDES}
        self.waiting_for = -1
        self.received = 0
        self.done: asyncio.Future[float] | None = None

    def saw(self, role: str, message: dict[str, Any]) -> None:
        """A view or step: the battle's seq, whose decision it is, and a player's actions."""
        self.seq = max(self.seq, message["seq"])
        self.pending = message["pending"]["side"]
        if role in SIDES:
            self.actions[role] = message.get("actions") or []

    def arrived(self, client: Client, message: dict[str, Any], when: float, size: int) -> None:
        self.stats.step_bytes += size
        self.stats.step_messages += 1
        if message["seq"] != self.waiting_for:
            return
        self.saw(client.role, message)
        self.received += 1
        if self.received == len(self.clients) and self.done is not None and not self.done.done():
            self.done.set_result(when)

    def failed(self, why: str) -> None:
        if self.done is not None and not self.done.done():
            self.done.set_exception(StepFailed(why))

    async def play(self, measure_from: float, stop_at: float) -> None:
        loop = asyncio.get_running_loop()
        players = {c.role: c for c in self.clients if c.role in SIDES}
        while time.perf_counter() < stop_at and self.pending in SIDES:
            side = self.pending
            command = choose(self.actions[side])
            self.waiting_for, self.received, self.done = self.seq + 1, 0, loop.create_future()
            sent = time.perf_counter()
            await players[side].socket.send(self.system.message(self.seq, side, command))
            try:
                last = await asyncio.wait_for(self.done, STEP_TIMEOUT)
            except (StepFailed, TimeoutError) as exc:
                self.stats.errors.append(f"battle {self.index} step {self.waiting_for}: {exc or 'timeout'}")
                return
            if sent >= measure_from:
                self.stats.latencies.append(last - sent)
            if measure_from <= last <= stop_at:
                self.stats.finished.append(last)


# A scenario ----------------------------------------------------------------------------------------


@dataclass
class Result:
    system: str
    battles: int
    spectators: int
    processes: int
    seconds: float
    stats: Stats
    server_cpu_s: float
    client_cpu_s: float
    machine_busy: float

    @property
    def steps(self) -> int:
        return len(self.stats.finished)

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds

    def latency_ms(self, percentile: int) -> float:
        samples = sorted(self.stats.latencies)
        if not samples:
            return float("nan")
        if percentile == 50:
            return statistics.median(samples) * 1000
        return samples[min(len(samples) - 1, round(percentile / 100 * len(samples)))] * 1000

    def figures(self) -> dict[str, float]:
        steps = max(1, self.steps)
        return {
            "latency_p50_ms": self.latency_ms(50),
            "latency_p99_ms": self.latency_ms(99),
            "steps_per_s": self.steps_per_s,
            "steps": self.steps,
            "server_cpu_ms_per_step": self.server_cpu_s * 1000 / steps,
            "client_cpu_ms_per_step": self.client_cpu_s * 1000 / steps,
            "machine_busy": self.machine_busy,
            "step_message_bytes": self.stats.step_bytes / max(1, self.stats.step_messages),
            "errors": len(self.stats.errors),
        }


def machine_cpu() -> tuple[int, int]:
    """(busy, total) jiffies of the whole machine so far."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


@contextmanager
def cpu_meter(servers: list[DaphneServer]) -> Iterator[dict[str, float]]:
    used: dict[str, float] = {}
    server_start = sum(cpu_seconds(s.pid) for s in servers)
    client_start = time.process_time()
    busy_start, total_start = machine_cpu()
    yield used
    busy, total = machine_cpu()
    used["server"] = sum(cpu_seconds(s.pid) for s in servers) - server_start
    used["client"] = time.process_time() - client_start
    used["machine"] = (busy - busy_start) / max(1, total - total_start)


async def open_tables(
    system: System, servers: list[DaphneServer], battles: int, spectators: int, stats: Stats
) -> list[Table]:
    """Every battle's sockets, each to the next server in turn (so two processes share each battle)."""
    tables, clients = [], []
    roles = [*SIDES, *["spectator"] * spectators]
    for b in range(battles):
        table = Table(system, b, stats)
        for i, role in enumerate(roles):
            server = servers[(b + i) % len(servers)]
            ws_url = server.url.replace("http://", "ws://") + system.path(b, role)
            table.clients.append(Client(table, role, ws_url, server.url))
        tables.append(table)
        clients.extend(table.clients)
    gate = asyncio.Semaphore(CONNECTS_AT_ONCE)

    async def open_one(client: Client) -> None:
        async with gate:
            await client.open(system.sends_view)

    await asyncio.gather(*(open_one(c) for c in clients))
    return tables


async def run_scenario(
    system: System,
    servers: list[DaphneServer],
    battles: int,
    spectators: int,
    seconds: float,
    warmup: float,
) -> Result:
    stats = Stats()
    tables = await open_tables(system, servers, battles, spectators, stats)
    await asyncio.sleep(1.0)  # let the arrivals' presence updates pass
    try:
        start = time.perf_counter()
        measure_from, stop_at = start + warmup, start + warmup + seconds
        playing = [asyncio.create_task(t.play(measure_from, stop_at)) for t in tables]
        await asyncio.sleep(max(0.0, measure_from - time.perf_counter()))
        stats.step_bytes = stats.step_messages = 0
        with cpu_meter(servers) as window:
            await asyncio.sleep(max(0.0, stop_at - time.perf_counter()))
        await asyncio.gather(*playing)
    finally:
        await asyncio.gather(*(c.close() for t in tables for c in t.clients), return_exceptions=True)
    return Result(
        system.name,
        battles,
        spectators,
        len(servers),
        seconds,
        stats,
        window["server"],
        window["client"],
        window["machine"],
    )
