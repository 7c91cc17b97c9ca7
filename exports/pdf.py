"""HTML to PDF with WeasyPrint: a print template rendered in the export's language, the
stylesheet of every printed export inlined, the fonts embedded (DejaVu Sans: Cyrillic).

A long booklet renders part by part (`render_parts`), so a job can report its progress, and the
parts' pages are written as one PDF.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from django.conf import settings
from django.template.loader import render_to_string
from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration

from .texts import in_language

PRINT_CSS = "exports/print.css"


@lru_cache(maxsize=1)
def print_css() -> str:
    return render_to_string(PRINT_CSS)


def render_html(template: str, context: dict, *, language: str) -> str:
    with in_language(language):
        return render_to_string(template, {**context, "print_css": print_css(), "language": language})


def html_to_pdf(html: str) -> bytes:
    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()


def render_pdf(template: str, context: dict, *, language: str) -> bytes:
    return html_to_pdf(render_html(template, context, language=language))


def render_parts(template: str, parts: Iterable[dict], *, language: str, progress: Callable[[int], None] | None = None) -> bytes:
    """One PDF of several renderings of `template` (a context each), pages in order.
    `progress(n)` is called after the n-th part is laid out."""
    documents = []
    fonts = FontConfiguration()  # one font map for all the parts
    for n, context in enumerate(parts, 1):
        html = render_html(template, context, language=language)
        documents.append(HTML(string=html, base_url=str(settings.BASE_DIR)).render(font_config=fonts))
        if progress is not None:
            progress(n)
    if not documents:
        raise ValueError("nothing to render")
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf()
