"""The boards a player may choose for a battle of a ruleset: the library's (on that ruleset's table),
the player's own saved boards, or a random one made fair for the battle; and the board a choice
names, as a battle's setup takes it ({"name", "terrain"})."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

import rules_core
from battles.lists.profiles import BadData
from battles.rulesets import web_ruleset
from rules_core import BOARD_LIBRARY, Board

from .models import SavedBoard

RANDOM = "random"
USUAL = ""
BoardData = dict[str, Any]


def table(ruleset: str) -> Board:
    width, height = rules_core.find_ruleset(ruleset).board_size
    return Board(width, height)


def library_board(key: str, ruleset: str) -> BoardData:
    designed = BOARD_LIBRARY[key]
    return {"name": designed.name, "terrain": designed.terrain(table(ruleset))}


def saved_boards(user: Any, ruleset: str) -> list[SavedBoard]:
    if user is None or not user.is_authenticated:
        return []
    return list(SavedBoard.objects.filter(owner=user, ruleset=ruleset))


def choices(user: Any, ruleset: str) -> list[tuple[str, str]]:
    """(value, label) of every board a player may choose: the ruleset's usual one (when it is not a
    library board), the library's, a random one, their own."""
    usual = web_ruleset(ruleset).usual_board
    found = [(USUAL, f"{usual} (the usual board)")] if usual else []
    found += [(f"library:{key}", designed.name) for key, designed in BOARD_LIBRARY.items()]
    found.append((RANDOM, "A random board (fair for the battle)"))
    found += [(f"saved:{saved.pk}", f"My board: {saved.name}") for saved in saved_boards(user, ruleset)]
    return found


def chosen(
    value: str, user: Any, ruleset: str, setup_for: Callable[[BoardData | None], dict[str, Any]]
) -> BoardData | None:
    """The board a choice names (None: the ruleset's usual board). A random one is made fair for
    the battle `setup_for` sets up (on its usual board first, to learn its zones, markers and
    placed stands). BadData for a choice that names no board the player may use."""
    kind, _, key = value.partition(":")
    if value == USUAL:
        return None
    if kind == "library" and key in BOARD_LIBRARY:
        return library_board(key, ruleset)
    if kind == "saved" and key.isdigit():
        saved = next((b for b in saved_boards(user, ruleset) if b.pk == int(key)), None)
        if saved is not None:
            return saved.as_board()
    if value == RANDOM:
        made = rules_core.random_board(secrets.randbelow(10**6), setup=setup_for(None))
        return {"name": made.name, "terrain": made.terrain}
    raise BadData("Choose a board of the library, a random board or one of your own saved boards.")


def refusal(setup: dict[str, Any]) -> str | None:
    """Why a setup's board cannot be played for its battle, in words, or None."""
    found = rules_core.board_check(setup)
    if not found.refusals:
        return None
    name = setup.get("board", {}).get("name") or "That board"
    return f"{name} cannot be played for this battle: " + " ".join(found.refusals)


def proposals(battle: Any, state: rules_core.BattleState) -> list[tuple[str, str]]:
    """(the board as its JSON, label) of each board the chooser of a battle may propose next: the
    library's, a random one made for it now, and the battle creator's own saved boards."""
    ruleset = state.ruleset
    made = rules_core.random_board(secrets.randbelow(10**6), state=state)
    boards = [library_board(key, ruleset) for key in BOARD_LIBRARY]
    boards.append({"name": made.name, "terrain": made.terrain})
    owner = battle.created_by
    if owner is not None:
        boards += [saved.as_board() for saved in SavedBoard.objects.filter(owner=owner, ruleset=ruleset)]
    return [(json.dumps(board), board["name"]) for board in boards if board["name"] != state.board.name]
