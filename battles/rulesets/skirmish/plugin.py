"""The skirmish game's web code (`WebRuleset`): warbands in the builder, a battle of models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import rules_core
from battles.rulesets.base import WebRuleset

from . import lists, pages

if TYPE_CHECKING:
    from django.contrib.admin import AdminSite
    from django.contrib.admin.options import InlineModelAdmin
    from django.http import HttpRequest
    from django.urls import URLPattern

    from battles.lists.models import ArmyList, Profile
    from battles.play.models import Battle, BattleEvent

T = "rulesets/skirmish/"


class Skirmish(WebRuleset):
    key = lists.KEY
    holds = "it has warbands, not stands"
    pieces_template = T + "_pieces.html"
    status_template = T + "_armies.html"
    heroes_template = T + "_heroes.html"
    builder_template = T + "_builder.html"
    print_template = T + "print.html"
    tools_template = T + "_group_bar.html"
    scripts = (T + "skirmish.js",)
    demo_label = "Demo battle"
    demo_battle_name = "Demo: Minas Tirith against Mordor"

    # ------------------------------------------------------------ army lists

    def admin_inlines(self) -> list[type[InlineModelAdmin[Any, Any]]]:
        from .admin import WarbandInline

        return [WarbandInline]

    def register_admin(self, site: AdminSite) -> None:
        from .admin import WarbandAdmin
        from .models import Warband

        site.register(Warband, WarbandAdmin)

    def summarise(self, army: Any) -> rules_core.skirmish.Summary:
        return lists.summarise(army)

    def size(self, summary: Any) -> str:
        return f"{summary.models} models"

    def profiles_of(self, army: Any) -> list[Profile]:
        return lists.profiles_of(army)

    def draft_of(self, army: ArmyList) -> lists.SkirmishDraft:
        return lists.draft_of(army)

    def save_contents(self, army: ArmyList, draft: Any, profiles: Mapping[int, Profile]) -> None:
        lists.save_contents(army, draft, profiles)

    def export_contents(self, army: Any) -> dict[str, Any]:
        return lists.export_contents(army)

    def parse_contents(
        self, doc: dict[str, Any], name: str, points_limit: int, profiles: dict[str, Profile]
    ) -> lists.SkirmishDraft:
        return lists.parse_contents(doc, name, points_limit, profiles)

    def parse_list_builder(self, doc: dict[str, Any]) -> lists.SkirmishDraft:
        from .listbuilder import read_list_builder

        return read_list_builder(doc)

    def demo_document(self, side: str) -> dict[str, Any]:
        from .demo import DEMO_DOCUMENTS

        return DEMO_DOCUMENTS[side]

    def builder_context(self, request: HttpRequest, army: ArmyList) -> dict[str, Any]:
        return pages.builder_context(army, request.user, request.GET.get("q", "")[:100])

    def print_context(self, army: ArmyList) -> dict[str, Any]:
        return pages.print_context(army)

    def urls(self) -> list[URLPattern]:
        from .views import urlpatterns

        return urlpatterns

    # ------------------------------------------------------------ live play

    def battle_setup(
        self, armies: Mapping[rules_core.Side, Any], scenario: str = "", board: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        from .setup import battle_setup

        return battle_setup(armies, scenario, board)

    def page_context(
        self,
        battle: Battle,
        state: rules_core.BattleState,
        actions: list[rules_core.Action],
        recent: list[BattleEvent],
    ) -> dict[str, Any]:
        from .presenter import page_context

        return page_context(state, actions)

    def piece_card(
        self, state: rules_core.BattleState, piece: str, against: str
    ) -> tuple[str, dict[str, Any]] | None:
        from battles.play.unit_card import unit_card

        card = unit_card(state, piece, against)
        return None if card is None else ("battles/_unit_card.html", {"card": card})

    def losses_text(self, state: rules_core.BattleState, side: rules_core.Side) -> str:
        return f"{state.casualties(side)} of {state.armies[side].starting_models} models lost"


RULESET = Skirmish()
