"""Reading and writing mafia-tournament/1."""
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from engines.scoring.fileformat import load_file, loads, parse_document, to_document
from engines.scoring.model import Seat
from engines.scoring.settings import Settings
from engines.scoring.standings import compute_standings

from .builders import document, game

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[3]


def test_defaults_may_be_left_out():
    g = game("G", "red")
    for s in g["seats"]:
        del s["fouls"]
    del g["judge"]
    t = parse_document(document([g]))
    seat = t.games[0].seats[0]
    assert seat == Seat(1, "p01", "red", 0, None, Decimal("0"), False, (), False)
    assert t.games[0].judge == "" and t.games[0].replay_of is None
    assert t.settings == Settings()


def test_decimals_are_exact_from_strings_and_numbers():
    doc = loads('{"a": 0.1, "b": "0.25", "c": 1}')
    assert doc == {"a": Decimal("0.1"), "b": "0.25", "c": 1}
    g = game("G", "red", seats={1: {"extra": 0.15}, 2: {"extra": "0.30"}})
    t = parse_document(loads(json.dumps(document([g]))))
    assert t.games[0].seats[0].extra == Decimal("0.15")
    assert t.games[0].seats[1].extra == Decimal("0.3")


def test_float_from_a_plain_json_load_is_read_exactly():
    g = game("G", "red", seats={1: {"extra": 0.35}})
    t = parse_document(json.loads(json.dumps(document([g]))))
    assert t.games[0].seats[0].extra == Decimal("0.35")


def test_round_trip_of_the_example():
    t = load_file(DATA / "example-tournament.json")
    doc = to_document(t)
    assert parse_document(doc) == t
    assert to_document(parse_document(doc)) == doc
    assert json.loads(json.dumps(doc)) == doc  # plain JSON types only
    original = json.loads((DATA / "example-tournament.json").read_text(encoding="utf-8"))
    assert doc == original  # the example writes exactly what to_document writes


def test_round_trip_with_settings_and_mafclub_fields():
    games = [game("A", "annulled", seats={3: {"gross_violation": True, "extra": "0.1"}}),
             game("B", "red", table=2, replay_of="A",
                  seats={4: {"penalties": [{"clause": "8.5.4", "reason": "x"}]}})]
    t = parse_document(document(games, ruleset="mafclub",
                                settings={"best_move_two": "0.3", "k_max_participants": 12,
                                          "fourth_foul_removal_counts": False}))
    assert t.settings == Settings(12, Decimal("0.40"), Decimal("0.3"), False)
    doc = to_document(t)
    assert doc["tournament"]["settings"] == {"k_max_participants": 12, "best_move_two": "0.3",
                                             "fourth_foul_removal_counts": False}
    assert parse_document(doc) == t
    assert compute_standings(parse_document(doc)).to_document() == \
        compute_standings(t).to_document()


def test_unknown_setting_is_a_problem():
    from engines.scoring.fileformat import read_document
    _, problems = read_document(document([game("G", "red")], settings={"k_limit": 3}))
    assert [p.code for p in problems] == ["unknown_setting"]


def _core_modules() -> list[str]:
    """Every module of engines/scoring/, found on disk: a new one is checked without being listed.
    Not __main__: importing it runs the command line (the run below calls it instead)."""
    names = []
    for path in sorted((ROOT / "engines" / "scoring").rglob("*.py")):
        if path.name == "__main__.py":
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


PURE_MODULES = ["scoring", *_core_modules()]  # `python -m scoring` imports the package too


def test_core_modules_import_no_django():
    code = ("import importlib, sys\n"
            f"for name in {PURE_MODULES!r}:\n"
            "    importlib.import_module(name)\n"
            "from engines.scoring.cli import run_standings\n"
            f"run_standings({str(DATA / 'example-tournament.json')!r})\n"
            "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
            "assert not bad, bad\n"
            "print('ok')\n")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT, env=env,
                         timeout=60)
    assert run.returncode == 0, run.stderr.decode()
    assert run.stdout == b"ok\n"


def test_the_purity_check_sees_every_core_module():
    # it once listed a folder that did not exist and so checked nothing
    rules = sorted(p.stem for p in (ROOT / "engines" / "scoring" / "rules").glob("*.py") if p.stem != "__init__")
    assert len(rules) >= 10 and all(f"engines.scoring.rules.{r}" in PURE_MODULES for r in rules)
    assert {"engines.scoring", "engines.scoring.cli", "engines.scoring.fastpath", "engines.scoring.standings"} <= set(PURE_MODULES)
