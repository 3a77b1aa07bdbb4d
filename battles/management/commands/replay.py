import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rules_core.record import RecordError, replay


class Command(BaseCommand):
    help = "Replay a battle record file: print the result, or say which entry is illegal and why."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="a beacon-battle-record JSON file")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}") from exc
        except ValueError as exc:
            raise CommandError(f"{path} is not valid JSON: {exc}") from exc
        try:
            state = replay(record)
        except RecordError as exc:
            raise CommandError(str(exc)) from exc
        entries = len(record["entries"])
        scenario = record.get("scenario")
        if scenario is not None:
            sealed = [side for side, picks in scenario["picks"].items() if picks.get("sealed")]
            told = f" ({' and '.join(s.capitalize() for s in sealed)} picks sealed)" if sealed else ""
            self.stdout.write(
                f"Scenario: {scenario['name']}, its markers and picks as the record states{told}."
            )
        if state.result is None:
            pending = state.pending
            self.stdout.write(
                f"{entries} entries replayed. Turn {state.turn}, {state.phase} phase; "
                f"the battle goes on: {pending.label}."
            )
        else:
            winner = f"{state.result.winner.capitalize()} wins" if state.result.winner else "A draw"
            self.stdout.write(f"{entries} entries replayed. {winner}: {state.result.reason}.")
            for row in state.result.score or []:
                points = row["points"]
                self.stdout.write(f"  {row['label']}: Good {points['good']}, Evil {points['evil']}")
