"""The API's JSON parser: DRF's, made safe for any input.

Refused with a 400 (never a 500): JSON nested deeper than MAX_DEPTH (Python's parser would run out
of stack), numbers too long to convert, and NUL characters anywhere in a string or key
(PostgreSQL's text columns cannot hold them)."""
from __future__ import annotations

import io

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

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


def _depth_ok(raw: bytes) -> bool:
    """Is the text's bracket nesting (outside strings) at most MAX_DEPTH? Checked before parsing,
    so the recursive parser never meets a document it cannot finish."""
    depth, in_string, escaped = 0, False, False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return True


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read() if stream is not None else b""
        if not _depth_ok(raw):
            raise ParseError(_("The JSON is nested too deeply."), code="too_deep")
        try:
            data = super().parse(io.BytesIO(raw), media_type, parser_context)
        except (RecursionError, OverflowError) as exc:
            raise ParseError(_("The JSON cannot be read."), code="parse_error") from exc
        check_value(data)
        return data
