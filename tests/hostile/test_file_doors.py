"""Hostile tournament files at the command line (`python -m scoring`) and the importer: always exit
0 or a clear message with exit 1 (2 for `standings`), never a traceback; `check` and
`import_tournament` give the same answer, and a refused file changes no row already saved."""
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings

from engines.scoring.cli import main as scoring_main
from protocols.models import Game, Seat, SeatPenalty
from tournaments.models import Player, Registration, Tournament

from .values import hostile_documents

EXAMPLE = json.loads((Path(__file__).resolve().parent.parent / "engines" / "scoring" / "data" / "example-tournament.json")
                     .read_text(encoding="utf-8"))
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                           HealthCheck.data_too_large])


def write(tmp_path: Path, doc) -> Path:
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc, ensure_ascii=True, default=str), encoding="utf-8")
    return path


def cli(*args) -> tuple[int, str, str]:
    """main() as the shell runs it, with stdout and stderr caught as text."""
    import sys
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = scoring_main(list(args))
    finally:
        sys.stdout, sys.stderr = saved
    out.seek(0)
    err.seek(0)
    return code, out.read(), err.read()


def snapshot() -> tuple:
    return (sorted(Tournament.objects.values_list("slug", "name", "participants_override", "best_move_three")),
            sorted(Player.objects.values_list("nickname", flat=True)),
            sorted(Registration.objects.values_list("code", "number")),
            sorted(Game.objects.values_list("code", "version", "result")),
            sorted(Seat.objects.values_list("game__code", "number", "fouls", "extra")),
            sorted(SeatPenalty.objects.values_list("clause", "reason")))


@SETTINGS
@given(doc=hostile_documents(EXAMPLE))
def test_the_command_line_answers_every_hostile_file(tmp_path, doc):
    path = write(tmp_path, doc)
    code, out, err = cli("check", str(path))
    assert code in (0, 1) and err == ""
    assert (code == 0) == (out == "")
    assert "Traceback" not in out
    code_standings, out_s, err_s = cli("standings", str(path))
    assert code_standings == (0 if code == 0 else 2)
    assert (out_s != "") == (code == 0) and (err_s != "") == (code != 0)
    code_explain, _out, err_e = cli("explain", str(path), "p01")
    assert code_explain in (0, 2) and "Traceback" not in err_e


@pytest.mark.django_db
@SETTINGS
@given(doc=hostile_documents(EXAMPLE))
def test_check_and_the_importer_agree_on_every_hostile_file(tmp_path, doc):
    path = write(tmp_path, doc)
    checked, problems, _ = cli("check", str(path))
    before = snapshot()
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_tournament", str(path), stdout=out, stderr=err)
        imported = 0
    except SystemExit as exc:
        imported = exc.code
    assert imported == checked, (problems, err.getvalue())
    if checked:
        assert err.getvalue().strip() == problems.strip()
        assert snapshot() == before
