import re

from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions

TOKEN = re.compile(r"[0-9a-f]{40}")


class TokenAuthentication(authentication.TokenAuthentication):
    """`Authorization: Token <40 hex digits>`; anything else is refused before the database is asked
    (a NUL character would reach PostgreSQL otherwise)."""

    def authenticate_credentials(self, key):
        if not TOKEN.fullmatch(key):
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        return super().authenticate_credentials(key)
