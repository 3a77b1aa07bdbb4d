from django.urls import re_path

from .consumers import BattleConsumer

websocket_urlpatterns = [
    re_path(r"^ws/battles/(?P<public_id>[0-9a-f]{6,32})/$", BattleConsumer.as_asgi()),
]
