"""The skirmish builder's edits: warbands, their heroes' options, followers, the General. Each is a
small POST answered with the whole builder, re-checked (`list_edit`)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path
from django.utils.text import slugify

from battles.lists import services
from battles.lists.army_lists import in_list
from battles.lists.forms import OptionsForm, ProfileChoiceForm
from battles.lists.models import ArmyList
from battles.lists.profiles import BadData
from battles.lists.views import first_error, list_edit, owned_list

from . import lists
from .listbuilder import export_list_builder
from .models import Follower, Warband


def _warband(army: ArmyList, warband_id: int) -> Warband:
    """One of the list's warbands, from those read with it."""
    found = next((w for w in army.warbands.all() if w.pk == warband_id), None)
    if found is None:
        raise Http404("No such warband in this list.")
    return found


def _follower(army: ArmyList, follower_id: int) -> Follower:
    return get_object_or_404(Follower, pk=follower_id, warband__army_list=army)


@list_edit
def add_warband(request: HttpRequest, army: ArmyList) -> str | None:
    form = ProfileChoiceForm(request.user, True, request.POST)
    if not form.is_valid():
        return first_error(form)
    lists.add_warband(army, form.cleaned_data["profile"])
    return None


@list_edit
def make_general(request: HttpRequest, army: ArmyList, warband_id: int) -> str | None:
    services.make_general(army, _warband(army, warband_id))
    return None


@list_edit
def remove_warband(request: HttpRequest, army: ArmyList, warband_id: int) -> str | None:
    services.remove_part(army, _warband(army, warband_id))
    return None


@list_edit
def hero_options(request: HttpRequest, army: ArmyList, warband_id: int) -> str | None:
    warband = _warband(army, warband_id)
    form = OptionsForm(in_list(army.built_from, warband.hero), request.POST)
    if not form.is_valid():
        return first_error(form)
    lists.set_hero_options(army, warband, form.cleaned_data["options"])
    return None


@list_edit
def add_follower(request: HttpRequest, army: ArmyList, warband_id: int) -> str | None:
    warband = _warband(army, warband_id)
    form = ProfileChoiceForm(request.user, None if lists.heroes_may_follow(army) else False, request.POST)
    if not form.is_valid():
        return first_error(form)
    lists.add_followers(army, warband, form.cleaned_data["profile"], form.cleaned_data["count"] or 1)
    return None


@list_edit
def update_follower(request: HttpRequest, army: ArmyList, follower_id: int) -> str | None:
    follower = _follower(army, follower_id)
    form = OptionsForm(in_list(army.built_from, follower.profile), request.POST)
    if not form.is_valid():
        return first_error(form)
    count = form.cleaned_data["count"] or follower.count
    lists.change_followers(army, follower, count, form.cleaned_data["options"])
    return None


@list_edit
def remove_follower(request: HttpRequest, army: ArmyList, follower_id: int) -> str | None:
    services.remove_part(army, _follower(army, follower_id))
    return None


@owned_list
def export_to_list_builder(request: HttpRequest, army: ArmyList) -> HttpResponse:
    """The list as a MESBG List Builder export, for a player to take it back there."""
    try:
        doc = export_list_builder(army)
    except BadData as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    response = JsonResponse(doc, json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = (
        f'attachment; filename="{slugify(army.name) or "army"}-list-builder.json"'
    )
    return response


urlpatterns: list[URLPattern] = [
    path("armies/<int:pk>/warbands/", add_warband, name="add_warband"),
    path("armies/<int:pk>/warbands/<int:warband_id>/general/", make_general, name="make_general"),
    path("armies/<int:pk>/warbands/<int:warband_id>/remove/", remove_warband, name="remove_warband"),
    path("armies/<int:pk>/warbands/<int:warband_id>/options/", hero_options, name="hero_options"),
    path("armies/<int:pk>/warbands/<int:warband_id>/followers/", add_follower, name="add_follower"),
    path("armies/<int:pk>/followers/<int:follower_id>/", update_follower, name="update_follower"),
    path("armies/<int:pk>/followers/<int:follower_id>/remove/", remove_follower, name="remove_follower"),
    path("armies/<int:pk>/list-builder.json", export_to_list_builder, name="export_list_builder"),
]
