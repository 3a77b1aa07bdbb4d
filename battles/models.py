"""The app's models, one import away: army lists in battles/lists/models.py, live play in
battles/play/models.py. Django loads them from here, and the migrations name their callables here."""

from .lists.models import ArmyList, Follower, ListHero, Profile, StandLine, Warband, new_share_token
from .play.models import (
    Battle,
    BattleEvent,
    ChatLine,
    JSONTextField,
    Offer,
    Seat,
    new_public_id,
    new_seat_token,
)

__all__ = [
    "ArmyList",
    "Battle",
    "BattleEvent",
    "ChatLine",
    "Follower",
    "JSONTextField",
    "ListHero",
    "Offer",
    "Profile",
    "Seat",
    "StandLine",
    "Warband",
    "new_public_id",
    "new_seat_token",
    "new_share_token",
]
