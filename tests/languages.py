"""Helpers for the language tests: a template's English and Russian and its placeholders; a page's
visible text and the English sentences in it."""
from __future__ import annotations

import re
from html.parser import HTMLParser

from django.utils import translation

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
# A run of three or more Latin words: an English sentence (or part of one).
ENGLISH = re.compile(r"[A-Za-z]{2,}(?:[\s,;:'’-]+[A-Za-z]{2,}){2,}")


def both(template) -> tuple[str, str]:
    with translation.override("en"):
        english = str(template)
    with translation.override("ru"):
        russian = str(template)
    return english, russian


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def assert_translated(key, template) -> None:
    english, russian = both(template)
    assert english.strip() and russian.strip(), key
    assert russian != english, f"{key}: no Russian for {english!r}"
    assert placeholders(russian) == placeholders(english), key
    assert not ENGLISH.search(PLACEHOLDER.sub("", russian)), f"{key}: English in {russian!r}"


class _Text(HTMLParser):
    """The text a reader sees: text nodes outside script and style, and the titles, labels and
    placeholders of elements."""

    SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._hidden += 1
        self.parts += [value for name, value in attrs if name in self.SHOWN_ATTRIBUTES and value]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def visible_text(html: str, *, leave_out=()) -> str:
    """The page's visible text on one line, without the given names (nicknames, the tournament's name)."""
    parser = _Text()
    parser.feed(html)
    text = " ".join(" ".join(parser.parts).split())
    for name in sorted(leave_out, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def english_runs(html: str, *, leave_out=()) -> list[str]:
    """Every run of three or more Latin words in the page's visible text."""
    return ENGLISH.findall(visible_text(html, leave_out=leave_out))
