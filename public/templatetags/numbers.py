"""Points as the page's language writes them: "6,56" in Russian, "6.56" in English (the API and the
stored snapshot keep the point). The pages render inside {% localize off %} (ids, versions and
years stay plain), so the points say how they are written themselves."""
from __future__ import annotations

from django import template
from django.utils.formats import get_format

register = template.Library()


@register.filter
def points(value) -> str:
    """'6.56' (a stored decimal string, a Decimal or a number) in the active language's writing."""
    if value is None or value == "":
        return ""
    text = str(value)
    separator = get_format("DECIMAL_SEPARATOR", use_l10n=True)
    return text.replace(".", separator) if separator != "." else text
