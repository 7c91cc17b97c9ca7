"""Register many players at once: a pasted list, a CSV or an XLSX file of nickname, name, club, city.

    read_table(text=... | filename=..., content=...) -> list[SourceRow]   (ImportProblem if unreadable)
    preview_registrations(tournament=..., rows=...) -> ImportPreview        (reads, saves nothing)
    save_registrations(tournament=..., preview=...) -> int                  (one transaction)
    team_named(tournament, name) -> Team | None                             (a team by its name, as people write it)

The admin's import page and `manage.py import_registrations` both go through here. Each row is
matched to an existing player by nickname as people compare names (tournaments/names.py: case,
ё/е, Unicode forms, zero-width characters and Latin/Cyrillic look-alikes do not matter); a row is
new (a player is created), matched (the stored player is registered as they are), already
registered (skipped), or ambiguous (two stored players fit: a problem). A preview with any problem
saves nothing, and a confirmation redoes the preview, so what it refuses is never saved.

Reading is bounded: a file of at most MAX_FILE_BYTES; an XLSX whose members would inflate beyond
XLSX_INFLATED_MAX (the zip's central directory says, before openpyxl opens it; Python's zipfile
never inflates a member beyond the size the directory gives) is refused; reading stops at
MAX_ROWS players. Text is decoded by its byte-order mark (UTF-8, UTF-16 LE/BE), else as UTF-8,
else as Windows-1251; a cell with a control, format (zero-width) or other invisible character
is a problem naming its row and column.
"""
from __future__ import annotations

import codecs
import csv
import io
import unicodedata
import zipfile
from dataclasses import dataclass, field

import openpyxl
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from .clubs import ClubsByName
from .domain_events import RegistrationsChanged, publish
from .models import Club, Player, Registration, Team, Tournament
from .names import name_key

COLUMNS = ("nickname", "name", "club", "city")
# Header cells that name a column (a first row of these is a header, not a player).
HEADER_NAMES = {
    "nickname": "nickname", "nick": "nickname", "ник": "nickname", "никнейм": "nickname", "игровой ник": "nickname",
    "name": "name", "real name": "name", "имя": "name", "фио": "name",
    "club": "club", "клуб": "club",
    "city": "city", "город": "city",
    "team": "team", "команда": "team",  # a team tournament's team (only by its header: docs/teams.md)
}
MAX_LENGTHS = {
    "nickname": Player._meta.get_field("nickname").max_length,
    "name": Player._meta.get_field("real_name").max_length,
    "club": Club._meta.get_field("name").max_length,
    "city": Player._meta.get_field("city").max_length,
    "team": Team._meta.get_field("name").max_length,
}
MAX_ROWS = 2000
MAX_FILE_BYTES = 5 * 1024 * 1024
# What the members of an XLSX may inflate to, all together: a sheet of 2,000 players is well under
# 1 MB of XML; a 4.6 MB file whose sheet inflates to 1.5 GB is refused before it is opened.
XLSX_INFLATED_MAX = 50 * 1024 * 1024
MAX_COLUMNS = 20  # columns read of each row (the four named ones may stand anywhere among them)
# Unicode categories no name may hold: control (NUL, tab, escape), format (zero-width space and
# joiners, soft hyphen, BOM, direction marks), surrogates, private use, line and paragraph separators.
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})

NEW, MATCHED, REGISTERED, AMBIGUOUS = "new", "matched", "registered", "ambiguous"


def status_labels() -> dict[str, str]:
    """The preview's word for each status, in the active language."""
    return {NEW: _("new player"), MATCHED: _("existing player"), REGISTERED: _("already registered"),
            AMBIGUOUS: _("ambiguous")}


class ImportProblem(ValueError):
    """The input cannot be read at all (not a table, an unknown format)."""


@dataclass(frozen=True)
class SourceRow:
    line: int  # the row's number in the input (1 = its first line, the header included)
    nickname: str
    name: str = ""
    club: str = ""
    city: str = ""
    team: str = ""


@dataclass
class PreviewRow:
    source: SourceRow
    status: str
    player: Player | None = None
    candidates: list[Player] = field(default_factory=list)


@dataclass
class ImportPreview:
    rows: list[PreviewRow]
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems

    def count(self, status: str) -> int:
        return sum(1 for row in self.rows if row.status == status)


# -- reading -------------------------------------------------------------------------------------

def read_table(*, text: str | None = None, filename: str = "", content: bytes | None = None) -> list[SourceRow]:
    """The rows of a pasted list (`text`) or of an uploaded file (`filename` says CSV or XLSX).
    Raises ImportProblem for a file too large, inflating too far, unreadable or of too many rows."""
    if content is not None:
        if len(content) > MAX_FILE_BYTES:
            raise ImportProblem(_("The file is larger than 5 MB."))
        if filename.lower().endswith(".xlsx"):
            cells = _xlsx_cells(content)
        elif filename.lower().endswith((".csv", ".txt")):
            cells = _text_cells(_decode(content))
        else:
            raise ImportProblem(_("The file must be a CSV or an XLSX table."))
    else:
        cells = _text_cells(text or "")
    return _rows(cells)


_BOMS = ((codecs.BOM_UTF32_LE, None), (codecs.BOM_UTF32_BE, None),  # before UTF-16 LE: FF FE 00 00
         (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def _decode(content: bytes) -> str:
    """Text by its byte-order mark (UTF-8, UTF-16 LE or BE), else UTF-8, else Windows-1251 (Excel
    in Russian saves CSV so). A file that none of them reads is an ImportProblem."""
    for bom, encoding in _BOMS:
        if content.startswith(bom):
            if encoding is None:
                break
            try:
                return content[len(bom):].decode(encoding)
            except UnicodeDecodeError:
                raise ImportProblem(_("The file starts as %(encoding)s text but is not.") % {
                    "encoding": encoding.upper()}) from None
    else:
        for encoding in ("utf-8", "cp1251"):
            try:
                return content.decode(encoding)
            except UnicodeDecodeError:
                continue
    raise ImportProblem(_("The file is neither UTF-8, UTF-16 nor Windows-1251 text."))


def _text_cells(text: str) -> list[list[str]]:
    lines = text.splitlines()
    delimiter = "\t" if "\t" in text else ";" if ";" in text else ","  # a spreadsheet's copy, Russian Excel, plain CSV
    try:
        return _bounded(list(row) for row in csv.reader(lines, delimiter=delimiter))
    except csv.Error as error:
        raise ImportProblem(_("The list cannot be read as a table: %(error)s") % {"error": error}) from None


def _bounded(rows) -> list[list[str]]:
    """The rows, read no further than MAX_ROWS non-empty ones after a header (ImportProblem beyond)."""
    cells, filled = [], 0
    for row in rows:
        row = row[:MAX_COLUMNS]
        cells.append(row)
        if any(c.strip() for c in row):
            filled += 1
            if filled > MAX_ROWS + 1:  # the first may be a header
                raise _too_many_rows()
    return cells


def _too_many_rows() -> ImportProblem:
    return ImportProblem(_("At most %(n)s players at once.") % {"n": MAX_ROWS})


def _inflated_size(content: bytes) -> int:
    """What the XLSX's members inflate to, by its zip central directory (nothing is inflated)."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            return sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError):
        raise ImportProblem(_("The file cannot be read as an XLSX workbook.")) from None


def _xlsx_cells(content: bytes) -> list[list[str]]:
    if _inflated_size(content) > XLSX_INFLATED_MAX:
        raise ImportProblem(_("The workbook unpacks to more than %(n)s MB; a list of players is far smaller.") % {
            "n": XLSX_INFLATED_MAX // (1024 * 1024)})
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        try:
            sheet = workbook.worksheets[0]
            rows = sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True)
            cells = _bounded(["" if value is None else str(value) for value in row] for row in rows)
        finally:
            workbook.close()
    except ImportProblem:
        raise
    except Exception:  # openpyxl raises many kinds on a broken or foreign file
        raise ImportProblem(_("The file cannot be read as an XLSX workbook.")) from None
    return cells


def _rows(cells: list[list[str]]) -> list[SourceRow]:
    order = list(COLUMNS)
    start = 0
    first = next((i for i, row in enumerate(cells) if any(c.strip() for c in row)), None)
    if first is not None:
        named = [HEADER_NAMES.get(c.strip().casefold()) for c in cells[first]]
        if "nickname" in named:
            order = [name or "" for name in named]
            start = first + 1
    rows = []
    for index, row in enumerate(cells[start:], start=start + 1):
        values = {name: cell.strip() for name, cell in zip(order, row) if name}
        if not any(cell.strip() for cell in row):
            continue
        rows.append(SourceRow(index, values.get("nickname", ""), values.get("name", ""), values.get("club", ""),
                              values.get("city", ""), values.get("team", "")))
    if len(rows) > MAX_ROWS:
        raise _too_many_rows()
    return rows


def forbidden_character(value: str) -> str | None:
    """The first character of `value` that no name may hold, as "U+200B ZERO WIDTH SPACE", or None."""
    if value.isprintable():  # no control, format, surrogate, private-use or separator character
        return None
    for ch in value:
        if unicodedata.category(ch) in FORBIDDEN_CATEGORIES:
            return f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".rstrip()
    return None


# -- matching ------------------------------------------------------------------------------------

def preview_registrations(*, tournament: Tournament, rows: list[SourceRow]) -> ImportPreview:
    """What saving would do, row by row, and every problem (naming the row and the field)."""
    problems: list[str] = []
    stored: dict[str, list[Player]] = {}
    for player in Player.objects.only("pk", "nickname", "real_name", "city"):
        stored.setdefault(name_key(player.nickname), []).append(player)
    registered = set(Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True))
    seen: dict[str, int] = {}
    preview = []
    labels = {"nickname": _("nickname"), "name": _("name"), "club": _("club"), "city": _("city"), "team": _("team")}
    for row in rows:
        where = {"line": row.line}
        for column, limit in MAX_LENGTHS.items():
            bad = forbidden_character(getattr(row, column))
            if bad is not None:
                problems.append(_("Row %(line)s, %(field)s: contains the invisible or control character %(character)s; "
                                  "type the name again.") % {**where, "field": labels[column], "character": bad})
            if len(getattr(row, column)) > limit:
                problems.append(_("Row %(line)s, %(field)s: longer than %(limit)s characters.") % {
                    **where, "field": labels[column], "limit": limit})
        if not row.nickname:
            problems.append(_("Row %(line)s, nickname: empty.") % where)
            preview.append(PreviewRow(row, NEW))
            continue
        key = name_key(row.nickname)
        if key in seen:
            problems.append(_("Row %(line)s, nickname: \"%(nickname)s\" repeats row %(first)s.") % {
                **where, "nickname": row.nickname, "first": seen[key]})
        seen.setdefault(key, row.line)
        found = stored.get(key, [])
        if len(found) > 1:
            problems.append(_("Row %(line)s, nickname: \"%(nickname)s\" fits several players (%(players)s); "
                              "rename one of them in the admin first.") % {
                **where, "nickname": row.nickname, "players": ", ".join(p.nickname for p in found)})
            preview.append(PreviewRow(row, AMBIGUOUS, candidates=found))
        elif found:
            status = REGISTERED if found[0].pk in registered else MATCHED
            preview.append(PreviewRow(row, status, player=found[0]))
        else:
            preview.append(PreviewRow(row, NEW))
    if not rows:
        problems.append(_("The list holds no players."))
    problems += _team_problems(tournament, preview)
    return ImportPreview(preview, problems)


def team_named(tournament: Tournament, name: str) -> Team | None:
    """The tournament's team of that name, compared as people compare names (the import's rows and
    the sign-ups name teams so)."""
    key = name_key(name)
    return next((team for team in tournament.teams.all() if name_key(team.name) == key), None)


def _team_problems(tournament: Tournament, preview: list[PreviewRow]) -> list[str]:
    """A team named in a tournament without teams, or a team beyond its size."""
    problems = []
    size = tournament.team_size
    members = {name_key(team.name): team.members.count() for team in tournament.teams.all()}
    for row in preview:
        if not row.source.team or row.status == REGISTERED:
            continue
        where = {"line": row.source.line}
        if size is None:
            problems.append(_("Row %(line)s, team: this tournament has no teams (set its players in a team first).") % where)
            continue
        key = name_key(row.source.team)
        members[key] = members.get(key, 0) + 1
        if members[key] > size:
            problems.append(_("Row %(line)s, team: “%(team)s” would have more than %(size)s players.") % {
                **where, "team": row.source.team, "size": size})
    return problems


@transaction.atomic
def save_registrations(*, tournament: Tournament, preview: ImportPreview) -> int:
    """Create the new players and register every new and matched one, numbered after the
    tournament's last number; all or nothing. Returns the number of registrations made."""
    if not preview.ok:
        raise ImportProblem(preview.problems[0])
    clubs = ClubsByName()
    top = Registration.objects.filter(tournament=tournament).aggregate(top=Max("number"))["top"] or 0
    made = 0
    for row in preview.rows:
        if row.status == REGISTERED:
            continue
        player = row.player
        if player is None:
            source = row.source
            club = clubs.get_or_create(source.club, source.city) if source.club else None
            player = Player.objects.create(nickname=source.nickname, real_name=source.name, club=club, city=source.city)
        top += 1
        team = None
        if row.source.team:
            team = team_named(tournament, row.source.team) or Team.objects.create(tournament=tournament, name=row.source.team)
        Registration.objects.create(tournament=tournament, player=player, number=top, team=team)
        made += 1
    if made:
        publish(RegistrationsChanged(tournament.pk))
    return made
