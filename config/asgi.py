"""The ASGI application: Django's pages over HTTP, and the live layer's sockets (Django Channels)
under /ws/ with the session's user, from this site's own pages only (the Origin is checked
against ALLOWED_HOSTS). Served by gunicorn's uvicorn workers in production (docker/compose.yml)
and by daphne's runserver under make run."""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()  # before the routes: they import the models

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from console.routing import websocket_urlpatterns as console_sockets  # noqa: E402
from desk.routing import websocket_urlpatterns as desk_sockets  # noqa: E402
from public.routing import websocket_urlpatterns as public_sockets  # noqa: E402

application = ProtocolTypeRouter({
    "http": django_application,
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter([*public_sockets, *desk_sockets, *console_sockets]))),
})
