"""`make bench`: every benchmark in one run; prints a table and writes docs/performance.{md,json} and the plot.

1. Engine: commands per second, one step's cost at step 10 and 2,000 of a long battle (in process),
   for the skirmish game and for the mass battle, and Beacon's decision time in each (`--engine`
   runs only these; `--bot` only Beacon's).
2. End to end: B battles of 2 player bots and S spectators on a real Daphne, PostgreSQL and Redis.
3. The floor: the same bots and load on a bare Channels relay (tests/bench/floor.py), stock, and
   at the lowest and highest load also without Channels' per-message database hop (as Beacon's).
4. Two Daphne processes against one, with the same load.
5. Memory per idle connected socket.

Everything runs on its own database (dropped and made anew) and Redis DB, and every loop is bounded
by a fixed time, so the run ends by itself in about six minutes. BENCH_SECONDS (default 15) sets how
long each scenario is measured, after BENCH_WARMUP (default 2) seconds of play; BENCH_LOADS (default
1,10,25,50) the numbers of battles.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import os
import platform
import sys
from pathlib import Path
from typing import Any

import django

from tests.bench import stack

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LOADS = [int(b) for b in os.environ.get("BENCH_LOADS", "1,10,25,50").split(",")]
SPECTATORS = 5
IDLE_SOCKETS = 300
SECONDS = float(os.environ.get("BENCH_SECONDS", "15"))
WARMUP = float(os.environ.get("BENCH_WARMUP", "2"))
START, END = "<!-- bench:start -->", "<!-- bench:end -->"


def log(text: str) -> None:
    print(text, flush=True)


async def end_to_end(battles: list[Any], figures: dict[str, Any]) -> list[tuple[str, int, int]]:
    """Beacon and the floor at each load, side by side; then two processes of each at the top load."""
    from tests.bench.e2e import Beacon, Floor, Result, run_scenario
    from tests.bench.report import scenario_key

    beacon_system = Beacon(battles)
    beacon = [stack.server().start()]
    floor = [stack.server("tests.bench.floor:application").start()]
    ran: list[tuple[str, int, int]] = []

    def record(result: Result) -> None:
        prefix = scenario_key(result.system, result.battles, result.processes)
        for key, value in result.figures().items():
            figures[f"{prefix}_{key}"] = value
        ran.append((result.system, result.battles, result.processes))
        f = result.figures()
        log(
            f"  {result.system:<7} B={result.battles:<3} processes={result.processes}  "
            f"p50 {f['latency_p50_ms']:7.1f} ms  p99 {f['latency_p99_ms']:7.1f} ms  "
            f"{f['steps_per_s']:7.1f} steps/s  server {f['server_cpu_ms_per_step']:.2f} ms CPU/step"
            + (f"  errors: {result.stats.errors[:3]}" if result.stats.errors else "")
        )

    try:
        for b in LOADS:
            ours = await run_scenario(beacon_system, beacon, b, SPECTATORS, SECONDS, WARMUP)
            record(ours)
            # The floor's bots send messages as large as Beacon's steps were at this load.
            payload = round(ours.figures()["step_message_bytes"])
            floor_system = Floor(payload)
            record(await run_scenario(floor_system, floor, b, SPECTATORS, SECONDS, WARMUP))
            if b in (LOADS[0], LOADS[-1]):
                record(await run_scenario(Floor(payload, lean=True), floor, b, SPECTATORS, SECONDS, WARMUP))
        top = LOADS[-1]
        beacon.append(stack.server().start())
        floor.append(stack.server("tests.bench.floor:application").start())
        record(await run_scenario(beacon_system, beacon, top, SPECTATORS, SECONDS, WARMUP))
        record(await run_scenario(floor_system, floor, top, SPECTATORS, SECONDS, WARMUP))
    finally:
        for server in beacon + floor:
            server.stop()
    return ran


async def memory(battles: list[Any], figures: dict[str, Any]) -> None:
    from tests.bench.e2e import Beacon, Floor
    from tests.bench.memory import idle_socket_kib

    cases = [
        ("idle_socket_kib", "config.asgi:application", Beacon(battles), True, "?format=json", ""),
        ("idle_socket_kib_json", "config.asgi:application", Beacon(battles), True, "", ""),
        ("idle_socket_kib_floor", "tests.bench.floor:application", Floor(0), False, "", ""),
    ]
    for key, app, system, sends_view, drop, add in cases:
        server = stack.server(app).start()
        try:
            paths = [system.path(b, "spectator").replace(drop, add) for b in range(len(battles))]
            figures[key] = await idle_socket_kib(server, paths, IDLE_SOCKETS, sends_view)
        finally:
            server.stop()
        log(f"  {key:<24} {figures[key]:.1f} KiB")


def ratios(figures: dict[str, Any]) -> None:
    low, top = LOADS[0], LOADS[-1]
    for floor, suffix, loads in (("floor", "", LOADS), ("lean_floor", "_lean", [low, top])):
        for p in ("p50", "p99"):
            figures[f"latency_{p}_ratio_b{low}{suffix}"] = (
                figures[f"beacon_b{low}_latency_{p}_ms"] / figures[f"{floor}_b{low}_latency_{p}_ms"]
            )
        for b in loads:
            figures[f"steps_per_s_ratio_b{b}{suffix}"] = (
                figures[f"beacon_b{b}_steps_per_s"] / figures[f"{floor}_b{b}_steps_per_s"]
            )
    figures["two_process_steps_per_s_ratio"] = (
        figures[f"beacon_2proc_b{top}_steps_per_s"] / figures[f"beacon_b{top}_steps_per_s"]
    )
    figures["floor_two_process_steps_per_s_ratio"] = (
        figures[f"floor_2proc_b{top}_steps_per_s"] / figures[f"floor_b{top}_steps_per_s"]
    )


def write_docs(figures: dict[str, Any], ran: list[tuple[str, int, int]]) -> str:
    from tests.bench.report import latency_svg, scenario_table, summary_table, targets_table

    (DOCS / "performance-latency.svg").write_text(latency_svg(figures, LOADS))
    run = figures["run"]
    generated = "\n\n".join(
        [
            START,
            f"Measured {run['date']} on {run['machine']}: {run['cpus']} cores, Python {run['python']}; "
            f"each scenario played {WARMUP:g} s, then measured for {SECONDS:g} s."
            + (
                f" The engine figures again on {run['engine_date']} (`--engine`)."
                if "engine_date" in run
                else ""
            ),
            "### Targets\n\n" + targets_table(figures),
            "### End to end (B battles, each with 2 player bots and S spectator sockets)\n\n"
            + scenario_table(figures, ran, SPECTATORS),
            "### Engine, processes, memory\n\n" + summary_table(figures),
            "![Latency against load](performance-latency.svg)",
            END,
        ]
    )
    path = DOCS / "performance.md"
    text = path.read_text() if path.exists() else f"# Performance\n\n{START}\n{END}\n"
    head, rest = text.split(START, 1)
    path.write_text(head + generated + rest.split(END, 1)[1])
    return generated


def rewrite_docs() -> int:
    """`python -m tests.bench.run --docs`: docs/performance.md and the plot again from the last run's figures."""
    from tests.bench.report import scenarios_in

    figures = json.loads((DOCS / "performance.json").read_text())
    write_docs(figures, scenarios_in(figures))
    return 0


def engine_figures(figures: dict[str, Any]) -> None:
    """The engine benches, in process: the skirmish game's long battle, then the mass battle's."""
    from tests.bench import engine, mass_engine

    log("Engine: a long battle of 2,100 commands ...")
    figures.update(engine.run())
    log(
        f"  {figures['engine_commands_per_s']:,.0f} commands/s; one step "
        f"{figures['engine_step_cost_10_ms']:.3f} ms at step 10, "
        f"{figures['engine_step_cost_2000_ms']:.3f} ms at step 2,000"
    )
    log("Engine, mass battle: a long battle of 2,100 commands ...")
    figures.update(mass_engine.run())
    log(
        f"  {figures['mass_engine_commands_per_s']:,.0f} commands/s; one step "
        f"{figures['mass_engine_step_cost_10_ms']:.3f} ms at step 10, "
        f"{figures['mass_engine_step_cost_2000_ms']:.3f} ms at step 2,000"
    )
    bot_figures(figures)


def bot_figures(figures: dict[str, Any]) -> None:
    from tests.bench import bot

    log("Beacon: each demo battle played by two Captains, every decision timed ...")
    figures.update(bot.run())
    for name, prefix in (("skirmish", "bot"), ("mass battle", "mass_bot")):
        p50, p95 = (figures[f"{prefix}_decision_{p}_ms"] for p in ("p50", "p95"))
        log(f"  {name}: a decision takes {p50:.1f} ms (p50), {p95:.1f} ms (p95)")


def engine_only(only_bot: bool = False) -> int:
    """`python -m tests.bench.run --engine`: only the engine benches (no servers), merged into the
    last run's figures; docs/performance.md is written again."""
    from tests.bench.report import scenarios_in

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()  # the skirmish bench reads the demo armies from the catalogue; no database is used
    path = DOCS / "performance.json"
    figures = json.loads(path.read_text()) if path.exists() else {}
    if only_bot:
        bot_figures(figures)
    else:
        engine_figures(figures)
    figures.setdefault("run", {})["engine_date"] = datetime.datetime.now(datetime.UTC).strftime(
        "%Y-%m-%d %H:%M UTC"
    )
    path.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n")
    log("\n" + write_docs(figures, scenarios_in(figures)).replace(START, "").replace(END, "").strip())
    return 0


def main() -> int:
    if "--docs" in sys.argv[1:]:
        return rewrite_docs()
    if "--engine" in sys.argv[1:]:
        return engine_only()
    if "--bot" in sys.argv[1:]:
        return engine_only(only_bot=True)
    stack.configure_environment()
    django.setup()
    from tests.bench.e2e import create_battles

    figures: dict[str, Any] = {
        "run": {
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "scenario_seconds": SECONDS,
            "warmup_seconds": WARMUP,
            "spectators": SPECTATORS,
        }
    }
    engine_figures(figures)
    log(f"Stack: database {stack.DATABASE_URL}, Redis {stack.REDIS_URL}: made anew ...")
    stack.prepare()
    battles = create_battles(max(LOADS))
    log(
        f"End to end: {len(battles)} battles deployed; Beacon and the floor at B = {LOADS}, S = {SPECTATORS} ..."
    )
    ran = asyncio.run(end_to_end(battles, figures))
    log(f"Memory: {IDLE_SOCKETS} idle sockets on a fresh server ...")
    asyncio.run(memory(battles, figures))
    ratios(figures)
    (DOCS / "performance.json").write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n")
    log("\n" + write_docs(figures, ran).replace(START, "").replace(END, "").strip())
    log("\nWritten: docs/performance.md, docs/performance.json, docs/performance-latency.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
