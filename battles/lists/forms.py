"""Forms: profiles (site and admin), list building (what every ruleset's builder uses), importing a list."""

from __future__ import annotations

from typing import Any, cast

from django import forms

from battles.rulesets import DEFAULT_RULESET
from rules_core import SPECIALISED_HEROIC_ACTIONS, TIERS, ruleset_choices

from .army_lists import army_list_choices
from .catalogue import MOUNTS
from .models import ArmyList, Profile
from .options import MAX_COUNT, MAX_POINTS_LIMIT
from .profiles import BadData, clean_profile

STAT_FIELDS = [
    "move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage", "intelligence",
    "might", "will", "fate",
]  # fmt: skip


def _comma_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _number(text: str) -> float:
    return float(text.strip().rstrip('+"'))


def _lines(text: str, label: str, shapes: dict[int, str], example: str) -> list[list[str]]:
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split(",")]
        if len(parts) not in shapes:
            raise BadData(f'{label}, line {number}: write {" or ".join(shapes.values())}, e.g. "{example}".')
        rows.append(parts)
    return rows


class ProfileForm(forms.ModelForm[Profile]):
    """Characteristics as numbers; lists as short text a player can type on a phone."""

    keywords_text = forms.CharField(
        label="Keywords", required=False, help_text="Comma separated: Infantry, Spirit"
    )
    wargear_text = forms.CharField(
        label="Wargear", required=False, help_text="Comma separated: Armour, Sword"
    )
    special_rules_text = forms.CharField(label="Special rules", required=False, help_text="Comma separated")
    missile_text = forms.CharField(
        label="Missile weapon",
        required=False,
        help_text='Name, range, strength: "Bow, 24, 2". A weapon whose name has "bow" in it counts toward '
        "the bow limit.",
    )
    options_text = forms.CharField(
        label="Wargear options",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text='One a line, "Name, points" or, for a missile weapon, "Name, points, range, strength": '
        '"Shield, 1" and "Bow, 1, 24, 2". A mount is an option too: "Horse, 10".',
    )
    powers_text = forms.CharField(
        label="Magical powers",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text='One a line, "Name, range, casting value": "Sorcerous Blast, 12, 5+".',
    )
    heroic_actions_choice = forms.MultipleChoiceField(
        label="Specialised Heroic Actions",
        required=False,
        choices=list(SPECIALISED_HEROIC_ACTIONS.items()),
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Profile
        fields = ["name", "side", "tier", "unique", *STAT_FIELDS, "base_mm", "points", "mount"]
        labels = {"base_mm": "Base size (mm)", "fight": "Fight Value", "shoot": "Shoot Value (X+)"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        tiers = [(tier.key, tier.name) for tier in TIERS]
        cast(forms.ChoiceField, self.fields["tier"]).choices = [("", "None: a Warrior"), *tiers]
        self.fields["side"].required = True
        self.fields["side"].help_text = "A list holds one side's profiles."
        mount = forms.ChoiceField(
            label="Mount",
            required=False,
            choices=[("", "None: on foot"), *((m, m) for m, p in MOUNTS.items() if not p["not_playable"])],
        )
        mount.help_text = "A mount it always rides. A list may buy one too: an option named Horse, Warg ..."
        self.fields["mount"] = mount
        p = self.instance
        if p.pk:
            self.initial.update(
                keywords_text=", ".join(k for k in p.keywords if k != "Hero"),
                wargear_text=", ".join(p.wargear),
                special_rules_text=", ".join(p.special_rules),
                missile_text=_missile_text(p.missile),
                options_text="\n".join(
                    f"{o['name']}, {o['points']}"
                    + (f", {o['missile']['range']:g}, {o['missile']['strength']}" if o.get("missile") else "")
                    for o in p.options
                ),
                powers_text="\n".join(f"{w['name']}, {w['range']:g}, {w['casting']}+" for w in p.powers),
                heroic_actions_choice=list(p.heroic_actions),
            )

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        try:
            self.profile_data = clean_profile(profile_from_text(cleaned))
        except BadData as exc:
            raise forms.ValidationError(str(exc)) from None
        return cleaned

    def save(self, commit: bool = True) -> Profile:
        self.instance.set_data(self.profile_data)
        return super().save(commit)


def profile_from_text(c: dict[str, Any]) -> dict[str, Any]:
    """Profile data from the profile form's fields (`*_text`: what a player types on a phone), also
    read from a row of a profiles CSV file (battles/lists/profilefile.py); checked by clean_profile
    after."""
    try:
        missile_parts = _lines(
            c["missile_text"], "Missile weapon", {3: '"Name, range, strength"'}, "Bow, 24, 2"
        )
        missile = [{"name": n, "range": _number(r), "strength": _number(s)} for n, r, s in missile_parts]
        option_rows = _lines(
            c["options_text"],
            "Wargear options",
            {2: '"Name, points"', 4: '"Name, points, range, strength"'},
            "Bow, 1, 24, 2",
        )
        powers = _lines(
            c["powers_text"], "Magical powers", {3: '"Name, range, casting value"'}, "Blind, 6, 2+"
        )
        options = [
            {
                "name": row[0],
                "points": _number(row[1]),
                "missile": {"name": row[0], "range": _number(row[2]), "strength": _number(row[3])}
                if len(row) == 4
                else None,
            }
            for row in option_rows
        ]
        power_data = [{"name": n, "range": _number(r), "casting": _number(v)} for n, r, v in powers]
    except ValueError as exc:
        if isinstance(exc, BadData):
            raise
        raise BadData("Ranges, strengths, points and casting values must be numbers.") from None
    return {
        **{
            key: c.get(key)
            for key in ["name", "side", "tier", "unique", *STAT_FIELDS, "base_mm", "points", "mount"]
        },
        "keywords": _comma_list(c["keywords_text"]),
        "wargear": _comma_list(c["wargear_text"]),
        "special_rules": _comma_list(c["special_rules_text"]),
        "missile": missile[0] if missile else None,
        "options": options,
        "powers": power_data,
        "heroic_actions": list(c["heroic_actions_choice"]),
    }


def _missile_text(missile: dict[str, Any] | None) -> str:
    return f"{missile['name']}, {missile['range']:g}, {missile['strength']}" if missile else ""


class ListSettingsForm(forms.ModelForm[ArmyList]):
    points_limit = forms.IntegerField(label="Points limit", min_value=1, max_value=MAX_POINTS_LIMIT)

    class Meta:
        model = ArmyList
        fields = ["name", "points_limit"]


class NewListForm(ListSettingsForm):
    """A new list: its ruleset, for good (the default one when not said), and its points limit
    (blank: the ruleset's standard)."""

    ruleset = forms.ChoiceField(
        label="Ruleset", choices=ruleset_choices, initial=DEFAULT_RULESET, required=False
    )
    points_limit = forms.IntegerField(
        label="Points limit", min_value=1, max_value=MAX_POINTS_LIMIT, required=False
    )
    built_from = forms.ChoiceField(label="Army list", required=False)

    class Meta(ListSettingsForm.Meta):
        fields = ["name", "ruleset", "points_limit"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "None: any profiles"), *army_list_choices()]
        cast(forms.ChoiceField, self.fields["built_from"]).choices = choices


class ProfileChoiceForm(forms.Form):
    """Pick a profile the user may use: a hero to lead a warband, or a warrior to follow one."""

    profile = forms.ModelChoiceField(queryset=Profile.objects.none(), empty_label=None)
    count = forms.IntegerField(min_value=1, max_value=MAX_COUNT, initial=1, required=False)

    def __init__(self, user: Any, heroes: bool | None, *args: Any, **kwargs: Any) -> None:
        """`heroes`: True for a hero, False for a warrior, None for either (a hero following
        another, in an army list that may be one warband)."""
        super().__init__(*args, **kwargs)
        profiles = Profile.fieldable_by(user)
        if heroes is not None:
            profiles = profiles.exclude(tier="") if heroes else profiles.filter(tier="")
        cast(forms.ModelChoiceField[Profile], self.fields["profile"]).queryset = profiles.order_by(
            "owner_id", "name"
        )
        self.fields["profile"].label = "Hero" if heroes else "Warrior" if heroes is False else "Follower"
        self.fields["profile"].error_messages["invalid_choice"] = (
            "Choose a hero from the catalogue or your profiles."
            if heroes
            else "Choose a warrior you can use."
            if heroes is False
            else "Choose a hero or a warrior you can use."
        )


class OptionsForm(forms.Form):
    """The options of one profile, for a hero or a line of followers."""

    options = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)
    count = forms.IntegerField(min_value=1, max_value=MAX_COUNT, required=False)

    def __init__(self, profile: Profile, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["options"]).choices = [
            (o["name"], o["name"]) for o in profile.options if not o.get("not_playable")
        ]
        self.fields["options"].error_messages["invalid_choice"] = (
            f"%(value)s is not an option of {profile.name}."
        )


class ImportForm(forms.Form):
    file = forms.FileField(label="Army list file (.json)")


class ProfilesFileForm(forms.Form):
    file = forms.FileField(label="Profiles file (.json or .csv)")
