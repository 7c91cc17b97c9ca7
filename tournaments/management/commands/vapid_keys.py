"""Print a new pair of VAPID keys for web push, as the settings take them."""
import base64

from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.core.management.base import BaseCommand
from py_vapid import Vapid


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Command(BaseCommand):
    help = "Print a new pair of VAPID keys (WEB_PUSH_VAPID_PUBLIC_KEY, WEB_PUSH_VAPID_PRIVATE_KEY) for web push."

    def handle(self, *args, **options):
        vapid = Vapid()
        vapid.generate_keys()
        private = vapid.private_key.private_numbers().private_value.to_bytes(32, "big")
        public = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.stdout.write(f"WEB_PUSH_VAPID_PUBLIC_KEY={b64url(public)}")
        self.stdout.write(f"WEB_PUSH_VAPID_PRIVATE_KEY={b64url(private)}")
