"""Which language an export speaks: the tournament's setting unless the request or the command
asks for another."""
from __future__ import annotations

from contextlib import contextmanager

from django.conf import settings
from django.utils import translation

CODES = {code for code, _name in settings.LANGUAGES}


def export_language(tournament, asked: str | None = None) -> str:
    """`asked` (a `?lang=` or `--lang`) when it is a language we have, else the tournament's."""
    if asked in CODES:
        return asked
    language = getattr(tournament, "language", "") or settings.LANGUAGE_CODE
    return language if language in CODES else settings.LANGUAGE_CODE


@contextmanager
def in_language(language: str):
    with translation.override(language):
        yield
