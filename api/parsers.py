"""The API's JSON parser: DRF's, made safe for any input.

Refused with a 400 (never a 500): JSON nested deeper than MAX_DEPTH (Python's parser would run out
of stack), numbers too long to convert, and NUL characters anywhere in a string or key
(PostgreSQL's text columns cannot hold them). An integer literal of more than 4,000 digits, or a
number with a fraction of more than 40 characters, is read as a Decimal, so the field it stands in is named by whoever
reads it (a tournament file's "extra" is "too_many_digits"), where Python's int() would refuse
the whole body."""
from __future__ import annotations

import codecs
import json
from decimal import Decimal

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError
from rest_framework.settings import api_settings
from rest_framework.utils.json import strict_constant

from engines.scoring.fileformat import parse_int
from tournaments.json_body import depth_within

MAX_DEPTH = 64


def check_value(value, depth: int = 0) -> None:
    """Raise ParseError for nesting deeper than MAX_DEPTH or a NUL character in a string."""
    stack = [(value, depth)]
    while stack:
        item, level = stack.pop()
        if level > MAX_DEPTH:
            raise ParseError(_("The JSON is nested too deeply."), code="too_deep")
        if isinstance(item, str):
            if "\x00" in item:
                raise ParseError(_("Text may not contain NUL characters."), code="null_characters_not_allowed")
        elif isinstance(item, dict):
            for key, child in item.items():
                stack.append((key, level + 1))
                stack.append((child, level + 1))
        elif isinstance(item, list):
            stack.extend((child, level + 1) for child in item)


def _parse_float(text: str) -> float | Decimal:
    """A JSON number with a fraction: a float, as DRF reads it, or a Decimal when it is too long for
    one to hold (a float would be inf, and the field's reader could not say how long it was)."""
    return float(text) if len(text) <= 40 else Decimal(text)


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read() if stream is not None else b""
        if not depth_within(raw, MAX_DEPTH):  # before parsing: the recursive parser never meets a document it cannot finish
            raise ParseError(_("The JSON is nested too deeply."), code="too_deep")
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = codecs.decode(raw, encoding)
            data = json.loads(text, parse_int=parse_int, parse_float=_parse_float,
                              parse_constant=strict_constant if api_settings.STRICT_JSON else None)
        except (RecursionError, OverflowError) as exc:
            raise ParseError(_("The JSON cannot be read."), code="parse_error") from exc
        except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            raise ParseError(_("The JSON cannot be read: %(error)s") % {"error": exc}) from None
        check_value(data)
        return data
