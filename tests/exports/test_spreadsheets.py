"""Spreadsheets read back with openpyxl and opened by LibreOffice as a spreadsheet program would."""
import io
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from exports.exporters import ProtocolExporter, SeatingExporter, StandingsExporter
from protocols.models import Game, Seat
from scoring.models import PlayerStanding
from tournaments.models import Stage

pytestmark = pytest.mark.django_db


def _book(content: bytes):
    return load_workbook(io.BytesIO(content))


def test_the_standings_store_numbers_with_two_decimals_under_a_frozen_filtered_header(cup):
    book = _book(StandingsExporter(cup).render("xlsx").content)
    sheet = book.active
    header_row = 3  # the title, the facts line (stage, time of the snapshot, K), then the header
    header = [c.value for c in sheet[header_row]]
    assert header[:8] == ["Место", "Жребий", "Игрок", "Клуб", "Итого", "Осн.", "Доп.", "ДП1"]
    assert sheet.freeze_panes == f"A{header_row + 1}"
    assert sheet.auto_filter.ref.startswith(f"A{header_row}:")
    assert "K = " in sheet["A2"].value and "Общий зачёт" in sheet["A2"].value
    stored = list(PlayerStanding.objects.filter(snapshot__tournament=cup, snapshot__scope="all").order_by("place"))
    rows = list(sheet.iter_rows(min_row=header_row + 1, values_only=False))
    assert len(rows) == len(stored) == 20
    for cells, row in zip(rows, stored):
        total = cells[4]
        assert isinstance(total.value, (int, float)) and total.number_format == "0.00"
        assert Decimal(str(total.value)).quantize(Decimal("0.01")) == row.total
        assert cells[2].value == row.nickname and cells[0].value == row.place
        assert (cells[1].value == "*") == row.decided_by_lot


def test_libreoffice_reads_the_standings_totals_of_the_snapshot(cup, soffice_csv):
    sheets = soffice_csv(StandingsExporter(cup, language="en").render("xlsx").content)
    rows = next(iter(sheets.values()))
    head = next(i for i, r in enumerate(rows) if r[:3] == ["Place", "Lot", "Player"])
    stored = {r.nickname: r.total for r in PlayerStanding.objects.filter(snapshot__tournament=cup, snapshot__scope="all")}
    read = {r[2]: Decimal(r[4]) for r in rows[head + 1:] if r and r[0]}
    assert read == stored


def test_a_stages_standings_are_that_stages_snapshot(cup):
    final = Stage.objects.get(tournament=cup, kind="final")
    sheet = _book(StandingsExporter(cup, stage=final, language="en").render("xlsx").content).active
    assert "Final" in sheet["A2"].value
    stored = {r.nickname: r.total for r in PlayerStanding.objects.filter(snapshot__tournament=cup, snapshot__scope="final")}
    read = {r[2]: Decimal(str(r[4])).quantize(Decimal("0.01")) for r in sheet.iter_rows(min_row=4, values_only=True)}
    assert read == stored and len(read) == 10


def test_the_protocols_have_a_summary_and_a_sheet_per_game(cup, soffice_csv):
    content = ProtocolExporter(cup).render("xlsx").content
    book = _book(content)
    games = list(Game.objects.filter(tournament=cup).order_by("number"))
    assert book.sheetnames == ["Игры"] + [f"Игра {g.number}" for g in games]
    summary = book["Игры"]
    assert [r[0] for r in summary.iter_rows(min_row=4, values_only=True)] == [g.number for g in games]
    game = games[0]
    sheet = book[f"Игра {game.number}"]
    values = [r for r in sheet.iter_rows(values_only=True)]
    head = next(i for i, r in enumerate(values) if r[0] == "Место")
    by_seat = {r[0]: r for r in values[head + 1:head + 11]}
    letters = {"red": "К", "sheriff": "Ш", "black": "Ч", "don": "Д"}
    for seat in game.seats.select_related("player"):
        row = by_seat[seat.number]
        assert row[1] == seat.player.nickname and row[2] == letters[seat.role] and row[3] == seat.fouls
    totals = [sheet.cell(row=head + 2 + k, column=9) for k in range(10)]
    assert all(isinstance(c.value, (int, float)) and c.number_format == "0.00" for c in totals)
    sheets = soffice_csv(content)
    assert len(sheets) == len(games) + 1


def test_the_seating_has_a_round_by_table_and_a_player_by_round_grid(cup, soffice_csv):
    content = SeatingExporter(cup).render("xlsx").content
    book = _book(content)
    assert book.sheetnames == ["Туры и столы", "Игроки и туры"]
    grid = list(book["Туры и столы"].iter_rows(min_row=3, values_only=True))
    games = Game.objects.filter(tournament=cup, replay_of__isnull=True)
    assert len(grid) == games.count()
    seat = (Seat.objects.filter(game__tournament=cup, game__stage__kind="qualifying")
            .select_related("game__table", "game__round", "player").first())
    row = next(r for r in grid if r[3] == seat.game.number)
    assert row[4 + seat.number] == seat.player.nickname
    header = next(book["Игроки и туры"].iter_rows(min_row=3, max_row=3, values_only=True))
    players = {r[0]: r for r in book["Игроки и туры"].iter_rows(min_row=4, values_only=True)}
    assert len(players) == 20
    column = header.index(f"О{seat.game.round.number}")  # that qualifying round's column
    assert players[seat.player.nickname][column] == f"С{seat.game.table.number} М{seat.number}"
    sheets = soffice_csv(content)
    assert len(sheets) == 2


def test_withdrawn_and_excluded_players_are_marked_in_the_exported_standings(cup):
    from scoring.recompute import recompute
    from tournaments.models import Registration

    def cells() -> list:
        sheet = _book(StandingsExporter(cup).render("xlsx").content).active
        return [value for row in sheet.iter_rows(values_only=True) for value in row if isinstance(value, str)]

    assert not any("†" in value for value in cells())  # nobody left: no mark, no legend line
    withdrawn, excluded = Registration.objects.filter(tournament=cup).order_by("number")[2:4]
    Registration.objects.filter(pk=withdrawn.pk).update(withdrawn=True)
    Registration.objects.filter(pk=excluded.pk).update(excluded=True, withdrawn=True)
    recompute(cup.pk, force=True)
    found = cells()
    assert f"{withdrawn.player.nickname} †" in found and f"{excluded.player.nickname} ‡" in found
    assert sum(value.endswith(("†", "‡")) for value in found) == 2
    # the PDF's legend says what the marks mean (the spreadsheet keeps to its columns)
    from .conftest import pdf_text
    assert "исключён из турнира" in " ".join(pdf_text(StandingsExporter(cup).render("pdf").content))
