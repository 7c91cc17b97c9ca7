"""to_cents never turns thousands of digits into an int (Python refuses more than 4,300): trailing
zeros are dropped first, and a value too large or finer than 0.01 is NotCents however it is written."""
from decimal import Decimal

import pytest

from engines.scoring.decimals import NotCents, to_cents


@pytest.mark.parametrize("text", ["1" + "0" * 5000, "1" + "0" * 5000 + ".5", "0." + "0" * 5000 + "1", "1e5000", "1e-5000"])
def test_a_value_of_thousands_of_digits_is_not_cents(text):
    with pytest.raises(NotCents):
        to_cents(Decimal(text))


@pytest.mark.parametrize("text, cents", [("0.25" + "0" * 5000, 25), ("-0.40", -40), ("0e-5000", 0), ("1E+1", 1000)])
def test_trailing_zeros_do_not_count(text, cents):
    assert to_cents(Decimal(text)) == cents
