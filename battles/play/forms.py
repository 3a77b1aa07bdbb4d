"""The form that starts a battle: its ruleset, a name, each side's army (a list of that ruleset, a
shared list or a demo army), the scenario of a ruleset that plays them (none, one, or one drawn from a pool),
the board (the library's, a random one, the creator's own), signed in, the side the creator plays, and
whether Beacon, the server, plays one side (and how well)."""

from __future__ import annotations

from typing import Any, cast

from django import forms

from battles.boards.choices import choices as board_choices
from battles.lists.demo import demo_army, demo_name
from battles.lists.models import ArmyList
from battles.rulesets import DEFAULT_RULESET, keys, summary_of, web_ruleset
from rules_core import SIDES, ruleset_choices
from rules_core.bot import DEFAULT_STRENGTH, STRENGTHS

from .clock_form import ClockFields
from .scenarios import resolve, scenario_choices


class BattleForm(ClockFields, forms.Form):
    """Choose the ruleset, name a battle, choose the army of each side among the lists of that
    ruleset, and (signed in) the side the creator plays."""

    ruleset = forms.ChoiceField(label="Ruleset", choices=ruleset_choices, required=False)
    name = forms.CharField(max_length=120, required=False)
    good = forms.ChoiceField(label="Good army", required=False)
    evil = forms.ChoiceField(label="Evil army", required=False)
    good_shared = forms.CharField(label="or a shared list's link", required=False, max_length=300)
    evil_shared = forms.CharField(label="or a shared list's link", required=False, max_length=300)
    seat = forms.ChoiceField(
        label="You play",
        required=False,
        choices=[("good", "Good"), ("evil", "Evil"), ("", "Neither (send both links)")],
    )
    scenario = forms.ChoiceField(label="Scenario", required=False)
    board = forms.ChoiceField(label="Board", required=False)
    powers = forms.ChoiceField(label="Magical Powers", required=False)
    beacon = forms.ChoiceField(
        label="Opponent",
        required=False,
        choices=[
            ("", "Another player (send them a link)"),
            ("evil", "Beacon plays Evil, against your Good"),
            ("good", "Beacon plays Good, against your Evil"),
        ],
    )
    coach = forms.BooleanField(
        label="Coach: \u201cWhat would Beacon do?\u201d beside each of your decisions", required=False
    )
    beacon_strength = forms.ChoiceField(
        label="Beacon plays as",
        required=False,
        choices=[(key, key.capitalize()) for key in STRENGTHS],
        initial=DEFAULT_STRENGTH,
    )

    def __init__(self, user: Any, *args: Any, ruleset: str | None = None, **kwargs: Any) -> None:
        """`ruleset` (when no data is posted): the one chosen so far, whose lists are offered."""
        super().__init__(*args, **kwargs)
        self.user = user
        chosen = self.data.get("ruleset") if self.is_bound else ruleset
        self.chosen_ruleset = chosen if chosen in keys() else DEFAULT_RULESET
        self.fields["ruleset"].initial = self.chosen_ruleset
        rules = web_ruleset(self.chosen_ruleset)
        boards = board_choices(user, self.chosen_ruleset)
        cast(forms.ChoiceField, self.fields["board"]).choices = boards
        self.fields["board"].initial = boards[0][0]
        if rules.scenarios:
            cast(forms.ChoiceField, self.fields["scenario"]).choices = scenario_choices()
        else:
            del self.fields["scenario"]  # a ruleset that plays no scenarios
        if rules.powers_settings:
            cast(forms.ChoiceField, self.fields["powers"]).choices = list(rules.powers_settings.items())
            self.fields["powers"].initial = next(iter(rules.powers_settings))
        else:
            del self.fields["powers"]  # a ruleset with one way to play its powers
        lists = (
            list(ArmyList.with_contents().filter(owner=user, ruleset=self.chosen_ruleset).order_by("name"))
            if user.is_authenticated
            else []
        )
        self.lists = {f"list:{a.pk}": a for a in lists}
        sides = {key: summary_of(a).side for key, a in self.lists.items()}
        demos: list[tuple[str, Any]] = [
            (f"demo:{side}", demo_name(side, self.chosen_ruleset)) for side in SIDES
        ]
        kind = rules.name.lower()
        for side in SIDES:
            # Each side is offered the lists that fight for it (and drafts whose side is not settled).
            mine = [(key, a.name) for key, a in self.lists.items() if sides[key] in (side, None)]
            choices = [("My lists", mine), ("Demo armies", demos)] if mine else demos
            cast(forms.ChoiceField, self.fields[side]).choices = choices
            self.fields[side].initial = f"demo:{side}"
            self.fields[side].error_messages["invalid_choice"] = (
                f"Choose the {side} army among your {kind} lists or the demo armies. A list plays its own "
                f"side: {'a Good' if side == 'evil' else 'an Evil'} list cannot play {side.capitalize()}."
            )
        if not user.is_authenticated:
            for name in ("seat", "good_shared", "evil_shared"):
                del self.fields[name]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        self.armies = {side: self._army(side, cleaned) for side in SIDES}
        self.scenario_key = resolve(cleaned.get("scenario") or "")
        self.board_choice = cleaned.get("board") or ""
        self.beacon_plays = cleaned.get("beacon") or ""
        self.beacon_level = cleaned.get("beacon_strength") or DEFAULT_STRENGTH
        self.coached = bool(cleaned.get("coach"))
        self.powers_choice = cleaned.get("powers") or ""
        return cleaned

    def _army(self, side: str, cleaned: dict[str, Any]) -> Any:
        link = (cleaned.get(f"{side}_shared") or "").strip()
        if link:
            token = link.rstrip("/").rsplit("/", 1)[-1]
            shared = ArmyList.with_contents().filter(share_token=token).first() if token else None
            if shared is None:
                raise forms.ValidationError(
                    f"The {side} army's link is not a shared list (or no longer shared)."
                )
            if shared.ruleset != self.chosen_ruleset:
                lists, battle = (web_ruleset(r).name.lower() for r in (shared.ruleset, self.chosen_ruleset))
                raise forms.ValidationError(
                    f"The {side} army's link is to {shared.name}, a {lists} list; this battle is a {battle}."
                )
            if summary_of(shared).side not in (side, None):
                raise forms.ValidationError(
                    f"The {side} army's link is to {shared.name}, which fights for the other side."
                )
            return shared
        choice = cleaned[side] or f"demo:{side}"
        if choice.startswith("demo:"):
            return demo_army(choice.removeprefix("demo:"), self.chosen_ruleset)
        return self.lists[choice]
