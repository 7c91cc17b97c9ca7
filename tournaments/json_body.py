"""A JSON request body read within bounds, for the site's own JSON doors (the judge's console).

Refused with ``BodyInvalid`` naming the field, never a 500: a body larger than ``max_bytes``, one
that is not UTF-8 JSON, nested deeper than ``max_depth`` (checked on the bytes before parsing, so
the recursive parser never meets a document it cannot finish), anything but an object, and a NUL
character or a lone surrogate (``"\\ud800"``) in any string or key: PostgreSQL's text columns hold
neither, and an event's text is stored as it came.
"""
from __future__ import annotations

import json

from django.utils.translation import gettext as _

MAX_DEPTH = 32
BODY = "body"  # the field named when the body as a whole is refused


class BodyInvalid(Exception):
    def __init__(self, field: str, code: str, message: str):
        super().__init__(message)
        self.field, self.code, self.message = field, code, message


def depth_within(raw: bytes, limit: int) -> bool:
    """Is the bracket nesting of ``raw`` (outside strings) at most ``limit``?"""
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
            if depth > limit:
                return False
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return True


def _text_problem(text: str) -> str | None:
    if "\x00" in text:
        return "null_character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "lone_surrogate"
    return None


def _refuse_text(field: str, code: str) -> BodyInvalid:
    if code == "null_character":
        return BodyInvalid(field, code, _("%(field)s: text may not contain a NUL character.") % {"field": field})
    return BodyInvalid(field, code, _("%(field)s: text may not contain a lone surrogate (half of a character).")
                       % {"field": field})


def check_strings(value, path: str = BODY) -> None:
    """Raise ``BodyInvalid`` for the first string or key holding a NUL or a lone surrogate."""
    stack = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            code = _text_problem(item)
            if code:
                raise _refuse_text(where, code)
        elif isinstance(item, dict):
            for key, child in item.items():
                inside = key if where == BODY else f"{where}.{key}"
                code = _text_problem(key)
                if code:
                    raise _refuse_text(where, code)
                stack.append((child, inside))
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(item))


def read_object(raw: bytes, *, max_bytes: int, max_depth: int = MAX_DEPTH, empty_is_object: bool = False) -> dict:
    """The JSON object ``raw`` holds, or ``BodyInvalid``."""
    if len(raw) > max_bytes:
        raise BodyInvalid(BODY, "too_large", _("The request is too large: at most %(n)s bytes.") % {"n": max_bytes})
    if not raw.strip() and empty_is_object:
        return {}
    if not depth_within(raw, max_depth):
        raise BodyInvalid(BODY, "too_deep", _("The JSON is nested too deeply: at most %(n)s levels.") % {"n": max_depth})
    try:
        body = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise BodyInvalid(BODY, "not_json", _("The request is not JSON.")) from None
    if not isinstance(body, dict):
        raise BodyInvalid(BODY, "not_an_object", _("The request must be a JSON object."))
    check_strings(body)
    return body
