"""Exact point arithmetic.

Every point value in the rules is a multiple of 0.01 (K and Ci are rounded half-up to two
decimals before use, RULES.md §3), so the core computes in integer hundredths ("cents")
and converts to ``Decimal`` at the edges: reading the file and writing the standings.
This is exactly as exact as Decimal arithmetic, never touches floats, and keeps the hot
loops of the calculator on plain ints.
"""
from __future__ import annotations

from decimal import Decimal

HUNDRED = Decimal(100)
_CENT = Decimal("0.01")


class NotCents(ValueError):
    """A decimal that is not a whole number of hundredths (or not a number of points at all)."""


# Points beyond 10^30 hundredths are no score; refusing them keeps 1e999999999 from being
# expanded into a billion digits.
_MOST_DIGITS = 30


def to_cents(value: Decimal | int) -> int:
    """Decimal("0.25") -> 25, exactly: every digit counts, however many (Decimal arithmetic would
    round "0.050000000000000000000000000001" to 28 digits and take it for 0.05). Raises NotCents
    for values finer than 0.01, for infinities and NaN, and beyond 10^30 hundredths."""
    if isinstance(value, int):
        return value * 100
    if isinstance(value, float):  # a caller's float: read as the decimal it prints as
        value = Decimal(repr(value))
    elif not isinstance(value, Decimal):
        value = Decimal(value)
    if not value.is_finite():
        raise NotCents(value)
    if value.is_zero():
        return 0
    sign, digits, exponent = value.as_tuple()
    # Trailing zeros first, so no string of digits longer than the limit is ever made an int
    # (Python refuses more than 4,300 digits: "1" and 5,000 zeros raised ValueError here).
    end = len(digits)
    while digits[end - 1] == 0:
        end -= 1
    exponent += len(digits) - end
    digits = digits[:end]
    shift = exponent + 2  # value x 100 = whole x 10^shift, which has len(digits) + shift digits
    if shift < 0 or len(digits) + shift > _MOST_DIGITS:  # finer than 0.01, or too large
        raise NotCents(value)
    cents = int("".join(map(str, digits))) * 10**shift
    return -cents if sign else cents


_CENTS_CACHE: dict[Decimal, int] = {}


def cents_of(value: Decimal) -> int:
    """to_cents with a cache: the few distinct values of a file (extra points) are
    converted once."""
    cents = _CENTS_CACHE.get(value)
    if cents is None:
        cents = to_cents(value)
        if len(_CENTS_CACHE) < 10_000:
            _CENTS_CACHE[value] = cents
    return cents


def from_cents(cents: int) -> Decimal:
    """25 -> Decimal("0.25"), always with two decimals."""
    return Decimal(cents).scaleb(-2)


def _fmt(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}{whole}.{frac:02d}"


# The standings print a dozen of these per player, mostly the same few values.
_FMT_CACHE = {c: _fmt(c) for c in range(-2000, 5001)}


def fmt_cents(cents: int) -> str:
    """25 -> "0.25", -40 -> "-0.40", 0 -> "0.00": the two-decimal strings of the output."""
    text = _FMT_CACHE.get(cents)
    return text if text is not None else _fmt(cents)


def div_half_up(numerator: int, denominator: int) -> int:
    """round(numerator / denominator) with halves rounded away from zero (ROUND_HALF_UP)."""
    if denominator <= 0:
        raise ValueError("denominator must be positive")
    if numerator >= 0:
        return (2 * numerator + denominator) // (2 * denominator)
    return -((-2 * numerator + denominator) // (2 * denominator))
