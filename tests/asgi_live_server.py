"""A live server that speaks websockets, for the browser tests of what is pushed.

pytest-django's ``live_server`` is a WSGI server: a page's socket cannot open there and the page
falls back to polling. ``asgi_live_server`` serves the project's own ASGI application
(config/asgi.py: the pages and the live sockets) with uvicorn, the server production runs under
gunicorn, in a thread of the test process: it reads the test's database (a transactional test's
rows are committed; SQLite's test database is a shared in-memory one) and shares the test's
channel layer, so an event stored through a page is pushed to a socket another page holds.
Static files are served as the WSGI live server serves them (Django's static files handler).
"""
from __future__ import annotations

import socket
import threading
import time

import pytest


class _Server:
    def __init__(self, url: str):
        self.url = url

    def __str__(self) -> str:
        return self.url


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def asgi_live_server(transactional_db, settings):
    import uvicorn
    from asgiref.sync import SyncToAsync
    from channels.layers import channel_layers
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.db import connections

    from config.asgi import application

    port = _free_port()
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "127.0.0.1", "localhost"]
    channel_layers.backends.clear()  # a layer made on another event loop is not this server's
    server = uvicorn.Server(uvicorn.Config(ASGIStaticFilesHandler(application), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="off", ws="websockets-sansio"))
    thread = threading.Thread(target=server.run, name="asgi-live-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the ASGI live server did not start"
        time.sleep(0.05)
    try:
        yield _Server(f"http://127.0.0.1:{port}")
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        channel_layers.backends.clear()
        # Django ran the server's requests and socket checks in asgiref's one sync thread: its
        # database connection stays open there, and on SQLite's shared in-memory test database an
        # open connection's table locks refuse the next test's writes ("database table is locked")
        SyncToAsync.single_thread_executor.submit(connections.close_all).result(timeout=15)
