"""`make bench`: every benchmark in one run; prints a table and writes docs/performance.{md,json}."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parents[2]


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from tests.bench import engine

    figures: dict[str, float] = {}
    print("Engine: a long battle of 2,100 commands ...", flush=True)
    figures.update(engine.run())
    width = max(len(k) for k in figures)
    for key, value in figures.items():
        print(f"  {key:<{width}}  {value:,.3f}")
    (ROOT / "docs" / "performance.json").write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
