import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from battles.guards import BodyLimit, leave_bodies_to_the_app  # noqa: E402
from battles.play.nudges import start_sweeping  # noqa: E402
from battles.play.routing import websocket_urlpatterns  # noqa: E402

leave_bodies_to_the_app()

application = ProtocolTypeRouter(
    {
        "http": BodyLimit(django_asgi_app, settings.REQUEST_MAX_BYTES),
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

start_sweeping()
