"""The mass-battle builder's own form: a hero's options and Battle Cards."""

from __future__ import annotations

from django import forms

from battles.lists.forms import OptionsForm
from rules_core.mass_battle import CARDS


class HeroKitForm(OptionsForm):
    """A mass-battle hero's options and the Battle Cards bought for him (each card once; the
    referee's list rules say how many he may carry)."""

    cards = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=[(key, card.name) for key, card in CARDS.items()],
        error_messages={"invalid_choice": "%(value)s is not a Battle Card."},
    )
