"""Points as the page's language writes them: "6,56" in Russian, "6.56" in English (the API and the
stored snapshot keep the point). The pages render inside {% localize off %} (ids, versions and
years stay plain), so the points say how they are written themselves."""
from __future__ import annotations

from django import template

from tournaments.numbers import decimal_text

register = template.Library()


@register.filter
def points(value) -> str:
    """'6.56' (a stored decimal string, a Decimal or a number) in the active language's writing."""
    return decimal_text(value)
