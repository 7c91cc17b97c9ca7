"""The command line and the promise that the generator never imports Django."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engines.seating.cli import main

ROOT = Path(__file__).resolve().parents[3]


def test_the_pure_modules_do_not_import_django():
    code = (
        "import sys\n"
        "import seating, engines.seating.generator, engines.seating.report, engines.seating.anneal, engines.seating.seats,"
        " engines.seating.constructions, engines.seating.balance, engines.seating.errors, engines.seating.model, engines.seating.cli\n"
        "assert 'django' not in sys.modules, sorted(m for m in sys.modules if m.startswith('django'))\n"
        "print('clean')\n"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "clean"


def test_it_prints_the_seating_as_json(capsys):
    assert main(["--players", "20", "--games", "10", "--seed", "2", "--iterations", "200"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["players"] == 20 and document["games"] == 10
    assert len(document["rounds"]) == 10
    table = document["rounds"][0]["tables"][0]
    assert set(table) == {"table", "judge", "seats"} and len(table["seats"]) == 10


def test_it_prints_the_report(capsys):
    assert main(["--players", "30", "--games", "10", "--iterations", "200", "--report"]) == 0
    text = capsys.readouterr().out
    assert "Pairs:" in text and "lowest possible 0.9593" in text


def test_the_final(capsys):
    assert main(["--games", "10", "--final"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert len(document["rounds"]) == 10 and document["players"] == 10


def test_impossible_sizes_exit_2_with_sizes_that_work(capsys):
    assert main(["--players", "25", "--games", "10"]) == 2
    err = capsys.readouterr().err
    assert "would work" in err and "games 8 or 12" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "1", "--seed", "-1"], "seed -1: give a whole number 0 or more"),
        (["--final", "--games", "10", "--seed", "-1"], "seed -1"),
        (["--players", "20", "--games", "8", "--time-limit", "nan"], "time limit nan: give a positive number of seconds"),
        (["--players", "20", "--games", "8", "--time-limit", "inf"], "time limit inf"),
        (["--players", "100000", "--games", "1"], "at most 2000"),
        (["--players", "20", "--games", "99999999999999999999"], "at most 100"),
        (["--final", "--games", "100000000"], "at most 100"),
    ],
)
def test_a_run_that_could_not_end_exits_2_naming_the_value(capsys, args, message):
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_the_module_runs_as_a_program():
    out = subprocess.run(
        [sys.executable, "-m", "seating", "--players", "9", "--games", "10"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2
    assert "players 10 or more" in out.stderr


def test_clubs_are_kept_apart_from_the_command_line_and_counted_in_the_report(capsys):
    clubs = ";".join(",".join(str(p) for p in range(start, start + 5)) for start in range(1, 31, 5))
    assert main(["--players", "30", "--games", "4", "--iterations", "300", "--clubs", clubs, "--report"]) == 0
    text = capsys.readouterr().out
    assert "Same-club pairs at a table:" in text and "(fewest possible 48, about 74.5 without keeping clubs apart)" in text
    assert main(["--players", "30", "--games", "4", "--clubs", "1,x"]) == 2
    assert "--clubs: '1,x' is not a list of player numbers" in capsys.readouterr().err
