"""The app's models, one import away: army lists in battles/lists/models.py, each ruleset's list
contents in battles/rulesets/<key>/models.py, live play in battles/play/models.py, saved boards in
battles/boards/models.py. Django loads
them from here, and the migrations name their callables here. An account's confirmed e-mail
address is in battles/addresses.py."""

from .addresses import ConfirmedAddress
from .boards.models import SavedBoard
from .lists.models import ArmyList, Profile, new_share_token
from .play.models import (
    Battle,
    BattleEvent,
    ChatLine,
    JSONTextField,
    Offer,
    PushSubscription,
    Seat,
    StateCheckpoint,
    new_public_id,
    new_seat_token,
)
from .rulesets import import_models

import_models()

__all__ = [
    "ArmyList",
    "Battle",
    "BattleEvent",
    "ChatLine",
    "ConfirmedAddress",
    "JSONTextField",
    "Offer",
    "Profile",
    "PushSubscription",
    "SavedBoard",
    "Seat",
    "StateCheckpoint",
    "new_public_id",
    "new_seat_token",
    "new_share_token",
]
