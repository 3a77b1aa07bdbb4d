"""The board pages: the library (the designed boards, a random one, my saved boards, each drawn),
and the board editor (place, move, turn, resize and delete pieces from a palette; on a phone too),
which saves a board to choose for later battles. A saved board is its owner's alone."""

from __future__ import annotations

import json
import secrets
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

import rules_core
from battles.http import SignedInRequest
from battles.rulesets import DEFAULT_RULESET, keys, web_ruleset
from rules_core import BOARD_LIBRARY, TERRAIN_KINDS, RuleViolation

from . import choices
from .drawing import legend, piece_views
from .models import SavedBoard

MAX_NAME = 80


def _ruleset(request: HttpRequest) -> str:
    key = request.GET.get("ruleset", "")
    return key if key in keys() else DEFAULT_RULESET


def _drawn(name: str, terrain: list[dict[str, Any]], ruleset: str, **extra: Any) -> dict[str, Any]:
    table = choices.table(ruleset)
    views = piece_views(rules_core.terrain_of(terrain))
    return {"name": name, "board": table, "pieces": views, "legend": legend(views), **extra}


def library(request: HttpRequest) -> HttpResponse:
    ruleset = _ruleset(request)
    designed = [
        _drawn(
            b.name,
            choices.library_board(key, ruleset)["terrain"],
            ruleset,
            about=b.about,
            key=f"library:{key}",
        )
        for key, b in BOARD_LIBRARY.items()
    ]
    mine = [_drawn(s.name, s.terrain, ruleset, saved=s) for s in choices.saved_boards(request.user, ruleset)]
    return render(
        request,
        "boards/library.html",
        {"designed": designed, "mine": mine, "ruleset": web_ruleset(ruleset), "rulesets": keys()},
    )


def editor(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """A new board (empty, or a copy of a library board or a random one), or one of mine."""
    saved = None
    if pk is not None:
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        saved = get_object_or_404(SavedBoard, pk=pk, owner=request.user)
        ruleset, name, terrain = saved.ruleset, saved.name, list(saved.terrain)
    else:
        ruleset = _ruleset(request)
        name, terrain = "My board", []
        start = request.GET.get("from", "")
        if start.startswith("library:") and start[8:] in BOARD_LIBRARY:
            name, terrain = (
                f"{BOARD_LIBRARY[start[8:]].name} (copy)",
                choices.library_board(start[8:], ruleset)["terrain"],
            )
        elif start == choices.RANDOM:
            made = rules_core.random_board(secrets.randbelow(10**6), setup=_empty_setup(ruleset))
            name, terrain = made.name, made.terrain
    table = choices.table(ruleset)
    data = {
        "id": saved.pk if saved else None,
        "name": name,
        "ruleset": ruleset,
        "width": table.width,
        "height": table.height,
        "terrain": terrain,
        "kinds": {key: {"label": kind.label, **kind.properties} for key, kind in TERRAIN_KINDS.items()},
        "save_url": reverse("board_save"),
    }
    return render(
        request,
        "boards/editor.html",
        {
            "board": table,
            "data": data,
            "saved": saved,
            "ruleset": web_ruleset(ruleset),
            "signed_in": request.user.is_authenticated,
        },
    )


def _empty_setup(ruleset: str) -> dict[str, Any]:
    """A battle of the ruleset with no scenario, for the random board's zones."""
    width, height = rules_core.find_ruleset(ruleset).board_size
    return {"ruleset": ruleset, "board": {"width": width, "height": height}, "armies": {}}


@require_POST
def save(request: HttpRequest) -> HttpResponse:
    """Save the editor's board ({"id", "name", "ruleset", "terrain"} as JSON); answers with what
    each kind of battle would say of it: fair, or refused and why."""
    if not request.user.is_authenticated:
        return JsonResponse({"ok": False, "message": "Sign in to save your boards."}, status=403)
    try:
        data = json.loads(request.body)
        name = str(data.get("name", "")).strip()
        ruleset = data.get("ruleset") if data.get("ruleset") in keys() else DEFAULT_RULESET
        terrain = data.get("terrain")
        if not name or len(name) > MAX_NAME:
            raise ValueError(f"Give the board a name of 1 to {MAX_NAME} letters.")
        if not isinstance(terrain, list) or len(terrain) > 80:
            raise ValueError("A board has at most 80 pieces.")
        rules_core.terrain_of(terrain)
    except (ValueError, TypeError, AttributeError) as bad:
        return JsonResponse({"ok": False, "message": str(bad)}, status=422)
    except RuleViolation as bad:
        return JsonResponse({"ok": False, "message": bad.message}, status=422)
    saved = (
        SavedBoard.objects.filter(pk=data.get("id"), owner=request.user).first() if data.get("id") else None
    )
    if saved is None:
        saved = SavedBoard(owner=request.user)
    saved.name, saved.ruleset, saved.terrain = name, ruleset, terrain
    saved.save()
    report = [
        {
            "battle": label,
            "refusals": found.refusals,
            "warnings": found.warnings,
            "coverage": round(found.coverage, 3),
        }
        for label, found in rules_core.board_report(ruleset, terrain)
    ]
    return JsonResponse(
        {"ok": True, "id": saved.pk, "url": reverse("board_edit", args=[saved.pk]), "checks": report}
    )


@login_required
@require_POST
def delete(request: SignedInRequest, pk: int) -> HttpResponse:
    get_object_or_404(SavedBoard, pk=pk, owner=request.user).delete()
    return redirect("board_library")
