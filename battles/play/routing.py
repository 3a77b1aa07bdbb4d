from __future__ import annotations

from typing import TYPE_CHECKING

from django.urls import re_path

from .consumers import BattleConsumer, NoSuchAddress

if TYPE_CHECKING:
    from channels.routing import URLRouter, _ExtendedURLPattern

websocket_urlpatterns: list[_ExtendedURLPattern | URLRouter] = [
    # django-stubs types re_path for views only, where Channels routes ASGI applications with it too
    # (channels-stubs' URLRouter wants the pattern that results): the two stub packages disagree here.
    re_path(r"^ws/battles/(?P<public_id>[0-9a-f]{6,32})/$", BattleConsumer.as_asgi()),  # type: ignore[arg-type, list-item]
    re_path(r"", NoSuchAddress.as_asgi()),  # type: ignore[arg-type, list-item]
]
