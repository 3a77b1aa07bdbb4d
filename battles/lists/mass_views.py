"""The mass-battle builder's edits: lines of stands, heroes, their options and Battle Cards, the
General. Each is a small POST answered with the whole builder, re-checked (views.list_edit); every
write is a call to battles/lists/services.py, which refuses an edit to a list of the other ruleset."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from . import services
from .forms import HeroKitForm, OptionsForm, ProfileChoiceForm
from .models import ArmyList, ListHero, StandLine
from .views import _first_error, list_edit


def _stand_line(army: ArmyList, line_id: int) -> StandLine:
    return get_object_or_404(StandLine, pk=line_id, army_list=army)


def _hero(army: ArmyList, hero_id: int) -> ListHero:
    return get_object_or_404(ListHero, pk=hero_id, army_list=army)


@list_edit
def add_stands(request: HttpRequest, army: ArmyList) -> str | None:
    form = ProfileChoiceForm(request.user, False, request.POST)
    if not form.is_valid():
        return _first_error(form)
    services.add_stands(army, form.cleaned_data["profile"], form.cleaned_data["count"] or 1)
    return None


@list_edit
def update_stands(request: HttpRequest, army: ArmyList, line_id: int) -> str | None:
    line = _stand_line(army, line_id)
    form = OptionsForm(line.profile, request.POST)
    if not form.is_valid():
        return _first_error(form)
    services.change_stands(army, line, form.cleaned_data["count"] or line.count, form.cleaned_data["options"])
    return None


@list_edit
def remove_stands(request: HttpRequest, army: ArmyList, line_id: int) -> str | None:
    services.remove_part(army, _stand_line(army, line_id))
    return None


@list_edit
def add_hero(request: HttpRequest, army: ArmyList) -> str | None:
    form = ProfileChoiceForm(request.user, True, request.POST)
    if not form.is_valid():
        return _first_error(form)
    services.add_hero(army, form.cleaned_data["profile"])
    return None


@list_edit
def equip_hero(request: HttpRequest, army: ArmyList, hero_id: int) -> str | None:
    hero = _hero(army, hero_id)
    form = HeroKitForm(hero.profile, request.POST)
    if not form.is_valid():
        return _first_error(form)
    services.equip_hero(army, hero, form.cleaned_data["options"], form.cleaned_data["cards"])
    return None


@list_edit
def make_general(request: HttpRequest, army: ArmyList, hero_id: int) -> str | None:
    services.make_general(army, _hero(army, hero_id))
    return None


@list_edit
def remove_hero(request: HttpRequest, army: ArmyList, hero_id: int) -> str | None:
    services.remove_part(army, _hero(army, hero_id))
    return None
