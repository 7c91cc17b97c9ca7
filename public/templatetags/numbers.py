"""Points as the page's language writes them: "6,56" in Russian, "6.56" in English (the API and the
stored snapshot keep the point). The pages render inside {% localize off %} (ids, versions and
years stay plain), so the points say how they are written themselves."""
from __future__ import annotations

from django import template
from django.utils.formats import get_format

from tournaments.numbers import decimal_text

register = template.Library()


@register.filter
def points(value) -> str:
    """'6.56' (a stored decimal string, a Decimal or a number) in the active language's writing."""
    return decimal_text(value)


@register.filter
def whole(value) -> str:
    """A rating as a whole number ("1512"); "" for None."""
    if value is None or value == "":
        return ""
    return str(round(float(value)))


@register.filter
def signed(value) -> str:
    """A rating change with its sign and one decimal in the page's writing: "+12,3", "−4.0"."""
    if value is None or value == "":
        return ""
    number = round(float(value), 1)
    text = decimal_text(f"{abs(number):.1f}")
    return ("+" if number > 0 else "−" if number < 0 else "±") + text


@register.filter
def percent(value) -> str:
    """A share as a whole percentage ("54 %" in Russian, "54%" in English); "—" for None."""
    if value is None:
        return "—"
    number = round(100 * float(value))
    return f"{number}\u00a0%" if get_format("DECIMAL_SEPARATOR", use_l10n=True) == "," else f"{number}%"


@register.filter
def fixed(value, digits=4) -> str:
    """A measure with ``digits`` decimals in the page's writing ("0,6712"); "—" for None."""
    if value is None or value == "":
        return "—"
    return decimal_text(f"{float(value):.{int(digits)}f}")
