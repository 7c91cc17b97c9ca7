"""The example tournament gives exactly the example standings (the spec's golden files, copied here:
tests/spec_copies.py)."""
import json
import subprocess
import sys
from pathlib import Path

from engines.scoring.fileformat import load_file
from engines.scoring.render import dumps_standings
from engines.scoring.standings import compute_standings

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = DATA / "example-tournament.json"
EXPECTED = DATA / "example-standings.json"


def test_example_gives_the_example_standings_as_parsed_json():
    standings = compute_standings(load_file(EXAMPLE))
    assert standings.to_document() == json.loads(EXPECTED.read_text(encoding="utf-8"))


def test_example_standings_serialize_byte_for_byte():
    standings = compute_standings(load_file(EXAMPLE))
    assert dumps_standings(standings).encode("utf-8") == EXPECTED.read_bytes()


def test_cli_prints_the_example_standings_byte_for_byte():
    run = subprocess.run([sys.executable, "-m", "scoring", "standings", str(EXAMPLE)],
                         capture_output=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout == EXPECTED.read_bytes()
    assert run.stderr == b""


def test_example_k_and_compensation_by_hand():
    """16 games, red 9, black 7 -> K = 1 + (8 - 7)/8 = 1.125 -> 1.13 (half-up).
    6 games before the final -> N = round(2.4) = 2."""
    standings = compute_standings(load_file(EXAMPLE))
    assert standings.to_document()["k"] == "1.13"
    p013 = standings.row("p013")
    # p013: first-killed as red in Q2-T1 (black won) and Q3-T2 (red won): B = 2 = N,
    # Ci = 0.4 * 2 / 2 = 0.40, added once (Q2-T1).
    assert str(p013.breakdown["compensation"]) == "0.40"
