"""The export commands: the format follows the extension; bad input is a message and exit code 1."""
import io
from unittest import mock

import pytest
from django.core.management import execute_from_command_line
from openpyxl import load_workbook

from tests.factories import TournamentFactory

from .conftest import pdf_text

pytestmark = pytest.mark.django_db


def run(*args) -> int:
    # A command run from the command line closes the database connections when it ends; inside a
    # test's transaction on PostgreSQL that would close the test's own connection.
    with mock.patch("django.core.management.base.connections.close_all"):
        try:
            execute_from_command_line(["manage.py", *args])
        except SystemExit as stop:
            return stop.code
    return 0


def test_each_command_writes_pdf_and_xlsx(cup, tmp_path, capsys):
    for command, extra in [("export_protocols", ["--game", "1"]), ("export_protocols", ["--round", "2", "--blank"]),
                           ("export_protocols", ["--stage", "final"]), ("export_standings", []),
                           ("export_standings", ["--stage", "qualifying"]), ("export_seating", ["--stage", "final"])]:
        for ext in ("pdf", "xlsx"):
            out = tmp_path / f"{command}-{len(extra)}.{ext}"
            assert run(command, "cup", "--out", str(out), *extra) == 0, (command, extra, ext)
            content = out.read_bytes()
            if ext == "pdf":
                assert content.startswith(b"%PDF") and pdf_text(content)
            else:
                assert load_workbook(io.BytesIO(content)).sheetnames
    assert "protocols: " in capsys.readouterr().out


def test_the_language_follows_the_tournament_or_the_option(cup, tmp_path):
    out = tmp_path / "s.pdf"
    assert run("export_standings", "cup", "--out", str(out)) == 0
    assert "Место" in pdf_text(out.read_bytes())[0]
    assert run("export_standings", "cup", "--out", str(out), "--lang", "en") == 0
    assert "Place" in pdf_text(out.read_bytes())[0]
    cup.language = "en"
    cup.save(update_fields=["language"])
    assert run("export_standings", "cup", "--out", str(out)) == 0
    assert "Place" in pdf_text(out.read_bytes())[0]


@pytest.mark.parametrize("args, says", [
    (["export_protocols", "nope"], "nope"),
    (["export_protocols", "cup", "--stage", "semifinal"], "semifinal"),
    (["export_protocols", "cup", "--stage", "bogus"], "bogus"),
    (["export_protocols", "cup", "--round", "9"], "9"),
    (["export_protocols", "cup", "--stage", "final", "--round", "0"], "0"),
    (["export_protocols", "cup", "--round", "x"], "x"),
    (["export_protocols", "cup", "--game", "999"], "999"),
    (["export_protocols", "cup", "--game", "99999999999999999999999"], "99999999999999999999999"),
    (["export_standings", "cup", "--stage", "semifinal"], "semifinal"),
    (["export_seating", "nope"], "nope"),
])
def test_bad_input_is_a_message_and_exit_code_1(cup, tmp_path, capsys, args, says):
    out = tmp_path / "out.pdf"
    assert run(*args, "--out", str(out)) == 1
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert not out.exists()


def test_an_unknown_extension_or_directory_is_exit_code_1(cup, tmp_path, capsys):
    assert run("export_seating", "cup", "--out", str(tmp_path / "seating.csv")) == 1
    assert run("export_seating", "cup", "--out", str(tmp_path / "no" / "seating.pdf")) == 1
    assert ".pdf" in capsys.readouterr().err


def test_nothing_to_print_is_exit_code_1(db, tmp_path):
    TournamentFactory(slug="empty")
    for command in ("export_protocols", "export_standings", "export_seating"):
        assert run(command, "empty", "--out", str(tmp_path / "x.pdf")) == 1
