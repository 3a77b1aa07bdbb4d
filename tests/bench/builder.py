"""The list builder with the whole catalogue: loading the catalogue into an empty catalogue, and the
server time of the builder page and of adding a model (p50, p90 of N requests through Django's
test client, in process).

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


def _timed(step: Callable[[], object], times: int) -> list[float]:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        step()
        spent.append((time.perf_counter() - start) * 1000)
    return spent


def _line(label: str, spent: list[float]) -> str:
    ordered = sorted(spent)
    p90 = ordered[int(len(ordered) * 0.9) - 1]
    return f"| {label} | {statistics.median(spent):.1f} | {p90:.1f} | {len(spent)} |"


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    os.environ.setdefault("BEACON_DEV", "1")
    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client

    from battles.lists import services
    from battles.models import Profile

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
    print("| request | p50 ms | p90 ms | requests |")
    print("|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
