"""The mass battle's web code (`WebRuleset`): stands and heroes with Battle Cards in the builder, a
battle of stands with attached and loose heroes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import rules_core
from battles.rulesets.base import WebRuleset

from . import lists, pages
from .usual_board import USUAL_BOARD

if TYPE_CHECKING:
    from django.contrib.admin.options import InlineModelAdmin
    from django.http import HttpRequest
    from django.urls import URLPattern

    from battles.lists.models import ArmyList, Profile
    from battles.play.models import Battle, BattleEvent

T = "rulesets/mass_battle/"
MOMENTS = ("power", "card_played", "stand_destroyed", "hero_lost", "army_broken")


class MassBattle(WebRuleset):
    key = lists.KEY
    holds = "it has stands and heroes, not warbands"
    pieces_template = T + "_pieces.html"
    status_template = T + "_armies.html"
    heroes_template = T + "_heroes.html"
    panel_templates = (T + "_fight.html",)
    stage_template = T + "_stage.html"
    builder_template = T + "_builder.html"
    print_template = T + "print.html"
    stylesheets = (T + "mass.css",)
    scripts = (T + "mass.js",)
    recent_steps = 12
    """The steps its page looks back over for the last combat and duel."""
    demo_label = "Demo mass battle"
    roll_words = {
        "shoot": "the shot",
        "blast": "the blast",
        "combat": "the combat",
        "reroll": "a re-roll",
        "duel": "the duel",
        "escape": "a Bodyguard roll",
        "fate": "a Fate roll",
        "heroic_strike": "a Heroic Strike",
    }
    odds_words = {"hero_lost": "{piece} loses a hero (a natural 1)"}
    demo_battle_name = "Demo mass battle: Riders of Rohan against the Host of Mordor"

    # ------------------------------------------------------------ army lists

    def admin_inlines(self) -> list[type[InlineModelAdmin[Any, Any]]]:
        from .admin import ListHeroInline, StandLineInline

        return [StandLineInline, ListHeroInline]

    def summarise(self, army: Any) -> rules_core.mass_battle.MassSummary:
        return lists.summarise(army)

    def size(self, summary: Any) -> str:
        stands, heroes = summary.stands, summary.heroes
        return f"{stands} stand{'' if stands == 1 else 's'}, {heroes} hero{'' if heroes == 1 else 'es'}"

    def profiles_of(self, army: Any) -> list[Profile]:
        return lists.profiles_of(army)

    def draft_of(self, army: ArmyList) -> lists.MassDraft:
        return lists.draft_of(army)

    def save_contents(self, army: ArmyList, draft: Any, profiles: Mapping[int, Profile]) -> None:
        lists.save_contents(army, draft, profiles)

    def export_contents(self, army: Any) -> dict[str, Any]:
        return lists.export_contents(army)

    def parse_contents(
        self, doc: dict[str, Any], name: str, points_limit: int, profiles: dict[str, Profile]
    ) -> lists.MassDraft:
        return lists.parse_contents(doc, name, points_limit, profiles)

    def demo_document(self, side: str) -> dict[str, Any]:
        from .demo import DEMO_MASS_DOCUMENTS

        return DEMO_MASS_DOCUMENTS[side]

    def builder_context(self, request: HttpRequest, army: ArmyList) -> dict[str, Any]:
        return pages.builder_context(army, request.user)

    def print_context(self, army: ArmyList) -> dict[str, Any]:
        return pages.print_context(army)

    def urls(self) -> list[URLPattern]:
        from .views import urlpatterns

        return urlpatterns

    # ------------------------------------------------------------ live play

    usual_board = USUAL_BOARD

    def battle_setup(
        self, armies: Mapping[rules_core.Side, Any], scenario: str = "", board: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        from .setup import mass_battle_setup

        return mass_battle_setup(armies, board)

    def page_context(
        self,
        battle: Battle,
        state: rules_core.BattleState,
        actions: list[rules_core.Action],
        recent: list[BattleEvent],
    ) -> dict[str, Any]:
        from .presenter import mass_context

        return mass_context(state, actions, [e for step in recent for e in step.events])

    def piece_names(self, state: rules_core.BattleState) -> dict[str, str]:
        from .presenter import piece_names

        return piece_names(state)

    def piece_sides(self, state: rules_core.BattleState) -> dict[str, str]:
        assert isinstance(state, rules_core.mass_battle.MassState)
        return {s.id: s.side for s in state.stands.values()}

    def piece_labels(self, state: rules_core.BattleState) -> dict[str, str]:
        from .presenter import board_labels

        assert isinstance(state, rules_core.mass_battle.MassState)
        return board_labels(state)

    def piece_card(
        self, state: rules_core.BattleState, piece: str, against: str
    ) -> tuple[str, dict[str, Any]] | None:
        from battles.play.unit_card import unit_card

        from .presenter import stand_view

        assert isinstance(state, rules_core.mass_battle.MassState)
        if piece in state.stands:
            return T + "_stand_card.html", {"stand": stand_view(state, state.stands[piece], set())}
        card = unit_card(state, piece, against)
        return None if card is None else ("battles/_unit_card.html", {"card": card})

    def losses_text(self, state: rules_core.BattleState, side: rules_core.Side) -> str:
        """Losses as the Break Point counts them (§2.5)."""
        assert isinstance(state, rules_core.mass_battle.MassState)
        return f"{state.losses(side)} lost of a starting strength of {state.armies[side].starting_models}"

    def hero_standing(self, state: rules_core.BattleState, model_id: str) -> str:
        """§1: a mass battle's heroes have no Wounds: standing with his stand, or loose."""
        assert isinstance(state, rules_core.mass_battle.MassState)
        stand = state.stand_of(state.models[model_id])
        return f"Standing, with {stand.name}" if stand is not None else "Standing, loose"

    def hero_fallen(self, state: rules_core.BattleState, model_id: str) -> str | None:
        assert isinstance(state, rules_core.mass_battle.MassState)
        reason = state.heroes[model_id].lost
        return f"Lost: {reason}" if reason else None

    def hero_notes(self, state: rules_core.BattleState, model_id: str) -> list[str]:
        assert isinstance(state, rules_core.mass_battle.MassState)
        played = [held.card.name for held in state.heroes[model_id].cards if held.used]
        return [f"Played {', '.join(played)}"] if played else []

    def is_moment(self, event: dict[str, Any]) -> bool:
        """The moments that decided a mass battle: duels, powers cast, Battle Cards played, stands
        destroyed, heroes lost (a natural 1 among them), an army Broken, and a combat or shot won by
        Might that destroyed a stand."""
        kind = event.get("type")
        if kind in MOMENTS or super().is_moment(event):
            return True
        result = event.get("result")
        destroyed = result == "destroyed" or (isinstance(result, dict) and result.get("kind") == "destroyed")
        return kind in ("combat", "volley") and destroyed and any(event.get("might", {}).values())


RULESET = MassBattle()
