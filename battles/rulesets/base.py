"""What generic web code asks of a ruleset: the hooks of a `WebRuleset`.

Generic lists, pages and live play call these and never test which ruleset a list or a battle is
for; each ruleset's folder holds one subclass (`<key>/plugin.py`). Templates reach the same object
as `ruleset` (its template names, scripts and styles).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import rules_core

if TYPE_CHECKING:
    from django.contrib.admin import AdminSite
    from django.contrib.admin.options import InlineModelAdmin
    from django.http import HttpRequest
    from django.urls import URLPattern

    from battles.lists.models import ArmyList, Profile
    from battles.play.models import Battle, BattleEvent


class WebRuleset(ABC):
    key: ClassVar[str]
    """The referee's key for it (`rules_core.RULESETS`)."""

    # Templates: the names of this ruleset's partials (battles/rulesets/<key>/templates/).
    pieces_template: ClassVar[str]
    """The pieces drawn on the board's svg."""
    status_template: ClassVar[str]
    """The armies' line under the battle's name (losses against the Break Point)."""
    heroes_template: ClassVar[str]
    """The hero cards beside the board."""
    panel_templates: ClassVar[tuple[str, ...]] = ()
    """Side-panel sections of its own (a mass battle's fight panel)."""
    stage_template: ClassVar[str] = ""
    """Anything it adds beside the board (an overlay its script fills)."""
    tools_template: ClassVar[str] = ""
    """Controls of its own under the board's tools (a skirmish's group bar)."""
    builder_template: ClassVar[str]
    print_template: ClassVar[str]
    stylesheets: ClassVar[tuple[str, ...]] = ()
    scripts: ClassVar[tuple[str, ...]] = ()
    """Static files (paths under static/) its battle page loads, after the generic ones."""
    recent_steps: ClassVar[int] = 0
    """How many of the latest steps its page reads (a mass battle's last combat and duel)."""

    @property
    def referee(self) -> rules_core.Ruleset:
        return rules_core.find_ruleset(self.key)

    @property
    def name(self) -> str:
        return self.referee.name

    @property
    def standard_points(self) -> int:
        return self.referee.standard_points

    @property
    def scenarios(self) -> bool:
        return self.referee.scenarios

    @property
    def powers_settings(self) -> Mapping[str, str]:
        """The Magical Powers a battle may be played with (none to choose from: one way)."""
        return self.referee.powers_settings

    @property
    def board_size(self) -> tuple[float, float]:
        """Its table, width by height in inches."""
        return self.referee.board_size

    usual_board: ClassVar[str] = ""
    """The name of the board its battles are fought on when their creator picks none, if that is
    not one of the library's (`battle_setup` with no board)."""

    # ------------------------------------------------------------ army lists

    holds: ClassVar[str]
    """What its lists hold, against another ruleset's ("it has warbands, not stands")."""

    def admin_inlines(self) -> list[type[InlineModelAdmin[Any, Any]]]:
        """Its list contents, shown inline on a list's admin page."""
        return []

    def register_admin(self, site: AdminSite) -> None:  # noqa: B027  (most rulesets have nothing to add)
        """Register in the admin what it shows on pages of their own."""

    @abstractmethod
    def summarise(self, army: Any) -> Any:
        """A list (saved, a draft or an import) checked by its list rules: totals, its side, and
        `problems` in plain words (a list with problems is a draft; `ready` when it has none)."""

    @abstractmethod
    def size(self, summary: Any) -> str:
        """What a list fields, in a few words ("12 models", "6 stands, 2 heroes")."""

    @abstractmethod
    def profiles_of(self, army: Any) -> list[Profile]:
        """Every profile a list uses, in list order (duplicates kept)."""

    @abstractmethod
    def draft_of(self, army: ArmyList) -> Any:
        """A saved list as an unsaved draft (to copy it)."""

    @abstractmethod
    def save_contents(self, army: ArmyList, draft: Any, profiles: Mapping[int, Profile]) -> None:
        """Save a draft's contents into a new list; `profiles` maps id() of each draft profile to
        the saved one to use."""

    @abstractmethod
    def export_contents(self, army: Any) -> dict[str, Any]:
        """A list's contents in the army-list file format (docs/army-list-format.md), with the
        profiles it uses."""

    @abstractmethod
    def parse_contents(
        self, doc: dict[str, Any], name: str, points_limit: int, profiles: dict[str, Profile]
    ) -> Any:
        """A file's contents as a draft (nothing saved); BadData says what is wrong."""

    def parse_list_builder(self, doc: dict[str, Any]) -> Any:
        """A MESBG List Builder export as a draft of this ruleset's (nothing saved); the file's
        problems, every one, as BadData. Only a ruleset whose lists that builder makes reads one."""
        from battles.lists.profiles import BadData

        raise BadData(f"A MESBG List Builder export is not a {self.name.lower()} list.")

    @abstractmethod
    def demo_document(self, side: str) -> dict[str, Any]:
        """The demo army of a side, as an army-list file."""

    @abstractmethod
    def builder_context(self, request: HttpRequest, army: ArmyList) -> dict[str, Any]:
        """What its builder shows: the list and what the player may add (battles/lists/offers.py)."""

    @abstractmethod
    def print_context(self, army: ArmyList) -> dict[str, Any]:
        """What its printable view shows."""

    def urls(self) -> list[URLPattern]:
        """Its builder's edits."""
        return []

    # ------------------------------------------------------------ live play

    @abstractmethod
    def battle_setup(
        self, armies: Mapping[rules_core.Side, Any], scenario: str = "", board: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """A battle's setup from two of its lists (`armies` by side), on the `board` chosen
        ({"name", "terrain"}: its pieces for this ruleset's table) or its own default; BadData when
        they cannot fight as given (an army that does not fit, a scenario it does not play)."""

    @abstractmethod
    def page_context(
        self,
        battle: Battle,
        state: rules_core.BattleState,
        actions: list[rules_core.Action],
        recent: list[BattleEvent],
    ) -> dict[str, Any]:
        """What its templates show of a battle to an audience whose legal actions are `actions`;
        `recent` holds the latest steps (`recent_steps` of them), oldest first."""

    def piece_names(self, state: rules_core.BattleState) -> dict[str, str]:
        """The names of pieces that are not models (a mass battle's stands), by id."""
        return {}

    def piece_sides(self, state: rules_core.BattleState) -> dict[str, str]:
        """The sides of pieces that are not models (a mass battle's stands), by id: their actions
        are grouped in the panel like a model's, unfolded, on their side."""
        return {}

    def piece_labels(self, state: rules_core.BattleState) -> dict[str, str]:
        """The short labels pieces carry on the board, by id, where they are not their names (a
        mass battle's "WR(S) 2"): the panel shows each beside the name, so either finds the other."""
        return {}

    roll_words: ClassVar[dict[str, str]] = {}
    """What a roll is for, in players' words, by the first part of its purpose ("shoot" of
    "shoot:<stand>"); a purpose not here is read as its words ("to_hit": "to hit")."""
    odds_words: ClassVar[dict[str, str]] = {}
    """How a row of odds per piece reads, by its key in the odds ("hero_lost"), with `{piece}`
    for the piece's name; a key not here reads "<Key> · <piece>"."""

    @abstractmethod
    def piece_card(
        self, state: rules_core.BattleState, piece: str, against: str
    ) -> tuple[str, dict[str, Any]] | None:
        """The template and context of a piece's card (None: no such piece); `against` another
        piece's id, for the odds of the two fighting."""

    # ------------------------------------------------------------ the end screen

    @abstractmethod
    def losses_text(self, state: rules_core.BattleState, side: rules_core.Side) -> str:
        """A side's losses as the end screen says them."""

    def hero_standing(self, state: rules_core.BattleState, model_id: str) -> str:
        """What the end screen says of a hero still standing."""
        model = state.models[model_id]
        return f"Unbowed, {model.wounds} of {model.profile.wounds} Wounds left"

    def hero_fallen(self, state: rules_core.BattleState, model_id: str) -> str | None:
        """What the end screen says of a hero who left the battle, where the ruleset says it
        itself (None: the end screen's own account, from who slew him)."""
        return None

    def hero_notes(self, state: rules_core.BattleState, model_id: str) -> list[str]:
        """What else the end screen says of a hero (the Battle Cards he played)."""
        return []

    # ------------------------------------------------------------ the demo

    demo_label: ClassVar[str]
    """What the printed links call its demo battle ("Demo battle")."""
    demo_battle_name: ClassVar[str]
    """The demo battle's name."""

    def is_moment(self, event: dict[str, Any]) -> bool:
        """Whether an event is one of the moments that decided the battle (a duel, a power cast)."""
        kind = event.get("type")
        return kind == "duel" or (kind == "casting" and bool(event.get("success")))
