"""Registering many players at once: pasted lists, CSV and XLSX files, the admin's preview and
confirmation, and `manage.py import_registrations` (all through tournaments/registration_import.py)."""
import io

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation

from tests.factories import ClubFactory, PlayerFactory, RegistrationFactory, TournamentFactory, UserFactory
from tournaments.models import Club, Player, Registration
from tournaments.registration_import import (
    AMBIGUOUS,
    MATCHED,
    NEW,
    REGISTERED,
    ImportProblem,
    preview_registrations,
    read_table,
    save_registrations,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english(settings, client, admin_client):
    """The messages are checked in English (tests/tournaments/test_languages.py checks the Russian)."""
    for each in (client, admin_client):
        each.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    with translation.override("en"):
        yield


def registered(tournament) -> list[tuple]:
    return list(Registration.objects.filter(tournament=tournament).order_by("number")
                .values_list("number", "player__nickname", "player__real_name", "player__club__name", "player__city"))


def test_it_registers_a_pasted_list_without_a_header_and_matches_by_nickname_ignoring_case_and_yo():
    tournament = TournamentFactory()
    stored = PlayerFactory(nickname="Ёжик", real_name="Пётр Иванов")
    RegistrationFactory(tournament=tournament, player=PlayerFactory(nickname="Граф"), number=1)
    text = "ежик\tП. Иванов\tВолга\tКазань\nЛиса\tАнна Смирнова\tВолга\tКазань\nГРАФ\t\t\t\n"
    preview = preview_registrations(tournament=tournament, rows=read_table(text=text))
    assert [(r.source.nickname, r.status) for r in preview.rows] == [("ежик", MATCHED), ("Лиса", NEW), ("ГРАФ", REGISTERED)]
    assert preview.rows[0].player == stored and preview.ok
    assert save_registrations(tournament=tournament, preview=preview) == 2
    assert registered(tournament) == [
        (1, "Граф", "", None, ""), (2, "Ёжик", "Пётр Иванов", None, ""), (3, "Лиса", "Анна Смирнова", "Волга", "Казань"),
    ]


def test_it_reads_a_csv_file_with_a_russian_header_in_windows_1251_and_reuses_a_known_club():
    tournament = TournamentFactory()
    club = ClubFactory(name="Белые ночи")
    content = "Город;Ник;Клуб;Имя\nСанкт-Петербург;Сова;белые ночи;Ольга\nКазань;Ирбис;Урал;Игорь\n".encode("cp1251")
    preview = preview_registrations(tournament=tournament, rows=read_table(filename="list.csv", content=content))
    assert save_registrations(tournament=tournament, preview=preview) == 2
    assert registered(tournament) == [(1, "Сова", "Ольга", "Белые ночи", "Санкт-Петербург"), (2, "Ирбис", "Игорь", "Урал", "Казань")]
    assert Player.objects.get(nickname="Сова").club == club and Club.objects.count() == 2


def xlsx(rows) -> bytes:
    workbook = openpyxl.Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def test_it_reads_an_xlsx_file():
    tournament = TournamentFactory()
    content = xlsx([["nickname", "name", "club", "city"], ["Шторм", "Иван", None, "Москва"], [None, None, None, None],
                    ["Барон", None, "Урал", "Екатеринбург"]])
    rows = read_table(filename="players.XLSX", content=content)
    assert [(r.line, r.nickname, r.city) for r in rows] == [(2, "Шторм", "Москва"), (4, "Барон", "Екатеринбург")]
    save_registrations(tournament=tournament, preview=preview_registrations(tournament=tournament, rows=rows))
    assert [r[1] for r in registered(tournament)] == ["Шторм", "Барон"]


def test_a_broken_or_foreign_file_is_a_clear_problem():
    with pytest.raises(ImportProblem, match="XLSX"):
        read_table(filename="players.xlsx", content=b"not a zip")
    with pytest.raises(ImportProblem, match="CSV or an XLSX"):
        read_table(filename="players.pdf", content=b"%PDF")


def test_problems_name_the_row_and_field_and_nothing_is_saved():
    tournament = TournamentFactory()
    PlayerFactory(nickname="Тень")
    PlayerFactory(nickname="тёнь ")  # "тень" after folding: two stored players fit
    text = "\n".join(["Лиса;;;", ";Без ника;;", "лиса;;;", "тень;;;", "x" * 81 + ";;;"])
    preview = preview_registrations(tournament=tournament, rows=read_table(text=text))
    assert not preview.ok
    assert [r.status for r in preview.rows][3] == AMBIGUOUS
    joined = "\n".join(preview.problems)
    assert "Row 2, nickname: empty." in joined
    assert 'Row 3, nickname: "лиса" repeats row 1.' in joined
    assert 'Row 4, nickname: "тень" fits several players' in joined
    assert "Row 5, nickname: longer than 80 characters." in joined
    with pytest.raises(ImportProblem):
        save_registrations(tournament=tournament, preview=preview)
    assert registered(tournament) == [] and not Player.objects.filter(nickname="Лиса").exists()


# -- the command ---------------------------------------------------------------------------------

def test_the_command_previews_with_dry_run_and_saves_without(tmp_path):
    tournament = TournamentFactory()
    file = tmp_path / "players.csv"
    file.write_text("nickname,name,club,city\nКомета,Мария,,Тверь\nПилот,,,\n", encoding="utf-8")
    out = io.StringIO()
    call_command("import_registrations", tournament.slug, str(file), "--dry-run", stdout=out)
    assert "Комета (Мария, Тверь)" in out.getvalue() and registered(tournament) == []
    call_command("import_registrations", tournament.slug, str(file), stdout=io.StringIO())
    assert [r[1] for r in registered(tournament)] == ["Комета", "Пилот"]


def test_the_command_exits_1_on_a_problem_file_and_saves_nothing(tmp_path):
    tournament = TournamentFactory()
    file = tmp_path / "players.csv"
    file.write_text("Комета;;;\n;Мария;;\n", encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("import_registrations", tournament.slug, str(file), stdout=io.StringIO(), stderr=err)
    assert raised.value.returncode == 1
    assert "Row 2, nickname: empty." in err.getvalue()
    assert registered(tournament) == [] and not Player.objects.filter(nickname="Комета").exists()
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_registrations", tournament.slug, str(tmp_path / "missing.csv"), stdout=io.StringIO())


# -- the admin -----------------------------------------------------------------------------------

def test_the_admin_previews_a_pasted_list_and_saves_it_on_confirmation(admin_client):
    tournament = TournamentFactory()
    PlayerFactory(nickname="Весна")
    url = reverse("admin:tournaments_tournament_import_registrations", args=[tournament.pk])
    assert url in admin_client.get(reverse("admin:tournaments_tournament_change", args=[tournament.pk])).content.decode()
    response = admin_client.post(url, {"text": "ВЕСНА\nОракул\tОлег\tВолга\tКазань", "preview": "1"})
    body = response.content.decode()
    assert response.status_code == 200 and 'class="import-matched"' in body and 'class="import-new"' in body
    assert registered(tournament) == []  # a preview saves nothing
    token = response.context["token"]
    response = admin_client.post(url, {"token": token, "confirm": "1"})
    assert response.status_code == 302
    assert [r[1] for r in registered(tournament)] == ["Весна", "Оракул"]


def test_the_admin_shows_problems_and_offers_no_confirmation(admin_client):
    tournament = TournamentFactory()
    url = reverse("admin:tournaments_tournament_import_registrations", args=[tournament.pk])
    body = admin_client.post(url, {"text": "Лиса\nлиса", "preview": "1"}).content.decode()
    assert "repeats row 1" in body and 'name="confirm"' not in body
    body = admin_client.post(url, {"text": "", "preview": "1"}).content.decode()
    assert "Paste a list or choose a file." in body
    assert admin_client.post(url, {"token": "forged", "confirm": "1"}).status_code == 302
    assert registered(tournament) == []


def test_the_admin_takes_an_xlsx_upload(admin_client):
    tournament = TournamentFactory()
    url = reverse("admin:tournaments_tournament_import_registrations", args=[tournament.pk])
    upload = SimpleUploadedFile("list.xlsx", xlsx([["Дуэлянт", "Дмитрий"]]))
    response = admin_client.post(url, {"file": upload, "preview": "1"})
    admin_client.post(url, {"token": response.context["token"], "confirm": "1"})
    assert registered(tournament) == [(1, "Дуэлянт", "Дмитрий", None, "")]


def test_an_outsider_cannot_import(client):
    tournament = TournamentFactory()
    outsider = UserFactory(is_staff=True)
    client.force_login(outsider)
    url = reverse("admin:tournaments_tournament_import_registrations", args=[tournament.pk])
    assert client.post(url, {"text": "Лиса", "preview": "1"}).status_code in (403, 404)
    assert registered(tournament) == []
