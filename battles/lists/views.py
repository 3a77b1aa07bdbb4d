"""Army list pages: my lists, the builder (htmx), import/export, printing, sharing; profiles.
Each ruleset's list has its own builder and printable view, and its own edits (its web code's
`builder_context`, `print_context` and `urls`, which use `list_edit` and `first_error` here); the
rest serves lists of every ruleset.

Every change to a list is a small POST that answers with the whole builder, re-checked, so the
player sees every problem as they build. Without JavaScript the same forms post and redirect.
Lists and custom profiles are their owner's alone: anyone else gets "not found". The views read
and check; every write is a call to battles/lists/services.py (or a ruleset's own edits).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from battles.http import HtmxRequest, SignedInRequest
from battles.rulesets import DEFAULT_RULESET, summary_of, web_ruleset, web_rulesets
from battles.throttle import IMPORT, throttled_posts

from . import services
from .army_lists import army_list_choices
from .forms import ImportForm, ListSettingsForm, NewListForm, ProfileForm, ProfilesFileForm
from .listfile import MAX_FILE_BYTES, export_list, read_list_file
from .models import ArmyList, Profile
from .profilefile import ProfileFileProblems, read_profiles_file
from .profiles import BadData
from .search import KIND_CHOICES, filtered

View = Callable[..., HttpResponse]


# ---------------------------------------------------------------- my lists, import


@login_required
def army_lists(request: SignedInRequest) -> HttpResponse:
    return _lists_page(request)


def _lists_page(request: SignedInRequest, error: str = "", status: int = 200) -> HttpResponse:
    armies = ArmyList.with_contents().filter(owner=request.user)
    rows = []
    for army in armies:
        summary = summary_of(army)
        rows.append({"army": army, "summary": summary, "size": web_ruleset(army.ruleset).size(summary)})
    standard = ", ".join(f"{r.standard_points} ({r.name.lower()})" for r in web_rulesets())
    return render(
        request,
        "armies/lists.html",
        {
            "rows": rows,
            "settings_form": NewListForm(),
            "import_form": ImportForm(),
            "error": error,
            "standard_points": standard,
        },
        status=status,
    )


@login_required
@require_POST
def new_list(request: SignedInRequest) -> HttpResponse:
    form = NewListForm(request.POST)
    if not form.is_valid():
        return _lists_page(request, first_error(form), 422)
    data = form.cleaned_data
    army = services.new_list(
        request.user,
        data["name"],
        data["points_limit"],
        data["ruleset"] or DEFAULT_RULESET,
        data.get("built_from") or "",
    )
    return redirect("army", pk=army.pk)


@login_required
@require_POST
@throttled_posts("import", IMPORT)
def import_list(request: SignedInRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _lists_page(request, "Choose an army list file to import.", 400)
    try:
        draft = read_list_file(form.cleaned_data["file"].read(MAX_FILE_BYTES + 1))
    except BadData as exc:
        return _lists_page(request, f"Nothing was imported. {exc}", 400)
    army = services.save_list(request.user, draft)
    messages.success(request, f"Imported {army.name}.")
    return redirect("army", pk=army.pk)


# ---------------------------------------------------------------- the builder


def owned_list(view: View) -> View:
    """Give the view the signed-in user's list `pk`, or answer 404 (also for other people's lists)."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, **kwargs: Any) -> HttpResponse:
        army = get_object_or_404(ArmyList, pk=pk, owner=request.user).fetch_contents()
        return view(request, army, **kwargs)

    return wrapper


def list_edit(view: Callable[..., str | None]) -> View:
    """A POST that changes a list: the view returns an error message (a form that does not check
    out), or None once the service has changed the list; the service's refusal (BadData) is an
    error too, and changes nothing. The answer is the builder (htmx) or a redirect to it."""

    @require_POST
    @owned_list
    @wraps(view)
    def wrapper(request: SignedInRequest, army: ArmyList, **kwargs: Any) -> HttpResponse:
        try:
            error = view(request, army, **kwargs)
        except BadData as exc:
            error = str(exc)
        if error or request.htmx:
            fresh = ArmyList.objects.get(pk=army.pk).fetch_contents()  # as the change left it
            return builder(request, fresh, error or "", 422 if error else 200)
        return redirect("army", pk=army.pk)

    return wrapper


@owned_list
def army(request: SignedInRequest, army: ArmyList) -> HttpResponse:
    return builder(request, army)


def builder(request: HtmxRequest, army: ArmyList, error: str = "", status: int = 200) -> HttpResponse:
    """The builder of a list whose contents are fetched."""
    share_url = (
        request.build_absolute_uri(reverse("shared_list", args=[army.share_token]))
        if army.share_token
        else ""
    )
    rules = web_ruleset(army.ruleset)
    context = rules.builder_context(request, army)
    context.update(army=army, error=error, share_url=share_url, builder_template=rules.builder_template)
    template = rules.builder_template if request.htmx else "armies/builder.html"
    return render(request, template, context, status=status)


def first_error(form: Any) -> str:
    for field, errors in form.errors.items():
        if field not in form.fields:
            return str(errors[0])
        label = form.fields[field].label or field.replace("_", " ").capitalize()
        return f"{label}: {errors[0]}"
    return "That was not understood."


@list_edit
def list_settings(request: HttpRequest, army: ArmyList) -> str | None:
    form = ListSettingsForm(request.POST, instance=army)
    if not form.is_valid():
        return first_error(form)
    services.change_settings(army, form.cleaned_data["name"], form.cleaned_data["points_limit"])
    return None


@list_edit
def share_list(request: HttpRequest, army: ArmyList) -> str | None:
    services.share_list(army, request.POST.get("share") == "on")
    return None


# ---------------------------------------------------------------- whole lists


@require_POST
@owned_list
def duplicate_list(request: HttpRequest, army: ArmyList) -> HttpResponse:
    copy = services.copy_list(request.user, army)
    messages.success(request, f"{army.name} copied as {copy.name}.")
    return redirect("army", pk=copy.pk)


@owned_list
def delete_list(request: HttpRequest, army: ArmyList) -> HttpResponse:
    if request.method == "POST":
        services.delete_list(army)
        messages.success(request, f"{army.name} deleted.")
        return redirect("army_lists")
    return render(request, "armies/delete.html", {"army": army})


@owned_list
def export_list_file(request: HttpRequest, army: ArmyList) -> HttpResponse:
    response = JsonResponse(export_list(army), json_dumps_params={"indent": 2, "ensure_ascii": False})
    filename = f"{slugify(army.name) or 'army-list'}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@owned_list
def print_list(request: HttpRequest, army: ArmyList) -> HttpResponse:
    return _print(request, army, shared=False)


def shared_list(request: HttpRequest, token: str) -> HttpResponse:
    army = ArmyList.with_contents().filter(share_token=token).first() if token else None
    if army is None:
        raise Http404("This list is not shared (any more).")
    return _print(request, army, shared=True)


def _print(request: HttpRequest, army: ArmyList, shared: bool) -> HttpResponse:
    rules = web_ruleset(army.ruleset)
    return render(
        request, rules.print_template, {**rules.print_context(army), "army": army, "shared": shared}
    )


# ---------------------------------------------------------------- profiles


def profile_list(request: HttpRequest, problems: list[str] | None = None, status: int = 200) -> HttpResponse:
    profiles = filtered(Profile.visible_to(request.user).order_by("owner_id", "name"), request.GET)
    context = {
        "profiles": profiles,
        "import_form": ProfilesFileForm(),
        "problems": problems or [],
        "query": request.GET,
        "kinds": KIND_CHOICES,
        "army_lists": army_list_choices(),
    }
    return render(request, "armies/profiles.html", context, status=status)


@login_required
@require_POST
@throttled_posts("import", IMPORT)
def import_profiles(request: SignedInRequest) -> HttpResponse:
    """A JSON or CSV file of profiles becomes the player's own, all or none: every problem is listed
    with its row, and a file with any problem saves nothing."""
    form = ProfilesFileForm(request.POST, request.FILES)
    if not form.is_valid():
        return profile_list(request, ["Choose a JSON or CSV file of profiles to import."], 400)
    upload = form.cleaned_data["file"]
    try:
        found = read_profiles_file(upload.read(MAX_FILE_BYTES + 1), upload.name or "")
        saved = services.import_profiles(request.user, found)
    except ProfileFileProblems as exc:
        return profile_list(request, exc.problems, 400)
    messages.success(request, f"Imported {len(saved)} profile{'s' if len(saved) != 1 else ''}.")
    return redirect("profiles")


def profile_detail(request: HttpRequest, pk: int) -> HttpResponse:
    profile = get_object_or_404(Profile.visible_to(request.user), pk=pk)
    return render(request, "armies/profile.html", {"profile": profile})


@login_required
def profile_edit(request: SignedInRequest, pk: int | None = None) -> HttpResponse:
    profile = get_object_or_404(Profile, pk=pk, owner=request.user) if pk else Profile(owner=request.user)
    form = ProfileForm(request.POST or None, instance=profile)
    if request.method == "POST":
        if form.is_valid():
            saved = services.save_profile(form.save(commit=False))
            messages.success(request, f"{saved.name} saved.")
            return redirect("profile", pk=saved.pk)
        return render(request, "armies/profile_form.html", {"form": form, "profile": profile}, status=422)
    return render(request, "armies/profile_form.html", {"form": form, "profile": profile})


@login_required
@require_POST
def profile_delete(request: SignedInRequest, pk: int) -> HttpResponse:
    profile = get_object_or_404(Profile, pk=pk, owner=request.user)
    try:
        services.delete_profile(profile)
    except BadData as exc:
        messages.error(request, str(exc))
        return redirect("profile", pk=pk)
    messages.success(request, f"{profile.name} deleted.")
    return redirect("profiles")
