"""Registration lists that try to break the import, at the admin's page and at
`manage.py import_registrations` alike: a zip bomb (refused from the zip's directory, in bounded
time and memory), too many rows, UTF-16 and other encodings (decoded by their byte-order mark),
NUL, control and zero-width characters (refused in the preview, naming the row: never a 500 on
confirmation), and look-alike nicknames (flagged as the stored player, not made new players)."""
import io
import struct
import time
import tracemalloc
import unicodedata
import zipfile
import zlib

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.models import Player, Registration
from tournaments.names import name_key
from tournaments.registration_import import (
    MATCHED,
    MAX_ROWS,
    ImportProblem,
    preview_registrations,
    read_table,
)

pytestmark = pytest.mark.django_db

BOMB_INFLATED = 1536 * 1024 * 1024  # 1.5 GB of sheet XML


@pytest.fixture(autouse=True)
def english(settings, client, admin_client):
    for each in (client, admin_client):
        each.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    with translation.override("en"):
        yield


def registered(tournament) -> list[str]:
    return list(Registration.objects.filter(tournament=tournament).order_by("number").values_list("player__nickname", flat=True))


def _zip(members: list[tuple[str, bytes, int, int]]) -> bytes:
    """A zip of already deflated members: (name, deflated bytes, inflated size, crc)."""
    out, directory = io.BytesIO(), io.BytesIO()
    for name, data, size, crc in members:
        offset = out.tell()
        encoded = name.encode()
        out.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(data), size, len(encoded), 0) + encoded)
        out.write(data)
        directory.write(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(data), size,
                                    len(encoded), 0, 0, 0, 0, 0, offset) + encoded)
    start, count, table = out.tell(), len(members), directory.getvalue()
    out.write(table + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(table), start, 0))
    return out.getvalue()


def zip_bomb() -> bytes:
    """A real workbook whose first sheet is 1.5 GB of rows deflated to about 1.5 MB: every 1 MB block
    is flushed in full, so its deflated form is the same bytes each time and is written 1,536 times.
    (Its CRC is not worked out: nothing should inflate the sheet to find out.)"""
    genuine = io.BytesIO()
    openpyxl.Workbook().save(genuine)
    with zipfile.ZipFile(genuine) as source:
        others = [(info.filename, source.read(info.filename)) for info in source.infolist()
                  if info.filename != "xl/worksheets/sheet1.xml"]
    members = []
    for name, content in others:
        deflate = zlib.compressobj(6, zlib.DEFLATED, -15)
        members.append((name, deflate.compress(content) + deflate.flush(), len(content), zlib.crc32(content)))
    row = b'<row><c t="inlineStr"><is><t>x</t></is></c></row>'
    block = row * (1024 * 1024 // len(row)) + b" " * (1024 * 1024 % len(row))
    head = b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
    tail = b"</sheetData></worksheet>"
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    start = deflate.compress(head) + deflate.flush(zlib.Z_FULL_FLUSH)
    once = deflate.compress(block) + deflate.flush(zlib.Z_FULL_FLUSH)
    assert deflate.compress(block) + deflate.flush(zlib.Z_FULL_FLUSH) == once
    blocks = BOMB_INFLATED // len(block)
    sheet = start + once * (blocks - 1) + deflate.compress(tail) + deflate.flush()
    members.append(("xl/worksheets/sheet1.xml", sheet, len(head) + blocks * len(block) + len(tail), 0))
    return _zip(members)


def test_a_zip_bomb_is_refused_in_bounded_time_and_memory_at_the_page_and_the_command(admin_client, tmp_path):
    bomb = zip_bomb()
    assert len(bomb) < 5 * 1024 * 1024  # it passes the upload limit
    tournament = TournamentFactory()
    url = reverse("admin:tournaments_tournament_import_registrations", args=[tournament.pk])
    tracemalloc.start()
    began = time.monotonic()
    with pytest.raises(ImportProblem, match="unpacks to more than 50 MB"):
        read_table(filename="bomb.xlsx", content=bomb)
    elapsed = time.monotonic() - began
    _now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert elapsed < 5 and peak < 50 * 1024 * 1024, (elapsed, peak)  # openpyxl would inflate 1.5 GB
    admin_client.get(url)  # the page's templates are compiled before the clock starts
    began = time.monotonic()
    response = admin_client.post(url, {"file": SimpleUploadedFile("bomb.xlsx", bomb), "preview": "1"})
    assert time.monotonic() - began < 5
    assert response.status_code == 200 and "unpacks to more than 50 MB" in response.content.decode()
    path = tmp_path / "bomb.xlsx"
    path.write_bytes(bomb)
    began = time.monotonic()
    with pytest.raises(CommandError, match="unpacks to more than 50 MB"):
        call_command("import_registrations", tournament.slug, str(path), stdout=io.StringIO())
    assert time.monotonic() - began < 5
    assert registered(tournament) == []


def xlsx(rows) -> bytes:
    workbook = openpyxl.Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def test_reading_stops_at_the_row_limit():
    many = [[f"Игрок {i}"] for i in range(MAX_ROWS + 50)]
    for content, name in ((xlsx(many), "list.xlsx"), ("\n".join(r[0] for r in many).encode(), "list.csv")):
        with pytest.raises(ImportProblem, match=f"At most {MAX_ROWS} players"):
            read_table(filename=name, content=content)
    assert len(read_table(filename="list.xlsx", content=xlsx([["ник"]] + many[:MAX_ROWS]))) == MAX_ROWS


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1251"])
def test_text_is_decoded_by_its_byte_order_mark(encoding):
    text = "Ник;Город\nВорон;Казань\nЁжик;Тверь\n"
    content = text.encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):
        content = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[encoding] + content
    rows = read_table(filename="list.csv", content=content)
    assert [(r.nickname, r.city) for r in rows] == [("Ворон", "Казань"), ("Ёжик", "Тверь")]


def test_utf16_without_its_mark_is_refused_in_the_preview_not_saved():
    tournament = TournamentFactory()
    rows = read_table(filename="list.csv", content="Ворон\n".encode("utf-16-le"))
    preview = preview_registrations(tournament=tournament, rows=rows)
    assert not preview.ok and preview.problems[0].startswith("Row 1, nickname: contains the invisible or control character U+")


@pytest.mark.parametrize("character", ["\x00", "\x1b", "\u200b", "\u200d", "\ufeff", "\x7f", "\u202e"])
def test_control_and_zero_width_characters_are_refused_naming_the_row(character):
    tournament = TournamentFactory()
    text = f"Ворон;Иван\nСова;Ольга{character}\n"
    preview = preview_registrations(tournament=tournament, rows=read_table(filename="list.csv", content=text.encode()))
    assert not preview.ok
    name = unicodedata.name(character, "")
    assert preview.problems == [f"Row 2, name: contains the invisible or control character U+{ord(character):04X}"
                                + (f" {name}" if name else "") + "; type the name again."]

def test_the_russian_problem_names_the_row():
    tournament = TournamentFactory()
    with translation.override("ru"):
        preview = preview_registrations(tournament=tournament, rows=read_table(text="Во\u200bрон"))
    assert preview.problems == ["Строка 1, игровой ник: содержит невидимый или управляющий символ U+200B ZERO WIDTH SPACE; "
                                "наберите имя заново."]


NUL_CSV = "Ворон;Иван\nСо\x00ва;Ольга\n".encode()


def test_a_nul_in_a_csv_never_passes_the_page_and_its_confirmation_is_no_500(admin_client):
    tournament = TournamentFactory()
    url = reverse("admin:tournaments_tournament_import_registrations", args=[tournament.pk])
    response = admin_client.post(url, {"file": SimpleUploadedFile("list.csv", NUL_CSV), "preview": "1"})
    body = response.content.decode()
    assert response.status_code == 200 and "Row 2, nickname: contains the invisible or control character U+0000" in body
    assert 'name="confirm"' not in body
    confirmed = admin_client.post(url, {"token": response.context["token"], "confirm": "1"})  # posted anyway
    assert confirmed.status_code == 200 and "U+0000" in confirmed.content.decode()
    # read in Python: PostgreSQL refuses a NUL even in a query's pattern
    assert registered(tournament) == [] and not any("\x00" in n for n in Player.objects.values_list("nickname", flat=True))


def test_a_utf16_file_is_read_by_the_page_and_saved_on_confirmation(admin_client):
    tournament = TournamentFactory()
    url = reverse("admin:tournaments_tournament_import_registrations", args=[tournament.pk])
    content = "Ник\tИмя\nВорон\tИван\nСова\tОльга\n".encode("utf-16")  # as Excel's "Unicode text" saves
    response = admin_client.post(url, {"file": SimpleUploadedFile("list.txt", content), "preview": "1"})
    assert response.status_code == 200 and response.context["preview"].ok
    confirmed = admin_client.post(url, {"token": response.context["token"], "confirm": "1"})
    assert confirmed.status_code == 302 and registered(tournament) == ["Ворон", "Сова"]


def test_the_command_refuses_a_nul_and_reads_utf16(tmp_path):
    tournament = TournamentFactory()
    bad = tmp_path / "bad.csv"
    bad.write_bytes(NUL_CSV)
    err = io.StringIO()
    with pytest.raises(CommandError, match="Nothing was saved"):
        call_command("import_registrations", tournament.slug, str(bad), stdout=io.StringIO(), stderr=err)
    assert "Row 2, nickname: contains the invisible or control character U+0000" in err.getvalue()
    good = tmp_path / "good.csv"
    good.write_bytes("Ворон;Иван\n".encode("utf-16"))
    call_command("import_registrations", tournament.slug, str(good), stdout=io.StringIO())
    assert registered(tournament) == ["Ворон"]


def test_a_file_over_5_mb_is_not_read_by_the_command(tmp_path):
    tournament = TournamentFactory()
    big = tmp_path / "big.csv"
    big.write_bytes(b"x" * (5 * 1024 * 1024 + 1))
    with pytest.raises(CommandError, match="larger than 5 MB"):
        call_command("import_registrations", tournament.slug, str(big), stdout=io.StringIO())


def test_look_alike_nicknames_are_the_stored_player():
    tournament = TournamentFactory()
    voron = PlayerFactory(nickname="Ворон")
    sam = PlayerFactory(nickname="Sam")
    rows = read_table(text="Bорон\nВОР0Н\nSаm\nＶоронёнок")  # a Latin B; a zero; a Cyrillic а; a full-width V
    preview = preview_registrations(tournament=tournament, rows=rows)
    assert [(r.status, r.player) for r in preview.rows[:3]] == [(MATCHED, voron), (MATCHED, voron), (MATCHED, sam)]
    assert 'Row 2, nickname: "ВОР0Н" repeats row 1.' in preview.problems


def test_a_zero_width_space_matches_the_stored_player_where_the_database_holds_one():
    tournament = TournamentFactory()
    voron = PlayerFactory(nickname="Вор\u200bон")  # stored before names were checked
    preview = preview_registrations(tournament=tournament, rows=read_table(text="Ворон"))
    assert [(r.status, r.player) for r in preview.rows] == [(MATCHED, voron)]


def test_two_stored_look_alikes_make_the_row_ambiguous():
    tournament = TournamentFactory()
    PlayerFactory(nickname="Ворон")
    PlayerFactory(nickname="Bорон")
    preview = preview_registrations(tournament=tournament, rows=read_table(text="ворон"))
    assert preview.rows[0].status == "ambiguous" and "fits several players" in preview.problems[0]


@pytest.mark.parametrize("a, b", [("Bорон", "Ворон"), ("Вор\u200bон", "Ворон"), ("ВОРОН", "ворон"), ("Ёжик", "ежик"),
                                  ("В0рон", "Ворон"), ("Sаm", "Sam"), ("BOB", "bob"), ("Ｔom", "tom"),
                                  ("Лиса\u00a0 1", "лиса 1")])
def test_name_key_folds_what_a_reader_cannot_tell_apart(a, b):
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize("a, b", [("TOP", "ТОР"), ("Ворон", "Ворона"), ("Tom 1", "Tom 2"), ("bob", "вов")])
def test_name_key_keeps_apart_what_a_reader_can(a, b):
    assert name_key(a) != name_key(b)
