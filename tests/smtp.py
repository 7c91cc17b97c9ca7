"""A real SMTP server for a test (aiosmtpd on a free port of 127.0.0.1): the `smtp_server`
fixture (tests/conftest.py) points Django's SMTP backend at it and gives the messages it
received, parsed."""
from __future__ import annotations

import email
import email.policy
import socket
import time


class Inbox:
    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's handler name)
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"

    def to(self, address: str) -> list[tuple[str, str]]:
        """(subject, body) of each message sent to `address`, in the order received."""
        return [(m["Subject"], m.get_body(("plain",)).get_content()) for m in self.messages if address in m["To"]]

    def wait_for(self, count: int, seconds: float = 10) -> None:
        deadline = time.monotonic() + seconds
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.05)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _controller_class():
    """aiosmtpd's Controller. aiosmtpd imports `public` (the atpublic package) at import time, the
    very name of our `public` app, which comes first on the path: atpublic's module stands in
    for ours while aiosmtpd is imported, then ours is put back."""
    import importlib.util
    import sys
    import sysconfig
    from pathlib import Path

    if "aiosmtpd.controller" not in sys.modules:
        package = Path(sysconfig.get_paths()["purelib"]) / "public"
        spec = importlib.util.spec_from_file_location("public", package / "__init__.py",
                                                      submodule_search_locations=[str(package)])
        atpublic = importlib.util.module_from_spec(spec)
        ours = sys.modules.get("public")
        sys.modules["public"] = atpublic  # its own submodules (public._modules, ...) resolve in it
        try:
            spec.loader.exec_module(atpublic)
            import aiosmtpd.controller  # noqa: F401
            import aiosmtpd.smtp  # noqa: F401
        finally:
            if ours is not None:
                sys.modules["public"] = ours
            else:
                del sys.modules["public"]
    return sys.modules["aiosmtpd.controller"].Controller


def serving(settings):
    """Start the server, point the settings at it, yield its Inbox, stop it."""
    Controller = _controller_class()  # noqa: N806 (a class)

    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", port, False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield inbox
    controller.stop()
