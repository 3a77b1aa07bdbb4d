"""The time control chosen with a new battle (rules_core.clock): none, a chess clock (a total and an
increment a turn) or correspondence (days a decision), and what running out of time means."""

from __future__ import annotations

from typing import Any

from django import forms

from rules_core.clock import MAX_DAYS, MAX_INCREMENT, MAX_TOTAL


class ClockFields(forms.Form):
    """The clock's fields, mixed into the new battle's form (`time_control` once it is valid)."""

    clock = forms.ChoiceField(
        label="Clock",
        required=False,
        choices=[
            ("none", "None"),
            ("chess", "Chess clock (a total per side)"),
            ("correspondence", "Correspondence (days per decision)"),
        ],
    )
    clock_minutes = forms.IntegerField(
        label="Minutes per side", required=False, min_value=1, max_value=MAX_TOTAL // 60, initial=90
    )
    clock_increment = forms.IntegerField(
        label="Seconds added each turn", required=False, min_value=0, max_value=MAX_INCREMENT, initial=60
    )
    clock_days = forms.IntegerField(
        label="Days per decision", required=False, min_value=1, max_value=MAX_DAYS, initial=3
    )
    out_of_time = forms.ChoiceField(
        label="Out of time",
        required=False,
        choices=[
            ("claim", "The opponent may claim the win"),
            ("flag", "Play on; it is flagged in the record"),
        ],
    )

    def time_control(self) -> dict[str, Any] | None:
        """The chosen time control as a setup's `clock`, or None for no clock."""
        data = self.cleaned_data
        kind = data.get("clock") or "none"
        on_timeout = data.get("out_of_time") or "claim"
        if kind == "chess":
            minutes = data.get("clock_minutes") or 90
            increment = data.get("clock_increment")
            return {
                "kind": "chess",
                "total": minutes * 60,
                "increment": 60 if increment is None else increment,
                "out_of_time": on_timeout,
            }
        if kind == "correspondence":
            return {"kind": "correspondence", "days": data.get("clock_days") or 3, "out_of_time": on_timeout}
        return None
