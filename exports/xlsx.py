"""Spreadsheets with openpyxl (write-only: rows stream into the file). A table has its title
lines, a bold header row that stays in view (frozen panes) and carries an autofilter, and its
point columns as numbers with two decimals, so a spreadsheet sums and sorts them as numbers.

Every value goes through `_data`: text stays text (`tournaments.file_cells.cell_value` puts a `'`
before anything a spreadsheet would take for a formula), and the control characters that XLSX
cannot hold become U+FFFD instead of failing the whole file."""
from __future__ import annotations

import io
import re
from collections.abc import Iterable
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from tournaments.file_cells import cell_value

POINTS_FORMAT = "0.00"
_BOLD = Font(bold=True)
_TITLE = Font(bold=True, size=13)
_HEAD_FILL = PatternFill("solid", fgColor="DDDDDD")
_WRAP = Alignment(wrap_text=True, vertical="top")
_BAD_TITLE = re.compile(r"[\[\]:*?/\\]")


def _data(value):
    """A value as a cell holds it: never a formula, never a character XLSX refuses."""
    value = cell_value(value)
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub("\ufffd", value)
    return value


class XlsxBook:
    def __init__(self):
        self.book = Workbook(write_only=True)
        self.titles: set[str] = set()

    def _title(self, title: str) -> str:
        base = _BAD_TITLE.sub(" ", title)[:31].strip() or "Sheet"
        name, n = base, 1
        while name.lower() in self.titles:
            n += 1
            name = f"{base[:27]} ({n})"
        self.titles.add(name.lower())
        return name

    def table(self, title: str, header: list[str], rows: Iterable[list], *, lines: Iterable[str] = (),
              widths: dict[int, float] | None = None, points: Iterable[int] = (), wrap: Iterable[int] = (),
              filter: bool = True) -> None:
        """A sheet: `lines` of title text, the header (frozen, with an autofilter when `filter`),
        the rows. Columns in `points` (0-based) hold Decimals shown with two decimals."""
        sheet = self.book.create_sheet(self._title(title))
        points, wrap = set(points), set(wrap)
        widths = widths or {}
        for i in range(len(header)):
            sheet.column_dimensions[get_column_letter(i + 1)].width = widths.get(i, 12)
        lines = list(lines)
        head_row = len(lines) + 1
        sheet.freeze_panes = f"A{head_row + 1}"  # before the first row: write-only sheets write their view first
        for k, text in enumerate(lines):
            cell = WriteOnlyCell(sheet, value=_data(text))
            cell.font = _TITLE if k == 0 else _BOLD
            sheet.append([cell])
        cells = []
        for text in header:
            cell = WriteOnlyCell(sheet, value=_data(text))
            cell.font, cell.fill = _BOLD, _HEAD_FILL
            cells.append(cell)
        sheet.append(cells)
        count = 0
        for row in rows:
            count += 1
            out = []
            for i, value in enumerate(row):
                if i in points and value not in (None, ""):
                    cell = WriteOnlyCell(sheet, value=Decimal(value))
                    cell.number_format = POINTS_FORMAT
                    out.append(cell)
                elif i in wrap:
                    cell = WriteOnlyCell(sheet, value=_data(value))
                    cell.alignment = _WRAP
                    out.append(cell)
                else:
                    out.append(_data(value))
            sheet.append(out)
        if filter and header:
            sheet.auto_filter.ref = f"A{head_row}:{get_column_letter(len(header))}{head_row + max(count, 1)}"

    def sheet(self, title: str, blocks: Iterable[list], *, widths: dict[int, float] | None = None, points: Iterable[int] = ()) -> None:
        """A free-form sheet (a protocol): rows as given; a row whose first cell is a `Heading`
        is bold. Cells of `points` columns that hold Decimals get two decimals."""
        sheet = self.book.create_sheet(self._title(title))
        points = set(points)
        for i, width in (widths or {}).items():
            sheet.column_dimensions[get_column_letter(i + 1)].width = width
        for row in blocks:
            bold = bool(row) and isinstance(row[0], Heading)
            out = []
            for i, value in enumerate(row):
                cell = WriteOnlyCell(sheet, value=_data(value))
                if bold:
                    cell.font = _BOLD
                if i in points and isinstance(value, Decimal):
                    cell.number_format = POINTS_FORMAT
                out.append(cell)
            sheet.append(out)

    def to_bytes(self) -> bytes:
        buffer = io.BytesIO()
        self.book.save(buffer)
        return buffer.getvalue()


class Heading(str):
    """The first cell of a bold row of a free-form sheet."""
