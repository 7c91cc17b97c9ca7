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
    """A decimal that is not a whole number of hundredths."""


def to_cents(value: Decimal | int) -> int:
    """Decimal("0.25") -> 25. Raises NotCents for values finer than 0.01."""
    if isinstance(value, int):
        return value * 100
    if isinstance(value, float):  # a caller's float: read as the decimal it prints as
        value = Decimal(repr(value))
    elif not isinstance(value, Decimal):
        value = Decimal(value)
    scaled = value * HUNDRED
    as_int = int(scaled)
    if scaled != as_int:
        raise NotCents(value)
    return as_int


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
