"""The list builder with the whole catalogue: loading the catalogue into an empty catalogue, and the
server time of the builder page and of adding a model (p50, p90 of N requests through Django's
test client, in process: this process's CPU time, and wall time).

    BEACON_DEV=1 DATABASE_URL=postgres://... .venv/bin/python -m tests.bench.builder

It works on the database DATABASE_URL names (migrated first), in a user of its own it deletes after.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

import django

REQUESTS = int(os.environ.get("BENCH_REQUESTS", "40"))
HTMX = {"HTTP_HX_REQUEST": "true"}


def _timed(step: Callable[[], object], times: int) -> tuple[list[float], list[float]]:
    """Each call's wall time and this process's CPU time (user + system), in ms: on a shared
    machine the CPU time is the steadier figure (the database server's own CPU is not in it)."""
    wall, cpu = [], []
    for _ in range(times):
        start, start_cpu = time.perf_counter(), time.process_time()
        step()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return wall, cpu


def _p90(spent: list[float]) -> float:
    return sorted(spent)[int(len(spent) * 0.9) - 1]


def _line(label: str, spent: tuple[list[float], list[float]]) -> str:
    wall, cpu = spent
    return (
        f"| {label} | {statistics.median(cpu):.1f} | {_p90(cpu):.1f} | {statistics.median(wall):.1f} "
        f"| {_p90(wall):.1f} | {len(wall)} |"
    )


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    os.environ.setdefault("BEACON_DEV", "1")
    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client

    from battles.lists import services
    from battles.models import Profile

    before_load = f"{os.getloadavg()[0]:.1f}"
    call_command("migrate", verbosity=0)
    Profile.objects.filter(owner=None).exclude(catalogue_id="").delete()
    start = time.perf_counter()
    added, _ = services.load_catalogue()
    loaded = time.perf_counter() - start
    User.objects.filter(username="bench-builder").delete()
    user = User.objects.create_user("bench-builder", password="bench-builder-9")
    client = Client(HTTP_HOST="127.0.0.1")  # a host local development allows
    client.force_login(user)
    rows = []
    try:
        for label, built_from in (("any profiles", ""), ("Kingdom of Rohan", "kingdom-of-rohan")):
            army = services.new_list(user, f"Bench {label}", 700, army_list=built_from)
            hero = Profile.objects.get(owner=None, catalogue_id="theoden-king-of-rohan")
            rider = Profile.objects.get(owner=None, catalogue_id="rider-of-rohan")
            client.post(f"/armies/{army.pk}/warbands/", {"profile": hero.pk})
            warband = army.warbands.get()
            page = f"/armies/{army.pk}/"
            rows.append(
                _line(f"builder page ({label})", _timed(lambda page=page: client.get(page), REQUESTS))
            )
            add = f"/armies/{army.pk}/warbands/{warband.pk}/followers/"
            post = {"profile": rider.pk, "count": 1}
            rows.append(
                _line(
                    f"add a model ({label})",
                    _timed(lambda add=add, post=post: client.post(add, post, **HTMX), min(REQUESTS, 14)),
                )
            )
    finally:
        user.delete()
    print(f"Catalogue: {added} profiles loaded into an empty catalogue in {loaded:.2f} s")
    print(f"Load average before: {before_load}; after: {os.getloadavg()[0]:.1f}")
    print("| request | CPU p50 ms | CPU p90 ms | wall p50 ms | wall p90 ms | requests |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
