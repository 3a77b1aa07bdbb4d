"""Small skirmish tables for the issue 27 browser tests: catalogue models where a test puts them,
both sides deploying anywhere, and the steps to the first Move phase."""

from __future__ import annotations

from tests.browser.tabletop import Table, decide, pending
from tests.browser.test_play_a_turn import profile


def model(model_id: str, name: str, x: float, y: float) -> dict:
    """A catalogue model at (x, y)."""
    return {"id": model_id, "profile": profile(name), "x": x, "y": y}


def skirmish_table(good: list[dict], evil: list[dict], size: float = 24.0, terrain: tuple = ()) -> dict:
    """A square board of `size` inches, both sides deploying anywhere on it."""
    whole = [0.0, 0.0, size, size]
    return {
        "board": {"width": size, "height": size},
        "terrain": list(terrain),
        "deployment": {"good": whole, "evil": whole},
        "armies": {
            "good": {"name": "Minas Tirith", "models": good},
            "evil": {"name": "Mordor", "models": evil},
        },
    }


def deploy_and_choose(played: Table, priority: str) -> None:
    """Both confirm deployment; Good, who won the roll (the dice "6 1"), gives `priority` Priority."""
    good, evil, spectator = played.pages
    decide(good, "Deployment done")
    pending(spectator, "evil", "deploy")
    decide(evil, "Deployment done")
    pending(spectator, "good", "choose_priority")
    decide(good, "Take Priority" if priority == "good" else "Give Priority to Evil")
