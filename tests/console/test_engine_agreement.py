"""The browser's rules agree with the server's: static/console/engine.js, the Python core run by
Pyodide in Debian's node (tests/console/js/agree.mjs) on the trimmed standard library the phone
gets (/judge/console/stdlib.zip), gives the same view and the same replay result as CPython on
every example log and on a few hundred random games, each also cut at a random point and given a
random event, legal or not (so the refusals are compared too)."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

from django.conf import settings

from console.offline import core_zip
from console.pyodide_stdlib import original_path, trimmed_stdlib
from engines.console import view
from engines.console.cli import run_replay
from tests.conftest import missing_service
from tests.engines.console.random_games import play

ROOT = Path(__file__).resolve().parents[2]
AGREE = ROOT / "tests" / "console" / "js" / "agree.mjs"
EXAMPLE_DIRS = [ROOT / "tests" / "engines" / "console" / "data" / "game-log-examples"]  # the spec's, copied
RANDOM_GAMES = 300
ODD_EVENTS = [  # events a judge's screen could send at any moment, most of them refused somewhere
    {"type": "next"}, {"type": "vote", "seat": 3, "count": 2}, {"type": "shot", "by": 3, "at": 5}, {"type": "undo"},
    {"type": "nominate", "by": 1, "seat": 1}, {"type": "foul", "seat": 11}, {"type": "end", "result": "red"},
    {"type": "best_move", "seats": [1, 2, 3, 4]}, {"type": "sheriff_check", "target": 2}, {"type": "vote_all", "for": 99},
    {"type": "remove", "seat": 4, "kind": "team_loss"}, {"type": "override", "what": "result", "result": "black", "reason": " "},
    {"type": "bogus"}, {"type": "nominate", "by": "2", "seat": 5},
]


def example_files() -> list[Path]:
    seen: dict[str, Path] = {}
    for folder in EXAMPLE_DIRS:
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            if path.name != "expected.json":
                seen.setdefault(path.name, path)
    return list(seen.values())


def case(name: str, text: str, *, cli_path: Path | None = None) -> dict:
    if cli_path is not None:  # the command itself, as a judge or a script runs it
        done = subprocess.run([sys.executable, "-m", "console", "replay", str(cli_path)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        replayed = {"exit": done.returncode, "stdout": done.stdout, "stderr": done.stderr}
    else:
        replayed = None
    doc = json.loads(text)
    return {"name": name, "text": text, "view": view(doc), "replay": replayed}


def random_cases(rng: random.Random, tmp: Path) -> list[dict]:
    cases = []
    for n in range(RANDOM_GAMES):
        doc, _game = play(rng, max_events=300)
        text = json.dumps(doc, ensure_ascii=False)
        entry = case(f"random-{n}", text)
        if n % 10 == 0:  # the whole replay result too (the command's output, byte for byte)
            path = tmp / f"random-{n}.json"
            path.write_text(text, encoding="utf-8")
            code, out, err = run_replay(path)
            entry["replay"] = {"exit": code, "stdout": out, "stderr": err}
        cases.append(entry)
        cut = {**doc, "events": doc["events"][: rng.randrange(len(doc["events"]) + 1)] + [rng.choice(ODD_EVENTS)]}
        cases.append(case(f"random-{n}-cut", json.dumps(cut, ensure_ascii=False)))
    return cases


def test_the_engine_in_node_agrees_with_the_python_core(tmp_path):
    node = shutil.which("node")
    if node is None:
        missing_service("node is not installed (Debian's nodejs runs the browser's engine here)")
    if not (settings.PYODIDE_DIR / "pyodide.mjs").is_file():
        missing_service("node_modules/pyodide is missing: run `make install`")
    examples = [case(p.name, p.read_text(encoding="utf-8"), cli_path=p) for p in example_files()]
    assert len(examples) >= 9
    header_problems = [
        case("no-seats", json.dumps({"format": "mafia-game-log/1", "ruleset": "fiim", "seats": [], "events": []})),
        case("bad-ruleset", json.dumps({"format": "mafia-game-log/1", "ruleset": "chess", "seats": [], "events": []})),
    ]
    cases = examples + header_problems + random_cases(random.Random(27), tmp_path)
    cases_path, zip_path, stdlib_path = tmp_path / "cases.json", tmp_path / "core.zip", tmp_path / "stdlib.zip"
    cases_path.write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    zip_path.write_bytes(core_zip()[0])
    stdlib_path.write_bytes(trimmed_stdlib()[0])
    assert stdlib_path.stat().st_size < original_path().stat().st_size / 2  # the trimmed one, not the whole
    done = subprocess.run([node, str(AGREE), str(cases_path), str(zip_path), str(settings.PYODIDE_DIR), str(stdlib_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    print(done.stdout[-3000:], done.stderr[-3000:])
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-3000:]
    assert f"{len(cases)} passed, 0 failed" in done.stdout
    # the refusals were compared too, not only accepted games
    assert sum(1 for c in cases if c["view"]["refused"]) > RANDOM_GAMES // 3
