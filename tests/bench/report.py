"""The bench's outputs: the table it prints, docs/performance.md, docs/performance.json and the plot."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass
class Target:
    key: str
    text: str
    limit: float
    at_most: bool

    def met(self, figures: dict[str, Any]) -> bool:
        value = figures[self.key]
        return bool(value <= self.limit if self.at_most else value >= self.limit)


TARGETS = [
    Target("latency_p50_ratio_b1", "B = 1: Beacon's p50 latency / the floor's", 2.0, at_most=True),
    Target("steps_per_s_ratio_b50", "B = 50: Beacon's steps per second / the floor's", 0.5, at_most=False),
    Target(
        "step_cost_ratio_2000_vs_10", "Engine: a step's cost at step 2,000 / at step 10", 1.2, at_most=True
    ),
    Target("bot_decision_p95_ms", "Beacon, skirmish: a decision, p95 (ms)", 250.0, at_most=True),
    Target("mass_bot_decision_p95_ms", "Beacon, mass battle: a decision, p95 (ms)", 250.0, at_most=True),
]

COLUMNS: list[tuple[str, str, Callable[[float], str]]] = [
    ("latency_p50_ms", "p50 ms", lambda v: f"{v:.1f}"),
    ("latency_p99_ms", "p99 ms", lambda v: f"{v:.1f}"),
    ("steps_per_s", "steps/s", lambda v: f"{v:,.0f}"),
    ("server_cpu_ms_per_step", "server CPU ms/step", lambda v: f"{v:.2f}"),
    ("client_cpu_ms_per_step", "bots' CPU ms/step", lambda v: f"{v:.2f}"),
    ("machine_busy", "machine busy", lambda v: f"{v:.0%}"),
    ("step_message_bytes", "bytes/message", lambda v: f"{v:,.0f}"),
    ("errors", "errors", lambda v: f"{v:.0f}"),
]


def scenario_key(system: str, battles: int, processes: int) -> str:
    return f"{system}{'' if processes == 1 else f'_{processes}proc'}_b{battles}"


SYSTEMS = ("beacon", "floor", "lean_floor")


def scenarios_in(figures: dict[str, Any]) -> list[tuple[str, int, int]]:
    """(system, battles, processes) of every scenario in a run's figures, in the order they ran."""
    found = []
    for key in figures:
        match = re.fullmatch(r"([a-z_]+?)(?:_(\d+)proc)?_b(\d+)_latency_p50_ms", key)
        if match and match[1] in SYSTEMS:
            found.append((match[1], int(match[3]), int(match[2] or 1)))
    return sorted(found, key=lambda s: (s[2], s[1], SYSTEMS.index(s[0])))


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def scenario_table(figures: dict[str, Any], scenarios: list[tuple[str, int, int]], spectators: int) -> str:
    header = ["system", "B", "S", "processes", *(title for _, title, _ in COLUMNS)]
    rows = []
    for system, battles, processes in scenarios:
        prefix = scenario_key(system, battles, processes)
        cells = [fmt(figures[f"{prefix}_{key}"]) for key, _, fmt in COLUMNS]
        rows.append([system, str(battles), str(spectators), str(processes), *cells])
    return markdown_table(header, rows)


def targets_table(figures: dict[str, Any]) -> str:
    rows = []
    for t in TARGETS:
        if t.key not in figures:
            continue
        goal = f"{'≤' if t.at_most else '≥'} {t.limit:g}"
        rows.append(
            [t.text, f"`{t.key}`", f"{figures[t.key]:.2f}", goal, "met" if t.met(figures) else "missed"]
        )
    return markdown_table(["target", "key", "measured", "goal", ""], rows)


def summary_table(figures: dict[str, Any]) -> str:
    rows_wanted = [
        ("Engine: commands per second", "engine_commands_per_s", "{:,.0f}"),
        ("Engine: one step at step 10 (ms)", "engine_step_cost_10_ms", "{:.3f}"),
        ("Engine: one step at step 2,000 (ms)", "engine_step_cost_2000_ms", "{:.3f}"),
        ("Engine: state at step 10 (bytes)", "engine_state_bytes_10", "{:,.0f}"),
        ("Engine: state at step 2,000 (bytes)", "engine_state_bytes_2000", "{:,.0f}"),
        ("Engine, moving battle: a move near step 10 (ms)", "engine_moving_step_cost_10_ms", "{:.3f}"),
        ("Engine, moving battle: a move near step 2,000 (ms)", "engine_moving_step_cost_2000_ms", "{:.3f}"),
        ("Engine, mass battle: commands per second", "mass_engine_commands_per_s", "{:,.0f}"),
        ("Engine, mass battle: one step at step 10 (ms)", "mass_engine_step_cost_10_ms", "{:.3f}"),
        ("Engine, mass battle: one step at step 2,000 (ms)", "mass_engine_step_cost_2000_ms", "{:.3f}"),
        (
            "Engine, mass battle: a step's cost at step 2,000 / at step 10",
            "mass_step_cost_ratio_2000_vs_10",
            "{:.2f}",
        ),
        ("Engine, mass battle: state at step 10 (bytes)", "mass_engine_state_bytes_10", "{:,.0f}"),
        ("Engine, mass battle: state at step 2,000 (bytes)", "mass_engine_state_bytes_2000", "{:,.0f}"),
        ("Beacon, skirmish: a decision, p50 (ms)", "bot_decision_p50_ms", "{:.1f}"),
        ("Beacon, mass battle: a decision, p50 (ms)", "mass_bot_decision_p50_ms", "{:.1f}"),
        ("B = 1: Beacon's p50 latency / the lean floor's", "latency_p50_ratio_b1_lean", "{:.2f}"),
        ("B = 50: Beacon's steps per second / the lean floor's", "steps_per_s_ratio_b50_lean", "{:.2f}"),
        ("B = 50: two Daphne processes / one, steps per second", "two_process_steps_per_s_ratio", "{:.2f}"),
        ("B = 50: the floor's two processes / one", "floor_two_process_steps_per_s_ratio", "{:.2f}"),
        ("Memory per idle socket, Beacon, browser (KiB)", "idle_socket_kib", "{:.1f}"),
        ("Memory per idle socket, Beacon, JSON (KiB)", "idle_socket_kib_json", "{:.1f}"),
        ("Memory per idle socket, floor (KiB)", "idle_socket_kib_floor", "{:.1f}"),
    ]
    rows = [
        [label, f"`{key}`", form.format(figures[key])] for label, key, form in rows_wanted if key in figures
    ]
    return markdown_table(["figure", "key", "value"], rows)


# The plot ------------------------------------------------------------------------------------------

SERIES = [
    ("beacon", "latency_p50_ms", "Beacon p50", "#b0413e", ""),
    ("beacon", "latency_p99_ms", "Beacon p99", "#b0413e", "6 4"),
    ("floor", "latency_p50_ms", "floor p50", "#3b6ea5", ""),
    ("floor", "latency_p99_ms", "floor p99", "#3b6ea5", "6 4"),
    ("lean_floor", "latency_p50_ms", "lean floor p50", "#888888", "2 3"),
]


def latency_svg(figures: dict[str, Any], loads: list[int]) -> str:
    """Latency (log scale) against the number of battles, Beacon's and the floor's, as a plain SVG."""
    width, height, left, right, top, bottom = 640, 360, 64, 150, 24, 48
    plot_w, plot_h = width - left - right, height - top - bottom

    def point(system: str, key: str, b: int) -> float | None:
        return figures.get(f"{scenario_key(system, b, 1)}_{key}")

    values = [v for system, key, *_ in SERIES for b in loads if (v := point(system, key, b)) is not None]
    positive = [v for v in values if v > 0 and math.isfinite(v)]
    low = 10 ** math.floor(math.log10(min(positive)))
    high = 10 ** math.ceil(math.log10(max(positive)))

    def x(b: float) -> float:
        return left + plot_w * (b - loads[0]) / (loads[-1] - loads[0])

    def y(v: float) -> float:
        return top + plot_h * (1 - (math.log10(v) - math.log10(low)) / (math.log10(high) - math.log10(low)))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="16" font-weight="bold">Latency from a player\'s send to the last socket '
        "(ms, log scale)</text>",
    ]
    decade = low
    while decade <= high:
        for m in (1, 2, 5):
            v = decade * m
            if low <= v <= high:
                out.append(
                    f'<line x1="{left}" x2="{left + plot_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                    f'stroke="#ddd"/><text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:g}</text>'
                )
        decade *= 10
    for b in loads:
        out.append(
            f'<line x1="{x(b):.1f}" x2="{x(b):.1f}" y1="{top}" y2="{top + plot_h}" stroke="#eee"/>'
            f'<text x="{x(b):.1f}" y="{top + plot_h + 16}" text-anchor="middle">{b}</text>'
        )
    out.append(
        f'<text x="{left + plot_w / 2}" y="{height - 10}" text-anchor="middle">'
        "battles played at once (B), each with 2 players and 5 spectators</text>"
    )
    out.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>')
    for n, (system, key, label, colour, dash) in enumerate(SERIES):
        points = [(x(b), y(v)) for b in loads if (v := point(system, key, b)) is not None]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        if len(points) == len(loads):  # a series measured at some loads only is shown as points
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dashes}/>')
        out += [f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{colour}"/>' for px, py in points]
        ly = top + 10 + 18 * n
        lx = left + plot_w + 14
        out.append(
            f'<line x1="{lx}" x2="{lx + 26}" y1="{ly}" y2="{ly}" stroke="{colour}" stroke-width="2"{dashes}/>'
            f'<text x="{lx + 32}" y="{ly + 4}">{label}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"
