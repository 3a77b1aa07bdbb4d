"""Battle records written before wargear counted, whose models carry none, replay as they did:
every entry legal, every die asked for the same reason, and the same events, step by step.

`records/before_wargear.json` holds three bot battles (warriors with and without bows, a wood,
two combats from the start) recorded by the referee of main before issue 16, with each step's
event texts (since issue 27 a To Hit line names what made the score worse, "To Hit 6+ (moved: 1
worse)": the texts were brought up to date after checking that nothing else differed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_core.record import replay, steps

RECORDS = json.loads((Path(__file__).parent / "records" / "before_wargear.json").read_text())


@pytest.mark.parametrize("battle", RECORDS, ids=lambda b: str(len(b["events"])))
def test_a_record_without_wargear_replays_with_the_same_events(battle: dict[str, Any]) -> None:
    replayed = [[e["text"] for e in outcome.events] for _, outcome in steps(battle["record"])]
    assert replayed == battle["events"]
    assert any(text.startswith("Duel:") for step in replayed for text in step)
    final = replay(battle["record"])
    assert final.result is not None and battle["record"]["result"]["winner"] == final.result.winner
