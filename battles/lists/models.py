"""The army-list models every ruleset shares: profiles (catalogue and custom), lists, and the base
of a line of models. A list's contents are its ruleset's own models (battles/rulesets/<key>/models.py:
a skirmish list's warbands and followers, a mass-battle list's stands and heroes)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models

import rules_core
from rules_core import DEFAULT_RULESET

# Profile fields that hold plain data, as in a profile's JSON (see battles/lists/profiles.py).
PROFILE_DATA_FIELDS = (
    "name", "move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage", "intelligence",
    "might", "will", "fate", "keywords", "tier", "unique", "base_mm", "points", "missile", "wargear",
    "options", "heroic_actions", "powers", "special_rules", "side", "mount", "kind", "parts", "not_playable",
)  # fmt: skip
PROFILE_KINDS = [
    ("model", "A model"), ("mount", "A mount (ridden, not fielded alone)"),
    ("group", "A group bought together (its parts are the models)"), ("part", "A part of a group"),
    ("siege-engine", "A siege engine"), ("chariot", "A chariot"),
]  # fmt: skip
SIDES = [("good", "Good"), ("evil", "Evil")]
FIELDED_KINDS = ("model", "group")
"""The kinds of profile a list buys as models: a mount is an option, a part comes with its group."""


def ruleset_choices() -> list[tuple[str, str]]:
    """The rulesets a list may be for, as the referee registers them (a field's choices, by name
    in the migrations)."""
    return rules_core.ruleset_choices()


CONTENTS: dict[str, list[models.Prefetch[Any]]] = {}
"""What a list's pages read of its contents, by ruleset, fetched with it (`ArmyList.with_contents`,
`ArmyList.fetch_contents`): each ruleset's list contents (its models module) add theirs."""


class Profile(models.Model):
    """A model's characteristics, from the catalogue (no owner) or made by a user (only theirs)."""

    name = models.CharField(max_length=100)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="profiles"
    )
    move = models.FloatField(default=6)
    fight = models.PositiveSmallIntegerField()
    shoot = models.PositiveSmallIntegerField()
    strength = models.PositiveSmallIntegerField()
    defence = models.PositiveSmallIntegerField()
    attacks = models.PositiveSmallIntegerField()
    wounds = models.PositiveSmallIntegerField()
    courage = models.PositiveSmallIntegerField()
    intelligence = models.PositiveSmallIntegerField()
    might = models.PositiveSmallIntegerField(default=0)
    will = models.PositiveSmallIntegerField(default=0)
    fate = models.PositiveSmallIntegerField(default=0)
    keywords = models.JSONField(default=list, blank=True)
    tier = models.CharField(
        max_length=20,
        blank=True,
        choices=[(tier.key, tier.name) for tier in rules_core.TIERS],
        help_text="Blank: a Warrior.",
    )
    unique = models.BooleanField(
        default=True, help_text="A unique named hero appears once in a list. Warriors are never unique."
    )
    base_mm = models.PositiveSmallIntegerField(default=25)
    points = models.PositiveIntegerField(default=0)
    missile = models.JSONField(null=True, blank=True)
    heroic_actions = models.JSONField(default=list, blank=True)
    powers = models.JSONField(default=list, blank=True)
    special_rules = models.JSONField(default=list, blank=True)
    wargear = models.JSONField(default=list, blank=True)
    options = models.JSONField(default=list, blank=True)
    side = models.CharField(
        max_length=4,
        choices=SIDES,
        blank=True,
        help_text="Blank only for a profile made before sides counted.",
    )
    mount = models.CharField(
        max_length=60, blank=True, help_text="The mount it always rides, if any: Horse, Warg ..."
    )
    kind = models.CharField(max_length=20, choices=PROFILE_KINDS, default="model")
    variable = models.JSONField(
        default=dict,
        blank=True,
        help_text='Characteristics printed as a symbol, not a number: {"attacks": "*"}.',
    )
    parts = models.JSONField(default=list, blank=True, help_text="A group's parts, by catalogue id.")
    not_playable = models.CharField(
        max_length=300, blank=True, help_text="Why the referee cannot field it yet; blank when it can."
    )
    catalogue_id = models.CharField(
        max_length=80, blank=True, db_index=True, help_text="The catalogue's id of a catalogue profile."
    )
    points_note = models.CharField(max_length=80, blank=True, help_text="Why it has no points of its own.")
    source = models.CharField(max_length=200, blank=True, help_text="Book and page.")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_hero(self) -> bool:
        return bool(self.tier)

    @property
    def heroic_action_names(self) -> list[str]:
        return [rules_core.HEROIC_ACTION_NAMES.get(a, a) for a in self.heroic_actions]

    @classmethod
    def visible_to(cls, user: Any) -> models.QuerySet[Profile]:
        """The catalogue, and the user's own profiles."""
        mine = models.Q(owner=user) if user is not None and user.is_authenticated else models.Q(pk__in=[])
        return cls.objects.filter(models.Q(owner=None) | mine)

    @property
    def playable(self) -> bool:
        return not self.not_playable

    @property
    def printed(self) -> dict[str, str]:
        """Each characteristic as the book prints it: a number (Shoot, Courage and Intelligence as
        X+, Move in inches), or its symbol (`*`)."""
        shown = {"move": f'{self.move:g}"', "shoot": f"{self.shoot}+", "courage": f"{self.courage}+"}
        shown["intelligence"] = f"{self.intelligence}+"
        names = ("fight", "strength", "defence", "attacks", "wounds", "might", "will", "fate")
        shown.update({name: str(getattr(self, name)) for name in names})
        return {**shown, **self.variable}

    def group_parts(self) -> list[Profile]:
        """A group's parts, one per model it fields (the catalogue's rows), in order; [] for any other
        profile."""
        if self.kind != "group":
            return []
        found = {p.catalogue_id: p for p in Profile.objects.filter(owner=None, catalogue_id__in=self.parts)}
        missing = [part for part in self.parts if part not in found]
        if missing:
            raise Profile.DoesNotExist(f"{self.name}'s part {missing[0]} is not in the catalogue.")
        return [found[part] for part in self.parts]

    @classmethod
    def fieldable_by(cls, user: Any) -> models.QuerySet[Profile]:
        """The profiles a user may put in a list: visible to them, a model or a group, and playable
        (a mount is bought as an option, a part with its group)."""
        return cls.visible_to(user).filter(kind__in=FIELDED_KINDS, not_playable="")

    def to_data(self) -> dict[str, Any]:
        """The profile as plain data (the `profiles` entries of an exported list): a characteristic
        printed as a symbol is that symbol."""
        data = {name: getattr(self, name) for name in PROFILE_DATA_FIELDS}
        data["tier"] = self.tier or None
        data.update(self.variable)
        return data

    def set_data(self, data: dict[str, Any]) -> None:
        """Take checked profile data (battles.profiles.clean_profile)."""
        for name in PROFILE_DATA_FIELDS:
            setattr(self, name, data[name])
        self.tier = data["tier"] or ""
        self.variable = dict(data["variable"])

    def to_rules(self) -> dict[str, Any]:
        """The profile as rules_core reads it."""
        return {
            "name": self.name,
            "move": self.move,
            "fight": self.fight,
            "shoot": self.shoot,
            "strength": self.strength,
            "defence": self.defence,
            "attacks": self.attacks,
            "wounds": self.wounds,
            "courage": self.courage,
            "intelligence": self.intelligence,
            "might": self.might,
            "will": self.will,
            "fate": self.fate,
            "keywords": list(self.keywords),
            "tier": self.tier or None,
            "base_mm": float(self.base_mm),
            "missile": self.missile,
            "heroic_actions": list(self.heroic_actions),
            "powers": list(self.powers),
            "special_rules": list(self.special_rules),
            "wargear": list(self.wargear),
        }


def new_share_token() -> str:
    return secrets.token_urlsafe(18)


class ArmyList(models.Model):
    """A player's army for one ruleset, saved even with problems (a draft): for the skirmish game,
    warbands, each led by a hero; for the mass battle, lines of stands and heroes."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="army_lists")
    name = models.CharField(max_length=100)
    ruleset = models.CharField(max_length=20, choices=ruleset_choices, default=DEFAULT_RULESET)
    points_limit = models.PositiveIntegerField(
        default=rules_core.find_ruleset(DEFAULT_RULESET).standard_points
    )
    share_token = models.CharField(max_length=40, unique=True, null=True, blank=True)
    built_from = models.CharField(
        max_length=80,
        blank=True,
        help_text="The game's army list it is built from (its id); blank for any profiles.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def with_contents(cls) -> models.QuerySet[ArmyList]:
        """Lists of any ruleset, each with its contents."""
        return cls.objects.prefetch_related(*(path for paths in CONTENTS.values() for path in paths))

    def fetch_contents(self) -> ArmyList:
        """This list with its own ruleset's contents fetched (no query for another ruleset's)."""
        models.prefetch_related_objects([self], *CONTENTS.get(self.ruleset, ()))
        return self


class ProfileLine(models.Model):
    """A line of a list: some models (or stands) of one profile, all with the same options."""

    position = models.PositiveIntegerField(default=0)
    profile = models.ForeignKey(Profile, on_delete=models.RESTRICT, related_name="+")
    count = models.PositiveIntegerField(default=1)
    options = models.JSONField(default=list, blank=True)

    class Meta:
        abstract = True
        ordering = ["position", "id"]
