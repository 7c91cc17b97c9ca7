"""Numbers as a person reads them: "6,56" in Russian, "6.56" in English, in pages, printed files
and messages alike. The API, the tournament file and the stored snapshots keep the point; only
what is worded for a reader goes through here, in the active language."""
from __future__ import annotations

from decimal import Decimal

from django.utils.formats import get_format


def decimal_text(value, places: int | None = None) -> str:
    """``value`` (a decimal string, a Decimal or a number) in the active language's writing;
    with ``places``, a number is first written with that many decimals ("0.6" → "0,60")."""
    if value is None or value == "":
        return ""
    if places is not None and not isinstance(value, str):
        text = f"{Decimal(value):.{places}f}"
    else:
        text = str(value)
    separator = get_format("DECIMAL_SEPARATOR", use_l10n=True)
    return text.replace(".", separator) if separator != "." else text


def cents_text(cents: int | None, *, sign: bool = False) -> str:
    """Hundredths of a point as written points: 60 → "0,60" (Russian), with ``sign`` "+0,60"."""
    if cents is None:
        return ""
    text = decimal_text(Decimal(cents).scaleb(-2), 2)
    return f"+{text}" if sign and cents > 0 else text
