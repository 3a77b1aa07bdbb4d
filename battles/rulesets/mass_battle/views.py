"""The mass-battle builder's edits: lines of stands, heroes, their options and Battle Cards, the
General. Each is a small POST answered with the whole builder, re-checked (`list_edit`); every
write is an edit of `lists`, which refuses an edit to a list of another ruleset."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path

from battles.lists import services
from battles.lists.army_lists import in_list
from battles.lists.forms import OptionsForm, ProfileChoiceForm
from battles.lists.models import ArmyList
from battles.lists.views import first_error, list_edit

from . import lists
from .forms import HeroKitForm
from .models import ListHero, StandLine


def _stand_line(army: ArmyList, line_id: int) -> StandLine:
    return get_object_or_404(StandLine, pk=line_id, army_list=army)


def _hero(army: ArmyList, hero_id: int) -> ListHero:
    return get_object_or_404(ListHero, pk=hero_id, army_list=army)


@list_edit
def add_stands(request: HttpRequest, army: ArmyList) -> str | None:
    form = ProfileChoiceForm(request.user, False, request.POST)
    if not form.is_valid():
        return first_error(form)
    lists.add_stands(army, form.cleaned_data["profile"], form.cleaned_data["count"] or 1)
    return None


@list_edit
def update_stands(request: HttpRequest, army: ArmyList, line_id: int) -> str | None:
    line = _stand_line(army, line_id)
    form = OptionsForm(in_list(army.built_from, line.profile), request.POST)
    if not form.is_valid():
        return first_error(form)
    lists.change_stands(army, line, form.cleaned_data["count"] or line.count, form.cleaned_data["options"])
    return None


@list_edit
def remove_stands(request: HttpRequest, army: ArmyList, line_id: int) -> str | None:
    services.remove_part(army, _stand_line(army, line_id))
    return None


@list_edit
def add_hero(request: HttpRequest, army: ArmyList) -> str | None:
    form = ProfileChoiceForm(request.user, True, request.POST)
    if not form.is_valid():
        return first_error(form)
    lists.add_hero(army, form.cleaned_data["profile"])
    return None


@list_edit
def equip_hero(request: HttpRequest, army: ArmyList, hero_id: int) -> str | None:
    hero = _hero(army, hero_id)
    form = HeroKitForm(in_list(army.built_from, hero.profile), request.POST)
    if not form.is_valid():
        return first_error(form)
    lists.equip_hero(army, hero, form.cleaned_data["options"], form.cleaned_data["cards"])
    return None


@list_edit
def make_general(request: HttpRequest, army: ArmyList, hero_id: int) -> str | None:
    services.make_general(army, _hero(army, hero_id))
    return None


@list_edit
def remove_hero(request: HttpRequest, army: ArmyList, hero_id: int) -> str | None:
    services.remove_part(army, _hero(army, hero_id))
    return None


urlpatterns: list[URLPattern] = [
    path("armies/<int:pk>/stands/", add_stands, name="add_stands"),
    path("armies/<int:pk>/stands/<int:line_id>/", update_stands, name="update_stands"),
    path("armies/<int:pk>/stands/<int:line_id>/remove/", remove_stands, name="remove_stands"),
    path("armies/<int:pk>/heroes/", add_hero, name="add_hero"),
    path("armies/<int:pk>/heroes/<int:hero_id>/", equip_hero, name="equip_hero"),
    path("armies/<int:pk>/heroes/<int:hero_id>/general/", make_general, name="make_hero_general"),
    path("armies/<int:pk>/heroes/<int:hero_id>/remove/", remove_hero, name="remove_hero"),
]
