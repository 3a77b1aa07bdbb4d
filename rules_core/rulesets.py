"""Which rules a battle is played by: every ruleset's `Ruleset`, made by its own public module and
registered here in the order players are offered them (`ruleset.RULESETS`, the one registry), and
the contract's entry points that read a setup's or a stored state's `"ruleset"` (the default when it
names none, as setups written before there were two)."""

from __future__ import annotations

from typing import Any

from .boards.agreement import BoardAgreement
from .boards.fair import BoardCheck, BoardNeeds, check
from .boards.maker import Made, generate
from .errors import RuleViolation
from .mass_battle import MASS_BATTLE
from .ruleset import DEFAULT_RULESET, RULESETS, Ruleset, find_ruleset, register
from .scenarios.catalogue import CATALOGUE
from .serial import load
from .skirmish import SKIRMISH
from .special_rules import HandRule, RuleNote, notes, to_apply_by_hand
from .state import BattleState, Board, Terrain
from .terrain import load_piece

__all__ = [
    "RULESETS",
    "Ruleset",
    "board_check",
    "board_report",
    "find_ruleset",
    "load_state",
    "new_battle",
    "random_board",
    "ruleset_for",
    "terrain_of",
]

for _ruleset in (SKIRMISH, MASS_BATTLE):  # the default first
    register(_ruleset)


def special_rule_notes(rules: list[str], ruleset: str = "") -> list[RuleNote]:
    """Each of a profile's special rules with what a card says beside it in `ruleset` ("not
    refereed" ...; "": the skirmish's)."""
    found = find_ruleset(ruleset).rule_notes if ruleset else None
    return found(list(rules)) if found is not None else notes(list(rules))


def rules_to_apply_by_hand(state: BattleState) -> list[HandRule]:
    """The special rules in play players apply themselves, with the models that have them; none in
    a ruleset whose cards say what each rule does there (the mass battle: the rules it keeps are
    refereed, the others have no effect in it)."""
    if find_ruleset(state.ruleset).rule_notes is not None:
        return []
    return to_apply_by_hand(list(state.models.values()))


def ruleset_for(setup: Any) -> Ruleset:
    """The ruleset a setup (or a stored state) names; RuleViolation for one nobody knows."""
    key = setup.get("ruleset", DEFAULT_RULESET) if isinstance(setup, dict) else DEFAULT_RULESET
    return find_ruleset(key)


def new_battle(setup: dict[str, Any]) -> BattleState:
    """A battle waiting for its first decision, played by the ruleset its setup names."""
    return ruleset_for(setup).new_battle(setup)


def load_state(data: dict[str, Any]) -> BattleState:
    """A stored state (`BattleState.to_dict`), as its own ruleset's state class."""
    return ruleset_for(data).state_class.from_dict(data)


def _needs(setup: dict[str, Any]) -> tuple[Board, BoardNeeds]:
    ruleset = ruleset_for(setup)
    try:
        board = load(Board, setup.get("board", {}))
    except (KeyError, TypeError, ValueError) as exc:
        raise RuleViolation("bad_setup", f"The setup's board is malformed: {exc}.") from exc
    if ruleset.board_needs is None:
        return board, BoardNeeds([])
    return board, ruleset.board_needs(setup)


def board_check(setup: dict[str, Any]) -> BoardCheck:
    """What is wrong with a setup's board for its battle (`boards.fair`): a battle is set up only on
    a board with no refusal; RuleViolation for a setup that cannot be read."""
    board, needs = _needs(setup)
    terrain = [load_piece(i, t) for i, t in enumerate(setup.get("terrain", []))]
    return check(board, terrain, needs)


def random_board(seed: int, setup: dict[str, Any] | None = None, state: BattleState | None = None) -> Made:
    """A random board made fair for the battle a setup would start, or for the one `state` is
    agreeing its board for (`boards.maker`)."""
    if state is not None and state.stack and isinstance(state.stack[-1], BoardAgreement):
        return generate(seed, state.board, state.stack[-1].needs)
    if setup is None:
        raise ValueError("random_board needs a setup or a battle agreeing its board")
    board, needs = _needs(setup)
    return generate(seed, board, needs)


def terrain_of(pieces: Any) -> list[Terrain]:
    """A board's pieces as the referee reads them (each with its kind's properties); RuleViolation
    for a piece that cannot be read."""
    if not isinstance(pieces, list):
        raise RuleViolation("bad_board", "A board's terrain is a list of pieces.")
    return [load_piece(i, p) for i, p in enumerate(pieces)]


def board_report(ruleset_key: str, pieces: list[dict[str, Any]]) -> list[tuple[str, BoardCheck]]:
    """What a board is for each kind of battle of a ruleset (a battle without a scenario, then each
    scenario it plays): fair, or refused and why. RuleViolation for a piece that cannot be read."""
    ruleset = find_ruleset(ruleset_key)
    width, height = ruleset.board_size
    board = Board(width, height)
    terrain = terrain_of(pieces)
    base = {"ruleset": ruleset.key, "board": {"width": width, "height": height}}
    battles: list[tuple[str, dict[str, Any]]] = [("A battle without a scenario", base)]
    if ruleset.scenarios:
        battles += [(spec.name, {**base, "scenario": key}) for key, spec in CATALOGUE.items()]
    assert ruleset.board_needs is not None
    return [(label, check(board, terrain, ruleset.board_needs(setup))) for label, setup in battles]
