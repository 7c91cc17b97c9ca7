"""Protocol sheets read back from the PDF: a completed sheet shows everything the judge recorded
and the points the standings give; a blank one shows the header and the nicknames only."""
import re
from collections import defaultdict
from decimal import Decimal

import pytest

from exports.exporters import ProtocolExporter
from exports.selectors import game_points, protocol_games
from exports.sheets import completed_sheets
from protocols.models import Game, Protest, ProtocolVersion
from scoring.models import PlayerStanding, StandingsState
from scoring.services import request_recompute
from tests.tournament_builders import add_scheduled_round
from tournaments.models import Round, Stage

from .conftest import pdf_fonts, pdf_pages, pdf_text, pdftotext

pytestmark = pytest.mark.django_db

LETTERS = {"ru": {"red": "К", "sheriff": "Ш", "black": "Ч", "don": "Д"}, "en": {"red": "R", "sheriff": "S", "black": "B", "don": "D"}}


def seat_rows(page: str) -> dict[int, str]:
    """Seat number -> the text of its row (pypdf keeps a row's cells on one line, in order)."""
    rows = {}
    lines = page.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("№ "))  # the seats' header row
    for line in lines[head + 1:]:
        m = re.match(r"^(10|[1-9]) (.*)$", line.strip())
        if m and int(m[1]) not in rows:
            rows[int(m[1])] = m[2]
    return rows


def _points(cents: int, language: str = "en") -> str:
    """Points as the sheet prints them: a decimal comma in Russian, a point in English."""
    text = f"{Decimal(cents).scaleb(-2):.2f}"
    return text.replace(".", ",") if language == "ru" else text


@pytest.mark.parametrize("language", ["ru", "en"])
def test_a_completed_sheet_shows_every_nickname_role_foul_point_and_the_best_move(cup, language, tmp_path):
    game = Game.objects.filter(tournament=cup, first_killed_seat__isnull=False).exclude(best_move=[]).order_by("number").first()
    exported = ProtocolExporter(cup, game=game, language=language).render("pdf")
    pages = pdf_pages(exported.content)
    plain = [page.replace("\n", " ") for page in pages]
    assert len(pages) == 2  # the sheet and its written reasons (9.10)
    text = pdf_text(exported.content)[0]
    rows = seat_rows(text)
    points = game_points(cup, {game.number})[game.number]
    for seat in game.seats.select_related("player"):
        row = rows[seat.number]
        assert row.startswith(seat.player.nickname + " "), row
        after = row[len(seat.player.nickname) + 1:].split()
        assert after[0] == LETTERS[language][seat.role], row
        assert after[1:1 + seat.fouls] == [str(k) for k in range(1, seat.fouls + 1)], row
        mine = points[seat.number]
        assert row.endswith(" ".join(_points(c, language) for c in (mine.main, mine.extra, mine.total))), row
    best = re.search(r"(\d+) +→ +(\d+) (\d+) (\d+)", text)
    assert best and [int(n) for n in best.groups()] == [game.first_killed_seat, *game.best_move]
    winner = {"ru": {"red": "Победа красных", "black": "Победа чёрных"},
              "en": {"red": "Red team won", "black": "Black team won"}}[language][game.result]
    assert winner in " ".join(plain[0].split())
    assert game.tournament.name in plain[0] and str(game.number) in plain[0]
    assert "☒" in text  # the winning team is marked
    # poppler reads the same nicknames and numbers from the file
    poppler = pdftotext(exported.content, tmp_path)
    for seat in game.seats.select_related("player"):
        assert seat.player.nickname in poppler
    assert {font.split("+")[-1] for font in pdf_fonts(exported.content)} >= {"DejaVu-Sans", "DejaVu-Sans-Bold"}  # embedded


def test_the_sheets_points_add_up_to_the_standings(cup):
    """Each player's points over every completed sheet are their total in the standings."""
    games = list(Game.objects.filter(tournament=cup))
    sheets = list(completed_sheets(cup, protocol_games(ProtocolExporter(cup).selected_games())))
    totals = defaultdict(int)
    for sheet in sheets:
        for seat in sheet.seats:
            totals[seat.nickname] += seat.points.total
    assert len(sheets) == len(games)
    for row in PlayerStanding.objects.filter(snapshot__tournament=cup, snapshot__scope="all"):
        assert _points(totals[row.nickname]) == f"{row.total:.2f}", row.nickname


def test_a_pending_recomputation_gives_the_same_points_from_the_scoring_core(cup):
    """With the snapshot behind the protocols the points come from the core, as the job will store them."""
    numbers = set(Game.objects.filter(tournament=cup).values_list("number", flat=True))
    from_snapshot = game_points(cup, numbers)
    StandingsState.raise_requested(cup.pk)  # the snapshot is now older than what was asked for
    assert game_points(cup, numbers) == from_snapshot


def test_a_blank_sheet_has_the_header_and_the_nicknames_and_nothing_the_game_decides(cup, tmp_path):
    games = add_scheduled_round(cup)
    rnd = games[0].round
    exported = ProtocolExporter(cup, rnd=rnd, blank=True).render("pdf")
    assert exported.filename == "cup-protocols-qualifying-round-4-blank.pdf"
    pages = pdf_pages(exported.content)
    assert len(pages) == 2 * len(games)  # one two-sided sheet per table
    texts = pdf_text(exported.content)
    for n, game in enumerate(games):
        text = texts[2 * n]
        assert cup.name in text and "Отборочный" in text
        assert re.search(rf"№ {game.number}\b", text)
        rows = seat_rows(text)
        for seat in game.seats.select_related("player"):
            assert rows[seat.number].strip() == seat.player.nickname  # nothing after the nickname: no role, foul, points
        for word in ("Победа красных", "Победа чёрных", "☒", "0.00", "1.00", "заголосован, день", "убит, ночь"):
            assert word not in text
        assert "☐" in text  # the boxes to tick are there
    poppler = pdftotext(exported.content, tmp_path)
    assert all(s.player.nickname in poppler for g in games for s in g.seats.select_related("player"))


def test_a_blank_round_prints_even_when_its_games_are_already_played(cup):
    rnd = Round.objects.get(stage__tournament=cup, stage__kind="qualifying", number=1)
    reader_text = pdf_pages(ProtocolExporter(cup, rnd=rnd, blank=True, language="en").render("pdf").content)
    assert len(reader_text) == 4
    assert "Red team won" not in reader_text[0] and "Black team won" not in reader_text[0]


def test_the_second_page_gives_every_written_reason(cup, django_user_model):
    game = Game.objects.filter(tournament=cup, seats__extra__gt=0).order_by("number").first()
    seat = game.seats.filter(extra__gt=0).select_related("player").first()
    penalised = game.seats.exclude(pk=seat.pk).select_related("player").first()
    penalised.penalties.create(clause="8.5.1", reason="Сломал красного при десяти")
    user = django_user_model.objects.create(username="chief-x")
    ProtocolVersion.objects.create(game=game, version=99, saved_by=user, action="amend", reason="Исправлен фол по видео", data={})
    Protest.objects.create(game=game, player=seat.player, text="Неверный подсчёт голосов", status="rejected",
                           decision="Голоса подсчитаны верно")
    request_recompute(cup)
    text = pdf_pages(ProtocolExporter(cup, game=game).render("pdf").content)[1].replace("\n", " ")
    text = re.sub(r" +", " ", text)
    # the Russian sheet writes its amounts with a decimal comma, as the standings page does
    assert seat.extra_reason in text and "+" + f"{seat.extra:.2f}".replace(".", ",") in text
    assert "Сломал красного при десяти" in text and "−0,40" in text and "8.5.1" in text
    assert "Исправлен фол по видео" in text
    assert "Голоса подсчитаны верно" in text and "Неверный подсчёт голосов" in text


def test_a_stage_booklet_has_two_pages_per_signed_off_game(cup):
    final = Stage.objects.get(tournament=cup, kind="final")
    exported = ProtocolExporter(cup, stage=final).render("pdf", progress=lambda done, total: None)
    assert len(pdf_pages(exported.content)) == 2 * Game.objects.filter(stage=final).count()
