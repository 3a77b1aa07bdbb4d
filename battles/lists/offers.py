"""What a list's builder offers to add: heroes and warriors from the catalogue (from an army list,
its entries at their tier and price in it; else every playable catalogue profile) and, in a list of
any profiles, the user's own.

The catalogue's part is the same for every list of one army list and side until the catalogue is
loaded again, so this process keeps it (with its `<option>` tags rendered once) instead of reading
and rendering hundreds of profiles on every request. It is thrown away when the catalogue's rows
change: `catalogue_changed` (called by `services.load_catalogue`, and when a catalogue row is saved
or deleted on its own, as the admin does) bumps a generation in Django's cache, which every process
of a deployment shares (Redis), and a stamp of the catalogue's rows (how many, the newest id) is
read with each request, so rows deleted or made by another process are seen too.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max
from django.db.models.signals import post_delete, post_save
from django.utils.html import format_html_join

from rules_core import tier_name

from .army_lists import HEROIC_TIERS, TIER_ORDER, army_list_named
from .models import FIELDED_KINDS, Profile

GENERATION_KEY = "catalogue-generation"
FIELDS = ("pk", "name", "points", "tier", "keywords", "side", "catalogue_id")


@dataclass(frozen=True)
class Offer:
    """A profile as an offer shows it: its name and price (in the list's army list), its tier."""

    pk: int
    name: str
    points: int
    tier: str
    """The tier's key in this army list ("" for a warrior)."""
    words: str
    """Its name and keywords, casefolded, for a search."""
    mine: bool = False

    @property
    def tier_name(self) -> str:
        return tier_name(self.tier)


def _offer(row: dict[str, Any], points: int, tier: str, mine: bool = False) -> Offer:
    words = " ".join([row["name"], *row["keywords"]]).casefold()
    return Offer(row["pk"], row["name"], points, tier, words, mine)


@dataclass(frozen=True)
class Offers:
    heroes: tuple[Offer, ...]
    warriors: tuple[Offer, ...]

    def found(self, words: str) -> Offers:
        """The offers whose name or a keyword holds every word searched for."""
        wanted = words.casefold().split()
        if not wanted:
            return self

        def holds(offer: Offer) -> bool:
            return all(w in offer.words for w in wanted)

        return Offers(tuple(filter(holds, self.heroes)), tuple(filter(holds, self.warriors)))

    def __add__(self, other: Offers) -> Offers:
        """Both offers, one after the other, with the tags each has rendered already."""
        both = Offers(self.heroes + other.heroes, self.warriors + other.warriors)
        for tags in ("hero_options", "warrior_options", "stand_options"):
            both.__dict__[tags] = getattr(self, tags) + getattr(other, tags)
        return both

    @cached_property
    def hero_options(self) -> str:
        """The heroes as a select's `<option>` tags (kept with a kept Offers)."""
        return format_html_join(
            "",
            '<option value="{}">{} · {} · {} pts{}</option>',
            ((o.pk, o.name, o.tier_name, o.points, " (mine)" if o.mine else "") for o in self.heroes),
        )

    @cached_property
    def warrior_options(self) -> str:
        return self._warrior_tags("")

    @cached_property
    def stand_options(self) -> str:
        """The warriors as a mass battle's stands offer them: the price of one model."""
        return self._warrior_tags(" a model")

    def _warrior_tags(self, each: str) -> str:
        return format_html_join(
            "",
            '<option value="{}">{} · {} pts{}{}</option>',
            ((o.pk, o.name, o.points, each, " (mine)" if o.mine else "") for o in self.warriors),
        )


_kept: dict[tuple[str, str], Offers] = {}
"""The catalogue's offers this process keeps, by army list and side, for `_kept_stamp`."""
_kept_stamp: object = None


def catalogue_changed() -> None:
    """The catalogue's rows were loaded again: every process forgets the offers it keeps."""
    _kept.clear()
    cache.set(GENERATION_KEY, uuid.uuid4().hex, None)


def _row_changed(sender: Any, instance: Profile, **kwargs: Any) -> None:
    """A catalogue row saved or deleted one at a time (the admin): the offers kept are forgotten."""
    if instance.owner_id is None:
        catalogue_changed()


post_save.connect(_row_changed, sender=Profile)
post_delete.connect(_row_changed, sender=Profile)


def _stamp() -> object:
    rows = Profile.objects.filter(owner=None).aggregate(count=Count("id"), newest=Max("id"))
    return (cache.get(GENERATION_KEY), rows["count"], rows["newest"])


def _catalogue_offers(built_from: str, side: str) -> Offers:
    rows = Profile.objects.filter(owner=None, kind__in=FIELDED_KINDS, not_playable="")
    if side:
        rows = rows.filter(side__in=[side, ""])
    army_list = army_list_named(built_from)
    if army_list is None:
        found = list(rows.order_by("name").values(*FIELDS))
        return Offers(
            tuple(_offer(r, r["points"], r["tier"]) for r in found if r["tier"]),
            tuple(_offer(r, r["points"], "") for r in found if not r["tier"]),
        )
    entries = army_list["entries"]
    by_key = {
        r["catalogue_id"]: r
        for r in rows.filter(catalogue_id__in=[e["profile"] for e in entries]).values(*FIELDS)
    }
    heroes, warriors = [], []
    for entry in entries:
        row = by_key.get(entry["profile"])
        if row is None:
            continue
        if entry["tier"] in HEROIC_TIERS:
            heroes.append(_offer(row, entry["points"], entry["tier"]))
        else:
            warriors.append(_offer(row, entry["points"], ""))
    heroes.sort(key=lambda o: TIER_ORDER.index(o.tier))
    return Offers(tuple(heroes), tuple(warriors))


def _own_offers(user: Any, side: str) -> Offers:
    if user is None or not user.is_authenticated:
        return Offers((), ())
    rows = Profile.objects.filter(owner=user, kind__in=FIELDED_KINDS, not_playable="")
    if side:
        rows = rows.filter(side__in=[side, ""])
    found = list(rows.order_by("name").values(*FIELDS))
    return Offers(
        tuple(_offer(r, r["points"], r["tier"], mine=True) for r in found if r["tier"]),
        tuple(_offer(r, r["points"], "", mine=True) for r in found if not r["tier"]),
    )


def builder_offers(built_from: str, side: str, user: Any) -> Offers:
    """What a list built from `built_from` ("" for any profiles), fighting for `side` ("" while
    unsettled), offers its user: from an army list, its heroes (highest tier first) and warriors;
    else the user's own profiles, then the catalogue's, each by name, groups (Elladan & Elrohir)
    among them."""
    global _kept_stamp
    stamp = _stamp()
    if _kept_stamp != stamp:
        _kept.clear()
        _kept_stamp = stamp
    key = (built_from, side)
    if key not in _kept:
        _kept[key] = _catalogue_offers(built_from, side)
    if army_list_named(built_from) is not None:
        return _kept[key]
    return _own_offers(user, side) + _kept[key]
